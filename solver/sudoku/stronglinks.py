"""Single-digit chains of 2, 3 or 4 strong links (SukakuExplainer's "Strong Links" family).

A strong link: a unit where the digit has exactly two places, so one of them holds it. Links
joined end to start by cells that see each other (weak links) force one of the chain's two
outer ends to hold the digit, so cells seeing both ends lose it. Two links are the
Skyscraper (parallel lines, 4.0), the 2-String Kite and the Turbot Fish (4.1); three links
rate from 5.4, four from 5.8: +0.1 when the links mix a box with lines or rows with columns,
+0.2 when they use a box, a row and a column. A link end may be a group (the digit's places
in one box and one line), which makes the chain "grouped" (+0.3).

Chains that rate and remove alike are taken in SukakuExplainer's order: by the lowest of its
"suffix" (:func:`suffix`), a name of the chain's kinds of link that stays the same under
reversal and a swap of rows and columns. The order decides which chain is used, and that
can decide a puzzle's rating several steps later.
"""
from __future__ import annotations

from typing import Protocol

from solver import core
from solver.sudoku.candidates import Grid, Layout, Step, seen_by_all

BASE: dict[int, float] = {2: 4.0, 3: 5.4, 4: 5.8}


#: the first unit kind of a rule's units: their kinds are SukakuExplainer's region types
#: (:attr:`~solver.sudoku.candidates.Layout.rule_kinds`: a window 4, a diagonal 5 or 6)
RULE_KIND = 3
#: SukakuExplainer's region type of a row, a column and a region (ours: kinds 0, 1 and 2)
_SE_TYPE = (1, 2, 0)
#: the kinds of unit shaped as a box (a region, a window): a group in one is a row's or a
#: column's cells, in any other (a line) a box's cells
_BOX_SHAPED = frozenset({2, 4})


def _extra(kinds: set[int], grouped: bool) -> int:
    """Tenths of a point above the base. ``kinds``: unit kinds of the links (0 row, 1 column, 2
    region, :data:`RULE_KIND` and up a rule's unit). A grouped chain, or one with a link in a
    rule's unit (rated as grouped, as SukakuExplainer rates it), +0.3; else +0.1 when the links
    mix a box with lines or rows with columns, +0.2 when they use a box, a row and a column."""
    if grouped or max(kinds) >= RULE_KIND:
        return 3
    lines = kinds & {0, 1}
    if 2 not in kinds and len(lines) == 1:
        return 0
    if 2 in kinds and len(lines) == 2:
        return 2
    return 1


def suffix(kinds: list[int], grouped: int) -> int:
    """SukakuExplainer's suffix of a chain (its StrongLinksHint.getSuffix), as a number of
    ``len(kinds) + 1`` digits: the count of grouped links, then the SE region type of each
    link (0 box, 1 row, 2 column, from 3 a rule's unit) in chain order or reversed, whichever
    reads lower; with a row among them, rows and columns swapped where that reads lower still
    (reversed too); without one, columns written as rows. Two chains alike but for direction
    or for rows and columns share it; among chains of one length it orders as SE's text."""
    types = [_SE_TYPE[k] if k < RULE_KIND else k for k in kinds]
    chosen = min(types, types[::-1])
    if 1 in chosen:
        swapped = [3 - t if t in (1, 2) else t for t in chosen]
        chosen = min(chosen, swapped, swapped[::-1])
    else:
        chosen = [1 if t == 2 else t for t in chosen]
    number = grouped
    for t in chosen:
        number = number * 10 + t
    return number


def _name(n: int, kinds: set[int]) -> str:
    if n == 2 and max(kinds) < RULE_KIND:
        if kinds <= {0} or kinds <= {1}:
            return "Skyscraper"
        return "Turbot Fish" if 2 in kinds else "2-String Kite"
    return f"{n} Strong Links"


#: a strong link: (unit kind, one end, the other end), each end a node (a cell or a group)
Link = tuple[int, tuple[int, ...], tuple[int, ...]]
#: what a digit's chains of some length are worth: (rating in tenths, minus the candidates removed,
#: the chain's :func:`suffix`, the chain as oriented link indices (see :class:`_Chains`), the cells
#: removed, the cells used)
Found = tuple[int, int, int, list[int], list[int], list[int]]


