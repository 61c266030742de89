"""HTML: one self-contained, autoescaped file per booklet that prints the model's pages.

The markup comes from jinja2 templates in ``templates/html/`` (a user's folder
is searched first, see :mod:`publisher.render.templating`). This module only
prepares what the templates need and cannot compute cheaply themselves:

* a *view* of every grid (per-cell CSS classes and accessible labels), so the
  template loop over 160,000 cells of a 1,000-puzzle book stays a plain loop;
* compact CSS: one class per distinct border combination and per grid shape,
  instead of an inline style on every cell (files stay small, browsers fast);
* the book's fonts, subset to the characters the booklet prints and embedded
  as ``@font-face`` data URIs, so the file makes no external request and looks
  the same on a machine without those fonts.

Every page is a fixed-size box with blocks at the model's absolute positions
and ``@page { size: W H; margin: 0 }``, so a browser's print gives exactly the
model's pages. On a phone's screen (up to 600 CSS px) the style sheet lets the same
pages flow as one column with grids drawn from a cell side that fits the screen
(:meth:`_BookletView.phone_rules`), and the playable booklet's script shows one
puzzle at a time; wider screens and print keep the fixed pages.
"""
from __future__ import annotations

import base64
import re
from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Generic, TypeVar

import jinja2
from markupsafe import Markup

from publisher.marks import candidate_font, keypad_lines
from publisher.model import (
    QUEEN_SHAPE,
    SHADE_MARK,
    SHADE_NONE,
    Band,
    Booklet,
    CellRole,
    CrossRef,
    Grid,
    Page,
    PlacedGrid,
    TextBlock,
    TextStyle,
    grey_hex,
)
from publisher.render import RenderContext, Renderer, register
from publisher.render.fontfile import subset
from publisher.render.play import play_data
from publisher.render.svg import sign_svg
from publisher.render.templating import Budget, make_environment, render_template, template_errors

#: CSS class of a cell's text role; a blank cell needs none.
_ROLE_CLASS = {CellRole.BLANK: "", CellRole.GIVEN: "g", CellRole.SOLVED: "s", CellRole.QUEEN: "q",
               CellRole.SOLVED_QUEEN: "q s"}


def pt(value: float) -> str:
    """A length in points as CSS, short and stable: 12.0 -> '12pt', 0.7500001 -> '0.75pt'."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    if text in ("", "-0"):
        text = "0"
    return f"{text}pt"


def css_ident(name: str) -> str:
    """A style name reduced to a safe CSS class fragment: model names are
    data, and CSS inside ``<style>`` is not HTML-escaped by autoescape."""
    return re.sub(r"[^a-z0-9-]", "-", name.lower()) or "x"


Key = TypeVar("Key", bound=Hashable)
_Sides = tuple[float, float, float, float]
_Shape = tuple[float, float, float, float, float]


class _ClassBook(Generic[Key]):
    """Gives each distinct key a short class name (``prefix`` + index, in order
    of first use, so the output is deterministic) and remembers the keys for
    the style sheet."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.names: dict[Key, str] = {}

    def name(self, key: Key) -> str:
        found = self.names.get(key)
        if found is None:
            found = self.names[key] = f"{self.prefix}{len(self.names)}"
        return found


@dataclass(frozen=True, slots=True)
class CellView:
    text: str
    css: str          # border class, role class, "sh" when shaded
    label: str        # accessible text, e.g. "r1c3: 7"
    queen: bool
    #: a worked example's keypad of candidates: rows of (text, struck); () for none
    keypad: tuple[tuple[tuple[str, bool], ...], ...] = ()
    keypad_style: str = ""    # the candidates' size and line height
    circled: bool = False     # the value a worked step places


@dataclass(frozen=True)
class TourView:
    """The model's tour drawing as SVG path data (points from the grid's top-left)."""

    path: str                 # "M x y L x y ..." one segment per move, stopping short of the numbers
    start: tuple[float, float]
    end: tuple[float, float]
    marker: float             # radius of the start circle, half side of the end square
    width: float              # stroke of the path
    marker_width: float       # stroke of the markers


