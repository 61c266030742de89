"""Wings larger than XYZ: WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing (SukakuExplainer's ratings).

k cells that all see one another and hold k+1 digits together form an almost locked set:
one digit too many. With a bivalue cell {x, z} outside it, where every cell of the set that
holds x sees the bivalue cell, x cannot be in both; so either the bivalue cell is z or the set
is locked without x and holds z. Cells that see every z of the set and the bivalue cell lose z.

Sets of 3, 4, 5, 6 cells make the WXYZ (5.5-5.6), VWXYZ (6.2-6.4), UVWXYZ (6.6) and TUVWXYZ
(7.5) wings; the first two rate a set whose largest cell is middle-sized a little harder.
"""
from __future__ import annotations

from solver.sudoku.candidates import Grid, Step, bits, popcount

NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing", 5: "UVWXYZ-Wing", 6: "TUVWXYZ-Wing"}
BASE = {3: 5.5, 4: 6.2, 5: 6.6, 6: 7.5}


def rating(k: int, biggest: int) -> float:
    """SukakuExplainer: a middle-sized largest cell is harder than a small or a full one."""
    if k == 3:
        return round(5.5 + ((4 - 3) - abs(3 - biggest)) / 10, 1)
    if k == 4:
        return round(6.2 + ((5 - 3) - abs(3 - biggest)) / 10, 1)
    return BASE[k]


def _sets(g: Grid, k: int) -> list[tuple[int, ...]]:
    """Every k mutually seeing blank cells holding k+1 digits, in increasing cell order."""
    cands, peer_sets = g.cands, g.lay.peer_sets
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


def _wing(g: Grid, k: int) -> Step | None:
    cands, peer_sets = g.cands, g.lay.peer_sets
    found: list[tuple[float, int, Step]] = []
    for cells in _sets(g, k):
        mask = 0
        for c in cells:
            mask |= cands[c]
        biggest = max(popcount(cands[c]) for c in cells)
        seen_all = set.union(*(set(peer_sets[c]) for c in cells))
        for yz in sorted(seen_all):
            pair = cands[yz]
            if popcount(pair) != 2 or pair & mask != pair or yz in cells:
                continue
            for x in bits(pair):
                xbit = 1 << (x - 1)
                if any(cands[c] & xbit and yz not in peer_sets[c] for c in cells):
                    continue
                zbit = pair & ~xbit
                z = zbit.bit_length()
                holders = [c for c in cells if cands[c] & zbit]
                targets = set(peer_sets[yz])
                for c in holders:
                    targets &= peer_sets[c]
                removed = [(c, z) for c in sorted(targets)
                           if cands[c] & zbit and c not in cells and c != yz]
                if removed:
                    r = rating(k, biggest)
                    step = g.removal(NAMES[k], r,
                                     f"{NAMES[k]}: {g.names(list(cells))} hold only "
                                     f"{g.syms(mask)} and {g.name(yz)} is {g.syms(pair)}; "
                                     f"{g.sym(x)} cannot be in both, so one of them is "
                                     f"{g.sym(z)}", removed, [*cells, yz])
                    found.append((r, -len(removed), step))
    if not found:
        return None
    found.sort(key=lambda f: (f[0], f[1]))
    return found[0][2]


def wxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 3)


def vwxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 4)


def uvwxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 5)


def tuvwxyz_wing(g: Grid) -> Step | None:
    return _wing(g, 6)
