"""PDF renderer: draws the book model with reportlab's canvas, nothing more.

What a print service checks is decided here once: every font is a TTF the
canvas embeds (the canvas's initial font is ours, so no Helvetica is ever
referenced), the page size is exactly the model's, the file is identical on
every run (``invariant``), and the document carries title, author, subject
and language. Grids are vectors: shading, then thin lines, then thick lines
with projecting caps so box corners close; text is drawn with ``drawString``
(never ``Paragraph``, which would parse user text as markup).
"""
from __future__ import annotations

import hashlib
import io
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString
from reportlab.pdfbase.ttfonts import SUBSETN, TTFont
from reportlab.pdfgen.canvas import Canvas

from publisher.marks import candidate_places, circle_radius, circle_stroke
from publisher.model import (
    QUEEN_SHAPE,
    SHADE_NONE,
    Band,
    Booklet,
    CellRole,
    Grid,
    Ink,
    PlacedGrid,
    QrCode,
    TextBlock,
    TextStyle,
    centred_baseline,
)
from publisher.render import Renderer, register

CREATOR = "puzzlepress"
PROJECTING_CAP = 2


@dataclass(frozen=True)
class _Face:
    """A registered TTF and the metrics drawing needs (per 1 pt of size)."""

    name: str
    cap_height: float


_FACES: dict[Path, _Face] = {}


def _face(path: Path) -> _Face:
    """Register a TTF once per process under a name unique to its file, so two
    books with different fonts of the same family never clash."""
    path = Path(path).resolve()
    if path not in _FACES:
        name = f"pp-{path.stem}-{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
        font = TTFont(name, str(path))
        pdfmetrics.registerFont(font)
        _FACES[path] = _Face(name, font.face.capHeight / 1000)
    return _FACES[path]


def font_face(path: Path) -> tuple[str, float]:
    """The canvas name of a TTF (registered once) and its cap height per point, for
    other PDF drawings that use the book's typeface (the cover)."""
    face = _face(path)
    return face.name, face.cap_height


def font_extent(path: Path) -> tuple[float, float]:
    """Ascent and descent (negative) of a TTF per point: the box readers give its glyphs."""
    face = pdfmetrics.getFont(_face(path).name).face
    return face.ascent / 1000, face.descent / 1000


def draw_grid(canvas: Canvas, booklet: Booklet, grid: Grid, left: float, top: float) -> None:
    """A grid drawn with ``booklet``'s fonts and ink on another canvas, its top-left corner at
    (``left``, ``top``) in PDF coordinates: the cover's front puzzle, drawn as the interior
    draws its grids."""
    drawer = _PageDrawer(canvas, booklet)
    drawer.height = 0.0      # model y is measured down from the origin the translation sets
    canvas.saveState()
    canvas.translate(left, top)
    drawer.grid(grid, (0.0, -grid.height))
    canvas.restoreState()


