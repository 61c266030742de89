"""How the positioned book model becomes flowing text for Word-like formats (DOCX, RTF).

PDF draws every block at its coordinates; Word and RTF flow paragraphs and
tables down the page instead. To land each block where layout put it, both
formats make the same translations, decided here once:

* a block's vertical place becomes the space above it (its ``y`` minus the
  bottom of the block before it on the page);
* a :class:`~publisher.model.Band` becomes one table whose columns are each
  grid's cells with a spacer column between neighbouring grids;
* running heads and page numbers become per-section header/footer parts: a
  section is a run of pages with the same running head and folio, opened
  by the title page (which has neither) as its distinct first page;
* shapes neither format can draw in a table (a knight's tour over its grid)
  become pictures (:mod:`publisher.render.picture`) anchored to the page,
  carried by the paragraph just before the grid's table.

:func:`walk` turns a booklet into that one flow of events -- paragraphs,
spacers, tables with their pictures, section ends -- and both renderers
only translate each event into their own syntax. Both formats also refuse
the same characters (control characters, lone surrogates), so the check of
every text the flow carries lives here too.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from publisher.model import (
    Band,
    Block,
    Booklet,
    Ink,
    Page,
    PlacedGrid,
    TextBlock,
    TextStyle,
)
from publisher.render import RenderError
from publisher.render.picture import cages_png, coordinates_png, qr_png, signs_png, tour_png

TWIPS_PER_POINT = 20

#: Word style names for the model's style names (RTF uses the same names, so a
#: book restyled in Word and one restyled in an RTF editor agree); other model
#: styles get "Puzzle <Name>".
STYLE_NAMES = {
    "title": "Title",
    "subtitle": "Subtitle",
    "heading": "Heading 1",
    "body": "Normal",
    "caption": "Puzzle Caption",
    "answer_caption": "Answer Caption",
    "note": "Answer Note",
    "ref": "Page Reference",
    "contents": "Contents Line",
    "imprint": "Imprint",
    "author": "Book Author",
    "header": "Running Head",
    "footer": "Running Foot",
}
GRID_STYLE = "Grid Digit"
SPACER_STYLE = "Spacer"
#: Points: an empty paragraph (between two tables, after a final table) cannot be thinner.
MIN_SPACER = 1.0

#: Characters neither Word nor RTF can hold: C0 controls other than tab and
#: newline, U+FFFE/U+FFFF, and lone UTF-16 surrogates.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


class OfficeTextError(RenderError, ValueError):
    """User text that a Word-like document cannot hold, naming where it came from."""

    def __init__(self, field: str, characters: str) -> None:
        codes = ", ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(characters))
        super().__init__(f"{field}: text contains characters a document cannot hold ({codes})")
        self.field = field


def check_text(text: str, field: str) -> str:
    """Return ``text`` unchanged, or raise :class:`OfficeTextError` naming ``field``.

    python-docx raises a bare ValueError deep in lxml for these, and RTF
    readers silently drop or mangle them; a named field lets the user fix
    the right title or instruction."""
    bad = _FORBIDDEN.findall(text)
    if bad:
        raise OfficeTextError(field, "".join(bad))
    return text


def word_style(style: TextStyle) -> str:
    """The document style name for a model style."""
    return STYLE_NAMES.get(style.name, "Puzzle " + style.name.replace("_", " ").title())


def direct_size(style: TextStyle, booklet: Booklet) -> float | None:
    """The size a text must carry as direct formatting: layout set it smaller
    than its named style (a caption fitted to its grid's width); None when the
    document style already says it."""
    named = next((s for s in booklet.styles if s.name == style.name), None)
    return None if named is None or named.size == style.size else style.size


def flowing_lines(block: TextBlock) -> tuple[str, ...]:
    """What a Word-like format writes of a paragraph: its text, broken only
    where the text itself breaks (the user's own new lines), so Word or
    LibreOffice wraps it with the fonts it has; layout's own wrapping (for
    the PDF) would leave single words alone on lines in a wider substitute."""
    return tuple(block.text.split("\n"))


def twips(points: float) -> int:
    """Points to the integer twips (1/20 pt) both Word and RTF measure in."""
    return round(points * TWIPS_PER_POINT)


def block_bottom(block: Block) -> float:
    return block.y + block.height


def space_above(page: Page, index: int) -> float:
    """Vertical space between block ``index`` and what precedes it on the page
    (the top of the content box for the first block); never negative.

    Word-like layout draws a table's bottom border below its last
    exact-height row, so after a table the space is that much shorter."""
    block = page.blocks[index]
    previous = page.blocks[index - 1] if index else None
    top = block_bottom(previous) if previous is not None else page.content_y
    if isinstance(previous, Band) and not any(item.below for item in previous.items):
        top += max(item.grid.borders[-1].bottom for item in previous.items)   # (a row under the grids has none)
    return max(0.0, block.y - top)


def needs_spacer(page: Page, index: int, page_break: bool) -> bool:
    """Whether the table at ``index`` needs an empty paragraph before it: a
    table cannot carry a page break or space above, and two tables with
    nothing between them would merge into one."""
    previous = page.blocks[index - 1] if index else None
    return (page_break and index == 0) or space_above(page, index) > 0 or isinstance(previous, Band)


def ends_on_paragraph(page: Page) -> bool:
    """Whether the page's last block is a paragraph. A section (and the
    document) must end on one, so after a final table an empty one is added."""
    return bool(page.blocks) and isinstance(page.blocks[-1], TextBlock)


def indents(block: TextBlock, page: Page) -> tuple[float, float]:
    """(left, right) paragraph indents that keep a text block inside its own box."""
    left = max(0.0, block.x - page.content_x)
    right = max(0.0, page.content_x + page.content_width - (block.x + block.width))
    return left, right


@dataclass(frozen=True)
class Segment:
    """A run of table columns: one grid's cell columns, or a spacer (``item`` None); a spacer
    beside a grid whose caption runs wider than it (``of``, that grid) holds that caption too."""

    item: PlacedGrid | None
    width: float
    of: PlacedGrid | None = None


def _margin(item: PlacedGrid) -> float:
    """How far a grid's caption runs past each side of the grid (0 for one as wide)."""
    return (item.caption_room - item.grid.width) / 2


