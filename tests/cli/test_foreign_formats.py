"""Other programs' formats read everywhere a puzzle is read, found from the content with no
option: ``check``, ``grade``, ``solve``, a section's ``puzzles`` and ``catalog import``."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from publisher.config import load
from publisher.sources import read_section
from tests.runner import Cli
from tests.samples import DATA

SOLO = DATA / "formats" / "tatham-solo.txt"
KEEN = DATA / "formats" / "tatham-keen.txt"
KEEN_4 = "4:b_6a3_a_a3,a6s1d2s1m4m6a5"


def test_check_reads_game_ids_of_every_kind(cli: Cli) -> None:
    code, out, _ = cli("check", str(SOLO), str(KEEN), "--json")
    records = [json.loads(line) for line in out.splitlines()]
    kinds = {record["kind"] for record in records}
    assert code == 0 and kinds == {"sudoku", "killer", "kenken"}
    assert all(record["status"] == "unique" for record in records)
    assert len(records) == 21 + 8


def test_grade_and_solve_read_a_game_id(cli: Cli, tmp_path: Path) -> None:
    keen = tmp_path / "keen.txt"
    keen.write_text(KEEN_4 + "\n")
    code, out, _ = cli("grade", str(keen), "--json")
    assert code == 0 and json.loads(out)["kind"] == "kenken" and json.loads(out)["rating"] > 0
    code, out, _ = cli("solve", KEEN_4)   # inline, without a file
    assert code == 0 and out.splitlines()[-1].startswith("unique")
    rows = out.splitlines()[1:5]
    assert all(sorted(row.split()) == ["1", "2", "3", "4"] for row in rows)
    code, out, _ = cli("solve", "3x3:zzzc")
    assert code == 1 and "multiple" in out


def test_a_bad_game_id_is_malformed_at_its_line(cli: Cli, tmp_path: Path) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text(f"# two IDs\n{KEEN_4}\n3x3xk:zzzc,a,b\n")
    code, out, _ = cli("check", str(ids))
    assert code == 1
    assert f"{ids}:3: malformed: Tatham game ID: killer cages describes 1 edges" in out


def test_sections_read_ids_of_their_own_kind(tmp_path: Path) -> None:
    shutil.copy(KEEN, tmp_path / "keen.txt")
    (tmp_path / "config.yaml").write_text(
        "books:\n  - title: T\n    sections:\n"
        "      - {title: K, kind: kenken, puzzles: [keen.txt]}\n"
        "      - {title: S, puzzles: [keen.txt]}\n")
    loaded = load(tmp_path / "config.yaml")
    sections = loaded.config.books[0].sections
    kenken = read_section(loaded, ("books", 0, "sections", 0), sections[0])
    assert [item.issue for item in kenken] == [None] * 8 and kenken[0].line == 2
    sudoku = read_section(loaded, ("books", 0, "sections", 1), sections[1])
    assert [item.issue for item in sudoku] == ["a kenken puzzle in a sudoku section"] * 8


def test_catalog_import_records_each_id_as_its_kind(cli: Cli, tmp_path: Path) -> None:
    catalog = str(tmp_path / "c.db")
    code, out, _ = cli("catalog", "--catalog", catalog, "import", str(SOLO), str(KEEN), "--json")
    assert code == 0 and json.loads(out)["imported"] == 29
    code, out, _ = cli("catalog", "--catalog", catalog, "export", "--json")
    kinds = [json.loads(line)["kind"] for line in out.splitlines()]
    assert kinds.count("killer") == 5 and kinds.count("kenken") == 8 and kinds.count("sudoku") == 16


def test_links_and_fpuzzles_json_are_read_by_check_and_solve(cli: Cli) -> None:
    links = (DATA / "formats" / "fpuzzles-links.txt").read_text().splitlines()
    code, out, _ = cli("solve", links[3], "--json")     # a SudokuPad link, inline
    assert code == 0 and json.loads(out)["status"] == "unique"
    code, out, _ = cli("check", str(DATA / "formats" / "fpuzzles-killer.json"), "--json")
    assert code == 0 and json.loads(out)["kind"] == "killer" and json.loads(out)["status"] == "unique"
    code, out, _ = cli("check", str(DATA / "formats" / "fpuzzles-unprintable.txt"))
    assert code == 1 and out.count("malformed: f-puzzles link: ") == 4 and "'thermometer'" in out


def test_catalog_find_takes_a_game_id(cli: Cli, tmp_path: Path) -> None:
    catalog = str(tmp_path / "c.db")
    assert cli("catalog", "--catalog", catalog, "import", str(KEEN)).code == 0
    code, out, _ = cli("catalog", "--catalog", catalog, "find", KEEN_4, "--json")
    assert code == 0 and json.loads(out.splitlines()[0])["kind"] == "kenken"


def test_inline_entries_and_yaml_strings_read_game_ids(tmp_path: Path) -> None:
    (tmp_path / "ids.yaml").write_text(f'- "{KEEN_4}"\n- "3x3:zzzc"\n')
    (tmp_path / "config.yaml").write_text(
        "books:\n  - title: T\n    sections:\n"
        f"      - {{title: K, kind: kenken, puzzles: [ids.yaml], inline: ['{KEEN_4}']}}\n")
    loaded = load(tmp_path / "config.yaml")
    items = read_section(loaded, ("books", 0, "sections", 0), loaded.config.books[0].sections[0])
    assert [(Path(item.source).name, item.line, item.issue) for item in items] == [
        ("ids.yaml", 1, None), ("ids.yaml", 2, "a sudoku puzzle in a kenken section"), ("config.yaml", 4, None)]
