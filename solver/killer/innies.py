"""The 45 rule: what the cages say about the cells left over in a row, column, box or a run
of them.

An *area* is a set of units taken whole: k rows (or columns, or boxes side by side) hold
every digit k times, so their cells add up to k * N(N+1)/2. Take away the cages lying
wholly inside: the cells left (the *innies*) add up to the rest. The cages that reach in
from outside cover the area and some cells beyond it (the *outies*): those add up to the
cages' sums minus the area's total. A few innies or outies with a known total are a new,
smaller cage; one is a placed digit. The search adds these as constraints and the grader
uses them as steps ("the 45 rule on rows 1-2: r3c4 = 7").
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from solver.cages.cage import Cage
from solver.sudoku.geometry import Geometry, tables

#: Innies or outies of more cells than this are not worth a constraint of their own.
MAX_CELLS = 4


@dataclass(frozen=True)
class Area:
    """Units taken whole, by name ("rows 1-3"), with their cells and how many units."""

    name: str
    cells: frozenset[int]
    units: int


@dataclass(frozen=True)
class Derived:
    """Cells whose total the 45 rule knows: innies (inside the area) or outies (outside)."""

    area: Area
    cells: tuple[int, ...]
    total: int
    outies: bool
    distinct: bool          # the cells all see each other, so they hold different digits


def _run_name(word: str, first: int, last: int) -> str:
    return f"{word} {first}" if first == last else f"{word}s {first}-{last}"


@lru_cache(maxsize=16)
def areas(geometry: Geometry) -> tuple[Area, ...]:
    """Single rows, columns and boxes (regions), and runs of adjacent rows and columns (all
    lengths), and for boxes, runs of boxes side by side within a band or stack."""
    t = tables(geometry)
    n = geometry.size
    found: list[Area] = []
    for offset, word in ((0, "row"), (n, "column")):
        for first in range(n):
            for last in range(first, n - 1 if first == 0 else n):
                cells = frozenset(c for u in range(first, last + 1) for c in t.units[offset + u])
                found.append(Area(_run_name(word, first + 1, last + 1), cells, last - first + 1))
    word = "region" if geometry.is_jigsaw else "box"
    for b in range(n):
        found.append(Area(t.unit_names[2 * n + b], frozenset(t.units[2 * n + b]), 1))
    if not geometry.is_jigsaw and geometry.box_rows and geometry.box_cols:
        per_row = n // geometry.box_cols
        per_col = n // geometry.box_rows
        runs: list[tuple[int, ...]] = []
        for band in range(per_col):                # boxes side by side in a band
            row_boxes = [band * per_row + i for i in range(per_row)]
            runs += [tuple(row_boxes[i:j]) for i in range(per_row) for j in range(i + 2, per_row + 1)
                     if j - i < per_row or per_col > 1]
        for stack in range(per_row):               # boxes one above the other in a stack
            col_boxes = [i * per_row + stack for i in range(per_col)]
            runs += [tuple(col_boxes[i:j]) for i in range(per_col) for j in range(i + 2, per_col + 1)
                     if j - i < per_col or per_row > 1]
        for run in runs:
            cells = frozenset(c for b in run for c in t.units[2 * n + b])
            found.append(Area(f"{word}es {', '.join(str(b + 1) for b in run)}", cells, len(run)))
    return tuple(found)


@dataclass(frozen=True)
class AreaSums:
    """What the cages say of one area, before any digit is placed: its innies and their total,
    and (where cages cover every cell of it) its outies and theirs. Fixed by the cage layout,
    so worked out once a puzzle (:func:`area_sums`); placed digits only move values across."""

    area: Area
    innies: tuple[int, ...]
    innie_total: int
    outies: tuple[int, ...] | None
    outie_total: int


@lru_cache(maxsize=64)
def area_sums(geometry: Geometry, cages: tuple[Cage, ...]) -> tuple[AreaSums, ...]:
    """:class:`AreaSums` of every area of :func:`areas`, in its order."""
    digit_sum = geometry.size * (geometry.size + 1) // 2
    owner: dict[int, int] = {}
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            owner[cell] = index
    found: list[AreaSums] = []
    for area in areas(geometry):
        total = digit_sum * area.units
        touching = {owner[c] for c in area.cells if c in owner}
        inside = [i for i in touching if all(c in area.cells for c in cages[i].cells)]
        covered = {c for i in inside for c in cages[i].cells}
        innies = tuple(c for c in sorted(area.cells) if c not in covered)
        innie_total = total - sum(cages[i].total for i in inside)
        outies: tuple[int, ...] | None = None
        outie_total = 0
        if all(c in owner for c in area.cells):
            reaching = [i for i in touching if i not in inside]
            outies = tuple(sorted(c for i in reaching for c in cages[i].cells if c not in area.cells))
            outie_total = sum(cages[i].total for i in touching) - total
        found.append(AreaSums(area, innies, innie_total, outies, outie_total))
    return tuple(found)


def derive(geometry: Geometry, cages: Sequence[Cage], known: Sequence[int] = (),
           max_cells: int = MAX_CELLS) -> Iterator[Derived]:
    """Every innie and outie set of at most ``max_cells`` cells with its total.

    ``known`` (a value per cell, 0 for unknown) lets placed digits count as known: they
    leave the innies and outies and their values move to the other side of the sum.
    """
    peers = tables(geometry).peers
    for sums in area_sums(geometry, tuple(cages)):
        for cells, total, outies in ((sums.innies, sums.innie_total, False),
                                     (sums.outies, sums.outie_total, True)):
            if cells is None:
                continue
            if known:
                unknown = tuple(c for c in cells if not known[c])
                total -= sum(known[c] for c in cells if known[c])
            else:
                unknown = cells
            if not 0 < len(unknown) <= max_cells:
                continue
            distinct = all(b in peers[a] for i, a in enumerate(unknown) for b in unknown[i + 1:])
            yield Derived(sums.area, unknown, total, outies, distinct)
