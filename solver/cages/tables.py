"""Every way a cage can meet its total, precomputed once, indexed for propagation.

A Killer cage holds distinct digits, so what matters is the *set* of digits: its
combinations are digit bitmasks (``15`` in three cells of 1-9: 1+5+9, 1+6+8, ...). A KenKen
cage may repeat a digit where its cells share no row or column, and ``-`` and ``/`` depend
on order, so its table lists value *tuples*, one value per cell.

Both tables also keep, per digit (and per cell for tuples), the set of entries that use it
as one big-int bitset. Filtering a cage against the candidates of its cells is then a few
ANDs and ORs of those bitsets, whatever the number of entries (see
:mod:`solver.cages.engine`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from solver.cages.cage import Cage


@lru_cache(maxsize=8)
def _subsets_by_size_and_sum(n: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """Every set of distinct digits 1..n as a bitmask, grouped by (size, sum)."""
    groups: dict[tuple[int, int], list[int]] = {}
    for mask in range(1, 1 << n):
        total = sum(d + 1 for d in range(n) if mask >> d & 1)
        groups.setdefault((mask.bit_count(), total), []).append(mask)
    return {key: tuple(masks) for key, masks in groups.items()}


def sum_combinations(n: int, cells: int, total: int) -> tuple[int, ...]:
    """The digit sets (bitmasks) of ``cells`` distinct digits 1..n adding up to ``total``."""
    if n > 16:
        raise ValueError(f"cage sums are tabled for grids up to 16x16, not {n}x{n}")
    return _subsets_by_size_and_sum(n).get((cells, total), ())


@dataclass(frozen=True)
class SumTable:
    """A Killer cage's digit sets and, per digit, the bitset of the sets that hold it."""

    cells: tuple[int, ...]
    combos: tuple[int, ...]
    holding: tuple[int, ...]     # holding[d]: bit i set when combos[i] has digit d+1
    every: int                   # all combos (bit i for each)


@lru_cache(maxsize=4096)
def sum_table(cells: tuple[int, ...], total: int, n: int) -> SumTable:
    combos = sum_combinations(n, len(cells), total)
    holding = [0] * n
    for i, combo in enumerate(combos):
        for d in range(n):
            if combo >> d & 1:
                holding[d] |= 1 << i
    return SumTable(cells, combos, tuple(holding), (1 << len(combos)) - 1)


@dataclass(frozen=True)
class TupleTable:
    """A KenKen cage's value tuples and, per cell and digit, the bitset of tuples using it."""

    cells: tuple[int, ...]
    tuples: tuple[tuple[int, ...], ...]
    using: tuple[tuple[int, ...], ...]   # using[i][d]: tuples with digit d+1 in cells[i]
    every: int


def _meets(values: Sequence[int], op: str, total: int) -> bool:
    if op == "+":
        return sum(values) == total
    if op == "x":
        product = 1
        for v in values:
            product *= v
        return product == total
    if len(values) != 2:
        return False
    high, low = max(values), min(values)
    if op == "-":
        return high - low == total
    return high == low * total     # "/"


def operations_for(cage: Cage, shown: bool) -> tuple[str, ...]:
    """The operations a cage may use: its own; all that fit its size when hidden."""
    if len(cage.cells) == 1:
        return ("+",)              # a one-cell cage is a given: its value is its total
    if shown and cage.op is not None:
        return (cage.op,)
    return ("+", "-", "x", "/") if len(cage.cells) == 2 else ("+", "x")


def _enumerate(cells: tuple[int, ...], n: int, op: str, total: int) -> list[tuple[int, ...]]:
    """Tuples of 1..n for ``cells`` meeting ``total`` by ``op``, distinct along rows and columns."""
    k = len(cells)
    clash = [[j for j in range(i) if cells[j] // n == cells[i] // n or cells[j] % n == cells[i] % n]
             for i in range(k)]
    found: list[tuple[int, ...]] = []
    values = [0] * k

    def extend(i: int, acc: int) -> None:
        if i == k:
            if _meets(values, op, total):
                found.append(tuple(values))
            return
        left = k - i - 1
        for v in range(1, n + 1):
            if any(values[j] == v for j in clash[i]):
                continue
            if op == "+":
                rest = total - acc - v
                if rest < left or rest > left * n:
                    continue
                values[i] = v
                extend(i + 1, acc + v)
            elif op == "x":
                if total % (acc * v):
                    continue
                values[i] = v
                extend(i + 1, acc * v)
            else:
                values[i] = v
                extend(i + 1, acc)
        values[i] = 0

    extend(0, 0 if op == "+" else 1)
    return found


@lru_cache(maxsize=4096)
def tuple_table(cells: tuple[int, ...], ops: tuple[str, ...], total: int, n: int) -> TupleTable:
    """The table of a KenKen cage over ``cells`` reaching ``total`` by any of ``ops``."""
    found: dict[tuple[int, ...], None] = {}
    for op in ops:
        for values in _enumerate(cells, n, op, total):
            found[values] = None
    tuples = tuple(sorted(found))
    using = [[0] * n for _ in cells]
    for index, values in enumerate(tuples):
        for i, v in enumerate(values):
            using[i][v - 1] |= 1 << index
    return TupleTable(cells, tuples, tuple(tuple(row) for row in using), (1 << len(tuples)) - 1)
