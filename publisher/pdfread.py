"""Our PDFs read back as a printer sees them, with PDFium (pypdfium2): page boxes, where every
run of glyphs, drawing and image puts ink, fonts, links, transparency, and a page as pixels.

Preflight measures the files a build wrote (never the layout's intent) and export rasterises
its one-grid pages; both read PDFs only through here. PDFium is the PDF engine of Chromium:
maintained, permissively licensed (we ship under MIT; MuPDF, which this replaced, is
AGPL-3.0), and 10 MB installed against MuPDF's 65.

Coordinates are PDF points with the origin at the bottom-left of the page (y grows upwards),
as the page boxes are written.
"""
from __future__ import annotations

import ctypes
import io
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

__all__ = ["Box", "Page", "Run", "open_pdf", "png"]

#: Affine matrix (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f
Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
#: (x0, y0, x1, y1), x0 <= x1 and y0 <= y1
Box = tuple[float, float, float, float]


class UnreadablePdf(ValueError):
    """Bytes PDFium cannot open as a PDF (the message says why)."""


@dataclass(frozen=True)
class Run:
    """A run of glyphs drawn by one text-showing operator: its text, the box of its line (the
    font's ascent to descent over the glyphs' advances, what a reader selects) and the box of
    its ink (the union of its glyphs' outlines)."""

    text: str
    line: Box
    ink: Box


@dataclass(frozen=True)
class Drawing:
    """A path's or image's painted box (a stroke widened by half its line width)."""

    box: Box
    what: str                 # "a drawing" | "an image"


class Page:
    """One page of an opened PDF."""

    def __init__(self, page: pdfium.PdfPage) -> None:
        self._page = page

    def boxes(self) -> tuple[Box, Box | None, Box | None]:
        """MediaBox (inherited from the page tree when the page has none), and the TrimBox and
        BleedBox as the page's own dictionary gives them (None where it has none)."""
        media = self._page.get_mediabox()
        return media, self._page.get_trimbox(fallback_ok=False), self._page.get_bleedbox(fallback_ok=False)

    def runs(self) -> Iterator[Run]:
        """Every run of glyphs with visible text, in content order."""
        text = self._page.get_textpage()
        try:
            current: int | None = None
            chars: list[str] = []
            lines: list[Box] = []
            inks: list[Box] = []
            for index in range(text.count_chars()):
                owner = ctypes.cast(pdfium_c.FPDFText_GetTextObject(text, index), ctypes.c_void_p).value
                if owner is None:        # a line break PDFium inserts between runs: no glyph
                    continue
                if owner != current and chars:
                    yield from _run(chars, lines, inks)
                    chars, lines, inks = [], [], []
                current = owner
                char = text.get_text_range(index, 1)
                chars.append(char)
                if char.strip():
                    lines.append(text.get_charbox(index, loose=True))
                    inks.append(text.get_charbox(index))
            yield from _run(chars, lines, inks)
        finally:
            text.close()

    def drawings(self) -> Iterator[Drawing]:
        """Every filled or stroked path and every image, in page coordinates (inside form
        XObjects too)."""
        yield from _drawings(self._page.raw, _IDENTITY, form=False)

    def has_annotations(self) -> bool:
        """Links and every other annotation (a link is an annotation in PDF)."""
        return bool(pdfium_c.FPDFPage_GetAnnotCount(self._page))

    def has_transparency(self) -> bool:
        """An alpha below 1, a soft mask or a blend mode on any object of the page (the page's
        own flag says only whether it has a transparency group)."""
        return bool(pdfium_c.FPDFPage_HasTransparency(self._page)) or any(
            pdfium_c.FPDFPageObj_HasTransparency(obj) for obj in self._page.get_objects())

    def unembedded_fonts(self) -> Iterator[str]:
        """The base names of the page's fonts whose program the file does not carry (a Type 3
        font, drawn by the file's own procedures, counts as not embedded: no printer font)."""
        seen: set[str] = set()
        for obj in self._page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT]):
            font = pdfium_c.FPDFTextObj_GetFont(obj)
            if not font:
                continue
            name = _font_name(font)
            if name in seen:
                continue
            seen.add(name)
            size = ctypes.c_size_t(0)
            pdfium_c.FPDFFont_GetFontData(font, None, 0, ctypes.byref(size))
            if not pdfium_c.FPDFFont_GetIsEmbedded(font) or size.value == 0:
                yield name


class Document:
    """An opened PDF: its pages, one at a time."""

    def __init__(self, document: pdfium.PdfDocument) -> None:
        self._document = document

    def __len__(self) -> int:
        return len(self._document)

    def page(self, index: int) -> Page:
        return Page(self._document[index])

    def pages(self) -> Iterator[Page]:
        for index in range(len(self._document)):
            yield self.page(index)


