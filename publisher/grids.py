"""A board's grid as drawn: cell roles, border widths, chessboard shading, text size share, tour drawing.

Pure functions of a board's shape and content (cached: a book repeats a
handful of shapes), used by :mod:`publisher.layout` once it knows a grid's
cell size.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from publisher.model import (
    QUEEN,
    QUEEN_SCALE,
    QUEEN_SHAPE,
    SHADE_BAND,
    SHADE_NONE,
    Board,
    CellBorders,
    CellRole,
    Coordinates,
    EdgeLabel,
    Grid,
    GridCell,
    Tour,
)

THIN_LINE = 0.75            # cell lines: the print minimum
THICK_LINE = 2.25           # box, region and frame lines: 3x thin, clearly thicker
#: digit size as a share of the cell, by the longest text a cell holds
TEXT_RATIO = {1: 0.58, 2: 0.45, 3: 0.36}
#: large print fills the cells fuller: digits matter more than white space at arm's length
LARGE_TEXT_RATIO = {1: 0.62, 2: 0.5, 3: 0.47}
#: large-print answers fuller still: their digits keep the 18 pt minimum in the smallest cells,
#: so as many answers fit on a page as can (a 9x9 answer of 18 pt digits: 9 cm wide)
LARGE_ANSWER_TEXT_RATIO = {1: 0.72, 2: 0.56, 3: 0.5}


#: thick lines are never more than this share of a cell, so small answer grids do not look heavy
THICK_SHARE = 1 / 8


def thick_line(cell: float) -> float:
    """The weight of box, region and frame lines for a cell size: the full
    :data:`THICK_LINE` in puzzle-sized cells, scaled down with the cell to at
    most an eighth of it (4.5 mm answer cells: 1.6 pt), never below the thin line."""
    return round(max(THIN_LINE, min(THICK_LINE, cell * THICK_SHARE)), 2)


@lru_cache(maxsize=256)
def borders(rows: int, cols: int, regions: tuple[int, ...] | None,
            thick: float = THICK_LINE) -> tuple[CellBorders, ...]:
    """Line widths of every cell side: ``thick`` on the frame and between
    different regions, thin elsewhere. Each shared side is computed from the
    same pair of cells, so neighbours always agree. Cached: a book repeats a
    handful of shapes."""

    def side(r1: int, c1: int, r2: int, c2: int) -> float:
        if not (0 <= r2 < rows and 0 <= c2 < cols):
            return thick
        if regions is None or regions[r1 * cols + c1] == regions[r2 * cols + c2]:
            return THIN_LINE
        return thick

    return tuple(
        CellBorders(side(r, c, r - 1, c), side(r, c, r, c + 1), side(r, c, r + 1, c), side(r, c, r, c - 1))
        for r in range(rows) for c in range(cols)
    )


@lru_cache(maxsize=64)
def ring_borders(side: int, thick: float) -> tuple[CellBorders, ...]:
    """A grid inside a ring of clue cells (``side`` cells a side, the ring included): the inner
    grid's cell lines thin and its frame ``thick``; the ring's own sides 0, so its clues stand
    outside the grid on the bare page (neighbours agree on the grid's frame)."""
    inner = borders(side - 2, side - 2, None, thick)

    def at(r: int, c: int) -> CellBorders:
        if 1 <= r <= side - 2 and 1 <= c <= side - 2:
            return inner[(r - 1) * (side - 2) + c - 1]
        along_top_or_bottom, along_sides = 1 <= c <= side - 2, 1 <= r <= side - 2
        return CellBorders(thick if r == side - 1 and along_top_or_bottom else 0.0,   # over the grid's bottom
                           thick if c == 0 and along_sides else 0.0,                  # left of the grid
                           thick if r == 0 and along_top_or_bottom else 0.0,          # above the grid
                           thick if c == side - 1 and along_sides else 0.0)           # right of the grid

    return tuple(at(r, c) for r in range(side) for c in range(side))


def board_borders(board: Board, cell: float) -> tuple[CellBorders, ...]:
    """A board's cell sides at ``cell`` points: thick round its regions (boxes, jigsaw), or round
    its cages where its kind draws cages as borders (KenKen: at least twice the thin cell lines)."""
    if board.clue_ring:
        return ring_borders(board.rows, thick_line(cell))
    if board.cages and board.cage_look == "bordered":
        owner = [0] * (board.rows * board.cols)
        for index, cage in enumerate(board.cages, 1):
            for c in cage.cells:
                owner[c] = index
        return borders(board.rows, board.cols, tuple(owner), max(thick_line(cell), 2 * THIN_LINE))
    return borders(board.rows, board.cols, board.regions, thick_line(cell))


@lru_cache(maxsize=4096)
def cell(text: str, given: bool) -> GridCell:
    """One shared immutable cell per (text, role): books repeat few of them."""
    if text == QUEEN:
        return GridCell(text, CellRole.QUEEN if given else CellRole.SOLVED_QUEEN)
    if not text:
        return GridCell(text, CellRole.BLANK)
    return GridCell(text, CellRole.GIVEN if given else CellRole.SOLVED)


def cells(board: Board, answers: bool) -> tuple[GridCell, ...]:
    texts = board.answer if answers else board.givens
    return tuple(map(cell, texts, map(bool, board.givens)))


@lru_cache(maxsize=256)
def chess_shading(rows: int, cols: int) -> tuple[int, ...]:
    """The shading of a chessboard whose top-left square (a8) is light: its dark squares a band."""
    return tuple(SHADE_BAND if (i // cols + i % cols) % 2 == 1 else SHADE_NONE for i in range(rows * cols))


def text_ratio(board: Board, answers: bool, large_print: bool = False) -> float:
    longest = max(map(len, board.answer if answers else board.givens), default=1) or 1   # a queen is one character
    table = (LARGE_ANSWER_TEXT_RATIO if answers else LARGE_TEXT_RATIO) if large_print else TEXT_RATIO
    return table.get(longest, 1.1 / max(longest, 1))


#: a tour's path stops this share of a cell short of a number's centre, so it
#: clears the widest number a cell holds (three digits on a 12x12 board)
TOUR_CLEARANCE = 0.38
#: the start circle's radius / the end square's half side, as a share of the cell
TOUR_MARKER = 0.44


#: the white kept round a number the path passes near, as a share of the cell
TOUR_KNOCKOUT = 0.04
#: and above and below it, as a share of its size where that is more: large print's numbers fill
#: their cells fuller (an 18 pt "100" in a 37 pt square), and a line passing over one stops as
#: far from its digits' top as an editor's check measures it (1 pt past 0.8 of the size)
TOUR_KNOCKOUT_TEXT = 0.088


def _outside(segment: tuple[float, float, float, float],
             boxes: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """The parts of a segment outside every box (left, top, right, bottom): the knock-out
    round each number, so no line of the path crosses a digit (Liang-Barsky per box)."""
    x1, y1, x2, y2 = segment
    dx, dy = x2 - x1, y2 - y1
    kept = [(0.0, 1.0)]
    for left, top, right, bottom in boxes:
        enter, leave = 0.0, 1.0
        for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
            if p == 0:
                if q < 0:
                    enter, leave = 1.0, 0.0
                continue
            t = q / p
            if p < 0:
                enter = max(enter, t)
            else:
                leave = min(leave, t)
        if enter >= leave:
            continue
        cut = []
        for a, b in kept:     # each kept stretch loses the part inside this box
            cut += [piece for piece in ((a, min(b, enter)), (max(a, leave), b)) if piece[1] - piece[0] > 1e-6]
        kept = cut
    return [(x1 + dx * a, y1 + dy * a, x1 + dx * b, y1 + dy * b) for a, b in kept]


#: a tour's moves keep this far (points) from a number's or a coordinate's box besides the
#: knock-out pad (a share of the cell): a line that grazes a digit reads as crossing it
LABEL_CLEARANCE = 1.0


def tour_drawing(board: Board, cell: float, widest: float, font: float = 0.0,
                 labels: Sequence[tuple[float, float, float, float]] = ()) -> Tour | None:
    """The drawing of a tour: each move a segment from centre to centre, cut
    back at both ends so it never touches a number (``widest`` is the widest
    number's width), and knocked out round every number it passes near (a box of
    the widest number's width and ``font``'s digit height) and round every box of
    ``labels`` (the chess coordinates in the edge squares, left, top, right, bottom),
    so no line crosses a digit; markers round the first and the last number."""
    if not board.path:
        return None
    centres = [((c + 0.5) * cell, (r + 0.5) * cell) for r, c in board.path]
    pairs = list(itertools.pairwise(centres))
    if board.closed and len(centres) > 2:
        pairs.append((centres[-1], centres[0]))
    clear = min(0.46 * cell, max(TOUR_CLEARANCE * cell, widest / 2 + THIN_LINE))
    mark = max(TOUR_MARKER * cell, clear)
    ends = {centres[0], centres[-1]}
    pad = TOUR_KNOCKOUT * cell + LABEL_CLEARANCE
    # digits: cap height 0.72 of the size; above and below them at least a share of their size
    half_w, half_h = widest / 2 + pad, 0.36 * font + max(pad, TOUR_KNOCKOUT_TEXT * font + LABEL_CLEARANCE)
    boxes = [(x - half_w, y - half_h, x + half_w, y + half_h) for x, y in centres] if font else []
    boxes += [(x0 - pad, y0 - pad, x1 + pad, y1 + pad) for x0, y0, x1, y1 in labels]
    segments = []
    for (x1, y1), (x2, y2) in pairs:
        length = math.hypot(x2 - x1, y2 - y1)
        cut1 = mark if (x1, y1) in ends else clear
        cut2 = mark if (x2, y2) in ends else clear
        if length <= cut1 + cut2:
            continue
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        move = (x1 + ux * cut1, y1 + uy * cut1, x2 - ux * cut2, y2 - uy * cut2)
        for piece in _outside(move, boxes):
            if math.hypot(piece[2] - piece[0], piece[3] - piece[1]) > THIN_LINE:
                segments.append(tuple(round(v, 2) for v in piece))
    width = round(max(THIN_LINE, cell * 0.05), 2)
    return Tour(tuple(segments), centres[0], centres[-1], round(mark, 2), width,  # type: ignore[arg-type]
                round(max(THIN_LINE, cell * 0.06), 2))


def one_row(a: Grid, b: Grid) -> bool:
    """Whether two grids may stand in one row: of one cell and text size, so the flow formats'
    table rows (one a grid row) fit both; a smaller board beside a bigger one (6x6 and 8x8
    queens in an answer key) stands at the row's top, its cells the same size."""
    return (a.cell_size, a.font_size) == (b.cell_size, b.font_size)


#: coordinate labels: their size as a share of the cell, and the most of a cell they may take
COORDINATE_SHARE, COORDINATE_MOST = 0.22, 0.32
#: their distance from the square's edges, as a share of the cell
COORDINATE_PAD = 0.06


def file_name(col: int, cols: int) -> str:
    """The chess file of a column: a, b, c ... (numbers past 26 columns, as the solver writes squares)."""
    return chr(ord("a") + col) if cols <= 26 else str(col + 1)


def coordinates(rows: int, cols: int, cell: float, least: float,
                width: Callable[[str, float], float]) -> Coordinates | None:
    """A chessboard's files and ranks in its edge squares' corners, at
    ``least`` points or more (the print minimum); None when the squares are
    too small to carry them clear of their contents. ``width(text, size)``
    measures a label in the book's font."""
    size = round(max(least, cell * COORDINATE_SHARE), 1)
    if size > cell * COORDINATE_MOST:
        return None
    pad = max(1.0, cell * COORDINATE_PAD)
    ranks = [EdgeLabel(str(rows - r), round(pad, 2), round(r * cell + pad, 2)) for r in range(rows)]
    files = [EdgeLabel(text, round((c + 1) * cell - pad - width(text, size), 2), round(rows * cell - pad - size, 2))
             for c in range(cols) for text in (file_name(c, cols),)]
    return Coordinates(tuple(ranks + files), size)


#: (cap height, ascent, descent) per point of the coordinates' face: the box a reader's eye (and
#: a PDF reader) gives each label, from its baseline less the ascent to its baseline less the descent
LineBox = tuple[float, float, float]
Box = tuple[float, float, float, float]

#: the least share of its cell a queen keeps where the coordinates crowd it
LEAST_QUEEN = 0.5


def label_boxes(edges: Coordinates, cell: float, width: Callable[[str, float], float],
                line: LineBox) -> dict[tuple[int, int], list[Box]]:
    """The box (left, top, right, bottom) of each coordinate, from its own square's top-left
    corner, by square (row, column): its capitals are centred in its line box (as every format
    sets them), the box runs from the ascent to the descent."""
    cap, ascent, descent = line
    size = edges.size
    boxes: dict[tuple[int, int], list[Box]] = {}
    for label in edges.labels:
        col, row = int(label.x // cell), int(label.y // cell)
        baseline = label.y + size / 2 + cap * size / 2 - row * cell
        left = label.x - col * cell
        boxes.setdefault((row, col), []).append(
            (left, baseline - ascent * size, left + width(label.text, size), baseline - descent * size))
    return boxes


def _clear(box: Box, boxes: list[Box]) -> bool:
    """``box`` overlaps none of ``boxes`` (touching is clear)."""
    return all(min(box[2], b[2]) <= max(box[0], b[0]) or min(box[3], b[3]) <= max(box[1], b[1]) for b in boxes)


def queen_scale(cell: float, labels: dict[tuple[int, int], list[Box]]) -> float:
    """The largest queen (a share of the cell, :data:`QUEEN_SCALE` at most) whose crown, centred
    in its square, covers none of the coordinates set in the squares' corners (``labels``)."""
    boxes = [box for found in labels.values() for box in found]
    xs = [x for polygon in QUEEN_SHAPE for x, _y in polygon]
    ys = [y for polygon in QUEEN_SHAPE for _x, y in polygon]
    for step in range(round((QUEEN_SCALE - LEAST_QUEEN) * 100) + 1):
        scale = round(QUEEN_SCALE - step / 100, 2)
        side, edge = scale * cell, (1 - scale) * cell / 2
        crown = (edge + min(xs) * side, edge + min(ys) * side, edge + max(xs) * side, edge + max(ys) * side)
        if _clear(crown, boxes):
            return scale
    return LEAST_QUEEN


def clear_font(texts: Sequence[str], cols: int, font: float, least: float, cell: float,
               labels: dict[tuple[int, int], list[Box]], width: Callable[[str, float], float],
               line: LineBox) -> float:
    """The largest size up to ``font`` (``least`` at the least) at which the text of every square
    that carries coordinates (``texts``, row-major), centred as every format sets a cell's text,
    covers none of them: a tour's "100" beside a file letter."""
    size = font
    while size > least:
        if clears(texts, cols, size, cell, labels, width, line):
            return size
        size = round(size - 0.1, 1)
    return least


def clears(texts: Sequence[str], cols: int, size: float, cell: float, labels: dict[tuple[int, int], list[Box]],
           width: Callable[[str, float], float], line: LineBox) -> bool:
    """Whether the texts of the squares that carry ``labels`` (row-major ``texts``), centred at
    ``size`` points, cover none of them."""
    cap, ascent, descent = line
    baseline = cell / 2 + cap * size / 2
    return all(_clear((cell / 2 - half, baseline - ascent * size, cell / 2 + half, baseline - descent * size), boxes)
               for (row, col), boxes in labels.items()
               for half in (width(texts[row * cols + col], size) / 2,) if texts[row * cols + col])
