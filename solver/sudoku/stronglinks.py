"""Single-digit chains of 2, 3 or 4 strong links (SukakuExplainer's "Strong Links" family).

A strong link: a unit where the digit has exactly two places, so one of them holds it. Links
joined end to start by cells that see each other (weak links) force one of the chain's two
outer ends to hold the digit, so cells seeing both ends lose it. Two links are the
Skyscraper (parallel lines, 4.0), the 2-String Kite and the Turbot Fish (4.1); three links
rate from 5.4, four from 5.8: +0.1 when the links mix a box with lines or rows with columns,
+0.2 when they use a box, a row and a column. A link end may be a group (the digit's places
in one box and one line), which makes the chain "grouped" (+0.3).
"""
from __future__ import annotations

from solver.sudoku.candidates import Grid, Step

BASE: dict[int, float] = {2: 4.0, 3: 5.4, 4: 5.8}
#: an oriented strong link: (link index, unit kind, start node, end node, all its cells)
Link = tuple[int, int, tuple[int, ...], tuple[int, ...], frozenset[int]]


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


def _links(g: Grid, digit: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """(unit kind, node, node) of every strong link of ``digit``: a unit whose places split
    into two nodes, each one cell or a group of cells inside one box and one line."""
    cands, lay, n = g.cands, g.lay, g.n
    bit = 1 << (digit - 1)
    out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    seen: set[frozenset[tuple[int, ...]]] = set()

    cell_units = lay.cell_units

    def compact(cells: list[int]) -> bool:
        """One cell, or cells sharing a region and a line."""
        if len(cells) == 1:
            return True
        row, col, region = cell_units[cells[0]]
        if any(cell_units[c][2] != region for c in cells):
            return False
        return (all(cell_units[c][0] == row for c in cells)
                or all(cell_units[c][1] == col for c in cells))

    for u, unit in enumerate(lay.units):
        places = [c for c in unit if cands[c] & bit]
        if len(places) < 2 or len(places) > 2 * lay.widest:
            continue
        splits = []
        if len(places) == 2:
            splits.append(([places[0]], [places[1]]))
        else:
            for part in {cell_units[c][k] for c in places for k in range(3)} - {u}:
                a = [c for c in places if part in cell_units[c]]
                b = [c for c in places if part not in cell_units[c]]
                if a and b and compact(a) and compact(b):
                    splits.append((a, b))
        for a, b in splits:
            key = frozenset((tuple(a), tuple(b)))
            if key not in seen:
                seen.add(key)
                out.append((u // n, tuple(a), tuple(b)))
    return out


def strong_links(g: Grid, n: int) -> Step | None:
    cands, lay = g.cands, g.lay
    peer_sets = lay.peer_sets
    best: tuple[float, int, Step] | None = None
    for digit in range(1, g.n + 1):
        bit = 1 << (digit - 1)
        links = _links(g, digit)
        if len(links) < n:
            continue
        oriented: list[Link] = [(i, kind, a, b, frozenset(a + b))
                                for i, (kind, a, b) in enumerate(links)]
        oriented += [(i, kind, b, a, cells) for i, kind, a, b, cells in oriented]
        sees: dict[tuple[int, ...], set[int]] = {}
        for _, _, node, _, _ in oriented:
            if node not in sees:
                common = set(peer_sets[node[0]])
                for c in node[1:]:
                    common &= peer_sets[c]
                sees[node] = common

        # the links that may follow each link: their start sees all of its end
        starting: dict[int, list[Link]] = {}
        following: dict[Link, list[Link]] = {}
        for link in oriented:
            starting.setdefault(link[2][0], []).append(link)
        for link in oriented:
            near = sees[link[3]]
            following[link] = [nxt for c in near if c in starting for nxt in starting[c]
                               if nxt[0] != link[0] and all(x in near for x in nxt[2])]

        def extend(chain: list[Link], used_cells: frozenset[int], digit: int = digit,
                   bit: int = bit, sees: dict[tuple[int, ...], set[int]] = sees,
                   following: dict[Link, list[Link]] = following) -> None:
            nonlocal best
            if len(chain) == n:
                start, end = chain[0][2], chain[-1][3]
                targets = sees[start] & sees[end]
                removed = [(c, digit) for c in sorted(targets)
                           if cands[c] & bit and c not in used_cells]
                if removed:
                    kinds = {link[1] for link in chain}
                    grouped = any(len(link[2]) > 1 or len(link[3]) > 1 for link in chain)
                    rating = round(BASE[n] + 0.3, 1) if grouped else _rating(n, kinds)
                    if best is None or (rating, -len(removed)) < best[:2]:
                        path = " = ".join(f"{_node(g, link[2])}-{_node(g, link[3])}"
                                          for link in chain)
                        name = ("Grouped " if grouped else "") + _name(n, kinds)
                        step = g.removal(name, rating, f"{name} on {g.sym(digit)}: "
                                         f"{path}, so one end holds {g.sym(digit)}",
                                         removed, sorted(used_cells))
                        best = (rating, -len(removed), step)
                return
            used_links = {link[0] for link in chain}
            for link in following[chain[-1]]:
                if link[0] in used_links or not used_cells.isdisjoint(link[4]):
                    continue
                chain.append(link)
                extend(chain, used_cells | link[4])
                chain.pop()

        for link in oriented:
            extend([link], link[4])
    return best[2] if best else None


def _node(g: Grid, node: tuple[int, ...]) -> str:
    return g.name(node[0]) if len(node) == 1 else "(" + ",".join(g.name(c) for c in node) + ")"


def two_links(g: Grid) -> Step | None:
    return strong_links(g, 2)


def three_links(g: Grid) -> Step | None:
    return strong_links(g, 3)


def four_links(g: Grid) -> Step | None:
    return strong_links(g, 4)
