"""No two puzzles of a build share an answer, nor one alike it (issue 51): generated
sections draw again, read ones are warned about, checked against the oracles of
tests/answer_oracle.py on the answers the build reports."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests import answer_oracle as oracle
from tests.runner import Cli


def _answers(cli: Cli, folder: Path, config: str, *extra: str) -> tuple[list[tuple[int, ...]], dict[str, object]]:
    (folder / "book.yaml").write_text(config, encoding="utf-8")
    report = folder / "report.json"
    code, _out, err = cli("build", str(folder / "book.yaml"), "--report", str(report), "--out", str(folder / "out"),
                          *extra)
    data = json.loads(report.read_text(encoding="utf-8"))
    assert code == data["exit_code"], err
    solutions = [tuple(int(ch, 36) for ch in p["solution"]) for p in data["puzzles"] if p["solution"]]
    return solutions, data


def test_two_generated_sections_of_one_seed_share_no_answer(cli: Cli, tmp_path: Path) -> None:
    """The README's example as the issue found it: two sections of one seed at two levels
    gave 9 of 10 the same grids. Now every answer is its own (and the build the same twice)."""
    config = """books:
  - title: Alike
    sections:
      - {title: Easy, generate: {count: 6, level: easy, seed: 0}}
      - {title: Hard, generate: {count: 6, level: medium, seed: 0}}
      - {title: Again, generate: {count: 3, level: easy, seed: 0}}
output: {formats: [pdf]}
"""
    solutions, _ = _answers(cli, tmp_path, config)
    assert len(solutions) == 15
    assert len({oracle.boxed_invariant(s, 9, 3, 3) for s in solutions}) == 15
    again, _ = _answers(cli, tmp_path, config)
    assert again == solutions


def test_a_book_of_4x4_grids_keeps_them_apart_turned(cli: Cli, tmp_path: Path) -> None:
    """A 4x4 Sudoku has only 2 answers unlike each other: a book of 8 is kept apart as far
    as it can be, no grid the turn or mirror image of another."""
    config = """books:
  - title: Small
    sections:
      - {title: A, generate: {count: 4, size: 4, seed: 3}}
      - {title: B, generate: {count: 4, size: 4, seed: 3}}
output: {formats: [pdf]}
"""
    solutions, _ = _answers(cli, tmp_path, config)
    assert len(solutions) == 8
    assert len({oracle.turned(s, 4) for s in solutions}) == 8


def test_puzzles_read_from_files_sharing_an_answer_are_a_warning_naming_both(cli: Cli, tmp_path: Path) -> None:
    grid = oracle.random_grid(9, (3, 3), random.Random(9))
    moved, _ = oracle.random_boxed_move(grid, 9, 3, 3, random.Random(10))
    one = "".join(str(v) if i % 5 else "." for i, v in enumerate(grid))     # four in five given: unique
    two = "".join(str(v) if i % 5 != 2 else "." for i, v in enumerate(moved))
    (tmp_path / "a.txt").write_text(one + "\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("# a copy, moved\n" + two + "\n", encoding="utf-8")
    config = """books:
  - title: Copied
    sections:
      - {title: A, puzzles: [a.txt]}
      - {title: B, puzzles: [b.txt]}
output: {formats: [pdf]}
"""
    _, data = _answers(cli, tmp_path, config)
    assert data["exit_code"] == 0
    assert any("b.txt:2" in w and "a.txt:1" in w and "answer" in w for w in data["warnings"]), data["warnings"]
    _, strict = _answers(cli, tmp_path, config, "--strict")
    assert strict["exit_code"] != 0


def test_a_generated_puzzle_with_a_read_ones_answer_is_drawn_again(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("generate", "--seed", "5", "--level", "easy", "--json")
    assert code == 0
    (tmp_path / "read.txt").write_text(json.loads(out)["puzzle"] + "\n", encoding="utf-8")
    config = """books:
  - title: Mixed
    sections:
      - {title: Read, puzzles: [read.txt]}
      - {title: Made, generate: {count: 2, level: easy, seed: 5}}
output: {formats: [pdf]}
"""
    solutions, data = _answers(cli, tmp_path, config)
    assert data["exit_code"] == 0 and not data["warnings"], data["warnings"]
    assert len(solutions) == 3
    assert len({oracle.boxed_invariant(s, 9, 3, 3) for s in solutions}) == 3


def test_sections_without_a_seed_each_have_their_own_and_keep_it(cli: Cli, tmp_path: Path) -> None:
    """No seed: each section's is derived from the book and the section (two sections at one
    level and size make other puzzles), the same on every build."""
    config = """books:
  - title: Seedless
    sections:
      - {title: One, generate: {count: 2, level: easy}}
      - {title: Two, generate: {count: 2, level: easy}}
output: {formats: [pdf]}
"""
    solutions, data = _answers(cli, tmp_path, config)
    assert len(set(solutions)) == 4 and not data["warnings"]
    again, _ = _answers(cli, tmp_path, config)
    assert again == solutions


def test_generate_without_a_seed_says_it_and_each_level_has_its_own(cli: Cli) -> None:
    runs = {}
    for level in ("easy", "medium", "hard"):
        code, out, err = cli("generate", "--count", "3", "--level", level, "--json")
        assert code == 0
        seed = int(err.split("seed ")[1].split()[0])
        runs[level] = [json.loads(line)["solution"] for line in out.splitlines()]
        code, again, err = cli("generate", "--count", "3", "--level", level, "--json", "--seed", str(seed))
        assert [json.loads(line)["solution"] for line in again.splitlines()] == runs[level] and "seed" not in err
    assert len({solution for solutions in runs.values() for solution in solutions}) == 9


@pytest.mark.slow
def test_a_mixed_book_without_seeds_has_no_two_answers_alike_by_brute_force(cli: Cli, tmp_path: Path) -> None:
    """Sections without seeds at several levels and sizes, of every kind with a grid of
    digits: no two answers of one family alike, as the oracle finds them by trying every move
    (6x6 and smaller) or by its invariant (9x9)."""
    config = """books:
  - title: Every answer its own
    sections:
      - {title: Small, generate: {count: 5, size: 6, level: easy}}
      - {title: Small again, generate: {count: 5, size: 6, level: medium}}
      - {title: Nines, generate: {count: 4, level: easy}}
      - {title: Nines again, generate: {count: 4, level: medium}}
      - {title: Killer, kind: killer, generate: {count: 2, size: 6, level: easy}}
      - {title: KenKen, kind: kenken, generate: {count: 2, size: 4, level: easy}}
      - {title: KenKen again, kind: kenken, generate: {count: 1, size: 4, level: medium}}
output: {formats: [pdf]}
"""
    _, data = _answers(cli, tmp_path, config)
    assert data["exit_code"] == 0, data["errors"]
    forms: dict[str, set[object]] = {}
    count: dict[str, int] = {}
    for puzzle in data["puzzles"]:   # type: ignore[attr-defined]
        values = tuple(int(ch, 36) for ch in puzzle["solution"])
        n = int(puzzle["size"].split("x")[0])
        if puzzle["kind"] == "kenken":
            family, form = f"latin {n}", oracle.latin_alike(values, n)
        elif n == 9:
            family, form = "boxed 9", oracle.boxed_invariant(values, 9, 3, 3)
        else:
            family, form = f"boxed {n}", oracle.boxed_alike(values, n, 2, 3)
        forms.setdefault(family, set()).add(form)
        count[family] = count.get(family, 0) + 1
    assert count == {"boxed 6": 12, "boxed 9": 8, "latin 4": 3}
    assert {family: len(found) for family, found in forms.items()} == count
