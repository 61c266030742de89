"""The grader against an exact solver: sound steps, replayable explanations, known levels.

The exact solver is the independent one of tests/sudoku_oracle.py (Algorithm X, no code of
``solver``): a step is judged against the solution it finds, never the product's own."""
from __future__ import annotations

import random

import pytest

from solver import sudoku
from solver.sudoku.candidates import Grid
from tests.grade_positions import dug
from tests.samples import DATA
from tests.sudoku_oracle import exact_cover_solutions


def puzzle_of(text: str) -> sudoku.Puzzle:
    item = sudoku.parse_text(text)[0]
    assert isinstance(item, sudoku.Puzzle), item
    return item


def oracle_solution(puzzle: sudoku.Puzzle) -> tuple[int, ...]:
    """The puzzle's one solution by the oracle (and that it is the only one)."""
    found = list(exact_cover_solutions(puzzle.size, puzzle.geometry.regions, puzzle.givens))
    assert len(found) == 1, len(found)
    return found[0]


def check_sound(puzzle: sudoku.Puzzle, solution: tuple[int, ...]) -> None:
    """No step removes a digit of the solution or places a wrong one; replay solves it."""
    n, symbols = puzzle.size, puzzle.symbols
    grid = Grid(puzzle)
    steps = sudoku.explain(puzzle)
    for step in steps:
        for r, c, s in step.removed:
            assert symbols[solution[(r - 1) * n + c - 1] - 1] != s, step
        for r, c, s in step.placed:
            assert symbols[solution[(r - 1) * n + c - 1] - 1] == s, step
        grid.apply(step)
    if steps and steps[-1].technique == "Beyond":
        return
    assert tuple(grid.values) == solution


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["4", "6", "9", "jigsaw", "jigsaw9"])
def test_steps_never_remove_the_solution(kind: str) -> None:
    rng = random.Random(f"grade-{kind}")
    for _ in range(20 if kind not in ("9", "jigsaw9") else 5):
        puzzle, solution = dug(kind, rng)
        check_sound(puzzle, solution)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["4", "6", "9", "jigsaw", "jigsaw9"])
def test_steps_never_remove_the_solution_many(kind: str) -> None:
    rng = random.Random(f"grade-slow-{kind}")
    for _ in range({"9": 300, "jigsaw9": 200}.get(kind, 1000)):
        puzzle, solution = dug(kind, rng)
        check_sound(puzzle, solution)


def se_chains() -> list[tuple[str, float, str]]:
    """Puzzles of the SE-rated bank that need a wing, BUG or chain: puzzle, SE rating, our
    hardest step."""
    out = []
    for line in (DATA / "se-chains.txt").read_text().splitlines():
        givens, rating, technique = line.split(" ", 2)
        out.append((givens, float(rating), technique))
    return out


@pytest.mark.parametrize("givens, rating, technique",
                         [case for case in se_chains() if case[1] < 7.5])
def test_chain_puzzles_rate_as_se(givens: str, rating: float, technique: str) -> None:
    puzzle = puzzle_of(givens)
    g = sudoku.grade(puzzle)
    assert (g.rating, g.hardest) == (rating, technique)
    check_sound(puzzle, oracle_solution(puzzle))


@pytest.mark.slow
@pytest.mark.parametrize("givens, rating, technique",
                         [case for case in se_chains() if case[1] >= 7.5])
def test_forcing_chain_puzzles_rate_as_se(givens: str, rating: float, technique: str) -> None:
    puzzle = puzzle_of(givens)
    g = sudoku.grade(puzzle)
    assert (g.rating, g.hardest) == (rating, technique)
    check_sound(puzzle, oracle_solution(puzzle))


def test_explanation_replays_to_the_solution() -> None:
    line = (DATA / "graded-levels.txt").read_text().splitlines()[7]
    givens, answer, _ = line.split()
    puzzle = puzzle_of(givens)
    assert puzzle.format(oracle_solution(puzzle)) == answer
    grid = Grid(puzzle)
    for step in sudoku.explain(puzzle):
        grid.apply(step)
    assert puzzle.format(grid.values) == answer


@pytest.mark.slow
def test_levels_of_graded_puzzles() -> None:
    for line in (DATA / "graded-levels.txt").read_text().splitlines():
        givens, _, level = line.split()
        assert sudoku.grade(puzzle_of(givens)).level == level, givens


def test_grade_counts_and_hardest() -> None:
    givens = (DATA / "graded-levels.txt").read_text().splitlines()[6].split()[0]
    puzzle = puzzle_of(givens)
    g = sudoku.grade(puzzle)
    steps = sudoku.explain(puzzle)
    assert g.steps == len(steps) and sum(g.techniques.values()) == len(steps)
    hardest = max(steps, key=lambda s: s.rating)
    assert (g.rating, g.hardest) == (hardest.rating, hardest.technique)
    assert g.level == sudoku.level_for(g.rating) and g.complete


def test_ceiling_stops_at_the_first_harder_step() -> None:
    givens = (DATA / "graded-levels.txt").read_text().splitlines()[6].split()[0]
    puzzle = puzzle_of(givens)
    full = sudoku.grade(puzzle)
    cut = sudoku.grade(puzzle, ceiling=1.5)
    assert cut.rating > 1.5 and not cut.complete and cut.steps <= full.steps
    assert sudoku.grade(puzzle, ceiling=full.rating) == full


def test_level_boundaries() -> None:
    assert [sudoku.level_for(r) for r in (1.0, 1.4, 1.5, 2.4, 2.5, 4.9, 5.0, 9.3)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "diabolical", "diabolical"]


def test_bad_puzzles_raise() -> None:
    two = puzzle_of("." * 81)
    with pytest.raises(ValueError, match="more than one"):
        sudoku.grade(two)
    none = puzzle_of("11" + "." * 79)
    with pytest.raises(ValueError, match="no solution"):
        sudoku.grade(none)


def test_ceiling_skips_techniques_that_rate_above_it() -> None:
    givens, rating, _ = se_chains()[2]             # SE 7.1: needs a forcing chain
    cut = sudoku.grade(puzzle_of(givens), ceiling=5.0)
    assert 5.0 < cut.rating <= rating and not cut.complete
    assert cut.hardest == "Above ceiling"


def bank_levels(level: str) -> list[str]:
    return [line.split()[0] for line in (DATA / f"graded-{level}-60.txt").read_text().splitlines()
            if line.strip()]


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_graded_bank_levels(level: str) -> None:
    assert [sudoku.grade(puzzle_of(p)).level for p in bank_levels(level)] == [level] * 60


@pytest.mark.slow
def test_graded_bank_diabolical() -> None:
    levels = [sudoku.grade(puzzle_of(p)).level for p in bank_levels("diabolical")]
    assert levels == ["diabolical"] * 60
