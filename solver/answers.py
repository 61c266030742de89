"""The canonical form of a solved grid: when two puzzles have "the same answer".

A buyer who finds, in the answer key, the grid of puzzle 3 again as the grid of
puzzle 41 -- or that grid turned, mirrored, with its digits renamed or its bands
swapped -- has been sold one answer twice. The puzzle forms of
:mod:`solver.sudoku.canonical` cannot say so (they compare givens, and refuse a grid
whose every cell is given), so a full grid has its own forms, at three strengths
(:data:`ALIKE`, :data:`TURNED`, :data:`SAME`):

* **alike**: equal under the grid's symmetries. A *boxed* grid (boxes of ``R x C``
  cells, every classic and variant Sudoku, Killer) keeps its boxes under relabelling,
  reordering the bands, the rows within a band, the stacks and the columns within a
  stack, and transposing (a grid of ``3x2`` boxes is read transposed, as ``2x3``;
  square boxes are tried both ways): every rotation and mirror image is such a move.
  A *Latin* grid (KenKen, a jigsaw's digits: no boxes) is compared under the square's
  eight symmetries and relabelling, what a reader can see. Row and column shuffles of a
  Latin square are left out on purpose: a 5x5 Latin square has only 2 classes under
  them and a 6x6 22, so no KenKen book could keep its answers apart under them.
* **turned**: the same digits in the same cells, turned or mirrored (no relabelling,
  no band moves): the square's eight symmetries.
* **same**: the same digits in the same cells.

A few small grids have fewer classes than a book may hold puzzles (:data:`FEW`: a
4x4 Sudoku has 2 answers unlike each other, a 6x6 49), so a book holding more of them
is held to the strongest of the three it can keep with room to spare (:func:`strength_for`). Boxed grids
above 16x16 are compared turned: their alike form would try ``2 x 5 x 5! x 5 x 5!``
band arrangements (25x25), minutes a grid.

The alike form of a boxed grid is exact and fast, found without trying its
``2 x 6^8 x 9!`` images (9x9). The form is the least image read in one order: band 0
column by column, then the other rows row by row, digits numbered by first appearance.
Band 0's first box holds every digit, so choosing which band is on top, its rows'
order, which stack comes first and its columns' order (648 ways on a 9x9, both
orientations) fixes the numbering; the rest of band 0 is then least with each stack's
columns sorted and the stacks sorted, and the other rows least with each band's rows
sorted and the bands sorted by their least row (no two rows or columns of a full grid
are equal, so these sorts have no ties). Only the arrangements whose band 0 ties with
the least one have their other rows read. It costs about 7 ms a 9x9, 20 ms a 12x12 and
0.3 s a 16x16 in pure Python (the generator spends far more on each puzzle).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations

from solver.canonical import BOARD_SYMMETRIES, Form

#: The three strengths of "the same answer", strongest first.
ALIKE, TURNED, SAME = "alike", "turned", "same"
STRENGTHS = (ALIKE, TURNED, SAME)

#: The symbols of a form's text: one character a cell, for grids up to 35x35.
_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: How many answers unlike each other a small grid has at each strength, for the families
#: that have fewer than a build can hold (100,000 puzzles); every other family has more at
#: every strength (a 6x6 Latin square more than 141,000 alike). Counted over every such
#: grid by tests/catalog/test_answer_forms.py.
FEW: dict[str, dict[str, int]] = {
    "boxed 2x2": {ALIKE: 2, TURNED: 39, SAME: 288},
    "boxed 2x3": {ALIKE: 49},
    "latin 3": {ALIKE: 1, TURNED: 3, SAME: 12},
    "latin 4": {ALIKE: 12, TURNED: 108, SAME: 576},
    "latin 5": {ALIKE: 192, TURNED: 20_340},
}
#: The largest boxed grid compared alike (see the module docstring).
ALIKE_MOST = 16


@dataclass(frozen=True)
class Answer:
    """A solved grid: ``size`` x ``size`` values 1..size, row by row, and its boxes
    (None for a Latin grid)."""

    size: int
    values: tuple[int, ...]
    box: tuple[int, int] | None = None

    @property
    def family(self) -> str:
        """Which answers compare with it: 'boxed 2x3' (boxes read with rows <= columns),
        'latin 9'."""
        if self.box is None:
            return f"latin {self.size}"
        rows, cols = sorted(self.box)
        return f"boxed {rows}x{cols}"

    def form(self, strength: str = ALIKE) -> Form:
        """The form at ``strength``: equal exactly for answers alike at that strength."""
        if strength == SAME:
            text = _text(self.values)
        elif strength == TURNED:
            text = turned_text(self.values, self.size)
        elif self.box is None:
            text = latin_text(self.values, self.size)
        else:
            text = boxed_text(self.values, self.size, *self.box)
        return Form(f"answer {self.family} {strength}", text)


#: A family is compared at a strength only while a book holds at most this share of its
#: classes: random draws find the last classes slowly (a collector's problem: the 12th of
#: 12 takes 12 draws on average) and a level reaches only some of them.
HEADROOM = 4


def strength_for(family: str, count: int) -> str:
    """The strongest strength at which ``count`` answers of ``family`` can all differ and a
    generator still finds them (a quarter of the classes at most, :data:`HEADROOM`; a boxed
    grid above :data:`ALIKE_MOST` at most turned)."""
    few = FEW.get(family, {})
    kind, _, shape = family.partition(" ")
    rows, _, cols = shape.partition("x")
    strengths = STRENGTHS[1:] if kind == "boxed" and int(rows) * int(cols) > ALIKE_MOST else STRENGTHS
    return next((strength for strength in strengths
                 if strength not in few or count <= max(1, few[strength] // HEADROOM)), SAME)


def _text(values: Sequence[int]) -> str:
    return "".join(_SYMBOLS[v - 1] for v in values)


def _numbered(values: Sequence[int]) -> tuple[int, ...]:
    """Digits renumbered 1, 2, 3 ... in the order they first appear."""
    labels: dict[int, int] = {}
    return tuple(labels.setdefault(v, len(labels) + 1) for v in values)


def _images(values: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """The grid under the square's eight symmetries."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    out = []
    for symmetry in BOARD_SYMMETRIES:
        image = [0] * (n * n)
        for (r, c), value in zip(cells, values):
            rr, cc = symmetry.image(r, c, n, n)
            image[rr * n + cc] = value
        out.append(tuple(image))
    return out


