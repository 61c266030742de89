"""``puzzlepress generate`` through the real entry point, and ``generate:`` in a config.

Determinism is checked on bytes (same seed, same output; --jobs 1 equals --jobs 2 equals
a Dask LocalCluster); jigsaw text output is read back by the real puzzle-file reader;
impossible requests end with one line and exit 2.
"""
from __future__ import annotations

import builtins
import json
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

import publisher.cli
from publisher.cli import EXIT_OK, EXIT_USAGE
from publisher.kinds import KINDS
from publisher.sources import parse_file
from solver import sudoku
from tests.runner import Cli
from tests.sudoku_oracle import count_exact

FIELDS = {"puzzle", "solution", "size", "box", "regions", "variant", "parity", "rating", "level", "hardest",
          "rating_exact", "symmetry", "seed", "ms"}


@pytest.mark.slow
def test_same_seed_same_bytes_and_jobs_do_not_matter(cli: Cli) -> None:
    first = cli("generate", "--count", "6", "--level", "hard", "--seed", "11")
    again = cli("generate", "--count", "6", "--level", "hard", "--seed", "11", "--jobs", "2")
    other = cli("generate", "--count", "6", "--level", "hard", "--seed", "12")
    assert first[0] == EXIT_OK and first == again
    assert len(first[1].splitlines()) == 6 and other[1] != first[1]
    for line in first[1].splitlines():
        assert len(line) == 81 and count_exact(9, list(sudoku.Geometry.boxed(9).regions),
                                               [0 if ch == "." else int(ch) for ch in line], 2) == 1


