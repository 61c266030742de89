"""The full-wrap cover: back, spine and front on one PDF page, from the interior's final page count.

The geometry is the service's (:class:`CoverGeometry`): width bleed + trim +
spine + trim + bleed, height trim + 2 x bleed, the spine from the page count and
paper. Without a front image the front is typeset: title, subtitle and author
in the book's typeface over the cover's own puzzle (the spec stage made and
verified it: never one of the book's), drawn as the interior draws its grids.
The back text is set in a block 0.5 in inside the trim and the spine, above the
barcode area, at 10 pt or more, wrapped; the spine carries its text wherever the
service allows it, its type sized by its ink to the spine less the service's
clearance each side. The barcode area is left unpainted paper (``barcode:
auto``). Like every renderer, the same input gives the same bytes.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from reportlab.lib.colors import HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from publisher import fonts as fontlib
from publisher import safeio
from publisher.grids import board_borders, cells, text_ratio
from publisher.model import POINTS_PER_INCH, Board, Booklet, BookSpec, Fonts, Grid, TextStyle
from publisher.printing import barcode
from publisher.printing.interior import PrintChoice
from publisher.printing.profile import Barcode, inches
from publisher.render import pdf
from publisher.typeset import Typesetter

MIN_IMAGE_DPI = 300
MM = POINTS_PER_INCH / 25.4
MIN_SPINE_TEXT = 6.0          # smaller spine text is unreadable: left off, with a warning
MAX_SPINE_TEXT = 14.0
#: the spine's ink is kept this much further from the folds than the clearance: the rounding
#: of the content stream and of a reader's outlines never take it into the clearance
SPINE_SPARE = 0.25
MIN_COVER_TEXT = 9.0          # subtitle and author never smaller, however long the title
ASCENT_ROOM = 0.2             # room above a first line for accents over capitals (Vietnamese "Ộ")
#: the back text (and the spine text's ends) this far inside the trim and the spine: an
#: editor's text block, not the service's bare safe limit (KDP's 0.125 in)
TEXT_INSET = 0.5 * POINTS_PER_INCH
BACK_TEXT_SIZES = (12.0, 11.5, 11.0, 10.5, 10.0)   # the back text's sizes, tried largest first
#: how far the background's strips above and below the barcode area reach over its sides (points):
#: abutting fills leave a light hairline in a rasterised proof, overlapping ones none
SEAM_OVERLAP = 1.0
BACK_TITLE_SCALE = 1.5        # the back's heading (the title over the default text)


class CoverError(Exception):
    """A cover that cannot be made; ``key`` is the key under ``books[N].cover``."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key, self.message = key, message


