"""The layout engine: a :class:`BookSpec` in, positioned pages out.

Every decision a printed book needs is made here, once: page geometry and
mirrored margins, the automatic gutter, front matter, how many grids go on a
page and how big their cells and digits are, puzzle numbers, captions,
running heads, page numbers and the order of the answer key. The renderers
only draw the :class:`Booklet` s this module returns, so the PDF, DOCX, RTF
and HTML editions of one book have the same pages.

Its helpers each have one job: :mod:`publisher.labels` (the built-in words),
:mod:`publisher.typeset` (type sizes, wrapping with the book's font metrics),
:mod:`publisher.grids` (a grid's cells, borders, shading and tour drawing).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from publisher import fonts as fontlib
from publisher.cagelines import cage_drawing
from publisher.captions import caption_parts, fit_caption
from publisher.grids import (
    THICK_LINE,
    borders,
    cells,
    coordinates,
    same_shape,
    text_ratio,
    thick_line,
    tour_drawing,
)
from publisher.labels import labels_for, page_words, screen_labels
from publisher.model import (
    POINTS_PER_INCH,
    POINTS_PER_MM,
    QUEEN,
    Band,
    Board,
    Booklet,
    BookSpec,
    CageDrawing,
    CrossRef,
    Grid,
    Ink,
    LayoutError,
    Margins,
    OutlineEntry,
    Page,
    PlacedGrid,
    PrintRules,
    SectionSpec,
    TextBlock,
    TextStyle,
)
from publisher.play import play_for
from publisher.typeset import WRAP_SPARE, Styles, Typesetter, book_styles, visible
from publisher.units import PAGE_SIZES

#: Lines under a worked example's caption for its step's sentence.
WORKED_NOTE_LINES = 3
MIN_TEXT = 7.0              # smallest printable text size, points
PAGE_SPARE = 0.10           # share of page height left free for office-font reflow
KEY_SPARE = 0.03            # the answer key's pages hold one-line headings and exact-height tables: less to reflow
LARGE_PRINT_GRID = 140 * POINTS_PER_MM   # large print: a grid about 14 cm wide ...
LARGE_PRINT_GIVENS = 24.0                # ... or wider where that keeps the givens at 24 pt
LARGE_PRINT_MIN_TEXT = 18.0              # large print: no grid digit smaller, answers included
LARGE_PRINT_MIN_CAPTION = 12.0           # large print: a long caption shrinks no further
MAX_CELL = 0.5 * POINTS_PER_INCH         # standard books: cells no bigger than 1/2 in
MAX_ANSWER_CELL = POINTS_PER_INCH / 3    # answer keys are smaller: cells up to 1/3 in
ROUND_TO = 0.05             # sizes are multiples of one twip, so DOCX/RTF are exact

NOTE_LINES = 2              # an answer's note (the key step) wraps onto this many lines under its caption
OPENING_LINES = 3           # section instructions up to this many lines still leave the opening page full
MIN_COLUMN_GAP = 0.3 * POINTS_PER_INCH   # grid columns never closer: a reader's hand and pencil fit between
#: boards this big (or bigger) on a page of their own fill the text area instead of keeping the cell caps
BIG_BOARD = 10

#: how much fuller than its usual share of the cell text may be when that keeps
#: it at :data:`MIN_TEXT` (a 25x25 grid on a 5x8 in page: 7 pt in 10.9 pt cells)
TEXT_STRETCH = 1.15

#: how far a grid's frame line reaches past the grid's edge (half its width): under a
#: print profile the text area keeps that much more from the safe lines, so the ink does
INK_OVERHANG = THICK_LINE / 2

#: print-on-demand inside margin by page count: (up to pages, inches)
_GUTTER_TABLE = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))

def gutter_for(page_count: int) -> float:
    """The print-on-demand minimum inside margin (points) for a page count."""
    for pages, inches in _GUTTER_TABLE:
        if page_count <= pages:
            return inches * POINTS_PER_INCH
    return _GUTTER_TABLE[-1][1] * POINTS_PER_INCH


def page_name(width: float, height: float) -> str:
    """'A5' for a named trim, else '400x600 pt', for messages a user acts on."""
    for name, (w, h) in PAGE_SIZES.items():
        if abs(w - width) < 0.5 and abs(h - height) < 0.5:
            return name
    return f"a {width:.0f}x{height:.0f} pt page"


def _big(board: Board) -> bool:
    """A board a page of its own is sized for: 10x10 and up (12x12, 16x16), and every chessboard
    (a tour, queens), whose squares a reader writes numbers in or places pieces on."""
    return max(board.rows, board.cols) >= BIG_BOARD or board.chessboard


def _alone(board: Board, slots: _Slots) -> bool:
    """A big board alone on its page: sized to the text area, not to the caps
    that keep small grids at a readable size."""
    return slots.across == slots.down == 1 and _big(board)


def _large_answer_cell(board: Board) -> float:
    """The smallest cell (a whole number of twips) whose answer text is
    :data:`LARGE_PRINT_MIN_TEXT` in large print."""
    ratio = text_ratio(board, True, True)
    return round(math.ceil(LARGE_PRINT_MIN_TEXT / ratio / ROUND_TO - 1e-9) * ROUND_TO, 2)


def _floor(value: float) -> float:
    return round(math.floor(value / ROUND_TO + 1e-9) * ROUND_TO, 2)


# --------------------------------------------------------------------------
@dataclass(frozen=True)
class _Slots:
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


# --------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class _Frame:
    """Page geometry for a given inside margin."""

    width: float
    height: float
    margins: Margins
    mirrored: bool
    safe: float = 0.0        # under a print profile: no mark nearer the top or bottom trim

    def content(self, number: int) -> tuple[float, float, float, float]:
        m = self.margins
        left = m.outside if self.mirrored and number % 2 == 0 else m.inside
        return (left, m.top, self.width - m.inside - m.outside, self.height - m.top - m.bottom)


@dataclass
class _Draft:
    """A page being filled: its blocks and running head text (None: neither
    head nor folio); an ``opening`` page prints its folio but no head, as
    its own heading already says what the head would."""

    blocks: list[TextBlock | Band]
    head: str | None
    opening: bool = False


class _BookletBuilder:
    """Lays out one booklet: a title page, then sections of puzzles and/or answers."""

    def __init__(self, spec: BookSpec, frame: _Frame, labels: dict[str, str], styles: Styles) -> None:
        self.spec, self.frame, self.labels, self.styles = spec, frame, labels, styles
        self.type = Typesetter(spec.fonts)
        #: the playable page's words; hint sentences are set in them unless the book is in English
        self.screen = screen_labels(spec.language, spec.labels)
        self.hint_words = None if spec.language.split("-")[0].lower() == "en" else self.screen
        self.drafts: list[_Draft] = []
        #: (section title, answers?, first page number) of every section, for the contents
        self.starts: list[tuple[str, bool, int]] = []
        _x, _y, self.content_width, self.content_height = frame.content(1)
        self.usable_height = self.content_height * (1 - PAGE_SPARE)
        #: room for the tallest section opening (heading and instructions, up to a few lines): grids are
        #: sized for the page under it, so every opening holds as many rows as the pages after it and
        #: one shape prints at one size through the book
        one_line = self.type.block("X", styles.heading, 0.0, 0.0, self.content_width).height + styles.body.leading
        tallest = max((self._opening(section, False)[1] for section in spec.sections), default=one_line)
        self.reserve = max(one_line, min(tallest, one_line + OPENING_LINES * styles.body.leading))

    # -- pages ---------------------------------------------------------------
    def title_page(self, subtitle: str | None, with_instructions: bool) -> None:
        s, spec, width = self.styles, self.spec, self.content_width
        parts = [("title", spec.title, s.title, 0.0)]
        if subtitle:
            parts.append(("subtitle", subtitle, s.subtitle, s.title.size * 0.6))
        if spec.author:
            parts.append(("author", spec.author, s.author, s.subtitle.size * 1.2))
        if spec.instructions and with_instructions:
            parts.append(("instructions", spec.instructions, s.intro, s.author.size * 2.5))
        blocks, y = [], 0.0
        for key, text, style, space in parts:
            block = self.type.block(text, style, 0.0, y + space, width)
            blocks.append(block)
            y = block.y + block.height
            if y > self.usable_height:   # name the text that pushed the page over, not always the last
                raise LayoutError(f"{spec.key}.{key}", "the title page text does not fit on one page")
        # a quarter down the page, or higher when the text is long (a 300-character title)
        drop = min(self.content_height * 0.25, self.usable_height - y)
        self.drafts.append(_Draft([replace(b, y=round(b.y + drop, 2)) for b in blocks], None))

    def imprint_page(self, text: str) -> None:
        """The title page's verso: the imprint at the foot of the page, no head or folio."""
        block = self.type.block(text, self.styles.imprint, 0.0, 0.0, self.content_width)
        if block.height > self.usable_height:
            raise LayoutError(f"{self.spec.key}.imprint", "the imprint does not fit on one page")
        self.drafts.append(_Draft([replace(block, y=round(self.usable_height - block.height, 2))], None))

    def reserve_contents(self, entries: int) -> list[int]:
        """Pages for a table of contents of ``entries`` lines (filled by
        :meth:`fill_contents` once the sections have their pages)."""
        heading = self.type.block(self.labels["contents"], self.styles.heading, 0.0, 0.0, self.content_width)
        per_page = max(1, int((self.usable_height - heading.height - self.styles.body.leading)
                              // self.styles.contents.leading))
        indices = []
        for _ in range(max(1, math.ceil(entries / per_page))):
            indices.append(len(self.drafts))
            self.drafts.append(_Draft([], self.labels["contents"], opening=True))
        return indices

    def fill_contents(self, indices: list[int], entries: list[tuple[str, int]]) -> None:
        """Contents lines "title ..... page", set flush right so the page
        numbers align, dot leaders measured with the book's font."""
        style, width = self.styles.contents, self.content_width
        heading = self.type.block(self.labels["contents"], self.styles.heading, 0.0, 0.0, width)
        top = heading.height + self.styles.body.leading
        per_page = max(1, int((self.usable_height - top) // style.leading))
        for page, index in enumerate(indices):
            blocks: list[TextBlock | Band] = [heading]
            for line, (title, number) in enumerate(entries[page * per_page:(page + 1) * per_page]):
                text = self._leader(title, str(number), style, width)
                blocks.append(TextBlock(text, style, 0.0, round(top + line * style.leading, 2), round(width, 2),
                                        style.leading, (text,), link=number))
            self.drafts[index].blocks = blocks

    def _leader(self, title: str, number: str, style: TextStyle, width: float) -> str:
        """``title`` and ``number`` joined by dots to (nearly) fill a line."""
        title = self.type.one_line(title, style, width * 0.75)
        dot = max(self.type.width(".", style), 0.1)
        dots = max(3, int((width * WRAP_SPARE - self.type.width(f"{title}  {number}", style)) / dot))
        while dots > 3 and not self.type.fits(f"{title} {'.' * dots} {number}", style, width):
            dots -= 1
        return f"{title} {'.' * dots} {number}"

    def opening_on_right(self) -> None:
        """A blank verso where needed so the next page is a right-hand page."""
        if len(self.drafts) % 2 == 1:
            self.blank()

    def _opening(self, section: SectionSpec, answers: bool) -> tuple[list[TextBlock | Band], float]:
        """The heading (and, for puzzles, the instructions) at the top of a
        section's first page, and where its grids may start."""
        s, labels = self.styles, self.labels
        title = f"{labels['answers']}: {section.title}" if answers else section.title
        blocks: list[TextBlock | Band] = [self.type.block(title, s.heading, 0.0, 0.0, self.content_width)]
        y = blocks[0].height
        if section.instructions and not answers:
            block = self.type.block(section.instructions, s.body, 0.0, y + s.body.size * 0.4, self.content_width)
            blocks.append(block)
            y = block.y + block.height
        return blocks, y + s.body.leading

    def section(self, section: SectionSpec, first_number: int, answers: bool) -> None:
        """One section on new pages: heading and instructions, then its grids.

        Every page keeps the grids' size: the opening page holds as many full
        rows as fit under its heading and instructions (none when they fill
        it), later pages a full set (balanced: the last pages share the rest
        evenly). On every page the free height is shared evenly above, between
        and below its rows (:meth:`_spread`), so a short last page is as
        intended as a full one; facing pages of one shape holding as many rows
        put them at the same heights. A section mixing board shapes lays out
        each run of one shape with that shape's slots; a run starts on the page
        the previous one left, as far as it fits."""
        head = (f"{self.labels['answers']} · {section.title}" if answers
                else f"{self.spec.title} · {section.title}")
        blocks, top = self._opening(section, answers)
        if top > self.usable_height:
            key = "instructions" if section.instructions and not answers else "title"
            raise LayoutError(f"{section.key}.{key}", "the section heading and instructions do not fit on one page")
        rows = self._rows(section, first_number, answers)
        if self.spec.section_start == "right" and len(self.drafts) % 2 == 1:
            self.blank()
        self.starts.append((section.title, answers, len(self.drafts) + 1))
        pages: list[list[tuple[list[PlacedGrid], _Slots]]] = [[]]
        used = top                                   # height the opening page's stack takes so far
        for run, slots in self._runs(rows):
            block = slots.block(run[0][0].grid)
            room = self.usable_height - used - (slots.vgap if pages[-1] else 0.0)
            fitting = max(0, min(slots.down, int((room + slots.vgap + 1e-6) // (block + slots.vgap))))
            for index, chunk in enumerate(self._chunks(run, fitting, slots.down)):
                if index:
                    pages.append([])
                    used = 0.0
                if chunk:
                    used += (slots.vgap if pages[-1] else 0.0) + len(chunk) * block + (len(chunk) - 1) * slots.vgap
                pages[-1].extend((row, slots) for row in chunk)
        tops = [self._spread(page_rows, top if index == 0 else 0.0, self._bottom(bool(index == 0)))
                for index, page_rows in enumerate(pages)]
        for index, (page_rows, ys) in enumerate(zip(pages, tops)):
            page_blocks: list[TextBlock | Band] = list(blocks) if index == 0 else []
            page_blocks += [self._band(row, y, slots, centred=False) for (row, slots), y in zip(page_rows, ys)]
            self.drafts.append(_Draft(page_blocks, head, opening=index == 0))

    def _bottom(self, has_text: bool) -> float:
        """How far down a page's grids may reach: a page with text keeps the
        spare height office programs need to reflow it; a page of grids alone
        (exact-height tables) only the answer key's small spare."""
        return self.usable_height if has_text else self.content_height * (1 - KEY_SPARE)

    def align_spreads(self) -> None:
        """Facing pages (an even page and the odd one after it) whose rows are
        of the same shapes put them at the same heights: the heights of the more
        constrained page (under a heading), when they fit the other."""
        for left in range(1, len(self.drafts) - 1, 2):     # draft index of an even page number
            pair = self.drafts[left], self.drafts[left + 1]
            bands = [[b for b in draft.blocks if isinstance(b, Band)] for draft in pair]
            shapes = [[(len(b.items), b.height, b.items[0].grid.width) for b in found] for found in bands]
            if not bands[0] or shapes[0] != shapes[1]:
                continue
            ys = [[b.y for b in found] for found in bands]
            if ys[0] == ys[1]:
                continue
            for source, target in ((0, 1), (1, 0)) if ys[0][0] >= ys[1][0] else ((1, 0), (0, 1)):
                if self._fits_heights(pair[target], bands[target], ys[source]):
                    moved = dict(zip(map(id, bands[target]), ys[source]))
                    pair[target].blocks = [replace(b, y=moved[id(b)], items=tuple(
                        replace(item, y=round(item.y + moved[id(b)] - b.y, 2)) for item in b.items))
                        if isinstance(b, Band) else b for b in pair[target].blocks]
                    break

    def _fits_heights(self, draft: _Draft, bands: list[Band], ys: list[float]) -> bool:
        texts = [b for b in draft.blocks if isinstance(b, TextBlock)]
        below_text = max((b.y + b.height for b in texts), default=0.0)
        last = ys[-1] + bands[-1].height
        return ys[0] >= below_text - 1e-6 and last <= self._bottom(bool(texts)) + 1e-6

    @staticmethod
    def _spread(rows: list[tuple[list[PlacedGrid], _Slots]], top: float, bottom: float) -> list[float]:
        """Tops of a page's rows between ``top`` and ``bottom``: the free height
        shared equally above the first row, between the rows and below the last
        (never less than each run's own gap between its rows)."""
        if not rows:
            return []
        heights = [slots.block(row[0].grid) for row, slots in rows]
        free = bottom - top - sum(heights)
        least = min(slots.vgap for _row, slots in rows) if len(rows) > 1 else 0.0
        gap = max(free / (len(rows) + 1), least if free >= least * (len(rows) - 1) else 0.0)
        edge = max(0.0, (free - gap * (len(rows) - 1)) / 2)
        ys, y = [], top + edge
        for height in heights:
            ys.append(round(y, 2))
            y += height + gap
        return ys

    @staticmethod
    def _runs(rows: list[tuple[list[PlacedGrid], _Slots]]) -> list[tuple[list[list[PlacedGrid]], _Slots]]:
        """Consecutive rows that share their slots (one board shape), grouped."""
        runs: list[tuple[list[list[PlacedGrid]], _Slots]] = []
        for row, slots in rows:
            if runs and runs[-1][1] is slots:
                runs[-1][0].append(row)
            else:
                runs.append(([row], slots))
        return runs

    def blank(self) -> None:
        """A blank page: no running head, no folio."""
        self.drafts.append(_Draft([], None))

    def notes_page(self) -> None:
        """A page headed "Notes" with its folio: padding that is not blank."""
        heading = self.type.block(self.labels["notes"], self.styles.heading, 0.0, 0.0, self.content_width)
        self.drafts.append(_Draft([heading], self.labels["notes"], opening=True))

    def pad(self, rules: PrintRules) -> None:
        """Pages at the end up to the service's minimum and page multiple (and a blank last
        page where the service wants one): blank, but "Notes" pages first where the book
        would otherwise end in more blank pages in a row than the service accepts."""
        if rules.blank_last_page and (self.drafts[-1].blocks or self.drafts[-1].head is not None):
            self.blank()
        target = max(rules.min_pages, len(self.drafts))
        added = target + -target % rules.page_multiple - len(self.drafts)
        trailing = next((i for i, d in enumerate(reversed(self.drafts)) if d.blocks or d.head is not None),
                        len(self.drafts))
        limit = rules.blank_run_end
        notes = 0 if limit is None else max(0, min(added, trailing + added - limit))
        for _ in range(notes):
            self.notes_page()
        for _ in range(added - notes):
            self.blank()

    def _chunks(self, rows: list[list[PlacedGrid]], first: int, down: int) -> list[list[list[PlacedGrid]]]:
        """The section's rows page by page: ``first`` rows fit under the
        opening, ``down`` on every later page. Balanced (``layout.balance``),
        the same number of pages share the rows as evenly as they can (8
        grids at 6 a page: 4 + 4, never 6 + 2)."""
        if not self.spec.balance or len(rows) <= first:
            return [rows[:first]] + [rows[i:i + down] for i in range(first, len(rows), down)]
        pages = 1 + math.ceil((len(rows) - first) / down)
        chunks, start = [], 0
        for index in range(pages):
            capacity = first if index == 0 else down
            take = min(capacity, math.ceil((len(rows) - start) / (pages - index)))
            chunks.append(rows[start:start + take])
            start += take
        return chunks

    def answer_key(self, sections: tuple[SectionSpec, ...], firsts: list[int]) -> None:
        """The answers of every section, flowing on: a section's heading and
        answers follow the previous section's on the same page while they fit
        (a new page only for ``section_start: right``, which opens each on a
        right-hand page). Rows keep their section's sizes, one gap apart."""
        if self.spec.section_start == "right":
            for section, first in zip(sections, firsts):
                self.section(section, first, answers=True)
            return
        page: list[TextBlock | Band] = []
        y, head, opening = 0.0, "", False
        usable = self.content_height * (1 - KEY_SPARE)

        def turn(new_head: str, new_opening: bool) -> None:
            nonlocal page, y, head, opening
            if page:
                self.drafts.append(_Draft(page, head, opening))
            page, y, head, opening = [], 0.0, new_head, new_opening

        for section, first in zip(sections, firsts):
            section_head = f"{self.labels['answers']} · {section.title}"
            heading = self.type.block(f"{self.labels['answers']}: {section.title}", self.styles.heading,
                                      0.0, 0.0, self.content_width)
            rows = self._rows(section, first, True)
            first_height = rows[0][1].block(rows[0][0][0].grid)
            space = self.styles.body.leading if page else 0.0
            if not page or y + space + heading.height + self.styles.body.leading + first_height > usable:
                turn(section_head, True)
                space = 0.0
            self.starts.append((section.title, True, len(self.drafts) + 1))
            page.append(replace(heading, y=round(y + space, 2)))
            y += space + heading.height + self.styles.body.leading
            for row, slots in rows:
                height = slots.block(row[0].grid)
                if page and y + height > usable:
                    turn(section_head, False)
                page.append(self._band(row, y, slots, centred=False))
                y += height + slots.vgap
        turn("", False)

    def _shape_slots(self, section: SectionSpec, answers: bool, board: Board) -> _Slots:
        """The slots of a board's shape in a section. Grids are sized for a
        page under a one-line heading, whatever the section's own opening, so
        a shape prints at one size throughout the book (a 9x9 jigsaw like the
        classic 9x9) and every page of a section keeps it; a page with no
        heading at all when even that leaves too little room (a many-line
        heading in large print)."""
        slots = self._slots(section, answers, self.reserve, board)
        try:
            self._grid_size(board, slots, answers)
        except LayoutError:
            return self._slots(section, answers, 0.0, board)
        return slots

    # -- slots and grids -------------------------------------------------------
    def _slots(self, section: SectionSpec, answers: bool, top: float, board: Board) -> _Slots:
        """Slots for ``board``: the configured grids per page, else the default
        for the board's size (a mixed section's 9x9 pages hold as many as a
        section of 9x9 alone would, its 16x16 pages as few as they must)."""
        spec = self.spec
        field = "answers_per_page" if answers else "puzzles_per_page"
        own = getattr(section, field)
        if field in section.per_page_defaults:
            side = max(board.rows, board.cols)
            by_side = {s: (p, a) for s, p, a in section.shape_defaults}
            own = by_side[side][1 if answers else 0] if side in by_side else own
            same = sum(max(b.rows, b.cols) == side for b in section.boards)
            left_alone = same % (own[0] * own[1]) if side >= BIG_BOARD else same == 1
            if not answers and own and _big(board) and left_alone:
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
        noted = (answers and any(self._note(board) for board in section.boards)) or worked
        lines = WORKED_NOTE_LINES if worked else NOTE_LINES
        if spec.large_print and answers:
            return self._large_print_answers(board, top, section.key, noted, lines)
        shrinks = field in section.per_page_defaults
        if not shrinks:
            return self._slot_grid(across, down, answers, top, key, noted, lines)
        # a default that does not fit shrinks to the largest arrangement that does; when
        # not even one grid fits, the section's boards are too big for the page, and the
        # error names the section (nobody wrote a grids-per-page key to change)
        key = section.key
        candidates = sorted(((a, d) for a in range(1, across + 1) for d in range(1, down + 1)),
                            key=lambda ad: (-ad[0] * ad[1], -ad[0]))
        for a, d in candidates:
            slots = self._slot_grid(a, d, answers, top, key, noted, lines)
            try:
                self._grid_size(board, slots, answers)
            except LayoutError:
                continue
            return slots
        return slots

    def _large_print_answers(self, board: Board, top: float, key: str, noted: bool, lines: int) -> _Slots:
        """Large-print answer slots: as many across and down as fit with every
        digit at the large-print minimum (the cells :meth:`_grid_size` gives
        them), whatever the configured count or the margins' last points."""
        cell = _large_answer_cell(board)
        probe = self._slot_grid(1, 1, True, top, key, noted, lines)
        width, height = board.cols * cell, probe.caption_height + probe.below + board.rows * cell
        across = max(1, int((self.content_width + probe.hgap + 1e-6) // (width + probe.hgap)))
        down = max(1, int((self.usable_height - top + probe.vgap + 1e-6) // (height + probe.vgap)))
        return self._slot_grid(across, down, True, top, key, noted, lines)

    def _note(self, board: Board) -> str:
        """The line under an answer's caption: the board's own note, else "one
        possible answer" for a task with many answers."""
        if board.note:
            return visible(board.note)
        return self.labels["one_possible_answer"] if board.one_of_many else ""

    def _slot_grid(self, across: int, down: int, answers: bool, top: float, key: str,
                   noted: bool = False, note_lines: int = 1) -> _Slots:
        caption = self.styles.answer_caption if answers else self.styles.caption
        caption_height = caption.leading + caption.size * 0.3
        if noted:
            caption_height += self.styles.note.leading * note_lines
        below = 0.0
        if self._refs(answers):     # an answer's in its caption box, a puzzle's under its grid
            if answers:
                caption_height += self.styles.ref.leading
            else:
                below = round(self.styles.ref.leading + self.styles.ref.size * 0.2, 2)
        caption_height = round(caption_height, 2)
        vgap = max(caption.size * (1.0 if answers else 1.5), 12.0)    # an answer key's rows sit closer
        hgap = max(vgap, MIN_COLUMN_GAP)
        width = (self.content_width - (across - 1) * hgap) / across
        height = (self.usable_height - top - (down - 1) * vgap) / down
        return _Slots(across, down, width, height, hgap, vgap, caption_height, key, noted, note_lines, below)

    def _refs(self, answers: bool) -> bool:
        """Whether grids carry a cross-reference: every answer names its
        puzzle's page; a puzzle names its answer's page when the answer is in
        the same booklet (answers at the back, or both)."""
        return answers or self.spec.answers in ("back", "both")

    def _grid_size(self, board: Board, slots: _Slots, answers: bool,
                   cap: float | None = None) -> tuple[float, float]:
        """Cell and text size of a board in a slot (cells at most ``cap``);
        LayoutError when the text would drop below the printable minimum."""
        grid_height = slots.height - slots.caption_height - slots.below
        cell = min(slots.width / board.cols, grid_height / board.rows, cap or math.inf)
        large = self.spec.large_print
        ratio = text_ratio(board, answers, large)
        if _alone(board, slots) and not answers:
            pass        # a big board on a page of its own fills the text area
        elif large and answers:   # exactly the cells that keep the digits at the minimum: as many as fit
            cell = min(cell, _large_answer_cell(board))
        elif large:
            cell = min(cell, max(LARGE_PRINT_GRID / board.cols, LARGE_PRINT_GIVENS / ratio))
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
                f"{page_name(self.frame.width, self.frame.height)}: cells would be {max(cell, 0):.1f} pt, "
                f"the minimum is {needed:.1f} pt (text of {least:.0f} pt)")
        return cell, font

    def _rows(self, section: SectionSpec, first_number: int,
              answers: bool) -> list[tuple[list[PlacedGrid], _Slots]]:
        """Grids in rows of their shape's ``across``, each with its slots; a
        row also ends where the board shape changes, so each band holds grids
        of one shape. Answer cells are capped by their puzzle's."""
        rows: list[tuple[list[PlacedGrid], _Slots]] = []
        sizes: dict[tuple, tuple[_Slots, float, float]] = {}
        for number, board in enumerate(section.boards, first_number):
            shape = (board.rows, board.cols, board.kind, text_ratio(board, answers, self.spec.large_print))
            if shape not in sizes:
                slots = self._shape_slots(section, answers, board)
                cap = None
                if answers:
                    cap = self._grid_size(board, self._shape_slots(section, False, board), False)[0]
                sizes[shape] = (slots, *self._grid_size(board, slots, answers, cap))
            slots, cell, font = sizes[shape]
            placed = self._placed(board, number, section, answers, slots, cell, font)
            for item in (placed, *self._worked(board, number, answers, slots, placed)):
                if (rows and rows[-1][1] is slots and len(rows[-1][0]) < slots.across
                        and same_shape(rows[-1][0][0].grid, item.grid)):
                    rows[-1][0].append(item)
                else:
                    rows.append(([item], slots))
        return rows

    def _worked(self, board: Board, number: int, answers: bool, slots: _Slots,
                placed: PlacedGrid) -> list[PlacedGrid]:
        """The board's worked examples in this booklet, after its own grid: each step on the
        position it was found in (givens bold, values found so far grey, the value the step
        places circled), the candidates of the cells it involves small, the eliminated ones
        struck, its pattern shaded; captioned "12 · Key step" (or "12 · Step 3 of 40") with
        the step's sentence on the note line."""
        if not board.worked or (board.worked_in == "answers") != answers:
            return []
        out = []
        total = len(board.worked)
        for index, step in enumerate(board.worked, 1):
            texts = tuple(mark.placed if mark is not None and mark.placed else value
                          for value, mark in zip(step.values, step.marks))
            position = replace(board, givens=board.givens, answer=texts)
            word = self.labels["key_step"] if total == 1 else f"{self.labels['step']} {index}/{total}"
            grid = replace(placed.grid, cells=cells(position, True), marks=step.marks, shaded=step.pattern,
                           tour=None, label=f"{word} {number}: {visible(step.text)}")
            width = max(grid.width, slots.width)
            lines = self._sentence(visible(step.text), grid.width, slots.note_lines) if slots.noted else ()
            out.append(replace(placed, caption=self.type.one_line(f"{number} · {word}", placed.caption_style, width),
                               grid=grid, note=" ".join(lines), note_lines=lines,
                               note_style=self.styles.note if slots.noted else None,
                               play=None))
        return out

    def _placed(self, board: Board, number: int, section: SectionSpec, answers: bool,
                slots: _Slots, cell: float, font: float) -> PlacedGrid:
        labels, style = self.labels, self.styles.answer_caption if answers else self.styles.caption
        grid_width = board.cols * cell
        kind = labels.get(board.kind, board.kind)
        parts = caption_parts(board, number, labels)
        least = LARGE_PRINT_MIN_CAPTION if self.spec.large_print else MIN_TEXT
        caption, style = fit_caption(parts, style, grid_width, self.type, least)
        word = labels["solution"] if answers else labels["puzzle"]
        grid = Grid(
            rows=board.rows, cols=board.cols, cells=cells(board, answers),
            borders=borders(board.rows, board.cols, board.regions, thick_line(cell)),
            cell_size=cell, font_size=font, label=f"{word} {number}, {board.rows}x{board.cols} {kind}",
            tour=tour_drawing(board, cell, self._widest(board, font)) if answers else None,
            shaded=board.shading,
            coordinates=coordinates(board.rows, board.cols, cell, MIN_TEXT, self._label_width)
            if board.chessboard and self.spec.coordinates else None,
            cages=self._cages(board, cell, answers),
        )
        note, note_style = "", None
        note_lines: tuple[str, ...] = ()
        if slots.noted:
            note_style = self.styles.note
            text = self._note(board) if answers else ""   # a key step under a puzzle would give it away
            if text:
                note_lines = self._sentence(text, grid_width, slots.note_lines)
                note = " ".join(note_lines)
        ref = CrossRef("", 0, "", "", self.styles.ref, below=not answers) if self._refs(answers) else None
        return PlacedGrid(number, caption, style, grid, 0.0, 0.0, slots.caption_height, note, note_style,
                          play=None if answers else play_for(board, self.spec.play_solutions, self.hint_words),
                          caption_parts=parts,
                          note_lines=note_lines, ref=ref, below=slots.below)

    def _label_width(self, text: str, size: float) -> float:
        return self.type.width(text, TextStyle("coordinate", size))

    def _sentence(self, text: str, width: float, lines: int) -> tuple[str, ...]:
        """``text`` wrapped to at most ``lines`` lines of the note style (the last ending in
        "…" when it does not fit): PDF and HTML draw each line, DOCX and RTF let the
        whole sentence (the lines joined) reflow in its paragraph."""
        wrapped = list(self.type.wrap(text, self.styles.note, width))
        if len(wrapped) > lines:
            wrapped = wrapped[:lines - 1] + [self.type.one_line(" ".join(wrapped[lines - 1:]), self.styles.note, width)]
        return tuple(wrapped)

    def _cages(self, board: Board, cell: float, answers: bool) -> CageDrawing | None:
        """The board's cages at this cell size: black on puzzles, light on answers."""
        ink = _ink(self.spec)
        return cage_drawing(board, cell, ink.answer_cage_grey if answers else ink.cage_grey,
                            lambda text, size: self.type.width(text, TextStyle("cage", size)))

    def _widest(self, board: Board, font: float) -> float:
        """Width of the widest answer text of a board in its cells (bold, the wider face)."""
        style = TextStyle("cell", font, bold=True)
        return max((self.type.width(text, style) for text in set(board.answer)), default=0.0)

    def _band(self, row: list[PlacedGrid], y: float, slots: _Slots, centred: bool = True) -> Band:
        """Place a row of grids centred in their slots, a short row (the end of a
        section, a change of grid shape) centred as a whole (offsets relative to
        the content box; :meth:`pages` moves them onto the page). ``centred``
        False puts the row's top at ``y`` (the answer key's flowing rows)."""
        grid = row[0].grid
        block_height = slots.block(grid)
        top = y + (slots.height - block_height) / 2 if centred else y
        pitch = slots.width + slots.hgap
        left = (slots.width - grid.width) / 2 + (slots.across - len(row)) * pitch / 2
        items = tuple(replace(p, x=round(left + i * pitch, 2), y=round(top, 2)) for i, p in enumerate(row))
        gap = round(pitch - grid.width, 2)
        width = round(len(items) * grid.width + (len(items) - 1) * gap, 2)
        return Band(items, items[0].x, items[0].y, width, round(block_height, 2), gap)

    # -- finishing -----------------------------------------------------------------
    def pages(self) -> tuple[Page, ...]:
        """Drafts moved onto their pages (mirrored margins), with running heads
        and page numbers."""
        pages = []
        for index, draft in enumerate(self.drafts):
            number = index + 1
            x, y, width, height = self.frame.content(number)
            blocks = tuple(_shift(block, x, y) for block in draft.blocks)
            header = footer = None
            if draft.head is not None:   # (the margin must hold the head even where an opening omits it)
                header = self._margin_text(self.type.one_line(draft.head, self.styles.header, width),
                                           self.styles.header, x, width, top=True)
                header = None if draft.opening else header
                footer = self._margin_text(str(number), self.styles.footer, x, width, top=False)
            pages.append(Page(number, blocks, round(x, 2), round(y, 2), round(width, 2), round(height, 2),
                              header, footer, break_before=number > 1))
        return tuple(pages)

    def _margin_text(self, text: str, style: TextStyle, x: float, width: float, top: bool) -> TextBlock:
        """A running head or folio centred in the top or bottom margin."""
        margin = self.frame.margins.top if top else self.frame.margins.bottom
        safe = self.frame.safe   # the head sits between the safe line and the text area
        if margin - safe < style.leading + 4:
            where = "top" if top else "bottom"
            raise LayoutError(f"{self.spec.key}.page.margins.{where}",
                              f"the {where} margin ({margin:.1f} pt) is too small for the running "
                              f"{'head' if top else 'page number'}: at least {safe + style.leading + 4:.1f} pt")
        inset = (margin - safe - style.leading) / 2
        y = safe + inset if top else self.frame.height - margin + inset
        return TextBlock(text, style, round(x, 2), round(y, 2), round(width, 2), style.leading, (text,))


def _shift(block: TextBlock | Band, dx: float, dy: float) -> TextBlock | Band:
    if isinstance(block, TextBlock):
        return replace(block, x=round(block.x + dx, 2), y=round(block.y + dy, 2))
    items = tuple(replace(p, x=round(p.x + dx, 2), y=round(p.y + dy, 2)) for p in block.items)
    return replace(block, items=items, x=round(block.x + dx, 2), y=round(block.y + dy, 2))


# --------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------

def _book_text(spec: BookSpec, labels: dict[str, str]) -> str:
    """All text the booklets may print, for the glyph check (queens are shapes)."""
    parts = [spec.title, spec.subtitle or "", spec.author or "", spec.instructions or "",
             "0123456789·…:", *labels.values()]
    for section in spec.sections:
        parts += [section.title, section.instructions or ""]
        for board in section.boards:
            parts += [board.difficulty or "", board.title or "", board.note or ""]
            parts += [text for text in board.answer + board.givens if text != QUEEN]
    return "".join(parts)


def _check_glyphs(spec: BookSpec, labels: dict[str, str]) -> None:
    missing = fontlib.missing_glyphs(spec.fonts, _book_text(spec, labels))
    if missing:
        listed = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise LayoutError(f"{spec.key}.fonts",
                          f"font '{spec.fonts.family}' has no glyph for {listed}; choose a font that has them")


def _check_spec(spec: BookSpec) -> None:
    if spec.answers not in ("separate", "back", "both"):
        raise LayoutError(f"{spec.key}.answers",
                          f"'{spec.answers}' is not an answer placement: use separate, back or both")
    if spec.page_width <= 0 or spec.page_height <= 0:
        raise LayoutError(f"{spec.key}.page.size", "the page size must be positive")
    m = spec.margins
    if m.inside + m.outside >= spec.page_width * 0.8 or m.top + m.bottom >= spec.page_height * 0.8:
        raise LayoutError(f"{spec.key}.page.margins", "the margins leave too little room on the page")
    for section in spec.sections:
        for board in section.boards:
            cells = board.rows * board.cols
            if len(board.givens) != cells or len(board.answer) != cells:
                raise LayoutError(section.key, f"{board.source or 'a board'}: the cell count does not match "
                                               f"{board.rows}x{board.cols}")


def _ink(spec: BookSpec) -> Ink:
    """The book's ink: large print keeps solved digits at the givens' size
    (they differ by weight and grey), so no answer digit drops below the
    large-print minimum."""
    return Ink(solved_scale=1.0) if spec.large_print else Ink()


def _build(spec: BookSpec, role: str, margins: Margins, labels: dict[str, str], styles: Styles) -> Booklet:
    rules = spec.print_rules
    frame = _Frame(spec.page_width, spec.page_height, margins, spec.mirrored, rules.safe if rules else 0.0)
    builder = _BookletBuilder(spec, frame, labels, styles)
    firsts = [1]
    for section in spec.sections:
        firsts.append(firsts[-1] + len(section.boards))
    puzzles = role == "puzzles"
    key = not puzzles or spec.answers in ("back", "both")
    builder.title_page(spec.subtitle if puzzles else labels["answers"], with_instructions=puzzles)
    if puzzles and spec.imprint:
        builder.imprint_page(spec.imprint)
    contents: list[int] = []
    if spec.contents:
        if spec.mirrored:
            builder.opening_on_right()
        lines = (len(spec.sections) if puzzles else 0) + (1 if puzzles and key else len(spec.sections) if key else 0)
        contents = builder.reserve_contents(lines)
    if spec.mirrored:
        builder.opening_on_right()      # the first puzzle (or answer) page is a right-hand page
    if puzzles:
        for section, first in zip(spec.sections, firsts):
            builder.section(section, first, answers=False)
    if key:
        builder.answer_key(spec.sections, firsts)
    outline = [OutlineEntry(spec.title, 1)]
    if contents:
        outline.append(OutlineEntry(labels["contents"], contents[0] + 1))
    key_starts = [(title, page) for title, answers, page in builder.starts if answers]
    outline += [OutlineEntry(title, page) for title, answers, page in builder.starts if not answers]
    if puzzles and key_starts:
        outline.append(OutlineEntry(labels["answers"], key_starts[0][1]))
    outline += [OutlineEntry(title, page, level=1 if puzzles else 0) for title, page in key_starts]
    if contents:
        entries = [(title, page) for title, answers, page in builder.starts if not answers]
        key_starts = [(title, page) for title, answers, page in builder.starts if answers]
        if puzzles and key_starts:
            entries.append((labels["answers"], key_starts[0][1]))
        elif not puzzles:
            entries += key_starts
        builder.fill_contents(contents, entries)
    builder.align_spreads()
    laid_out = len(builder.drafts)
    if rules is not None:
        builder.pad(rules)
    title = spec.title if puzzles else f"{spec.title} · {labels['answers']}"
    return Booklet(
        role=role, stem=f"{spec.stem}-{role}", title=title, author=spec.author,
        subject=spec.subtitle or labels["puzzle"] if puzzles else labels["answers"],
        language=spec.language, page_width=spec.page_width, page_height=spec.page_height,
        margins=margins, mirrored=spec.mirrored, fonts=spec.fonts, styles=styles.all(), pages=builder.pages(),
        ink=_ink(spec), outline=tuple(outline), print_rules=rules, blank_pages_added=len(builder.drafts) - laid_out,
        links=rules is None,     # a print-profile interior carries no annotations
        screen_words=tuple(sorted(builder.screen.items())) if puzzles else (),
    )


def _with_gutter(spec: BookSpec, role: str, labels: dict[str, str], styles: Styles) -> Booklet:
    """Lay out, count pages, widen the gutter to the print-on-demand minimum
    for that count, and repeat until the page count is stable."""
    margins, rules = spec.margins, spec.print_rules
    if rules is not None:
        margins = _print_margins(margins, rules, styles)
    booklet = _build(spec, role, margins, labels, styles)
    if not spec.gutter_auto and rules is None:
        return booklet
    base = margins.inside
    for _ in range(len(_GUTTER_TABLE) + 2):   # the gutter only grows, one table step at most each round
        inside = max(base, rules.gutter_for(booklet.page_count) + INK_OVERHANG if rules
                     else gutter_for(booklet.page_count))
        if inside == margins.inside:
            return booklet
        margins = replace(margins, inside=inside)
        booklet = _build(spec, role, margins, labels, styles)
    return booklet


def _print_margins(margins: Margins, rules: PrintRules, styles: Styles) -> Margins:
    """The book's margins widened where a print profile needs more: the outside
    to the safe distance, top and bottom to the safe distance plus room for the
    running head and page number, which must lie inside the safe area too."""
    head = max(styles.header.leading, styles.footer.leading) + 4
    return replace(margins, top=max(margins.top, rules.safe + head), bottom=max(margins.bottom, rules.safe + head),
                   outside=max(margins.outside, rules.safe + INK_OVERHANG))


def layout_book(spec: BookSpec) -> tuple[Booklet, ...]:
    """The booklets of a book: the puzzle booklet (with the answer key at its
    back for ``answers`` "back"/"both"), then the answer booklet for
    "separate"/"both". Raises :class:`LayoutError` naming the config key to
    change when the book cannot be laid out."""
    _check_spec(spec)
    labels = labels_for(spec.language, spec.labels)
    _check_glyphs(spec, labels)
    styles = book_styles(spec.large_print)
    booklets = [_with_gutter(spec, "puzzles", labels, styles)]
    if spec.answers in ("separate", "both"):
        booklets.append(_with_gutter(spec, "answers", labels, styles))
    return _cross_referenced(tuple(booklets), labels)


def _grid_pages(booklet: Booklet) -> tuple[dict[int, int], dict[int, int]]:
    """Page of every puzzle number's puzzle and of its answer in a booklet."""
    puzzles: dict[int, int] = {}
    answers: dict[int, int] = {}
    for page in booklet.pages:
        for block in page.blocks:
            if isinstance(block, Band):
                for item in block.items:
                    is_answer = item.ref is not None and not item.ref.below
                    (answers if is_answer else puzzles).setdefault(item.number, page.number)
    return puzzles, answers


def _cross_referenced(booklets: tuple[Booklet, ...], labels: dict[str, str]) -> tuple[Booklet, ...]:
    """The booklets with every cross-reference's page filled in: pages are
    final once laid out (the line is reserved whatever it says), so this is
    one pass after layout. A puzzle names its answer's page in the same
    booklet; an answer names its puzzle's page in the puzzle booklet."""
    puzzle_book = booklets[0]
    puzzle_pages, key_pages = _grid_pages(puzzle_book)
    setter = Typesetter(puzzle_book.fonts)

    def filled(item: PlacedGrid, booklet: Booklet) -> PlacedGrid:
        ref = item.ref
        if ref is None:
            return item
        if ref.below:
            page, role, stem, label = key_pages[item.number], booklet.role, booklet.stem, "answer_page"
        else:
            page, role, stem, label = puzzle_pages[item.number], "puzzles", puzzle_book.stem, "puzzle_page"
        text = setter.one_line(page_words(labels[label], page), ref.style, item.grid.width)
        return replace(item, ref=replace(ref, text=text, page=page, role=role, stem=stem))

    out = []
    for booklet in booklets:
        pages = tuple(replace(page, blocks=tuple(
            replace(block, items=tuple(filled(item, booklet) for item in block.items)) if isinstance(block, Band)
            else block for block in page.blocks)) for page in booklet.pages)
        out.append(replace(booklet, pages=pages))
    return tuple(out)