def turned_text(values: Sequence[int], n: int) -> str:
    """The least of the grid's eight turned and mirrored images, digits as they are."""
    return _text(min(_images(values, n)))


def latin_text(values: Sequence[int], n: int) -> str:
    """The least of the eight images, each with its digits numbered by first appearance."""
    return _text(min(_numbered(image) for image in _images(values, n)))


def boxed_text(values: Sequence[int], n: int, box_rows: int, box_cols: int) -> str:
    """The alike form of a full boxed grid (see the module docstring): band 0 read column by
    column, then the other rows, least over the grid's moves."""
    grid = [tuple(values[r * n:(r + 1) * n]) for r in range(n)]
    turned = [tuple(grid[r][c] for r in range(n)) for c in range(n)]
    if box_rows > box_cols:          # read 3x2 boxes as 2x3: the grid transposed
        grids, box_rows, box_cols = [turned], box_cols, box_rows
    else:
        grids = [grid, turned] if box_rows == box_cols else [grid]
    best: tuple[int, ...] | None = None
    tied: list[tuple[list[tuple[int, ...]], list[int], list[int], list[int]]] = []
    for rows in grids:
        for head, order, top, labels in _band_heads(rows, n, box_rows, box_cols):
            if best is None or head < best:
                best, tied = head, [(rows, order, top, labels)]
            elif head == best:
                tied.append((rows, order, top, labels))
    assert best is not None
    return _text(min(best + _rest(rows, order, top, labels, box_rows) for rows, order, top, labels in tied))


def _band_heads(rows: list[tuple[int, ...]], n: int, box_rows: int, box_cols: int
                ) -> Iterator[tuple[tuple[int, ...], list[int], list[int], list[int]]]:
    """Every arrangement of band 0 (which band, its rows' order, the first stack and its
    columns' order) with its least reading, column by column after numbering: (reading,
    the columns' order, band 0's rows, each digit's number)."""
    stacks = [range(s * box_cols, (s + 1) * box_cols) for s in range(n // box_cols)]
    for band in range(n // box_rows):
        for top in permutations(range(band * box_rows, (band + 1) * box_rows)):
            band_rows = [rows[r] for r in top]
            for first, stack in enumerate(stacks):
                for columns in permutations(stack):
                    labels = [0] * (n + 1)
                    number = 1
                    for c in columns:
                        for row in band_rows:
                            labels[row[c]] = number
                            number += 1
                    blocks = sorted(
                        sorted((tuple(labels[row[c]] for row in band_rows), c) for c in other)
                        for s, other in enumerate(stacks) if s != first)
                    order = list(columns) + [c for block in blocks for _, c in block]
                    head = tuple(labels[row[c]] for c in order for row in band_rows)
                    yield head, order, list(top), labels


def _rest(rows: list[tuple[int, ...]], order: list[int], top: list[int], labels: list[int],
          box_rows: int) -> tuple[int, ...]:
    """The rows outside band 0, numbered and in ``order``'s columns: each band's rows sorted,
    the bands sorted by their least row."""
    band_of = top[0] // box_rows
    bands = []
    for band in range(len(rows) // box_rows):
        if band != band_of:
            bands.append(sorted(tuple(labels[rows[r][c]] for c in order)
                                for r in range(band * box_rows, (band + 1) * box_rows)))
    bands.sort()
    return tuple(value for band in bands for row in band for value in row)


def of_grid(size: int, values: Sequence[int], regions: Sequence[int] | None = None) -> Answer:
    """The answer of a solved grid whose regions are ``regions`` (a region number a cell,
    row by row; None for a Latin grid): boxed when the regions are boxes, else Latin (a
    jigsaw's digits are compared as what a reader sees, its outlines aside)."""
    box = _box_shape(size, regions) if regions is not None else None
    return Answer(size, tuple(values), box)


def _box_shape(n: int, regions: Sequence[int]) -> tuple[int, int] | None:
    """(rows, cols) of the boxes ``regions`` are, or None for other regions (a jigsaw)."""
    rows = next((r for r in range(n) if regions[r * n] != regions[0]), n)
    cols = next((c for c in range(n) if regions[c] != regions[0]), n)
    if rows * cols != n:
        return None
    stacks = n // cols
    boxes = [(r // rows) * stacks + c // cols for r in range(n) for c in range(n)]
    return (rows, cols) if _numbered(regions) == _numbered(boxes) else None
