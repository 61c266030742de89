"""Logic a search runs once at its root: locked candidates, naked and hidden pairs.

Singles alone (:func:`solver.sudoku.search._propagate`) leave the hard tenth of real
puzzles (top1465) with 170-500 search nodes to visit, half of them to prove there is no
second solution. One pass of locked candidates (pointing and claiming) and pairs at the
root, then singles again, halves that (top1465: median 45 nodes to 27, p90 169 to 81).
Further passes, or passes below the root, no longer pay for themselves: a pass costs about
as much as 14 nodes. Every elimination here holds in every solution, so a search started
from the refined board finds the same solutions (in the lexicographic order, in the same
order too; in the fewest-candidates order perhaps in another).

The pass reads the packed board: cell groups give the digits left for a cell, unit
groups with exactly two places (found for the whole board at once) the hidden pairs.
Eliminations are written back to all four copies of each candidate at once (one mask
built from bytes).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solver.sudoku.geometry import Geometry, board, tables
from solver.sudoku.packed import packed_core


@dataclass(frozen=True)
class _Plan:
    """Per geometry: where every candidate's copies sit and how regions and lines cross."""

    n: int
    width: int
    plane: int
    family: int
    cell_base: int
    nbytes: int
    units: tuple[tuple[int, ...], ...]
    cell_units: tuple[tuple[int, int, int], ...]
    # per cell: its bit offsets at digit 0 in the row, column and region families
    unit_offsets: tuple[tuple[int, int, int], ...]
    # every region cut by the rows, then by the columns: pieces (the cells of one region in
    # one line), each as (cells, line index, region index, line cells outside the region,
    # region cells outside the line)
    pieces: tuple[tuple[tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...]], ...]


