"""The catalog: repeats across a series, on SQLite and on a real PostgreSQL server.

Every test that touches a catalog runs twice: against a SQLite file and against a
database of a real PostgreSQL server (``PUZZLEPRESS_TEST_POSTGRES``, which .ci/run
exports, or a throw-away cluster these tests start: tests/postgres_server.py).
Oracles: the exit-code contract, the JSON and JUnit reports read back, the rows read
back with plain SQL (sqlite3 / psycopg, not our code), files' bytes before and after.
"""
from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree as ET

import psycopg
import pytest

from publisher.cli import main
from solver.sudoku import Puzzle, format_values, parse_text
from tests import answer_oracle, postgres_server, sudoku_oracle
from tests.samples import DATA, REPO

#: easy puzzles (graded in a blink), then hard ones where more are needed; each once (easy50
#: prints line 9 again at line 41, top95 line 74 at line 76 with its bands reordered)
TOP95 = [p for name in ("easy50.txt", "top95.txt")
         for p in parse_text((DATA / name).read_text())
         if isinstance(p, Puzzle) and (name, p.line) not in {("easy50.txt", 41), ("top95.txt", 76)}]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Builds run from their folder, so reports name 'two.txt', as a user's would."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """The URL of a PostgreSQL server's database to make test databases beside."""
    url = os.environ.get("PUZZLEPRESS_TEST_POSTGRES")
    if url:
        yield url
        return
    folder = Path(tempfile.mkdtemp(prefix="pp-pg-"))
    try:
        yield postgres_server.start(folder)
    finally:
        postgres_server.stop(folder)


def _psycopg_url(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


@pytest.fixture(params=["sqlite", "postgresql"])
def catalog(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty catalog: a SQLite file path, or a new database on the server."""
    if request.param == "sqlite":
        yield str(tmp_path / "series.db")
        return
    base = request.getfixturevalue("postgres")
    name = f"pp_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(_psycopg_url(base), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    head, _, query = base.partition("?")
    yield f"{head.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")
    with psycopg.connect(_psycopg_url(base), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def rows(catalog: str) -> list[tuple[object, ...]]:
    """(id, book, edition, section, number) of every row, read with the plain driver."""
    query = "SELECT id, book, edition, section, number FROM puzzles ORDER BY seq"
    if catalog.startswith("postgresql"):
        with psycopg.connect(_psycopg_url(catalog)) as connection:
            return [tuple(row) for row in connection.execute(query).fetchall()]
    with sqlite3.connect(catalog) as connection:
        return [tuple(row) for row in connection.execute(query).fetchall()]


def transposed_relabelled(puzzle: Puzzle, seed: int) -> str:
    rng = random.Random(seed)
    digits = list(range(1, 10))
    rng.shuffle(digits)
    values = [puzzle.givens[c * 9 + r] for r in range(9) for c in range(9)]
    return format_values([digits[v - 1] if v else 0 for v in values], puzzle.symbols)


def turned(puzzle: Puzzle) -> str:
    """The puzzle turned a quarter clockwise: row r of the result is column r read upwards."""
    values = [puzzle.givens[(8 - c) * 9 + r] for r in range(9) for c in range(9)]
    return format_values(values, puzzle.symbols)


def book(folder: Path, name: str, title: str, edition: int | str, lines: list[str], catalog: str,
         extra: str = "") -> Path:
    (folder / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    config = folder / f"{name}.yaml"
    config.write_text(textwrap.dedent(f"""\
        catalog: "{catalog}"
        {extra}
        books:
          - title: "{title}"
            edition: {edition}
            sections:
              - title: Hard
                puzzles: {name}.txt
        output: {{folder: out-{name}, formats: [rtf]}}
        """), encoding="utf-8")
    return config


def build(config: Path, *args: str) -> tuple[int, dict[str, object]]:
    report = config.with_suffix(".json")
    code = main(["build", str(config), "-q", "--report", str(report), *args])
    return code, json.loads(report.read_text(encoding="utf-8"))


VOLUME_1 = [p.format() for p in TOP95[:12]]
VOLUME_2 = [p.format() for p in TOP95[40:45]] + [
    VOLUME_1[2],                                  # an exact copy of puzzle 3
    turned(TOP95[6]),                             # puzzle 7, turned a quarter
    transposed_relabelled(TOP95[10], 1),          # puzzle 11, transposed and relabelled
]


@pytest.mark.slow
def test_book_2_repeating_three_puzzles_of_book_1_fails_naming_each(catalog: str, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    first = book(tmp_path, "one", "Tuyển tập Sudoku", 1, VOLUME_1, catalog)
    code, _ = build(first)
    assert code == 0
    assert [(r[1], r[2], r[4]) for r in rows(catalog)] == [("Tuyển tập Sudoku", "1", n) for n in range(1, 13)]

    second = book(tmp_path, "two", "Tuyển tập Sudoku", 2, VOLUME_2, catalog)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    junit = tmp_path / "two.xml"
    capsys.readouterr()
    code, report = build(second, "--junit", str(junit))
    out = capsys.readouterr()
    assert code == 1 and report["status"] == "rejected"
    repeated = {p["line"]: p for p in report["puzzles"] if p["status"] == "repeated"}   # type: ignore[union-attr]
    assert sorted(repeated) == [6, 7, 8]
    assert repeated[6]["reason"] == "same as 'Tuyển tập Sudoku' vol. 1, section 'Hard', puzzle 3 (the same givens)"
    assert repeated[7]["reason"] == "same as 'Tuyển tập Sudoku' vol. 1, section 'Hard', puzzle 7 (rotated 90°)"
    assert repeated[8]["reason"].startswith("same as 'Tuyển tập Sudoku' vol. 1, section 'Hard', puzzle 11 (")
    assert "digits relabelled" in repeated[8]["reason"]
    assert repeated[8]["repeat_of"]["number"] == 11 and repeated[8]["repeat_of"]["edition"] == "1"
    failures = ET.parse(junit).getroot().findall(".//failure")
    assert sorted(f.get("type") for f in failures) == ["repeated"] * 3
    assert out.out.count("::error file=two.txt,line=") == 3
    assert not (tmp_path / "out-two").exists()
    assert len(rows(catalog)) == 12   # a failed build records nothing

    skip = book(tmp_path, "two", "Tuyển tập Sudoku", 2, VOLUME_2, catalog, extra="on_repeat: skip")
    code, report = build(skip)
    assert code == 0 and report["status"] == "built"
    assert sum(p["status"] == "repeated" for p in report["puzzles"]) == 3   # type: ignore[union-attr]
    assert any("3 repeated puzzles left out" in w for w in report["warnings"])   # type: ignore[union-attr]
    recorded = rows(catalog)
    assert [(r[2], r[4]) for r in recorded[12:]] == [("2", n) for n in range(1, 6)]
    assert len({r[0] for r in recorded}) == 17


@pytest.mark.slow
def test_a_rebuild_is_not_a_repeat_and_replaces_its_record(catalog: str, tmp_path: Path) -> None:
    config = book(tmp_path, "one", "Series", 1, VOLUME_1[:6], catalog)
    assert build(config)[0] == 0
    before = rows(catalog)
    code, report = build(config)
    assert code == 0 and report["status"] == "built"
    assert rows(catalog) == before                      # same rows, no second copy
    config = book(tmp_path, "one", "Series", 1, VOLUME_1[:4], catalog)
    assert build(config)[0] == 0
    assert rows(catalog) == before[:4]                  # the edition's record is what it now prints
    ids = [p["puzzle_id"] for p in build(config)[1]["puzzles"]]   # type: ignore[index]
    assert ids == [r[0] for r in before[:4]]


@pytest.mark.slow
def test_no_record_and_warn(catalog: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    first = book(tmp_path, "one", "Series", 1, VOLUME_1, catalog)
    assert build(first, "--no-record")[0] == 0
    assert rows(catalog) == []
    assert build(first)[0] == 0
    second = book(tmp_path, "two", "Series", 2, VOLUME_2, catalog, extra="on_repeat: warn")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    capsys.readouterr()
    code, report = build(second, "--no-record")
    assert code == 0
    kept = [p for p in report["puzzles"] if p["repeat_of"]]   # type: ignore[union-attr]
    assert len(kept) == 3 and all(p["number"] and p["status"] == "unique" for p in kept)
    assert capsys.readouterr().out.count("::warning file=two.txt") == 3
    assert len(rows(catalog)) == 12


def test_repeats_inside_one_build(catalog: str, tmp_path: Path) -> None:
    lines = VOLUME_1[:3] + [turned(TOP95[1])]
    code, report = build(book(tmp_path, "one", "Series", 1, lines, catalog))
    assert code == 1
    (repeat,) = [p for p in report["puzzles"] if p["status"] == "repeated"]   # type: ignore[union-attr]
    assert repeat["reason"] == "same as 'Series' vol. 1, section 'Hard', puzzle 2 of this build (one.txt:2) " \
                               "(rotated 90°)"


def _outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*"))} if folder.exists() else {}


def test_a_newer_schema_is_one_clear_error_and_an_older_one_is_upgraded(catalog: str, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    config = book(tmp_path, "one", "Series", 1, VOLUME_1[:3], catalog)
    assert build(config)[0] == 0
    outputs = _outputs(tmp_path / "out-one")
    execute(catalog, "UPDATE puzzlepress_meta SET value = '9' WHERE key = 'schema_version'")
    capsys.readouterr()
    assert main(["build", str(config), "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "schema version 9 is newer than this puzzlepress knows (4)" in err[0]
    assert _outputs(tmp_path / "out-one") == outputs

    # a schema-1 catalog (no 'puzzle' column, no answers) is upgraded in place, its rows kept
    _as_schema_3(catalog)
    execute(catalog, "UPDATE puzzlepress_meta SET value = '1' WHERE key = 'schema_version'")
    execute(catalog, "ALTER TABLE puzzles DROP COLUMN puzzle")
    config2 = book(tmp_path, "two", "Series", 2, [VOLUME_1[0]], catalog)
    code, report = build(config2)
    assert code == 1
    assert report["puzzles"][0]["reason"] == "same as 'Series' vol. 1, section 'Hard', puzzle 1"   # type: ignore[index]
    assert query(catalog, "SELECT value FROM puzzlepress_meta WHERE key = 'schema_version'") == [("4",)]
    assert len(rows(catalog)) == 3


def _x_isomorph(puzzle: Puzzle) -> str:
    """The X-Sudoku with rows 0, 2 and rows 6, 8 swapped and the columns alike (both
    diagonals map onto themselves; not one of the square's eight symmetries), relabelled."""
    swap = [2, 1, 0, 3, 4, 5, 8, 7, 6]
    digits = [0, 5, 3, 9, 1, 7, 2, 8, 4, 6]
    return format_values([digits[puzzle.givens[swap[r] * 9 + swap[c]]] for r in range(9) for c in range(9)],
                         puzzle.symbols)


def test_a_schema_2_catalog_gets_the_new_variant_forms_and_then_finds_an_x_isomorph(catalog: str,
                                                                                    tmp_path: Path) -> None:
    """Schema 2 put variant grids in form under the square's eight symmetries ("9 boxes ..."):
    the upgrade re-derives each row from its stored puzzle, so an isomorph by a row swap
    that keeps both diagonals is found; a row without its puzzle keeps its old form."""
    from solver.sudoku.generate import Request, generate_one
    made = [generate_one(Request(9, level="easy", variant=("x",)), seed).puzzle for seed in (3, 4)]

    def x_book(name: str, edition: int, givens: list[str]) -> Path:
        records = [{"givens": g, "variant": ["x"]} for g in givens]
        (tmp_path / f"{name}-x.json").write_text(json.dumps(records), encoding="utf-8")
        config = tmp_path / f"{name}.yaml"
        config.write_text(textwrap.dedent(f"""\
            catalog: "{catalog}"
            books:
              - title: Series
                edition: {edition}
                sections: [{{title: X, puzzles: {name}-x.json}}]
            output: {{folder: out-{name}, formats: [rtf]}}
            """), encoding="utf-8")
        return config

    assert build(x_book("one", 1, [p.format() for p in made]))[0] == 0
    _as_schema_3(catalog)
    execute(catalog, "UPDATE puzzlepress_meta SET value = '2' WHERE key = 'schema_version'")
    execute(catalog, "UPDATE puzzles SET form = '9 boxes x ' || form, id = 'OLDFORM' || number")
    execute(catalog, "UPDATE puzzles SET puzzle = NULL WHERE number = 2")
    code, report = build(x_book("two", 2, [_x_isomorph(made[0]), _x_isomorph(made[1])]))
    assert code == 1
    first, second = report["puzzles"]   # type: ignore[misc]
    assert first["status"] == "repeated"
    assert first["reason"].startswith("same as 'Series' vol. 1, section 'X', puzzle 1 (rows reordered")
    assert second["status"] == "unique"      # its row could not be read back: its old form stands
    assert query(catalog, "SELECT value FROM puzzlepress_meta WHERE key = 'schema_version'") == [("4",)]
    forms = dict(query(catalog, "SELECT number, form FROM puzzles"))   # type: ignore[arg-type]
    assert not str(forms[1]).startswith("9 boxes") and str(forms[2]).startswith("9 boxes x ")


def execute(catalog: str, statement: str) -> None:
    if catalog.startswith("postgresql"):
        with psycopg.connect(_psycopg_url(catalog)) as connection:
            connection.execute(statement)
    else:
        with sqlite3.connect(catalog) as connection:
            connection.execute(statement)


def query(catalog: str, statement: str) -> list[tuple[object, ...]]:
    if catalog.startswith("postgresql"):
        with psycopg.connect(_psycopg_url(catalog)) as connection:
            return [tuple(r) for r in connection.execute(statement).fetchall()]
    with sqlite3.connect(catalog) as connection:
        return [tuple(r) for r in connection.execute(statement).fetchall()]


def test_broken_catalogs_are_one_line_exit_2_and_replace_no_output(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.db"
    config = book(tmp_path, "one", "Series", 1, VOLUME_1[:3], str(good))
    assert build(config)[0] == 0
    outputs = _outputs(tmp_path / "out-one")
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(os.urandom(4096))
    before = {path: path.read_bytes() for path in (good, corrupt)}
    unreachable = f"postgresql://nobody@/x?host={tmp_path / 'no-server-here'}"
    for target, words in ((str(corrupt), "corrupt"), (unreachable, "unreachable"),
                          (str(tmp_path / "missing" / "x.db"), "does not exist")):
        capsys.readouterr()
        assert main(["build", str(config), "-q", "--catalog", target]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and words in err[0] and "Traceback" not in err[0], err
        assert _outputs(tmp_path / "out-one") == outputs
        assert {path: path.read_bytes() for path in before} == before   # neither catalog touched
        assert not (tmp_path / "missing").exists()                         # nor a folder made for one


@pytest.mark.slow
def test_a_locked_sqlite_catalog(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from publisher import catalog as catalog_module
    target = tmp_path / "series.db"
    config = book(tmp_path, "one", "Series", 1, VOLUME_1[:3], str(target))
    assert build(config)[0] == 0
    outputs = _outputs(tmp_path / "out-one")
    monkeypatch.setattr(catalog_module, "LOCK_TIMEOUT_SECONDS", 1)
    holder = sqlite3.connect(target, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        capsys.readouterr()
        assert main(["build", str(config), "-q"]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "locked" in err[0]
        assert _outputs(tmp_path / "out-one") == outputs
    finally:
        holder.rollback()
        holder.close()


def test_a_read_only_catalog(catalog: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """PostgreSQL: a database whose transactions are read-only; SQLite: a file nobody may
    write (immutable for root, who may write any file with mode 444)."""
    config = book(tmp_path, "one", "Series", 1, VOLUME_1[:3], catalog)
    assert build(config)[0] == 0
    outputs = _outputs(tmp_path / "out-one")
    immutable = False
    if catalog.startswith("postgresql"):
        name = catalog.split("?")[0].rsplit("/", 1)[1]
        execute(catalog, f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    elif os.geteuid() == 0:
        subprocess.run(["chattr", "+i", catalog], check=True)
        immutable = True
    else:
        os.chmod(catalog, 0o444)
    try:
        config = book(tmp_path, "one", "Series", 1, VOLUME_1[3:6], catalog)
        capsys.readouterr()
        code = main(["build", str(config), "-q"])
        err = capsys.readouterr().err.strip().splitlines()
        assert code == 2 and len(err) == 1 and "cannot be written" in err[0], err
        assert _outputs(tmp_path / "out-one") == outputs
        assert len(rows(catalog)) == 3
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", catalog], check=True)


RECORDER = """
import sys
from publisher.cli import main
sys.exit(main(["build", sys.argv[1], "-q", "--jobs", "1"]))
"""


def _generated_lines(start: int, count: int) -> list[str]:
    return [p.format() for p in TOP95[start:start + count]]


@pytest.mark.slow
def test_two_concurrent_recording_builds_lose_and_duplicate_nothing(catalog: str, tmp_path: Path) -> None:
    books = [book(tmp_path, f"b{i}", f"Series {i}", 1, _generated_lines(20 * i, 20), catalog) for i in range(2)]
    same = book(tmp_path, "b2", "Series 0", 1, _generated_lines(0, 20), catalog)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    runs = [subprocess.Popen([sys.executable, "-c", RECORDER, str(config)], env=env, cwd=tmp_path)
            for config in (*books, same)]
    assert [run.wait(timeout=300) for run in runs] == [0, 0, 0]
    recorded = rows(catalog)
    assert len(recorded) == 40                       # Series 0 twice at once: recorded once
    assert len({r[0] for r in recorded}) == 40
    assert sorted((r[1], r[4]) for r in recorded) == sorted((f"Series {i}", n) for i in range(2) for n in range(1, 21))


@pytest.mark.slow
def test_a_build_killed_midway_records_nothing_or_everything(catalog: str, tmp_path: Path) -> None:
    """SIGKILL at random moments of a recording build: the catalog holds the earlier book
    and either none or all of the new one, never part of it."""
    first = book(tmp_path, "one", "Series", 1, VOLUME_1[:5], catalog)
    assert build(first)[0] == 0
    second = book(tmp_path, "two", "Series", 2, _generated_lines(30, 60), catalog)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    outcomes = set()
    rng = random.Random(1)
    for _ in range(4):
        run = subprocess.Popen([sys.executable, "-c", RECORDER, str(second)], env=env, cwd=tmp_path)
        time.sleep(rng.uniform(0.5, 3.0))
        run.send_signal(signal.SIGKILL)
        run.wait()
        recorded = rows(catalog)
        assert recorded[:5] == [(r[0], "Series", "1", "Hard", r[4]) for r in recorded[:5]]
        assert len(recorded) in (5, 65)
        outcomes.add(len(recorded))
        if len(recorded) == 65:
            assert [r[4] for r in recorded[5:]] == list(range(1, 61))
            execute(catalog, "DELETE FROM puzzles WHERE edition = '2'")
    assert 5 in outcomes   # at least one kill landed before the commit


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_catalog_commands(catalog: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    back = tmp_path / "volume-1.txt"
    back.write_text("\n".join(VOLUME_1) + "\n", encoding="utf-8")
    bad = tmp_path / "volume-0.txt"
    bad.write_text(VOLUME_1[0] + "\n" + "12" + "." * 70 + "\n", encoding="utf-8")   # a short, unreadable line
    assert main(["catalog", "--catalog", catalog, "import", str(back), "--book", "Old Series", "--edition", "1",
                 "--json"]) == 0
    assert _lines(capsys) == [{"imported": 12, "skipped": 0,
                               "books": [{"book": "Old Series", "edition": "1", "puzzles": 12}]}]
    assert main(["catalog", "--catalog", catalog, "import", str(bad), "--json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["imported"] == 1 and "volume-0.txt:2:" in captured.err
    assert [r[1:] for r in rows(catalog)][11:] == [("Old Series", "1", "volume-1", 12), ("volume-0", "", "volume-0", 1)]

    assert main(["catalog", "--catalog", catalog, "list", "--json"]) == 0
    assert [(b["book"], b["edition"], b["puzzles"]) for b in _lines(capsys)] == [("Old Series", "1", 12),
                                                                                ("volume-0", None, 1)]

    probe = tmp_path / "probe.txt"
    probe.write_text(turned(TOP95[4]) + "\n" + TOP95[60].format() + "\n", encoding="utf-8")
    assert main(["catalog", "--catalog", catalog, "find", str(probe), "--json"]) == 1   # the second is new
    first, second = _lines(capsys)
    assert [(f["book"], f["number"], f["reason"]) for f in first["found"]] == [   # type: ignore[union-attr]
        ("Old Series", 5, "same as 'Old Series' vol. 1, section 'volume-1', puzzle 5 (rotated 90°)")]
    assert second["found"] == []
    assert main(["catalog", "--catalog", catalog, "find", str(first["puzzle_id"]).lower()]) == 0
    assert "printed as 'Old Series' vol. 1, section 'volume-1', puzzle 5" in capsys.readouterr().out
    assert main(["catalog", "--catalog", catalog, "find", VOLUME_1[0]]) == 0
    assert main(["catalog", "--catalog", catalog, "find", TOP95[60].format()]) == 1
    capsys.readouterr()

    assert main(["catalog", "--catalog", catalog, "export", "--json"]) == 0
    exported = _lines(capsys)
    assert [e["id"] for e in exported] == [r[0] for r in rows(catalog)]
    assert exported[0]["form"].startswith("9 3x3 ")   # type: ignore[union-attr]

    assert main(["check", "--catalog", catalog, str(probe), "--json"]) == 1
    checked = _lines(capsys)
    assert [c["status"] for c in checked] == ["repeated", "unique"]
    assert checked[0]["repeat_of"]["number"] == 5   # type: ignore[index]
    assert checked[1]["puzzle_id"] and checked[1]["repeat_of"] is None


def test_catalog_command_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PUZZLEPRESS_CATALOG", raising=False)
    assert main(["catalog", "list"]) == 2
    assert "--catalog" in capsys.readouterr().err
    assert main(["catalog", "--catalog", str(tmp_path / "none.db"), "list"]) == 2
    assert capsys.readouterr().err.strip().endswith("no such file")
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (x TEXT)")
    assert main(["catalog", "--catalog", str(other), "export"]) == 2
    assert "not a puzzlepress catalog" in capsys.readouterr().err
    assert main(["catalog", "--catalog", "mysql://x/y", "list"]) == 2
    assert "expected a file path or a postgresql:// URL" in capsys.readouterr().err


def test_generation_draws_again_on_a_catalogued_puzzle(tmp_path: Path) -> None:
    """Volume 2 asks for the very puzzles volume 1 generated (same settings, same seed):
    each is drawn again from a new seed, so the build succeeds with puzzles of its own,
    and a rebuild draws the same ones."""
    catalog = str(tmp_path / "series.db")

    def volume(edition: int) -> Path:
        config = tmp_path / f"v{edition}.yaml"
        config.write_text(textwrap.dedent(f"""\
            catalog: series.db
            books:
              - title: Kids
                edition: {edition}
                sections:
                  - title: Six
                    generate: {{count: 3, box: 2x3, seed: 5}}
            output: {{folder: out-{edition}, formats: [rtf]}}
            """), encoding="utf-8")
        return config

    code, first = build(volume(1))
    assert code == 0
    code, second = build(volume(2))
    assert code == 0 and second["status"] == "built"
    ids_1 = [p["puzzle_id"] for p in first["puzzles"]]    # type: ignore[index]
    ids_2 = [p["puzzle_id"] for p in second["puzzles"]]   # type: ignore[index]
    assert len(set(ids_1)) == 3 and len(set(ids_2)) == 3 and not set(ids_1) & set(ids_2)
    assert all(p["status"] == "unique" and p["repeat_of"] is None for p in second["puzzles"])   # type: ignore[union-attr]
    assert [r[0] for r in rows(catalog)] == ids_1 + ids_2
    assert [p["puzzle_id"] for p in build(volume(2))[1]["puzzles"]] == ids_2   # type: ignore[index]


@pytest.mark.slow
def test_a_locked_postgresql_catalog(postgres: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Another session holds the recording lock (the meta row, FOR UPDATE) past the timeout."""
    from publisher import catalog as catalog_module
    name = f"pp_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(_psycopg_url(postgres), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    head, _, query_part = postgres.partition("?")
    target = f"{head.rsplit('/', 1)[0]}/{name}" + (f"?{query_part}" if query_part else "")
    config = book(tmp_path, "one", "Series", 1, VOLUME_1[:3], target)
    assert build(config)[0] == 0
    outputs = _outputs(tmp_path / "out-one")
    monkeypatch.setattr(catalog_module, "LOCK_TIMEOUT_SECONDS", 1)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    with psycopg.connect(_psycopg_url(target)) as holder:
        holder.execute("SELECT value FROM puzzlepress_meta WHERE key = 'schema_version' FOR UPDATE")
        capsys.readouterr()
        assert main(["build", str(config), "-q"]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "locked" in err[0], err
        assert _outputs(tmp_path / "out-one") == outputs
    assert main(["build", str(config), "-q"]) == 0   # the lock released: the rebuild records
    assert query(target, "SELECT DISTINCT recorded_at FROM puzzles") == [("1970-01-02T00:00:00Z",)]
    with psycopg.connect(_psycopg_url(postgres), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_tours_and_queens_in_the_catalog(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Other kinds go through the same commands: a queens and a tour puzzle imported, then
    found again turned a quarter (the queens) and mirrored (the tour)."""
    catalog = str(tmp_path / "series.db")
    queens = tmp_path / "queens.txt"
    queens.write_text("Q.......\n........\n........\n...Q....\n........\n........\n........\n........\n",
                      encoding="utf-8")
    tours = tmp_path / "tours.txt"
    tours.write_text("closed any\n1 . . . . .\n. . . . . .\n. . 7 . . .\n. . . . . .\n. . . . . .\n",
                     encoding="utf-8")
    assert main(["catalog", "--catalog", catalog, "import", str(queens), "--kind", "queens", "--book", "Q"]) == 0
    assert main(["catalog", "--catalog", catalog, "import", str(tours), "--kind", "knights_tour", "--book", "T"]) == 0
    turned_queens = tmp_path / "q2.txt"   # a quarter turn clockwise: (r, c) -> (c, 7 - r)
    turned_queens.write_text("".join("".join("Q" if (r, c) in {(0, 7), (3, 4)} else "." for c in range(8)) + "\n"
                                     for r in range(8)), encoding="utf-8")
    mirrored_tour = tmp_path / "t2.txt"
    mirrored_tour.write_text("closed any\n. . . . . 1\n. . . . . .\n. . . 7 . .\n. . . . . .\n. . . . . .\n",
                             encoding="utf-8")
    capsys.readouterr()
    assert main(["catalog", "--catalog", catalog, "find", str(turned_queens), "--kind", "queens", "--json"]) == 0
    (found,) = _lines(capsys)
    assert found["found"][0]["reason"] == "same as 'Q', section 'queens', puzzle 1 (rotated 90°)"   # type: ignore[index]
    assert main(["catalog", "--catalog", catalog, "find", str(mirrored_tour), "--kind", "knights_tour",
                 "--json"]) == 0
    (found,) = _lines(capsys)
    assert found["found"][0]["reason"] == \
        "same as 'T', section 'tours', puzzle 1 (mirrored left to right)"   # type: ignore[index]
    open_tour = tmp_path / "t3.txt"   # the same numbers on an open tour: another puzzle
    open_tour.write_text(mirrored_tour.read_text(encoding="utf-8").replace("closed any", "open any"),
                         encoding="utf-8")
    assert main(["catalog", "--catalog", catalog, "find", str(open_tour), "--kind", "knights_tour"]) == 1


def test_puzzle_ids_in_captions(tmp_path: Path) -> None:
    """layout.puzzle_ids prints each puzzle's ID (the report's puzzle_id) after its number,
    in both booklets; without the key no ID is printed (and none is worked out)."""
    (tmp_path / "set.txt").write_text("\n".join(VOLUME_1[:3]) + "\n", encoding="utf-8")
    config = tmp_path / "ids.yaml"
    config.write_text("books:\n  - title: IDs\n    layout: {puzzle_ids: true}\n"
                      "    sections: [{title: S, puzzles: set.txt}]\n"
                      "output: {folder: out, formats: [rtf]}\n", encoding="utf-8")
    code, report = build(config)
    assert code == 0
    ids = [p["puzzle_id"] for p in report["puzzles"]]   # type: ignore[index]
    assert len(set(ids)) == 3
    for booklet in ("ids-puzzles.rtf", "ids-answers.rtf"):
        text = (tmp_path / "out" / booklet).read_text(encoding="utf-8")
        assert all(f"{n} \\u183? {pid}" in text or f"{n} · {pid}" in text for n, pid in enumerate(ids, 1)), booklet
    config.write_text(config.read_text(encoding="utf-8").replace("layout: {puzzle_ids: true}", "layout: {}"),
                      encoding="utf-8")
    code, report = build(config)
    assert code == 0 and all(p["puzzle_id"] is None for p in report["puzzles"])   # type: ignore[union-attr]
    assert ids[0] not in (tmp_path / "out" / "ids-puzzles.rtf").read_text(encoding="utf-8")


def _as_schema_3(catalog: str) -> None:
    """The catalog as schema 3 left it: no answers."""
    execute(catalog, "DROP INDEX puzzles_by_answer")
    execute(catalog, "ALTER TABLE puzzles DROP COLUMN answer")
    execute(catalog, "ALTER TABLE puzzles DROP COLUMN answer_id")
    execute(catalog, "UPDATE puzzlepress_meta SET value = '3' WHERE key = 'schema_version'")


def _same_answer_other_givens(puzzle: Puzzle, seed: int) -> str:
    """A puzzle whose answer is ``puzzle``'s moved and relabelled (tests/answer_oracle.py's
    move), with other givens: a new puzzle, an old answer (unique, by the exact-cover oracle)."""
    regions = sudoku_oracle.box_regions(9, 3, 3)
    (solution,) = sudoku_oracle.exact_cover_solutions(9, regions, puzzle.givens)
    moved, _ = answer_oracle.random_boxed_move(solution, 9, 3, 3, random.Random(seed))
    givens = [v if i % 7 else 0 for i, v in enumerate(moved)]
    assert sudoku_oracle.count_exact(9, regions, givens, 2) == 1
    return format_values(givens, puzzle.symbols)


def test_a_later_book_printing_an_answer_the_series_has_printed_is_a_repeat(catalog: str, tmp_path: Path) -> None:
    assert build(book(tmp_path, "one", "Series", 1, VOLUME_1[:2], catalog))[0] == 0
    again = [VOLUME_2[0], _same_answer_other_givens(TOP95[1], 4)]
    code, report = build(book(tmp_path, "two", "Series", 2, again, catalog))
    assert code == 1
    first, second = report["puzzles"]   # type: ignore[misc]
    assert first["status"] == "unique"
    assert second["status"] == "repeated"
    assert second["reason"].startswith("the answer of 'Series' vol. 1, section 'Hard', puzzle 2")
    code, report = build(book(tmp_path, "two", "Series", 2, again, catalog, extra="on_repeat: warn"))
    assert code == 0
    assert any("two.txt:2" in w and "the answer of 'Series' vol. 1" in w for w in report["warnings"])  # type: ignore[attr-defined]
    recorded = query(catalog, "SELECT book, number, answer_id FROM puzzles ORDER BY seq")
    assert all(answer_id for *_, answer_id in recorded)
    assert recorded[1][2] == recorded[3][2]      # the one answer, recorded by both books


def test_a_schema_3_catalog_gets_its_answers_on_upgrade(catalog: str, tmp_path: Path) -> None:
    """Schema 3 recorded no answers: the upgrade solves each stored puzzle again, so a later
    book with an old answer under new givens is found."""
    assert build(book(tmp_path, "one", "Series", 1, VOLUME_1[:2], catalog))[0] == 0
    _as_schema_3(catalog)
    code, report = build(book(tmp_path, "two", "Series", 2, [_same_answer_other_givens(TOP95[0], 5)], catalog))
    assert code == 1
    assert report["puzzles"][0]["reason"].startswith("the answer of 'Series' vol. 1, section 'Hard', puzzle 1")  # type: ignore[index]
    assert query(catalog, "SELECT value FROM puzzlepress_meta WHERE key = 'schema_version'") == [("4",)]
    assert all(answer_id for (answer_id,) in query(catalog, "SELECT answer_id FROM puzzles"))


def test_a_generated_puzzle_with_a_catalogued_answer_is_drawn_again(catalog: str, tmp_path: Path) -> None:
    """on_repeat: skip draws a generated puzzle again when the series printed its answer (here
    under other givens, so only the answer is a repeat)."""
    made = json.loads(subprocess.run([sys.executable, "-c", "import sys; from publisher.entry import main; "
                                      "sys.exit(main())", "generate", "--seed", "5", "--level", "easy", "--json"],
                                     capture_output=True, text=True, check=True).stdout)
    puzzle = parse_text(made["puzzle"])[0]
    assert isinstance(puzzle, Puzzle)
    assert build(book(tmp_path, "one", "Series", 1, [_same_answer_other_givens(puzzle, 6)], catalog))[0] == 0
    config = tmp_path / "two.yaml"
    config.write_text(textwrap.dedent(f"""\
        catalog: "{catalog}"
        on_repeat: skip
        books:
          - title: Series
            edition: 2
            sections: [{{title: Made, generate: {{count: 1, level: easy, seed: 5}}}}]
        output: {{folder: out-two, formats: [rtf]}}
        """), encoding="utf-8")
    code, report = build(config)
    assert code == 0, report
    (drawn,) = report["puzzles"]   # type: ignore[misc]
    solution = tuple(int(ch) for ch in drawn["solution"])
    old = tuple(int(ch) for ch in made["solution"])
    assert drawn["status"] == "unique"
    assert answer_oracle.boxed_invariant(solution, 9, 3, 3) != answer_oracle.boxed_invariant(old, 9, 3, 3)
