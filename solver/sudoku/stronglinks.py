"""Single-digit chains of 2, 3 or 4 strong links (SukakuExplainer's "Strong Links" family).

A strong link: a unit where the digit has exactly two places, so one of them holds it. Links
joined end to start by cells that see each other (weak links) force one of the chain's two
outer ends to hold the digit, so cells seeing both ends lose it. Two links are the
Skyscraper (parallel lines, 4.0), the 2-String Kite and the Turbot Fish (4.1); three links
rate from 5.4, four from 5.8: +0.1 when the links mix a box with lines or rows with columns,
+0.2 when they use a box, a row and a column.
"""
from __future__ import annotations

from solver.sudoku.candidates import Grid, Step

BASE = {2: 4.0, 3: 5.4, 4: 5.8}


def _rating(n: int, kinds: set[int]) -> float:
    """``kinds``: unit kinds of the links (0 row, 1 column, 2 region)."""
    lines = kinds & {0, 1}
    if 2 not in kinds and len(lines) == 1:
        extra = 0.0
    elif 2 in kinds and len(lines) == 2:
        extra = 0.2
    else:
        extra = 0.1
    return round(BASE[n] + extra, 1)


def _name(n: int, kinds: set[int]) -> str:
    if n == 2:
        if kinds <= {0} or kinds <= {1}:
            return "Skyscraper"
        return "Turbot Fish" if 2 in kinds else "2-String Kite"
    return f"{n} Strong Links"


def strong_links(g: Grid, n: int) -> Step | None:
    cands, lay = g.cands, g.lay
    peer_sets = lay.peer_sets
    size = g.n
    best: tuple[float, int, Step] | None = None
    for digit in range(1, size + 1):
        bit = 1 << (digit - 1)
        links: list[tuple[int, int, int]] = []     # (unit kind, a, b)
        seen_pairs = set()
        for u, unit in enumerate(lay.units):
            places = [c for c in unit if cands[c] & bit]
            if len(places) == 2:
                pair = (places[0], places[1])
                if pair in seen_pairs:
                    continue               # the same two cells linked by a second unit
                seen_pairs.add(pair)
                links.append((u // size, *pair))
        if len(links) < n:
            continue
        oriented = [(i, kind, a, b) for i, (kind, a, b) in enumerate(links)] + \
                   [(i, kind, b, a) for i, (kind, a, b) in enumerate(links)]

        def extend(chain: list[tuple[int, int, int, int]]) -> None:
            nonlocal best
            if len(chain) == n:
                start, end = chain[0][2], chain[-1][3]
                used = {c for link in chain for c in link[2:]}
                targets = peer_sets[start] & peer_sets[end]
                removed = [(c, digit) for c in sorted(targets)
                           if cands[c] & bit and c not in used]
                if removed:
                    kinds = {link[1] for link in chain}
                    rating = _rating(n, kinds)
                    if best is None or (rating, -len(removed)) < best[:2]:
                        path = " = ".join(f"{g.name(link[2])}-{g.name(link[3])}"
                                          for link in chain)
                        name = _name(n, kinds)
                        step = g.removal(name, rating, f"{name} on {g.sym(digit)}: "
                                         f"{path}, so one end holds {g.sym(digit)}",
                                         removed, sorted(used))
                        best = (rating, -len(removed), step)
                return
            last = chain[-1][3]
            used_links = {link[0] for link in chain}
            used_cells = {c for link in chain for c in link[2:]}
            for link in oriented:
                if link[0] in used_links or link[2] in used_cells or link[3] in used_cells:
                    continue
                if link[2] in peer_sets[last]:
                    chain.append(link)
                    extend(chain)
                    chain.pop()

        for link in oriented:
            extend([link])
    return best[2] if best else None


def two_links(g: Grid) -> Step | None:
    return strong_links(g, 2)


def three_links(g: Grid) -> Step | None:
    return strong_links(g, 3)


def four_links(g: Grid) -> Step | None:
    return strong_links(g, 4)