def _links(cands: list[int], lay: Layout, bit: int) -> list[Link]:
    """(unit kind, node, node) of every strong link of the digit ``bit``: a unit whose places
    split into two nodes, each one cell or a group: in a line (a row, a column, a diagonal) its
    cells in one box, in a box or a window its cells in one row or column."""
    n = lay.n
    out: list[Link] = []
    seen: set[frozenset[tuple[int, ...]]] = set()

    cell_units = lay.cell_units

    def compact(cells: list[int], kind: int) -> bool:
        if len(cells) == 1:
            return True
        row, col, region = cell_units[cells[0]]
        if kind in _BOX_SHAPED:
            return (all(cell_units[c][0] == row for c in cells)
                    or all(cell_units[c][1] == col for c in cells))
        return all(cell_units[c][2] == region for c in cells)

    for u, unit in enumerate(lay.units):
        kind = u // n if u < 3 * n else lay.rule_kinds[u - 3 * n]
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
                if a and b and compact(a, kind) and compact(b, kind):
                    splits.append((a, b))
        for a, b in splits:
            key = frozenset((tuple(a), tuple(b)))
            if key not in seen:
                seen.add(key)
                out.append((kind, tuple(a), tuple(b)))
    return out


def strong_links(g: Grid, n: int) -> Step | None:
    """The best chain of ``n`` strong links over every digit: the lowest rating, then the most
    candidates removed, then the lowest :func:`suffix`, then the lowest digit (the first found)."""
    best: tuple[Found, int, _Plane] | None = None
    memo = _memo(g.lay)
    for digit, plane in enumerate(memo.planes_of(g.cands), 1):
        if len(plane.links) < n:
            continue
        found = plane.best(memo, n)
        if found is not None and (best is None or found[:3] < best[0][:3]):
            best = (found, digit, plane)
    return _step(g, n, *best) if best else None


def _step(g: Grid, n: int, found: Found, digit: int, plane: _Plane) -> Step:
    """The step of a digit's best chain, in the grid's words."""
    rating, _, _, chain, removed, used = found
    links = plane.links
    count = len(links)
    oriented = [links[j] if j < count else (links[j - count][0], links[j - count][2], links[j - count][1])
                for j in chain]
    kinds = {kind for kind, _, _ in oriented}
    grouped = any(len(a) > 1 or len(b) > 1 for _, a, b in oriented)
    path = " = ".join(f"{_node(g, a)}-{_node(g, b)}" for _, a, b in oriented)
    name = ("Grouped " if grouped else "") + _name(n, kinds)
    return g.removal(name, rating / 10, f"{name} on {g.sym(digit)}: {path}, so one end holds {g.sym(digit)}",
                     [(c, digit) for c in removed], used)


class _Plane:
    """One digit's places in a position (its plane: the cells that hold it), its strong links,
    and its best chain of each length once asked for. Chains of one digit depend on nothing
    else, so a plane met again (most digits keep theirs from one step to the next, and SE asks
    two, three and four links of the same position) is searched once."""

    __slots__ = ("cells", "found", "links", "nears")

    def __init__(self, cands: list[int], memo: _Memo, bit: int, cells: tuple[int, ...]) -> None:
        self.cells = cells
        self.links = _links(cands, memo.lay, bit)
        self.nears = [memo.near(b) for _, _, b in self.links] + [memo.near(a) for _, a, _ in self.links]
        self.found: dict[int, Found | None] = {}

    def best(self, memo: _Memo, n: int) -> Found | None:
        """The best chain of ``n`` links (:class:`_Chains`, or its C twin)."""
        if n not in self.found:
            base = round(BASE[n] * 10)
            self.found[n] = (memo.relations.best(self.links, self.cells, self.nears, n, base)
                             if memo.relations is not None
                             else _Chains(memo.lay, self.links, self.cells, self.nears).search(n, base))
        return self.found[n]


class RelationsCore(Protocol):
    """A layout's peers made once, searching a plane's chains as
    ``_Chains(lay, links, cells, nears).search(n, base)`` does: ``solver/sudoku/_stronglinks.c``."""

    def best(self, links: list[Link], cells: tuple[int, ...], nears: list[tuple[int, ...]], n: int,
             base: int, /) -> Found | None: ...


#: The C search, or None: :class:`_Chains` runs.
_stronglinks = core.extension("solver.sudoku._stronglinks")
#: The most cells the C search takes (cell sets of ten 64-bit words)
_C_CELLS = 640


