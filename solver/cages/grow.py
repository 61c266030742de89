"""Cages grown on a solved grid: a random partition into connected cages of chosen sizes.

Both generators start from a random solution and cut it into cages; Killer cages must
hold distinct digits (``distinct``), KenKen cages may repeat a digit across rows and
columns. A partition that cannot keep every cage within the size range is redrawn;
:func:`regrow` re-cuts the neighbourhood of a few cells, the step the generators take
while a puzzle still has two solutions where those cells differ.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from solver.cages.cage import connected, neighbours

#: Partitions drawn before a size range is declared out of reach for a grid.
_DRAWS = 200


def _grow(size: int, solution: Sequence[int], free: set[int], low: int, high: int,
          distinct: bool, rng: random.Random, small: float = 0.0, singles: int | None = None
          ) -> list[list[int]] | None:
    """Cut the ``free`` cells into connected cages of ``low``..``high`` cells, a share
    ``small`` of them aimed at ``low`` cells and the rest at any size, at most ``singles``
    of them aimed at one cell (None: no bound); None if stuck."""
    cages: list[list[int]] = []
    order = sorted(free)
    rng.shuffle(order)
    left = set(free)
    aimed = 0
    for seed_cell in order:
        if seed_cell not in left:
            continue
        want = low if small and rng.random() < small else rng.randint(low, high)
        if want == 1 and singles is not None and high > 1:
            if aimed >= singles:
                want = rng.randint(2, high)
            aimed += 1
        cage = [seed_cell]
        left.discard(seed_cell)
        digits = {solution[seed_cell]}
        while len(cage) < want:
            frontier = sorted({nb for c in cage for nb in neighbours(c, size)
                               if nb in left and not (distinct and solution[nb] in digits)})
            if not frontier:
                break
            cell = rng.choice(frontier)
            cage.append(cell)
            left.discard(cell)
            digits.add(solution[cell])
        cages.append(cage)
    # a cage left below ``low``, or a one-cell cage past ``singles`` (a cell the cages round it
    # shut in): give its cells to neighbouring cages with room
    short = [cage for cage in cages if len(cage) < low]
    if singles is not None and high > 1:
        short += [cage for cage in cages if len(cage) == 1 and low == 1][max(singles, 0):]
    for cage in short:
        for cell in list(cage):
            homes = [other for other in cages if other is not cage and len(other) < high
                     and len(other) >= low
                     and any(nb in other for nb in neighbours(cell, size))
                     and not (distinct and any(solution[c] == solution[cell] for c in other))]
            if not homes:
                return None
            rng.choice(homes).append(cell)
            cage.remove(cell)
            if cage and not connected(cage, size):
                return None
    result = [sorted(cage) for cage in cages if cage]
    if any(not (low <= len(cage) <= high) or not connected(cage, size) for cage in result):
        return None
    return result


def partition(size: int, solution: Sequence[int], low: int, high: int, distinct: bool,
              rng: random.Random, small: float = 0.0, singles: int | None = None) -> list[tuple[int, ...]]:
    """The whole grid cut into cages of ``low``..``high`` cells, a share ``small`` aimed at
    ``low``, at most ``singles`` aimed at one cell (ValueError when no draw fits)."""
    for _ in range(_DRAWS):
        cages = _grow(size, solution, set(range(size * size)), low, high, distinct, rng, small, singles)
        if cages is not None:
            return sorted(tuple(cage) for cage in cages)
    raise ValueError(f"no partition of a {size}x{size} grid into cages of {low}-{high} cells found")


def regrow(size: int, solution: Sequence[int], cages: Sequence[tuple[int, ...]], around: Sequence[int],
           low: int, high: int, distinct: bool, rng: random.Random, small: float = 0.0,
           singles: int | None = None) -> list[tuple[int, ...]]:
    """The cages with those touching ``around`` (and their neighbours) cut again at random,
    the one-cell cages kept counting against ``singles``.

    Falls back to the cages unchanged when no new cut of that area fits the size range.
    """
    owner = {cell: index for index, cage in enumerate(cages) for cell in cage}
    hit = {owner[cell] for cell in around}
    for cell in [c for index in list(hit) for c in cages[index]]:
        for nb in neighbours(cell, size):
            if rng.random() < 0.5:
                hit.add(owner[nb])
    free = {cell for index in hit for cell in cages[index]}
    if singles is not None:
        singles -= sum(1 for index, cage in enumerate(cages) if index not in hit and len(cage) == 1)
    for _ in range(20):
        grown = _grow(size, solution, free, low, high, distinct, rng, small, singles)
        if grown is not None:
            kept = [cage for index, cage in enumerate(cages) if index not in hit]
            return sorted(kept + [tuple(cage) for cage in grown])
    return list(cages)
