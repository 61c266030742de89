"""The layout engine: a :class:`BookSpec` in, positioned pages out.

Every decision a printed book needs is made here, once: page geometry and
mirrored margins, the automatic gutter, front matter, how many grids go on a
page and how big their cells and digits are, puzzle numbers, captions,
running heads, page numbers and the order of the answer key. The renderers
only draw the :class:`Booklet` s this module returns, so the PDF, DOCX, RTF
and HTML editions of one book have the same pages.

This package assembles a booklet (:func:`layout_book`) from parts that each have one job:
:mod:`~publisher.layout.frame` (page geometry, the pages being filled, running heads and
folios), :mod:`~publisher.layout.front` (title page, imprint, contents),
:mod:`~publisher.layout.slots` (grids per page, cell and text sizes),
:mod:`~publisher.layout.placing` (numbered grids with captions, notes and worked steps),
:mod:`~publisher.layout.pagination` (sections and the answer key page by page: pagination in
one place), :mod:`~publisher.layout.spreads` (facing pages, padding to a print profile's page
count) and :mod:`~publisher.layout.refs` (cross-references). Beside it:
:mod:`publisher.labels` (the built-in words), :mod:`publisher.typeset` (type sizes, wrapping
with the book's font metrics), :mod:`publisher.grids` (a grid's cells, borders, shading and
tour drawing).
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from publisher import fonts as fontlib
from publisher.labels import labels_for
from publisher.layout import landing
from publisher.layout.frame import GUTTER_TABLE, Desk, Draft, Frame, gutter_for, ink_of, pages
from publisher.layout.front import FrontMatter
from publisher.layout.pagination import Paginator
from publisher.layout.placing import Placer
from publisher.layout.refs import cross_referenced
from publisher.layout.slots import INK_OVERHANG, SlotMaker
from publisher.layout.spreads import align_spreads, pad
from publisher.model import QUEEN, Booklet, BookSpec, LayoutError, Margins, OutlineEntry, PrintRules
from publisher.typeset import Styles, book_styles


def _book_text(spec: BookSpec, labels: dict[str, str]) -> str:
    """All text the booklets may print, for the glyph check (queens are shapes)."""
    parts = [spec.title, spec.subtitle or "", spec.author or "", spec.instructions or "",
             "0123456789·…:", *labels.values()]
    for section in spec.sections:
        parts += [section.title, section.instructions or ""]
        for board in section.printed(False):
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
        for board in section.printed(False):
            cells = board.rows * board.cols
            if len(board.givens) != cells or len(board.answer) != cells:
                raise LayoutError(section.key, f"{board.source or 'a board'}: the cell count does not match "
                                               f"{board.rows}x{board.cols}")


def _build(spec: BookSpec, role: str, margins: Margins, labels: dict[str, str], styles: Styles) -> Booklet:
    """One booklet at these margins: title page (and imprint), contents, the sections, the
    answer key, facing pages aligned, padding to the print profile's page count."""
    rules = spec.print_rules
    frame = Frame(spec.page_width, spec.page_height, margins, spec.mirrored, rules.safe if rules else 0.0)
    puzzles = role == "puzzles"
    desk = Desk(spec, frame, labels, styles, puzzles)
    drafts: list[Draft] = []
    front = FrontMatter(desk, drafts)
    placer = Placer(desk, SlotMaker(desk))
    paginator = Paginator(desk, placer, drafts)
    firsts = [1]
    for section in spec.sections:
        firsts.append(firsts[-1] + len(section.boards))
    key = not puzzles or spec.answers in ("back", "both")
    front.title_page(spec.subtitle if puzzles else labels["answers"], with_instructions=puzzles)
    if puzzles and spec.imprint:
        front.imprint_page(spec.imprint)
    contents: list[int] = []
    if spec.contents:
        if spec.mirrored:
            paginator.opening_on_right()
        lines = (len(spec.sections) if puzzles else 0) + (1 if puzzles and key else len(spec.sections) if key else 0)
        contents = front.reserve_contents(lines)
    if spec.mirrored:
        paginator.opening_on_right()      # the first puzzle (or answer) page is a right-hand page
    if puzzles:
        for section, first in zip(spec.sections, firsts):
            paginator.section(section, first, answers=False)
    if key:
        paginator.answer_key(spec.sections, firsts)
    starts = paginator.starts
    outline = [OutlineEntry(spec.title, 1)]
    if contents:
        outline.append(OutlineEntry(labels["contents"], contents[0] + 1))
    key_starts = [(title, page) for title, answers, page in starts if answers]
    outline += [OutlineEntry(title, page) for title, answers, page in starts if not answers]
    if puzzles and key_starts:
        outline.append(OutlineEntry(labels["answers"], key_starts[0][1]))
    outline += [OutlineEntry(title, page, level=1 if puzzles else 0) for title, page in key_starts]
    if contents:
        entries = [(title, page) for title, answers, page in starts if not answers]
        if puzzles and key_starts:
            entries.append((labels["answers"], key_starts[0][1]))
        elif not puzzles:
            entries += key_starts
        front.fill_contents(contents, entries)
    align_spreads(desk, drafts)
    laid_out = len(drafts)
    if rules is not None or (puzzles and spec.pages):
        pad(desk, drafts, rules, spec.pages if puzzles else None)
    title = spec.title if puzzles else f"{spec.title} · {labels['answers']}"
    return Booklet(
        role=role, stem=f"{spec.stem}-{role}", title=title, author=spec.author,
        subject=spec.subtitle or labels["puzzle"] if puzzles else labels["answers"],
        language=spec.language, page_width=spec.page_width, page_height=spec.page_height,
        margins=margins, mirrored=spec.mirrored, fonts=spec.fonts, styles=styles.all(), pages=pages(desk, drafts),
        ink=ink_of(spec), outline=tuple(outline), print_rules=rules, blank_pages_added=len(drafts) - laid_out,
        links=rules is None,     # a print-profile interior carries no annotations
        screen_words=tuple(sorted(desk.screen.items())) if puzzles else (),
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
    for _ in range(len(GUTTER_TABLE) + 2):   # the gutter only grows, one table step at most each round
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
    puzzles = partial(_with_gutter, role="puzzles", labels=labels, styles=styles)
    booklets = [landing.landed(spec, puzzles) if spec.pages else puzzles(spec)]
    if spec.answers in ("separate", "both"):
        booklets.append(_with_gutter(spec, "answers", labels, styles))
    return cross_referenced(tuple(booklets), labels)
