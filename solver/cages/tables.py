"""Every way a cage can meet its total, precomputed once, indexed for propagation.

A Killer cage holds distinct digits, so what matters is the *set* of digits: its
combinations are digit bitmasks (``15`` in three cells of 1-9: 1+5+9, 1+6+8, ...). A KenKen
cage may repeat a digit where its cells share no row or column, and ``-`` and ``/`` depend
on order, so its table lists value *tuples*, one value per cell.

Both tables also keep, per digit (and per cell for tuples), the set of entries that use it
as one big-int bitset. Filtering a cage against the candidates of its cells is then a few
ANDs and ORs of those bitsets, whatever the number of entries (see
:mod:`solver.cages.engine`).

A KenKen cage can be far too large to table: a row cage of a 9x9 holds 362,880 tuples, a
cage of all 81 cells every Latin square. A cage of more than :data:`MAX_TABLED_CELLS` cells
is given as its :class:`Bounds` instead: its sum or product narrowed by the least and
greatest values its cells can take, exact once they are all decided.
"""
from __future__ import annotations

import math
from collections import Counter
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


#: The most cells of a KenKen cage that is tabled: on a 9x9 a 7-cell cage has up to 115,000
#: tuples, found within 1.4 s; an 8-cell one up to 650,000 in 22 s (random cages and targets
#: of random Latin squares, the worst of 300 and of 40). No printed KenKen has such cages.
MAX_TABLED_CELLS = 7


@dataclass(frozen=True)
class Bounds:
    """A cage too large to table: its cells must reach ``total`` by one of ``ops`` ("+", "x")."""

    cells: tuple[int, ...]
    ops: tuple[str, ...]
    total: int

    def reachable(self, n: int) -> bool:
        """Whether some op can reach the total as far as needs no search: between the least
        and greatest sum (product) of cells whose values differ along each row and column
        (a row's k cells add up to at least 1 + ... + k), a product of no prime over n."""
        lines = [Counter(c // n for c in self.cells).values(), Counter(c % n for c in self.cells).values()]
        for op in self.ops:
            if op == "+":
                least = max(sum(k * (k + 1) // 2 for k in line) for line in lines)
                most = min(sum(k * (2 * n - k + 1) // 2 for k in line) for line in lines)
            else:
                least = max(math.prod(math.factorial(k) for k in line) for line in lines)
                most = min(math.prod(math.perm(n, k) for k in line) for line in lines)
                if not _smooth(self.total, n):
                    continue
            if least <= self.total <= most:
                return True
        return False


def _smooth(total: int, n: int) -> bool:
    """Whether ``total`` is a product of numbers 1..n (no prime factor above n)."""
    for p in range(2, n + 1):
        while total % p == 0:
            total //= p
    return total == 1


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


def _clashes(cells: tuple[int, ...], n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of a cage, the earlier cells sharing its row or column: all a cage's
    tuples depend on besides its total, so cages of one shape anywhere share one table."""
    return tuple(tuple(j for j in range(i) if cells[j] // n == cells[i] // n or cells[j] % n == cells[i] % n)
                 for i in range(len(cells)))


def _enumerate(clash: tuple[tuple[int, ...], ...], n: int, op: str, total: int) -> list[tuple[int, ...]]:
    """Tuples of 1..n meeting ``total`` by ``op``, cell i's value differing from those of ``clash[i]``."""
    k = len(clash)
    found: list[tuple[int, ...]] = []
    values = [0] * k

    def extend(i: int, acc: int) -> None:
        if i == k:
            if _meets(values, op, total):
                found.append(tuple(values))
            return
        left = k - i - 1
        banned = 0
        for j in clash[i]:
            banned |= 1 << values[j]
        for v in range(1, n + 1):
            if banned >> v & 1:
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


def tuple_table(cells: tuple[int, ...], ops: tuple[str, ...], total: int, n: int) -> TupleTable | None:
    """The table of a KenKen cage over ``cells`` reaching ``total`` by any of ``ops``; None
    when it would be too large to table (then the cage is its :class:`Bounds`)."""
    if len(cells) > MAX_TABLED_CELLS:
        return None
    tuples, using = _shaped_table(_clashes(cells, n), ops, total, n)
    return TupleTable(cells, tuples, using, (1 << len(tuples)) - 1)


@lru_cache(maxsize=16384)
def _shaped_table(clash: tuple[tuple[int, ...], ...], ops: tuple[str, ...], total: int, n: int
                  ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The tuples and ``using`` bitsets of every cage of one shape (``clash``) and total: a
    generator cutting cages again and again meets the same few shapes and totals."""
    found: dict[tuple[int, ...], None] = {}
    for op in ops:
        for values in _enumerate(clash, n, op, total):
            found[values] = None
    tuples = tuple(sorted(found))
    using = [[0] * n for _ in clash]
    for index, values in enumerate(tuples):
        for i, v in enumerate(values):
            using[i][v - 1] |= 1 << index
    return tuples, tuple(tuple(row) for row in using)
