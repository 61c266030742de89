"""Where a worked example's pencil marks go in a cell, decided once for every format.

A cell's candidates sit on a ``side`` x ``side`` keypad (1 2 3 / 4 5 6 / 7 8 9 on a 9x9), each
at the place of its symbol; struck ones get a line through them, a placed value a circle.
PDF draws these positions; the table formats (DOCX, RTF, HTML) lay out the same keypad as
lines of small text, blank places kept (:func:`keypad_lines`).
"""
from __future__ import annotations

from dataclasses import dataclass

from publisher.model import CellMarks

#: A candidate's size as a share of its keypad box.
CANDIDATE_SCALE = 0.72


@dataclass(frozen=True)
class Placed:
    """One candidate in cell coordinates (points from the cell's top-left, y down)."""

    text: str
    x: float
    y: float
    font: float
    struck: bool
    half: float        # half the strike line's extent
    stroke: float


def candidate_font(mark: CellMarks, cell: float) -> float:
    return round(cell / mark.side * CANDIDATE_SCALE, 2)


def candidate_places(mark: CellMarks, cell: float) -> list[Placed]:
    box = cell / mark.side
    font = candidate_font(mark, cell)
    struck = set(mark.struck)
    return [Placed(text, (place % mark.side + 0.5) * box, (place // mark.side + 0.5) * box, font,
                   place in struck, box * 0.36, round(max(0.5, box * 0.08), 2))
            for place, text in mark.candidates]


def circle_radius(cell: float) -> float:
    return round(cell * 0.42, 2)


def circle_stroke(cell: float) -> float:
    return round(max(0.75, cell * 0.045), 2)


#: An empty keypad place in the table formats: a figure space, as wide as a digit, so the
#: places of every keypad row line up under each other in a centred paragraph.
EMPTY_PLACE = "\u2007"


def keypad_lines(mark: CellMarks) -> list[list[tuple[str, bool]]]:
    """The keypad as rows of (text, struck) places, :data:`EMPTY_PLACE` where no candidate is."""
    by_place = dict(mark.candidates)
    struck = set(mark.struck)
    return [[(by_place.get(r * mark.side + c, EMPTY_PLACE), r * mark.side + c in struck) for c in range(mark.side)]
            for r in range(mark.side)]
