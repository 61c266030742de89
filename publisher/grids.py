"""A board's grid as drawn: cell roles, border widths, chessboard shading, text size share, tour drawing.

Pure functions of a board's shape and content (cached: a book repeats a
handful of shapes), used by :mod:`publisher.layout` once it knows a grid's
cell size.
"""
from __future__ import annotations

import itertools
import math
from functools import lru_cache

from publisher.model import QUEEN, SHADE_BAND, SHADE_NONE, Board, CellBorders, CellRole, Grid, GridCell, Tour

THIN_LINE = 0.75            # cell lines: the print minimum
THICK_LINE = 2.25           # box, region and frame lines: 3x thin, clearly thicker
#: digit size as a share of the cell, by the longest text a cell holds
TEXT_RATIO = {1: 0.58, 2: 0.45, 3: 0.36}
#: large print fills the cells fuller: digits matter more than white space at arm's length
LARGE_TEXT_RATIO = {1: 0.62, 2: 0.5, 3: 0.47}


@lru_cache(maxsize=256)
def borders(rows: int, cols: int, regions: tuple[int, ...] | None) -> tuple[CellBorders, ...]:
    """Line widths of every cell side: thick on the frame and between
    different regions, thin elsewhere. Each shared side is computed from the
    same pair of cells, so neighbours always agree. Cached: a book repeats a
    handful of shapes."""

    def side(r1: int, c1: int, r2: int, c2: int) -> float:
        if not (0 <= r2 < rows and 0 <= c2 < cols):
            return THICK_LINE
        if regions is None or regions[r1 * cols + c1] == regions[r2 * cols + c2]:
            return THIN_LINE
        return THICK_LINE

    return tuple(
        CellBorders(side(r, c, r - 1, c), side(r, c, r, c + 1), side(r, c, r + 1, c), side(r, c, r, c - 1))
        for r in range(rows) for c in range(cols)
    )


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
    return (LARGE_TEXT_RATIO if large_print else TEXT_RATIO).get(longest, 1.1 / max(longest, 1))


#: a tour's path stops this share of a cell short of a number's centre, so it
#: clears the widest number a cell holds (three digits on a 12x12 board)
TOUR_CLEARANCE = 0.38
#: the start circle's radius / the end square's half side, as a share of the cell
TOUR_MARKER = 0.44


def tour_drawing(board: Board, cell: float, widest: float) -> Tour | None:
    """The drawing of a tour: each move a segment from centre to centre, cut
    back at both ends so it never touches a number (``widest`` is the widest
    number's width); markers round the first and the last number."""
    if not board.path:
        return None
    centres = [((c + 0.5) * cell, (r + 0.5) * cell) for r, c in board.path]
    pairs = list(itertools.pairwise(centres))
    if board.closed and len(centres) > 2:
        pairs.append((centres[-1], centres[0]))
    clear = min(0.46 * cell, max(TOUR_CLEARANCE * cell, widest / 2 + THIN_LINE))
    mark = max(TOUR_MARKER * cell, clear)
    ends = {centres[0], centres[-1]}
    segments = []
    for (x1, y1), (x2, y2) in pairs:
        length = math.hypot(x2 - x1, y2 - y1)
        cut1 = mark if (x1, y1) in ends else clear
        cut2 = mark if (x2, y2) in ends else clear
        if length <= cut1 + cut2:
            continue
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        segments.append((round(x1 + ux * cut1, 2), round(y1 + uy * cut1, 2),
                         round(x2 - ux * cut2, 2), round(y2 - uy * cut2, 2)))
    width = round(max(THIN_LINE, cell * 0.05), 2)
    return Tour(tuple(segments), centres[0], centres[-1], round(mark, 2), width,
                round(max(THIN_LINE, cell * 0.06), 2))


def same_shape(a: Grid, b: Grid) -> bool:
    return (a.rows, a.cols, a.cell_size) == (b.rows, b.cols, b.cell_size)
