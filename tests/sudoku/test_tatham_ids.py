"""Tatham's Solo game IDs (tests/data/formats/tatham-solo.txt, made by ``sgt-solo --generate``)
read as Sudoku, jigsaw and X: the givens as the ID writes them, the boxes Solo draws, and
each puzzle unique for our solver and for the independent oracles."""
from __future__ import annotations

import re

import pytest

from solver import formats
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle, solve, verify
from tests import sudoku_oracle, variant_oracle
from tests.samples import DATA

SOLO = [line for line in (DATA / "formats" / "tatham-solo.txt").read_text().splitlines()
        if line and not line.startswith("#")]
PLAIN = [line for line in SOLO if "k" not in line.split(":")[0]]


def _givens(desc: str) -> list[int]:
    """The givens of a Solo grid, decoded here from the grammar on its own (the test's oracle)."""
    out: list[int] = []
    for token in re.findall(r"\d+|[a-z]|_", desc.split(",")[0]):
        if token.isdigit():
            out.append(int(token))
        elif token != "_":
            out += [0] * (ord(token) - 96)
    return out


@pytest.mark.parametrize("line", PLAIN)
def test_solo_ids_read_with_their_givens_boxes_and_rules(line: str) -> None:
    params, desc = line.split(":")
    puzzle = formats.read_line(line, 3, 0)
    assert isinstance(puzzle, Puzzle), puzzle
    givens = _givens(desc)
    assert list(puzzle.givens) == givens and puzzle.line == 3
    n = puzzle.size
    assert n * n == len(givens)
    size_rows, size_cols, letters = re.match(r"(\d+)(?:x(\d+))?(.*)", params).groups()
    xtype = "x" in letters
    if "j" in letters:
        assert puzzle.geometry.is_jigsaw
        regions = list(puzzle.geometry.regions)
        assert sorted(regions.count(r) for r in set(regions)) == [n] * n
        box = None
    else:   # CxR: Solo's boxes are C rows by R columns
        rows, cols = int(size_rows), int(size_cols or size_rows)
        box = (rows, cols)
        regions = sudoku_oracle.box_regions(n, rows, cols)
        assert list(puzzle.geometry.regions) == regions
    assert (puzzle.variant == ("x",)) == xtype
    assert verify(puzzle).status.value == "unique"
    ours = solve(puzzle)
    if xtype:
        assert variant_oracle.count(n, box, givens, ["x"], regions=regions) == 1
    else:
        assert sudoku_oracle.count_exact(n, regions, givens, 2) == 1
        assert tuple(next(sudoku_oracle.exact_cover_solutions(n, regions, givens))) == tuple(ours)


def test_an_id_reads_without_its_parameters_but_x_needs_them() -> None:
    """The description alone gives the size and the jigsaw; only the parameters say X."""
    for line in PLAIN:
        params, desc = line.split(":")
        bare = formats.read_line(desc, 1, 0)
        full = formats.read_line(line, 1, 0)
        assert isinstance(bare, Puzzle) and isinstance(full, Puzzle)
        assert bare.givens == full.givens
        if params in ("3x2",):   # 3x2 boxes are not 6x6's usual 2x3: the parameters say so
            assert bare.geometry.regions != full.geometry.regions
            continue
        assert bare.geometry.regions == full.geometry.regions
        if full.variant:
            assert not bare.variant and verify(bare).status.value == "multiple"


def test_a_hand_written_jigsaw_id() -> None:
    """A 4x4 jigsaw of four rows as regions: every vertical edge a non-edge (12, 'l'), every
    horizontal edge an edge (twelve, each '_' but the first after 'l'), the virtual edge."""
    puzzle = formats.read_line("4j:1_2c3_4i,l____________", 1, 0)
    assert isinstance(puzzle, Puzzle)
    assert list(puzzle.geometry.regions) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    assert puzzle.givens == (1, 2, 0, 0, 0, 3, 4) + (0,) * 9


@pytest.mark.parametrize("text, message", [
    ("3x3#12345", "random seed"),
    ("3x3:a,b", "needs 1 part"),
    ("3x3:a2", "has 2 cells, expected 81"),
    ("2x2:a5o", "5 is more than 4"),
    ("3x3xk:zzzc,a,b", "killer cages describes 1 edges"),
    ("9j:zzzc,a", "jigsaw regions describes"),
])
def test_bad_ids_name_their_problem(text: str, message: str) -> None:
    issue = formats.read_line(text, 7, 2)
    assert isinstance(issue, ParseIssue) and issue.line == 7 and issue.index == 2
    assert message in issue.message and issue.message.startswith("Tatham game ID: ")


def test_a_file_of_ids_is_found_from_its_content() -> None:
    text = (DATA / "formats" / "tatham-solo.txt").read_text()
    found = formats.read_text(text)
    assert found is not None and len(found) == len(SOLO)
    assert [p.line for p in found] == [n for n, line in enumerate(text.splitlines(), 1)
                                       if line and not line.startswith("#")]
    ours = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert formats.read_text(ours) is None
    assert formats.read_text("1_3_" + "_" * 77) is None   # our own line, blanks as '_'
    assert formats.read_text("abc") is None                 # neither: our reader says why
