"""The grid slots of a section's pages: how many grids go across and down (configured, or a
default that shrinks until the grids fit), how tall their caption boxes are, and the cell and
text size of a board in its slot (the printable minimum, large print, the caps of cell sizes)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from publisher.cagelines import cell_for_totals
from publisher.grids import THICK_LINE, text_ratio
from publisher.layout.frame import Desk, page_name
from publisher.model import POINTS_PER_INCH, POINTS_PER_MM, Board, Grid, LayoutError, SectionSpec
from publisher.typeset import LARGE_PRINT_MIN_TEXT, visible

#: Lines under a worked example's caption for its step's sentence.
WORKED_NOTE_LINES = 3
MIN_TEXT = 7.0              # smallest printable text size, points
LARGE_PRINT_GRID = 140 * POINTS_PER_MM   # large print: a grid about 14 cm wide ...
LARGE_PRINT_GIVENS = 24.0                # ... or wider where that keeps the givens at 24 pt
MAX_CELL = 0.5 * POINTS_PER_INCH         # standard books: cells no bigger than 1/2 in
MAX_ANSWER_CELL = POINTS_PER_INCH / 3    # answer keys are smaller: cells up to 1/3 in
ROUND_TO = 0.05             # sizes are multiples of one twip, so DOCX/RTF are exact

NOTE_LINES = 2              # an answer's note (the key step) wraps onto this many lines under its caption
MIN_COLUMN_GAP = 0.3 * POINTS_PER_INCH   # grid columns never closer: a reader's hand and pencil fit between
#: boards this big (or bigger) on a page of their own fill the text area instead of keeping the cell caps
BIG_BOARD = 10

#: how much fuller than its usual share of the cell text may be when that keeps
#: it at :data:`MIN_TEXT` (a 25x25 grid on a 5x8 in page: 7 pt in 10.9 pt cells)
TEXT_STRETCH = 1.15

#: how far a grid's frame line reaches past the grid's edge (half its width): under a
#: print profile the text area keeps that much more from the safe lines, so the ink does
INK_OVERHANG = THICK_LINE / 2


def big(board: Board) -> bool:
    """A board a page of its own is sized for: 10x10 and up (12x12, 16x16), and every chessboard
    (a tour, queens), whose squares a reader writes numbers in or places pieces on."""
    return max(board.rows, board.cols) >= BIG_BOARD or board.chessboard


def alone(board: Board, slots: Slots) -> bool:
    """A big board alone on its page: sized to the text area, not to the caps
    that keep small grids at a readable size."""
    return slots.across == slots.down == 1 and big(board)


def large_answer_cell(board: Board) -> float:
    """The smallest cell (a whole number of twips) whose answer text is
    :data:`LARGE_PRINT_MIN_TEXT` in large print."""
    ratio = text_ratio(board, True, True)
    return round(math.ceil(LARGE_PRINT_MIN_TEXT / ratio / ROUND_TO - 1e-9) * ROUND_TO, 2)


def _floor(value: float) -> float:
    return round(math.floor(value / ROUND_TO + 1e-9) * ROUND_TO, 2)


@dataclass(frozen=True)
class Slots:
    """The grid slots of a section's pages: ``across`` x ``down`` of equal size."""

    across: int
    down: int
    width: float
    height: float
    hgap: float
    vgap: float
    caption_height: float
    key: str
    noted: bool = False      # the caption box has a note line under the caption
    note_lines: int = 1      # how many (a worked example's sentence takes up to WORKED_NOTE_LINES)
    below: float = 0.0       # the line under each grid (a puzzle's cross-reference)

    def block(self, grid: Grid) -> float:
        """Height of a row of these slots holding ``grid``: caption box, grid, line under it."""
        return self.caption_height + grid.height + self.below


