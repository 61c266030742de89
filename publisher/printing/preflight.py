"""Preflight: read the written PDFs back and measure them against a service's rules.

It never trusts the layout's intent: the page boxes come from the PDF's own
dictionaries, and every mark on a page (each glyph's box, each drawing's box
widened by half its line width, each image) is measured from the trim edges.
One :class:`Violation` per page and rule names the worst mark, so a report
reads "x-puzzles.pdf: page 14: page number '14' 0.21 in from the bottom trim,
KDP needs 0.375 in with bleed". :mod:`publisher.pdfread` (PDFium) reads the files:
it reports glyph and drawing geometry (pypdf reads boxes and text, not where the
ink is).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby

from publisher import pdfread
from publisher.model import POINTS_PER_INCH
from publisher.printing.cover import CoverGeometry, Rect, geometry
from publisher.printing.interior import PrintChoice
from publisher.printing.profile import inches

TOLERANCE = 0.01 * POINTS_PER_INCH     # sizes agree to 0.01 in
MEASURE_SLACK = 0.05                   # points: rounding in the content stream

#: every rule preflight checks, in report order (the JUnit testcases)
INTERIOR_RULES = ("trim-size", "page-boxes", "page-count", "last-page", "blank-pages", "gutter", "margin-top",
                  "margin-bottom", "margin-outside", "annotations", "fonts", "transparency")
COVER_RULES = ("cover-size", "page-boxes", "barcode-area", "spine-text", "cover-safe", "annotations", "fonts",
               "transparency")


@dataclass(frozen=True)
class Violation:
    file: str
    page: int | None          # 1-based; None for the whole file
    rule: str
    message: str

    def __str__(self) -> str:
        where = f"page {self.page}: " if self.page is not None else ""
        return f"{self.file}: {where}{self.message}"


@dataclass(frozen=True)
class Mark:
    """Something printed, in PDF coordinates (origin bottom-left of the MediaBox)."""

    rect: Rect
    what: str                 # "text 'Sudoku'", "page number '14'", "a drawing", "an image"


def _boxes(page: pdfread.Page) -> tuple[Rect, Rect | None, Rect | None]:
    media, trim, bleed = page.boxes()
    return Rect(*media), Rect(*trim) if trim else None, Rect(*bleed) if bleed else None


def marks(page: pdfread.Page) -> Iterator[Mark]:
    """Every run of glyphs (by its line box), drawing and image of a page, as PDF rectangles."""
    for run in page.runs():
        text = run.text
        what = f"page number '{text}'" if text.isdigit() else f"text '{text[:40]}'"
        yield Mark(Rect(*run.line), what)
    for drawing in page.drawings():
        yield Mark(Rect(*drawing.box), drawing.what)


def ink(page: pdfread.Page) -> Iterator[Mark]:
    """Every run of glyphs by its ink: the union of its glyphs' outline boxes (a line box is a
    third taller than the ink of most lines: what measures text that must fit a narrow band,
    the spine)."""
    for run in page.runs():
        yield Mark(Rect(*run.ink), f"text '{run.text[:40]}'")


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _size(w: float, h: float) -> str:
    return f"{inches(w):.3f} x {inches(h):.3f} in"


def _common(doc: pdfread.Document, name: str) -> Iterator[Violation]:
    """Annotations and links, fonts not embedded, transparency (an alpha below 1, a soft mask
    or a blend mode anywhere in the file): whole-file rules."""
    transparent = False
    for number, page in enumerate(doc.pages(), start=1):
        if page.has_annotations():
            yield Violation(name, number, "annotations", "has annotations or links; a print file must carry none")
        for font in page.unembedded_fonts():
            yield Violation(name, number, "fonts", f"font {font} is not embedded")
        transparent = transparent or page.has_transparency()
    if transparent:
        yield Violation(name, None, "transparency", "uses transparency (a soft mask or an alpha below 1)")


def check_interior(data: bytes, name: str, chosen: PrintChoice) -> list[Violation]:
    """Every rule of ``chosen`` on an interior PDF."""
    p, bleed = chosen.profile, chosen.bleed
    found: list[Violation] = []
    with pdfread.open_pdf(data) as doc:
        count = len(doc)
        first_media, first_trim, _ = _boxes(doc.page(0))
        trim_size = ((first_trim or first_media).width, (first_trim or first_media).height)
        if not p.trim_allowed(trim_size):
            found.append(Violation(name, None, "trim-size", f"the trim {_size(*trim_size)} is not one {p.name} prints"))
        least, most = p.page_limits(chosen.paper, trim_size)
        if count < least or count > most:
            found.append(Violation(name, None, "page-count", f"{count} pages; {p.name} needs {least} to {most} pages "
                                                             f"on {chosen.paper} paper"))
        elif count % p.page_multiple:
            found.append(Violation(name, None, "page-count",
                                   f"{count} pages; {p.name} needs a multiple of {p.page_multiple}"))
        if p.last_page_blank and any(True for _ in marks(doc.page(count - 1))):
            found.append(Violation(name, count, "last-page", f"{p.name} wants the last page blank"))
        gutter = p.gutter_for(count)
        margin = p.margin(bleed)
        with_bleed = "with bleed" if bleed else "without bleed"
        blank: list[bool] = []
        for number, page in enumerate(doc.pages(), start=1):
            right_hand = number % 2 == 1
            media, trim, bleed_box = _boxes(page)
            trim = trim or media
            found.extend(_interior_boxes(name, number, right_hand, media, trim, bleed_box, trim_size, chosen))
            worst: dict[str, tuple[float, Mark]] = {}
            blank.append(True)
            for mark in marks(page):
                blank[-1] = False
                r = mark.rect
                inside = r.x0 - trim.x0 if right_hand else trim.x1 - r.x1
                outside = trim.x1 - r.x1 if right_hand else r.x0 - trim.x0
                for rule, distance in (("gutter", inside), ("margin-outside", outside),
                                       ("margin-top", trim.y1 - r.y1), ("margin-bottom", r.y0 - trim.y0)):
                    if rule not in worst or distance < worst[rule][0]:
                        worst[rule] = (distance, mark)
            for rule, (distance, mark) in worst.items():
                need = gutter if rule == "gutter" else margin
                if distance + MEASURE_SLACK < need:
                    edge = {"gutter": "binding edge (gutter)", "margin-outside": "outside trim",
                            "margin-top": "top trim", "margin-bottom": "bottom trim"}[rule]
                    reason = (f"for {count} pages" if rule == "gutter" else with_bleed)
                    message = (f"{mark.what} {inches(distance):.3f} in from the {edge}, "
                               f"{p.name} needs {inches(need):g} in {reason}")
                    found.append(Violation(name, number, rule, message))
        found.extend(_blank_runs(name, blank, chosen))
        found.extend(_common(doc, name))
    return found


def _blank_runs(name: str, blank: list[bool], chosen: PrintChoice) -> Iterator[Violation]:
    """Runs of pages with nothing printed longer than the service accepts (KDP: 2 before the
    end, 10 at the end), each named by its first page."""
    p = chosen.profile
    start = 0
    for is_blank, run in groupby(blank):
        length = len(list(run))
        end = start + length
        at_end = end == len(blank)
        limit = p.blank_run_end if at_end else p.blank_run_middle
        if is_blank and limit is not None and length > limit:
            where = "at the end" if at_end else "before the end"
            yield Violation(name, start + 1, "blank-pages",
                            f"{length} blank pages in a row {where} (pages {start + 1}-{end}), "
                            f"{p.name} accepts at most {limit}")
        start = end


def _interior_boxes(name: str, number: int, right_hand: bool, media: Rect, trim: Rect, bleed_box: Rect | None,
                    trim_size: tuple[float, float], chosen: PrintChoice) -> Iterator[Violation]:
    p = chosen.profile
    if not (_close(trim.width, trim_size[0]) and _close(trim.height, trim_size[1])):
        yield Violation(name, number, "page-boxes", f"trim {_size(trim.width, trim.height)} differs from page 1's")
    if not chosen.bleed:
        if not (_close(media.width, trim.width) and _close(media.height, trim.height)):
            yield Violation(name, number, "page-boxes", f"page {_size(media.width, media.height)} is not the trim "
                                                        f"{_size(trim.width, trim.height)} (no bleed)")
        return
    b = p.bleed
    want_w = trim_size[0] + (2 * b if p.bleed_all_edges else b)
    want_h = trim_size[1] + 2 * b
    if not (_close(media.width, want_w) and _close(media.height, want_h)):
        yield Violation(name, number, "page-boxes", f"MediaBox {_size(media.width, media.height)}, {p.name} with "
                                                    f"bleed needs {_size(want_w, want_h)}")
    if bleed_box is None or not all(_close(a, c) for a, c in zip(
            (bleed_box.x0, bleed_box.y0, bleed_box.x1, bleed_box.y1), (media.x0, media.y0, media.x1, media.y1))):
        yield Violation(name, number, "page-boxes", "BleedBox missing or not the bled page")
    left = b if p.bleed_all_edges or not right_hand else 0.0
    if not (_close(trim.x0 - media.x0, left) and _close(trim.y0 - media.y0, b)):
        side = "right-hand" if right_hand else "left-hand"
        yield Violation(name, number, "page-boxes",
                        f"TrimBox of this {side} page starts {inches(trim.x0 - media.x0):.3f} in from the page's left "
                        f"edge, {p.name} needs {inches(left):g} in (bleed on the outside edge only)")


def check_cover(data: bytes, name: str, chosen: PrintChoice, pages: int, trim_size: tuple[float, float],
                barcode: bool = True, *, own_barcode: bool = False) -> list[Violation]:
    """The cover's size for an interior of ``pages`` pages at ``trim_size``, its boxes, the
    empty barcode area (with ``own_barcode``, the book's ISBN barcode in it: nothing crosses
    its edges), spine text where allowed (and within the clearance), panel text inside the
    safe area."""
    p = chosen.profile
    found: list[Violation] = []
    with pdfread.open_pdf(data) as doc:
        if len(doc) != 1:
            found.append(Violation(name, None, "cover-size", f"{len(doc)} pages; a full-wrap cover is one page"))
        page = doc.page(0)
        media, trim, bleed_box = _boxes(page)
        trim = trim or media
        geo = geometry(chosen, trim_size, pages, barcode)
        if not (_close(media.width, geo.width) and _close(media.height, geo.height)):
            found.append(Violation(name, 1, "cover-size",
                                   f"cover {_size(media.width, media.height)}; for {pages} pages on {chosen.paper} "
                                   f"paper {p.name} needs {_size(geo.width, geo.height)} "
                                   f"(spine {inches(geo.spine):.3f} in)"))
        if not (_close(trim.x0 - media.x0, geo.bleed) and _close(trim.y0 - media.y0, geo.bleed)
                and _close(media.x1 - trim.x1, geo.bleed) and _close(media.y1 - trim.y1, geo.bleed)):
            found.append(Violation(name, 1, "page-boxes",
                                   f"TrimBox is not the page less {inches(geo.bleed):g} in bleed"))
        if bleed_box is None or not _close(bleed_box.width, media.width) or not _close(bleed_box.height, media.height):
            found.append(Violation(name, 1, "page-boxes", "BleedBox missing or not the whole page"))
        found.extend(_cover_marks(name, page, media, geo, chosen, pages, own_barcode))
        if p.spine_text_allowed(pages):
            found.extend(_spine_ink(name, page, media, geo, p.name))
        found.extend(_common(doc, name))
    return found


def _cover_marks(name: str, page: pdfread.Page, media: Rect, geo: CoverGeometry, chosen: PrintChoice,
                 pages: int, own_barcode: bool) -> Iterator[Violation]:
    p = chosen.profile
    area, spine = geo.barcode_rect, geo.spine_rect
    shift = Rect(media.x0, media.y0, media.x0, media.y0)

    def moved(r: Rect) -> Rect:
        return Rect(r.x0 + shift.x0, r.y0 + shift.y0, r.x1 + shift.x0, r.y1 + shift.y0)

    reported: set[str] = set()
    for mark in marks(page):
        r = mark.rect
        if area is not None:
            a = moved(area)
            inside = r.x0 >= a.x0 - MEASURE_SLACK and r.x1 <= a.x1 + MEASURE_SLACK and \
                r.y0 >= a.y0 - MEASURE_SLACK and r.y1 <= a.y1 + MEASURE_SLACK
            if r.x0 < a.x1 - MEASURE_SLACK and r.x1 > a.x0 + MEASURE_SLACK and \
                    r.y0 < a.y1 - MEASURE_SLACK and r.y1 > a.y0 + MEASURE_SLACK and "barcode" not in reported \
                    and not (own_barcode and inside):
                reported.add("barcode")
                yield Violation(name, 1, "barcode-area", f"{mark.what} is drawn in {p.name}'s barcode area "
                                                         f"({inches(area.width):g} x {inches(area.height):g} in)")
        if mark.what == "a drawing" or mark.what == "an image":
            continue
        s = moved(spine)
        centre = (r.x0 + r.x1) / 2
        if s.x0 <= centre <= s.x1:
            if not p.spine_text_allowed(pages) and "spine" not in reported:
                reported.add("spine")
                yield Violation(name, 1, "spine-text", f"{mark.what} on the spine; {p.name} allows spine text only "
                                                       f"from {p.spine_text_min_pages} pages, the book has {pages}")
            continue    # its ink is measured against the folds (_spine_ink)
        panel = moved(geo.front if centre > s.x1 else geo.back).inset(geo.safe)
        if (r.x0 < panel.x0 - MEASURE_SLACK or r.x1 > panel.x1 + MEASURE_SLACK or r.y0 < panel.y0 - MEASURE_SLACK
                or r.y1 > panel.y1 + MEASURE_SLACK) and "safe" not in reported:
            reported.add("safe")
            yield Violation(name, 1, "cover-safe", f"{mark.what} less than {inches(geo.safe):g} in inside the trim "
                                                   "of its panel")


def _spine_ink(name: str, page: pdfread.Page, media: Rect,
               geo: CoverGeometry, service: str) -> Iterator[Violation]:
    """Spine text whose ink comes nearer a spine fold than the service's clearance (the worst)."""
    spine = geo.spine_rect
    s = Rect(spine.x0 + media.x0, spine.y0 + media.y0, spine.x1 + media.x0, spine.y1 + media.y0)
    worst: tuple[float, Mark] | None = None
    for mark in ink(page):
        r = mark.rect
        if not s.x0 <= (r.x0 + r.x1) / 2 <= s.x1:
            continue
        distance = min(r.x0 - s.x0, s.x1 - r.x1)
        if worst is None or distance < worst[0]:
            worst = (distance, mark)
    if worst is not None and worst[0] + MEASURE_SLACK < geo.clearance:
        yield Violation(name, 1, "spine-text", f"{worst[1].what}: its ink {inches(max(worst[0], 0.0)):.3f} in from "
                                               f"a spine fold, {service} needs {inches(geo.clearance):g} in")