def band_segments(band: Band) -> tuple[Segment, ...]:
    """The band's grids left to right with a spacer segment wherever the model
    leaves horizontal space between two neighbouring grids, and on both sides of
    a grid whose caption runs wider than it (a grid alone in its row)."""
    segments: list[Segment] = []
    previous: PlacedGrid | None = None
    for item in band.items:
        if previous is not None:
            gap = item.x - (previous.x + previous.grid.width)
            if twips(gap) > 0:          # less than half a twip is rounding, not a gap
                segments.append(Segment(None, gap))
        margin = _margin(item)
        side = (Segment(None, margin, item),) if twips(margin) > 0 else ()
        segments += [*side, Segment(item, item.grid.width), *side]
        previous = item
    return tuple(segments)


def band_indent(band: Band, page: Page) -> float:
    """Left edge of the band's first column (its first grid's, or its caption's where that
    runs wider), relative to the content box."""
    first = band.items[0]
    margin = _margin(first)
    return first.x - (margin if twips(margin) > 0 else 0.0) - page.content_x


@dataclass(frozen=True)
class CaptionCell:
    """A cell of a band's caption row: a grid's caption over its columns and the spacers its
    caption runs over (``columns`` of the table's), or an empty spacer (``item`` None)."""

    item: PlacedGrid | None
    width: float
    columns: int


def caption_cells(segments: tuple[Segment, ...]) -> tuple[CaptionCell, ...]:
    """The caption row's cells over a band's segments: each grid's caption merged with the
    spacers beside it that belong to it."""
    cells: list[CaptionCell] = []
    for seg in segments:
        owner = seg.item or seg.of
        columns = 1 if seg.item is None else seg.item.grid.cols
        if owner is not None and cells and cells[-1].item is owner:
            last = cells[-1]
            cells[-1] = CaptionCell(owner, last.width + seg.width, last.columns + columns)
        else:
            cells.append(CaptionCell(owner, seg.width, columns))
    return tuple(cells)


# --------------------------------------------------------------------------
# Running heads and page numbers
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Folio:
    """A page-number line: the text around the page number, which the
    document supplies with a PAGE field so it stays right if a user edits."""

    prefix: str
    suffix: str
    style: TextStyle
    numbered: bool = True     # False: the footer text has no page number, print it as is


