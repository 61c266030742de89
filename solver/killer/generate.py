"""Seeded Killer generation: cages grown on a random Sudoku solution (boxes or a random
jigsaw), re-cut where two solutions differ until one is left, graded to a level.
No givens: the cages alone make the puzzle unique."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver.cages.cage import Cage
from solver.cages.generate import GenerationError, Made, make, record, request_problem
from solver.killer.grade import grade, grade_with_steps
from solver.killer.parse import to_mapping
from solver.killer.puzzle import SIZES, Killer
from solver.killer.verdict import verify
from solver.sudoku.generate import full_grid
from solver.sudoku.geometry import Geometry, default_symbols
from solver.sudoku.grade import Grade
from solver.sudoku.regions import jigsaw_geometry

_ATTEMPTS = 200
#: Givens an easy Killer may gain (see :func:`with_givens`)
MAX_GIVENS = 12
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
        """The cells per cage asked, or the level's default (at most N on small grids)."""
        if self.cages:
            return self.cages
        low, high = DEFAULT_CAGES.get(self.level, DEFAULT_CAGES[None])   # (an unknown level: problem() says so)
        return min(low, self.size - 1), min(high, self.size)

    def make(self, seed: int) -> Made[Killer]:
        """The puzzle of one seed (what a generation task runs)."""
        return generate_one(self, seed)

    def record(self, made: Made[Killer]) -> dict[str, Any]:
        """The JSON line of ``generate --json``."""
        return record(made, to_mapping)

    def problem(self) -> str | None:
        """Why the request can never be met; None when it can."""
        reason = request_problem("Killer", SIZES, self.size, self.level, self.sizes, min(9, self.size))
        if reason:
            return reason
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
                request.sizes, True, request.level, seed, _ATTEMPTS, what,
                soften=with_givens if request.level == "easy" else None)


def with_givens(puzzle: Killer, solution: Sequence[int], below: float) -> tuple[Killer, Grade] | None:
    """The Killer with a few givens where its solve first needs a step rated ``below`` or
    more, until it rates below; None when :data:`MAX_GIVENS` are not enough. Easy Killers
    are sold so: a givens-free 9x9 almost always needs a hidden single in a line (1.5)."""
    givens = list(puzzle.givens)
    for _ in range(MAX_GIVENS):
        found, steps = grade_with_steps(puzzle, ceiling=below - 0.05)
        if found.rating < below:
            return puzzle, found
        hard = steps[-1]
        cells = [(r - 1) * puzzle.size + c - 1 for r, c, _ in hard.placed] + \
            [(r - 1) * puzzle.size + c - 1 for r, c in hard.cells]
        open_cells = [c for c in cells if not givens[c]] or [c for c in range(len(givens)) if not givens[c]]
        cell = open_cells[0]
        givens[cell] = solution[cell]
        puzzle = replace(puzzle, givens=tuple(givens))
    return None
