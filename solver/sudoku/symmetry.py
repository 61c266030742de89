"""Symmetries of a pattern of givens: the cell maps, their orbits, and which grids allow them.

A generated puzzle removes givens an *orbit* at a time (a cell and its images
under the symmetry), so the pattern of givens has the symmetry by construction.
A boxed grid allows a symmetry only when that symmetry also maps every box onto
a box, so the printed puzzle, box lines included, looks the same turned or
mirrored: rot180 and mirror always do; rot90 and diagonal need square boxes
(a 6x6 with 2x3 boxes turned a quarter has 3x2 boxes). Jigsaw region maps are
random and have no symmetry of their own; there the givens alone are symmetric.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from solver.sudoku.geometry import Geometry

Cell = tuple[int, int]

#: The cell maps (row, col) -> (row, col) on an n x n grid; each generates its group.
_MAPS: dict[str, Callable[[int, int, int], Cell]] = {
    "none": lambda r, c, n: (r, c),
    "rot180": lambda r, c, n: (n - 1 - r, n - 1 - c),
    "rot90": lambda r, c, n: (c, n - 1 - r),
    "mirror": lambda r, c, n: (r, n - 1 - c),        # left-right
    "diagonal": lambda r, c, n: (c, r),              # about the main diagonal
}
SYMMETRIES: tuple[str, ...] = tuple(_MAPS)
DEFAULT_SYMMETRY = "rot180"


def image(symmetry: str, cell: int, size: int) -> int:
    """Where ``symmetry`` sends ``cell`` (row-major index) on a ``size`` x ``size`` grid."""
    r, c = _MAPS[symmetry](*divmod(cell, size), size)
    return r * size + c


def orbits(symmetry: str, size: int) -> list[tuple[int, ...]]:
    """The cells grouped into orbits (each sorted), in order of their smallest cell."""
    seen: set[int] = set()
    found = []
    for cell in range(size * size):
        if cell in seen:
            continue
        orbit = {cell}
        step = image(symmetry, cell, size)
        while step not in orbit:
            orbit.add(step)
            step = image(symmetry, step, size)
        seen |= orbit
        found.append(tuple(sorted(orbit)))
    return found


def is_symmetric(givens: Sequence[int], size: int, symmetry: str) -> bool:
    """Whether the pattern of givens (which cells are filled, not their values) has the symmetry."""
    return all(bool(givens[cell]) == bool(givens[image(symmetry, cell, size)])
               for cell in range(size * size))


def respects(geometry: Geometry, symmetry: str) -> bool:
    """Whether the symmetry maps every box of a boxed grid onto a box (always true for jigsaw,
    whose random regions are not part of the pattern's symmetry)."""
    if geometry.is_jigsaw:
        return True
    n = geometry.size
    boxes: dict[int, set[int]] = {}
    for cell, region in enumerate(geometry.regions):
        boxes.setdefault(region, set()).add(cell)
    shapes = {frozenset(cells) for cells in boxes.values()}
    return all(frozenset(image(symmetry, cell, n) for cell in cells) in shapes
               for cells in boxes.values())


def shuffled_orbits(symmetry: str, size: int, rng: random.Random) -> list[tuple[int, ...]]:
    """The orbits in a seeded random order: the order givens are tried for removal."""
    found = orbits(symmetry, size)
    rng.shuffle(found)
    return found
