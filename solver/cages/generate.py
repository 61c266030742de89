"""The generation loop every cage kind shares: cut a random solution into cages, re-cut where
two solutions differ until one is left, then keep it if its grade is in the level's range.

A kind's request (a :class:`CageRequest`) says only what differs: how its solution grid is
drawn, how cages on it become its puzzle (sums, or targets with operations), how it is
graded, its limits and its file form. Deterministic for a seed (``random.Random`` only, in a
fixed order).
"""
from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from solver.cages.grow import partition, regrow
from solver.cages.puzzle import CagePuzzle
from solver.cages.verdict import verify
from solver.sudoku.generate import GenerationError as SudokuGenerationError
from solver.sudoku.grade import Grade
from solver.verdict import Status

P = TypeVar("P", bound=CagePuzzle)
#: what a kind's solution grid comes with that its puzzle needs (a Killer's geometry)
S = TypeVar("S")

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


class CageRequest(ABC, Generic[P, S]):
    """What to make, for one cage kind: the grid size, the level, the cells per cage (or the
    level's default); a frozen dataclass of the kind's with these fields and its own.

    :meth:`make` is the loop every kind runs; a kind says how its solution is drawn
    (:meth:`solution`), how cages on it become its puzzle (:meth:`puzzle`), how it is graded
    (:meth:`grade`) and, for a puzzle graded above its level, how it may be made easier
    (:meth:`soften`)."""

    #: how messages name the kind ("Killer", "KenKen")
    noun: ClassVar[str]
    #: the grid sizes the kind has
    sizes_allowed: ClassVar[range]
    #: cells per cage when a request names none, by level (None: no level asked)
    default_cages: ClassVar[dict[str | None, tuple[int, int]]]
    #: the cells of a cage hold different digits (Killer), or may repeat one (KenKen)
    distinct: ClassVar[bool]
    #: cuttings tried before the request is given up
    attempts: ClassVar[int]

    size: int
    level: str | None
    cages: tuple[int, int] | None

    @property
    @abstractmethod
    def most_cells(self) -> int:
        """The most cells a cage of this grid may have."""

    @property
    def sizes(self) -> tuple[int, int]:
        """The cells per cage asked, or the level's default (at most :attr:`most_cells`)."""
        if self.cages:
            return self.cages
        low, high = self.default_cages.get(self.level, self.default_cages[None])   # an unknown level: problem()
        return min(low, self.most_cells - 1), min(high, self.most_cells)

    def problem(self) -> str | None:
        """Why the request can never be met whatever the search (the grid size, the level, the
        cells per cage, the grid's own shape); None when it can."""
        n, first, last = self.size, self.sizes_allowed.start, self.sizes_allowed.stop - 1
        if n not in self.sizes_allowed:
            return f"a {self.noun} is {first}x{first} to {last}x{last}, not {n}"
        if self.level is not None and self.level not in LEVELS:
            return f"level {self.level!r} is not one of {', '.join(LEVELS)}"
        low, high = self.sizes
        if not 1 <= low <= high <= self.most_cells:
            return f"cage sizes {low}-{high} must be a range within 1-{self.most_cells} cells"
        cells = n * n
        if not any(count * low <= cells <= count * high for count in range(1, cells + 1)):
            # no number of cages adds up to the grid (81 cells in pairs): refused by rule, not searched
            return f"the {cells} cells of a {n}x{n} grid cannot be cut into cages of {low}-{high} cells"
        return self.grid_problem()

    def grid_problem(self) -> str | None:
        """Why the kind's grid cannot be drawn as asked (a box shape that does not fit)."""
        return None

    @property
    def grid_words(self) -> str:
        """What the request says of its grid besides the size, before the noun ("jigsaw ")."""
        return ""

    def described(self) -> str:
        """The request in words, for the message when none is found ("hard 9x9 jigsaw Killer")."""
        return f"{self.level + ' ' if self.level else ''}{self.size}x{self.size} {self.grid_words}{self.noun}"

    @abstractmethod
    def solution(self, rng: random.Random) -> tuple[Sequence[int], S]:
        """A random solution grid, and what the puzzle on it needs besides (a Killer's geometry)."""

    @abstractmethod
    def puzzle(self, cages: Sequence[tuple[int, ...]], solution: Sequence[int], shape: S,
               rng: random.Random) -> P:
        """The puzzle the cells of ``cages`` make on ``solution`` (their sums, or targets
        with operations drawn from ``rng``)."""

    @abstractmethod
    def grade(self, puzzle: P, ceiling: float | None) -> Grade:
        """The kind's grade of a unique puzzle (exact up to ``ceiling``)."""

    def soften(self, puzzle: P, solution: Sequence[int], below: float) -> tuple[P, Grade] | None:
        """An easier form of a puzzle graded ``below`` or above, with its grade; None: none."""
        return None

    @abstractmethod
    def file_form(self, puzzle: P) -> dict[str, Any]:
        """The puzzle as its file writes it (the kind's ``to_mapping``)."""

    def record(self, made: Made[P]) -> dict[str, Any]:
        """The JSON line of ``generate --json``: the puzzle in its file form (which reads it
        back), its solution and grade, the seed that makes it again."""
        return {**self.file_form(made.puzzle), "solution": made.puzzle.format(made.solution),
                "level": made.level, "rating": made.rating, "hardest": made.grade.hardest, "seed": made.seed}

    def make(self, seed: int) -> Made[P]:
        """A unique puzzle graded in the level from ``seed`` (what a generation task runs), or
        GenerationError when the request is impossible or ``attempts`` cuttings find none."""
        reason = self.problem()
        if reason:
            raise GenerationError(reason)
        begin = time.perf_counter()
        rng = random.Random(seed)
        low, high = self.sizes
        ceiling = LEVELS[self.level][1] if self.level else None
        for _ in range(self.attempts):
            solution, shape = self.solution(rng)
            cages = partition(self.size, solution, low, high, self.distinct, rng)
            for _ in range(_REPAIRS):
                puzzle = self.puzzle(cages, solution, shape, rng)
                verdict = verify(puzzle, node_limit=_NODES)
                if verdict.status is Status.UNIQUE:
                    found = self.grade(puzzle, ceiling)
                    if ceiling is not None and found.rating >= ceiling:
                        softer = self.soften(puzzle, solution, ceiling)
                        if softer is not None:
                            puzzle, found = softer
                    if _in_level(found, self.level):
                        return Made(puzzle, tuple(verdict.solution), found, seed,
                                    (time.perf_counter() - begin) * 1000)
                    break
                if verdict.status is not Status.MULTIPLE:
                    break
                cages = regrow(self.size, solution, cages, verdict.differences[:2], low, high, self.distinct, rng)
        raise GenerationError(f"no {self.described()} found in {self.attempts} attempts from seed {seed}")


def _in_level(grade: Grade, level: str | None) -> bool:
    if level is None:
        return True
    low, high = LEVELS[level]
    return low <= grade.rating < high
