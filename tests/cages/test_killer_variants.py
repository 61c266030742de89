"""Killers combined with the Sudoku variants (issue 45): Tatham's X Killers (``sgt-solo
3x3xk``, tests/data/formats/tatham-xkiller.txt) read, verified and written back; generated
Killers under each rule are unique for the independent backtracking oracle, which is told the
rules as plain cell data built here (diagonals, windows, knight's and king's moves, neighbours,
parity marks), nothing taken from the solver's tables; the board shows and plays the rules."""
from __future__ import annotations

import json

import pytest

from publisher.kinds import KINDS
from solver import formats
from solver.cages.verdict import verify
from solver.killer import Killer
from solver.killer import parse_mapping as parse_killer
from solver.killer import to_mapping as killer_to_mapping
from solver.killer.generate import Request
from tests import cage_oracle
from tests.samples import DATA

X_KILLERS = [line for line in (DATA / "formats" / "tatham-xkiller.txt").read_text().splitlines()
             if line and not line.startswith("#")]


def _diagonals(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(r * n + r for r in range(n)), tuple(r * n + n - 1 - r for r in range(n))


def _windows() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r * 9 + c for r in range(top, top + 3) for c in range(left, left + 3))
                 for top in (1, 5) for left in (1, 5))


def _moves(n: int, steps: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((r * n + c, (r + dr) * n + c + dc) for r in range(n) for c in range(n) for dr, dc in steps
                 if 0 <= r + dr < n and 0 <= c + dc < n and (r * n + c) < (r + dr) * n + c + dc)


KNIGHT = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
SIDES = [(0, 1), (1, 0)]


def _plain(puzzle: Killer) -> cage_oracle.Plain:
    """The puzzle as the oracle's plain data, its variant rules built from their definitions."""
    n, names = puzzle.size, puzzle.variant
    units = (_diagonals(n) if "x" in names else ()) + (_windows() if "windoku" in names else ())
    unequal = (_moves(n, KNIGHT) if "anti_knight" in names else ()) + (_moves(n, KING) if "anti_king" in names else ())
    apart = _moves(n, SIDES) if "non_consecutive" in names else ()
    evens, odds = frozenset(range(2, n + 1, 2)), frozenset(range(1, n + 1, 2))
    allowed = tuple({"e": evens, "o": odds}.get(mark, evens | odds) for mark in puzzle.parity or "")
    givens = tuple(((cell,), value, None) for cell, value in enumerate(puzzle.givens) if value)
    assert not givens      # generated and Tatham's Killers here carry none
    return cage_oracle.Plain(n, tuple(puzzle.geometry.regions), tuple((c.cells, c.total, None) for c in puzzle.cages),
                             units=units, unequal=unequal, apart=apart, allowed=allowed)


def test_tathams_x_killers_read_with_their_diagonals_and_are_unique() -> None:
    for line in X_KILLERS:
        puzzle = formats.read_line(line, 1, 0)
        assert isinstance(puzzle, Killer) and puzzle.variant == ("x",), line
        verdict = verify(puzzle)
        assert verdict.status.value == "unique", line
        n, solution = puzzle.size, verdict.solution
        for diagonal in _diagonals(n):
            assert sorted(solution[c] for c in diagonal) == list(range(1, n + 1))
        for cage in puzzle.cages:
            assert sum(solution[c] for c in cage.cells) == cage.total


@pytest.mark.slow
@pytest.mark.parametrize("line", X_KILLERS)
def test_tathams_x_killers_are_unique_for_the_oracle(line: str) -> None:
    puzzle = formats.read_line(line, 1, 0)
    assert isinstance(puzzle, Killer)
    assert cage_oracle.verdict(_plain(puzzle)) == "unique"


def test_x_killers_write_back_as_the_same_puzzle_in_every_format_that_holds_them() -> None:
    for line in X_KILLERS:
        puzzle = formats.read_line(line, 1, 0)
        assert isinstance(puzzle, Killer)
        assert formats.write(puzzle, "tatham") == line        # Tatham's own ID, byte for byte
        data = json.loads(formats.write(puzzle, "fpuzzles"))
        assert data["diagonal+"] and data["diagonal-"] and len(data["killercage"]) == len(puzzle.cages)
        for fmt in ("fpuzzles", "sudokupad", "text"):
            back = formats.read_line(formats.write(puzzle, fmt), 1, 0)
            assert isinstance(back, Killer), fmt
            assert (back.geometry, back.cages, back.givens) == (puzzle.geometry, puzzle.cages, puzzle.givens), fmt
        assert parse_killer(killer_to_mapping(puzzle)).variant == ("x",)


@pytest.mark.parametrize("variant, size", [
    (("x",), 6), (("anti_knight",), 6), (("anti_king",), 6), (("non_consecutive",), 6), (("even_odd",), 6),
    (("x", "even_odd"), 6),
    pytest.param(("windoku",), 9, marks=pytest.mark.slow),   # the oracle's plain backtracking: about 5 minutes
])
def test_generated_variant_killers_are_unique_for_the_oracle_and_keep_their_rules(variant: tuple[str, ...],
                                                                                  size: int) -> None:
    made = Request(size, level="medium" if size == 9 else None, variant=variant).make(4)
    puzzle = made.puzzle
    assert puzzle.variant == variant and not any(puzzle.givens)
    assert cage_oracle.verdict(_plain(puzzle)) == "unique"
    assert made.solution == verify(puzzle).solution
    back = parse_killer(killer_to_mapping(puzzle))
    assert back == puzzle                                  # the file form keeps the rules (and parity marks)


def test_a_variant_killer_board_shows_and_plays_its_rules() -> None:
    """The board of an X Killer shades the diagonals and sends them to the playable page as
    groups; its rule lines are the Killer's and the X rule's."""
    puzzle = formats.read_line(X_KILLERS[0], 1, 0)
    kind = KINDS["killer"]
    board = kind.to_board(puzzle, verify(puzzle), difficulty=None, source="x")
    n = puzzle.size
    assert board.rule_labels == ("rule_killer", "rule_x")
    assert board.shading is not None and {c for c, shade in enumerate(board.shading) if shade} == \
        set(_diagonals(n)[0]) | set(_diagonals(n)[1])
    assert board.rules is not None and sorted(map(sorted, board.rules.groups)) == sorted(map(sorted, _diagonals(n)))
    plain = kind.to_board(formats.read_line(formats.write(puzzle, "text").replace(', "variant": ["killer", "x"]', ""),
                                            1, 0), verify(puzzle), difficulty=None, source="x")
    assert plain.shading is None and plain.rules is None and plain.rule_labels == ("rule_killer",)


def test_a_killer_with_a_rule_no_grid_of_its_size_keeps_is_refused_by_rule() -> None:
    """Refused when asked, never searched for: no 6x6 grid keeps X and anti-knight together."""
    assert "windoku" in (Request(6, variant=("windoku",)).problem() or "")
    assert Request(6, variant=("x", "anti_knight")).problem() == "no 6x6 grid keeps every rule of x + anti_knight"
    assert "unknown variant" in (Request(9, variant=("sandwich",)).problem() or "")
