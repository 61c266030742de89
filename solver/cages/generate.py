"""The generation loop every cage kind shares: cut a random solution into cages, re-cut where
two solutions differ until one is left, then keep it if its grade is in the level's range.
Re-cutting a unique puzzle toward its level (smaller cages where its solve sticks, larger
where it is too easy) was measured slower than a fresh cutting at every level: each re-cut
costs a verification and a grade, and most lose uniqueness. The exception is a level that
fresh cuttings rarely reach from below, a hard KenKen: there a puzzle graded too easy has two
neighbouring cages merged (:meth:`CageRequest.hardened`).

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
from solver.verdict import Status, Verdict

P = TypeVar("P", bound=CagePuzzle)
#: what a kind's solution grid comes with that its puzzle needs (a Killer's geometry)
S = TypeVar("S")

#: The 1.0-12.0 scale cut into the book's levels, as the Sudoku generator cuts it
LEVELS = {"easy": (0.0, 1.5), "medium": (1.5, 2.5), "hard": (2.5, 5.0), "diabolical": (5.0, 100.0)}
#: Re-cuts of a puzzle with several solutions before its cutting is started again
_REPAIRS = 60
#: Node bound of a verification during generation: enough for any sensible cage layout
_NODES = 20_000
#: Merges tried on a puzzle graded below its level (:meth:`CageRequest.hardened`)
_MERGES = 10
#: How far the share of smallest cages moves after a unique cutting misses its level (a
#: variant's rules make its cuttings easier: an X Killer's medium cuttings came out easy
#: half the time at the plain Killer's share)
_SHIFT = 0.15


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
    #: the share of cages cut at the smallest size, by level: small cages with few combinations
    #: make a puzzle easy, so an easy request cut mostly so finds its level several times sooner
    #: (measured per level with bench/cages.py; a level not listed cuts every size alike)
    small_share: ClassVar[dict[str | None, float]] = {}
    #: the cells of a cage hold different digits (Killer), or may repeat one (KenKen)
    distinct: ClassVar[bool]
    #: cuttings tried before the request is given up
    attempts: ClassVar[int]
    #: the book's levels on the rating scale, lower bound inclusive (a kind may cut it its own way)
    levels: ClassVar[dict[str, tuple[float, float]]] = LEVELS
    #: the highest rating a puzzle can have that the search's propagation solves without a guess
    #: (:meth:`below`); None when the kind's propagation does more than its easy techniques
    propagation_rating: ClassVar[float | None] = None

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

    @property
    def singles(self) -> int:
        """The most one-cell cages a cutting aims at, when the sizes asked allow them: a one-cell
        cage is a given, and a search for uniqueness favours them (a 6x6 KenKen cut 1-4 kept
        12 of its 20 cages at one cell), where a setter's puzzle has none or a few."""
        return self.size // 3

    def problem(self) -> str | None:
        """Why the request can never be met whatever the search (the grid size, the level, the
        cells per cage, the grid's own shape); None when it can."""
        n, first, last = self.size, self.sizes_allowed.start, self.sizes_allowed.stop - 1
        if n not in self.sizes_allowed:
            return f"a {self.noun} is {first}x{first} to {last}x{last}, not {n}"
        if self.level is not None and self.level not in self.levels:
            return f"level {self.level!r} is not one of {', '.join(self.levels)}"
        low, high = self.sizes
        if not 1 <= low <= high <= self.most_cells:
            return f"cage sizes {low}-{high} must be a range within 1-{self.most_cells} cells"
        cells = n * n
        if not any(count * low <= cells <= count * high for count in range(1, cells + 1)):
            # no number of cages adds up to the grid (81 cells in pairs): refused by rule, not searched
            return f"the {cells} cells of a {n}x{n} grid cannot be cut into cages of {low}-{high} cells"
        return self.grid_problem()

    def merged_cells(self) -> int | None:
        """The most cells two neighbouring cages may make together when a unique puzzle grades
        below its level (:meth:`hardened`); None: no merging (the kind's default)."""
        return None

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
        """The kind's grade of a puzzle the generator has just proved unique (exact up to
        ``ceiling``)."""

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
        floor, ceiling = self.levels[self.level] if self.level else (0.0, None)
        share = self.small_share.get(self.level, 0.0) if self.cages is None else 0.0   # asked sizes: as asked
        small = share
        for _ in range(self.attempts):
            solution, shape = self.solution(rng)
            cages = partition(self.size, solution, low, high, self.distinct, rng, small, self.singles)
            for _ in range(_REPAIRS):
                puzzle = self.puzzle(cages, solution, shape, rng)
                verdict = verify(puzzle, node_limit=_NODES)
                if verdict.status is Status.UNIQUE:
                    found = None if self.below(puzzle, verdict, floor) else self.grade(puzzle, ceiling)
                    if found is None or found.rating < floor:
                        puzzle, found = self.hardened(puzzle, found, cages, solution, shape, rng, floor, ceiling)
                    if found is not None and (ceiling is None or floor <= found.rating < ceiling):
                        return Made(puzzle, tuple(verdict.solution), found, seed,
                                    (time.perf_counter() - begin) * 1000)
                    # the next cutting shaped toward the level: fewer smallest cages after one too
                    # easy, back toward the level's share after one too hard
                    easier = found is None or found.rating < floor
                    small = max(0.0, small - _SHIFT) if easier else min(share, small + _SHIFT)
                    break
                if verdict.status is not Status.MULTIPLE:
                    break
                cages = regrow(self.size, solution, cages, verdict.differences[:2], low, high, self.distinct, rng,
                               small, self.singles)
        raise GenerationError(f"no {self.described()} found in {self.attempts} attempts from seed {seed}")

    def below(self, puzzle: P, verdict: Verdict, floor: float) -> bool:
        """Whether the verification of a unique ``puzzle`` already shows it rates below ``floor``,
        so its grade is not needed: the search's propagation solved it without a guess, and
        every deduction of that propagation is one of the kind's techniques rated at most
        :attr:`propagation_rating` (a kind that names none: never)."""
        most = self.propagation_rating
        return most is not None and most < floor and verdict.stats.guesses == 0 and not puzzle.network().bounds

    def hardened(self, puzzle: P, found: Grade | None, cages: Sequence[tuple[int, ...]], solution: Sequence[int],
                 shape: S, rng: random.Random, floor: float, ceiling: float | None) -> tuple[P, Grade | None]:
        """A unique puzzle graded below ``floor`` made harder by merging two neighbouring cages
        (up to :meth:`merged_cells` cells; digits kept different where the kind asks), a merge
        kept when the puzzle stays unique and under ``ceiling``, until it reaches the floor or
        :data:`_MERGES` merges were tried. A hard KenKen is rare among fresh cuttings (one in
        twelve at 6x6: most grade medium or need forcing), and a merge is one verification and
        one grade where a fresh cutting is several. ``found`` None: a puzzle :meth:`below` showed
        too easy without a grade (a merge it stays so under is kept without one, too)."""
        most = self.merged_cells()
        if most is None:
            return puzzle, found
        n, current = self.size, list(cages)
        for _ in range(_MERGES):
            if found is not None and found.rating >= floor:
                break
            pairs = [(i, j) for i in range(len(current)) for j in range(i + 1, len(current))
                     if len(current[i]) + len(current[j]) <= most and _touch(current[i], current[j], n)
                     and not (self.distinct and {solution[c] for c in current[i]} & {solution[c] for c in current[j]})]
            if not pairs:
                break
            i, j = rng.choice(pairs)
            trial = sorted([cage for k, cage in enumerate(current) if k not in (i, j)]
                           + [tuple(sorted(current[i] + current[j]))])
            candidate = self.puzzle(trial, solution, shape, rng)
            verdict = verify(candidate, node_limit=_NODES)
            if verdict.status is not Status.UNIQUE:
                continue
            graded = None if self.below(candidate, verdict, floor) else self.grade(candidate, ceiling)
            if graded is not None and ceiling is not None and graded.rating >= ceiling:
                continue
            puzzle, found, current = candidate, graded, trial
        return puzzle, found


def _touch(a: tuple[int, ...], b: tuple[int, ...], n: int) -> bool:
    """Whether two cages of an N x N grid share an edge."""
    return any((abs(x - y) == 1 and x // n == y // n) or abs(x - y) == n for x in a for y in b)