class _PageDrawer:
    """Draws the blocks of one booklet onto a canvas (model y grows downwards)."""

    def __init__(self, canvas: Canvas, booklet: Booklet) -> None:
        self.c = canvas
        self.height = booklet.page_height
        self.links, self.role = booklet.links, booklet.role
        self.ink = booklet.ink
        self.regular = _face(booklet.fonts.regular)
        self.bold = _face(booklet.fonts.bold)
        self.encodings: dict[tuple[str, float, str], tuple[str, float]] = {}
        self.operators: dict[tuple, str] = {}
        self.placements: dict[tuple, str] = {}

    def y(self, top: float) -> float:
        return self.height - top

    # -- text ----------------------------------------------------------------
    def text(self, block: TextBlock) -> None:
        style = block.style
        face = self.bold if style.bold else self.regular
        c = self.c
        c.setFillGray(0)
        c.setFont(face.name, style.size)
        if block.link is not None and self.links:
            self.link(block.link, (block.x, block.y, block.x + block.width, block.y + block.height))
        for index, line in enumerate(block.lines):
            baseline = self.y(_baseline(block.y + index * style.leading, style, face))
            if style.align == "center":
                c.drawCentredString(block.x + block.width / 2, baseline, line)
            elif style.align == "right":
                c.drawRightString(block.x + block.width, baseline, line)
            else:
                c.drawString(block.x, baseline, line)

    # -- grids -----------------------------------------------------------------
    def band(self, band: Band) -> None:
        for item in band.items:
            self.placed(item)

    def placed(self, item: PlacedGrid) -> None:
        """A caption and its grid. The grid is drawn in its own coordinates
        (origin at its bottom-left corner, via ``cm``), so the operators of
        its lines and shading are the same string for every grid of a shape."""
        grid, style = item.grid, item.caption_style
        face = self.bold if style.bold else self.regular
        self.c.setFillGray(0)
        self.c.setFont(face.name, style.size)
        for index, line in enumerate(item.captions):
            self.c.drawCentredString(item.x + grid.width / 2,
                                     self.y(_baseline(item.y + index * style.leading, style, face)), line)
        if item.note and item.note_style is not None:
            note = item.note_style
            self.c.setFont(self.regular.name, note.size)
            for index, line in enumerate(item.note_lines or (item.note,)):
                top = item.y + item.note_top + index * note.leading
                self.c.drawCentredString(item.x + grid.width / 2, self.y(_baseline(top, note, self.regular)), line)
        if item.ref is not None and item.ref.text:
            self.ref(item)
        if item.qr is not None:
            self.qr(item.qr, item.x, item.y)
        self.grid(grid, (item.x, self.y(item.y + item.caption_height + grid.height)))

    def qr(self, code: QrCode, x: float, y: float) -> None:
        """A QR code's dark modules as black rectangles (a row's run as one), a link over it
        where the file carries links."""
        left, top, module = x + code.x, y + code.y, code.module
        path = self.c.beginPath()
        for r, start, run in code.runs():
            path.rect(left + start * module, self.y(top + (r + 1) * module), run * module, module)
        self.c.setFillGray(0)
        self.c.drawPath(path, stroke=0, fill=1)
        if self.links:
            bottom = top + code.side
            self.c.linkURL(code.link, (left, self.y(bottom), left + code.side, self.y(top)), relative=1, thickness=0)

    def grid(self, grid: Grid, origin: tuple[float, float]) -> None:
        """A grid with its bottom-left corner at ``origin`` (PDF coordinates)."""
        if grid.shaded:
            self.literal(origin, self.cached(("shade", id(grid.shaded), grid.cell_size),
                                             lambda g: _shading_ops(g, self.ink), grid))
        self.literal(origin, self.text_ops(grid))
        for role in (CellRole.QUEEN, CellRole.SOLVED_QUEEN):
            queens = [i for i, cell in enumerate(grid.cells) if cell.role is role]
            if queens:
                self.queens(grid, origin, queens, self.ink.text_grey(role))
        if grid.tour:
            self.tour(grid, origin)
        if grid.coordinates:
            self.coordinates(grid, origin)
        if grid.cages:
            self.cages(grid, origin)
        if grid.marks:
            self.marks(grid, origin)
        self.literal(origin, self.cached(("lines", id(grid.borders), grid.cell_size), _line_ops, grid))
        if grid.signs:
            self.signs(grid, origin)

    def signs(self, grid: Grid, origin: tuple[float, float]) -> None:
        """The model's signs over the cell lines: white patches cutting the lines, the chevrons
        and bars in black."""
        signs, c = grid.signs, self.c
        assert signs is not None
        c.saveState()
        c.translate(*origin)
        c.setFillGray(1)
        for x, y, w, h in signs.clear:
            c.rect(x, grid.height - y - h, w, h, stroke=0, fill=1)
        c.setStrokeGray(0)
        c.setLineWidth(signs.width)
        c.setLineCap(2)
        c.setLineJoin(0)
        path = c.beginPath()
        for points in signs.strokes:
            path.moveTo(points[0][0], grid.height - points[0][1])
            for x, y in points[1:]:
                path.lineTo(x, grid.height - y)
        c.drawPath(path, stroke=1, fill=0)
        c.setLineWidth(signs.bar_width)
        c.setLineCap(0)
        for x1, y1, x2, y2 in signs.bars:
            c.line(x1, grid.height - y1, x2, grid.height - y2)
        c.restoreState()

    def ref(self, item: PlacedGrid) -> None:
        """The cross-reference line, a link to its page when the target is in this file."""
        ref = item.ref
        assert ref is not None
        top = item.y + item.ref_top
        self.c.setFillGray(0)
        self.c.setFont(self.regular.name, ref.style.size)
        self.c.drawCentredString(item.x + item.grid.width / 2, self.y(_baseline(top, ref.style, self.regular)),
                                 ref.text)
        if self.links:
            width = pdfmetrics.stringWidth(ref.text, self.regular.name, ref.style.size)
            left = item.x + (item.grid.width - width) / 2
            box = (left, top, left + width, top + ref.style.leading)
            if ref.role == self.role:
                self.link(ref.page, box)
            else:
                self.remote_link(f"{ref.stem}.pdf", ref.page, box)

    def link(self, page: int, box: tuple[float, float, float, float]) -> None:
        """A link annotation over ``box`` (model coordinates) to the top of ``page``."""
        x1, top, x2, bottom = box
        self.c.linkRect("", _page_key(page), (x1, self.y(bottom), x2, self.y(top)), relative=1, thickness=0)

    def remote_link(self, file: str, page: int, box: tuple[float, float, float, float]) -> None:
        """A link to ``page`` of the booklet ``file`` beside this one (a GoToR action to the
        page's named destination, see :func:`_name_pages`; viewers open it when the two
        files sit side by side).
        reportlab's own ``linkURL(kind="GoToR")`` always opens the first page, so the same
        annotation is written here with the destination."""
        x1, top, x2, bottom = box
        action = PDFDictionary({"S": PDFName("GoToR"), "F": PDFString(file), "D": PDFName(_page_key(page))})
        annotation = PDFDictionary({"Type": PDFName("Annot"), "Subtype": PDFName("Link"),
                                    "Rect": PDFArray(self.c._absRect((x1, self.y(bottom), x2, self.y(top)), 1)),
                                    "Border": PDFArray([0, 0, 0]), "A": action})
        self.c._addAnnotation(annotation)

    def cached(self, key: tuple, make: Callable[[Grid], str], grid: Grid) -> str:
        if key not in self.operators:
            self.operators[key] = make(grid)
        return self.operators[key]

    def literal(self, origin: tuple[float, float], operators: str) -> None:
        """PDF operators inside q/Q, so the canvas's own graphics state stays
        true. Used for the bulk of a grid (lines, fills, cell text), where
        reportlab's pure-Python per-call formatting would dominate the time."""
        self.c.addLiteral(f"q 1 0 0 1 {origin[0]:.2f} {origin[1]:.2f} cm\n{operators}\nQ")

    def text_ops(self, grid: Grid) -> str:
        """Cell text optically centred on the cap height, in the ink the model
        gives each role (givens bold black, solved digits regular and grey).
        reportlab's pure-Python text
        path costs ~40 us a string (100,000 digits in a 1,000-puzzle book), so
        each distinct string is encoded once by a reportlab text object, and
        each (shape, cell, text) placement is formatted once."""
        by_role: dict[CellRole, list[tuple[int, str]]] = {CellRole.GIVEN: [], CellRole.SOLVED: []}
        for index, cell in enumerate(grid.cells):
            if cell.role in by_role:
                by_role[cell.role].append((index, cell.text))
        shape = (grid.rows, grid.cols, grid.cell_size, grid.font_size)
        parts = []
        for role in (CellRole.GIVEN, CellRole.SOLVED):
            if by_role[role]:
                parts.append(f"{self.ink.text_grey(role):g} g BT")
                for index, text in by_role[role]:
                    key = (shape, role, index, text)
                    if key not in self.placements:
                        self.placements[key] = self.placement(grid, role, index, text)
                    parts.append(self.placements[key])
                parts.append("ET")
        return "\n".join(parts)

    def placement(self, grid: Grid, role: CellRole, index: int, text: str) -> str:
        """Operators that show ``text`` centred in cell ``index``."""
        face = self.bold if self.ink.text_bold(role) else self.regular
        size = round(self.ink.text_size(role, grid.font_size), 2)
        operators, width = self.encoded(face, size, text)
        cx, cy = _centres(grid.rows, grid.cols, grid.cell_size)[index]
        return f"1 0 0 1 {cx - width / 2:.2f} {cy - face.cap_height * size / 2:.2f} Tm {operators}"

    def encoded(self, face: _Face, size: float, text: str) -> tuple[str, float]:
        """The show-text operators of ``text`` (font, subset, encoded bytes) and
        its width, as reportlab's own text object writes them."""
        key = (face.name, size, text)
        if key not in self.encodings:
            probe = self.c.beginText()
            probe.setFont(face.name, size)
            probe.textOut(text)
            code = probe.getCode()
            start = code.index(" Tm ") + 4
            self.encodings[key] = (code[start:-3].strip(), pdfmetrics.stringWidth(text, face.name, size))
        return self.encodings[key]

    def queens(self, grid: Grid, origin: tuple[float, float], cells: list[int], grey: float) -> None:
        """Queens as the model's crown (vector, no font glyph needed), in the
        grey the model gives their role."""
        c, size, centres = self.c, grid.cell_size, _centres(grid.rows, grid.cols, grid.cell_size)
        side = size * grid.queen_scale
        c.saveState()
        c.translate(*origin)
        c.setFillGray(grey)
        for index in cells:
            cx, cy = centres[index]
            left, top = cx - side / 2, cy + side / 2
            for polygon in QUEEN_SHAPE:
                outline = c.beginPath()
                outline.moveTo(left + polygon[0][0] * side, top - polygon[0][1] * side)
                for x, y in polygon[1:]:
                    outline.lineTo(left + x * side, top - y * side)
                outline.close()
                c.drawPath(outline, stroke=0, fill=1)
        c.restoreState()

    def coordinates(self, grid: Grid, origin: tuple[float, float]) -> None:
        """The model's files and ranks, each capital centred in its line box."""
        marks = grid.coordinates
        assert marks is not None
        c = self.c
        c.saveState()
        c.translate(*origin)
        c.setFillGray(self.ink.coordinate_grey)
        c.setFont(self.regular.name, marks.size)
        for label in marks.labels:
            baseline = label.y + marks.size / 2 + self.regular.cap_height * marks.size / 2
            c.drawString(label.x, grid.height - baseline, label.text)
        c.restoreState()

    def cages(self, grid: Grid, origin: tuple[float, float]) -> None:
        """The model's cages: dashed outlines inset from the cell lines, totals in the corner."""
        cages, c = grid.cages, self.c
        assert cages is not None
        c.saveState()
        c.translate(*origin)
        c.setStrokeGray(cages.grey)
        c.setFillGray(cages.grey)
        c.setLineWidth(cages.width)
        c.setDash(list(cages.dash))
        line = c.beginPath()
        for x1, y1, x2, y2 in cages.segments:
            line.moveTo(x1, grid.height - y1)
            line.lineTo(x2, grid.height - y2)
        c.drawPath(line, stroke=1, fill=0)
        c.setFont(self.regular.name, cages.font_size)
        for label in cages.labels:
            c.drawString(label.x, grid.height - label.y, label.text)
        c.restoreState()

    def marks(self, grid: Grid, origin: tuple[float, float]) -> None:
        """A worked example's pencil marks (:mod:`publisher.marks` places them): candidates as
        small text at their keypad places, a line through each struck one, a circle round a
        placed value."""
        c, size = self.c, grid.cell_size
        c.saveState()
        c.translate(*origin)
        for index, mark in enumerate(grid.marks or ()):
            if mark is None:
                continue
            r, col = divmod(index, grid.cols)
            for drawn in candidate_places(mark, size):
                x, y = col * size + drawn.x, grid.height - (r * size + drawn.y)
                c.setFillGray(self.ink.candidate_grey)
                c.setFont(self.regular.name, drawn.font)
                c.drawCentredString(x, y - self.regular.cap_height * drawn.font / 2, drawn.text)
                if drawn.struck:
                    c.setStrokeGray(0)
                    c.setLineWidth(drawn.stroke)
                    c.line(x - drawn.half, y - drawn.half, x + drawn.half, y + drawn.half)
            if mark.placed:
                c.setStrokeGray(0)
                c.setLineWidth(circle_stroke(size))
                c.circle((col + 0.5) * size, grid.height - (r + 0.5) * size, circle_radius(size), stroke=1, fill=0)
        c.restoreState()

    def tour(self, grid: Grid, origin: tuple[float, float]) -> None:
        """The model's tour drawing: segments that stop short of the numbers,
        a circle round the start and a square round the end."""
        tour, c = grid.tour, self.c
        assert tour is not None
        c.saveState()
        c.translate(*origin)
        c.setStrokeGray(self.ink.path_grey)
        c.setLineWidth(tour.width)
        c.setLineCap(1)
        c.setLineJoin(1)    # round: a mitred stroke's bounds (MuPDF's, preflight's) reach 10 widths out
        line = c.beginPath()
        for x1, y1, x2, y2 in tour.segments:
            line.moveTo(x1, grid.height - y1)
            line.lineTo(x2, grid.height - y2)
        c.drawPath(line, stroke=1, fill=0)
        c.setStrokeGray(self.ink.marker_grey)
        c.setLineWidth(tour.marker_width)
        c.circle(tour.start[0], grid.height - tour.start[1], tour.marker, stroke=1, fill=0)
        m = tour.marker
        c.rect(tour.end[0] - m, grid.height - tour.end[1] - m, 2 * m, 2 * m, stroke=1, fill=0)
        c.restoreState()


