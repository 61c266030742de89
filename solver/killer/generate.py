"""Seeded Killer generation: cages grown on a random Sudoku solution (boxes or a random
jigsaw), re-cut where two solutions differ until one is left, graded to a level.
No givens: the cages alone make the puzzle unique (an easy one may gain a few)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from solver.cages.cage import Cage
from solver.cages.generate import CageRequest
from solver.killer.grade import grade, grade_with_steps
from solver.killer.parse import to_mapping
from solver.killer.puzzle import SIZES, Killer
from solver.sudoku.generate import full_grid
from solver.sudoku.geometry import Geometry, default_symbols
from solver.sudoku.grade import Grade
from solver.sudoku.regions import jigsaw_geometry

#: Givens an easy Killer may gain (see :meth:`Request.soften`)
MAX_GIVENS = 12


@dataclass(frozen=True)
class Request(CageRequest[Killer, Geometry]):
    """What to make: the grid (size, box shape or a fresh jigsaw), level, cells per cage."""

    noun = "Killer"
    sizes_allowed = SIZES
    #: small cages make easy puzzles, big ones hard
    default_cages: ClassVar[dict[str | None, tuple[int, int]]] = {
        None: (2, 5), "easy": (2, 3), "medium": (2, 4), "hard": (2, 5), "diabolical": (3, 6)}
    distinct = True
    attempts = 200

    size: int = 9
    box: tuple[int, int] | None = None
    jigsaw: bool = False
    level: str | None = None
    cages: tuple[int, int] | None = None

    @property
    def most_cells(self) -> int:
        return min(9, self.size)

    def grid_problem(self) -> str | None:
        if self.jigsaw and self.box:
            return "a jigsaw has regions, not boxes: give a jigsaw or a box shape, not both"
        if not self.jigsaw:
            try:
                Geometry.boxed(self.size, *(self.box or (None, None)))
            except ValueError as error:
                return str(error)
        return None

    @property
    def grid_words(self) -> str:
        return "jigsaw " if self.jigsaw else ""

    def geometry(self, rng: random.Random) -> Geometry:
        if self.jigsaw:
            return jigsaw_geometry(self.size, rng)
        return Geometry.boxed(self.size, *(self.box or (None, None)))

    def solution(self, rng: random.Random) -> tuple[Sequence[int], Geometry]:
        geometry = self.geometry(rng)
        while True:
            grid = full_grid(geometry, rng)
            if grid is not None:
                return grid, geometry

    def puzzle(self, cages: Sequence[tuple[int, ...]], solution: Sequence[int], shape: Geometry,
               rng: random.Random) -> Killer:
        made = tuple(Cage(cells, sum(solution[c] for c in cells)) for cells in cages)
        return Killer(shape, default_symbols(self.size), (0,) * (self.size * self.size), made)

    def grade(self, puzzle: Killer, ceiling: float | None) -> Grade:
        return grade(puzzle, ceiling)

    def soften(self, puzzle: Killer, solution: Sequence[int], below: float) -> tuple[Killer, Grade] | None:
        """An easy Killer gains a few givens (:func:`with_givens`); other levels stay as cut."""
        return with_givens(puzzle, solution, below) if self.level == "easy" else None

    def file_form(self, puzzle: Killer) -> dict[str, Any]:
        return to_mapping(puzzle)


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
