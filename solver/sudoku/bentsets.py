"""Wings larger than XYZ: WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing (SukakuExplainer's ratings).

k cells that all see one another and hold k+1 digits together form an almost locked set:
one digit too many. With a bivalue cell {x, z} outside it, where every cell of the set that
holds x sees the bivalue cell, x cannot be in both; so either the bivalue cell is z or the set
is locked without x and holds z. Cells that see every z of the set and the bivalue cell lose z.
When both digits of the bivalue cell link this way (doubly linked), each of them is in the
set or the cell, and the set's other digits are locked in it.

Sets of 3, 4, 5, 6 cells make the WXYZ (5.5-5.6), VWXYZ (6.2-6.4), UVWXYZ (6.6) and TUVWXYZ
(7.5) wings; the first two rate a set whose largest cell is middle-sized a little harder.
"""
from __future__ import annotations

from typing import Protocol

from solver import core
from solver.sudoku.candidates import Grid, Layout, Step, bits, popcount

NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing", 5: "UVWXYZ-Wing", 6: "TUVWXYZ-Wing"}
BASE: dict[int, float] = {3: 5.5, 4: 6.2, 5: 6.6, 6: 7.5}


def rating(k: int, biggest: int) -> float:
    """SukakuExplainer: a middle-sized largest cell is harder than a small or a full one."""
    return tenths(k, biggest) / 10


def tenths(k: int, biggest: int) -> int:
    """:func:`rating` in tenths of a point."""
    if k == 3:
        return 55 + (4 - 3) - abs(3 - biggest)
    if k == 4:
        return 62 + (5 - 3) - abs(3 - biggest)
    return round(BASE[k] * 10)


def _sets(lay: Layout, cands: list[int], k: int) -> list[tuple[int, ...]]:
    """Every k mutually seeing blank cells holding k+1 digits, in increasing cell order."""
    peer_sets = lay.peer_sets
    live = [c for c in range(len(cands)) if 1 < popcount(cands[c]) <= k + 1]
    out: list[tuple[int, ...]] = []

    def grow(chosen: tuple[int, ...], mask: int, pool: list[int]) -> None:
        if len(chosen) == k:
            if popcount(mask) == k + 1:
                out.append(chosen)
            return
        for i, c in enumerate(pool):
            m = mask | cands[c]
            if popcount(m) > k + 1:
                continue
            grow(chosen + (c,), m, [p for p in pool[i + 1:] if p in peer_sets[c]])

    for i, c in enumerate(live):
        grow((c,), cands[c], [p for p in live[i + 1:] if p in peer_sets[c]])
    return out


#: a wing as the search compares them: (rating in tenths, the set's cells, the pivot, the
#: digit it cannot share with the set, the (cell, digit) eliminations ascending)
Wing = tuple[int, tuple[int, ...], int, int, list[tuple[int, int]]]


class PeersCore(Protocol):
    """A layout's peers made once, finding a position's wing as :func:`_best_wing` does:
    ``solver/sudoku/_bentsets.c``."""

    def wing(self, cands: list[int], k: int, /) -> Wing | None: ...


#: The C search, or None: :func:`_best_wing` runs.
_bentsets = core.extension("solver.sudoku._bentsets")
#: The most cells and digits the C search takes
_C_CELLS, _C_DIGITS = 640, 32
#: the C peers of the layout last searched
_PEERS: list[tuple[Layout, PeersCore]] = []


def _wing(g: Grid, k: int) -> Step | None:
    """The wing of ``k`` set cells rated lowest, then removing most (the first found on a
    tie), in the grid's words: :func:`_best_wing`, or its C twin."""
    lay = g.lay
    found: Wing | None
    if _bentsets is not None and lay.n * lay.n <= _C_CELLS and lay.n <= _C_DIGITS:
        if not _PEERS or _PEERS[0][0] is not lay:
            _PEERS[:] = [(lay, _bentsets.Peers(lay.peers))]
        found = _PEERS[0][1].wing(g.cands, k)
    else:
        found = _best_wing(lay, g.cands, k)
    if found is None:
        return None
    tenths, cells, yz, x, removed = found
    mask = 0
    for c in cells:
        mask |= g.cands[c]
    return g.removal(NAMES[k], tenths / 10,
                     f"{NAMES[k]}: {g.names(list(cells))} hold only {g.syms(mask)} and {g.name(yz)} is "
                     f"{g.syms(g.cands[yz])}; {g.sym(x)} cannot be in both", removed, [*cells, yz])


def _best_wing(lay: Layout, cands: list[int], k: int) -> Wing | None:
    """The best wing of ``k`` set cells: the reference of ``solver/sudoku/_bentsets.c``. A
    pivot is a bivalue cell, ascending, seeing a cell of the set; a set rated above the best
    so far is passed over (none of its wings could beat it)."""
    peer_sets = lay.peer_sets
    pivots = [c for c in range(len(cands)) if popcount(cands[c]) == 2]
    best: Wing | None = None
    best_count = 0
    for cells in _sets(lay, cands, k):
        mask = 0
        for c in cells:
            mask |= cands[c]
        r = tenths(k, max(popcount(cands[c]) for c in cells))
        if best is not None and r > best[0]:
            continue
        for yz in pivots:
            pair = cands[yz]
            if pair & mask != pair or yz in cells or not any(yz in peer_sets[c] for c in cells):
                continue
            restricted = [x for x in bits(pair)
                          if not any(cands[c] & (1 << (x - 1)) and yz not in peer_sets[c]
                                     for c in cells)]
            if not restricted:
                continue
            removed = []
            for x in restricted:
                others = [z for z in bits(pair) if z != x]
                for z in others if len(restricted) == 1 else bits(pair):
                    # z (or, doubly linked, either digit) must be in the set or in yz
                    removed += _seeing_all(lay, cands, z, [*cells, yz])
            if len(restricted) == 2:
                # both links hold: the set without them is locked on its other digits
                for w in bits(mask & ~pair):
                    removed += _seeing_all(lay, cands, w, list(cells))
            removed = sorted(set(removed))
            if removed and (best is None or (r, -len(removed)) < (best[0], -best_count)):
                best, best_count = (r, cells, yz, restricted[0], removed), len(removed)
    return best


def _seeing_all(lay: Layout, cands: list[int], digit: int, cells: list[int]) -> list[tuple[int, int]]:
    """(cell, digit) for every other cell holding ``digit`` that sees each of ``cells`` that
    holds it."""
    bit = 1 << (digit - 1)
    holders = [c for c in cells if cands[c] & bit]
    if not holders:
        return []
    targets = set(lay.peer_sets[holders[0]])
    for c in holders[1:]:
        targets &= lay.peer_sets[c]
    return [(c, digit) for c in targets if cands[c] & bit and c not in cells]


def wxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 3)


def vwxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 4)


def uvwxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 5)


def tuvwxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 6)