class _Memo:
    """The planes met on one layout, the most recent :data:`_PLANES` of them (a dict keeps
    its order of insertion; the oldest half goes when it is full), and the layout's relations
    for the C search."""

    __slots__ = ("cands", "last", "lay", "nears", "planes", "relations")

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        self.planes: dict[tuple[int, ...], _Plane] = {}
        #: the position last asked and its digits' planes
        self.cands: list[int] = []
        self.last: list[_Plane] = []
        self.nears: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.relations: RelationsCore | None = None
        if _stronglinks is not None and lay.n * lay.n <= _C_CELLS:
            self.relations = _stronglinks.Relations(lay.peers)

    def near(self, node: tuple[int, ...]) -> tuple[int, ...]:
        """The cells a weak link joins to every cell of ``node`` (they share a unit: a knight's
        or king's move sees a cell, taking the digit from it, but links nothing, as in
        SukakuExplainer), in the order of the set :func:`seen_by_all` makes: the order the
        chains are searched in, kept from the first version so ties fall as they always did."""
        found = self.nears.get(node)
        if found is None:
            found = tuple(seen_by_all(self.lay.unit_mates or self.lay.peer_sets, node))
            self.nears[node] = found
        return found

    def planes_of(self, cands: list[int]) -> list[_Plane]:
        """The plane of every digit in ``cands`` (those of the last position asked again when
        it is the same: SE asks two, three and four links of one position in turn)."""
        if cands == self.cands:
            return self.last
        cells: list[list[int]] = [[] for _ in range(self.lay.n)]
        for c, m in enumerate(cands):
            while m:
                low = m & -m
                cells[low.bit_length() - 1].append(c)
                m ^= low
        self.cands = cands[:]
        self.last = [self.plane(cands, 1 << d, tuple(places)) for d, places in enumerate(cells)]
        return self.last

    def plane(self, cands: list[int], bit: int, cells: tuple[int, ...]) -> _Plane:
        """The plane of the digit ``bit`` in ``cands``, whose ``cells`` hold it."""
        found = self.planes.get(cells)
        if found is None:
            if len(self.planes) >= _PLANES:
                for key in list(self.planes)[:_PLANES // 2]:
                    del self.planes[key]
            found = _Plane(cands, self, bit, cells)
            self.planes[cells] = found
        return found


#: planes kept per layout: a solve meets a few dozen; a generator's run many thousands
_PLANES = 512
#: the memo of the layout last searched
_LAST: list[_Memo] = []


def _memo(lay: Layout) -> _Memo:
    if not _LAST or _LAST[0].lay is not lay:
        _LAST[:] = [_Memo(lay)]
    return _LAST[0]


def _cells_of(mask: int) -> list[int]:
    """The cells of a cell mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Chains:
    """The chains of strong links of one plane (one digit's cells), searched depth first from
    every link in both orientations: the reference of ``solver/sudoku/_stronglinks.c``. Cells
    are bit masks (cell ``c`` is bit ``c``); an oriented link is its index in the links, then
    ``count`` plus its index for the link reversed.

    The order of the search decides ties (the first chain found wins among those rated, removing and
    named (:func:`suffix`) alike, and its name, a Turbot Fish or a 2-String Kite, can be the
    puzzle's hardest technique): starts in link order, and after a link those starting in a cell
    of ``nears`` of its end (:meth:`_Memo.near`: the cells sharing a unit with the whole end, in
    their order there), in that order, then by index."""

    def __init__(self, lay: Layout, links: list[Link], cells: tuple[int, ...],
                 nears: list[tuple[int, ...]]) -> None:
        count = len(links)
        self.index = [i % count for i in range(2 * count)]
        self.kinds = [kind for kind, _, _ in links] * 2
        self.starts = [a for _, a, _ in links] + [b for _, _, b in links]
        self.ends = [b for _, _, b in links] + [a for _, a, _ in links]
        self.cells = [_mask(a + b) for _, a, b in links] * 2
        self.grouped = [len(a) > 1 or len(b) > 1 for _, a, b in links] * 2
        #: the cells holding the digit: a chain whose ends both see none of them removes nothing
        self.holders = _mask(cells)
        self.sees = {node: _mask(seen_by_all(lay.peer_sets, node)) for node in self.starts}
        # the links that may follow each link: their start shares a unit with all of its end
        starting: dict[int, list[int]] = {}
        for j, start in enumerate(self.starts):
            starting.setdefault(start[0], []).append(j)
        start_masks = [_mask(start) for start in self.starts]
        self.following: list[list[int]] = []
        for j, near in enumerate(nears):
            near_mask, follow = _mask(near), []
            for c in near:
                for k in starting.get(c, ()):
                    if self.index[k] != self.index[j] and not start_masks[k] & ~near_mask:
                        follow.append(k)
            self.following.append(follow)
        self.n = 0
        self.base = 0
        self.best: Found | None = None

    def search(self, n: int, base: int) -> Found | None:
        """The best chain of ``n`` links, rated from ``base`` (tenths): the lowest rating, then
        the most candidates removed, then the lowest :func:`suffix`, then the first found.
        (One search per object: ``best`` starts empty.)"""
        self.n, self.base = n, base
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
        targets = self.sees[self.starts[chain[0]]] & self.sees[self.ends[chain[-1]]] & ~used_cells & self.holders
        if not targets:
            return
        removed = _cells_of(targets)
        kinds = [self.kinds[j] for j in chain]
        grouped = sum(self.grouped[j] for j in chain)
        key = (self.base + _extra(set(kinds), grouped > 0), -len(removed), suffix(kinds, grouped))
        if self.best is None or key < self.best[:3]:
            self.best = (*key, chain[:], removed, _cells_of(used_cells))


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
