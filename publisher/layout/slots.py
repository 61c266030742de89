"""The grid slots of a section's pages: how many grids go across and down (configured, or fitted
to the page by :mod:`publisher.layout.fit`), how tall their caption boxes are, and the cell and
text size of a board in its slot (every mark above its floor)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from publisher import fonts as fontlib
from publisher import qrcodes
from publisher.cagelines import cell_for_totals
from publisher.captions import caption_lines, caption_parts
from publisher.grids import THICK_LINE, text_ratio
from publisher.layout import fit
from publisher.layout.frame import Desk, page_name
from publisher.model import POINTS_PER_MM, QR_QUIET, Board, LayoutError, PlacedGrid, SectionSpec, TextStyle
from publisher.typeset import LARGE_PRINT_MIN_TEXT, visible

MIN_TEXT = fit.PUZZLE_FLOORS.text        # smallest printable text size, points
LARGE_PRINT_GRID = 140 * POINTS_PER_MM   # large print: a grid about 14 cm wide ...
LARGE_PRINT_GIVENS = 24.0                # ... or wider where that keeps the givens at 24 pt
ROUND_TO = 0.05             # sizes are multiples of one twip, so DOCX/RTF are exact
MIN_COLUMN_GAP = 0.3 * 72   # grid columns never closer: a reader's hand and pencil fit between

#: how much fuller than its usual share of the cell text may be when that keeps
#: it at :data:`MIN_TEXT` (a 25x25 grid on a 5x8 in page: 7 pt in 10.9 pt cells)
TEXT_STRETCH = 1.15

#: answer keys are smaller than the puzzles: cells up to 1/3 in
MAX_ANSWER_CELL = 72 / 3

#: captions and cross-references grow with their grid on larger trims: a caption is this share
#: of its grid's width in points, between its floor and :data:`CAPTION_MOST`
CAPTION_SHARE = 1 / 24
CAPTION_MOST = 12.0

#: how far a grid's frame line reaches past the grid's edge (half its width): under a
#: print profile the text area keeps that much more from the safe lines, so the ink does
INK_OVERHANG = THICK_LINE / 2


def _floor(value: float) -> float:
    return round(math.floor(value / ROUND_TO + 1e-9) * ROUND_TO, 2)


def _half_point(size: float) -> float:
    """A type size to the nearest half point, the finest DOCX and RTF can set (8.8 pt would be 9
    there); a floor, a whole half point itself, stays whole."""
    return math.floor(size * 2 + 0.5) / 2


def _ceil(value: float) -> float:
    return round(math.ceil(value / ROUND_TO - 1e-9) * ROUND_TO, 2)


#: large print: a board this wide or wider (or a chessboard) fills its page's text area; a
#: smaller one stops at :data:`LARGE_PRINT_GRID`, as wide as a reader's eye takes in at once
LARGE_PRINT_BIG_BOARD = 10


def fills_page(board: Board) -> bool:
    """A large-print puzzle grid that fills its page (one a page) instead of stopping at
    :data:`LARGE_PRINT_GRID`: a big board's cells, or a chessboard's squares a reader writes
    up to 144 numbers in."""
    return max(board.rows, board.cols) >= LARGE_PRINT_BIG_BOARD or board.chessboard


def key_cap(least: float) -> float:
    """An answer key's largest cell: :data:`MAX_ANSWER_CELL`, or the twip at or above
    ``least`` where a mark's floor needs more (a 16x16 key step's candidates)."""
    return max(MAX_ANSWER_CELL, _ceil(least))


def large_answer_cell(board: Board) -> float:
    """The smallest cell (a whole number of twips) whose answer text is
    :data:`LARGE_PRINT_MIN_TEXT` in large print."""
    return _ceil(LARGE_PRINT_MIN_TEXT / text_ratio(board, True, True))


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
    noted: bool = False      # the caption box has note lines under the caption
    note_lines: int = 1      # how many: as many as the section's longest note needs at the grid's width
    below: float = 0.0       # the line under each grid (a puzzle's cross-reference), and its QR code
    qr: float = 0.0          # of ``below``: the QR codes' room (their side and the quiet zone above)
    caption_lines: int = 1   # the caption box's lines: two where a caption of the section wraps
    caption: TextStyle | None = None   # the caption's style at this slot's width (None: the booklet's)
    ref: TextStyle | None = None       # the cross-reference's and notes' style at this width
    ref_line: float = 0.0    # the cross-reference's line inside the caption box (an answer's), 0 for none

    def caption_box(self, titles: int, notes: int) -> float:
        """The caption box of one grid: its caption's ``titles`` lines, an answer's cross-reference
        and its own ``notes`` lines. Every grid's box is as tall as what it holds, so a caption
        stands as close to its grid in a section with notes or worked steps as anywhere
        (:attr:`caption_height`, the section's tallest box, sizes the slots)."""
        caption, ref = self.caption, self.ref
        assert caption is not None
        assert ref is not None
        return round(caption.leading * titles + caption.size * 0.3 + ref.leading * notes + self.ref_line, 2)

    def block(self, row: Sequence[PlacedGrid]) -> float:
        """Height of a row of these slots: its tallest caption box, its tallest grid, the line under it."""
        return max(item.caption_height for item in row) + max(item.grid.height for item in row) + self.below


class SlotMaker:
    """The slots and grid sizes of one booklet's sections."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self._fitted: dict[tuple[str, bool, int, int, int], Slots] = {}
        self._notes: dict[tuple[str, bool], list[str]] = {}
        self._captions: dict[tuple[str, bool, float, TextStyle], int] = {}
        #: the booklet's one caption and cross-reference style, for its puzzles and its answers
        self._styles: dict[bool, tuple[TextStyle, TextStyle]] = {}
        self._probing = False

    def for_shape(self, section: SectionSpec, answers: bool, board: Board) -> Slots:
        """The slots of a board's shape in a section. Grids are sized for a
        page under a one-line heading, whatever the section's own opening, so
        every page of a section keeps its size; a page with no heading at all
        when even that leaves too little room (a many-line heading in large print)."""
        slots = self.slots(section, answers, self.desk.reserve, board)
        try:
            self.grid_size(board, slots, answers)
        except LayoutError:
            return self.slots(section, answers, 0.0, board)
        return slots

    def slots(self, section: SectionSpec, answers: bool, top: float, board: Board) -> Slots:
        """Slots for ``board``: the configured grids per page (the grids grow to them), else the
        arrangement fitted to the page for the boards of its size in the section (boards of one
        size class share one slot size, so a section's 6x6 and 8x8 tours print as large)."""
        spec = self.desk.spec
        field = "answers_per_page" if answers else "puzzles_per_page"
        worked = any(board.worked and (board.worked_in == "answers") == answers for board in section.printed(answers))
        noted = (answers and any(self.note(board) for board in section.boards)) or worked
        if spec.large_print and answers:
            return self.large_print_answers(section, board, top, noted)
        if spec.large_print:
            return self.slot_grid(section, 1, 1, answers, top, f"{spec.key}.layout.large_print", noted, board)
        if field not in section.per_page_defaults:
            across, down = getattr(section, field) or getattr(spec, field)
            key = f"{section.key}.{field}" if getattr(section, field) else f"{spec.key}.layout.{field}"
            if across < 1 or down < 1:
                raise LayoutError(key, f"{across}x{down} grids per page: both numbers must be at least 1")
            return self.slot_grid(section, across, down, answers, top, key, noted, board)
        return self.fitted(section, answers, top, board, noted)

    def size_class(self, section: SectionSpec, answers: bool, board: Board) -> tuple[int, int]:
        """The (fewest, most) grids a page for ``board``'s size in its section."""
        if board.chessboard:     # every chessboard of a section alike, whatever its side
            return fit.CHESSBOARD_ANSWERS if answers else fit.CHESSBOARD_RANGE
        side = max(board.rows, board.cols)
        by_side = {s: (p, a) for s, p, a in section.per_page_ranges}
        return by_side.get(side, ((1, 1), (1, 1)))[1 if answers else 0]

    def fitted(self, section: SectionSpec, answers: bool, top: float, board: Board, noted: bool) -> Slots:
        """The arrangement of :func:`publisher.layout.fit.best` for the section's boards of
        ``board``'s size class, every one of their marks above its floor; the section's key in
        the error when not even one grid a page keeps them."""
        size_class = self.size_class(section, answers, board)
        # an answer key flows on from section to section: its answers of one size are fitted
        # together, so they print at one size through the key and share its pages
        # (a section with notes keeps its own: its caption boxes are taller)
        flowing = answers and self.desk.spec.section_start != "right" and not noted
        sections = [s for s in self.desk.spec.sections if "answers_per_page" in s.per_page_defaults] if flowing \
            else [section]
        cached = ("key" if flowing else section.key, answers, int(top * 100), *size_class)
        if cached in self._fitted:
            return self._fitted[cached]
        alike = [b for s in sections for b in s.printed(answers) if self.size_class(s, answers, b) == size_class]
        count = sum(1 + (len(b.worked) if b.worked and (b.worked_in == "answers") == answers else 0) for b in alike)
        model = max(alike, key=lambda b: max(b.rows, b.cols))
        # the least size of the model board's grid that keeps every alike board's marks
        least = max(self.least_cell(b, answers) * b.cols / model.cols for b in alike)
        as_good = fit.FEWEST_PAGES if answers or model.chessboard else fit.AS_GOOD
        if model.chessboard and not answers:
            least = max(least, fit.WRITING_SQUARE)
        content = (self.desk.content_width, self.desk.content_height)   # the text block an editor measures

        tried: dict[tuple[int, int], Slots] = {}

        def slots_of(across: int, down: int) -> Slots:
            if (across, down) not in tried:
                tried[across, down] = self.slot_grid(section, across, down, answers, top, section.key, noted, model)
            return tried[across, down]

        def cell_in(across: int, down: int) -> float:
            cell = self.cell_of(model, slots_of(across, down))
            return min(cell, key_cap(least)) if answers else cell   # keys stay small

        opening = self.desk.opening(section, answers)[1]

        def band_in(across: int, down: int, cell: float) -> float:
            """The tallest empty band a page of these rows leaves (the free height is shared out
            above, between and below them), as a share of the text block's height: on a later
            page, on the opening page (beside the line space under its heading, which belongs
            to the heading) when as many rows fit there, and on the section's last page (its
            rows at the section's size, the grids shared evenly: one grid left alone leaves
            the most). A page of one row is measured too: a 16x16 alone on an A4 page, as wide
            as the text block, leaves 17 % above and below it, where two a page cover 47 % and
            leave no band."""
            slots = slots_of(across, down)
            # rows of one-line captions without notes are the shortest a page holds, so leave the most
            block = slots.caption_box(1, 0) + model.rows * cell + slots.below

            def band(rows: int, top: float) -> float:
                free = self.desk.usable_height - top - rows * block
                return free / (rows + 1) if free >= 0 else 0.0

            pages = math.ceil(count / (across * down))
            last = math.ceil(count // pages / across) if pages > 1 else down
            worst = max(band(down, 0.0), band(down, opening), band(min(last, down), 0.0))
            return round(worst / self.desk.content_height, 4)

        # a section's last page is the booklet's last only for the last section of a puzzle booklet
        # without the key at its back: that one may be short
        final = section is self.desk.spec.sections[-1] and self.desk.spec.answers not in ("back", "both")
        least_page = 0.0 if answers or final else fit.LEAST_FILL
        choice = fit.best(count, *size_class, model.rows, model.cols, content, cell_in, least, as_good,
                          0.0 if answers else fit.LEAST_COVERAGE, None if answers else band_in, least_page)
        if choice is not None and choice.least < least_page and 1 < size_class[0] < size_class[1]:
            # no arrangement the conventions give for the board's size keeps every page a third full
            # (five 6x6 two a page on 5x8 in leave a last page at 23 %): fewer a page, where that does
            # (the page fill comes first; a range narrowed to one count, the count ``books[].pages``
            # lands on, is kept)
            fewer = fit.best(count, 1, size_class[1], model.rows, model.cols, content, cell_in, least, as_good,
                             fit.LEAST_COVERAGE, band_in, least_page)
            if fewer is not None and fewer.least >= least_page:
                choice = fewer
        if choice is None and answers:
            # no arrangement of the key's range keeps the floors (drawn key steps, their notes and
            # candidates, need taller boxes and larger cells): fewer a page, fitted as any
            choice = fit.best(count, 1, size_class[0], model.rows, model.cols, content, cell_in, least, as_good,
                              0.0, None)
        slots = slots_of(choice.across, choice.down) if choice else slots_of(1, 1)
        self._fitted[cached] = slots
        return slots

    def least_cell(self, board: Board, answers: bool) -> float:
        """The smallest cell keeping every mark of ``board`` in this booklet above its floor."""
        large = self.desk.spec.large_print
        floors = fit.floors_for(answers, large)
        worked = bool(board.worked) and (board.worked_in == "answers") == answers and not large
        # large print draws totals at 18 pt whatever the cell (answers leave them out): cells grow
        # to keep them clear of the digits as far as the page allows (:meth:`grid_size`), but a
        # Killer's 18 pt totals clear of 18 pt digits would need a 57 pt cell no Letter page holds
        # an answer key's totals are drawn where its cells keep them clear of the digits, else left
        # out (publisher.layout.placing): they do not make its cells larger
        return fit.least_cell(board, text_ratio(board, answers, large), floors, totals=not (large or answers),
                              candidates=worked, stretch=1.0 if large else TEXT_STRETCH, ascent=self.ascent)

    def answer_cap(self, section: SectionSpec, board: Board) -> float:
        """An answer's largest cell: its puzzle's, unless an answer's own marks need more (a
        tour's three-digit numbers in the key, where the puzzle shows a few)."""
        puzzle = self.grid_size(board, self.for_shape(section, False, board), False)[0]
        return max(puzzle, _ceil(self.least_cell(board, True)))

    def cell_of(self, board: Board, slots: Slots) -> float:
        """The cell a board fills its slot with (before the floors are checked)."""
        grid_height = slots.height - slots.caption_height - slots.below
        return _floor(min(slots.width / board.cols, grid_height / board.rows))

    def large_print_answers(self, section: SectionSpec, board: Board, top: float, noted: bool) -> Slots:
        """Large-print answer slots: as many across and down as fit with every
        digit at the large-print minimum (the cells :meth:`grid_size` gives
        them), whatever the configured count or the margins' last points."""
        cell = large_answer_cell(board)
        probe = self.slot_grid(section, 1, 1, True, top, section.key, noted, board)
        width, height = board.cols * cell, probe.caption_height + probe.below + board.rows * cell
        across = max(1, int((self.desk.content_width + probe.hgap + 1e-6) // (width + probe.hgap)))
        down = max(1, int((self.desk.usable_height - top + probe.vgap + 1e-6) // (height + probe.vgap)))
        return self.slot_grid(section, across, down, True, top, section.key, noted, board)

    @property
    def ascent(self) -> float:
        """The regular face's ascent per point (cage totals are set in it): what places a total."""
        return fontlib.line_box(self.desk.spec.fonts)[1]

    def caption_floor(self, answers: bool, style: TextStyle) -> float:
        """The smallest a caption of ``style`` may be set: its floor, 18 pt in large print. A key
        at the back of the puzzles sets every caption at the booklet's one size (a caption too
        long for its grid wraps, or is shortened, rather than set smaller)."""
        if answers and self.desk.puzzles:
            return style.size
        return fit.floors_for(answers, self.desk.spec.large_print).caption

    def caption_lines(self, section: SectionSpec, answers: bool, width: float, style: TextStyle) -> int:
        """Lines the section's longest caption takes at a grid ``width`` wide (a title too long
        for one line wraps to a second before it is shortened), its number as wide as the
        widest the book prints."""
        key = (section.key, answers, round(width, 2), style)
        if key not in self._captions:
            self._captions[key] = self._caption_lines(section, answers, width, style)
        return self._captions[key]

    def _caption_lines(self, section: SectionSpec, answers: bool, width: float, style: TextStyle) -> int:
        digits = len(str(sum(len(s.boards) for s in self.desk.spec.sections)))
        widest = int("8" * digits)
        return max((caption_lines(caption_parts(board, None if board is section.demonstration else widest,
                                                self.desk.labels), style, width, self.desk.type,
                                  self.caption_floor(answers, style)) for board in section.printed(answers)),
                   default=1)

    def note(self, board: Board) -> str:
        """The line under an answer's caption: the board's own note, else "one
        possible answer" for a task with many answers."""
        if board.note:
            return visible(board.note)
        return self.desk.labels["one_possible_answer"] if board.one_of_many else ""

    def notes(self, section: SectionSpec, answers: bool) -> list[str]:
        """Every note the section's grids in this booklet carry: answers' notes, and the
        sentences of the worked examples drawn in this booklet (worded once: every
        arrangement the fit tries wraps them)."""
        if (section.key, answers) not in self._notes:
            out = [self.note(board) for board in section.boards] if answers else []
            for board in section.printed(answers):
                if board.worked and (board.worked_in == "answers") == answers:
                    out += [visible(self.desk.said(step.step)) for step in board.worked]
            self._notes[section.key, answers] = [text for text in out if text]
        return self._notes[section.key, answers]

    def note_lines(self, section: SectionSpec, answers: bool, width: float, style: TextStyle) -> int:
        """Lines the section's longest note takes at ``width``: a sentence is never cut."""
        return max((len(self.desk.type.wrap(text, style, width)) for text in self.notes(section, answers)), default=1)

    def styles_at(self, width: float, answers: bool) -> tuple[TextStyle, TextStyle]:
        """The caption and cross-reference styles of the booklet: one look through it, the size
        its narrowest slots give (:meth:`sized_styles`), found by laying its sections out once
        with each slot's own. A booklet of answers alone sizes them by its answers; a key at the
        back of the puzzles takes the puzzles' look (issue 42 item 11: an editor reads a second,
        smaller caption style in one booklet as a mistake), its captions wrapping or shrinking
        to their narrower grids as any caption does."""
        answers = answers and not self.desk.puzzles
        if answers not in self._styles:
            if self._probing:
                return self.sized_styles(width, answers)
            self._probing = True
            try:
                narrowest = min((self.for_shape(section, answers, board).width
                                 for section in self.desk.spec.sections for board in section.printed(answers)),
                                default=width)
            finally:
                self._probing = False
            self._fitted.clear()
            self._captions.clear()
            self._styles[answers] = self.sized_styles(narrowest, answers)
        return self._styles[answers]

    def sized_styles(self, width: float, answers: bool) -> tuple[TextStyle, TextStyle]:
        """The caption and cross-reference styles of a slot ``width`` points wide: their floors
        (:data:`publisher.layout.fit.PUZZLE_FLOORS`) on small grids, larger with larger grids."""
        base = self.desk.styles.answer_caption if answers else self.desk.styles.caption
        ref = self.desk.styles.ref
        if self.desk.spec.large_print:
            return base, ref
        floors = fit.floors_for(answers, False)
        size = _half_point(max(floors.caption, base.size, min(CAPTION_MOST, width * CAPTION_SHARE)))
        ref_size = _half_point(max(floors.ref, ref.size * size / max(base.size, floors.caption)))
        caption = base if size == base.size else replace(base, size=size, leading=0.0)
        return caption, ref if ref_size == ref.size else replace(ref, size=ref_size, leading=0.0)

    def slot_grid(self, section: SectionSpec, across: int, down: int, answers: bool, top: float, key: str,
                  noted: bool = False, board: Board | None = None) -> Slots:
        """``across`` x ``down`` equal slots under ``top``; their caption boxes hold the caption,
        an answer's cross-reference and the section's notes wrapped at the grid's width."""
        width = (self.desk.content_width - (across - 1) * MIN_COLUMN_GAP) / across
        caption, ref = self.styles_at(width, answers)
        vgap = max(caption.size * (1.0 if answers else 1.5), 12.0)    # an answer key's rows sit closer
        hgap = max(vgap, MIN_COLUMN_GAP)
        width = (self.desk.content_width - (across - 1) * hgap) / across
        height = (self.desk.usable_height - top - (down - 1) * vgap) / down

        qr = 0.0 if answers else self.qr_room(section)

        # every grid names the page of its other half: an answer in its caption box, a puzzle under its grid
        ref_line = ref.leading if answers else 0.0
        below = 0.0 if answers else round(ref.leading + ref.size * 0.2 + qr, 2)
        slots = Slots(across, down, width, height, hgap, vgap, 0.0, key, noted, 1, below, qr, 1, caption, ref, ref_line)
        slots = replace(slots, caption_height=slots.caption_box(1, 1 if noted else 0))
        if board is not None:
            # an answer's grid is capped (by its puzzle's, by the key's largest cell): wrap at its own width
            cap = self.answer_cap(section, board) if answers and board in section.boards else None
            for _ in range(4):     # the lines captions and notes take at the grid's width, and the grid at those
                grid_width = max(board.cols * self.drawn_cell(board, slots, answers, cap), 1.0)
                wrapped = self.rewrapped(section, answers, slots, grid_width)
                if wrapped is slots:
                    break
                slots = wrapped
        return slots

    def rewrapped(self, section: SectionSpec, answers: bool, slots: Slots, grid_width: float) -> Slots:
        """``slots`` with caption boxes of the lines the section's captions and notes take at
        ``grid_width`` (``slots`` itself where they take as many)."""
        assert slots.caption is not None
        assert slots.ref is not None
        lines = self.note_lines(section, answers, grid_width, slots.ref) if slots.noted else 1
        titles = self.caption_lines(section, answers, grid_width, slots.caption)
        if (lines, titles) == (slots.note_lines, slots.caption_lines):
            return slots
        slots = replace(slots, note_lines=lines, caption_lines=titles)
        return replace(slots, caption_height=slots.caption_box(titles, lines if slots.noted else 0))

    def qr_link(self, board: Board, number: int) -> str | None:
        """The link a puzzle's QR code carries: the book's own page for it, or where it plays."""
        url = self.desk.spec.qr_url
        return url.replace("{n}", str(number)) if url is not None else board.link

    def qr_room(self, section: SectionSpec) -> float:
        """The room under a section's grids for their QR codes: the largest symbol any of its
        puzzles needs (a book page's number at its longest), and the quiet zone above it."""
        sides = [len(qrcodes.modules(link)) for board in section.boards
                 if (link := self.qr_link(board, 99_999)) is not None]
        return round((max(sides) + QR_QUIET) * qrcodes.MODULE, 2) if sides else 0.0

    def drawn_cell(self, board: Board, slots: Slots, answers: bool, cap: float | None = None) -> float:
        """The cell a board is drawn with in a slot (cells at most ``cap``: an answer's never
        bigger than its puzzle's), before its floors are checked: captions and notes are
        wrapped at the grid's width this gives, not the slot's."""
        large = self.desk.spec.large_print
        biggest = key_cap(self.least_cell(board, answers)) if answers and not large else math.inf
        cell = min(self.cell_of(board, slots), cap or math.inf, biggest)
        ratio = text_ratio(board, answers, large)
        if large and answers:   # exactly the cells that keep the digits at the minimum: as many as fit
            cell = min(cell, large_answer_cell(board))
        elif large and not fills_page(board):
            cell = min(cell, max(LARGE_PRINT_GRID / board.cols, LARGE_PRINT_GIVENS / ratio,
                                 cell_for_totals(LARGE_PRINT_MIN_TEXT, ratio, self.ascent) if board.cages else 0.0))
        return _floor(cell)

    def grid_size(self, board: Board, slots: Slots, answers: bool,
                  cap: float | None = None) -> tuple[float, float]:
        """Cell and text size of a board in a slot (cells at most ``cap``: an answer's
        never bigger than its puzzle's); LayoutError naming the slots' key when a mark
        would drop below its floor."""
        large = self.desk.spec.large_print
        needed = self.least_cell(board, answers)
        least = LARGE_PRINT_MIN_TEXT if large else MIN_TEXT
        cell = self.drawn_cell(board, slots, answers, cap)
        font = self.font_of(board, cell, answers)
        if cell < needed - 1e-6:
            raise LayoutError(
                slots.key,
                f"{slots.across}x{slots.down} grids of {board.rows}x{board.cols} do not fit on "
                f"{page_name(self.desk.frame.width, self.desk.frame.height)}: cells would be {max(cell, 0):.1f} pt, "
                f"the minimum is {math.ceil(needed * 10) / 10:.1f} pt (text of {least:.0f} pt"
                f"{', cage totals' if board.cages else ''}{', candidates' if board.worked else ''} at their floors)")
        return cell, font

    def font_of(self, board: Board, cell: float, answers: bool) -> float:
        """The text size of a board's cells ``cell`` points wide: its share of the cell, or the
        print minimum where a little fuller keeps it there (small cells keep printable text)."""
        large = self.desk.spec.large_print
        ratio = text_ratio(board, answers, large)
        least, stretch = (LARGE_PRINT_MIN_TEXT, 1.0) if large else (MIN_TEXT, TEXT_STRETCH)
        font = round(cell * ratio, 1)
        return least if font < least <= round(cell * ratio * stretch, 1) else font

    def grown(self, board: Board, cell: float, scale: float, cap: float | None) -> tuple[float, float]:
        """Cell and text size of an answer set ``scale`` (over 1) larger than ``cell``, to fill a
        key's page that would be short: never past ``cap`` (its puzzle's cell), the key's largest
        cell (:func:`key_cap`; large print has none: its answers are set at their floor, so they
        may grow), nor wider than the text block."""
        biggest = math.inf if self.desk.spec.large_print else key_cap(self.least_cell(board, True))
        grown = _floor(min(cell * scale, cap or math.inf, biggest, self.desk.content_width / board.cols))
        grown = max(grown, cell)
        return grown, self.font_of(board, grown, True)
