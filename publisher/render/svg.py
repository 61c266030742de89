"""SVG renderer: one page of the book model as a vector drawing, every glyph an outline.

``puzzlepress export --format svg`` writes one file per puzzle for newspapers and websites.
It draws what the PDF renderer draws, from the same model and in the same order (shading,
cell text, queens, tour, coordinates, cages, pencil marks, then the lines, thin before thick),
at the same positions: text sits on :func:`~publisher.model.centred_baseline` with the font's
own cap height and advance widths, the metrics the PDF embeds. Text is drawn as paths (each
glyph's outline, from the TTF with fontTools, defined once and placed with ``<use>``), so the
file renders alike in every program with no font installed. The bytes depend on the booklet
alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from publisher.marks import candidate_places, circle_radius, circle_stroke
from publisher.model import (
    QUEEN_SHAPE,
    SHADE_NONE,
    Band,
    Booklet,
    CellRole,
    Grid,
    PlacedGrid,
    QrCode,
    SignDrawing,
    TextBlock,
    TextStyle,
    centred_baseline,
    grey_hex,
)
from publisher.render import Renderer, RenderError

#: strokes of the thick grid lines get square caps, so box corners close (PDF's projecting cap)
_CAPS = {True: "square", False: "butt"}


@dataclass(frozen=True)
class _Outlines:
    """A TTF's glyph outlines (SVG path data in font units, y up), advances and cap height."""

    units_per_em: int
    cap_height: float                    # per point of size
    glyph_of: dict[int, str]             # code point -> glyph name
    advance: dict[str, int]              # glyph name -> advance in font units
    path: dict[str, str]                 # glyph name -> outline ("" for a blank glyph)


@cache
def _outlines(font_file: Path) -> _Outlines:
    font = TTFont(str(font_file))
    glyphs = font.getGlyphSet()
    paths = {}
    for name in font.getGlyphOrder():
        pen = SVGPathPen(glyphs)
        glyphs[name].draw(pen)
        paths[name] = pen.getCommands()
    units = font["head"].unitsPerEm
    return _Outlines(units, font["OS/2"].sCapHeight / units, dict(font.getBestCmap()),
                     {name: metrics[0] for name, metrics in font["hmtx"].metrics.items()}, paths)