def _name_pages(canvas: Canvas, booklet: Booklet) -> None:
    """Every page's destination named in the document catalog (``/Dests``), so a link from
    the other booklet (a GoToR action naming ``p12``) opens that page. reportlab binds its
    page destinations only for links inside the file; its registry of them is read here."""
    canvas.setCatalogEntry("Dests", PDFDictionary({
        _page_key(page.number): canvas._bookmarkReference(_page_key(page.number)) for page in booklet.pages}))


def _page_key(number: int) -> str:
    """The named destination of a page (links and bookmarks point at it)."""
    return f"p{number}"


def _baseline(top: float, style: TextStyle, face: _Face) -> float:
    """Baseline (model y) of a line of ``style`` whose box starts at ``top``."""
    return centred_baseline(top, style, face.cap_height)


@lru_cache(maxsize=64)
def _centres(rows: int, cols: int, size: float) -> tuple[tuple[float, float], ...]:
    """Cell centres in grid coordinates (origin bottom-left, y up), row-major."""
    return tuple(((col + 0.5) * size, (rows - r - 0.5) * size) for r in range(rows) for col in range(cols))


def _shading_ops(grid: Grid, ink: Ink) -> str:
    """Every shaded cell filled with its level's grey, one fill per level."""
    size, ops = grid.cell_size, []
    shaded = grid.shaded or ()
    for level in sorted(set(shaded) - {SHADE_NONE}):
        ops.append(f"{ink.shade(level):g} g")
        for index, here in enumerate(shaded):
            if here == level:
                r, col = divmod(index, grid.cols)
                ops.append(f"{col * size:.2f} {(grid.rows - r - 1) * size:.2f} {size:.2f} {size:.2f} re")
        ops.append("f")
    return "\n".join(ops)


