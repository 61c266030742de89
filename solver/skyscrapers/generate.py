"""Making Skyscrapers at a chosen size and level: seeded, reproducible, unique.

As Tatham's Towers makes them (his idea, our code): a random Latin square is the answer and
every clue it gives is written round it. When the clues alone leave a puzzle the grader solves
without a step above the level's ceiling (most draws), no height is given; otherwise the
heights are all given, then taken away one by one, in a seeded random order, each for good
when the grader still solves the puzzle within the ceiling; then (above easy, whose puzzles
keep all their clues) the clues likewise. The grader's steps are all sound, so a puzzle it
solves has one answer. The result is kept when its grade is the level asked for; otherwise the
next seed of the draw is tried.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from solver.cages.generate import GenerationError
from solver.latin import CEILINGS, LEVELS, Made
from solver.skyscrapers.grade import grade
from solver.skyscrapers.parse import to_mapping
from solver.skyscrapers.puzzle import MAX_SIZE, MIN_SIZE, Skyscrapers, clues_of
from solver.skyscrapers.verdict import Rules, Search
from solver.sudoku.grade import Grade, level_for

#: draws before a request is given up (a level a size cannot have is refused before: problem())
MAX_ATTEMPTS = 200


@dataclass(frozen=True)
class Request:
    """What to make: the grid's size and the level (None: any)."""

    size: int = 6
    level: str | None = None

    def problem(self) -> str | None:
        """Why no puzzle can meet the request, or None."""
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            return f"size {self.size}: Skyscrapers are {MIN_SIZE} to {MAX_SIZE}"
        if self.level is not None and self.level not in LEVELS:
            return f"level {self.level!r}: one of {', '.join(LEVELS)}"
        if self.size == 3 and self.level in ("hard", "diabolical"):
            return "a 3x3 Skyscrapers is never hard: its clues leave too little room (easy or medium)"
        return None

    def make(self, seed: int) -> Made[Skyscrapers]:
        """The puzzle of ``seed`` with its solution and grade (what a generation task runs);
        GenerationError when the request cannot be met. The solution is the square it was cut
        from: the grader solved the puzzle by sound steps, so it has no other."""
        begin = time.perf_counter()
        try:
            puzzle, answer, graded = draw(self, seed)
        except ValueError as error:
            raise GenerationError(str(error)) from None
        return Made(puzzle, answer, graded, seed, (time.perf_counter() - begin) * 1000)

    def record(self, made: Made[Skyscrapers]) -> dict[str, Any]:
        """The JSON line of ``generate``: the puzzle's mapping (which reads back), its
        solution, grade and seed."""
        return {**to_mapping(made.puzzle), "solution": made.puzzle.format(made.solution), "level": made.level,
                "rating": made.rating, "hardest": made.grade.hardest, "seed": made.seed}


def random_square(n: int, rng: random.Random) -> tuple[int, ...]:
    """A random Latin square (the engine's search over an empty grid, its branches shuffled)."""
    empty = Skyscrapers(n, (0,) * (4 * n), (0,) * (n * n))
    rules = Rules.of(empty)
    start = rules.start(empty.givens)
    assert start is not None
    return next(iter(Search(rules, start, seed=rng.getrandbits(32)).solutions()))


def _graded(puzzle: Skyscrapers, ceiling: float) -> Grade | None:
    """The puzzle's grade when the grader solves it without a step above ``ceiling``."""
    found = grade(puzzle, ceiling)
    return found if found.complete and found.rating <= ceiling else None


def attempt(request: Request, rng: random.Random) -> tuple[Skyscrapers, tuple[int, ...], Grade] | None:
    """One draw: a puzzle at most the level's ceiling with its answer and grade, or None when
    its grade falls short of the level."""
    n = request.size
    level = request.level
    ceiling = CEILINGS[level or "diabolical"]
    answer = random_square(n, rng)
    clues = list(clues_of(n, answer))
    givens = [0] * (n * n)
    found = _graded(Skyscrapers(n, tuple(clues), tuple(givens)), ceiling)
    if found is None:
        givens = list(answer)       # the clues alone need more than the level: heights are given
        for cell in rng.sample(range(n * n), n * n):
            held, givens[cell] = givens[cell], 0
            if _graded(Skyscrapers(n, tuple(clues), tuple(givens)), ceiling) is None:
                givens[cell] = held
        found = None
    if level != "easy":
        for index in rng.sample(range(4 * n), 4 * n):
            held, clues[index] = clues[index], 0
            if _graded(Skyscrapers(n, tuple(clues), tuple(givens)), ceiling) is None:
                clues[index] = held
        found = None
    puzzle = Skyscrapers(n, tuple(clues), tuple(givens))
    found = found or grade(puzzle)
    if level is not None and level_for(found.rating) != level:
        return None
    return puzzle, answer, found


def draw(request: Request, seed: int) -> tuple[Skyscrapers, tuple[int, ...], Grade]:
    """A unique puzzle meeting ``request``, its answer and grade, the same for the same seed;
    ValueError when the request cannot be met."""
    problem = request.problem()
    if problem:
        raise ValueError(problem)
    rng = random.Random(seed)
    for _ in range(MAX_ATTEMPTS):
        made = attempt(request, rng)
        if made is not None:
            return made
    raise ValueError(f"no {request.level} {request.size}x{request.size} Skyscrapers in {MAX_ATTEMPTS} draws")


def generate(request: Request, seed: int, *, title: str | None = None) -> Skyscrapers:
    """A unique puzzle meeting ``request``, the same for the same seed; ValueError when the
    request cannot be met."""
    made = draw(request, seed)[0]
    return Skyscrapers(made.size, made.clues, made.givens, title=title)
