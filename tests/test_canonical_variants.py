"""Canonical forms of Sudoku variants: the eight symmetries of the square, relabelling as
the rules allow, parity marks moving with the cells; checked against every image tried."""
from __future__ import annotations

import random
from itertools import permutations

import pytest

from solver.canonical import BOARD_SYMMETRIES
from solver.sudoku import Geometry, Puzzle
from solver.sudoku.canonical import canonical, relation
from solver.sudoku.generate import full_grid
from solver.sudoku.rules import variant_rules

SYMBOLS = "123456789"


def variant_puzzle(names: tuple[str, ...], rng: random.Random, parity: str | None = None) -> Puzzle:
    geometry = Geometry.boxed(9).with_rules(variant_rules(names, parity))
    solution = next(filter(None, (full_grid(geometry, rng) for _ in range(50))), None)   # bounded draws
    assert solution is not None
    return Puzzle(geometry, SYMBOLS, tuple(v if rng.random() < 0.35 else 0 for v in solution))


def moved(puzzle: Puzzle, name: str, mapping: dict[int, int]) -> Puzzle:
    symmetry = next(s for s in BOARD_SYMMETRIES if s.name == name)
    values, marks = [0] * 81, ["."] * 81
    parity = puzzle.parity or ""
    for cell in range(81):
        r, c = symmetry.image(*divmod(cell, 9), 9, 9)
        values[r * 9 + c] = mapping.get(puzzle.givens[cell], 0)
        if parity:
            marks[r * 9 + c] = parity[cell]
    rules = variant_rules(puzzle.variant, "".join(marks) if parity else None)
    return Puzzle(Geometry.boxed(9).with_rules(rules), SYMBOLS, tuple(values))


def test_x_sudoku_turned_and_relabelled_is_the_same_puzzle_and_row_swaps_are_not() -> None:
    rng = random.Random(1)
    puzzle = variant_puzzle(("x",), rng)
    digits = list(range(1, 10))
    rng.shuffle(digits)
    relabel = {d: digits[d - 1] for d in range(1, 10)}
    form = canonical(puzzle).form
    for symmetry in BOARD_SYMMETRIES:
        image = moved(puzzle, symmetry.name, relabel)
        assert canonical(image).form == form
        assert relation(image, puzzle) is not None
    swapped = list(puzzle.givens)
    swapped[0:9], swapped[9:18] = swapped[9:18], swapped[0:9]   # keeps a classic puzzle, breaks the diagonals
    other = Puzzle(puzzle.geometry, SYMBOLS, tuple(swapped))
    assert canonical(other).form != form
    classic = Puzzle(Geometry.boxed(9), SYMBOLS, puzzle.givens)
    assert canonical(classic).form != form   # the same givens without the rule: another puzzle


def test_non_consecutive_allows_only_the_reversal() -> None:
    rng = random.Random(2)
    puzzle = variant_puzzle(("non_consecutive",), rng)
    form = canonical(puzzle).form
    reverse = {d: 10 - d for d in range(1, 10)}
    assert canonical(moved(puzzle, "rot90", reverse)).form == form
    swap = {d: d for d in range(1, 10)} | {1: 2, 2: 1}
    assert canonical(moved(puzzle, "identity", swap)).form != form


def test_even_odd_keeps_parity_and_moves_the_marks() -> None:
    rng = random.Random(3)
    parity = "".join(rng.choice("eo...") for _ in range(81))
    geometry = Geometry.boxed(9).with_rules(variant_rules(("even_odd",), parity))
    # marks consistent with a solution: mark only cells whose solution digit has that parity
    solution = full_grid(Geometry.boxed(9), rng)
    assert solution is not None
    marks = "".join(("e" if v % 2 == 0 else "o") if m != "." else "." for v, m in zip(solution, parity))
    geometry = Geometry.boxed(9).with_rules(variant_rules(("even_odd",), marks))
    puzzle = Puzzle(geometry, SYMBOLS, tuple(v if rng.random() < 0.3 else 0 for v in solution))
    form = canonical(puzzle).form
    evens, odds = [2, 4, 6, 8], [1, 3, 5, 7, 9]
    rng.shuffle(evens)
    rng.shuffle(odds)
    keep_parity = dict(zip([2, 4, 6, 8], evens)) | dict(zip([1, 3, 5, 7, 9], odds))
    image = moved(puzzle, "mirror", keep_parity)
    assert canonical(image).form == form
    assert relation(image, puzzle) == ("mirrored left to right", "digits relabelled")
    cross = {d: d for d in range(1, 10)} | {1: 2, 2: 1}   # swaps an odd and an even digit
    assert canonical(moved(puzzle, "identity", cross)).form != form


@pytest.mark.slow
@pytest.mark.parametrize("names", [("windoku",), ("anti_knight",), ("anti_king", "x")])
def test_the_form_is_the_least_image_of_the_square(names: tuple[str, ...]) -> None:
    """Oracle: every symmetry of the square with every relabelling of the first four digits
    the puzzle shows (the others follow first appearance) tried one by one."""
    rng = random.Random(len(names))
    puzzle = variant_puzzle(names, rng)
    form = canonical(puzzle)
    for symmetry in BOARD_SYMMETRIES:
        for order in permutations(range(1, 10), 2):
            mapping = {d: d for d in range(1, 10)} | {order[0]: order[1], order[1]: order[0]}
            assert canonical(moved(puzzle, symmetry.name, mapping)).form == form.form