def _line_ops(grid: Grid) -> str:
    """Thin lines first, thick on top with projecting caps (so box corners
    close), each run of equal width as one segment."""
    runs, size, height = grid.line_runs(), grid.cell_size, grid.height
    thinnest = min(run[0] for run in runs)
    ops = ["0 G"]
    for width in sorted({run[0] for run in runs}):
        ops.append(f"{width:g} w {PROJECTING_CAP if width > thinnest else 0} J")
        ops.extend(f"{x1 * size:.2f} {height - y1 * size:.2f} m {x2 * size:.2f} {height - y2 * size:.2f} l"
                   for w, x1, y1, x2, y2 in runs if w == width)
        ops.append("S")
    return "\n".join(ops)


_RL_CONFIG_LOCK = threading.Lock()


@contextmanager
def binary_streams() -> Iterator[None]:
    """Flate-compressed streams without reportlab's default ASCII85 wrapping:
    a quarter smaller and, in pure Python, a fifth of the render time. The
    switch is process-wide in reportlab, so renders hold a lock (two threads
    must not flip it under each other: the bytes would differ run to run)
    and it is restored afterwards."""
    with _RL_CONFIG_LOCK:
        saved = rl_config.useA85
        rl_config.useA85 = 0
        try:
            yield
        finally:
            rl_config.useA85 = saved


