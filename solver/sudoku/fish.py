"""Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4); SE 3.2, 3.8, 5.2.

A digit whose places in k rows lie in only k columns fills those columns from these rows,
so the columns lose it everywhere else (and the same with rows and columns swapped).
"""
from __future__ import annotations

from itertools import combinations

from solver.sudoku.candidates import Grid, Step, popcount

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
RATINGS: dict[int, float] = {2: 3.2, 3: 3.8, 4: 5.2}


def _fish(g: Grid, k: int) -> Step | None:
    n, cands, names = g.n, g.cands, g.lay.names
    for digit in range(1, n + 1):
        bit = 1 << (digit - 1)
        if g.values.count(digit) + 2 * k > n:    # SE: else the complement fish is smaller
            continue
        for by_rows in (True, False):
            # lines[i]: bitmask of cross positions holding the digit in base line i
            lines = []
            for i in range(n):
                m = 0
                for j in range(n):
                    cell = i * n + j if by_rows else j * n + i
                    if cands[cell] & bit:
                        m |= 1 << j
                lines.append(m)
            pool = [i for i in range(n) if 1 < popcount(lines[i]) <= k]
            for base in combinations(pool, k):
                cover = 0
                for i in base:
                    cover |= lines[i]
                if popcount(cover) != k:
                    continue
                covers = [j for j in range(n) if cover >> j & 1]
                removed = []
                for j in covers:
                    for i in range(n):
                        if i not in base and lines[i] >> j & 1:
                            removed.append(((i * n + j if by_rows else j * n + i), digit))
                if removed:
                    base_names = [names[i if by_rows else n + i] for i in base]
                    cover_names = [names[n + j if by_rows else j] for j in covers]
                    cells = [i * n + j if by_rows else j * n + i for i in base for j in covers
                             if lines[i] >> j & 1]
                    return g.removal(NAMES[k], RATINGS[k],
                                     f"{NAMES[k]}: the {g.sym(digit)}s of {', '.join(base_names)} "
                                     f"lie in {', '.join(cover_names)}", removed, cells)
    return None


def x_wing(g: Grid) -> Step | None:
    return _fish(g, 2)


def swordfish(g: Grid) -> Step | None:
    return _fish(g, 3)


def jellyfish(g: Grid) -> Step | None:
    return _fish(g, 4)
