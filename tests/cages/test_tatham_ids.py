"""Tatham's Killer (Solo ``k``) and Keen game IDs (tests/data/formats/, made by ``sgt-solo``
and ``sgt-keen --generate``) read as Killer and KenKen: cages, sums, targets and operations,
each puzzle unique for our solver and for the independent backtracking oracle."""
from __future__ import annotations

import pytest

from solver import formats
from solver.cages.verdict import verify
from solver.kenken import KenKen
from solver.killer import Killer
from solver.parsing import ParseIssue
from tests import cage_oracle
from tests.samples import DATA


def _ids(name: str) -> list[str]:
    return [line for line in (DATA / "formats" / name).read_text().splitlines()
            if line and not line.startswith("#")]


KILLERS = [line for line in _ids("tatham-solo.txt") if "k" in line.split(":")[0]]
KEENS = _ids("tatham-keen.txt")
#: the oracle's plain backtracking takes seconds on these (a 9x9 Keen, the denser 9x9 Killers)
_SLOW = {KEENS[-1], KEENS[-2], KILLERS[2], KILLERS[4]}


def _plain(puzzle: Killer | KenKen) -> cage_oracle.Plain:
    regions = tuple(puzzle.geometry.regions) if isinstance(puzzle, Killer) else None
    return cage_oracle.Plain(puzzle.size, regions, tuple((c.cells, c.total, c.op) for c in puzzle.cages))


def _agree(line: str) -> None:
    puzzle = formats.read_line(line, 1, 0)
    assert isinstance(puzzle, KenKen if line[0].isdigit() and "x" not in line.split(":")[0]
                      and "j" not in line.split(":")[0] else Killer), puzzle
    cells = sorted(cell for cage in puzzle.cages for cell in cage.cells)
    assert cells == list(range(puzzle.size ** 2))          # the cages cover the grid once
    assert verify(puzzle).status.value == "unique"
    assert cage_oracle.verdict(_plain(puzzle)) == "unique"


@pytest.mark.parametrize("line", [line for line in KILLERS + KEENS if line not in _SLOW])
def test_ids_read_as_unique_cage_puzzles(line: str) -> None:
    _agree(line)


@pytest.mark.slow
@pytest.mark.parametrize("line", sorted(_SLOW))
def test_large_ids_read_as_unique_cage_puzzles(line: str) -> None:
    _agree(line)


def test_killer_ids_carry_their_sums_and_boxes() -> None:
    """Every cage's sum is the one number of the clue grid inside it; the sums add to the
    grid's; a 9j Killer is a jigsaw."""
    for line in KILLERS:
        puzzle = formats.read_line(line, 1, 0)
        assert isinstance(puzzle, Killer)
        n = puzzle.size
        assert sum(cage.total for cage in puzzle.cages) == n * n * (n + 1) // 2
        assert puzzle.geometry.is_jigsaw == line.startswith("9j")


def test_a_hand_written_keen_id() -> None:
    """A 3x3 Keen of three row cages: six vertical non-edges ('f'), then the six horizontal
    edges and the virtual one; clues in the order of each cage's first cell."""
    three = formats.read_line("3:f______,a6m6s1", 1, 0)   # a difference of three cells: the verdict says
    assert isinstance(three, KenKen) and verify(three).status.value == "contradictory"
    puzzle = formats.read_line("3:f______,a6m6a6", 1, 0)
    assert isinstance(puzzle, KenKen)
    assert [(c.cells, c.total, c.op) for c in puzzle.cages] == [
        ((0, 1, 2), 6, "+"), ((3, 4, 5), 6, "x"), ((6, 7, 8), 6, "+")]
    repeated = formats.read_line("3:f_6,a6m6a6", 1, 0)      # Keen's repeat count: '_6' is six '_'
    assert isinstance(repeated, KenKen) and repeated.cages == puzzle.cages


def test_keen_without_parameters_finds_its_size() -> None:
    for line in KEENS:
        bare, full = formats.read_line(line.split(":")[1], 1, 0), formats.read_line(line, 1, 0)
        assert isinstance(bare, KenKen) and isinstance(full, KenKen)
        assert (bare.size, bare.cages) == (full.size, full.cages)


@pytest.mark.parametrize("text, message", [
    ("4:aba_3a__a_aa__a,s2s2d2m48m3a9", "6 for 7 cages"),
    ("3:f_____,a6m6a6", "describes 11 edges, a 3x3 grid has 12"),
    ("2x2k:p,__a_____acaaaaa,7_4_6c6b9", "killer sums has 10 cells, expected 16"),
])
def test_bad_cage_ids_name_their_problem(text: str, message: str) -> None:
    issue = formats.read_line(text, 4, 0)
    assert isinstance(issue, ParseIssue) and issue.line == 4 and message in issue.message


def test_a_huge_size_is_refused_before_any_grid_is_made() -> None:
    for text in ("99999999:a,a1", "99999x99999:a"):
        issue = formats.read_line(text, 1, 0)
        assert isinstance(issue, ParseIssue) and "sides" in issue.message


@pytest.mark.parametrize("params", ["4", "4de", "4dem", "4m"])
def test_keen_parameters_of_how_it_was_made_are_read_over(params: str) -> None:
    """``sgt-keen --generate 1 4dem`` (multiplication only) printed ``4:b_aa_a_a_6ba,m72m4m2m2m12m6m4``."""
    puzzle = formats.read_line(f"{params}:b_aa_a_a_6ba,m72m4m2m2m12m6m4", 1, 0)
    assert isinstance(puzzle, KenKen) and {cage.op for cage in puzzle.cages if len(cage.cells) > 1} == {"x"}
    assert verify(puzzle).status.value == "unique" and cage_oracle.verdict(_plain(puzzle)) == "unique"
