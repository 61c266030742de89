"""Aligned Pair Exclusion (SE 6.2) and Aligned Triplet Exclusion (SE 7.5).

Two cells may take a pair of digits only if no cell seeing both is left empty by it: a cell
with two candidates that both cells see forbids the pair made of its two digits (and two
cells that see each other cannot share a digit). A digit of either cell that appears in no
allowed pair is eliminated. Three cells likewise: a combination of their digits is allowed
unless two of them that see each other repeat a digit or it covers every candidate of a
cell with two or three candidates that all three see.
"""
from __future__ import annotations

from itertools import combinations

from solver.sudoku.candidates import Grid, Step, bits, popcount

RATING = 6.2
TRIPLET_RATING = 7.5


def aligned_pair_exclusion(g: Grid) -> Step | None:
    cands, peer_sets = g.cands, g.lay.peer_sets
    excluders: dict[int, set[int]] = {}
    for cell, m in enumerate(cands):
        if popcount(m) >= 2:
            found = {p for p in peer_sets[cell] if popcount(cands[p]) == 2}
            if found:
                excluders[cell] = found
    for a, b in combinations(sorted(excluders), 2):
        common = excluders[a] & excluders[b]
        if len(common) < 2:
            continue
        forbidden = {cands[c] for c in common}
        aligned = b in peer_sets[a]
        allowed_a = allowed_b = 0
        for da in bits(cands[a]):
            for db in bits(cands[b]):
                if da == db and aligned:
                    continue
                pair = 1 << (da - 1) | 1 << (db - 1)
                if pair in forbidden:
                    continue
                allowed_a |= 1 << (da - 1)
                allowed_b |= 1 << (db - 1)
        removed = [(a, d) for d in bits(cands[a] & ~allowed_a)]
        removed += [(b, d) for d in bits(cands[b] & ~allowed_b)]
        if removed:
            return g.removal("Aligned Pair Exclusion", RATING,
                             f"Aligned pair exclusion: {g.name(a)} and {g.name(b)} cannot take "
                             f"a pair that empties {g.names(sorted(common))}", removed,
                             [a, b, *sorted(common)])
    return None


def aligned_triplet_exclusion(g: Grid) -> Step | None:
    """The first triplet that excludes a digit, in SE's order: two base cells (every pair,
    by the later cell, then the earlier), then a third among the cells either of them sees
    with two or three candidates; a base cell has two or more candidates and sees such a
    cell. At least two cells that all three see must exclude."""
    cands, peers, peer_sets = g.cands, g.lay.peers, g.lay.peer_sets
    base: list[int] = []
    excluders: dict[int, list[int]] = {}
    for cell, m in enumerate(cands):
        if popcount(m) >= 2:
            found = [p for p in peers[cell] if 2 <= popcount(cands[p]) <= 3]
            if found:
                base.append(cell)
                excluders[cell] = found
    sets = {cell: set(found) for cell, found in excluders.items()}
    for j in range(1, len(base)):
        b = base[j]
        for i in range(j):
            a = base[i]
            both = sets[a] & sets[b]
            if len(both) < 2:
                continue
            for c in dict.fromkeys(excluders[a] + excluders[b]):
                if c in (a, b) or c not in sets:
                    continue
                common = both & sets[c]
                if len(common) < 2:
                    continue
                step = _triplet(g, (a, b, c), sorted(common), peer_sets)
                if step is not None:
                    return step
    return None


def _triplet(g: Grid, cells: tuple[int, int, int], common: list[int],
             peer_sets: tuple[frozenset[int], ...]) -> Step | None:
    """The step of one triplet of base cells, or None when every digit of them is allowed."""
    cands = g.cands
    a, b, c = cells
    locks = [cands[e] for e in common]
    ab, ac, bc = b in peer_sets[a], c in peer_sets[a], c in peer_sets[b]
    allowed = [0, 0, 0]
    for da in bits(cands[a]):
        bit_a = 1 << (da - 1)
        for db in bits(cands[b]):
            if da == db and ab:
                continue
            bit_b = 1 << (db - 1)
            for dc in bits(cands[c]):
                if (dc == da and ac) or (dc == db and bc):
                    continue
                taken = bit_a | bit_b | 1 << (dc - 1)
                if any(not lock & ~taken for lock in locks):
                    continue
                allowed[0] |= bit_a
                allowed[1] |= bit_b
                allowed[2] |= 1 << (dc - 1)
    removed = [(cell, d) for cell, ok in zip(cells, allowed) for d in bits(cands[cell] & ~ok)]
    if not removed:
        return None
    return g.removal("Aligned Triplet Exclusion", TRIPLET_RATING,
                     f"Aligned triplet exclusion: {g.names(list(cells))} cannot take digits that "
                     f"empty {g.names(common)}", removed, [*cells, *common])