@contextmanager
def open_pdf(data: bytes) -> Iterator[Document]:
    """The PDF in ``data``, closed after; :class:`UnreadablePdf` when PDFium cannot open it."""
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        raise UnreadablePdf(str(error)) from None
    try:
        yield Document(document)
    finally:
        document.close()


def png(data: bytes, dpi: int) -> bytes:
    """The first page of a PDF as a PNG at ``dpi``, which the file records (pHYs). The pixels
    are held by Python, so a page too large for the memory left is a MemoryError, which the
    CLI reports as its one "out of memory" line."""
    with open_pdf(data) as document:
        page = document._document[0]
        width, height = page.get_size()
        scale = dpi / 72
        pixels = round(width * scale) * round(height * scale)
        ctypes.create_string_buffer(pixels * 4)   # MemoryError here, before PDFium allocates anything
        image = page.render(scale=scale, bitmap_maker=pdfium.PdfBitmap.new_foreign).to_pil().convert("RGB")
        out = io.BytesIO()
        image.save(out, format="PNG", dpi=(dpi, dpi))
        return out.getvalue()


def _run(chars: list[str], lines: list[Box], inks: list[Box]) -> Iterator[Run]:
    text = "".join(chars).strip()
    if text and lines:
        yield Run(text, _union(lines), _union(inks))


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _font_name(font: object) -> str:
    """A font's base name without its subset tag (``ABCDEF+Roboto`` -> ``Roboto``)."""
    length = pdfium_c.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(length)
    pdfium_c.FPDFFont_GetBaseFontName(font, buffer, length)
    return buffer.value.decode("latin-1").split("+", 1)[-1]


def _matrix(obj: object) -> Matrix:
    m = pdfium_c.FS_MATRIX()
    if not pdfium_c.FPDFPageObj_GetMatrix(obj, ctypes.byref(m)):
        return _IDENTITY
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _then(inner: Matrix, outer: Matrix) -> Matrix:
    """``inner`` applied first, then ``outer``."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _drawings(parent: object, outer: Matrix, *, form: bool) -> Iterator[Drawing]:
    count = (pdfium_c.FPDFFormObj_CountObjects if form else pdfium_c.FPDFPage_CountObjects)(parent)
    get = pdfium_c.FPDFFormObj_GetObject if form else pdfium_c.FPDFPage_GetObject
    for index in range(max(count, 0)):
        obj = get(parent, index)
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            yield from _drawings(obj, _then(_matrix(obj), outer), form=True)
        elif kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            box = _path_box(obj, outer)
            if box is not None:
                yield Drawing(box, "a drawing")
        elif kind in (pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_SHADING):
            yield Drawing(_bounds(obj, outer), "an image" if kind == pdfium_c.FPDF_PAGEOBJ_IMAGE else "a drawing")


def _bounds(obj: object, outer: Matrix) -> Box:
    """PDFium's box of an object (in its parent's space), moved to the page."""
    x0, y0, x1, y1 = (ctypes.c_float() for _ in range(4))
    pdfium_c.FPDFPageObj_GetBounds(obj, *(ctypes.byref(v) for v in (x0, y0, x1, y1)))
    corners = [_apply(outer, x, y) for x in (x0.value, x1.value) for y in (y0.value, y1.value)]
    return _union([(x, y, x, y) for x, y in corners])


def _path_box(obj: object, outer: Matrix) -> Box | None:
    """The box a path paints: its points (curve control points included: a box never smaller
    than the curve), widened by half the line width when it is stroked. PDFium's own bounds
    widen a stroke by its whole width, which would put a grid's edge half a line nearer the
    trim than its ink is. None for a path neither filled nor stroked (a clip)."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(obj, ctypes.byref(fill), ctypes.byref(stroke))
    if not fill.value and not stroke.value:
        return None
    matrix = _then(_matrix(obj), outer)
    points: list[Box] = []
    x, y = ctypes.c_float(), ctypes.c_float()
    for index in range(pdfium_c.FPDFPath_CountSegments(obj)):
        segment = pdfium_c.FPDFPath_GetPathSegment(obj, index)
        if pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y)):
            px, py = _apply(matrix, x.value, y.value)
            points.append((px, py, px, py))
    if not points:
        return None
    x0, y0, x1, y1 = _union(points)
    if stroke.value:
        width = ctypes.c_float()
        pdfium_c.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(width))
        grow = width.value / 2 * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
        x0, y0, x1, y1 = x0 - grow, y0 - grow, x1 + grow, y1 + grow
    return (x0, y0, x1, y1)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
