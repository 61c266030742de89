"""A board's signs between cells as drawn (Futoshiki's ``<`` ``>`` ``v`` ``^`` and Adjacent's
bars): decided once here, at a cell size, and drawn alike by every format (PDF and HTML as
vectors, DOCX and RTF as a picture over the table).

A sign is a chevron centred on the side two cells share, its point towards the smaller digit,
with a white patch under it that cuts the cell line there: the sign reads as standing in a
gap between the cells, as newspapers print Futoshiki, and no line runs through its point. It
stays in the outer fifth of each cell, clear of the digit centred in it. A bar is a thick
stroke along the middle half of the shared side: heavier than any line of the grid (which has
no thick inner lines), so it reads as "these two are joined".
"""
from __future__ import annotations

from publisher.grids import THIN_LINE
from publisher.model import Board, SignDrawing

#: a chevron's half height (across the side) and depth (along the line between the cells), as a share of the cell
HALF_HEIGHT = 0.17
DEPTH = 0.14
#: a chevron's stroke as a share of the cell, and its least weight (points)
STROKE = 0.055
LEAST_STROKE = 0.9
#: a bar's length and weight as a share of the cell, and its least weight (points)
BAR_LENGTH = 0.5
BAR_WEIGHT = 0.1
LEAST_BAR = 2.5

Point = tuple[float, float]


def sign_drawing(board: Board, cell: float) -> SignDrawing | None:
    """The board's signs at ``cell`` points a square; None for a board without any."""
    if not board.signs:
        return None
    cols = board.cols
    w = round(max(LEAST_STROKE, STROKE * cell), 2)
    h, d = HALF_HEIGHT * cell, DEPTH * cell
    bar = round(max(LEAST_BAR, BAR_WEIGHT * cell, 3 * THIN_LINE), 2)
    clear: list[tuple[float, float, float, float]] = []
    strokes: list[tuple[Point, ...]] = []
    bars: list[tuple[float, float, float, float]] = []
    for mark in board.signs:
        first, second = mark.cells
        (r1, c1), (r2, c2) = divmod(first, cols), divmod(second, cols)
        across = r1 == r2                                # side by side: the shared side is upright
        if across:
            x, y = max(c1, c2) * cell, (r1 + 0.5) * cell
        else:
            x, y = (c1 + 0.5) * cell, max(r1, r2) * cell
        if mark.kind == "bar":
            half = BAR_LENGTH * cell / 2
            bars.append((x, y - half, x, y + half) if across else (x - half, y, x + half, y))
            continue
        toward = (c2 - c1) if across else (r2 - r1)      # +1: the smaller digit is right of / below the greater
        tip, back = toward * d / 2, -toward * d / 2
        if across:
            strokes.append(((x + back, y - h), (x + tip, y), (x + back, y + h)))
            clear.append((x - d / 2 - w, y - h - w, d + 2 * w, 2 * h + 2 * w))
        else:
            strokes.append(((x - h, y + back), (x, y + tip), (x + h, y + back)))
            clear.append((x - h - w, y - d / 2 - w, 2 * h + 2 * w, d + 2 * w))
    return SignDrawing(tuple(clear), tuple(strokes), w, bar, tuple(bars))
