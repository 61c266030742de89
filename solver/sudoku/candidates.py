"""The pencil-mark state a human solver works on: values, candidate bitmasks, and the steps.

Candidates are one int per cell (bit ``d - 1`` set while digit ``d`` may go there); the
units, peers and unit intersections come precomputed per geometry (:class:`Layout`), so
every technique is a few loops over small ints. A :class:`Step` is what a technique
found, in the reader's terms (1-based rows and columns, the puzzle's symbols); the grid
applies it and keeps its own integer form so replay never parses text.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solver.sudoku.geometry import Geometry, tables
from solver.sudoku.outcomes import Step
from solver.sudoku.puzzle import Puzzle


@dataclass(frozen=True)
class Layout:
    """Units and their relations for one geometry, as the techniques read them."""

    n: int
    units: tuple[tuple[int, ...], ...]       # rows 0..n-1, columns n..2n-1, regions 2n..3n-1
    names: tuple[str, ...]
    peers: tuple[tuple[int, ...], ...]
    peer_sets: tuple[frozenset[int], ...]
    cell_units: tuple[tuple[int, int, int], ...]   # (row, column, region) unit indices
    # (region unit, line unit, cells in both) for every region and line that meet
    crossings: tuple[tuple[int, int, frozenset[int]], ...]
    widest: int     # the most cells a region and a line share
    #: (cell * n + digit - 1) -> candidates a placement rules out beyond its peers' same digit
    #: (a variant's digit-dependent rule: non-consecutive neighbours); () when there are none
    excludes: tuple[tuple[tuple[int, int], ...], ...] = ()
    #: the digits each cell may hold under the variant's marks (even-odd)
    allowed: tuple[int, ...] = ()
    #: no variant rule: the uniqueness techniques (which swap digits in a pattern) are sound
    classic: bool = True
    #: a rule SukakuExplainer rates: its generalized techniques replace pointing, claiming
    #: and naked sets (:data:`solver.sudoku.rules.Rule.generalized`)
    generalized: bool = False
    #: the cells sharing a unit with each cell: its peers less a rule's paired cells (a
    #: knight's or king's move), which see it but join no unit; () when they are the peers
    unit_mates: tuple[frozenset[int], ...] = ()
    #: the cells a digit-dependent rule relates to each cell (its non-consecutive neighbours):
    #: every cell whose candidates ``excludes`` may strike; () when there are none
    related: tuple[frozenset[int], ...] = ()
    #: the units of rules whose groups SukakuExplainer's direct intersections cross with rows,
    #: columns and boxes (:attr:`solver.sudoku.rules.Rule.locks`: windoku's windows), in its order
    locking: tuple[int, ...] = ()
    #: the kind of each rule unit (units 3n on) as SukakuExplainer types its regions
    #: (:attr:`solver.sudoku.rules.Rule.se_regions`): the strong-link chains' kinds of link
    rule_kinds: tuple[int, ...] = ()
    #: every unit of each cell in the order SukakuExplainer's chains visit them: its region, row
    #: and column, then the rules' units by SE's region type (windows, then diagonals), so a
    #: chain's hidden single in a diagonal or window is a link as in a box
    chain_units: tuple[tuple[int, ...], ...] = ()
    #: the peers of each cell in the order SE's chains turn their digit off: the cells sharing
    #: a unit, then a rule's paired cells by its moves (an anti-king's, then an anti-knight's
    #: as the rules are listed); the chain found first, and so its length, depends on it
    chain_peers: tuple[tuple[int, ...], ...] = ()


@lru_cache(maxsize=64)
def layout(geometry: Geometry) -> Layout:
    """The :class:`Layout` of a geometry, built once."""
    t = tables(geometry)
    n = t.size
    # the grader reads a rule's implied units as units too, their cells as peers (Rule.implied_units)
    implied = [unit for rule in geometry.rules for unit in rule.implied_units(geometry)]
    # the rules' own units come after the grid's (in tables), their implied ones last
    rule_kinds = tuple(rule.se_regions[min(k, len(rule.se_regions) - 1)]
                       for rule in geometry.rules for k in range(len(rule.units(geometry)))) + tuple(
        rule.se_regions[min(len(rule.units(geometry)) + k, len(rule.se_regions) - 1)]
        for rule in geometry.rules for k in range(len(rule.implied_units(geometry))))
    locking_cells = {cells for rule in geometry.rules if rule.locks
                     for _, cells in (*rule.units(geometry), *rule.implied_units(geometry))}
    units = t.units + tuple(cells for _, cells in implied)
    names = t.unit_names + tuple(name for name, _ in implied)
    mates: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units:
        for cell in unit:
            mates[cell].update(unit)
    unit_mates = tuple(frozenset(m - {cell}) for cell, m in enumerate(mates))
    peers = tuple(tuple(sorted(set(p) | m)) for p, m in zip(t.peers, unit_mates)) if implied else t.peers
    cell_units = tuple((c // n, n + c % n, 2 * n + geometry.regions[c]) for c in range(n * n))
    crossings = []
    for region in range(2 * n, 3 * n):
        rset = set(t.units[region])
        for line in range(2 * n):
            both = rset.intersection(t.units[line])
            if len(both) > 1:
                crossings.append((region, line, frozenset(both)))
    peer_sets = tuple(frozenset(p) for p in peers)
    rule_units: list[list[int]] = [[] for _ in range(n * n)]
    for u in sorted(range(3 * n, len(units)), key=lambda u: rule_kinds[u - 3 * n]):
        for cell in units[u]:
            rule_units[cell].append(u)
    chain_units = tuple((region, row, column, *rule_units[c]) for c, (row, column, region) in enumerate(cell_units))
    chain_peers = peers
    if any(rule.moves for rule in geometry.rules):
        chain_peers = tuple(_moved(sorted(unit_mates[cell]), cell, n, geometry) for cell in range(n * n))
    return Layout(n, units, names, peers, peer_sets,
                  cell_units, tuple(crossings), max((len(b) for _, _, b in crossings), default=1),
                  t.excludes, t.allowed, not geometry.rules, any(rule.generalized for rule in geometry.rules),
                  () if unit_mates == peer_sets else unit_mates,
                  tuple(frozenset(other for digit in range(n) for other, _ in t.excludes[cell * n + digit])
                        for cell in range(n * n)) if t.excludes else (),
                  tuple(u for u, cells in enumerate(units) if u >= 3 * n and cells in locking_cells),
                  rule_kinds, chain_units, chain_peers)


def _moved(mates: list[int], cell: int, n: int, geometry: Geometry) -> tuple[int, ...]:
    """``mates`` followed by the cells the rules' moves reach from ``cell``, each once."""
    seen = set(mates)
    row, column = divmod(cell, n)
    for rule in geometry.rules:
        for dr, dc in rule.moves:
            r, c = row + dr, column + dc
            if 0 <= r < n and 0 <= c < n and r * n + c not in seen:
                seen.add(r * n + c)
                mates.append(r * n + c)
    return tuple(mates)