@dataclass(frozen=True)
class Furniture:
    """What a page shows outside its content box (None where nothing)."""

    header: TextBlock | None
    folio: Folio | None

    @property
    def header_key(self) -> tuple[str, TextStyle] | None:
        return None if self.header is None else (self.header.text, self.header.style)

    def same_as(self, other: Furniture) -> bool:
        """Equal for printing: same head text and style, same folio (positions may differ)."""
        return self.header_key == other.header_key and self.folio == other.folio


def furniture(page: Page) -> Furniture:
    """The page's running head and folio, the folio split around its page number."""
    folio = None
    if page.footer is not None:
        text = page.footer.text
        prefix, found, suffix = text.partition(str(page.number))
        folio = Folio(prefix, suffix, page.footer.style, numbered=bool(found))
    return Furniture(page.header, folio)


@dataclass(frozen=True)
class Section:
    """Consecutive pages that share header/footer parts.

    ``first`` is shown on the section's first page and ``rest`` on the
    others; ``title_page`` says whether the first page needs parts of its own
    (Word ``titlePg``, RTF ``\\titlepg``), as the book's title page does."""

    pages: tuple[Page, ...]
    first: Furniture
    rest: Furniture

    @property
    def title_page(self) -> bool:
        return not self.first.same_as(self.rest)

    def header_distance(self, booklet: Booklet) -> float:
        """Top of the running head below the page top (half the top margin if none)."""
        heads = [p.header.y for p in self.pages if p.header is not None]
        return heads[0] if heads else booklet.margins.top / 2

    def footer_distance(self, booklet: Booklet) -> float:
        """Bottom of the page-number line above the page bottom."""
        feet = [booklet.page_height - (p.footer.y + p.footer.height) for p in self.pages if p.footer is not None]
        return max(0.0, feet[0]) if feet else booklet.margins.bottom / 2


def sections(booklet: Booklet) -> tuple[Section, ...]:
    """Split the pages into runs that look alike: a new section starts where
    the running head or folio changes (a new book section), so each needs
    one set of parts. A page without head and folio (the title page), or
    without head before pages with one (a section's opening page, whose
    heading says what the head would), opens the run that follows it as its
    distinct first page.

    Running heads that alternate between odd and even pages would make one
    section per page: correct, only larger. Layout does not alternate them."""
    pages = booklet.pages
    out: list[Section] = []
    start = 0
    while start < len(pages):
        first = furniture(pages[start])
        rest = first
        if start + 1 < len(pages):
            following = furniture(pages[start + 1])
            bare = first.header is None and first.folio is None
            if bare or (first.header is None and following.header is not None):   # the title page, an opening
                rest = following
        end = start + 1
        while end < len(pages) and furniture(pages[end]).same_as(rest):
            end += 1
        out.append(Section(pages[start:end], first, rest))
        start = end
    return tuple(out)


# --------------------------------------------------------------------------
# The flow of events both formats write
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Picture:
    """A picture laid over the page at the model's place (points from the page's top-left)."""

    png: bytes
    x: float
    y: float
    width: float
    height: float
    name: str                 # what it shows, for alt text
    #: how far below the top of the spacer paragraph that carries it the picture stands, where
    #: one does (None: placed on the page at ``y``): it then moves with its table however the
    #: office program sets what is above (a running head it gives more room, on some pages)
    below_anchor: float | None = None


@dataclass(frozen=True)
class Paragraph:
    """A text block: ``before`` points of space above, indents keeping it in its box."""

    block: TextBlock
    before: float
    left: float
    right: float
    page_break: bool
    pictures: tuple[Picture, ...] = ()
    section_end: bool = False   # the last paragraph of a document section: it carries the section's properties


@dataclass(frozen=True)
class Spacer:
    """An empty paragraph exactly ``height`` points tall: pushes a table down,
    separates two tables, ends a section after a table, or is a blank page."""

    height: float
    page_break: bool
    pictures: tuple[Picture, ...] = ()
    section_end: bool = False


@dataclass(frozen=True)
class Table:
    """A band of grids as one table: its left indent and column segments."""

    band: Band
    indent: float
    segments: tuple[Segment, ...]


Event = Paragraph | Spacer | Table


