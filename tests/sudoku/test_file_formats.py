"""The forum and desktop programs' Sudoku files (tests/data/formats/): SadMan ``.sdk`` (a
``[Puzzle]`` section, SudoCue's ``#`` lines, a ``[State]`` of a player's progress) and ``.sdm``,
Simple Sudoku ``.ss`` and HoDoKu's library lines, each read with the givens of the puzzle it
was made from (tests/data/top95.txt, easy50.txt) and unique for our solver and the oracle."""
from __future__ import annotations

from pathlib import Path

import pytest

from publisher.kinds import KINDS
from publisher.sources import parse_file
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle, solve, verify
from tests import sudoku_oracle
from tests.samples import DATA

FORMATS = DATA / "formats"
TOP = (DATA / "top95.txt").read_text().split()
EASY = (DATA / "easy50.txt").read_text().split()


def _values(line: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch.isdigit() else 0 for ch in line)


def _read(path: Path) -> list[Puzzle]:
    found = parse_file(path, KINDS["sudoku"], {})
    assert all(isinstance(p, Puzzle) for p in found), found
    return found


def _unique(puzzle: Puzzle) -> None:
    assert verify(puzzle).status.value == "unique"
    regions = sudoku_oracle.box_regions(9, 3, 3)
    assert sudoku_oracle.count_exact(9, regions, puzzle.givens, 2) == 1
    assert tuple(next(sudoku_oracle.exact_cover_solutions(9, regions, puzzle.givens))) == tuple(solve(puzzle))


@pytest.mark.parametrize("name, expected, lines", [
    ("sadman.sdk", [TOP[0]], [5]),                                 # the [State] grid is read over
    ("sadman.sdm", EASY[:4] + TOP[1:3], [1, 2, 3, 4, 5, 6]),
    ("simple.ss", [TOP[3]], [2]),
    ("hodoku.txt", TOP[4:7], [1, 2, 3]),                           # '+' digits were placed, not given
])
def test_each_file_reads_with_its_givens_and_is_unique(name: str, expected: list[str], lines: list[int]) -> None:
    found = _read(FORMATS / name)
    assert [p.givens for p in found] == [_values(line) for line in expected]
    assert [p.line for p in found] == lines
    for puzzle in found:
        _unique(puzzle)


def test_sections_other_than_the_puzzle_are_read_over(tmp_path: Path) -> None:
    """A grid outside ``[Puzzle]`` is no puzzle; a section of another name ends one being read."""
    text = (FORMATS / "sadman.sdk").read_text()
    head, state = text.split("[State]\n")
    sdk = tmp_path / "cut.sdk"
    sdk.write_text(head.replace(TOP[0][72:], TOP[0][72:76]) + "[State]\n" + state)   # a short last row
    found = parse_file(sdk, KINDS["sudoku"], {})
    assert len(found) == 1 and isinstance(found[0], ParseIssue)
    assert found[0].line == 13 and "grid row 9 has 4 cells, expected 9" in found[0].message


def test_a_bad_hodoku_line_names_its_problem(tmp_path: Path) -> None:
    path = tmp_path / "lib.txt"
    path.write_text(f":0000:x:{TOP[0]}:::\n:0000:x:{TOP[0][:80]}+:::\n:0000:x:{TOP[1][:70]}:::\n")
    found = parse_file(path, KINDS["sudoku"], {})
    assert isinstance(found[0], Puzzle) and found[0].givens == _values(TOP[0])
    assert isinstance(found[1], ParseIssue) and "HoDoKu library line: '+' must come before" in found[1].message
    assert isinstance(found[2], ParseIssue) and found[2].line == 3 and "70 cells" in found[2].message