def units_in_se_order(lay: Layout, *, columns_first: bool) -> tuple[range, ...]:
    """The units by kind, in the order SukakuExplainer visits them on a variant grid: regions,
    then rows and columns (columns first for its naked sets), then the rules' units."""
    n = lay.n
    lines = (range(n, 2 * n), range(n)) if columns_first else (range(n), range(n, 2 * n))
    return (range(2 * n, 3 * n), *lines, range(3 * n, len(lay.units)))


def seen_by_all(related: tuple[frozenset[int], ...], cells: list[int] | tuple[int, ...]) -> set[int]:
    """The cells related to every one of ``cells`` by ``related`` (a layout's ``peer_sets`` or
    ``unit_mates``), which relates no cell to itself, so none of ``cells`` is among them."""
    seen = set(related[cells[0]])
    for cell in cells[1:]:
        seen &= related[cell]
    return seen


def bits(mask: int) -> list[int]:
    """The digits (1-based) whose bits are set in ``mask``, ascending."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


def popcount(mask: int) -> int:
    return mask.bit_count()


class Grid:
    """Values and candidates of a puzzle in progress."""

    __slots__ = ("cands", "lay", "n", "symbols", "values")
    lay: Layout
    n: int
    symbols: str
    values: list[int]
    cands: list[int]

    def __init__(self, puzzle: Puzzle | None = None, *, source: Grid | None = None,
                 lay: Layout | None = None, symbols: str = "") -> None:
        """The grid of ``puzzle`` with its givens placed; or a copy of ``source``; or an empty
        grid on ``lay`` (a KenKen's Latin square). One constructor, never ``__new__``, so mypyc
        can compile the class."""
        if source is not None:
            self.lay, self.n, self.symbols = source.lay, source.n, source.symbols
            self.values, self.cands = source.values[:], source.cands[:]
            return
        if puzzle is not None:
            lay, symbols = layout(puzzle.geometry), puzzle.symbols
        if lay is None:
            raise ValueError("a Grid needs a puzzle, a grid to copy or a layout")
        self.lay, self.n, self.symbols = lay, lay.n, symbols
        self.values = [0] * (self.n * self.n)
        self.cands = [(1 << self.n) - 1] * (self.n * self.n)
        if puzzle is not None:
            for cell, value in enumerate(puzzle.givens):
                if value:
                    self.place(cell, value)

    def copy(self) -> Grid:
        return Grid(source=self)

    def place(self, cell: int, digit: int) -> None:
        """Set a value and remove it from the candidates of every peer."""
        self.values[cell] = digit
        self.cands[cell] = 0
        clear = ~(1 << (digit - 1))
        cands = self.cands
        for p in self.lay.peers[cell]:
            cands[p] &= clear
        if self.lay.excludes:
            for other, other_digit in self.lay.excludes[cell * self.n + digit - 1]:
                cands[other] &= ~(1 << (other_digit - 1))

    def solved(self) -> bool:
        return 0 not in self.values

    def broken(self) -> bool:
        """A blank cell without candidates: the position contradicts itself."""
        return any(not v and not c for v, c in zip(self.values, self.cands))

    def apply(self, step: Step) -> None:
        for cell, digit, placed in step.moves:
            if placed:
                if not self.values[cell]:
                    self.place(cell, digit)
            else:
                self.cands[cell] &= ~(1 << (digit - 1))

    # -- words -------------------------------------------------------------------------
    def name(self, cell: int) -> str:
        return f"r{cell // self.n + 1}c{cell % self.n + 1}"

    def names(self, cells: list[int] | tuple[int, ...]) -> str:
        """``r1c2``, ``r1c2 and r3c4``, ``r1c2, r3c4 and r5c6``."""
        words = [self.name(c) for c in cells]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    def sym(self, digit: int) -> str:
        return self.symbols[digit - 1]

    def syms(self, mask: int) -> str:
        return "/".join(self.sym(d) for d in bits(mask))

    def sym_list(self, mask: int) -> str:
        """``2``, ``2 and 8``, ``2, 5 and 8``: digits a sentence names, never run together
        with a unit's number as ``row 2 2/8`` would read."""
        words = [self.sym(d) for d in bits(mask)]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    def step(self, technique: str, rating: float, text: str, *,
             placed: list[tuple[int, int]] | tuple[tuple[int, int], ...] = (),
             removed: list[tuple[int, int]] | tuple[tuple[int, int], ...] = (),
             cells: list[int] | tuple[int, ...] | set[int] | frozenset[int] = (),
             named: list[tuple[int, int]] | tuple[tuple[int, int], ...] = ()) -> Step:
        """A :class:`Step` from cell indices and digits. ``named``: eliminations a placing
        step's sentence makes on its way ("so r3c2 is not 7, leaving a Hidden Single"):
        shown with the step (a worked example strikes them) but not replayed, as Sudoku
        Explainer's direct techniques only place, so the steps after rate as SE's do."""
        n = self.n
        rm = sorted(set(removed))
        return Step(technique, round(rating, 1), text,
                    tuple((c // n + 1, c % n + 1, self.sym(d)) for c, d in placed),
                    tuple((c // n + 1, c % n + 1, self.sym(d)) for c, d in sorted(set(rm) | set(named))),
                    tuple((c // n + 1, c % n + 1) for c in sorted(set(cells))),
                    tuple((c, d, True) for c, d in placed) + tuple((c, d, False) for c, d in rm))

    def removal(self, technique: str, rating: float, reason: str,
                removed: list[tuple[int, int]], cells: list[int] | set[int] | tuple[int, ...]
                ) -> Step:
        """An elimination step whose sentence ends with what it removes."""
        return self.step(technique, rating, f"{reason}, so {self.removed_text(removed)}",
                         removed=removed, cells=cells)

    def removed_text(self, removed: list[tuple[int, int]]) -> str:
        by_digit: dict[int, list[int]] = {}
        for cell, digit in sorted(set(removed), key=lambda x: (x[1], x[0])):
            by_digit.setdefault(digit, []).append(cell)
        parts = []
        for digit, cells in by_digit.items():
            verb = "is" if len(cells) == 1 else "are"
            parts.append(f"{self.names(cells)} {verb} not {self.sym(digit)}")
        return "; ".join(parts)