@dataclass(frozen=True)
class CageView:
    """The model's cage drawing as SVG: one dashed path, the totals as text (points from the
    grid's top-left)."""

    path: str
    labels: tuple[tuple[float, float, str], ...]   # x, baseline, text
    width: float
    dash: str                 # stroke-dasharray
    font_size: float
    colour: str


def _cage_view(grid: Grid) -> CageView | None:
    cages = grid.cages
    if cages is None:
        return None
    path = " ".join(f"M{x1:g} {y1:g}L{x2:g} {y2:g}" for x1, y1, x2, y2 in cages.segments)
    return CageView(path, tuple((label.x, label.y, label.text) for label in cages.labels), cages.width,
                    f"{cages.dash[0]:g} {cages.dash[1]:g}", cages.font_size, _grey(cages.grey))


@dataclass(frozen=True)
class TextView:
    block: TextBlock
    css: str                  # "st-<style name> sN": a stable class to restyle, one for the values
    tag: str                  # h1 for the title, h2 for headings, p otherwise
    href: str | None = None   # where a contents line leads, when the booklet carries links


@dataclass(frozen=True)
class GridView:
    item: PlacedGrid
    caption_css: str
    note_css: str             # classes of the note line under the caption ("" without one)
    shape: str                # class of the grid's geometry (width, cell size, font sizes, queen size)
    rows: tuple[tuple[CellView, ...], ...]
    offset_x: float           # the table shifts by half its outer border so that
    offset_y: float           # grid lines sit where the model puts them
    tour: TourView | None
    ref_css: str = ""         # classes of the cross-reference line ("" without one)
    ref_href: str | None = None   # its link: "#page-34", or the other booklet's file and page
    cages: CageView | None = None
    qr_path: str = ""         # the QR code's dark modules as SVG path data, one unit a module ("" without one)
    signs: Markup | None = None   # the signs between cells as SVG elements (publisher.render.svg.sign_svg)


@dataclass(frozen=True)
class BandView:
    band: Band
    grids: tuple[GridView, ...]


@dataclass(frozen=True)
class PageView:
    page: Page
    blocks: tuple[TextView | BandView, ...]
    header: TextView | None
    footer: TextView | None


@dataclass(frozen=True)
class FontFace:
    weight: int
    data: str                 # base64 WOFF


@lru_cache(maxsize=64)
def _cell_places(rows: int, cols: int) -> tuple[str, ...]:
    """Cell names in reading order ("r1c1", "r1c2", ...), the start of each cell's
    accessible label; computed once per grid shape."""
    return tuple(f"r{r + 1}c{c + 1}" for r in range(rows) for c in range(cols))


def _tour_view(grid: Grid) -> TourView | None:
    tour = grid.tour
    if tour is None:
        return None
    path = " ".join(f"M{x1:g} {y1:g}L{x2:g} {y2:g}" for x1, y1, x2, y2 in tour.segments)
    return TourView(path, tour.start, tour.end, tour.marker, tour.width, tour.marker_width)


#: The model's queen as SVG path data in a 100-unit box, and its size in the cell (em of the cell's text
#: is not the cell: the template sizes the picture as a share of the cell).
QUEEN_PATH = " ".join(
    "M" + "L".join(f"{x * 100:g} {y * 100:g}" for x, y in polygon) + "Z" for polygon in QUEEN_SHAPE)


def _block_tag(style: TextStyle) -> str:
    """Headings are real headings, so the outline of the book is the outline of the file."""
    return {"title": "h1", "heading": "h2"}.get(style.name, "p")