def test_json_fields_and_the_seed_remakes_one_puzzle(cli: Cli) -> None:
    code, out, _ = cli("generate", "--count", "3", "--level", "medium", "--seed", "5", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == EXIT_OK and len(records) == 3
    for record in records:
        assert set(record) == FIELDS
        assert record["box"] == "3x3" and record["regions"] is None and record["level"] == "medium"
        assert record["symmetry"] == "rot180" and record["size"] == 9
        assert all(p in (".", s) for p, s in zip(record["puzzle"], record["solution"]))
    alone = cli("generate", "--level", "medium", "--seed", str(records[2]["seed"]), "--json")
    remade = json.loads(alone[1])
    assert (remade["puzzle"], remade["solution"]) == (records[2]["puzzle"], records[2]["solution"])


def test_without_a_seed_the_seed_is_said_last_and_remakes_the_same_bytes(cli: Cli) -> None:
    """Issue 51: a seedless run names its seed once every puzzle is out (so a failed run
    stays one line), and that seed gives the same bytes again."""
    code, out, err = cli("generate", "--count", "2", "--level", "easy")
    said = re.fullmatch(r"puzzlepress: seed (\d+) \(--seed \1 makes these puzzles again\)\n", err)
    assert code == EXIT_OK and said, err
    again = cli("generate", "--count", "2", "--level", "easy", "--seed", said.group(1))
    assert again == (EXIT_OK, out, "")


def test_jigsaw_text_is_read_back_by_the_puzzle_reader(tmp_path: Path,
                                                       cli: Cli) -> None:
    target = tmp_path / "jig.yaml"
    code, out, _ = cli("generate", "--count", "2", "--jigsaw", "--level", "easy", "-o", str(target))
    assert code == EXIT_OK and out == ""
    puzzles = parse_file(target, KINDS["sudoku"], {})
    assert len(puzzles) == 2
    for puzzle in puzzles:
        assert isinstance(puzzle, sudoku.Puzzle) and puzzle.geometry.is_jigsaw
        assert sudoku.verify(puzzle).status.value == "unique"
    code, out, _ = cli("generate", "--count", "1", "--jigsaw", "--level", "easy", "--json")
    record = json.loads(out)
    assert record["box"] is None and len(record["regions"]) == 81


@pytest.mark.parametrize("args, words", [
    (["--size", "4", "--level", "diabolical"], "never harder than easy"),
    (["--size", "6", "--symmetry", "rot90"], "does not map the 2x3 boxes"),
    (["--size", "9", "--box", "2x3"], "does not tile"),
    (["--box", "3"], "--box: '3' is not a box shape ROWSxCOLS like 2x3"),
    (["--rating", "5-2"], "empty"),
    (["--rating", "hard"], "not a range"),
    (["--jigsaw", "--box", "3x3"], "not both"),
    (["--level", "hard", "--rating", "3-4"], "not both"),
    (["--variant", "killer"], "--variant: unknown variant 'killer' (known: x, windoku,"),
    (["--variant", "x,bogus", "--jigsaw"], "--variant: unknown variant 'bogus'"),
])
def test_impossible_requests_exit_2_with_one_line(cli: Cli, args: list[str],
                                                  words: str) -> None:
    code, out, err = cli("generate", *args)
    assert code == EXIT_USAGE and out == ""
    assert len(err.splitlines()) == 1 and words in err


def test_dask_missing_is_one_line(monkeypatch: pytest.MonkeyPatch, cli: Cli) -> None:
    real_import = builtins.__import__

    def no_distributed(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("distributed", "dask"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    code, out, err = cli("generate", "--dask", "tcp://127.0.0.1:8786")
    assert code == EXIT_USAGE and out == "" and len(err.splitlines()) == 1 and "puzzlepress[dask]" in err


@pytest.mark.slow
def test_dask_cluster_gives_the_same_puzzles(cli: Cli) -> None:
    from distributed import LocalCluster
    local = cli("generate", "--count", "4", "--level", "hard", "--seed", "3")
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster:
        remote = cli("generate", "--count", "4", "--level", "hard", "--seed", "3", "--dask",
                     cluster.scheduler_address)
    assert remote[0] == EXIT_OK and remote[1] == local[1]


CONFIG = """\
books:
  - title: "Made here"
    sections:
      - title: "Easy"
        generate: {{count: {count}, level: easy, seed: 2026}}
      - title: "Medium"
        generate: {{count: {count}, level: medium, seed: 2026}}
      - title: "Hard"
        generate:
          count: {count}
          level: hard
          seed: 2026
      - title: "Diabolical"
        generate: {{count: {count}, level: diabolical, seed: 2026}}
output:
  formats: [pdf, docx, rtf, html]
"""


@pytest.mark.slow
def test_config_with_four_generated_sections_builds_the_same_bytes_twice(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(CONFIG.format(count=25))
    outputs = []
    for name in ("one", "two"):
        report = tmp_path / f"{name}.json"
        code = publisher.cli.main(["build", str(config), "--out", str(tmp_path / name), "-q",
                                   "--report", str(report)])
        assert code == EXIT_OK
        outputs.append(json.loads(report.read_text()))
    first, second = outputs
    assert len(first["outputs"]) == 8   # two booklets in four formats
    assert [o["sha256"] for o in first["outputs"]] == [o["sha256"] for o in second["outputs"]]
    lines = {p["line"] for p in first["puzzles"]}
    assert lines == {5, 7, 9, 14}   # each puzzle points at its section's generate key
    assert [s["accepted"] for s in first["sections"]] == [25, 25, 25, 25]


def test_generated_items_carry_the_generate_line_and_level(tmp_path: Path) -> None:
    from publisher.config import load
    from publisher.sources import read_section
    config = tmp_path / "config.yaml"
    config.write_text(CONFIG.format(count=2))
    loaded = load(config)
    section = loaded.config.books[0].sections[2]
    items = read_section(loaded, ("books", 0, "sections", 2), section)
    assert [(i.line, i.index, i.difficulty) for i in items] == [(9, 0, "hard"), (9, 1, "hard")]
    assert items[0].source.endswith("config.yaml")


def test_impossible_generate_key_is_a_config_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(textwrap.dedent("""\
        books:
          - title: "No"
            sections:
              - title: "Tiny"
                generate: {size: 4, level: hard}
        """))
    code = publisher.cli.main(["build", str(config), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == EXIT_USAGE and ":5:" in err and "never harder than easy" in err
