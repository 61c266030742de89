"""Exact search for cage puzzles: candidate bitmasks, propagation to a fixpoint, branching.

A :class:`Network` is the puzzle's rules as three kinds of constraint over cells:

* *units* -- N cells that hold each digit exactly once (rows, columns, Sudoku boxes or
  jigsaw regions, a variant's diagonals): naked singles leave the unit, a digit with one
  place left goes there, a digit with none is a dead end;
* *distinct groups* -- cells that never repeat a digit but need not hold them all (a
  Killer cage): singles leave the group;
* *cages* -- a :class:`~solver.cages.tables.SumTable` (Killer: digit sets) or a
  :class:`~solver.cages.tables.TupleTable` (KenKen: value tuples). A cage keeps the
  entries every cell can still take and narrows each cell to the digits those use; for a
  tuple table that is exact (arc consistency); for a sum table a digit every live set
  needs and only one cell can hold goes there;
* *bounded cages* -- a KenKen cage too large to table (:class:`~solver.cages.tables.Bounds`):
  each cell keeps the digits its sum or product leaves room for, given the least and
  greatest values of the others; once every cell is decided that is the exact check.

Propagation works on a list of changed cells and marks only their constraints for a
visit, so a placement costs its neighbourhood, not the grid. The search branches on a
cell with the fewest candidates; a branch copies one list of N*N small ints.
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from solver.cages.tables import Bounds, SumTable, TupleTable
from solver.verdict import SolveStats, Status, Verdict

#: Default node bound of verification; a 9x9 Killer with no givens needs a few dozen.
DEFAULT_NODE_LIMIT = 200_000


@dataclass(frozen=True)
class Network:
    """The constraints of one puzzle, with the per-cell indexes propagation needs."""

    n: int
    units: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...]
    sums: tuple[SumTable, ...]
    tuples: tuple[TupleTable, ...]
    peers: tuple[tuple[int, ...], ...] = field(repr=False)
    cell_units: tuple[tuple[int, ...], ...] = field(repr=False)
    cell_sums: tuple[tuple[int, ...], ...] = field(repr=False)
    cell_tuples: tuple[tuple[int, ...], ...] = field(repr=False)
    #: excludes[cell * n + digit - 1]: (cell, digit) candidates a placement rules out beyond
    #: its peers' same digit (a variant's digit-dependent rule, non-consecutive neighbours)
    excludes: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), repr=False)
    bounds: tuple[Bounds, ...] = ()
    cell_bounds: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    #: the digits each cell may hold (a variant's marks, even-odd); () when every digit may
    allowed: tuple[int, ...] = field(default=(), repr=False)

    @property
    def full(self) -> int:
        return (1 << self.n) - 1


def network(n: int, units: Sequence[Sequence[int]], groups: Sequence[Sequence[int]] = (),
            sums: Sequence[SumTable] = (), tuples: Sequence[TupleTable] = (),
            excludes: Sequence[Sequence[tuple[int, int]]] = (), bounds: Sequence[Bounds] = (),
            allowed: Sequence[int] = ()) -> Network:
    """The network of an N x N grid with these units, distinct groups (pairs of cells that
    may not repeat a digit are groups of two), cage tables, digit-dependent exclusions,
    cages too large to table and the digits each cell may hold."""
    cells = n * n
    peer_sets: list[set[int]] = [set() for _ in range(cells)]
    for group in [*units, *groups]:
        for cell in group:
            peer_sets[cell].update(group)
    cell_units: list[list[int]] = [[] for _ in range(cells)]
    for index, unit in enumerate(units):
        for cell in unit:
            cell_units[cell].append(index)
    cell_sums: list[list[int]] = [[] for _ in range(cells)]
    for index, table in enumerate(sums):
        for cell in table.cells:
            cell_sums[cell].append(index)
    cell_tuples: list[list[int]] = [[] for _ in range(cells)]
    for index, ttable in enumerate(tuples):
        for cell in ttable.cells:
            cell_tuples[cell].append(index)
    cell_bounds: list[list[int]] = [[] for _ in range(cells)]
    for index, cage in enumerate(bounds):
        for cell in cage.cells:
            cell_bounds[cell].append(index)
    return Network(n, tuple(tuple(u) for u in units), tuple(tuple(g) for g in groups),
                   tuple(sums), tuple(tuples),
                   tuple(tuple(sorted(s - {c})) for c, s in enumerate(peer_sets)),
                   tuple(map(tuple, cell_units)), tuple(map(tuple, cell_sums)),
                   tuple(map(tuple, cell_tuples)), tuple(tuple(e) for e in excludes),
                   tuple(bounds), tuple(map(tuple, cell_bounds)) if bounds else (),
                   tuple(allowed) if any(mask != (1 << n) - 1 for mask in allowed) else ())


def start(net: Network, givens: Sequence[int]) -> list[int] | None:
    """The candidates with the givens placed (and each cell narrowed to the digits the
    network allows it, a variant's marks) and propagated; None at a contradiction."""
    full = net.full
    cand = [1 << (v - 1) if v else full for v in givens]
    for cell, mask in enumerate(net.allowed):
        cand[cell] &= mask
        if not cand[cell]:
            return None
    return cand if propagate(net, cand, list(range(len(cand)))) else None


def propagate(net: Network, cand: list[int], changed: list[int]) -> bool:
    """Narrow ``cand`` in place to a fixpoint, starting from the ``changed`` cells.

    False when some cell, unit or cage is left without a possibility (``cand`` is then
    half-narrowed and must be dropped).
    """
    full = net.full
    peers, units, cell_units = net.peers, net.units, net.cell_units
    sums, cell_sums, tuples, cell_tuples = net.sums, net.cell_sums, net.tuples, net.cell_tuples
    unit_marked = bytearray(len(units))
    sum_marked = bytearray(len(sums))
    tuple_marked = bytearray(len(tuples))
    unit_todo: list[int] = []
    sum_todo: list[int] = []
    tuple_todo: list[int] = []
    bounds, cell_bounds = net.bounds, net.cell_bounds
    bound_marked = bytearray(len(bounds))
    bound_todo: list[int] = []
    excludes, n = net.excludes, net.n
    stack = changed
    while True:
        while stack:
            c = stack.pop()
            m = cand[c]
            if not m & (m - 1):
                for p in peers[c]:
                    pm = cand[p]
                    if pm & m:
                        pm ^= m
                        if not pm:
                            return False
                        cand[p] = pm
                        stack.append(p)
                if excludes:
                    for p, d in excludes[c * n + m.bit_length() - 1]:
                        pm = cand[p]
                        b = 1 << (d - 1)
                        if pm & b:
                            pm ^= b
                            if not pm:
                                return False
                            cand[p] = pm
                            stack.append(p)
            for u in cell_units[c]:
                if not unit_marked[u]:
                    unit_marked[u] = 1
                    unit_todo.append(u)
            for k in cell_sums[c]:
                if not sum_marked[k]:
                    sum_marked[k] = 1
                    sum_todo.append(k)
            for k in cell_tuples[c]:
                if not tuple_marked[k]:
                    tuple_marked[k] = 1
                    tuple_todo.append(k)
            if cell_bounds:
                for k in cell_bounds[c]:
                    if not bound_marked[k]:
                        bound_marked[k] = 1
                        bound_todo.append(k)
        if unit_todo:
            u = unit_todo.pop()
            unit_marked[u] = 0
            cells = units[u]
            once = twice = 0
            for c in cells:
                m = cand[c]
                twice |= once & m
                once |= m
            if once != full:
                return False
            single = once & ~twice
            while single:
                b = single & -single
                single ^= b
                for c in cells:
                    if cand[c] & b:
                        if cand[c] != b:
                            cand[c] = b
                            stack.append(c)
                        break
            continue
        if tuple_todo:
            k = tuple_todo.pop()
            tuple_marked[k] = 0
            if not _filter_tuples(tuples[k], cand, stack):
                return False
            continue
        if sum_todo:
            k = sum_todo.pop()
            sum_marked[k] = 0
            if not _filter_sums(sums[k], cand, stack, full):
                return False
            continue
        if bound_todo:
            k = bound_todo.pop()
            bound_marked[k] = 0
            if not _filter_bounds(bounds[k], cand, stack):
                return False
            continue
        return True


def live_combos(table: SumTable, cand: Sequence[int], full: int) -> int:
    """The bitset of a Killer cage's digit sets that the candidates still allow: every cell
    holds a digit of the set, and the set uses no digit its cells have lost."""
    holding = table.holding
    alive = table.every
    union = 0
    for c in table.cells:
        m = cand[c]
        union |= m
        ok = 0
        while m:
            b = m & -m
            ok |= holding[b.bit_length() - 1]
            m ^= b
        alive &= ok
    out = full & ~union
    while out and alive:
        b = out & -out
        alive &= ~holding[b.bit_length() - 1]
        out ^= b
    return alive


def _filter_sums(table: SumTable, cand: list[int], stack: list[int], full: int) -> bool:
    alive = live_combos(table, cand, full)
    if not alive:
        return False
    holding = table.holding
    allowed = required = 0
    for d, h in enumerate(holding):
        h &= alive
        if h:
            allowed |= 1 << d
            if h == alive:
                required |= 1 << d
    cells = table.cells
    for c in cells:
        m = cand[c]
        if m & ~allowed:
            cand[c] = m & allowed
            stack.append(c)
    while required:
        b = required & -required
        required ^= b
        place = -1
        for c in cells:
            if cand[c] & b:
                if place >= 0:
                    break
                place = c
        else:
            if place < 0:
                return False
            if cand[place] != b:
                cand[place] = b
                stack.append(place)
    return True


def live_tuples(table: TupleTable, cand: Sequence[int]) -> int:
    """The bitset of a KenKen cage's tuples whose every value is still a candidate."""
    alive = table.every
    for c, row in zip(table.cells, table.using):
        m = cand[c]
        ok = 0
        while m:
            b = m & -m
            ok |= row[b.bit_length() - 1]
            m ^= b
        alive &= ok
        if not alive:
            return 0
    return alive


def _filter_tuples(table: TupleTable, cand: list[int], stack: list[int]) -> bool:
    alive = live_tuples(table, cand)
    if not alive:
        return False
    for c, row in zip(table.cells, table.using):
        m = cand[c]
        keep = 0
        rest = m
        while rest:
            b = rest & -rest
            rest ^= b
            if row[b.bit_length() - 1] & alive:
                keep |= b
        if keep != m:
            cand[c] = keep
            stack.append(c)
    return True


def _filter_bounds(cage: Bounds, cand: list[int], stack: list[int]) -> bool:
    """Narrow a bounded cage's cells to the digits one of its operations leaves room for."""
    keep = [0] * len(cage.cells)
    for op in cage.ops:
        allowed = _sum_room(cage, cand) if op == "+" else _product_room(cage, cand)
        if allowed is not None:
            keep = [k | a for k, a in zip(keep, allowed)]
    if not any(keep):
        return False
    for c, k in zip(cage.cells, keep):
        m = cand[c]
        if m & ~k:
            if not m & k:
                return False
            cand[c] = m & k
            stack.append(c)
    return True


def _span(low: int, high: int) -> int:
    """The digits low..high as a bitmask (none when low > high)."""
    low = max(low, 1)
    return ((1 << high) - 1) & ~((1 << (low - 1)) - 1) if low <= high else 0


def _sum_room(cage: Bounds, cand: Sequence[int]) -> list[int] | None:
    lows = [(cand[c] & -cand[c]).bit_length() for c in cage.cells]
    highs = [cand[c].bit_length() for c in cage.cells]
    least, most = sum(lows), sum(highs)
    if not least <= cage.total <= most:
        return None
    return [cand[c] & _span(cage.total - (most - high), cage.total - (least - low))
            for c, low, high in zip(cage.cells, lows, highs)]


def _product_room(cage: Bounds, cand: Sequence[int]) -> list[int] | None:
    lows = [(cand[c] & -cand[c]).bit_length() for c in cage.cells]
    highs = [cand[c].bit_length() for c in cage.cells]
    least = most = 1
    for low, high in zip(lows, highs):
        least, most = least * low, most * high
    if not least <= cage.total <= most:
        return None
    allowed = []
    for c, low, high in zip(cage.cells, lows, highs):
        others_least, others_most = least // low, most // high
        m, keep = cand[c], 0
        while m:
            b = m & -m
            m ^= b
            d = b.bit_length()
            if cage.total % d == 0 and others_least * d <= cage.total <= others_most * d:
                keep |= b
        allowed.append(keep)
    return allowed


@dataclass
class Search:
    """A depth-first search from propagated candidates: a lazy stream of solutions.

    ``node_limit`` bounds the nodes visited; when reached the stream ends with
    ``bounded`` set. ``seed`` tries each branch's digits in a seeded random order (the
    generator uses it to draw random solutions).
    """

    net: Network
    cand: list[int]
    node_limit: int | None = None
    seed: int | None = None
    stats: SolveStats = field(default_factory=SolveStats)
    bounded: bool = False

    def solutions(self) -> Iterator[tuple[int, ...]]:
        net = self.net
        stats = self.stats
        stats.nodes = 1
        rng = random.Random(self.seed) if self.seed is not None else None
        limit = self.node_limit or 0
        # each frame: the candidates at a branch point, its cell, the digits left to try
        frames: list[tuple[list[int], int, list[int]]] = []
        current: list[int] | None = self.cand
        while True:
            if current is not None:
                best, fewest = -1, net.n + 1
                for c, m in enumerate(current):
                    if m & (m - 1):
                        count = m.bit_count()
                        if count < fewest:
                            best, fewest = c, count
                            if count == 2:
                                break
                if best < 0:
                    yield tuple(m.bit_length() for m in current)
                else:
                    m = current[best]
                    digits = []
                    while m:
                        b = m & -m
                        digits.append(b)
                        m ^= b
                    if rng is not None:
                        rng.shuffle(digits)
                    digits.reverse()
                    frames.append((current, best, digits))
                current = None
            while current is None:
                if not frames:
                    return
                if limit and stats.nodes >= limit:
                    self.bounded = True
                    return
                parent, cell, digits = frames[-1]
                b = digits.pop()
                if not digits:
                    frames.pop()
                stats.nodes += 1
                stats.guesses += 1
                child = parent[:]
                child[cell] = b
                if propagate(net, child, [cell]):
                    current = child
                else:
                    stats.backtracks += 1


def decide(net: Network, cand: list[int] | None, cell_name: Sequence[str],
           node_limit: int = DEFAULT_NODE_LIMIT, started: float | None = None) -> Verdict:
    """The verdict from propagated starting candidates (None: contradicted by propagation).

    ``cell_name`` names every cell for the "differ at" reason.
    """
    import time
    begin = time.perf_counter() if started is None else started
    if cand is None:
        stats = SolveStats(backtracks=1, nodes=1, ms=(time.perf_counter() - begin) * 1000)
        return Verdict(Status.UNSOLVABLE, "no solution (the cages and rules contradict each "
                       "other as soon as their possibilities are narrowed)", stats=stats)
    search = Search(net, cand, node_limit=node_limit)
    found: list[tuple[int, ...]] = []
    for solution in search.solutions():
        found.append(solution)
        if len(found) == 2:
            break
    stats = search.stats
    stats.ms = (time.perf_counter() - begin) * 1000
    if len(found) == 2:
        first, second = found
        differences = tuple(c for c in range(len(first)) if first[c] != second[c])
        cells = ", ".join(cell_name[c] for c in differences)
        return Verdict(Status.MULTIPLE, f"2 solutions differ at {cells}", first, second,
                       differences, stats)
    if search.bounded:
        return Verdict(Status.UNDETERMINED, f"search bound of {node_limit:,} nodes reached",
                       found[0] if found else None, stats=stats)
    if found:
        return Verdict(Status.UNIQUE, None, found[0], stats=stats)
    return Verdict(Status.UNSOLVABLE, f"no solution (proved by search: {stats.nodes:,} nodes)",
                   stats=stats)


def count(net: Network, cand: list[int] | None, cap: int, node_limit: int | None = None) -> int:
    """How many solutions, stopping past ``cap`` (returns cap + 1 then)."""
    if cand is None:
        return 0
    found = 0
    for _ in Search(net, cand, node_limit=node_limit).solutions():
        found += 1
        if found > cap:
            break
    return found