@lru_cache(maxsize=8)
def _plan(geometry: Geometry) -> _Plan:
    b, t = board(geometry), tables(geometry)
    n, width = b.size, b.width
    plane, family = n * width, geometry.cells * width
    offsets: list[list[int]] = [[0, 0, 0] for _ in range(geometry.cells)]
    for k, unit in enumerate(t.units):
        for index, cell in enumerate(unit):
            offsets[cell][k // n] = (k // n) * family + (k % n) * width + index
    pieces = []
    for region_index in range(2 * n, 3 * n):
        region = t.units[region_index]
        inside = set(region)
        for line_index in range(2 * n):
            line = t.units[line_index]
            both = tuple(c for c in line if c in inside)
            if both:
                pieces.append((both, line_index, region_index,
                               tuple(c for c in line if c not in inside),
                               tuple(c for c in region if c not in both)))
    cell_units = tuple((c // n, n + c % n, 2 * n + geometry.regions[c]) for c in range(n * n))
    return _Plan(n, width, plane, family, b.cell_base, (4 * family + 7) // 8, t.units,
                 cell_units, tuple((a, c, r) for a, c, r in offsets), tuple(pieces))


def _cells(z: int, plan: _Plan) -> list[int]:
    """The digits left for every open cell (0 for a placed one)."""
    n, width = plan.n, plan.width
    full, group_mask = (1 << n) - 1, (1 << width) - 1
    cells = z >> plan.cell_base
    out = []
    for _ in range(n * n):
        group = cells & group_mask
        out.append(group & full if group >> n else 0)
        cells >>= width
    return out


def _locked(cands: list[int], plan: _Plan, out: list[tuple[int, int]]) -> None:
    """Pointing and claiming: a digit whose places in a region (a line) all lie in one
    piece leaves the rest of that piece's line (region). Counted per unit over its pieces
    with the once/twice trick: a digit in ``twice`` lies in two pieces or more."""
    n = plan.n
    # regions are counted twice, over their row pieces (0..n-1) and column pieces (n..2n-1)
    once_region, twice_region = [0] * (2 * n), [0] * (2 * n)
    once_line, twice_line = [0] * (2 * n), [0] * (2 * n)
    ors = []
    for cells, line, region, _, _ in plan.pieces:
        m = 0
        for c in cells:
            m |= cands[c]
        ors.append(m)
        key = region - 2 * n if line < n else region - n
        twice_region[key] |= once_region[key] & m
        once_region[key] |= m
        twice_line[line] |= once_line[line] & m
        once_line[line] |= m
    for (_, line, region, line_out, region_out), m in zip(plan.pieces, ors):
        if not m:
            continue
        key = region - 2 * n if line < n else region - n
        pointing = m & ~twice_region[key] & twice_line[line]
        claiming = m & ~twice_line[line] & twice_region[key]
        if pointing:
            out.extend((c, pointing) for c in line_out if cands[c] & pointing)
        if claiming:
            out.extend((c, claiming) for c in region_out if cands[c] & claiming)


def _pairs(z: int, cands: list[int], plan: _Plan, guards: int, lows: int,
           out: list[tuple[int, int]]) -> None:
    """Naked pairs (two cells of a unit with the same two digits) and hidden pairs (two
    digits with the same two places in a unit). Hidden pairs are read off the board's unit
    groups with exactly two places, found for the whole board at once."""
    units, cell_units = plan.units, plan.cell_units
    seen: dict[tuple[int, int], int] = {}
    for c, m in enumerate(cands):
        if m and m.bit_count() == 2:
            for u in cell_units[c]:
                other = seen.setdefault((u, m), c)
                if other != c:
                    out.extend((o, m) for o in units[u] if o != c and o != other and cands[o] & m)
    n, width, plane, family = plan.n, plan.width, plan.plane, plan.family
    below_cells = (1 << plan.cell_base) - 1
    guards &= below_cells
    lows &= below_cells
    units_z = z & below_cells
    opened = units_z & guards
    rest = units_z ^ opened
    rest &= (rest | guards) - lows                       # without the lowest place
    two_or_more = ((rest | guards) - lows) & guards
    rest &= (rest | guards) - lows                       # without the two lowest
    exactly_two = two_or_more & ~(((rest | guards) - lows) & guards) & opened
    digits: dict[tuple[int, int], int] = {}
    full = (1 << n) - 1
    raw = z.to_bytes(plan.nbytes, "little")
    text = bin(exactly_two)              # "0b1...": the bit at string index i is top - i
    top = len(text) - 1
    i = text.find("1", 2)
    while i >= 0:
        start = top - i - n                # the group's lowest bit
        k, within = divmod(start, family)
        d, at = divmod(within, plane)
        where = int.from_bytes(raw[start >> 3:(start + n >> 3) + 1], "little") >> (start & 7) & full
        key = (k * n + at // width, where)
        digits[key] = digits.get(key, 0) | 1 << d
        i = text.find("1", i + 1)
    for (u, where), ds in digits.items():
        if ds.bit_count() == 2:
            low = where & -where
            for c in (units[u][low.bit_length() - 1], units[u][(where ^ low).bit_length() - 1]):
                if cands[c] & ~ds:
                    out.append((c, cands[c] & ~ds))


def _mask(removals: list[tuple[int, int]], plan: _Plan, cands: list[int]) -> int:
    """The mask of every copy of the candidates removed (still present ones only)."""
    buf = bytearray(plan.nbytes)
    width, plane, base = plan.width, plan.plane, plan.cell_base
    for cell, digits in removals:
        digits &= cands[cell]
        cands[cell] &= ~digits
        row, col, region = plan.unit_offsets[cell]
        cell_bit = base + cell * width
        while digits:
            bit = digits & -digits
            digits ^= bit
            d = bit.bit_length() - 1
            for pos in (cell_bit + d, row + d * plane, col + d * plane, region + d * plane):
                buf[pos >> 3] |= 1 << (pos & 7)
    return int.from_bytes(buf, "little")


def refine(geometry: Geometry, z: int) -> int:
    """The board ``z`` (singles propagated, not solved) with what one pass of locked
    candidates and pairs rules out removed; the caller propagates singles again.

    A grid under variant rules is returned as it is: its board holds more copies of each
    candidate (the rules' units) than the four this pass writes back."""
    if geometry.rules:
        return z
    plan = _plan(geometry)
    b = board(geometry)
    fast = packed_core(geometry)
    cands = fast.cells(z) if fast else _cells(z, plan)
    removals: list[tuple[int, int]] = []
    _locked(cands, plan, removals)
    _pairs(z, cands, plan, b.guards, b.lows, removals)
    return z & ~_mask(removals, plan, cands) if removals else z
