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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from publisher.model import Band, Booklet, CellRole, Grid, PlacedGrid, TextBlock
from publisher.render import Renderer, register

CREATOR = "puzzlepress"
SOLVED_GREY = 0.4          # fill of solved digits in answers (0 black .. 1 white)
SOLVED_SCALE = 0.9         # solved digits a little smaller than givens
PATH_GREY = 0.55           # tour path under the numbers
PROJECTING_CAP = 2


@dataclass(frozen=True)
class _Face:
    """A registered TTF and the metrics drawing needs (per 1 pt of size)."""

    name: str
    cap_height: float
    ascent: float


_FACES: dict[Path, _Face] = {}


def _face(path: Path) -> _Face:
    """Register a TTF once per process under a name unique to its file, so two
    books with different fonts of the same family never clash."""
    path = Path(path).resolve()
    if path not in _FACES:
        name = f"pp-{path.stem}-{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
        font = TTFont(name, str(path))
        pdfmetrics.registerFont(font)
        face = font.face
        _FACES[path] = _Face(name, face.capHeight / 1000, face.ascent / 1000)
    return _FACES[path]


class _PageDrawer:
    """Draws the blocks of one booklet onto a canvas (model y grows downwards)."""

    def __init__(self, canvas: Canvas, booklet: Booklet) -> None:
        self.c = canvas
        self.height = booklet.page_height
        self.regular = _face(booklet.fonts.regular)
        self.bold = _face(booklet.fonts.bold)
        self.encodings: dict[tuple[str, float, str], tuple[str, float]] = {}
        self.runs: dict[int, list[tuple[float, float, float, float, float]]] = {}

    def y(self, top: float) -> float:
        return self.height - top

    # -- text ----------------------------------------------------------------
    def text(self, block: TextBlock) -> None:
        style = block.style
        face = self.bold if style.bold else self.regular
        c = self.c
        c.setFillGray(0)
        c.setFont(face.name, style.size)
        first = block.y + (style.leading - style.size) / 2 + face.ascent * style.size * 0.9
        for index, line in enumerate(block.lines):
            baseline = self.y(first + index * style.leading)
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
        grid, style = item.grid, item.caption_style
        face = self.bold if style.bold else self.regular
        self.c.setFillGray(0)
        self.c.setFont(face.name, style.size)
        baseline = item.y + item.caption_height - 0.3 * style.size - (item.caption_height - style.leading) / 2
        self.c.drawCentredString(item.x + grid.width / 2, self.y(baseline), item.caption)
        top = item.y + item.caption_height
        self.shading(grid, item.x, top)
        if grid.path:
            self.path(grid, item.x, top)
        self.cells(grid, item.x, top)
        self.lines(grid, item.x, top)

    def shading(self, grid: Grid, left: float, top: float) -> None:
        if not grid.shaded:
            return
        size, ops = grid.cell_size, [f"{Grid.SHADE_GREY:g} g"]
        for index, dark in enumerate(grid.shaded):
            if dark:
                r, col = divmod(index, grid.cols)
                ops.append(f"{left + col * size:.2f} {self.y(top + (r + 1) * size):.2f} {size:.2f} {size:.2f} re")
        ops.append("f")
        self.literal(ops)

    def lines(self, grid: Grid, left: float, top: float) -> None:
        """Thin lines first, thick on top with projecting caps (so box corners
        close), each run of equal width as one segment."""
        key = id(grid.borders)
        if key not in self.runs:
            self.runs[key] = _line_runs(grid)
        runs, size = self.runs[key], grid.cell_size
        thinnest = min(run[0] for run in runs)
        ops = ["0 G"]
        for width in sorted({run[0] for run in runs}):
            ops.append(f"{width:g} w {PROJECTING_CAP if width > thinnest else 0} J")
            ops.extend(f"{left + x1 * size:.2f} {self.y(top + y1 * size):.2f} m "
                       f"{left + x2 * size:.2f} {self.y(top + y2 * size):.2f} l"
                       for w, x1, y1, x2, y2 in runs if w == width)
            ops.append("S")
        self.literal(ops)

    def literal(self, operators: list[str]) -> None:
        """PDF operators inside q/Q, so the canvas's own graphics state stays
        true. Used for the bulk of a grid (lines, fills, cell text), where
        reportlab's pure-Python per-call formatting would dominate the time."""
        self.c.addLiteral("q\n" + "\n".join(operators) + "\nQ")

    def cells(self, grid: Grid, left: float, top: float) -> None:
        """Cell text optically centred on the cap height; givens bold black,
        solved digits regular, smaller and grey; queens drawn as shapes."""
        size = grid.cell_size
        tour = grid.path is not None
        for role, face, grey, scale in ((CellRole.GIVEN, self.bold, 0, 1.0),
                                        (CellRole.SOLVED, self.regular, SOLVED_GREY, SOLVED_SCALE)):
            font_size = round(grid.font_size * scale, 2)
            drop = face.cap_height * font_size / 2
            placed = []
            for index, cell in enumerate(grid.cells):
                if cell.role is role:
                    r, col = divmod(index, grid.cols)
                    placed.append((left + (col + 0.5) * size, self.y(top + (r + 0.5) * size), cell.text))
            if tour:
                for cx, cy, text in placed:
                    self.knockout(text, face, font_size, cx, cy)
            if placed:
                self.centred_strings(face, font_size, 0 if tour else grey,
                                     [(cx, cy - drop, text) for cx, cy, text in placed])
        for index, cell in enumerate(grid.cells):
            if cell.role is CellRole.QUEEN:
                r, col = divmod(index, grid.cols)
                self.queen(left + (col + 0.5) * size, self.y(top + (r + 0.5) * size), size)

    def centred_strings(self, face: _Face, size: float, grey: float,
                        strings: list[tuple[float, float, str]]) -> None:
        """Many short strings in one text object. reportlab's pure-Python text
        path costs ~40 us a string (100,000 cell digits in a 1,000-puzzle
        book); here each distinct string is encoded once by a reportlab text
        object and then placed with one ``Tm`` per cell."""
        parts = [f"{grey:g} g BT"]
        for x, y, text in strings:
            operators, width = self.encoded(face, size, text)
            parts.append(f"1 0 0 1 {x - width / 2:.2f} {y:.2f} Tm {operators}")
        parts.append("ET")
        self.literal(parts)

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

    def knockout(self, text: str, face: _Face, font_size: float, cx: float, cy: float) -> None:
        """A white patch under a tour number so the path never crosses its digits."""
        width = pdfmetrics.stringWidth(text, face.name, font_size) + font_size * 0.3
        height = face.cap_height * font_size * 1.5
        self.c.setFillGray(1)
        self.c.rect(cx - width / 2, cy - height / 2, width, height, stroke=0, fill=1)

    def queen(self, cx: float, cy: float, size: float) -> None:
        """A queen as a filled disc inside a ring: vector, no font glyph needed."""
        c = self.c
        c.setFillGray(0)
        c.setStrokeGray(0)
        c.circle(cx, cy, size * 0.22, stroke=0, fill=1)
        c.setLineWidth(max(size * 0.05, 0.75))
        c.circle(cx, cy, size * 0.34, stroke=1, fill=0)

    def path(self, grid: Grid, left: float, top: float) -> None:
        """The tour: a grey polyline through cell centres (a loop when closed),
        a filled dot at the start and an open ring at the end."""
        c, size, squares = self.c, grid.cell_size, grid.path or ()

        def centre(square: tuple[int, int]) -> tuple[float, float]:
            return left + (square[1] + 0.5) * size, self.y(top + (square[0] + 0.5) * size)

        c.setStrokeGray(PATH_GREY)
        c.setLineWidth(grid.path_width)
        c.setLineJoin(1)
        line = c.beginPath()
        line.moveTo(*centre(squares[0]))
        for square in squares[1:]:
            line.lineTo(*centre(square))
        if grid.closed:
            line.close()
        c.drawPath(line, stroke=1, fill=0)
        c.setLineJoin(0)
        c.setStrokeGray(0)
        c.setFillGray(0)
        c.setLineWidth(max(grid.path_width, 0.75))
        c.circle(*centre(squares[0]), size * 0.42, stroke=0, fill=1)
        c.circle(*centre(squares[-1]), size * 0.42, stroke=1, fill=0)