@register
class PdfRenderer(Renderer):
    """Booklet -> PDF bytes, identical on every run."""

    name = "pdf"
    extension = "pdf"

    def render(self, booklet: Booklet) -> bytes:
        buffer = io.BytesIO()
        with binary_streams():
            canvas = Canvas(buffer, pagesize=(booklet.page_width, booklet.page_height), invariant=1,
                            pageCompression=1, initialFontName=_face(booklet.fonts.regular).name,
                            initialFontSize=10, lang=booklet.language)
            canvas.setTitle(booklet.title)
            canvas.setAuthor(booklet.author or "")
            canvas.setSubject(booklet.subject)
            canvas.setCreator(CREATOR)
            canvas.setProducer(CREATOR)
            drawer = _PageDrawer(canvas, booklet)
            for page in booklet.pages:
                if booklet.print_ready:
                    _page_boxes(canvas, booklet, page.is_right_hand)
                canvas.bookmarkPage(_page_key(page.number))
                for index, entry in enumerate(booklet.outline):
                    if entry.page == page.number:    # a destination of its own: an entry is known by its key
                        canvas.bookmarkPage(f"o{index}")
                        canvas.addOutlineEntry(entry.title, f"o{index}", level=entry.level)
                for block in (page.header, page.footer, *page.blocks):
                    if isinstance(block, TextBlock):
                        drawer.text(block)
                    elif isinstance(block, Band):
                        drawer.band(block)
                canvas.showPage()
            if booklet.outline:
                canvas.showOutline()
            if booklet.links:
                _name_pages(canvas, booklet)
            tags = subset_tags(canvas, (booklet.fonts.regular, booklet.fonts.bold))
            canvas.save()
        return retag(buffer.getvalue(), tags)


