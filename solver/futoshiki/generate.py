"""Making Futoshiki at a chosen size, level and mode: seeded, reproducible, unique.

A random Latin square is the answer. Every sign it gives is drawn (Unequal: every pair of
neighbours gets its ``<`` or ``>``; Adjacent: every pair differing by 1 its bar, which that
mode always shows in full). When those alone leave a puzzle the grader solves without a step
above the level's ceiling, no digit is given; otherwise the digits are all given, then taken
away one by one in a seeded random order, each for good when the grader still solves the
puzzle within the ceiling; then (Unequal) the signs likewise. The grader's steps are all sound,
so a puzzle it solves has one answer. The result is kept when its grade is the level asked
for; otherwise the next draw of the seed is tried.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from solver.cages.engine import Search, start
from solver.cages.generate import GenerationError
from solver.futoshiki.grade import grade, solves_within
from solver.futoshiki.parse import to_mapping
from solver.futoshiki.puzzle import MAX_SIZE, Futoshiki, signs_of
from solver.futoshiki.verdict import rules
from solver.latin import CEILINGS, LEVELS, Made
from solver.sudoku.grade import Grade, level_for

#: draws before a request is given up (a level a size cannot have is refused before: problem())
MAX_ATTEMPTS = 200
MIN_GENERATED = 4


@dataclass(frozen=True)
class Request:
    """What to make: the grid's size, the level (None: any) and the mode."""

    size: int = 6
    level: str | None = None
    adjacent: bool = False

    def problem(self) -> str | None:
        """Why no puzzle can meet the request, or None."""
        if not MIN_GENERATED <= self.size <= MAX_SIZE:
            return f"size {self.size}: generated Futoshiki are {MIN_GENERATED} to {MAX_SIZE}"
        if self.level is not None and self.level not in LEVELS:
            return f"level {self.level!r}: one of {', '.join(LEVELS)}"
        if self.adjacent and self.size == 4 and self.level in ("hard", "diabolical"):
            return "a 4x4 Adjacent Futoshiki is never hard: its bars leave too little room (easy or medium)"
        if self.adjacent and self.size in (5, 6) and self.level == "hard":
            return (f"a {self.size}x{self.size} Adjacent Futoshiki is hardly ever hard: its bars leave it medium or, "
                    "without enough digits, diabolical (hard Adjacent ones are 7x7 and up)")
        return None

    def make(self, seed: int) -> Made[Futoshiki]:
        """The puzzle of ``seed`` with its solution and grade (what a generation task runs);
        GenerationError when the request cannot be met. The solution is the square it was cut
        from: the grader solved the puzzle by sound steps, so it has no other."""
        begin = time.perf_counter()
        try:
            puzzle, answer, graded = draw(self, seed)
        except ValueError as error:
            raise GenerationError(str(error)) from None
        return Made(puzzle, answer, graded, seed, (time.perf_counter() - begin) * 1000)

    def record(self, made: Made[Futoshiki]) -> dict[str, Any]:
        """The JSON line of ``generate``: the puzzle's mapping (which reads back), its
        solution, grade and seed."""
        return {**to_mapping(made.puzzle), "solution": made.puzzle.format(made.solution), "level": made.level,
                "rating": made.rating, "hardest": made.grade.hardest, "seed": made.seed}


def random_square(n: int, rng: random.Random) -> tuple[int, ...]:
    """A random Latin square (the engine's search over an empty grid, its branches shuffled)."""
    empty = Futoshiki(n, (0,) * (n * n), ())
    net = rules(empty)
    cand = start(net, empty.givens)
    assert cand is not None
    return next(iter(Search(net, cand, seed=rng.getrandbits(32)).solutions()))


def attempt(request: Request, rng: random.Random) -> tuple[Futoshiki, tuple[int, ...], Grade] | None:
    """One draw: a puzzle at most the level's ceiling with its answer and grade, or None when
    its grade falls short of the level."""
    n, level, adjacent = request.size, request.level, request.adjacent
    ceiling = CEILINGS[level or "diabolical"]
    answer = random_square(n, rng)
    signs = list(signs_of(n, answer, adjacent))
    givens = [0] * (n * n)
    if not solves_within(Futoshiki(n, tuple(givens), tuple(signs), adjacent), ceiling):
        givens = list(answer)       # the signs alone need more than the level: digits are given
        for cell in rng.sample(range(n * n), n * n):
            held, givens[cell] = givens[cell], 0
            if not solves_within(Futoshiki(n, tuple(givens), tuple(signs), adjacent), ceiling):
                givens[cell] = held
    if not adjacent:
        kept = list(signs)
        for sign in rng.sample(signs, len(signs)):
            kept.remove(sign)
            if not solves_within(Futoshiki(n, tuple(givens), tuple(kept), adjacent), ceiling):
                kept.append(sign)
        signs = kept
    puzzle = Futoshiki(n, tuple(givens), tuple(signs), adjacent)
    found = grade(puzzle)
    if level is not None and level_for(found.rating) != level:
        return None
    return puzzle, answer, found


def draw(request: Request, seed: int) -> tuple[Futoshiki, tuple[int, ...], Grade]:
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
    mode = " Adjacent" if request.adjacent else ""
    raise ValueError(f"no {request.level} {request.size}x{request.size}{mode} Futoshiki in {MAX_ATTEMPTS} draws")


def generate(request: Request, seed: int, *, title: str | None = None) -> Futoshiki:
    """A unique puzzle meeting ``request``, the same for the same seed; ValueError when the
    request cannot be met."""
    made = draw(request, seed)[0]
    return Futoshiki(made.size, made.givens, made.signs, made.adjacent, title=title)
