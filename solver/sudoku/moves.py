"""The moves of a variant Sudoku's grid that keep its rules: the variant's symmetry group.

A classic Sudoku keeps its rules under every *grid move*: rows reordered within
their bands, bands reordered, the same for columns and stacks, and (square boxes)
a transposition. A variant rule adds structure that only some of those keep: the
two diagonals of X-Sudoku survive a row move only when the same move is made on the
columns (or its mirror image, which swaps the diagonals) and the move commutes with
turning the grid upside down; the four windows of windoku, a knight's move, a
king's move or an orthogonal neighbour survive others again. So the group of a
variant is found, not listed: every grid move under which each rule's extra
*units* (diagonals, windows) map onto units and its *pairs* (a knight's move apart,
neighbours) onto pairs. Parity marks are the puzzle's own data and move with the
cells, so they keep nothing out.

The search assigns row and column images alternately (row 0, column 0, row 1 ...)
and drops a branch as soon as a cell whose row and column are both placed lands
on a cell with other structure, or two placed cells related by a rule land on two
that are not; the eight symmetries of the square are always among the moves
found. A grid whose group the search cannot finish within :data:`SEARCH_LIMIT`
steps, or whose group has more than :data:`GROUP_LIMIT` moves (the canonical form
tries every one), keeps the eight symmetries of the square: which one it is
depends only on the grid's shape and rules, never on the puzzle or the machine.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from solver.sudoku.rules import Rule, Shape

#: search steps before the group of a grid is given up for the square's eight symmetries
SEARCH_LIMIT = 100_000
#: the largest grid whose group is searched: a 16x16 X-Sudoku has 18,432 moves, too many to
#: try for every puzzle, and the search alone would take seconds
MAX_SEARCHED_SIZE = 12
#: the most moves a canonical form tries (every one, for every puzzle)
GROUP_LIMIT = 5_000

Pairs = frozenset[frozenset[int]]


@dataclass(frozen=True)
class GridMove:
    """Cell ``(r, c)`` of the puzzle lands on ``(rows[r], cols[c])`` of its image, after
    a transposition first when ``transposed`` (cell ``(r, c)`` read as ``(c, r)``)."""

    transposed: bool
    rows: tuple[int, ...]
    cols: tuple[int, ...]

    def sources(self) -> tuple[int, ...]:
        """The puzzle cell that lands on every cell of the image (the inverse of :meth:`cell_map`)."""
        return _sources(self)

    def cell_map(self) -> tuple[int, ...]:
        """The image index of every cell index."""
        n = len(self.rows)
        if self.transposed:
            return tuple(self.rows[c] * n + self.cols[r] for r in range(n) for c in range(n))
        return tuple(self.rows[r] * n + self.cols[c] for r in range(n) for c in range(n))

    def words(self, box_rows: int, box_cols: int) -> tuple[str, ...]:
        """The move in a reader's words: "transposed", "bands reordered", "rows reordered
        within bands", the same for columns and stacks."""
        words = ["transposed"] if self.transposed else []
        for name, group, span, order in (("rows", "bands", box_rows, self.rows),
                                         ("columns", "stacks", box_cols, self.cols)):
            if any(i // span != image // span for i, image in enumerate(order)):
                words.append(f"{group} reordered")
            if any(i % span != image % span for i, image in enumerate(order)):
                words.append(f"{name} reordered within {group}")
        return tuple(words)


@lru_cache(maxsize=8192)
def _sources(move: GridMove) -> tuple[int, ...]:
    image = move.cell_map()
    out = [0] * len(image)
    for cell, to in enumerate(image):
        out[to] = cell
    return tuple(out)


@dataclass(frozen=True)
class _Structure:
    """What the rules add to a grid: their units and their related pairs, each cell's
    share of them (a move must keep it), and for each cell its related partners."""

    units: frozenset[frozenset[int]]
    pairs: Pairs
    degree: tuple[tuple[int, int], ...]
    partners: tuple[tuple[int, ...], ...]


def _structure(n: int, units: Sequence[Sequence[int]], pairs: Sequence[tuple[int, int]]) -> _Structure:
    unit_sets = frozenset(frozenset(u) for u in units)
    pair_sets: Pairs = frozenset(frozenset(p) for p in pairs)
    in_units = [0] * (n * n)
    for unit in unit_sets:
        for cell in unit:
            in_units[cell] += 1
    partners: list[set[int]] = [set() for _ in range(n * n)]
    for unit in unit_sets:
        for a in unit:
            partners[a] |= unit - {a}
    for a, b in pairs:
        partners[a].add(b)
        partners[b].add(a)
    in_pairs = [0] * (n * n)
    for pair in pair_sets:
        for cell in pair:
            in_pairs[cell] += 1
    return _Structure(unit_sets, pair_sets, tuple(zip(in_units, in_pairs)), tuple(tuple(sorted(p)) for p in partners))


def _transposed(n: int, structure: _Structure) -> _Structure:
    flip = [c * n + r for r in range(n) for c in range(n)]
    return _structure(n, [[flip[c] for c in unit] for unit in structure.units],
                      [(flip[a], flip[b]) for a, b in (tuple(p) for p in structure.pairs)])


Units = tuple[tuple[int, ...], ...]
PairList = tuple[tuple[int, int], ...]


def rule_structure(rules: Sequence[Rule], shape: Shape) -> tuple[Units, PairList]:
    """The extra units and the related pairs of ``rules`` on a grid, as :func:`grid_moves` takes them."""
    units = tuple(tuple(cells) for rule in rules for _, cells in rule.units(shape))
    pairs = tuple(pair for rule in rules for pair in rule.pairs(shape))
    return units, pairs


@lru_cache(maxsize=64)
def grid_moves(n: int, box_rows: int, box_cols: int, units: Units, pairs: PairList) -> tuple[GridMove, ...]:
    """Every grid move of an ``n x n`` grid of ``box_rows x box_cols`` boxes that maps the
    extra ``units`` onto units and the related ``pairs`` onto pairs, the identity first;
    the square's eight symmetries when the group cannot be searched (module docstring)."""
    if n > MAX_SEARCHED_SIZE:
        return square_moves(n, box_rows, box_cols)
    target = _structure(n, units, pairs)
    found: list[GridMove] = []
    steps = [0]
    try:
        for transposed in ((False, True) if box_rows == box_cols else (False,)):
            source = _transposed(n, target) if transposed else target
            for rows, cols in _search(n, box_rows, box_cols, source, target, steps):
                found.append(GridMove(transposed, rows, cols))
                if len(found) > GROUP_LIMIT:
                    raise _TooLarge
    except _TooLarge:
        return square_moves(n, box_rows, box_cols)
    found.sort(key=lambda m: (m.transposed, m.rows, m.cols))   # the identity first
    return tuple(found)


class _TooLarge(Exception):
    """The group is too large to try every move of it, or too costly to find."""


def _search(n: int, box_rows: int, box_cols: int, source: _Structure, target: _Structure,
            steps: list[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (row images, column images) keeping the bands and stacks that carries
    ``source``'s structure onto ``target``'s."""
    rows = [-1] * n
    cols = [-1] * n
    image = [-1] * (n * n)          # source cell -> target cell, for cells whose row and column are placed
    used_rows: set[int] = set()
    used_cols: set[int] = set()

    def band_ok(order: list[int], i: int, value: int, span: int) -> bool:
        for j in range(n):
            if order[j] < 0 or j == i:
                continue
            if (j // span == i // span) != (order[j] // span == value // span):
                return False
        return True

    def place_cell(cell: int, to: int) -> bool:
        if source.degree[cell] != target.degree[to]:
            return False
        image[cell] = to
        for partner in source.partners[cell]:
            if image[partner] >= 0 and image[partner] not in target.partners[to]:
                return False
        return True

    def fill(line_cells: list[int], to_cells: list[int]) -> bool:
        return all(place_cell(cell, to) for cell, to in zip(line_cells, to_cells))

    def unplace(cells: list[int]) -> None:
        for cell in cells:
            image[cell] = -1

    def step(k: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        steps[0] += 1
        if steps[0] > SEARCH_LIMIT:
            raise _TooLarge
        if k == 2 * n:
            if all(frozenset(image[c] for c in unit) in target.units for unit in source.units):
                yield tuple(rows), tuple(cols)
            return
        i, is_row = k // 2, k % 2 == 0
        order, used, span = (rows, used_rows, box_rows) if is_row else (cols, used_cols, box_cols)
        for value in range(n):
            if value in used or not band_ok(order, i, value, span):
                continue
            order[i] = value
            used.add(value)
            if is_row:   # the cells of row i in the columns placed so far
                cells = [i * n + c for c in range(n) if cols[c] >= 0]
                tos = [value * n + cols[c] for c in range(n) if cols[c] >= 0]
            else:
                cells = [r * n + i for r in range(n) if rows[r] >= 0]
                tos = [rows[r] * n + value for r in range(n) if rows[r] >= 0]
            if fill(cells, tos):
                yield from step(k + 1)
            unplace(cells)
            order[i] = -1
            used.discard(value)

    yield from step(0)


def square_moves(n: int, box_rows: int, box_cols: int) -> tuple[GridMove, ...]:
    """The symmetries of the square that keep the boxes, as grid moves, the identity first:
    all eight for square boxes; the four without a quarter turn for oblong ones."""
    same = tuple(range(n))
    back = tuple(n - 1 - i for i in range(n))
    turns = (False, True) if box_rows == box_cols else (False,)
    moves = {GridMove(t, r, c) for t in turns for r in (same, back) for c in (same, back)}
    return tuple(sorted(moves, key=lambda m: (m.transposed, m.rows, m.cols)))
