"""Seeded Killer generation: cages grown on a random Sudoku solution (boxes or a random
jigsaw), re-cut where two solutions differ until one is left, shaped to a level.
No givens unless asked: the cages alone make the puzzle unique and set its level. Asked-for
givens (``givens``) are spread over the grid in pairs turned half a turn apart, as a
Sudoku's are."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.cages.cage import Cage
from solver.cages.generate import CageRequest, GenerationError
from solver.killer.grade import LEVELS, grade
from solver.killer.parse import to_mapping
from solver.killer.puzzle import SIZES, Killer
from solver.sudoku.generate import full_grid, has_grid, parity_marks
from solver.sudoku.geometry import Geometry, default_symbols
from solver.sudoku.grade import Grade
from solver.sudoku.regions import jigsaw_geometry
from solver.sudoku.rules import variant_problem, variant_rules
from solver.sudoku.symmetry import DEFAULT_SYMMETRY, shuffled_orbits

#: Bounded searches for a full grid before a request is given up (a jigsaw's random regions
#: under a variant's rules may keep none)
_GRID_DRAWS = 20


@dataclass(frozen=True)
class Shape:
    """What a Killer's cages are cut on besides its solution: the grid and where its givens go."""

    geometry: Geometry
    given_cells: tuple[int, ...]


@dataclass(frozen=True)
class Request(CageRequest[Killer, Shape]):
    """What to make: the grid (size, box shape or a fresh jigsaw), level, cells per cage,
    and how many givens (none unless asked)."""

    noun = "Killer"
    sizes_allowed = SIZES
    #: small cages make easy puzzles, big ones hard
    default_cages: ClassVar[dict[str | None, tuple[int, int]]] = {
        None: (2, 5), "easy": (2, 3), "medium": (2, 4), "hard": (2, 5), "diabolical": (3, 6)}
    distinct = True
    attempts = 200
    levels = LEVELS
    #: pairs make nearly all of an easy Killer, most of a medium one (as Tatham's), half of a hard one
    small_share: ClassVar[dict[str | None, float]] = {"easy": 0.95, "medium": 0.9, "hard": 0.5}

    size: int = 9
    box: tuple[int, int] | None = None
    jigsaw: bool = False
    level: str | None = None
    cages: tuple[int, int] | None = None
    givens: int = 0
    #: variant rules the cages are combined with (solver.sudoku.rules.VARIANTS); even_odd's
    #: marks are drawn per puzzle from its solution, as a Sudoku's are
    variant: tuple[str, ...] = ()

    @property
    def most_cells(self) -> int:
        return min(9, self.size)

    def merged_cells(self) -> int | None:
        """A medium or hard Killer graded too easy has neighbouring cages merged up to the
        level's largest cage: measured compiled, 9x9 medium 7.4 -> 11.7 puzzles per CPU s (a
        medium is one unique cutting in five, most of the rest easy), hard 23 -> 29. Cage sizes
        asked are kept as asked."""
        return self.sizes[1] if self.level in ("medium", "hard") and self.cages is None else None

    def grid_problem(self) -> str | None:
        cells = self.size * self.size
        if not 0 <= self.givens < cells:
            return f"givens must be 0 to {cells - 1} on a {self.size}x{self.size} Killer, not {self.givens}"
        if self.jigsaw and self.box:
            return "a jigsaw has regions, not boxes: give a jigsaw or a box shape, not both"
        boxed_3x3 = False
        if not self.jigsaw:
            try:
                shape = Geometry.boxed(self.size, *(self.box or (None, None)))
            except ValueError as error:
                return str(error)
            boxed_3x3 = (shape.box_rows, shape.box_cols) == (3, 3)
        if not self.variant:
            return None
        reason = variant_problem(self.variant, self.size, boxed_3x3=boxed_3x3, jigsaw=self.jigsaw)
        if reason is None and not self.jigsaw and not has_grid(shape.with_rules(variant_rules(self.variant))):
            reason = f"no {self.size}x{self.size} grid keeps every rule of {' + '.join(self.variant)}"
        return reason

    @property
    def grid_words(self) -> str:
        return "".join(f"{name} " for name in self.variant) + ("jigsaw " if self.jigsaw else "")

    def geometry(self, rng: random.Random) -> Geometry:
        shape = jigsaw_geometry(self.size, rng) if self.jigsaw else \
            Geometry.boxed(self.size, *(self.box or (None, None)))
        return shape.with_rules(variant_rules(self.variant)) if self.variant else shape

    def solution(self, rng: random.Random) -> tuple[Sequence[int], Shape]:
        """A random full grid and its shape; a jigsaw shape whose bounded search finds no grid
        (some 4x4 jigsaws have none at all) is drawn again, a bounded number of times."""
        for _ in range(_GRID_DRAWS):
            geometry = self.geometry(rng)
            grid = full_grid(geometry, rng)
            if grid is not None:
                if "even_odd" in self.variant:
                    marks = parity_marks(geometry, grid, DEFAULT_SYMMETRY, rng)
                    geometry = geometry.with_rules(variant_rules(self.variant, marks))
                return grid, Shape(geometry, spread_cells(geometry, self.givens, rng))
        raise GenerationError(f"no full grid of a {self.described()} found in {_GRID_DRAWS} searches")

    def puzzle(self, cages: Sequence[tuple[int, ...]], solution: Sequence[int], shape: Shape,
               rng: random.Random) -> Killer:
        made = tuple(Cage(cells, sum(solution[c] for c in cells)) for cells in cages)
        givens = [0] * (self.size * self.size)
        for cell in shape.given_cells:
            givens[cell] = solution[cell]
        return Killer(shape.geometry, default_symbols(self.size), tuple(givens), made)

    def grade(self, puzzle: Killer, ceiling: float | None) -> Grade:
        return grade(puzzle, ceiling, proved_unique=True)

    def file_form(self, puzzle: Killer) -> dict[str, Any]:
        return to_mapping(puzzle)


def spread_cells(geometry: Geometry, count: int, rng: random.Random) -> tuple[int, ...]:
    """``count`` cells for givens, symmetric under a half turn (whole orbits; the centre cell
    of an odd grid makes an odd count) and spread: each orbit in the regions, rows and columns
    holding the fewest givens so far, ties drawn from ``rng``."""
    n = geometry.size
    orbits = shuffled_orbits(DEFAULT_SYMMETRY, n, rng)
    chosen: list[int] = []
    used: dict[tuple[str, int], int] = {}

    def crowding(orbit: tuple[int, ...]) -> int:   # givens already in its places, its own cells' clashes too
        keys = [key for cell in orbit for key in _places(geometry, cell)]
        return sum(used.get(key, 0) for key in keys) + len(keys) - len(set(keys))

    while len(chosen) < count:
        fitting = [orbit for orbit in orbits if len(chosen) + len(orbit) <= count]
        if not fitting:   # an odd count on an even grid: the last given stands alone
            fitting = [orbit[:1] for orbit in orbits]
        orbit = min(fitting, key=crowding)
        orbits = [o for o in orbits if o[0] != orbit[0]]
        chosen += orbit
        for cell in orbit:
            for key in _places(geometry, cell):
                used[key] = used.get(key, 0) + 1
    return tuple(sorted(chosen))


def _places(geometry: Geometry, cell: int) -> tuple[tuple[str, int], ...]:
    row, col = divmod(cell, geometry.size)
    return ("row", row), ("col", col), ("region", geometry.regions[cell])