def _pictures(band: Band, ink: Ink, font: Path) -> tuple[Picture, ...]:
    """The tour, cage, sign and coordinate pictures of a band's grids, at their grids' places (``font``:
    the book's regular face, for the cage totals and the coordinates).

    Word and LibreOffice set a table's grid half its outer line lower than the model centres it
    (measured in LibreOffice's PDF: 1.15 pt under a 2.25 pt frame), so the pictures go as much
    lower: a top-row total stays clear of the frame line as in the PDF, not under it. The signs
    between cells stand on the inner lines, which they set half an inner line lower (measured:
    0.36 pt under a 0.75 pt line), and go as much lower."""
    out = []
    for item in band.items:
        grid = item.grid
        top = item.y + item.caption_height + grid.borders[0].top / 2
        if grid.tour is not None:
            png = tour_png(grid.tour, grid.width, grid.height, ink.path_grey, ink.marker_grey)
            out.append(Picture(png, item.x, top, grid.width, grid.height, grid.label))
        if grid.cages is not None:
            png = cages_png(grid.cages, grid.width, grid.height, font)
            out.append(Picture(png, item.x, top, grid.width, grid.height, f"{grid.label}: cages"))
        if grid.signs is not None:     # on the inner lines, which those readers set half their own width lower
            inner = grid.borders[grid.cols].top if grid.rows > 1 else grid.borders[0].top
            png = signs_png(grid.signs, grid.width, grid.height)
            out.append(Picture(png, item.x, item.y + item.caption_height + inner / 2, grid.width, grid.height,
                               f"{grid.label}: signs between cells"))
        if grid.coordinates is not None:
            png = coordinates_png(grid.coordinates, grid.width, grid.height, font, ink.coordinate_grey)
            out.append(Picture(png, item.x, top, grid.width, grid.height, f"{grid.label}: files and ranks"))
        if item.qr is not None:
            code, lower = item.qr, grid.borders[0].top / 2   # lower with the grid, as the other pictures
            out.append(Picture(qr_png(code.rows, code.module), item.x + code.x, item.y + code.y + lower,
                               code.side, code.side, f"{grid.label}: a QR code of {code.link}"))
    return tuple(out)


def _check_band(band: Band, field: str) -> None:
    for item in band.items:
        check_text(item.caption, f"{field}.caption")
        check_text(item.note, f"{field}.note")


def page_events(page: Page, page_break: bool, field: str, section_end: bool, ink: Ink,
                font: Path) -> tuple[Event, ...]:
    """The events of one model page; ``page_break`` on its first paragraph,
    ``section_end`` when the page closes a document section (which must end
    on a paragraph: after a final table an empty one is added)."""
    events: list[Event] = []
    last = len(page.blocks) - 1
    for index, block in enumerate(page.blocks):
        brk = page_break and index == 0
        where = f"{field}.blocks[{index}]"
        if isinstance(block, TextBlock):
            for line in block.lines:
                check_text(line, where)
            left, right = indents(block, page)
            events.append(Paragraph(block, space_above(page, index), left, right, brk,
                                    section_end=section_end and index == last))
            continue
        _check_band(block, where)
        spacer = needs_spacer(page, index, page_break)
        if spacer:
            events.append(Spacer(space_above(page, index), brk))
        pictures = _pictures(block, ink, font)
        if pictures:   # anchored in the paragraph just before the table, on the same page
            if not events or isinstance(events[-1], Table):
                events.append(Spacer(MIN_SPACER, brk))
                spacer = True
            carrier = events[-1]
            assert not isinstance(carrier, Table)
            if spacer and isinstance(carrier, Spacer):    # the table starts where its spacer ends
                drawn = max(carrier.height, MIN_SPACER)
                pictures = tuple(replace(p, below_anchor=drawn + p.y - block.y) for p in pictures)
            events[-1] = replace(carrier, pictures=carrier.pictures + pictures)
        events.append(Table(block, band_indent(block, page), band_segments(block)))
    if not page.blocks:   # a blank page has a paragraph of its own (or it folds into its neighbour's page break)
        events.append(Spacer(MIN_SPACER, page_break))
    if section_end and not ends_on_paragraph(page):   # Word keeps a blank page whose break paragraph ends a section
        events.append(Spacer(MIN_SPACER, False, section_end=True))
    return tuple(events)


def walk(booklet: Booklet) -> Iterator[tuple[Section, tuple[tuple[Event, ...], ...]]]:
    """Every document section of the booklet with the events of each of its pages."""
    page_index = 0
    for section in sections(booklet):
        pages = []
        for p_index, page in enumerate(section.pages):
            pages.append(page_events(page, page.break_before and p_index > 0, f"pages[{page_index}]",
                                     p_index == len(section.pages) - 1, booklet.ink, booklet.fonts.regular))
            page_index += 1
        yield section, tuple(pages)