class _BookletView:
    """Everything the templates draw, built in one pass over the booklet."""

    def __init__(self, booklet: Booklet) -> None:
        self.ink = booklet.ink
        self.booklet = booklet
        self.borders: _ClassBook[_Sides] = _ClassBook("b")
        self.shapes: _ClassBook[_Shape] = _ClassBook("z")     # width, cell, font, solved font, queen
        self.styles: _ClassBook[TextStyle] = _ClassBook("s")
        for style in booklet.styles:
            self.styles.name(style)
        self.pages = tuple(self._page(page) for page in booklet.pages)

    def _style_css(self, style: TextStyle) -> str:
        return f"st-{css_ident(style.name)} {self.styles.name(style)}"

    def _text_view(self, block: TextBlock) -> TextView:
        href = f"#page-{block.link}" if block.link is not None and self.booklet.links else None
        return TextView(block, self._style_css(block.style), _block_tag(block.style), href)

    def _href(self, ref: CrossRef) -> str | None:
        if not self.booklet.links:
            return None
        place = "" if ref.role == self.booklet.role else f"{ref.stem}.html"
        return f"{place}#page-{ref.page}"

    def _page(self, page: Page) -> PageView:
        blocks: list[TextView | BandView] = []
        for block in page.blocks:
            if isinstance(block, Band):
                blocks.append(BandView(block, tuple(self._grid(item) for item in block.items)))
            else:
                blocks.append(self._text_view(block))
        header = self._text_view(page.header) if page.header else None
        footer = self._text_view(page.footer) if page.footer else None
        return PageView(page, tuple(blocks), header, footer)

    def _grid(self, item: PlacedGrid) -> GridView:
        grid = item.grid
        shaded = grid.shaded or (SHADE_NONE,) * len(grid.cells)
        places = _cell_places(grid.rows, grid.cols)
        border_class = self.borders.name
        cells = []
        for i, cell in enumerate(grid.cells):
            sides = grid.borders[i]
            css = border_class((sides.top, sides.right, sides.bottom, sides.left))
            role = _ROLE_CLASS[cell.role]
            if role:
                css += " " + role
            if shaded[i]:
                css += " sh2" if shaded[i] == SHADE_MARK else " sh"
            queen = cell.is_queen
            label = f"{places[i]}: queen" if queen else f"{places[i]}: {cell.text}" if cell.text else places[i]
            mark = grid.marks[i] if grid.marks else None
            if mark is not None and not mark.placed:
                keypad = tuple(tuple(line) for line in keypad_lines(mark))
                shown = " ".join(text for _, text in mark.candidates)
                style = (f"font-size:{pt(candidate_font(mark, grid.cell_size))};"
                         f"line-height:{pt(grid.cell_size / mark.side)}")
                cells.append(CellView("", css, f"{places[i]}: candidates {shown}", False, keypad, style))
                continue
            cells.append(CellView("" if queen else cell.text, css, label, queen,
                                  circled=mark is not None and bool(mark.placed)))
        rows = tuple(tuple(cells[r * grid.cols:(r + 1) * grid.cols]) for r in range(grid.rows))
        shape = self.shapes.name((grid.width, grid.cell_size, grid.font_size,
                                  round(self.ink.text_size(CellRole.SOLVED, grid.font_size), 2), grid.queen_scale))
        first = grid.borders[0]
        note_css = self._style_css(item.note_style) if item.note_style else ""
        ref_css = self._style_css(item.ref.style) if item.ref else ""
        return GridView(item, self._style_css(item.caption_style), note_css, shape, rows,
                        -first.left / 2, -first.top / 2, _tour_view(grid), ref_css,
                        self._href(item.ref) if item.ref else None, _cage_view(grid),
                        "".join(f"M{c} {r}h{n}v1h-{n}z" for r, c, n in item.qr.runs()) if item.qr else "",
                        Markup(sign_svg(grid.signs)) if grid.signs else None)

    def border_rules(self) -> tuple[tuple[str, str], ...]:
        """(class, CSS border-width value) for every border combination used."""
        return tuple((name, " ".join(map(pt, sides))) for sides, name in self.borders.names.items())

    def shape_rules(self) -> tuple[tuple[str, str, str, str, str, str], ...]:
        """(class, table width, cell side, font size, solved font size, queen side) for every grid shape used."""
        return tuple((name, pt(w), pt(cell), pt(font), pt(solved), pt(cell * queen))
                     for (w, cell, font, solved, queen), name in self.shapes.names.items())

    def phone_rules(self) -> tuple[tuple[str, int, str, str, str, str], ...]:
        """(class, cells a row, cell side, font, solved font and queen side as shares of the cell) for
        every grid shape: on a phone a grid is drawn from its cell side (the screen's, see style.css.j2),
        so every size in it is a share of that side, as in print."""
        return tuple((name, round(w / cell), pt(cell), _share(font / cell), _share(solved / cell), _share(queen))
                     for (w, cell, font, solved, queen), name in self.shapes.names.items())

    def wide_captions(self) -> bool:
        """Whether a caption runs wider than its grid (its phone rule is written only then)."""
        return any(item.caption_room > item.grid.width for page in self.booklet.pages for block in page.blocks
                   if isinstance(block, Band) for item in block.items)

    def style_rules(self) -> tuple[tuple[str, TextStyle], ...]:
        """(class, style) for every text style used."""
        return tuple((name, style) for style, name in self.styles.names.items())


