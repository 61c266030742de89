"""Seeded Killer generation: cages grown on a random Sudoku solution (boxes or a random
jigsaw), re-cut where two solutions differ until one is left, graded to a level.
No givens: the cages alone make the puzzle unique."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from solver.cages.cage import Cage
from solver.cages.generate import LEVELS, GenerationError, Made, make
from solver.killer.grade import grade
from solver.killer.puzzle import SIZES, Killer
from solver.killer.verdict import verify
from solver.sudoku.generate import full_grid
from solver.sudoku.geometry import Geometry, default_symbols
from solver.sudoku.regions import jigsaw_geometry

_ATTEMPTS = 200
#: Cage sizes when a request names none: small cages make easy puzzles, big ones hard
DEFAULT_CAGES = {None: (2, 5), "easy": (2, 3), "medium": (2, 4), "hard": (2, 5), "diabolical": (3, 6)}


@dataclass(frozen=True)
class Request:
    """What to make: the grid (size, box shape or a fresh jigsaw), level, cells per cage."""

    size: int = 9
    box: tuple[int, int] | None = None
    jigsaw: bool = False
    level: str | None = None
    cages: tuple[int, int] | None = None

    @property
    def sizes(self) -> tuple[int, int]:
        return self.cages or DEFAULT_CAGES[self.level]

    def problem(self) -> str | None:
        """Why the request can never be met; None when it can."""
        if self.size not in SIZES:
            return f"a Killer is {SIZES.start}x{SIZES.start} to {SIZES.stop - 1}x{SIZES.stop - 1}, not {self.size}"
        if self.level is not None and self.level not in LEVELS:
            return f"level {self.level!r} is not one of {', '.join(LEVELS)}"
        low, high = self.sizes
        if not 1 <= low <= high <= min(9, self.size):
            return f"cage sizes {low}-{high} must be a range within 1-{min(9, self.size)} cells"
        if self.jigsaw and self.box:
            return "a jigsaw has regions, not boxes: give a jigsaw or a box shape, not both"
        if not self.jigsaw:
            try:
                Geometry.boxed(self.size, *(self.box or (None, None)))
            except ValueError as error:
                return str(error)
        return None

    def geometry(self, rng: random.Random) -> Geometry:
        if self.jigsaw:
            return jigsaw_geometry(self.size, rng)
        return Geometry.boxed(self.size, *(self.box or (None, None)))


def generate_one(request: Request, seed: int) -> Made[Killer]:
    """The Killer of one seed; GenerationError when the bound is reached first."""
    reason = request.problem()
    if reason:
        raise GenerationError(reason)
    n = request.size
    symbols = default_symbols(n)
    shape: list[Geometry] = []

    def solution_of(rng: random.Random) -> Sequence[int]:
        geometry = request.geometry(rng)
        shape[:] = [geometry]
        while True:
            grid = full_grid(geometry, rng)
            if grid is not None:
                return grid

    def build(cages: Sequence[tuple[int, ...]], solution: Sequence[int], rng: random.Random) -> Killer:
        made = tuple(Cage(cells, sum(solution[c] for c in cells)) for cells in cages)
        return Killer(shape[0], symbols, (0,) * (n * n), made)

    what = f"{request.level + ' ' if request.level else ''}{n}x{n} {'jigsaw ' if request.jigsaw else ''}Killer"
    return make(n, solution_of, build, lambda p, nodes: verify(p, node_limit=nodes), grade,
                request.sizes, True, request.level, seed, _ATTEMPTS, what)
