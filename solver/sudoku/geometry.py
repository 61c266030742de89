"""Grid shapes: the size, the box shape or jigsaw regions, and the tables derived from them.

A :class:`Geometry` is a small immutable value so it can be compared, hashed and
shared by every puzzle of a set; the expensive derived tables (units, peers,
unit names) are built once per distinct geometry by :func:`tables`.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol

from solver.sudoku.rules import Rule

#: Box shape (rows, cols) printed puzzles use for each common size.
_DEFAULT_BOXES: dict[int, tuple[int, int]] = {
    4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 16: (4, 4), 25: (5, 5),
}
_SYMBOL_ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SIZE = len(_SYMBOL_ALPHABET)


def default_symbols(n: int) -> str:
    """The symbols of an N x N grid: ``1``-``9`` then ``A``-``Z`` (so 16x16 uses 1-9A-G)."""
    if not 1 <= n <= MAX_SIZE:
        raise ValueError(f"no default symbols for size {n} (1..{MAX_SIZE}); give symbols explicitly")
    return _SYMBOL_ALPHABET[:n]


def _check_size(size: int) -> None:
    if not 2 <= size <= MAX_SIZE:
        raise ValueError(f"size {size} is not supported (2..{MAX_SIZE})")


def _default_box(size: int) -> tuple[int, int]:
    """The most square factorisation rows x cols (rows <= cols) with both factors > 1."""
    if size in _DEFAULT_BOXES:
        return _DEFAULT_BOXES[size]
    rows = max((r for r in range(2, int(size ** 0.5) + 1) if size % r == 0), default=0)
    if not rows:
        raise ValueError(f"size {size} has no box shape (it is prime or too small); "
                         f"give a box shape or jigsaw regions")
    return rows, size // rows


@dataclass(frozen=True)
class Geometry:
    """The shape of an N x N grid: rows, columns and N regions of N cells each.

    ``regions`` gives the region index (0..N-1) of every cell in row-major
    order, for boxes too, so every consumer (solver, layout) reads one form.
    ``labels`` keeps the jigsaw's own region names for messages ("region 'C'").
    ``rules`` are the variant rules on top of rows, columns and regions
    (:mod:`solver.sudoku.rules`): every table below folds them in, so search,
    verification, grading and generation keep them without knowing which they are.
    """

    size: int
    box_rows: int | None
    box_cols: int | None
    regions: tuple[int, ...]
    is_jigsaw: bool = False
    labels: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = ()

    @property
    def cells(self) -> int:
        return self.size * self.size

    def __hash__(self) -> int:
        """Every table of a geometry is an ``lru_cache`` keyed by it, looked up several times
        per uniqueness check while digging: hashing the N*N region tuple each time cost the
        generator about 3 % of its time. A boxed grid's regions follow from its size and box
        shape, so only a jigsaw's are hashed (equal geometries still hash alike)."""
        return hash((self.size, self.box_rows, self.box_cols, self.rules,
                     self.regions if self.is_jigsaw else None))

    def with_rules(self, rules: Sequence[Rule]) -> Geometry:
        """The same shape under ``rules`` (instead of its own)."""
        return replace(self, rules=tuple(rules))

    @classmethod
    def boxed(cls, size: int, box_rows: int | None = None, box_cols: int | None = None) -> Geometry:
        """A grid with rectangular boxes; the box shape defaults to the usual one for ``size``.
        One object per shape (a geometry is immutable): a table cache keyed by it then finds
        it by identity, without comparing regions, on every attempt of a generator."""
        return _boxed(size, box_rows, box_cols)

    @classmethod
    def jigsaw(cls, size: int, labels: Sequence[Hashable]) -> Geometry:
        """Irregular regions from N*N labels (row-major); each label must cover exactly N cells.

        Regions are numbered in order of first appearance so equal maps give equal geometries.
        """
        _check_size(size)
        labels = list(labels)
        if len(labels) != size * size:
            raise ValueError(f"region map has {len(labels)} cells, expected {size * size}")
        index: dict[Hashable, int] = {}
        counts: dict[Hashable, int] = {}
        for label in labels:
            index.setdefault(label, len(index))
            counts[label] = counts.get(label, 0) + 1
        if len(index) != size:
            raise ValueError(f"region map has {len(index)} regions, expected {size}")
        for label, count in counts.items():
            if count != size:
                raise ValueError(f"region '{label}' has {count} cells, expected {size}")
        regions = tuple(index[label] for label in labels)
        return cls(size, None, None, regions, True, tuple(str(label) for label in index))


