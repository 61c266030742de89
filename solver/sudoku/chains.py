"""Chains and forcing chains, rated the way Sudoku Explainer rates them.

A *potential* is a candidate assumed true (on) or false (off). Two kinds of implication
link them: on -> off (the other digits of its cell, the same digit in its peers) and
off -> on (the last digit of a cell: a Y-link; the last place of a digit in a unit: an
X-link). Every technique here follows implications breadth first from an assumption:

* unary chains (SE 6.5-7.x): X-cycles, Y-cycles, XY-cycles (a loop back to the start, whose
  weak links eliminate) and forcing X- / XY-chains (an assumption implying its own negation);
* Nishio (7.5+): a digit assumed on or off leads, along X-links only, to a contradiction;
* multiple forcing chains (8.0+): every digit of a cell, or every place of a digit in a unit,
  implies the same thing;
* dynamic forcing chains (8.5+): the same, plus contradictions and "both states of one
  candidate imply it" (double forcing), with each candidate turned off really removed while
  the implications run, so later links see the reduced grid;
* dynamic forcing chains plus (9.0+): when the implications stop, the basic techniques
  (locked candidates, pairs, X-Wing) run on the reduced grid and their eliminations continue
  the chain.

The rating is the base plus SE's length bonus: 0.1 for each step of the ladder 4, 6, 8, 12,
16, 24, ... that the chain's size (its distinct potentials, minus two) passes.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from solver import core
from solver.sudoku import fish, intersections, ruled, subsets
from solver.sudoku.candidates import Grid, Layout, Step, bits, popcount

CYCLE: float = 6.5
FORCING_X: float = 6.6
XY: float = 7.0
NISHIO: float = 7.5
MULTIPLE: float = 8.0
DYNAMIC: float = 8.5
DYNAMIC_PLUS: float = 9.0

Parents = dict[int, tuple[int, ...]]
#: a rated hint as the searches compare them: (rating, size, kind, step), least first
Best = tuple[float, int, int, Step]


class BudgetSpent(Exception):
    """The chain search used up the work budget of the grade it runs in."""


class Work:
    """Implications followed so far in one grade, against its budget (None: no limit).

    A unit of work is one potential taken from a chain search's queue, so the count
    grows with what the search really does, whatever the grid size."""

    __slots__ = ("limit", "spent")

    def __init__(self, limit: int | None) -> None:
        self.limit, self.spent = limit, 0

    def charge(self, steps: int) -> None:
        self.spent += steps
        if self.limit is not None and self.spent > self.limit:
            raise BudgetSpent


#: The work account of the grade in progress (see :func:`budget`); None outside a grade.
_WORK: ContextVar[Work | None] = ContextVar("chain_work", default=None)


@contextmanager
def budget(limit: int | None) -> Iterator[Work]:
    """Charge the chain searches run inside to one account of ``limit`` steps; a search
    past it raises :class:`BudgetSpent`."""
    work = Work(limit)
    token = _WORK.set(work)
    try:
        yield work
    finally:
        _WORK.reset(token)


def _charge(steps: int) -> None:
    work = _WORK.get()
    if work is not None:
        work.charge(steps)


def length_bonus(complexity: int) -> float:
    """SE's addition for a chain of ``complexity`` potentials."""
    added, ceil, odd, length = 0, 4, False, complexity - 2
    while length > ceil:
        added += 1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return added / 10


def ancestors(node: int, parents: Parents) -> int:
    """How many distinct potentials the implication of ``node`` rests on, itself included."""
    seen = {node}
    todo = [node]
    while todo:
        for p in parents.get(todo.pop(), ()):
            if p not in seen:
                seen.add(p)
                todo.append(p)
    return len(seen)


def excluded(lay: Layout) -> list[list[int]]:
    """For every candidate (``cell * n + digit - 1``), the off potentials its being on adds
    beyond its peers' same digit: a rule's digit-dependent neighbours (non-consecutive's
    digits one apart), which SE's chains follow after the peers; [] without such a rule.
    Made once for the layout last asked (a grade asks one layout over and over)."""
    if not _EXCLUDED or _EXCLUDED[0][0] is not lay:
        n = lay.n
        _EXCLUDED[:] = [(lay, [[(other * n + other_digit - 1) << 1 for other, other_digit in row]
                               for row in lay.excludes])]
    return _EXCLUDED[0][1]


