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

from solver.sudoku.candidates import Grid, Step, seen_by_all

BASE: dict[int, float] = {2: 4.0, 3: 5.4, 4: 5.8}


#: the first unit kind of a rule's units (a diagonal, a window): ``unit // n`` from there on
RULE_KIND = 3


def _rating(n: int, kinds: set[int]) -> float:
    """``kinds``: unit kinds of the links (0 row, 1 column, 2 region, :data:`RULE_KIND` and up a
    rule's unit). A link in a rule's unit rates as a grouped one, as SukakuExplainer rates it."""
    if max(kinds) >= RULE_KIND:
        return round(BASE[n] + 0.3, 1)
    lines = kinds & {0, 1}
    if 2 not in kinds and len(lines) == 1:
        extra = 0.0
    elif 2 in kinds and len(lines) == 2:
        extra = 0.2
    else:
        extra = 0.1
    return round(BASE[n] + extra, 1)


def _name(n: int, kinds: set[int]) -> str:
    if n == 2 and max(kinds) < RULE_KIND:
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
    best: tuple[float, int, Step] | None = None
    memo = _position(g)
    for digit in range(1, g.n + 1):
        if len(memo.links[digit]) >= n:
            best = memo.chains(g, digit).search(g, n, best)
    return best[2] if best else None


class _Memo:
    """The strong links of one position, and each digit's chain tables once asked for.

    SE tries two, three and four links in turn on the same position (the techniques
    between them find nothing there, so change nothing), and the links and the tables of
    which link may follow which are the same for every length: they are made once per
    position. Only the positions' data are kept; a step's words come from the grid asked."""

    __slots__ = ("cands", "lay", "links", "made")

    def __init__(self, g: Grid) -> None:
        self.lay = g.lay
        self.cands = g.cands[:]
        self.links = [_links(g, digit) if digit else [] for digit in range(g.n + 1)]
        self.made: list[_Chains | None] = [None] * (g.n + 1)

    def chains(self, g: Grid, digit: int) -> _Chains:
        made = self.made[digit]
        if made is None:
            made = _Chains(g, digit, self.links[digit])
            self.made[digit] = made
        return made


#: The position last searched (one: the next position differs in a candidate or more).
_LAST: list[_Memo] = []


def _position(g: Grid) -> _Memo:
    """The memo of ``g``'s position: the last one when the candidates are the same."""
    if _LAST and _LAST[0].lay is g.lay and _LAST[0].cands == g.cands:
        return _LAST[0]
    memo = _Memo(g)
    _LAST[:] = [memo]
    return memo


def _cells_of(mask: int) -> list[int]:
    """The cells of a cell mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Chains:
    """The chains of strong links of one digit in one position, searched depth first from
    every link in both orientations. Cells and links in use are bit masks (cell ``c`` is bit
    ``c``); a link is its position in the oriented list (the links, then each one reversed).
    A search (:meth:`search`) takes the grid whose step it words and the number of links."""

    def __init__(self, g: Grid, digit: int,
                 links: list[tuple[int, tuple[int, ...], tuple[int, ...]]]) -> None:
        self.g, self.n, self.digit, self.bit = g, 0, digit, 1 << (digit - 1)
        self.best: tuple[float, int, Step] | None = None
        count = len(links)
        self.index = [i % count for i in range(2 * count)]
        self.kinds = [kind for kind, _, _ in links] * 2
        self.starts = [a for _, a, _ in links] + [b for _, _, b in links]
        self.ends = [b for _, _, b in links] + [a for _, a, _ in links]
        self.cells = [_mask(a + b) for _, a, b in links] * 2
        #: the cells holding the digit: a chain whose ends both see none of them removes nothing
        self.holders = _mask(tuple(c for c, m in enumerate(g.cands) if m & self.bit))
        sees = {node: seen_by_all(g.lay.peer_sets, node) for node in self.starts}
        self.sees = {node: _mask(common) for node, common in sees.items()}
        # the weak link between two strong ones joins cells of one unit: a knight's or king's
        # move sees a cell (it takes the digit from it) but links nothing, as in SukakuExplainer
        bridged, bridged_masks = sees, self.sees
        if g.lay.unit_mates:
            bridged = {node: seen_by_all(g.lay.unit_mates, node) for node in self.starts}
            bridged_masks = {node: _mask(common) for node, common in bridged.items()}
        # the links that may follow each link: their start shares a unit with all of its end
        starting: dict[int, list[int]] = {}
        for j, start in enumerate(self.starts):
            starting.setdefault(start[0], []).append(j)
        start_masks = [_mask(start) for start in self.starts]
        self.following: list[list[int]] = []
        for j, end in enumerate(self.ends):
            near, near_mask, follow = bridged[end], bridged_masks[end], []
            for c in near:   # the set's own order, which orders the search and so its ties
                for k in starting.get(c, ()):
                    if self.index[k] != self.index[j] and not start_masks[k] & ~near_mask:
                        follow.append(k)
            self.following.append(follow)

    def search(self, g: Grid, n: int, best: tuple[float, int, Step] | None
               ) -> tuple[float, int, Step] | None:
        """The best step of the chains of ``n`` links or ``best``, whichever rates lower (then
        removes more; the first found on a tie)."""
        self.g, self.n, self.best = g, n, best
        for j in range(len(self.starts)):
            self._extend([j], self.cells[j], 1 << self.index[j])
        return self.best

    def _extend(self, chain: list[int], used_cells: int, used_links: int) -> None:
        if len(chain) == self.n:
            self._found(chain, used_cells)
            return
        for k in self.following[chain[-1]]:
            if used_links >> self.index[k] & 1 or used_cells & self.cells[k]:
                continue
            chain.append(k)
            self._extend(chain, used_cells | self.cells[k], used_links | 1 << self.index[k])
            chain.pop()

    def _found(self, chain: list[int], used_cells: int) -> None:
        g, n, digit, cands = self.g, self.n, self.digit, self.g.cands
        targets = self.sees[self.starts[chain[0]]] & self.sees[self.ends[chain[-1]]] & ~used_cells & self.holders
        if not targets:
            return
        removed = [(c, digit) for c in _cells_of(targets) if cands[c] & self.bit]
        if not removed:
            return
        kinds = {self.kinds[j] for j in chain}
        grouped = any(len(self.starts[j]) > 1 or len(self.ends[j]) > 1 for j in chain)
        rating = round(BASE[n] + 0.3, 1) if grouped else _rating(n, kinds)
        best = self.best
        if best is None or (rating, -len(removed)) < best[:2]:
            path = " = ".join(f"{_node(g, self.starts[j])}-{_node(g, self.ends[j])}" for j in chain)
            name = ("Grouped " if grouped else "") + _name(n, kinds)
            step = g.removal(name, rating, f"{name} on {g.sym(digit)}: {path}, so one end holds {g.sym(digit)}",
                             removed, _cells_of(used_cells))
            self.best = (rating, -len(removed), step)


def _mask(cells: tuple[int, ...] | set[int]) -> int:
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


def _node(g: Grid, node: tuple[int, ...]) -> str:
    return g.name(node[0]) if len(node) == 1 else "(" + ",".join(g.name(c) for c in node) + ")"


def two_links(g: Grid) -> Step | None:
    return strong_links(g, 2)


def three_links(g: Grid) -> Step | None:
    return strong_links(g, 3)


def four_links(g: Grid) -> Step | None:
    return strong_links(g, 4)
