"""Random jigsaw region maps: N connected regions of N cells each, from a seeded generator.

Start from a tiling everybody knows is valid (the usual boxes, or N row strips
when N has no box shape) and apply many random *swaps*: a cell on the border
of region A joins a neighbouring region B while a cell of B on the border of A
joins A. A swap keeps every region at N cells; it is undone when either
region would fall apart, so every map along the way is a valid jigsaw map. The
same seed gives the same map (``random.Random`` only, in a fixed cell order).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from solver.sudoku.geometry import Geometry

#: Swaps tried per cell of the grid: enough to leave no box edge recognisable.
_SWEEPS = 12
#: Region labels of a generated map, one letter per region.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _neighbours(size: int) -> list[tuple[int, ...]]:
    out = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        out.append(tuple(y * size + x for y, x in near if 0 <= y < size and 0 <= x < size))
    return out


def connected(cells: set[int], neighbours: Sequence[tuple[int, ...]]) -> bool:
    """Whether the cells form one piece (orthogonal steps)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        for near in neighbours[todo.pop()]:
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(cells)


def _start(size: int) -> list[int]:
    try:
        return list(Geometry.boxed(size).regions)
    except ValueError:   # prime sizes: row strips
        return [cell // size for cell in range(size * size)]


def random_regions(size: int, rng: random.Random) -> tuple[int, ...]:
    """A random region map (region index 0..N-1 of every cell, row-major)."""
    neighbours = _neighbours(size)
    region = _start(size)
    members = [set() for _ in range(size)]   # type: list[set[int]]
    for cell, r in enumerate(region):
        members[r].add(cell)
    cells = size * size
    for _ in range(_SWEEPS * cells):
        a = rng.randrange(cells)
        foreign = [near for near in neighbours[a] if region[near] != region[a]]
        if not foreign:
            continue
        home, away = region[a], region[rng.choice(foreign)]
        # A cell of the other region touching ours (other than through a alone is fine).
        border = sorted(c for c in members[away]
                        if any(region[near] == home and near != a for near in neighbours[c]))
        if not border:
            continue
        b = rng.choice(border)
        members[home].discard(a)
        members[away].discard(b)
        members[home].add(b)
        members[away].add(a)
        if connected(members[home], neighbours) and connected(members[away], neighbours):
            region[a], region[b] = away, home
        else:
            members[home].discard(b)
            members[away].discard(a)
            members[home].add(a)
            members[away].add(b)
    return tuple(region)


def labels(regions: Sequence[int]) -> str:
    """The map as N*N region letters, regions lettered in order of first appearance."""
    names: dict[int, str] = {}
    for r in regions:
        names.setdefault(r, LETTERS[len(names)])
    return "".join(names[r] for r in regions)


def jigsaw_geometry(size: int, rng: random.Random) -> Geometry:
    """A jigsaw geometry on a fresh random region map."""
    return Geometry.jigsaw(size, labels(random_regions(size, rng)))