def _number(value: float) -> str:
    """A coordinate to two decimals, as the PDF writes them, without trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass
class _Drawing:
    """The SVG elements of one page and the glyph outlines they use (each defined once)."""

    booklet: Booklet
    body: list[str] = field(default_factory=list)
    glyphs: dict[str, str] = field(default_factory=dict)     # id -> path data

    def face(self, bold: bool) -> tuple[str, _Outlines]:
        path = self.booklet.fonts.bold if bold else self.booklet.fonts.regular
        return ("b" if bold and path != self.booklet.fonts.regular else "r"), _outlines(path)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        _, font = self.face(bold)
        return sum(font.advance[font.glyph_of.get(ord(char), ".notdef")] for char in text) * size / font.units_per_em

    def text(self, text: str, x: float, baseline: float, size: float, grey: float = 0.0, bold: bool = False,
             align: str = "left") -> None:
        """``text`` on ``baseline`` from ``x`` (its centre or right end for those alignments)."""
        key, font = self.face(bold)
        if align != "left":
            x -= self.width(text, size, bold) / (2 if align == "center" else 1)
        scale = size / font.units_per_em
        uses = []
        for char in text:
            name = font.glyph_of.get(ord(char), ".notdef")
            if font.path[name]:
                ident = f"{key}{name}"
                self.glyphs.setdefault(ident, font.path[name])
                uses.append(f'<use href="#{escape(ident)}" x="{_number(x / scale)}"/>')
            x += font.advance[name] * scale
        if uses:
            self.body.append(f'<g fill="#{grey_hex(grey)}" transform="translate(0 {_number(baseline)}) '
                             f'scale({scale:.6g} {-scale:.6g})">{"".join(uses)}</g>')

    def line_of(self, text: str, centre: float, top: float, style: TextStyle, bold: bool = False) -> None:
        """One centred line whose box starts at ``top``."""
        cap = self.face(bold)[1].cap_height
        self.text(text, centre, centred_baseline(top, style, cap), style.size, bold=bold, align="center")

    # -- page blocks ------------------------------------------------------------
    def block(self, block: TextBlock) -> None:
        style = block.style
        cap = self.face(style.bold)[1].cap_height
        x = {"center": block.x + block.width / 2, "right": block.x + block.width}.get(style.align, block.x)
        for index, line in enumerate(block.lines):
            baseline = centred_baseline(block.y + index * style.leading, style, cap)
            self.text(line, x, baseline, style.size, bold=style.bold, align=style.align)

    def placed(self, item: PlacedGrid) -> None:
        grid, style = item.grid, item.caption_style
        centre = item.x + grid.width / 2
        for index, line in enumerate(item.captions):
            self.line_of(line, centre, item.y + index * style.leading, style, style.bold)
        if item.note and item.note_style is not None:
            for index, line in enumerate(item.note_lines or (item.note,)):
                self.line_of(line, centre, item.y + item.note_top + index * item.note_style.leading,
                             item.note_style)
        if item.ref is not None and item.ref.text:
            self.line_of(item.ref.text, centre, item.y + item.ref_top, item.ref.style)
        if item.qr is not None:
            self.qr(item.qr, item.x, item.y)
        self.body.append(f'<g transform="translate({_number(item.x)} '
                         f'{_number(item.y + item.caption_height)})">')
        self.grid(grid)
        self.body.append("</g>")

    def qr(self, code: QrCode, x: float, y: float) -> None:
        left, top, module = x + code.x, y + code.y, code.module
        rects = "".join(f"M{_number(left + start * module)} {_number(top + r * module)}h{_number(run * module)}"
                        f"v{_number(module)}h{_number(-run * module)}z" for r, start, run in code.runs())
        self.body.append(f'<path fill="#000000" d="{rects}"/>')

    # -- a grid, in its own coordinates (origin its top-left corner) -------------
    def grid(self, grid: Grid) -> None:
        ink, size = self.booklet.ink, grid.cell_size
        for level in sorted(set(grid.shaded or ()) - {SHADE_NONE}):
            cells = "".join(f"M{_number(i % grid.cols * size)} {_number(i // grid.cols * size)}h{_number(size)}"
                            f"v{_number(size)}h{_number(-size)}z"
                            for i, here in enumerate(grid.shaded or ()) if here == level)
            self.body.append(f'<path fill="#{grey_hex(ink.shade(level))}" d="{cells}"/>')
        self.cell_text(grid)
        for role in (CellRole.QUEEN, CellRole.SOLVED_QUEEN):
            self.queens(grid, [i for i, cell in enumerate(grid.cells) if cell.role is role], ink.text_grey(role))
        if grid.tour:
            self.tour(grid)
        if grid.coordinates:
            marks = grid.coordinates
            cap = self.face(False)[1].cap_height
            for label in marks.labels:
                self.text(label.text, label.x, label.y + marks.size / 2 + cap * marks.size / 2, marks.size,
                          ink.coordinate_grey)
        if grid.cages:
            self.cages(grid)
        if grid.marks:
            self.pencil_marks(grid)
        self.lines(grid)
        if grid.signs:
            self.body.append(sign_svg(grid.signs))

    def cell_text(self, grid: Grid) -> None:
        """Givens bold black, solved digits regular and grey, capitals centred in the cell."""
        ink, size = self.booklet.ink, grid.cell_size
        for index, cell in enumerate(grid.cells):
            if cell.role not in (CellRole.GIVEN, CellRole.SOLVED):
                continue
            bold = ink.text_bold(cell.role)
            font_size = round(ink.text_size(cell.role, grid.font_size), 2)
            r, col = divmod(index, grid.cols)
            baseline = (r + 0.5) * size + self.face(bold)[1].cap_height * font_size / 2
            self.text(cell.text, (col + 0.5) * size, baseline, font_size, ink.text_grey(cell.role), bold, "center")

    def queens(self, grid: Grid, cells: list[int], grey: float) -> None:
        size = grid.cell_size
        side = size * grid.queen_scale
        outline = []
        for index in cells:
            r, col = divmod(index, grid.cols)
            left, top = (col + 0.5) * size - side / 2, (r + 0.5) * size - side / 2
            for polygon in QUEEN_SHAPE:
                outline.append("M" + "L".join(f"{_number(left + x * side)} {_number(top + y * side)}"
                                              for x, y in polygon) + "z")
        if outline:
            self.body.append(f'<path fill="#{grey_hex(grey)}" d="{"".join(outline)}"/>')

    def tour(self, grid: Grid) -> None:
        tour, ink = grid.tour, self.booklet.ink
        assert tour is not None
        self.body.append(f'<path fill="none" stroke="#{grey_hex(ink.path_grey)}" stroke-width="{_number(tour.width)}" '
                         f'stroke-linecap="round" stroke-linejoin="round" d="{_segments(tour.segments)}"/>')
        m, (sx, sy), (ex, ey) = tour.marker, tour.start, tour.end
        marker = (f'fill="none" stroke="#{grey_hex(ink.marker_grey)}" '
                  f'stroke-width="{_number(tour.marker_width)}"')
        self.body.append(f'<circle {marker} cx="{_number(sx)}" cy="{_number(sy)}" r="{_number(m)}"/>')
        self.body.append(f'<rect {marker} x="{_number(ex - m)}" y="{_number(ey - m)}" '
                         f'width="{_number(2 * m)}" height="{_number(2 * m)}"/>')

    def cages(self, grid: Grid) -> None:
        cages = grid.cages
        assert cages is not None
        dash = " ".join(_number(d) for d in cages.dash)
        self.body.append(f'<path fill="none" stroke="#{grey_hex(cages.grey)}" stroke-width="{_number(cages.width)}" '
                         f'stroke-dasharray="{dash}" d="{_segments(cages.segments)}"/>')
        for label in cages.labels:
            self.text(label.text, label.x, label.y, cages.font_size, cages.grey)

    def pencil_marks(self, grid: Grid) -> None:
        """A worked example's candidates at their keypad places, struck ones crossed, a placed
        value circled (:mod:`publisher.marks` places them)."""
        size, ink = grid.cell_size, self.booklet.ink
        cap = self.face(False)[1].cap_height
        for index, mark in enumerate(grid.marks or ()):
            if mark is None:
                continue
            r, col = divmod(index, grid.cols)
            for drawn in candidate_places(mark, size):
                x, y = col * size + drawn.x, r * size + drawn.y
                self.text(drawn.text, x, y + cap * drawn.font / 2, drawn.font, ink.candidate_grey, align="center")
                if drawn.struck:
                    h = drawn.half
                    self.body.append(f'<path stroke="#000000" stroke-width="{_number(drawn.stroke)}" '
                                     f'd="M{_number(x - h)} {_number(y + h)}L{_number(x + h)} {_number(y - h)}"/>')
            if mark.placed:
                self.body.append(f'<circle fill="none" stroke="#000000" stroke-width="{_number(circle_stroke(size))}" '
                                 f'cx="{_number((col + 0.5) * size)}" cy="{_number((r + 0.5) * size)}" '
                                 f'r="{_number(circle_radius(size))}"/>')

    def lines(self, grid: Grid) -> None:
        runs, size = grid.line_runs(), grid.cell_size
        thinnest = min(run[0] for run in runs)
        for width in sorted({run[0] for run in runs}):
            d = "".join(f"M{_number(x1 * size)} {_number(y1 * size)}L{_number(x2 * size)} {_number(y2 * size)}"
                        for w, x1, y1, x2, y2 in runs if w == width)
            self.body.append(f'<path fill="none" stroke="#000000" stroke-width="{width:g}" '
                             f'stroke-linecap="{_CAPS[width > thinnest]}" d="{d}"/>')


def sign_svg(signs: SignDrawing) -> str:
    """The model's signs as SVG elements in grid points: white patches cutting the lines, then
    the chevrons and bars in black (the export's SVG and the HTML edition draw these)."""
    parts = []
    if signs.clear:
        patches = "".join(f"M{_number(x)} {_number(y)}h{_number(w)}v{_number(h)}h{_number(-w)}z"
                          for x, y, w, h in signs.clear)
        parts.append(f'<path fill="#ffffff" d="{patches}"/>')
    if signs.strokes:
        chevrons = "".join("M" + "L".join(f"{_number(x)} {_number(y)}" for x, y in points) for points in signs.strokes)
        parts.append(f'<path fill="none" stroke="#000000" stroke-width="{_number(signs.width)}" '
                     f'stroke-linecap="square" stroke-linejoin="miter" d="{chevrons}"/>')
    if signs.bars:
        parts.append(f'<path fill="none" stroke="#000000" stroke-width="{_number(signs.bar_width)}" '
                     f'd="{_segments(signs.bars)}"/>')
    return "".join(parts)


def _segments(segments: tuple[tuple[float, float, float, float], ...]) -> str:
    return "".join(f"M{_number(x1)} {_number(y1)}L{_number(x2)} {_number(y2)}" for x1, y1, x2, y2 in segments)


class SvgRenderer(Renderer):
    """A one-page booklet -> SVG bytes (export's files; a book has many pages, and an SVG is one
    drawing, so this is no book format of ``output.formats``)."""

    name = "svg"
    extension = "svg"

    def render(self, booklet: Booklet) -> bytes:
        if len(booklet.pages) != 1:
            raise RenderError(f"an SVG is one page; '{booklet.title}' has {len(booklet.pages)}")
        page = booklet.pages[0]
        drawing = _Drawing(booklet)
        for block in (page.header, page.footer, *page.blocks):
            if isinstance(block, TextBlock):
                drawing.block(block)
            elif isinstance(block, Band):
                for item in block.items:
                    drawing.placed(item)
        width, height = _number(booklet.page_width), _number(booklet.page_height)
        defs = "".join(f'<path id="{escape(ident)}" d="{path}"/>' for ident, path in sorted(drawing.glyphs.items()))
        svg = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
               f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}pt" height="{height}pt" '
               f'viewBox="0 0 {width} {height}" xml:lang={quoteattr(booklet.language)}>\n'
               f"<title>{escape(booklet.title)}</title>\n"
               f"<defs>{defs}</defs>\n" + "\n".join(drawing.body) + "\n</svg>\n")
        return svg.encode("utf-8")