def _line_runs(grid: Grid) -> list[tuple[float, float, float, float, float]]:
    """Grid lines as (width, x1, y1, x2, y2) in cell units, neighbouring
    segments of equal width merged into one run."""
    rows, cols, borders = grid.rows, grid.cols, grid.borders
    runs: list[tuple[float, float, float, float, float]] = []

    def merge(widths: list[float], fixed: float, horizontal: bool) -> None:
        start = 0
        for i in range(1, len(widths) + 1):
            if i == len(widths) or widths[i] != widths[start]:
                a, b = float(start), float(i)
                runs.append((widths[start], a, fixed, b, fixed) if horizontal
                            else (widths[start], fixed, a, fixed, b))
                start = i

    for r in range(rows + 1):
        merge([borders[r * cols + c].top if r < rows else borders[(r - 1) * cols + c].bottom
               for c in range(cols)], float(r), True)
    for col in range(cols + 1):
        merge([borders[r * cols + col].left if col < cols else borders[r * cols + col - 1].right
               for r in range(rows)], float(col), False)
    return runs


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Flate-compressed streams without reportlab's default ASCII85 wrapping:
    a quarter smaller and, in pure Python, a fifth of the render time. The
    switch is process-wide in reportlab, so it is restored afterwards."""
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
        with _binary_streams():
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
                for block in (page.header, page.footer, *page.blocks):
                    if isinstance(block, TextBlock):
                        drawer.text(block)
                    elif isinstance(block, Band):
                        drawer.band(block)
                canvas.showPage()
            canvas.save()
        return buffer.getvalue()