@dataclass(frozen=True)
class Rect:
    """A rectangle in PDF coordinates (points, origin bottom-left)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def inset(self, by: float) -> Rect:
        return Rect(self.x0 + by, self.y0 + by, self.x1 - by, self.y1 - by)


@dataclass(frozen=True)
class CoverGeometry:
    """Where everything goes on the wrap (points): what preflight measures against too."""

    trim_width: float
    trim_height: float
    spine: float
    bleed: float
    safe: float                   # text this far inside the trim of each panel
    clearance: float              # spine text this far inside the spine's folds
    barcode: Barcode | None

    @property
    def width(self) -> float:
        return 2 * self.bleed + 2 * self.trim_width + self.spine

    @property
    def height(self) -> float:
        return self.trim_height + 2 * self.bleed

    @property
    def trim(self) -> Rect:
        return Rect(self.bleed, self.bleed, self.width - self.bleed, self.height - self.bleed)

    @property
    def back(self) -> Rect:
        b = self.bleed
        return Rect(b, b, b + self.trim_width, b + self.trim_height)

    @property
    def spine_rect(self) -> Rect:
        x = self.bleed + self.trim_width
        return Rect(x, self.bleed, x + self.spine, self.bleed + self.trim_height)

    @property
    def front(self) -> Rect:
        x = self.bleed + self.trim_width + self.spine
        return Rect(x, self.bleed, x + self.trim_width, self.bleed + self.trim_height)

    @property
    def back_block(self) -> Rect:
        """Where the back text goes: :data:`TEXT_INSET` inside the back's trim and its spine
        fold (the service's safe distance where that is more), above the barcode area."""
        inset = max(TEXT_INSET, self.safe)
        block = self.back.inset(inset)
        area = self.barcode_rect
        bottom = max(block.y0, area.y1 + inset / 2) if area is not None else block.y0
        return Rect(block.x0, bottom, block.x1, block.y1)

    @property
    def barcode_rect(self) -> Rect | None:
        if self.barcode is None:
            return None
        right = self.back.x1 - self.barcode.from_spine
        bottom = self.back.y0 + self.barcode.from_bottom
        return Rect(right - self.barcode.width, bottom, right, bottom + self.barcode.height)


def geometry(chosen: PrintChoice, trim: tuple[float, float], pages: int, barcode: bool) -> CoverGeometry:
    p = chosen.profile
    return CoverGeometry(trim[0], trim[1], p.spine_width(pages, chosen.paper), p.cover_bleed, p.cover_safe,
                         p.spine_clearance, p.barcode if barcode else None)


@dataclass(frozen=True)
class CoverSpec:
    """Everything the cover shows, decided from the config and the interior."""

    title: str
    subtitle: str | None
    author: str | None
    back_title: str | None        # the back's heading, over the default back text
    back_text: str | None
    spine_text: str | None        # None: the service prints no spine text at this page count
    background: str
    text: str
    front_image: Path | None
    front_image_key: str
    fonts: Fonts
    puzzle: Board | None          # the front's own puzzle (the spec stage's), None for none
    booklet: Booklet
    geometry: CoverGeometry
    service: str
    pages: int
    spine_note: str | None        # why spine text the user asked for is left off
    isbn: str | None = None       # the ISBN-13 the barcode in the barcode area carries
    price_code: str | None = None
    isbn_shown: str | None = None


@dataclass(frozen=True)
class RenderedCover:
    data: bytes
    warnings: tuple[str, ...]


def cover_spec(book: BookSpec, chosen: PrintChoice, booklet: Booklet) -> CoverSpec:
    """The cover of ``book`` (its spec, :mod:`publisher.spec`) for ``booklet``'s final page count:
    the book's own cover for its puzzle booklet, a plainer one for a separate answer booklet."""
    settings = book.cover
    pages = booklet.page_count
    geo = geometry(chosen, (booklet.page_width, booklet.page_height), pages, settings.barcode)
    puzzles = booklet.role == "puzzles"
    subtitle = book.subtitle if puzzles else booklet.subject   # an answer booklet: "Answers" in the book's language
    wanted = settings.spine_text if settings.spine_text is not None and puzzles else \
        " · ".join(part for part in (book.title, None if puzzles else subtitle, book.author) if part)
    allowed = chosen.profile.spine_text_allowed(pages)
    note = None
    if settings.spine_text and puzzles and not allowed:   # the default (title and author) is left off silently
        note = (f"no spine text: {chosen.profile.name} prints spine text only on books of "
                f"{chosen.profile.spine_text_min_pages} pages or more, this one has {pages}")
    image = settings.front_image
    if image is not None and not image.is_file():
        raise CoverError("front_image", f"image file not found: {settings.front_image_key}")
    back_text = settings.back_text if puzzles else None
    text = " ".join(filter(None, (book.title, subtitle, book.author, back_text, wanted)))
    missing = fontlib.missing_glyphs(booklet.fonts, text)
    if missing:
        listed = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise CoverError("back_text", f"font '{booklet.fonts.family}' has no glyph for {listed}")
    return CoverSpec(
        title=book.title, subtitle=subtitle, author=book.author,
        back_title=settings.back_title if puzzles else None, back_text=back_text,
        spine_text=wanted if wanted and allowed else None, background=settings.background,
        text=settings.text, front_image=image, front_image_key=settings.front_image_key,
        fonts=booklet.fonts, puzzle=settings.puzzle, booklet=booklet, geometry=geo,
        service=chosen.profile.name, pages=pages, spine_note=note,
        isbn=settings.isbn if puzzles else None, price_code=settings.price_code, isbn_shown=settings.isbn_shown,
    )


class _CoverDrawer:
    def __init__(self, canvas: Canvas, spec: CoverSpec) -> None:
        self.c, self.spec, self.geo = canvas, spec, spec.geometry
        self.type = Typesetter(spec.fonts)
        self.regular = pdf.font_face(spec.fonts.regular)
        self.bold = pdf.font_face(spec.fonts.bold)
        self.warnings: list[str] = []

    def background(self) -> None:
        """The colour over the whole wrap, bleed included, around the barcode area."""
        c, geo = self.c, self.geo
        c.setFillColor(HexColor(self.spec.background))
        area = geo.barcode_rect
        if area is None:
            c.rect(0, 0, geo.width, geo.height, stroke=0, fill=1)
            return
        seam = SEAM_OVERLAP   # the strips above and below overlap the sides: no hairline where they meet
        pieces = [Rect(0, 0, area.x0, geo.height), Rect(area.x1, 0, geo.width, geo.height),
                  Rect(area.x0 - seam, 0, area.x1 + seam, area.y0),
                  Rect(area.x0 - seam, area.y1, area.x1 + seam, geo.height)]
        for piece in pieces:
            c.rect(piece.x0, piece.y0, piece.width, piece.height, stroke=0, fill=1)

    def lines(self, text: str, size: float, bold: bool, box: Rect, top: float, align: str = "center") -> float:
        """``text`` wrapped to ``box``'s width from ``top`` down; the y under the last line."""
        style = TextStyle("cover", size, bold=bold)
        name, cap = self.bold if bold else self.regular
        self.c.setFont(name, size)
        self.c.setFillColor(HexColor(self.spec.text))
        y = top - size * ASCENT_ROOM
        for line in self.type.wrap(text, style, box.width):
            baseline = y - style.leading / 2 - cap * size / 2
            if align == "center":
                self.c.drawCentredString((box.x0 + box.x1) / 2, baseline, line)
            else:
                self.c.drawString(box.x0, baseline, line)
            y -= style.leading
        return y

    def fitting_size(self, text: str, bold: bool, width: float, largest: float, lines: int) -> float:
        """The largest size up to ``largest`` at which ``text`` takes at most ``lines`` lines."""
        size = largest
        while size > 8 and len(self.type.wrap(text, TextStyle("cover", size, bold=bold), width)) > lines:
            size -= 1
        return size

    def front(self) -> None:
        spec, box = self.spec, self.geo.front.inset(self.geo.safe)
        if spec.front_image is not None:
            self.image(spec.front_image)
            return
        title_size = self.fitting_size(spec.title, True, box.width, 40, 3)
        y = self.lines(spec.title, title_size, True, box, box.y1 - box.height * 0.08)
        if spec.subtitle:
            y = self.lines(spec.subtitle, max(MIN_COVER_TEXT, title_size * 0.5), False, box, y - title_size * 0.4)
        author_top = box.y0 + box.height * 0.1
        if spec.author:
            self.lines(spec.author, max(MIN_COVER_TEXT, min(18.0, title_size * 0.6)), False, box, author_top)
        if spec.puzzle is not None:
            self.grid(spec.puzzle, box, y - 18, author_top + 18)

    def grid(self, board: Board, box: Rect, top: float, bottom: float) -> None:
        """The cover's puzzle on a white square, as big as the room between the text allows,
        its lines and digits as the interior draws a grid of that cell size."""
        room = min(box.width * 0.8, top - bottom)
        if room < 36:
            return
        pad = room * 0.06
        cell = round((room - 2 * pad) / max(board.rows, board.cols), 2)
        grid = Grid(rows=board.rows, cols=board.cols, cells=cells(board, False), borders=board_borders(board, cell),
                    cell_size=cell, font_size=round(cell * text_ratio(board, False), 1), label="cover puzzle",
                    shaded=board.shading)
        left = (box.x0 + box.x1) / 2 - grid.width / 2
        grid_top = (top + bottom) / 2 + grid.height / 2
        self.c.setFillColor(HexColor("#ffffff"))
        self.c.rect(left - pad, grid_top - grid.height - pad, grid.width + 2 * pad, grid.height + 2 * pad,
                    stroke=0, fill=1)
        pdf.draw_grid(self.c, self.spec.booklet, grid, left, grid_top)

    def image(self, path: Path) -> None:
        """The front image over the front panel and its bleed (top, bottom, outside),
        scaled to cover it and cut to it; under 300 dpi at that size is a warning."""
        geo = self.geo
        area = Rect(geo.front.x0, 0, geo.width, geo.height)
        try:   # read as every input is: a regular file within a size limit, and recorded as an input
            data = safeio.read_bytes(path, self.spec.front_image_key, limit=safeio.MAX_BINARY_BYTES,
                                     role="the cover's front image")
        except safeio.InputError as error:
            raise CoverError("front_image", str(error)) from None
        try:
            with Image.open(io.BytesIO(data)) as opened:
                picture = opened.convert("RGB")
        except (OSError, ValueError, Image.DecompressionBombError) as error:
            raise CoverError("front_image", f"{self.spec.front_image_key}: not an image we can read "
                                            f"(PNG or JPEG): {error}") from None
        scale = max(area.width / picture.width, area.height / picture.height)
        dpi = 72 / scale
        if dpi < MIN_IMAGE_DPI - 0.5:
            self.warnings.append(
                f"{self.spec.front_image_key}: {picture.width}x{picture.height} px is {dpi:.0f} dpi at its printed "
                f"size ({inches(area.width):.2f} x {inches(area.height):.2f} in); print needs {MIN_IMAGE_DPI} dpi")
        width, height = picture.width * scale, picture.height * scale
        buffer = io.BytesIO()
        picture.save(buffer, format="PNG")
        self.c.saveState()
        clip = self.c.beginPath()
        clip.rect(area.x0, area.y0, area.width, area.height)
        self.c.clipPath(clip, stroke=0, fill=0)
        self.c.drawImage(ImageReader(io.BytesIO(buffer.getvalue())), area.x0 + (area.width - width) / 2,
                         area.y0 + (area.height - height) / 2, width, height)
        self.c.restoreState()

    def back(self) -> None:
        """The back text in :attr:`CoverGeometry.back_block`, at the largest of
        :data:`BACK_TEXT_SIZES` it fits at; CoverError when it does not fit at the smallest."""
        spec, box = self.spec, self.geo.back_block
        if not spec.back_text:
            return
        sizes = [size for size in BACK_TEXT_SIZES if self._height(size, box.width) <= box.height]
        if not sizes:
            least = BACK_TEXT_SIZES[-1]
            need = inches(self._height(least, box.width))
            raise CoverError("back_text", f"the back text does not fit on the back cover at {least:g} pt: it needs "
                                          f"{need:.2f} in, the text block ({inches(box.width):.2f} in wide, "
                                          f"{inches(TEXT_INSET):g} in inside the trim and the spine, above the "
                                          f"barcode area) is {inches(box.height):.2f} in high")
        top = box.y1
        for text, size, bold in self._paragraphs(sizes[0]):
            top = self.lines(text, size, bold, box, top, align="left") - size * 0.5

    def _paragraphs(self, size: float) -> list[tuple[str, float, bool]]:
        """The back's paragraphs as (text, size, bold): its heading, then a paragraph a line."""
        spec = self.spec
        heading = [(spec.back_title, size * BACK_TITLE_SCALE, True)] if spec.back_title else []
        return heading + [(p, size, False) for p in (spec.back_text or "").split("\n") if p.strip()]

    def _height(self, size: float, width: float) -> float:
        """The height :meth:`back` takes at ``size``, as :meth:`lines` sets each paragraph."""
        total = 0.0
        for text, paragraph_size, bold in self._paragraphs(size):
            style = TextStyle("cover", paragraph_size, bold=bold)
            total += paragraph_size * ASCENT_ROOM + len(self.type.wrap(text, style, width)) * style.leading
            total += paragraph_size * 0.5
        return total - size * 0.5

    def barcode(self) -> None:
        """The ISBN's EAN-13 (and its price add-on) in the barcode area, at the largest
        magnification up to 100 % that fits it (80 % the least a scanner is sure of), the
        ISBN over it and the digits under it, black on the area's white paper."""
        spec, area = self.spec, self.geo.barcode_rect
        if spec.isbn is None or area is None:
            return
        modules = barcode.symbol_modules(spec.price_code is not None)
        for magnification in (m for m in barcode.MAGNIFICATIONS if m <= 1.0):
            x = barcode.MODULE_MM * magnification * MM
            digit = 2.75 * magnification * MM / 0.72          # a digit's cap height is ~0.72 of its size
            height = barcode.HEIGHT_MM * magnification * MM + 2.2 * digit   # and the ISBN over it
            if modules * x <= area.width - 2 and height <= area.height - 2:
                break
        else:
            raise CoverError("isbn", f"the barcode does not fit {self.spec.service}'s barcode area at 80 %")
        left = area.x0 + (area.width - modules * x) / 2 + barcode.QUIET_LEFT * x
        bottom = area.y0 + (area.height - height) / 2
        bar_bottom = bottom + 5 * x + digit * 0.9        # the digits under the bars, the guards between them
        bar_top = bottom + barcode.HEIGHT_MM * magnification * MM
        c = self.c
        c.saveState()
        c.setFillColor(HexColor("#000000"))
        for bar in barcode.bars(barcode.ean13(spec.isbn), 0, barcode.GUARDS):
            low = bottom + digit * 0.9 if bar.guard else bar_bottom
            c.rect(left + bar.x * x, low, bar.width * x, bar_top - low, stroke=0, fill=1)
        name, _cap = self.regular
        c.setFont(name, digit)
        under = bottom + digit * 0.1
        c.drawCentredString(left - 6 * x, under, spec.isbn[0])
        for start, digits in ((3, spec.isbn[1:7]), (50, spec.isbn[7:])):
            for i, ch in enumerate(digits):
                c.drawCentredString(left + (start + 7 * i + 3.5) * x, under, ch)
        if spec.price_code is not None:
            addon = left + (95 + barcode.ADDON_GAP) * x
            for bar in barcode.bars(barcode.ean5(spec.price_code), 0):
                c.rect(addon + bar.x * x, bar_bottom - 5 * x, bar.width * x, bar_top - bar_bottom - digit * 1.1,
                       stroke=0, fill=1)
            for i, ch in enumerate(spec.price_code):
                c.drawCentredString(addon + (5 + 9 * i + 3.5) * x, bar_top - digit * 0.95, ch)
        shown = f"ISBN {spec.isbn_shown or spec.isbn}"
        size = min(digit, digit * 95 * x / self.type.width(shown, TextStyle("isbn", digit)))   # as wide as the bars
        c.setFont(name, size)
        c.drawCentredString(left + 47.5 * x, bar_top + digit * 0.35, shown)
        c.restoreState()

    def spine(self) -> None:
        """The spine text, read top to bottom, its ink centred on the spine at the size that
        fills the spine less the clearance from both folds (its glyphs' outlines measured, not
        the line box), the ends :data:`TEXT_INSET` from the trims."""
        text, geo = self.spec.spine_text, self.geo
        if not text:
            return
        room = geo.spine - 2 * (geo.clearance + SPINE_SPARE)
        length = geo.trim_height - 2 * max(TEXT_INSET, geo.safe)
        name, _cap = self.bold
        low, high = fontlib.ink_extent(self.spec.fonts, text, bold=True)
        size = min(MAX_SPINE_TEXT, room / (high - low)) if high > low else 0.0
        while size >= MIN_SPINE_TEXT and self.type.width(text, TextStyle("spine", size, bold=True)) > length:
            size -= 0.5
        if size < MIN_SPINE_TEXT:
            self.warnings.append(f"no spine text: '{text}' does not fit on a {inches(geo.spine):.3f} in spine "
                                 f"at {MIN_SPINE_TEXT:g} pt with {inches(geo.clearance):g} in from each fold")
            return
        centre_x = (geo.spine_rect.x0 + geo.spine_rect.x1) / 2
        centre_y = (geo.spine_rect.y0 + geo.spine_rect.y1) / 2
        self.c.saveState()
        self.c.translate(centre_x, centre_y)
        self.c.rotate(-90)
        self.c.setFont(name, size)
        self.c.setFillColor(HexColor(self.spec.text))
        self.c.drawCentredString(0, -(low + high) / 2 * size, text)   # the ink centred on the spine
        self.c.restoreState()


def render_cover(spec: CoverSpec) -> RenderedCover:
    """The cover PDF: one page of the wrap's size, TrimBox and BleedBox set, fonts embedded."""
    geo = spec.geometry
    buffer = io.BytesIO()
    with pdf.binary_streams():
        canvas = Canvas(buffer, pagesize=(geo.width, geo.height), invariant=1, pageCompression=1,
                        initialFontName=pdf.font_face(spec.fonts.regular)[0], initialFontSize=10)
        canvas.setTitle(f"{spec.title} (cover)")
        canvas.setAuthor(spec.author or "")
        canvas.setCreator(pdf.CREATOR)
        canvas.setProducer(pdf.CREATOR)
        trim = geo.trim
        canvas.setTrimBox((round(trim.x0, 3), round(trim.y0, 3), round(trim.x1, 3), round(trim.y1, 3)))
        canvas.setBleedBox((0, 0, round(geo.width, 3), round(geo.height, 3)))
        drawer = _CoverDrawer(canvas, spec)
        drawer.background()
        drawer.front()
        drawer.back()
        drawer.spine()
        drawer.barcode()
        canvas.showPage()
        tags = pdf.subset_tags(canvas, (spec.fonts.regular, spec.fonts.bold))
        canvas.save()
    data = pdf.retag(buffer.getvalue(), tags)
    warnings = ([spec.spine_note] if spec.spine_note else []) + drawer.warnings
    return RenderedCover(data, tuple(warnings))