def retag(data: bytes, tags: dict[bytes, bytes]) -> bytes:
    """``data`` with the font subset names of :func:`subset_tags` replaced."""
    for old, new in tags.items():
        data = re.sub(re.escape(old) + rb"(?=[\s/>\]])", new, data)
    return data


def page_boxes(booklet: Booklet, right_hand: bool) -> tuple[tuple[float, float], tuple[float, float, float, float]]:
    """The PDF page (media = bleed box) and the trim box on it of one page of a
    print-profile booklet: with bleed the page grows by the bleed on the top,
    bottom and outside edge (the outside is the left edge of a left-hand page),
    or on every edge; without bleed the trim is the page."""
    width, height, bleed = booklet.page_width, booklet.page_height, booklet.print_rules and booklet.print_rules.bleed
    if not bleed:
        return (width, height), (0.0, 0.0, width, height)
    b = bleed.amount
    left = b if bleed.all_edges or not right_hand else 0.0
    media = (width + (2 * b if bleed.all_edges else b), height + 2 * b)
    return media, (left, b, left + width, b + height)


def _page_boxes(canvas: Canvas, booklet: Booklet, right_hand: bool) -> None:
    """Size the canvas's next page and set its TrimBox and BleedBox; the model's
    trim-box coordinates are moved onto the trim (the canvas state resets at each page)."""
    media, trim = page_boxes(booklet, right_hand)
    canvas.setPageSize(media)
    canvas.setTrimBox(tuple(round(v, 3) for v in trim))
    canvas.setBleedBox((0, 0, round(media[0], 3), round(media[1], 3)))
    canvas.translate(trim[0], trim[1])


def subset_tags(canvas: Canvas, files: tuple[Path, ...]) -> dict[bytes, bytes]:
    """Font subset names with tags derived from each subset's characters, old
    to new (reportlab tags every font's first subset AAAAAA+, so two fonts or
    two books would share one). Read before the canvas is saved (saving
    drops the subsets); the names have the same length, so replacing them in
    the file's uncompressed dictionaries keeps every offset valid, and the
    same content still gives the same bytes. (The creation date is
    reportlab's: 2000-01-01, or SOURCE_DATE_EPOCH when set.)"""
    tags = {}
    for name in dict.fromkeys(_face(path).name for path in files):
        font = pdfmetrics.getFont(name)
        state = font.state.get(canvas._doc)
        if state is None:
            continue
        base = font.face.name
        for index, subset in enumerate(state.subsets):
            digest = hashlib.sha256(base + b"/" + ",".join(map(str, subset)).encode("ascii")).digest()
            tag = bytes(65 + byte % 26 for byte in digest[:6])
            tags[b"/" + SUBSETN(index) + b"+" + base] = b"/" + tag + b"+" + base
    return tags