class SlotMaker:
    """The slots and grid sizes of one booklet's sections."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    def for_shape(self, section: SectionSpec, answers: bool, board: Board) -> Slots:
        """The slots of a board's shape in a section. Grids are sized for a
        page under a one-line heading, whatever the section's own opening, so
        a shape prints at one size throughout the book (a 9x9 jigsaw like the
        classic 9x9) and every page of a section keeps it; a page with no
        heading at all when even that leaves too little room (a many-line
        heading in large print)."""
        slots = self.slots(section, answers, self.desk.reserve, board)
        try:
            self.grid_size(board, slots, answers)
        except LayoutError:
            return self.slots(section, answers, 0.0, board)
        return slots

    def slots(self, section: SectionSpec, answers: bool, top: float, board: Board) -> Slots:
        """Slots for ``board``: the configured grids per page, else the default
        for the board's size (a mixed section's 9x9 pages hold as many as a
        section of 9x9 alone would, its 16x16 pages as few as they must)."""
        spec = self.desk.spec
        field = "answers_per_page" if answers else "puzzles_per_page"
        own = getattr(section, field)
        if field in section.per_page_defaults:
            side = max(board.rows, board.cols)
            by_side = {s: (p, a) for s, p, a in section.shape_defaults}
            own = by_side[side][1 if answers else 0] if side in by_side else own
            same = sum(max(b.rows, b.cols) == side for b in section.boards)
            left_alone = same % (own[0] * own[1]) if side >= BIG_BOARD else same == 1
            if not answers and own and big(board) and left_alone:
                own = (1, 1)    # a big board left on a page of its own is sized for that page, all its shape alike
            elif not answers and own and board.chessboard:
                own = (1, min(own[1], 2))   # chessboards one across, big squares to write a tour's numbers in
        if spec.large_print and not answers:
            across, down, key = 1, 1, f"{spec.key}.layout.large_print"
        else:
            across, down = own or getattr(spec, field)
            key = f"{section.key}.{field}" if own else f"{spec.key}.layout.{field}"
        if across < 1 or down < 1:
            raise LayoutError(key, f"{across}x{down} grids per page: both numbers must be at least 1")
        worked = any(board.worked and (board.worked_in == "answers") == answers for board in section.boards)
        noted = (answers and any(self.note(board) for board in section.boards)) or worked
        lines = WORKED_NOTE_LINES if worked else NOTE_LINES
        if spec.large_print and answers:
            return self.large_print_answers(board, top, section.key, noted, lines)
        shrinks = field in section.per_page_defaults
        if not shrinks:
            return self.slot_grid(across, down, answers, top, key, noted, lines)
        # a default that does not fit shrinks to the largest arrangement that does; when
        # not even one grid fits, the section's boards are too big for the page, and the
        # error names the section (nobody wrote a grids-per-page key to change)
        key = section.key
        candidates = sorted(((a, d) for a in range(1, across + 1) for d in range(1, down + 1)),
                            key=lambda ad: (-ad[0] * ad[1], -ad[0]))
        for a, d in candidates:
            slots = self.slot_grid(a, d, answers, top, key, noted, lines)
            try:
                self.grid_size(board, slots, answers)
            except LayoutError:
                continue
            return slots
        return slots

    def large_print_answers(self, board: Board, top: float, key: str, noted: bool, lines: int) -> Slots:
        """Large-print answer slots: as many across and down as fit with every
        digit at the large-print minimum (the cells :meth:`grid_size` gives
        them), whatever the configured count or the margins' last points."""
        cell = large_answer_cell(board)
        probe = self.slot_grid(1, 1, True, top, key, noted, lines)
        width, height = board.cols * cell, probe.caption_height + probe.below + board.rows * cell
        across = max(1, int((self.desk.content_width + probe.hgap + 1e-6) // (width + probe.hgap)))
        down = max(1, int((self.desk.usable_height - top + probe.vgap + 1e-6) // (height + probe.vgap)))
        return self.slot_grid(across, down, True, top, key, noted, lines)

    def note(self, board: Board) -> str:
        """The line under an answer's caption: the board's own note, else "one
        possible answer" for a task with many answers."""
        if board.note:
            return visible(board.note)
        return self.desk.labels["one_possible_answer"] if board.one_of_many else ""

    def slot_grid(self, across: int, down: int, answers: bool, top: float, key: str,
                  noted: bool = False, note_lines: int = 1) -> Slots:
        caption = self.desk.styles.answer_caption if answers else self.desk.styles.caption
        caption_height = caption.leading + caption.size * 0.3
        if noted:
            caption_height += self.desk.styles.note.leading * note_lines
        below = 0.0
        # every grid names the page of its other half: an answer in its caption box, a puzzle under its grid
        if answers:
            caption_height += self.desk.styles.ref.leading
        else:
            below = round(self.desk.styles.ref.leading + self.desk.styles.ref.size * 0.2, 2)
        caption_height = round(caption_height, 2)
        vgap = max(caption.size * (1.0 if answers else 1.5), 12.0)    # an answer key's rows sit closer
        hgap = max(vgap, MIN_COLUMN_GAP)
        width = (self.desk.content_width - (across - 1) * hgap) / across
        height = (self.desk.usable_height - top - (down - 1) * vgap) / down
        return Slots(across, down, width, height, hgap, vgap, caption_height, key, noted, note_lines, below)

    def grid_size(self, board: Board, slots: Slots, answers: bool,
                  cap: float | None = None) -> tuple[float, float]:
        """Cell and text size of a board in a slot (cells at most ``cap``);
        LayoutError when the text would drop below the printable minimum."""
        grid_height = slots.height - slots.caption_height - slots.below
        cell = min(slots.width / board.cols, grid_height / board.rows, cap or math.inf)
        large = self.desk.spec.large_print
        ratio = text_ratio(board, answers, large)
        if alone(board, slots) and not answers:
            pass        # a big board on a page of its own fills the text area
        elif large and answers:   # exactly the cells that keep the digits at the minimum: as many as fit
            cell = min(cell, large_answer_cell(board))
        elif large:
            cell = min(cell, max(LARGE_PRINT_GRID / board.cols, LARGE_PRINT_GIVENS / ratio,
                                 cell_for_totals(LARGE_PRINT_MIN_TEXT, ratio) if board.cages else 0.0))
        else:
            cell = min(cell, MAX_ANSWER_CELL if answers else MAX_CELL)
        least, stretch = (LARGE_PRINT_MIN_TEXT, 1.0) if large else (MIN_TEXT, TEXT_STRETCH)
        cell = _floor(cell)
        font = round(cell * ratio, 1)
        if font < least <= round(cell * ratio * stretch, 1):
            font = least      # small cells keep printable text, a little fuller in the cell
        if font < least:
            needed = math.ceil(least / (ratio * stretch) * 10) / 10
            raise LayoutError(
                slots.key,
                f"{slots.across}x{slots.down} grids of {board.rows}x{board.cols} do not fit on "
                f"{page_name(self.desk.frame.width, self.desk.frame.height)}: cells would be {max(cell, 0):.1f} pt, "
                f"the minimum is {needed:.1f} pt (text of {least:.0f} pt)")
        return cell, font
