"""The packed-board engine's own paths, each against a definition or oracle it does not share.

* placement masks (tabled up to 16x16, computed beyond) clear exactly the candidates
  the rules say a placement rules out;
* the contradiction fast path (:func:`givens_board`) agrees with the oracle's rule check;
* branching on any group (a digit's places in a unit, not only a cell's digits) still
  counts jigsaw solutions exactly;
* seeded branching visits the same solutions, only in another order.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.sudoku import Geometry, Puzzle, contradictions, count_solutions, default_symbols, verify
from solver.sudoku.geometry import board, tables
from solver.sudoku.search import Search, givens_board
from solver.verdict import Status
from tests.sudoku_oracle import (
    JIGSAW_6,
    box_regions,
    breaks_rule_outright,
    count_exact,
    exact_cover_solutions,
    full_grid,
    is_solution,
)


def decoded_owners(geometry: Geometry) -> list[tuple[int, int] | None]:
    """(cell, digit 0-based) of the candidate every bit stands for; None for a guard."""
    b = board(geometry)
    return [None if owner < 0 else divmod(owner - b.cell_base, b.width) for owner in b.owner]


@pytest.mark.parametrize("geometry", [Geometry.boxed(9), Geometry.jigsaw(6, JIGSAW_6),
                                      Geometry.boxed(16), Geometry.boxed(25)],
                         ids=["9x9", "jigsaw6", "16x16", "25x25"])
def test_placement_masks_clear_exactly_the_ruled_out_candidates(geometry: Geometry) -> None:
    """25x25 masks are computed on demand, smaller ones tabled: both must follow the rules."""
    b, t = board(geometry), tables(geometry)
    n = geometry.size
    owners = decoded_owners(geometry)
    peers = [set(p) for p in t.peers]
    rng = random.Random(n)
    candidates = [(0, 0), (n * n - 1, n - 1)] + [(rng.randrange(n * n), rng.randrange(n))
                                                 for _ in range(2)]
    for cell, digit in candidates:
        own = b.cell_base + cell * b.width + digit
        kept = bin(b.keep[own])[2:].zfill(len(owners))[::-1]   # kept[bit] == "1": still set
        for bit, owner in enumerate(owners):
            if owner is None:   # a guard: cleared exactly for the placed candidate's groups
                expected = (cell, digit) not in owners[bit - n:bit]
            else:
                other, other_digit = owner
                ruled_out = ((other == cell and other_digit != digit)
                             or (other_digit == digit and other in peers[cell]))
                expected = bit == own or (not ruled_out and owner != (cell, digit))
            assert (kept[bit] == "1") == expected, (cell, digit, bit)


def random_givens(size: int, box_rows: int, box_cols: int, seed: int) -> list[int]:
    """A blanked random full grid with, half the time, one given replaced by any value."""
    rng = random.Random(seed)
    givens = full_grid(size, box_rows, box_cols, rng)
    for cell in rng.sample(range(size * size), int(size * size * rng.uniform(0.3, 0.9))):
        givens[cell] = 0
    if rng.random() < 0.5:
        givens[rng.randrange(size * size)] = rng.randrange(1, size + 1)
    return givens


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(shape=st.sampled_from([(4, 2, 2), (6, 2, 3), (9, 3, 3), (12, 3, 4)]),
       seed=st.integers(0, 2**32))
def test_contradiction_fast_path_agrees_with_the_rules(shape: tuple, seed: int) -> None:
    size, box_rows, box_cols = shape
    givens = random_givens(size, box_rows, box_cols, seed)
    geometry = Geometry.boxed(size, box_rows, box_cols)
    broken = breaks_rule_outright(size, box_regions(size, box_rows, box_cols), givens)
    assert (givens_board(geometry, givens) < 0) == broken
    puzzle = Puzzle(geometry, default_symbols(size), tuple(givens))
    assert bool(contradictions(puzzle)) == broken


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32))
def test_jigsaw_counts_agree_with_exact_cover(seed: int) -> None:
    geometry = Geometry.jigsaw(6, JIGSAW_6)
    regions = list(geometry.regions)
    rng = random.Random(seed)
    solution = next(exact_cover_solutions(6, regions, [0] * 36))
    givens = list(solution)
    for cell in rng.sample(range(36), rng.randrange(18, 30)):
        givens[cell] = 0
    expected = count_exact(6, regions, givens, 10_000)
    assert count_solutions(Puzzle(geometry, "123456", tuple(givens))) == expected


def test_seeded_branching_finds_the_same_solutions_in_another_order() -> None:
    geometry = Geometry.boxed(4)
    plain = list(Search(geometry, [0] * 16).solutions())
    seeded = list(Search(geometry, [0] * 16, seed=7).solutions())
    assert len(plain) == 288 and sorted(seeded) == sorted(plain) and seeded != plain


@pytest.mark.parametrize("blanks", [200, 300])
def test_25x25_verdicts_with_computed_masks_agree_with_exact_cover(blanks: int) -> None:
    grid = full_grid(25, 5, 5, random.Random(5))
    givens = list(grid)
    for cell in random.Random(6).sample(range(625), blanks):
        givens[cell] = 0
    regions = box_regions(25, 5, 5)
    expected = count_exact(25, regions, givens, 2)
    verdict = verify(Puzzle(Geometry.boxed(25), default_symbols(25), tuple(givens)))
    assert verdict.status is (Status.UNIQUE if expected == 1 else Status.MULTIPLE)
    assert is_solution(verdict.solution, 25, regions, givens)
    if expected == 1:
        assert list(verdict.solution) == grid
    else:
        assert is_solution(verdict.other_solution, 25, regions, givens)
