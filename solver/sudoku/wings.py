"""XY-Wing (SE 4.2) and XYZ-Wing (SE 4.4).

XY-Wing: a pivot cell {x,y} sees pincers {x,z} and {y,z}; whichever the pivot is, one pincer
is z, so cells seeing both pincers lose z. XYZ-Wing: the pivot is {x,y,z} and may itself be z,
so only cells seeing the pivot and both pincers lose z.
"""
from __future__ import annotations

from itertools import combinations

from solver.sudoku.candidates import Grid, Step, popcount


def _wing(g: Grid, pivot_size: int) -> Step | None:
    cands, lay = g.cands, g.lay
    peers, peer_sets = lay.peers, lay.peer_sets
    for pivot, pm in enumerate(cands):
        if popcount(pm) != pivot_size:
            continue
        wings = [c for c in peers[pivot] if popcount(cands[c]) == 2
                 and popcount(cands[c] & pm) == (1 if pivot_size == 2 else 2)]
        for a, b in combinations(wings, 2):
            am, bm = cands[a], cands[b]
            if pivot_size == 2:
                z = am & bm & ~pm
                if not z or popcount(z) != 1 or (am | bm | pm) != pm | z or am == bm:
                    continue
                seen = peer_sets[a] & peer_sets[b]
            else:
                z = am & bm
                if popcount(z) != 1 or (am | bm) != pm:
                    continue
                seen = peer_sets[a] & peer_sets[b] & peer_sets[pivot]
            removed = [(c, z.bit_length()) for c in sorted(seen) if cands[c] & z and c != pivot]
            if removed:
                name = "XY-Wing" if pivot_size == 2 else "XYZ-Wing"
                return g.removal(name, 4.2 if pivot_size == 2 else 4.4,
                                 f"{name}: pivot {g.name(pivot)} ({g.syms(pm)}) with pincers "
                                 f"{g.name(a)} ({g.syms(am)}) and {g.name(b)} ({g.syms(bm)})",
                                 removed, [pivot, a, b])
    return None


def xy_wing(g: Grid) -> Step | None:
    return _wing(g, 2)


def xyz_wing(g: Grid) -> Step | None:
    return _wing(g, 3)
