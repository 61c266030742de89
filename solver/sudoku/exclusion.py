"""Aligned Pair Exclusion (SE 6.2).

Two cells may take a pair of digits only if no cell seeing both is left empty by it: a cell
with two candidates that both cells see forbids the pair made of its two digits (and two
cells that see each other cannot share a digit). A digit of either cell that appears in no
allowed pair is eliminated.
"""
from __future__ import annotations

from itertools import combinations

from solver.sudoku.candidates import Grid, Step, bits, popcount

RATING = 6.2


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
