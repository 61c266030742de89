"""The generation loop both cage kinds share: cut a random solution into cages, re-cut
where two solutions differ until one is left, then keep it if its grade is in the range.

Deterministic for a seed (``random.Random`` only, in a fixed order). The kind supplies
how cages become a puzzle (sums, or targets with operations) and its verify and grade.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from solver.cages.grow import partition, regrow
from solver.sudoku.generate import GenerationError as SudokuGenerationError
from solver.sudoku.grade import Grade
from solver.verdict import Status, Verdict

P = TypeVar("P")

#: The 1.0-12.0 scale cut into the book's levels, as the Sudoku generator cuts it
LEVELS = {"easy": (0.0, 1.5), "medium": (1.5, 2.5), "hard": (2.5, 5.0), "diabolical": (5.0, 100.0)}
#: Re-cuts of a puzzle with several solutions before its cutting is started again
_REPAIRS = 60
#: Node bound of a verification during generation: enough for any sensible cage layout
_NODES = 20_000


class GenerationError(SudokuGenerationError):
    """A request that was not met within the bounds (the message is one line); the Sudoku
    generator's error, so every caller that handles one handles both."""


@dataclass(frozen=True)
class Made(Generic[P]):
    """One generated puzzle with its solution, grade and the seed that makes it again alone."""

    puzzle: P
    solution: tuple[int, ...]
    grade: Grade
    seed: int
    ms: float

    @property
    def level(self) -> str:
        return self.grade.level

    @property
    def rating(self) -> float:
        return self.grade.rating


class CagedPuzzle(Protocol):
    """A cage kind's puzzle, as far as the record needs it: it writes a solution as text."""

    def format(self, values: tuple[int, ...], /) -> str: ...


C = TypeVar("C", bound=CagedPuzzle)


def record(made: Made[C], file_form: Callable[[C], dict[str, Any]]) -> dict[str, Any]:
    """The JSON line of ``generate --json``: the puzzle in its file form (``file_form``, which
    reads it back), its solution and grade, the seed that makes it again."""
    return {**file_form(made.puzzle), "solution": made.puzzle.format(made.solution),
            "level": made.level, "rating": made.rating, "hardest": made.grade.hardest, "seed": made.seed}


def request_problem(kind: str, sizes: range, size: int, level: str | None, cages: tuple[int, int],
                    most_cells: int) -> str | None:
    """What makes a cage kind's request impossible whatever the search (the grid size, the
    level, the cells per cage); None when nothing does."""
    if size not in sizes:
        return f"a {kind} is {sizes.start}x{sizes.start} to {sizes.stop - 1}x{sizes.stop - 1}, not {size}"
    if level is not None and level not in LEVELS:
        return f"level {level!r} is not one of {', '.join(LEVELS)}"
    low, high = cages
    if not 1 <= low <= high <= most_cells:
        return f"cage sizes {low}-{high} must be a range within 1-{most_cells} cells"
    return None


def in_level(grade: Grade, level: str | None) -> bool:
    if level is None:
        return True
    low, high = LEVELS[level]
    return low <= grade.rating < high


def make(size: int, solution_of: Callable[[random.Random], Sequence[int]],
         build: Callable[[Sequence[tuple[int, ...]], Sequence[int], random.Random], P],
         verify: Callable[[P, int], Verdict], grade: Callable[[P, float | None], Grade],
         sizes: tuple[int, int], distinct: bool, level: str | None, seed: int, attempts: int,
         what: str, soften: Callable[[P, Sequence[int], float], tuple[P, Grade] | None] | None = None
         ) -> Made[P]:
    """A unique puzzle graded in ``level`` from ``seed``, or GenerationError after ``attempts``.

    ``soften(puzzle, solution, ceiling)`` may make a puzzle graded above the level easier
    (a Killer gains a few givens); it returns the new puzzle and grade, or None."""
    begin = time.perf_counter()
    rng = random.Random(seed)
    low, high = sizes
    ceiling = LEVELS[level][1] if level else None
    for _ in range(attempts):
        solution = solution_of(rng)
        cages = partition(size, solution, low, high, distinct, rng)
        for _ in range(_REPAIRS):
            puzzle = build(cages, solution, rng)
            verdict = verify(puzzle, _NODES)
            if verdict.status is Status.UNIQUE:
                found = grade(puzzle, ceiling)
                if soften is not None and level is not None and found.rating >= LEVELS[level][1]:
                    softer = soften(puzzle, solution, LEVELS[level][1])
                    if softer is not None:
                        puzzle, found = softer
                if in_level(found, level):
                    return Made(puzzle, tuple(verdict.solution), found, seed,
                                (time.perf_counter() - begin) * 1000)
                break
            if verdict.status is not Status.MULTIPLE:
                break
            cages = regrow(size, solution, cages, verdict.differences[:2], low, high, distinct, rng)
    raise GenerationError(f"no {what} found in {attempts} attempts from seed {seed}")