def printed_text(booklet: Booklet) -> str:
    """Every character the booklet prints: what the embedded font subsets must cover."""
    return booklet.printed_text()


@lru_cache(maxsize=32)
def _subset_woff(path: Path, characters: str) -> str:
    """``path`` subset to ``characters`` as base64 WOFF (see :func:`publisher.render.fontfile.subset`)."""
    return base64.b64encode(subset(path, characters, "woff", centred_caps=True)).decode("ascii")


def font_faces(booklet: Booklet) -> tuple[FontFace, ...]:
    """The regular (400) and bold (700) faces, each subset to the booklet's characters."""
    # the play panel's words, its digits and signs, the phone reader's arrows
    screen = "".join(text for _key, text in booklet.screen_words) + "0123456789:⌫✓\u2039\u203a"
    characters = "".join(sorted(set(printed_text(booklet)) | set(screen) | {" "}))
    fonts = booklet.fonts
    return (FontFace(400, _subset_woff(Path(fonts.regular), characters)),
            FontFace(700, _subset_woff(Path(fonts.bold), characters)))


def _share(value: float) -> str:
    """A ratio as a short, stable CSS number (0.6000001 -> '0.6')."""
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _grey(level: float) -> str:
    """A grey level (0 black .. 1 white) as a CSS colour."""
    return "#" + grey_hex(level).lower()


@lru_cache(maxsize=8)
def _environment(template_dirs: tuple[Path, ...]) -> jinja2.Environment:
    """One autoescaping environment per template search path (built once: compiling
    the templates costs more than rendering a small booklet)."""
    env = make_environment(template_dirs, "html", autoescape=True)
    env.filters["pt"] = pt
    env.tests["band"] = lambda block: isinstance(block, BandView)
    return env


@register
class HtmlRenderer(Renderer):
    """Booklet -> UTF-8 HTML, drawn by ``templates/html/booklet.html.j2``.

    Templates receive ``booklet`` (the model), ``pages`` (:class:`PageView` s),
    ``faces`` (:class:`FontFace` s), ``border_rules``, ``shape_rules``,
    ``phone_rules`` (the same shapes for a phone's screen, see :meth:`_BookletView.phone_rules`),
    ``wide_captions`` (whether a caption runs wider than its grid),
    ``style_rules``, ``ink`` (CSS colours of the model's greys: ``solved``,
    ``shade``, ``path``, ``marker``) and ``queen_path`` (SVG path data of the
    model's queen in a 100-unit box) and ``play``
    (:func:`publisher.render.play.play_data`: what the page's script needs to
    make the puzzles playable, None for a booklet with nothing to play)."""

    name = "html"
    extension = "html"

    def __init__(self, context: RenderContext | None = None) -> None:
        super().__init__(context)
        with template_errors():
            self._template = _environment(tuple(self.context.template_dirs)).get_template("booklet.html.j2")

    def render(self, booklet: Booklet) -> bytes:
        view = _BookletView(booklet)
        with template_errors():
            html = render_template(
                self._template, Budget.of(booklet),
                booklet=booklet,
                pages=view.pages,
                faces=font_faces(booklet),
                border_rules=view.border_rules(),
                shape_rules=view.shape_rules(),
                phone_rules=view.phone_rules(),
                wide_captions=view.wide_captions(),
                style_rules=view.style_rules(),
                ink={"solved": _grey(booklet.ink.solved_grey), "shade": _grey(booklet.ink.shade_grey),
                     "mark": _grey(booklet.ink.mark_grey),
                     "path": _grey(booklet.ink.path_grey), "marker": _grey(booklet.ink.marker_grey),
                     "coordinate": _grey(booklet.ink.coordinate_grey)},
                queen_path=QUEEN_PATH,
                play=play_data(booklet),
            )
        return html.encode("utf-8")
