"""A board's cages as drawn: dashed outlines inset from the cell borders, totals in the
top-left corner of each cage's first cell (or of the cell layout names for it, where a given
in the first would cover it; none where every cell would). Decided once here, drawn alike by every format.

The outline of a cage runs ``INSET`` of a cell inside its border, so two neighbouring
cages show two dashed lines with the solid cell line between them. Each open side of a
cage cell is a segment; it reaches the cell border where the cage goes on, and past it by
the inset round a concave corner, so the outline is one closed dashed line. Collinear
segments are joined (dashes run on evenly) and cut where a total stands.

A total is sized and placed to stay clear of the cell's digit: its baseline lies above the
top of a centred digit of the grid's text size, so neither a given nor a written answer
ever touches it. It stands inside its cell: its ink clear of the thick line a box or the frame
draws along the cell's edge, and its font box (the ascent a PDF reader gives it, as an editor
measures it) over the cell's top edge by less than a cell line is wide, so a top-row total
never reaches over the grid's edge.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from publisher.grids import THICK_LINE, THIN_LINE
from publisher.model import Board, CageDrawing, CageLabel

#: the outline's distance from the cell border, as a share of the cell
INSET = 0.09
#: the totals' size as a share of the cell
LABEL_RATIO = 0.22
#: the totals' left edge and the top of their line, as a share of the cell
LABEL_OFFSET = 0.05
#: how far an outline stops short of a total, as a share of the cell
LABEL_CLEARANCE = 0.03
#: the height of a digit above its baseline, as a share of its size (digits' cap height)
CAP_HEIGHT = 0.72
#: the least distance (points) of a total from its cell's top and left edges: past the half of a
#: thick line (boxes and the frame) inside the cell, and a quarter point more
LABEL_CLEAR = THICK_LINE / 2 + 0.25

Segment = tuple[float, float, float, float]


def _segments(board: Board, cell: float) -> list[Segment]:
    cols, rows = board.cols, board.rows
    d = INSET * cell
    owner = {c: i for i, cage in enumerate(board.cages) for c in cage.cells}

    def same(r: int, c: int, other_r: int, other_c: int) -> bool:
        if not (0 <= other_r < rows and 0 <= other_c < cols):
            return False
        return owner.get(other_r * cols + other_c, -1) == owner.get(r * cols + c, -2)

    out: list[Segment] = []
    for index in owner:
        r, c = divmod(index, cols)
        x0, y0, x1, y1 = c * cell, r * cell, (c + 1) * cell, (r + 1) * cell
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if same(r, c, r + dr, c + dc):
                continue
            if dr:      # a horizontal side: runs left-right, extends where the cage goes on
                y = y0 + d if dr < 0 else y1 - d
                left = x0 - d if same(r, c, r + dr, c - 1) and same(r, c, r, c - 1) else \
                    x0 if same(r, c, r, c - 1) else x0 + d
                right = x1 + d if same(r, c, r + dr, c + 1) and same(r, c, r, c + 1) else \
                    x1 if same(r, c, r, c + 1) else x1 - d
                out.append((left, y, right, y))
            else:
                x = x0 + d if dc < 0 else x1 - d
                top = y0 - d if same(r, c, r - 1, c + dc) and same(r, c, r - 1, c) else \
                    y0 if same(r, c, r - 1, c) else y0 + d
                bottom = y1 + d if same(r, c, r + 1, c + dc) and same(r, c, r + 1, c) else \
                    y1 if same(r, c, r + 1, c) else y1 - d
                out.append((x, top, x, bottom))
    return out


def _joined(segments: list[Segment]) -> list[Segment]:
    """Collinear segments that touch or overlap, as one."""
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for x1, y1, x2, y2 in segments:
        if y1 == y2:
            horizontal.setdefault(round(y1, 4), []).append((min(x1, x2), max(x1, x2)))
        else:
            vertical.setdefault(round(x1, 4), []).append((min(y1, y2), max(y1, y2)))
    out: list[Segment] = []
    for lines, flat in ((horizontal, True), (vertical, False)):
        for at, spans in sorted(lines.items()):
            spans.sort()
            start, end = spans[0]
            for a, b in [*spans[1:], (float("inf"), float("inf"))]:
                if a <= end + 1e-6:
                    end = max(end, b)
                    continue
                out.append((start, at, end, at) if flat else (at, start, at, end))
                start, end = a, b
    return out


def _clipped(segments: list[Segment], boxes: list[tuple[float, float, float, float]]) -> list[Segment]:
    """The segments with the parts inside any box (left, top, right, bottom) removed."""
    for left, top, right, bottom in boxes:
        kept: list[Segment] = []
        for x1, y1, x2, y2 in segments:
            if y1 == y2 and top <= y1 <= bottom and x1 < right and x2 > left:
                if x1 < left:
                    kept.append((x1, y1, left, y2))
                if x2 > right:
                    kept.append((right, y1, x2, y2))
            elif x1 == x2 and left <= x1 <= right and y1 < bottom and y2 > top:
                if y1 < top:
                    kept.append((x1, y1, x2, top))
                if y2 > bottom:
                    kept.append((x1, bottom, x2, y2))
            else:
                kept.append((x1, y1, x2, y2))
        segments = kept
    return segments


def label_size(cell: float, least: float = 0.0) -> float:
    """The totals' size in a cell of ``cell`` points: a share of the cell, ``least`` or more
    (large print's minimum; :func:`cell_for_totals` gives the cell that keeps it clear)."""
    return max(round(LABEL_RATIO * cell, 2), least)


def cell_for_totals(least: float, digit_ratio: float, ascent: float = CAP_HEIGHT) -> float:
    """The smallest cell whose totals of ``least`` points stay above a centred digit of
    ``digit_ratio`` of the cell: the total's baseline (its offset, :func:`label_box`, plus its
    cap height) no lower than the digit's top (``ascent``: the face's, per point)."""
    room = (1 - CAP_HEIGHT * digit_ratio) / 2      # the digit's top, per point of cell
    return round(max(CAP_HEIGHT * least / (room - LABEL_OFFSET), (LABEL_CLEAR + CAP_HEIGHT * least) / room,
                     (max(ascent, CAP_HEIGHT) * least - THIN_LINE) / room), 2)


def label_box(cell: float, width: float, least: float = 0.0,
              ascent: float = CAP_HEIGHT) -> tuple[float, float, float, float, float]:
    """Where a total of ``width`` points stands in a cell of ``cell`` points: (left, top,
    right, bottom) of its box, from the cell's top-left corner, and its font size. It stands
    :data:`LABEL_OFFSET` of the cell in from the corner, at least :data:`LABEL_CLEAR`, and low
    enough that its font box (``ascent``: the face's, per point) reaches over the cell's top
    edge by less than a cell line is wide."""
    size = label_size(cell, least)
    left = max(LABEL_OFFSET * cell, LABEL_CLEAR)
    top = max(left, (ascent - CAP_HEIGHT) * size - THIN_LINE)
    return left, top, left + width, top + CAP_HEIGHT * size, size


def cage_drawing(board: Board, cell: float, grey: float, measure: Callable[[str, float], float],
                 least: float = 0.0, totals: bool = True, outlines: bool = True,
                 homes: Sequence[int | None] | None = None, ascent: float = CAP_HEIGHT) -> CageDrawing | None:
    """The drawing of a board's cages at ``cell`` points a cell (None without cages).
    ``measure(text, size)`` is the width of a total in the book's regular face (``ascent``: its
    ascent per point, :func:`label_box`); totals are
    ``least`` points or more, or left out (``totals`` False: large-print answers, where
    the digits are what a reader checks and the cells are too small for 18 pt totals);
    ``outlines`` False draws no dashed outlines (a kind whose cages are heavy borders);
    ``homes`` names, cage by cage, the cell (row-major) whose corner holds its total, None for
    a total left out (``homes`` None: each cage's first)."""
    if not board.cages:
        return None
    cols = board.cols
    size = label_size(cell, least)
    labels, boxes = [], []
    clear = LABEL_CLEARANCE * cell
    for index, cage in enumerate(board.cages if totals else ()):
        home = cage.cells[0] if homes is None else homes[index]
        if home is None:
            continue
        r, c = divmod(home, cols)
        left, top, right, bottom, _ = label_box(cell, measure(cage.label, size), least, ascent)
        x, y = c * cell + left, r * cell + top
        labels.append(CageLabel(round(x, 2), round(r * cell + bottom, 2), cage.label))
        boxes.append((x - clear, y - clear, c * cell + right + clear, r * cell + bottom + clear))
    segments = _clipped(_joined(_segments(board, cell)), boxes) if outlines else []
    rounded = tuple(sorted(tuple(round(v, 2) for v in s) for s in segments))
    width = round(max(0.5, 0.025 * cell), 2)
    dash = (round(max(1.0, 0.06 * cell), 2), round(max(1.0, 0.05 * cell), 2))
    return CageDrawing(rounded, tuple(labels), width, dash, size, grey)  # type: ignore[arg-type]
