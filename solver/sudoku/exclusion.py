"""Aligned Pair Exclusion (SE 6.2).

Two cells may take a pair of digits only if no cell seeing both is left empty by it: a cell
with two candidates that both cells see forbids the pair made of its two digits (and two
cells that see each other cannot share a digit). A digit of either cell that appears in no
allowed pair is eliminated.
"""
from __future__ import annotations

from itertools import combinations

from solver.sudoku.candidates import Grid, Layout, Step, bits, popcount

RATING = 6.2


def aligned_pair_exclusion(g: Grid) -> Step | None:
    """The first pair of cells (in cell order) with an exclusion. The bivalue cells each cell
    sees are a bit mask (cell ``c`` is bit ``c``), so the pairs that share fewer than two,
    nearly all of them, are passed over with one AND."""
    cands, peer_sets = g.cands, g.lay.peer_sets
    bivalue = 0
    for cell, m in enumerate(cands):
        if popcount(m) == 2:
            bivalue |= 1 << cell
    masks = _masks(g)
    excluders: list[tuple[int, int]] = []
    for cell, m in enumerate(cands):
        if popcount(m) >= 2:
            found = bivalue & masks[cell]
            if found:
                excluders.append((cell, found))
    for (a, seen_a), (b, seen_b) in combinations(excluders, 2):
        shared = seen_a & seen_b
        if popcount(shared) < 2:
            continue
        common = _cells(shared)
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
                             f"a pair that empties {g.names(common)}", removed,
                             [a, b, *common])
    return None


def _cells(mask: int) -> list[int]:
    """The cells of a cell mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: the peers of each cell as a cell mask, for the layout last asked
_MASKS: list[tuple[Layout, list[int]]] = []


def _masks(g: Grid) -> list[int]:
    if not _MASKS or _MASKS[0][0] is not g.lay:
        masks = []
        for peers in g.lay.peers:
            mask = 0
            for c in peers:
                mask |= 1 << c
            masks.append(mask)
        _MASKS[:] = [(g.lay, masks)]
    return _MASKS[0][1]