_EXCLUDED: list[tuple[Layout, list[list[int]]]] = []


class Chains:
    """Implications over one position; ``cands`` is the position every search starts from.

    A potential is the int ``(cell * n + digit - 1) * 2 + on``.
    """

    def __init__(self, g: Grid) -> None:
        self.g = g
        self.n = g.n
        self.cands = g.cands
        self.lay = g.lay
        # every unit of every cell, region first as SE looks at them, the rules' units after
        self.units_of = self.lay.chain_units
        self.excluded = excluded(self.lay)

    # -- potentials ------------------------------------------------------------------------
    def node(self, cell: int, digit: int, on: bool) -> int:
        return ((cell * self.n + digit - 1) << 1) | on

    def split(self, node: int) -> tuple[int, int, bool]:
        cell, d = divmod(node >> 1, self.n)
        return cell, d + 1, bool(node & 1)

    def words(self, node: int) -> str:
        cell, digit, on = self.split(node)
        return f"{self.g.name(cell)}{'=' if on else '<>'}{self.g.sym(digit)}"

    # -- implications ----------------------------------------------------------------------
    def on_to_off(self, cands: list[int], node: int, y: bool) -> list[int]:
        cell, digit, _ = self.split(node)
        out = []
        base = cell * self.n
        if y:
            for d in bits(cands[cell]):
                if d != digit:
                    out.append((base + d - 1) << 1)
        bit = 1 << (digit - 1)
        n, dm = self.n, digit - 1
        for p in self.lay.chain_peers[cell]:
            if cands[p] & bit:
                out.append((p * n + dm) << 1)
        for q in self.excluded[cell * n + dm] if self.excluded else ():
            other, other_digit = divmod(q >> 1, n)
            if cands[other] >> other_digit & 1:
                out.append(q)
        return out

    def off_to_on(self, cands: list[int], node: int, source: list[int] | None, y: bool,
                  x: bool) -> list[tuple[int, tuple[int, ...]]]:
        """(potential turned on, its parents); ``source`` is the grid before the dynamic
        removals, whose missing candidates become extra parents."""
        cell, digit, _ = self.split(node)
        n = self.n
        out: list[tuple[int, tuple[int, ...]]] = []
        m = cands[cell]
        if y and popcount(m) == 2:
            other = (m & ~(1 << (digit - 1))).bit_length()
            hidden: tuple[int, ...] = ()
            if source is not None:
                hidden = tuple(((cell * n + d - 1) << 1) for d in bits(source[cell] & ~m))
            out.append((((cell * n + other - 1) << 1) | 1, (node, *hidden)))
        if x:
            bit = 1 << (digit - 1)
            units = self.lay.units
            for u in self.units_of[cell]:
                other = -1
                for c in units[u]:
                    if c != cell and cands[c] & bit:
                        if other >= 0:
                            other = -2
                            break
                        other = c
                if other >= 0:
                    hidden = ()
                    if source is not None:
                        hidden = tuple(((c * n + digit - 1) << 1) for c in units[u]
                                       if source[c] & bit and not cands[c] & bit)
                    out.append((((other * n + digit - 1) << 1) | 1, (node, *hidden)))
        return out

    def tables(self, y: bool, x: bool) -> tuple[list[list[int]], list[list[int]]]:
        """The static implications of every potential (the grid does not change while
        unary chains run): on -> off and off -> on successors, indexed by potential (a
        potential that is no candidate has none)."""
        cands = self.cands
        on_next: list[list[int]] = [[] for _ in range(len(cands) * self.n * 2)]
        off_next: list[list[int]] = [[] for _ in range(len(cands) * self.n * 2)]
        for cell, m in enumerate(cands):
            for d in bits(m):
                node = self.node(cell, d, True)
                on_next[node] = self.on_to_off(cands, node, y)
                off_next[node ^ 1] = [q for q, _ in self.off_to_on(cands, node ^ 1, None, y, x)]
        return on_next, off_next

    def links(self, y: bool, x: bool) -> LinksCore:
        """The unary chain searches over :meth:`tables` (the C core makes them from the
        position itself, without the lists)."""
        if _chains is not None:
            # the C core makes the tables of peers and units itself; with excluded neighbours
            # (which it does not read) it searches the tables made here
            made: LinksCore = (_chains.Links(*self.tables(y, x)) if self.excluded else
                               _chains.Links(self.cands, self.n, self.lay.chain_peers, self.lay.units, self.units_of,
                                             y, x))
            return made
        return _Links(*self.tables(y, x))

    # -- unary chains: cycles and forcing chains (SE "ForcingChainCycle") -----------------
    def unary(self) -> Step | None:
        """The easiest X-/Y-/XY-cycle or forcing X-/XY-chain, shortest first.

        The breadth-first searches run in :meth:`links` (C in the compiled core); a
        step's words are only written for a chain that beats the best so far."""
        best: Best | None = None
        cands, values = self.cands, self.g.values
        for y, x in ((False, True), (True, False), (True, True)):
            both = y and x
            if best is not None and best[0] <= (XY if both else CYCLE):
                break
            links = self.links(y, x)
            for cell in range(len(cands)):
                m = cands[cell]
                if values[cell] or popcount(m) < 2 or (not x and popcount(m) != 2):
                    continue
                for d in bits(m):
                    source = self.node(cell, d, True)
                    best = self._cycles(source, y, x, best, links)
                    if x:
                        for start in (source, source ^ 1):
                            best = self._forcing(start, y, best, links)
        return best[3] if best is not None else None

    def _limit(self, base: float, best: Best | None) -> int:
        """The largest chain size rated no harder than ``best`` (no limit without one)."""
        if best is None:
            return 10 ** 6
        size = 2
        while base + length_bonus(size + 1) <= best[0] + 1e-9:
            size += 1
            if size > 400:
                break
        return size

    def _cycles(self, source: int, y: bool, x: bool, best: Best | None, links: LinksCore) -> Best | None:
        """``best``, or the easiest cycle through ``source`` that eliminates, if easier (the
        first found on a tie)."""
        base = XY if y and x else CYCLE
        steps, loops = links.cycles(source, self._limit(base, best))
        _charge(steps)
        key = 2 if not y else (3 if not x else 4)
        for chain in loops:
            size = len(set(chain))
            rating = base + length_bonus(size)
            rounded = round(rating, 1)
            if best is not None and (rounded, size, key) >= (best[0], best[1], best[2]):
                continue
            removed = self._cycle_eliminations(chain)
            if removed:
                kind = "XY-Cycle" if y and x else ("Y-Cycle" if y else "X-Cycle")
                text = (f"{kind}: the loop {' - '.join(self.words(p) for p in reversed(chain))} "
                        f"holds either way")
                best = (rounded, size, key,
                        self.g.removal(kind, rating, text, removed, [self.split(p)[0] for p in chain]))
        return best

    def _cycle_eliminations(self, chain: list[int]) -> list[tuple[int, int]]:
        """Candidates seeing an on and an off potential of their digit along the loop (digit by
        digit: the cells seeing one of its on cells and one of its off cells, less the loop's)."""
        n = self.n
        on_cells: dict[int, list[int]] = {}
        off_cells: dict[int, list[int]] = {}
        for p in chain[:-1]:
            cell, digit = divmod(p >> 1, n)
            (on_cells if p & 1 else off_cells).setdefault(digit, []).append(cell)
        loop = {(p >> 1) // n for p in chain[:-1]}
        cands, peer_sets = self.cands, self.lay.peer_sets
        removed = []
        for digit, ons in on_cells.items():
            offs = off_cells.get(digit)
            if offs is None:
                continue
            seeing_on = set().union(*(peer_sets[c] for c in ons))
            seeing_off = set().union(*(peer_sets[c] for c in offs))
            bit = 1 << digit
            removed += [(c, digit + 1) for c in seeing_on & seeing_off if c not in loop and cands[c] & bit]
        return sorted(removed)

    def _forcing(self, start: int, y: bool, best: Best | None, links: LinksCore) -> Best | None:
        """``best``, or the shortest chain from ``start`` to its own negation if it rates
        easier (the first found on a tie)."""
        steps, chain = links.forcing(start, self._limit(XY if y else FORCING_X, best))
        _charge(steps)
        if chain is None:
            return best
        size = len(set(chain))
        rating = (XY if y else FORCING_X) + length_bonus(size)
        if best is None or (round(rating, 1), size, 1) < best[:3]:
            return self._forcing_step(chain, y, size, rating)
        return best

    def _forcing_step(self, chain: list[int], y: bool, size: int, rating: float) -> Best:
        """The step of a forcing chain, its potentials from the end (the goal) back to the start
        (its words are written only for a chain that beats the best so far)."""
        name = "Forcing XY-Chain" if y else "Forcing X-Chain"
        cell, digit, on = self.split(chain[0])
        path = " - ".join(self.words(p) for p in reversed(chain))
        if on:
            text = (f"{self.g.name(cell)} = {self.g.sym(digit)}: {name}, if it were not, "
                    f"{path}")
            step = self.g.step(name, rating, text, placed=[(cell, digit)],
                               cells=[self.split(p)[0] for p in chain])
        else:
            step = self.g.removal(name, rating, f"{name}: if {self.words(chain[0] ^ 1)}, "
                                  f"{path}", [(cell, digit)],
                                  [self.split(p)[0] for p in chain])
        return round(rating, 1), size, 1, step


class LinksCore(Protocol):
    """The unary chain searches over one position's static tables: :class:`_Links`, or its
    C twin (``solver/sudoku/_chains.c``), chain for chain."""

    def cycles(self, source: int, limit: int, /) -> tuple[int, list[list[int]]]: ...
    def forcing(self, start: int, limit: int, /) -> tuple[int, list[int] | None]: ...


#: The C searches, or None: :class:`_Links` runs.
_chains = core.extension("solver.sudoku._chains")


class _Links:
    """The unary chain searches (the reference of ``solver/sudoku/_chains.c``). A search
    keeps its chains as entries: potential ``nodes[i]``, reached from entry ``parent[i]``
    (-1 at the start); ``seen[q] == stamp`` marks the potentials it has reached (on and off
    ones differ in their low bit). A chain comes out as its potentials from its end back to
    its start."""

    def __init__(self, on_next: list[list[int]], off_next: list[list[int]]) -> None:
        self.on_next, self.off_next = on_next, off_next
        self.seen = [0] * len(on_next)
        self.stamp = 0

    def cycles(self, source: int, limit: int) -> tuple[int, list[list[int]]]:
        """(steps, every chain from the on potential ``source`` back to it, in the order
        found): breadth first, an off potential once per chain it is new to, an on one once."""
        on_next, off_next, seen = self.on_next, self.off_next, self.seen
        self.stamp += 1
        stamp = self.stamp
        nodes: list[int] = [source]
        parent: list[int] = [-1]
        seen[source] = stamp
        pending_on: list[int] = [0]
        pending_off: list[int] = []
        length = 0
        loops: list[int] = []
        steps = 0
        while pending_on:
            if length > limit:
                break
            steps += len(pending_on)
            length += 1
            for e in pending_on:
                for q in on_next[nodes[e]]:
                    k = e
                    while k >= 0 and nodes[k] != q:
                        k = parent[k]
                    if k < 0:
                        nodes.append(q)
                        parent.append(e)
                        pending_off.append(len(nodes) - 1)
            pending_on = []
            length += 1
            for e in pending_off:
                for q in off_next[nodes[e]]:
                    if length >= 4 and q == source:
                        loops.append(e)
                    if seen[q] != stamp:
                        seen[q] = stamp
                        nodes.append(q)
                        parent.append(e)
                        pending_on.append(len(nodes) - 1)
            pending_off = []
        return steps, [[source] + _walk(nodes, parent, e) for e in loops]

    def forcing(self, start: int, limit: int) -> tuple[int, list[int] | None]:
        """(steps, the shortest chain from ``start`` to its negation or None): breadth first,
        each potential once."""
        on_next, off_next, seen = self.on_next, self.off_next, self.seen
        self.stamp += 1
        stamp = self.stamp
        goal = start ^ 1
        nodes: list[int] = [start]
        parent: list[int] = [-1]
        seen[start] = stamp
        pending_on: list[int] = []
        pending_off: list[int] = []
        if start & 1:
            pending_on.append(0)
        else:
            pending_off.append(0)
        depth = 1
        steps = 0
        while pending_on or pending_off:
            if depth > limit:
                break
            depth += 1
            steps += len(pending_on) + len(pending_off)
            for e in pending_on:
                for q in on_next[nodes[e]]:
                    if q == goal:
                        return steps, [goal] + _walk(nodes, parent, e)
                    if seen[q] != stamp:
                        seen[q] = stamp
                        nodes.append(q)
                        parent.append(e)
                        pending_off.append(len(nodes) - 1)
            pending_on = []
            for e in pending_off:
                for q in off_next[nodes[e]]:
                    if q == goal:
                        return steps, [goal] + _walk(nodes, parent, e)
                    if seen[q] != stamp:
                        seen[q] = stamp
                        nodes.append(q)
                        parent.append(e)
                        pending_on.append(len(nodes) - 1)
            pending_off = []
        return steps, None


def _walk(nodes: list[int], parent: list[int], entry: int) -> list[int]:
    """The potentials of a chain from ``entry`` back to its start."""
    out: list[int] = []
    while entry >= 0:
        out.append(nodes[entry])
        entry = parent[entry]
    return out


class Outcome:
    """What one assumption implies: potentials on and off with their parents, and the
    contradiction it ran into (an on and an off potential of one candidate), if any."""

    __slots__ = ("absurd", "both", "off", "on")

    def __init__(self) -> None:
        self.on: Parents = {}
        self.off: Parents = {}
        self.absurd: tuple[int, tuple[int, ...], int, tuple[int, ...]] | None = None
        self.both: Parents | None = None

    def parents(self) -> Parents:
        """The parents of every potential, on and off, made once (asked for again for every
        potential the rules count the ancestors of, once the outcome is complete)."""
        if self.both is None:
            self.both = dict(self.on)
            self.both.update(self.off)
        return self.both


class ImplicationsCore(Protocol):
    """The implication loop of :meth:`Forcing.follow` over one position, in C
    (``solver/sudoku/_forcing.c``): (on, off, absurd) as :class:`Outcome` holds them, the
    dicts filled in the order :meth:`Forcing._run` fills them."""

    def follow(self, start: int, /) -> tuple[Parents, Parents,
                                            tuple[int, tuple[int, ...], int, tuple[int, ...]] | None]: ...


#: The C implication loop, or None: :meth:`Forcing._run` runs.
_forcing = core.extension("solver.sudoku._forcing")


#: the basic techniques a "+" chain runs between rounds, as SE's getAdvancedPotentials does:
#: on a grid with a rule SukakuExplainer rates, its generalized intersection and naked pair
#: (which see a rule's cells too) replace pointing, claiming and the naked pair
_PLUS_CLASSIC = (intersections.pointing, intersections.claiming, subsets.hidden_pair, subsets.naked_pair,
                 fish.x_wing)
_PLUS_GENERALIZED = (ruled.generalized_intersection, subsets.hidden_pair, subsets.generalized_naked_pair,
                     fish.x_wing)


class Forcing:
    """Multiple, dynamic and nested forcing chains over one position (SE's Chaining rule
    with ``isMultiple``): one engine, configured as SE configures its producers.

    ``native`` False keeps the Python implication loop even where the C one is built (the
    reference the tests compare it with)."""

    def __init__(self, g: Grid, dynamic: bool, nishio: bool = False, level: int = 0,
                 native: bool = True) -> None:
        self.chains = Chains(g)
        self.g = g
        self.dynamic, self.nishio, self.level = dynamic, nishio, level
        self.base = (DYNAMIC_PLUS if level else NISHIO if nishio else
                     DYNAMIC if dynamic else MULTIPLE)
        self.cache: dict[int, Outcome] = {}
        # the "+" chains run the basic techniques between rounds of the loop: Python only
        self.implied: ImplicationsCore | None = None
        if _forcing is not None and native and not level:
            lay = self.chains.lay
            self.implied = _forcing.Implications(g.cands, g.n, lay.chain_peers, lay.units, self.chains.units_of,
                                                 not nishio, dynamic, self.chains.excluded)
        # without removals the implications never change: look them up
        self.static = (None if dynamic or self.implied is not None
                       else self.chains.tables(not nishio, True))

    def follow(self, start: int) -> Outcome:
        """Every implication of ``start`` (SE's doChaining), remembered per start."""
        known = self.cache.get(start)
        if known is not None:
            return known
        if self.implied is not None:
            out = Outcome()
            out.on, out.off, out.absurd = self.implied.follow(start)
            _charge(len(out.on) + len(out.off))
            self.cache[start] = out
            return out
        y = not self.nishio
        source = self.chains.cands
        work = source[:]
        out = Outcome()
        on, off = out.on, out.off
        pending_on: deque[int] = deque()
        pending_off: deque[int] = deque()
        if start & 1:
            on[start] = ()
            pending_on.append(start)
        else:
            off[start] = ()
            pending_off.append(start)
        dyn_source = source if self.dynamic else None
        try:
            self._run(out, work, source, dyn_source, y, pending_on, pending_off)
        finally:
            _charge(len(on) + len(off))
        self.cache[start] = out
        return out

    def _run(self, out: Outcome, work: list[int], source: list[int],
             dyn_source: list[int] | None, y: bool, pending_on: deque[int],
             pending_off: deque[int]) -> None:
        """The breadth-first implication loop of :meth:`follow`, filling ``out``."""
        ch = self.chains
        on, off = out.on, out.off
        while True:
            if pending_on:
                p = pending_on.popleft()
                for q in (self.static[0][p] if self.static else ch.on_to_off(work, p, y)):
                    if q | 1 in on:
                        out.absurd = (q | 1, on[q | 1], q, (p,))
                        return
                    if q not in off:
                        off[q] = (p,)
                        pending_off.append(q)
                continue
            if pending_off:
                p = pending_off.popleft()
                made = ([(q, (p,)) for q in self.static[1][p]] if self.static
                        else ch.off_to_on(work, p, dyn_source, y, True))
                if self.dynamic:
                    cell, digit = divmod(p >> 1, ch.n)
                    work[cell] &= ~(1 << digit)
                for q, parents in made:
                    if q ^ 1 in off:
                        out.absurd = (q, parents, q ^ 1, off[q ^ 1])
                        return
                    if q not in on:
                        on[q] = parents
                        pending_on.append(q)
                continue
            if self.level and self._advanced(work, source, off, pending_off):
                continue
            break

    def _advanced(self, work: list[int], source: list[int], off: Parents,
                  pending_off: deque[int]) -> bool:
        """Run the basic techniques on the reduced grid (SE's "+" chains); their eliminations
        become off potentials whose parents are the removals the pattern rests on."""
        g = self.g.copy()
        g.cands = work
        n = self.chains.n
        added = False
        for finder in _PLUS_GENERALIZED if self.g.lay.generalized else _PLUS_CLASSIC:
            step = finder(g)
            if step is None:
                continue
            area = {c for c, _, placed in step.moves if not placed}
            digits = 0
            for _, d, _ in step.moves:
                digits |= 1 << (d - 1)
            for r, c in step.cells:
                area.add((r - 1) * n + c - 1)
            lay = self.chains.lay
            units = {u for cell in area for u in lay.cell_units[cell]}
            parents = tuple(sorted(
                ((cell * n + d) << 1) for u in units for cell in lay.units[u]
                for d in range(n)
                if (source[cell] >> d) & 1 and not (work[cell] >> d) & 1
                and ((cell * n + d) << 1) in off and (digits >> d) & 1))
            if not parents:
                continue
            for c, d, placed in step.moves:
                node = (c * n + d - 1) << 1
                if not placed and node not in off:
                    off[node] = parents
                    pending_off.append(node)
                    added = True
            if added:
                return True
        return False

    # -- the rule ----------------------------------------------------------------------
    def best(self) -> Step | None:
        """The easiest hint of this rule (lowest rating, then smallest, then kind, then the
        first found), or None. The hints are compared by those figures alone; only the
        winner's words are written. An assumption that runs into a contradiction still
        lends what it implied before it (as SE's doBinaryChaining and cell and region
        chains use the sets it filled): a conclusion every branch reaches holds."""
        g, ch = self.g, self.chains
        cands = ch.cands
        hints: list[Hint] = []
        for cell in range(len(cands)):
            m = cands[cell]
            k = popcount(m)
            if g.values[cell] or k < 2 or (k < 3 and not self.dynamic):
                continue
            cell_on: list[tuple[int, Outcome]] = []
            for d in bits(m):
                p_on = ch.node(cell, d, True)
                won = self.follow(p_on)
                wof = self.follow(p_on ^ 1)
                if self.dynamic or self.nishio:
                    if won.absurd:
                        hints.append(self._absurd(won, p_on, False))
                    if wof.absurd:
                        hints.append(self._absurd(wof, p_on ^ 1, True))
                if self.dynamic and not self.nishio and k >= 3:
                    hints.extend(self._double(p_on, won, wof))
                if not self.nishio:
                    hints.extend(self._regions(cell, d, won))
                cell_on.append((d, won))
            if not self.nishio:
                hints.extend(self._cell(cell, cell_on))
        if not hints:
            return None
        return min(hints, key=lambda h: h[:3])[3].step()

    def _rate(self, complexity: int) -> float:
        return round(self.base + length_bonus(complexity), 1)

    def _name(self, kind: str) -> str:
        prefix = ("Nested " if self.level > 1 else "Dynamic " if self.dynamic else "")
        suffix = " (+)" if self.level == 1 else ""
        return f"{prefix}{kind} Forcing Chains{suffix}"

    def _absurd(self, out: Outcome, start: int, place: bool) -> Hint:
        assert out.absurd is not None
        pon, pon_parents, poff, poff_parents = out.absurd
        parents = out.parents()
        size = (_count(pon, pon_parents, parents) + _count(poff, poff_parents, parents))
        rating = self._rate(size)
        name = "Nishio Forcing Chains" if self.nishio else self._name("Contradiction")
        ch = self.chains
        cell, digit, _ = ch.split(start)
        cells = [cell, ch.split(pon)[0]]
        if place:
            return rating, size, 7, _Words(self.g, name, rating, cells, placed=(cell, digit),
                                           clash=ch.words(pon))
        return rating, size, 7, _Words(self.g, name, rating, cells, removed=(cell, digit), clash=ch.words(pon),
                                       assumed=ch.words(start))

    def _double(self, p_on: int, won: Outcome, wof: Outcome) -> list[Hint]:
        out = []
        pon_all, pof_all = won.parents(), wof.parents()
        name, why = self._name("Double"), f"both {self.chains.words(p_on)} and its negation imply it"
        for table_on, table_off in ((won.on, wof.on), (won.off, wof.off)):
            for node in table_on:
                if node in table_off and node >> 1 != p_on >> 1:
                    size = _count(node, table_on[node], pon_all) + \
                        _count(node, table_off[node], pof_all)
                    hint = self._target(node, name, why, [self.chains.split(p_on)[0]], size, 1)
                    if hint is not None:
                        out.append(hint)
        return out

    def _cell(self, cell: int, outcomes: list[tuple[int, Outcome]]) -> list[Hint]:
        out = []
        name, why = self._name("Cell"), f"every digit of {self.g.name(cell)} implies it"
        for on in (True, False):
            tables = [o.on if on else o.off for _, o in outcomes]
            for node in _common(tables):
                size = sum(_count(node, table[node], o.parents()) for table, (_, o) in zip(tables, outcomes))
                hint = self._target(node, name, why, [cell], size, 5)
                if hint is not None:
                    out.append(hint)
        return out

    def _regions(self, cell: int, digit: int, won: Outcome) -> list[Hint]:
        ch, lay = self.chains, self.chains.lay
        cands = ch.cands
        bit = 1 << (digit - 1)
        out: list[Hint] = []
        name = self._name("Region")
        for u in ch.units_of[cell]:
            places = [c for c in lay.units[u] if cands[c] & bit]
            if len(places) < 2 or places[0] != cell:
                continue
            outcomes = [won] + [self.follow(ch.node(c, digit, True)) for c in places[1:]]
            why = f"every place of {self.g.sym(digit)} in {lay.names[u]} implies it"
            for on in (True, False):
                tables = [o.on if on else o.off for o in outcomes]
                for node in _common(tables):
                    size = sum(_count(node, table[node], o.parents()) for table, o in zip(tables, outcomes))
                    hint = self._target(node, name, why, places, size, 6)
                    if hint is not None:
                        out.append(hint)
        return out

    def _target(self, node: int, name: str, why: str, cells: list[int], size: int, kind: int
                ) -> Hint | None:
        """The hint that sets ``node`` (on: place it; off: remove it), if it changes anything."""
        g, ch = self.g, self.chains
        cell, digit, on = ch.split(node)
        rating = self._rate(size)
        if on:
            if g.values[cell] or ch.cands[cell] == 1 << (digit - 1):
                return None
            return rating, size, kind, _Words(g, name, rating, [*cells, cell], placed=(cell, digit), why=why)
        if not ch.cands[cell] >> (digit - 1) & 1:
            return None
        return rating, size, kind, _Words(g, name, rating, [*cells, cell], removed=(cell, digit), why=why)


class _Words:
    """A forcing-chain hint's step, written only when it is the one chosen: a search compares
    hundreds of hints by their figures, and one step's words are a dozen formatted strings.

    It places ``placed`` or removes ``removed`` (a cell and a digit), because ``why`` holds,
    or because the opposite leads to ``clash`` being both true and false (``assumed``: the
    potential assumed, for a removal)."""

    __slots__ = ("assumed", "cells", "clash", "g", "name", "placed", "rating", "removed", "why")

    def __init__(self, g: Grid, name: str, rating: float, cells: list[int], *,
                 placed: tuple[int, int] | None = None, removed: tuple[int, int] | None = None,
                 why: str = "", clash: str = "", assumed: str = "") -> None:
        self.g, self.name, self.rating, self.cells = g, name, rating, cells
        self.placed, self.removed, self.why, self.clash, self.assumed = placed, removed, why, clash, assumed

    def step(self) -> Step:
        g, name = self.g, self.name
        if self.placed is not None:
            cell, digit = self.placed
            reason = f"if it were not, {self.clash} would be both true and false" if self.clash else self.why
            return g.step(name, self.rating, f"{g.name(cell)} = {g.sym(digit)}: {name}, {reason}",
                          placed=[self.placed], cells=self.cells)
        assert self.removed is not None
        reason = f"if {self.assumed}, {self.clash} would be both true and false" if self.clash else self.why
        return g.removal(name, self.rating, f"{name}: {reason}", [self.removed], self.cells)


#: a forcing-chain hint as :meth:`Forcing.best` compares them: (rating, size, kind, its step's words)
Hint = tuple[float, int, int, _Words]


def _common(tables: list[Parents]) -> list[int]:
    """The potentials in every one of ``tables``, in the order of the first."""
    shared = set(tables[1]).intersection(*tables[2:]) if len(tables) > 1 else tables[0].keys()
    return [node for node in tables[0] if node in shared]


def _count(node: int, own: tuple[int, ...], parents: Parents) -> int:
    """Ancestors of a potential whose own parents are ``own`` (it may not be in the table)."""
    seen = {node}
    todo = list(own)
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        todo.extend(parents.get(p, ()))
    return len(seen)
