"""The page frame of a booklet: its page geometry, the pages being filled, and what every
part of layout reads about them (the content box, the usable height, a section's opening,
running heads and folios); at the end the drafts are moved onto their pages."""
from __future__ import annotations

from dataclasses import dataclass, replace

from publisher.captions import SEPARATOR
from publisher.labels import screen_labels
from publisher.layout import fit
from publisher.model import (
    POINTS_PER_INCH,
    Band,
    BookSpec,
    HintStep,
    Ink,
    LayoutError,
    Margins,
    Page,
    SectionSpec,
    TextBlock,
    TextStyle,
)
from publisher.play import hint_sentence
from publisher.typeset import Styles, Typesetter, visible
from publisher.units import PAGE_SIZES

PAGE_SPARE = 0.03           # share of page height left free for office-font reflow (grids are exact-height rows)
KEY_SPARE = 0.03            # the answer key's pages hold one-line headings and exact-height tables: less to reflow
OPENING_LINES = 3           # section instructions up to this many lines still leave the opening page full

#: print-on-demand inside margin by page count: (up to pages, inches)
GUTTER_TABLE = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))


def gutter_for(page_count: int) -> float:
    """The print-on-demand minimum inside margin (points) for a page count."""
    for pages, inches in GUTTER_TABLE:
        if page_count <= pages:
            return inches * POINTS_PER_INCH
    return GUTTER_TABLE[-1][1] * POINTS_PER_INCH


def page_name(width: float, height: float) -> str:
    """'A5' for a named trim, else '400x600 pt', for messages a user acts on."""
    for name, (w, h) in PAGE_SIZES.items():
        if abs(w - width) < 0.5 and abs(h - height) < 0.5:
            return name
    return f"a {width:.0f}x{height:.0f} pt page"


@dataclass(frozen=True)
class Frame:
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
class Draft:
    """A page being filled: its blocks and running head, in parts from the book's to the
    section's (None: neither head nor folio); an ``opening`` page prints its folio but no
    head, as its own heading already says what the head would."""

    blocks: list[TextBlock | Band]
    head: tuple[str, ...] | None
    opening: bool = False


def ink_of(spec: BookSpec) -> Ink:
    """The book's ink: large print keeps solved digits at the givens' size
    (they differ by weight and grey), so no answer digit drops below the
    large-print minimum."""
    return Ink(solved_scale=1.0, least_text=fit.LARGE_PRINT_FLOOR) if spec.large_print \
        else Ink(least_text=fit.ANSWER_FLOORS.text)


class Desk:
    """What every part of layout reads about the booklet being laid out: its spec, frame,
    words, styles and typesetter, the content box and the height grids may fill."""

    def __init__(self, spec: BookSpec, frame: Frame, labels: dict[str, str], styles: Styles,
                 puzzles: bool = True) -> None:
        self.spec, self.frame, self.labels, self.styles = spec, frame, labels, styles
        #: the booklet holds the puzzles (and its key, if any, is at their back), else answers alone
        self.puzzles = puzzles
        self.type = Typesetter(spec.fonts)
        _x, _y, self.content_width, self.content_height = frame.content(1)
        self.usable_height = self.content_height * (1 - PAGE_SPARE)
        #: room for the tallest section opening (heading and instructions, up to a few lines): grids are
        #: sized for the page under it, so every opening holds as many rows as the pages after it and
        #: one shape prints at one size through the book
        one_line = self.type.block("X", styles.heading, 0.0, 0.0, self.content_width).height + styles.body.leading
        tallest = max((self.opening(section, False)[1] for section in spec.sections), default=one_line)
        self.reserve = max(one_line, min(tallest, one_line + OPENING_LINES * styles.body.leading))
        #: the playable page's words; hint sentences are set in them unless the book is in English
        self.screen = screen_labels(spec.language, spec.labels)
        self.hint_words = None if spec.language.split("-")[0].lower() == "en" else self.screen

    def said(self, step: HintStep) -> str:
        """A step's sentence in the book's language (the solver's own in English)."""
        return hint_sentence(step, self.hint_words, self.spec.language) if self.hint_words else step.text

    def opening(self, section: SectionSpec, answers: bool) -> tuple[list[TextBlock | Band], float]:
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

    def bottom(self, has_text: bool) -> float:
        """How far down a page's grids may reach: a page with text keeps the
        spare height office programs need to reflow it; a page of grids alone
        (exact-height tables) only the answer key's small spare."""
        return self.usable_height if has_text else self.content_height * (1 - KEY_SPARE)

    def margin_text(self, text: str, style: TextStyle, x: float, width: float, top: bool) -> TextBlock:
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


def pages(desk: Desk, drafts: list[Draft]) -> tuple[Page, ...]:
    """Drafts moved onto their pages (mirrored margins), with running heads
    and page numbers."""
    pages = []
    for index, draft in enumerate(drafts):
        number = index + 1
        x, y, width, height = desk.frame.content(number)
        blocks = tuple(shift(block, x, y) for block in draft.blocks)
        header = footer = None
        if draft.head is not None:   # (the margin must hold the head even where an opening omits it)
            header = desk.margin_text(running_head(desk.type, draft.head, desk.styles.header, width),
                                      desk.styles.header, x, width, top=True)
            header = None if draft.opening else header
            footer = desk.margin_text(str(number), desk.styles.footer, x, width, top=False)
        pages.append(Page(number, blocks, round(x, 2), round(y, 2), round(width, 2), round(height, 2),
                          header, footer, break_before=number > 1))
    return tuple(pages)


def running_head(setter: Typesetter, parts: tuple[str, ...], style: TextStyle, width: float) -> str:
    """A running head on its one line: its parts joined by " · " (the book's title and the
    section's), else, where they do not fit, without the leading ones (the section's own title
    says where the reader is); shortened with "…" only where the last part alone is too long."""
    for start in range(len(parts)):
        text = visible(SEPARATOR.join(parts[start:]))
        if setter.fits(text, style, width):
            return text
    return setter.one_line(parts[-1], style, width)


def shift(block: TextBlock | Band, dx: float, dy: float) -> TextBlock | Band:
    if isinstance(block, TextBlock):
        return replace(block, x=round(block.x + dx, 2), y=round(block.y + dy, 2))
    items = tuple(replace(p, x=round(p.x + dx, 2), y=round(p.y + dy, 2)) for p in block.items)
    return replace(block, items=items, x=round(block.x + dx, 2), y=round(block.y + dy, 2))