@lru_cache(maxsize=64)
def _boxed(size: int, box_rows: int | None, box_cols: int | None) -> Geometry:
    """:meth:`Geometry.boxed`, made once per shape."""
    _check_size(size)
    if box_rows is None and box_cols is None:
        box_rows, box_cols = _default_box(size)
    elif box_rows is None:
        box_rows = size // box_cols if box_cols else 0
    elif box_cols is None:
        box_cols = size // box_rows if box_rows else 0
    if not box_rows or not box_cols or box_rows * box_cols != size:
        raise ValueError(f"box {box_rows}x{box_cols} does not tile a {size}x{size} grid")
    # Box index is row-major over boxes.
    per_row = size // box_cols
    regions = tuple((r // box_rows) * per_row + c // box_cols
                    for r in range(size) for c in range(size))
    return Geometry(size, box_rows, box_cols, regions)


@dataclass(frozen=True)
class Tables:
    """What the search needs, precomputed: units as cell tuples, peers of every cell, names,
    and what the variant rules add beyond peers."""

    size: int
    full: int                            # bitmask with all N candidate bits set
    units: tuple[tuple[int, ...], ...]   # rows, then columns, then regions, then the rules' units
    unit_names: tuple[str, ...]          # "row 3", "column 5", "box 2", "region 'C'", "the main diagonal"
    peers: tuple[tuple[int, ...], ...]   # the other cells sharing a unit with each cell (or a rule's peer pair)
    #: the digits each cell may hold (all of them but where a rule marks the cell)
    allowed: tuple[int, ...] = ()
    #: (cell, digit) -> the (cell, digit) candidates it rules out beyond its peers' same digit
    #: (non-consecutive neighbours): every digit-dependent rule, for search and grader alike
    excludes: tuple[tuple[tuple[int, int], ...], ...] = ()

    def excluded(self, cell: int, digit: int) -> tuple[tuple[int, int], ...]:
        """The candidates (cell, digit 1..N) a placement of ``digit`` in ``cell`` rules out
        besides the same digit in its peers."""
        return self.excludes[cell * self.size + digit - 1] if self.excludes else ()


def cell_name(cell: int, size: int) -> str:
    """The editor's name of a cell: ``r3c8`` (1-based row and column)."""
    return f"r{cell // size + 1}c{cell % size + 1}"


@lru_cache(maxsize=64)
def tables(geometry: Geometry) -> Tables:
    """Units, peers and names of a geometry, built once per distinct geometry."""
    n = geometry.size
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    regions: list[list[int]] = [[] for _ in range(n)]
    for cell, region in enumerate(geometry.regions):
        regions[region].append(cell)
    names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
    if geometry.is_jigsaw:
        names += [f"region '{label}'" for label in geometry.labels]
    else:
        names += [f"box {b + 1}" for b in range(n)]
    extra = [unit for rule in geometry.rules for unit in rule.units(geometry)]
    units = tuple(rows + cols + [tuple(cells) for cells in regions] + [cells for _, cells in extra])
    names += [name for name, _ in extra]
    peer_sets: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units:
        for cell in unit:
            peer_sets[cell].update(unit)
    full = (1 << n) - 1
    allowed = [full] * (n * n)
    relations: list[set[tuple[int, int]]] = [set() for _ in range(n * n * n)]
    for rule in geometry.rules:
        for a, b in rule.pairs(geometry):
            if rule.pairs_are_peers:
                peer_sets[a].add(b)
                peer_sets[b].add(a)
                continue
            for d1 in range(1, n + 1):
                for d2 in range(1, n + 1):
                    if rule.clash(d1, d2):
                        relations[a * n + d1 - 1].add((b, d2))
                        relations[b * n + d2 - 1].add((a, d1))
        for cell, mask in enumerate(rule.allowed(geometry)):
            allowed[cell] &= mask
    peers = tuple(tuple(sorted(s - {cell})) for cell, s in enumerate(peer_sets))
    excludes = tuple(tuple(sorted(r)) for r in relations) if any(relations) else ()
    return Tables(n, full, units, tuple(names), peers, tuple(allowed), excludes)


#: Largest grid whose elimination masks are all built up front; beyond it (25x25: 127 MB of
#: masks) each mask is computed when a candidate is placed.
_TABLED_SIZE = 16


@dataclass(frozen=True)
class Board:
    """The packed candidate board of a geometry: how :mod:`solver.sudoku.search` holds a grid.

    One int holds 4*N*N *groups* of ``width`` = N+1 bits: for every row, column
    and region and every digit, the places left for that digit there; and for
    every cell, the digits left for it (the cell groups sit at the top). Each
    candidate (cell, digit) therefore has one bit in four groups, and a
    solution picks exactly one candidate per group, which is the whole rule
    set of Sudoku. The extra bit of a group is its guard: set while the group
    is open. Because every group has the same shape, "which groups have no
    candidate / exactly one" is a handful of whole-board int operations
    (borrow-free subtraction of one per group), whatever the size.

    Layout, low to high: the row, column and region families, each digit-major
    (digit d's N groups one *plane* above digit d-1's, a cell at its index in
    the unit), then the N*N cell groups. Digit-major planes make a placement
    mask a few per-cell pieces shifted by the digit (:class:`_Placements`).

    ``keep[p]`` (``p`` = the candidate's bit in its cell group) is the mask
    that places it: it clears every candidate sharing a group with it, in all
    four copies, and closes its four groups, keeping only its own cell bit so
    a finished board reads as the solution. ``owner`` maps any candidate bit
    to that cell-group bit.
    """

    size: int
    width: int
    guards: int             # the guard bit of every group
    lows: int               # the lowest bit of every group
    cell_guards: int        # the guard bits of the cell groups
    cell_base: int          # bit offset of cell 0's group
    start: int              # every candidate the rules allow, every group open
    owner: tuple[int, ...]
    keep: Masks             # a list up to 16x16; computed per lookup beyond


class Masks(Protocol):
    """What :attr:`Board.keep` offers: the placement mask of a candidate bit."""

    def __getitem__(self, bit: int, /) -> int: ...


class _Placements:
    """The placement masks of :class:`Board`, computed from per-cell pieces.

    Placing digit ``d`` in a cell clears its cell group and the other digits'
    bits in its units (``own``), plus digit ``d`` of its peers: in the cell
    groups (``peer_cells`` shifted by ``d``) and in the unit families
    (``peer_units``, its own unit groups included, shifted by ``d`` planes).
    """

    def __init__(self, full: int, cell_base: int, width: int, plane: int, own: list[int],
                 peer_cells: list[int], peer_units: list[int], ruled: dict[int, int]) -> None:
        self.full, self.cell_base, self.width, self.plane = full, cell_base, width, plane
        self.own, self.peer_cells, self.peer_units = own, peer_cells, peer_units
        self.ruled = ruled

    def __getitem__(self, bit: int) -> int:
        cell, digit = divmod(bit - self.cell_base, self.width)
        cleared = (self.own[cell] | self.peer_cells[cell] << digit
                   | self.peer_units[cell] << digit * self.plane | self.ruled.get(bit, 0))
        return (self.full ^ cleared) | 1 << bit


@lru_cache(maxsize=4)
def board(geometry: Geometry) -> Board:
    """The packed-board tables of a geometry (see :class:`Board`), built once per geometry.

    Few are kept: a 16x16 board's masks take 9 MB, and a set of jigsaws has a new
    geometry per puzzle anyway.
    """
    t = tables(geometry)
    n, cells = t.size, geometry.cells
    width = n + 1
    plane = n * width                    # one digit's groups in a unit family
    family = cells * width               # a family: N units x N digits, or N*N cells
    units = t.units                      # rows, columns, regions, then the rules' units (diagonals, windows)
    families = -(-len(units) // n)       # unit families; the last one padded with closed, empty groups
    cell_base = families * family
    group = (1 << width) - 1
    total = cell_base + family
    full = (1 << total) - 1
    lows = full // group                 # the bottom bit of every group
    # Unit k (rows, columns, regions, rules' units in tables() order) at digit 0 starts at unit_base(k).

    def unit_base(k: int) -> int:
        return (k // n) * family + (k % n) * width

    unit_bits = [0] * cells              # a cell's unit-family bits at digit 0 (one per unit it is in)
    unit_groups = [0] * cells            # its unit groups at digit 0, guards included
    cells_of = [0] * len(units)          # unit k: the cell-group bottoms of its cells
    owner = [-1] * total
    for k, unit in enumerate(units):
        for index, cell in enumerate(unit):
            unit_bits[cell] |= 1 << (unit_base(k) + index)
            unit_groups[cell] |= group << unit_base(k)
            cells_of[k] |= 1 << (cell * width)
            for digit in range(n):
                owner[unit_base(k) + digit * plane + index] = cell_base + cell * width + digit
    for bit in range(cell_base, total):
        if (bit - cell_base) % width < n:
            owner[bit] = bit
    units_of: list[list[int]] = [[] for _ in range(cells)]
    for k, unit in enumerate(units):
        for cell in unit:
            units_of[cell].append(k)
    # Unit k: the unit-family bits of all its cells at digit 0 (disjoint, so a sum is an OR).
    in_unit = [sum(unit_bits[cell] for cell in unit) for unit in units]
    every_digit = sum(1 << (digit * plane) for digit in range(n))   # times x: x in every plane
    own = [group << (cell_base + cell * width) | unit_bits[cell] * every_digit
           for cell in range(cells)]
    peer_cells, peer_units = [], []
    for cell, mine in enumerate(units_of):
        together, groups = 0, unit_groups[cell]
        for k in mine:
            together |= cells_of[k]
            groups |= in_unit[k]
        peer_cells.append((together ^ 1 << cell * width) << cell_base)
        peer_units.append(groups)

    def copies(cell: int, digit: int) -> int:   # every bit of candidate (cell, digit 0-based)
        return 1 << (cell_base + cell * width + digit) | unit_bits[cell] << digit * plane

    # The rules' peers outside every unit (anti-knight, anti-king: the same digit goes) and
    # their digit-dependent exclusions (non-consecutive), added to the placement masks.
    ruled: dict[int, int] = {}
    if geometry.rules:
        for cell in range(cells):
            unit_mates = {other for k in units_of[cell] for other in units[k]}
            near = [other for other in t.peers[cell] if other not in unit_mates]
            for digit in range(n):
                mask = 0
                for other in near:
                    mask |= copies(other, digit)
                for other, other_digit in t.excluded(cell, digit + 1):
                    mask |= copies(other, other_digit - 1)
                if mask:
                    ruled[cell_base + cell * width + digit] = mask
    # The padding groups start closed and empty: never open, so never a dead end or a single
    # (their guard stays in ``guards`` to absorb the borrow of the per-group subtraction).
    start = full
    for k in range(len(units), families * n):
        for digit in range(n):
            start &= ~(group << (unit_base(k) + digit * plane))
    for cell, mask in enumerate(t.allowed):
        for digit in range(n):
            if not mask >> digit & 1:
                start &= ~copies(cell, digit)
    placements = _Placements(full, cell_base, width, plane, own, peer_cells, peer_units, ruled)
    keep: Masks = placements
    if n <= _TABLED_SIZE:
        keep = [placements[bit] if owner[bit] == bit else 0 for bit in range(total)]
    return Board(n, width, lows << n, lows, (full >> cell_base) // group << (cell_base + n),
                 cell_base, start, tuple(owner), keep)
