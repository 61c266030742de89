"""The engine against an independent exact-cover solver, on random puzzles of every category."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.sudoku import (
    Geometry,
    Puzzle,
    cell_name,
    count_solutions,
    default_symbols,
    iter_solutions,
    nth_solution,
    parse_text,
    verify,
)
from solver.verdict import Status
from tests.sudoku_oracle import (
    box_regions,
    breaks_rule_outright,
    count_exact,
    exact_cover_solutions,
    full_grid,
    is_solution,
    units_of,
)

#: (size, box rows, box cols, largest share of blanks the oracle handles quickly)
SHAPES = [(4, 2, 2, 0.8), (6, 2, 3, 0.75), (9, 3, 3, 0.7), (12, 3, 4, 0.6), (16, 4, 4, 0.5)]
CATEGORIES = ("remove", "conflict", "alter")


def make_givens(shape: tuple, category: str, seed: int) -> list[int]:
    """Blank a random share of a random full grid; then maybe add a clashing given
    (``conflict``) or change a given to a value its units do not hold (``alter``)."""
    size, box_rows, box_cols, max_blank = shape
    rng = random.Random(seed)
    grid = full_grid(size, box_rows, box_cols, rng)
    blanks = rng.sample(range(size * size), int(size * size * rng.uniform(0.3, max_blank)))
    givens = list(grid)
    for cell in blanks:
        givens[cell] = 0
    regions = box_regions(size, box_rows, box_cols)
    units = units_of(size, regions)
    if category == "conflict":
        row = next(u for u in rng.sample(units[:size], size)
                   if any(givens[c] for c in u) and not all(givens[c] for c in u))
        source = rng.choice([c for c in row if givens[c]])
        target = rng.choice([c for c in row if not givens[c]])
        givens[target] = givens[source]
    elif category == "alter":
        filled = [c for c in range(size * size) if givens[c]]
        cell = rng.choice(filled)
        seen = {givens[c] for u in units if cell in u for c in u if c != cell}
        options = [v for v in range(1, size + 1) if v not in seen and v != givens[cell]]
        if options:
            givens[cell] = rng.choice(options)
    return givens


def expected_status(size: int, regions: list[int], givens: list[int]) -> Status:
    if breaks_rule_outright(size, regions, givens):
        return Status.CONTRADICTORY
    return {0: Status.UNSOLVABLE, 1: Status.UNIQUE}.get(
        count_exact(size, regions, givens, 2), Status.MULTIPLE)


def check_agreement(shape: tuple, category: str, seed: int) -> Status:
    size, box_rows, box_cols, _ = shape
    givens = make_givens(shape, category, seed)
    regions = box_regions(size, box_rows, box_cols)
    puzzle = Puzzle(Geometry.boxed(size, box_rows, box_cols), default_symbols(size), tuple(givens))
    verdict = verify(puzzle)
    expected = expected_status(size, regions, givens)
    assert verdict.status is expected, (puzzle.format(), verdict.reason)
    if expected is Status.UNIQUE:
        assert verdict.solution == next(exact_cover_solutions(size, regions, givens))
    elif expected is Status.MULTIPLE:
        first, second = verdict.solution, verdict.other_solution
        assert first != second
        assert is_solution(first, size, regions, givens)
        assert is_solution(second, size, regions, givens)
        differing = tuple(c for c in range(size * size) if first[c] != second[c])
        assert verdict.differences == differing
        assert all(cell_name(c, size) in verdict.reason for c in differing)
    elif expected is Status.UNSOLVABLE:
        assert verdict.reason.startswith("no solution (proved by search")
    return expected


@pytest.mark.slow
@settings(max_examples=120, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), category=st.sampled_from(CATEGORIES),
       seed=st.integers(0, 2**32))
def test_verdict_agrees_with_exact_cover(shape: tuple, category: str, seed: int) -> None:
    check_agreement(shape, category, seed)


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[0]}")
def test_fixed_seeds_reach_every_category(shape: tuple) -> None:
    """Regression cases: a fixed run of seeds per size covers all four solver outcomes."""
    seen = {check_agreement(shape, category, seed)
            for seed in range(40) for category in CATEGORIES}
    assert seen == {Status.UNIQUE, Status.MULTIPLE, Status.UNSOLVABLE, Status.CONTRADICTORY}


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(shape=st.sampled_from(SHAPES[:2]), seed=st.integers(0, 2**32))
def test_count_and_order_agree_with_exact_cover(shape: tuple, seed: int) -> None:
    size, box_rows, box_cols, _ = shape
    rng = random.Random(seed)
    givens = full_grid(size, box_rows, box_cols, rng)
    for cell in rng.sample(range(size * size), int(size * size * rng.uniform(0.5, 0.9))):
        givens[cell] = 0
    regions = box_regions(size, box_rows, box_cols)
    expected = sorted(exact_cover_solutions(size, regions, givens))
    puzzle = Puzzle(Geometry.boxed(size, box_rows, box_cols), default_symbols(size), tuple(givens))
    counted = count_solutions(puzzle, cap=len(expected) + 5)
    assert counted == len(expected) and not counted.capped
    assert list(iter_solutions(puzzle)) == expected
    assert nth_solution(puzzle, len(expected)) == expected[-1]
    assert nth_solution(puzzle, len(expected) + 1) is None


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32), data=st.data())
def test_malformed_text_names_line_and_column(shape: tuple, seed: int, data: st.DataObject) -> None:
    """A bad character or a missing cell in one line is reported there; the others still parse."""
    size, box_rows, box_cols, _ = shape
    rng = random.Random(seed)
    symbols = default_symbols(size)
    lines = ["".join(symbols[v - 1] for v in full_grid(size, box_rows, box_cols, rng))
             for _ in range(3)]
    bad = data.draw(st.integers(0, 2))
    if data.draw(st.booleans()):
        column = data.draw(st.integers(1, size * size))
        lines[bad] = lines[bad][:column - 1] + "x" + lines[bad][column:]
        message = f"unexpected character 'x' (column {column})"
    else:
        lines[bad] = lines[bad][:-1]
        message = f"{size * size - 1} cells, expected {size * size}"
    results = parse_text("\n".join(lines), size=size)
    assert [r.line for r in results] == [1, 2, 3]
    issue = results[bad]
    assert not isinstance(issue, Puzzle) and issue.message == message
    good = [r for i, r in enumerate(results) if i != bad]
    assert all(verify(p).status is Status.UNIQUE for p in good)
