"""RTF renderer: the book model through a jinja2 template (``templates/rtf/booklet.rtf.j2``).

The template owns the document's structure and every RTF control word that a
user might want to restyle; this module prepares a small view of the booklet
in RTF units (twips, half-points, style numbers) and escapes text.

Escaping is the template environment's ``finalize``: every ``{{ }}`` goes
through :func:`rtf_escape` (``\\ { }`` escaped, non-ASCII as ``\\uN?``) unless
it is an :class:`RtfFragment`, the marker for RTF this module already built.
The result is encoded as ASCII, so text that escaped the escaper fails
loudly instead of turning into mojibake in Word.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from publisher.marks import candidate_font, keypad_lines
from publisher.model import (
    SHADE_MARK,
    SHADE_NONE,
    Booklet,
    CellMarks,
    Grid,
    GridCell,
    PlacedGrid,
    TextStyle,
)
from publisher.render import Renderer, RenderError, register
from publisher.render.flow import (
    GRID_STYLE,
    MIN_SPACER,
    SPACER_STYLE,
    Event,
    Folio,
    Furniture,
    Paragraph,
    Picture,
    Segment,
    Table,
    caption_cells,
    check_text,
    direct_size,
    flowing_lines,
    twips,
    walk,
    word_style,
)
from publisher.render.picture import queen_png
from publisher.render.templating import Budget, make_environment, render_template, template_errors

TEMPLATE = "booklet.rtf.j2"

#: Windows language ids for \deflang (RTF has no BCP 47 tags); unknown languages get none.
LANGUAGE_IDS = {
    "cs": 1029, "de": 1031, "el": 1032, "en": 1033, "es": 3082, "fr": 1036, "it": 1040, "nl": 1043,
    "pl": 1045, "pt": 2070, "ru": 1049, "tr": 1055, "uk": 1058, "vi": 1066,
}
#: Colour table entries (1-based, entry 0 is "auto"): black, solved-digit grey, shading grey.
BLACK, SOLVED, SHADE, MARK = 1, 2, 3, 4
_ALIGN = {"left": r"\ql", "center": r"\qc", "right": r"\qr"}


class RtfFragment(str):
    """Text that already is RTF: :func:`rtf_escape` passes it through unchanged."""

    __slots__ = ()


_EMPTY = RtfFragment("")
_SPECIAL = re.compile(r"[\\{}\n\t]|[^\x00-\x7f]")


@lru_cache(maxsize=4096)
def _escape_text(text: str) -> str:
    """Escape plain text: ``\\ { }``, newlines and tabs as control words,
    non-ASCII as ``\\uN?`` with signed 16-bit UTF-16 units (surrogate pairs
    for characters beyond the BMP; ``?`` is the fallback for old readers)."""
    if not _SPECIAL.search(text):
        return text
    out = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\line ")
        elif ch == "\t":
            out.append("\\tab ")
        elif ord(ch) < 128:
            out.append(ch)
        else:
            units = ch.encode("utf-16-be")
            for i in range(0, len(units), 2):
                unit = int.from_bytes(units[i:i + 2], "big")
                out.append(f"\\u{unit - 65536 if unit > 32767 else unit}?")
    return "".join(out)


def rtf_escape(value: object) -> str:
    """The environment's ``finalize``: escape everything except :class:`RtfFragment`."""
    kind = type(value)
    if kind is RtfFragment:
        return cast(RtfFragment, value)
    if kind is str:
        return _escape_text(value)
    if kind is int or kind is float:
        return str(value)
    return _escape_text(str(value))


def _half_points(size: float) -> int:
    return round(size * 2)


# --------------------------------------------------------------------------
# The view the template draws
# --------------------------------------------------------------------------

@dataclass(slots=True)
class StyleView:
    number: int
    name: str
    props: RtfFragment            # paragraph and character properties of the style


@dataclass(slots=True)
class ParagraphView:
    style: StyleView
    lines: tuple[str, ...]
    before: int                   # twips of space above
    left: int
    right: int
    page_break: bool
    pictures: RtfFragment = _EMPTY            # shapes anchored here (tours over the next table)
    kind: str = "paragraph"


@dataclass(slots=True)
class SpacerView:
    style: StyleView
    height: int                   # twips, exact
    page_break: bool
    pictures: RtfFragment = _EMPTY
    kind: str = "spacer"


@dataclass(slots=True)
class RowView:
    """One table row: its properties, its cell definitions (\\clbrdr.. \\cellxN,
    built once per grid shape and position), and per cell its paragraph
    properties and escaped text (built once per distinct cell)."""

    properties: RtfFragment
    definitions: RtfFragment
    cells: list[RtfFragment]


@dataclass(slots=True)
class TableView:
    rows: tuple[RowView, ...]
    kind: str = "table"


#: what a page of the template holds, in reading order
BlockView = ParagraphView | SpacerView | TableView


@dataclass(slots=True)
class FurnitureView:
    """One header or footer: a paragraph, with a PAGE field between prefix and suffix when numbered."""

    style: StyleView
    prefix: str
    numbered: bool = False
    suffix: str = ""


@dataclass(slots=True)
class SectionView:
    pages: tuple[tuple[BlockView, ...], ...]      # blocks per page
    title_page: bool
    header_distance: int
    footer_distance: int
    headers: dict[str, FurnitureView]       # RTF destination ("header", "headerf") -> part
    footers: dict[str, FurnitureView]


class _View:
    """Translates a booklet into the view objects, with RTF style numbers and cached cell strings."""

    def __init__(self, booklet: Booklet) -> None:
        self.booklet = booklet
        self.styles: dict[str, StyleView] = {}
        body = next((s for s in booklet.styles if s.name == "body"), TextStyle("body", 10.5))
        self._add_style("Normal", body, exact=True)
        for style in booklet.styles:
            if style.name != "body":
                self._add_style(word_style(style), style, exact=True)
        self._add_style(GRID_STYLE, TextStyle("grid", body.size, align="center"), exact=False)
        self._add_style(SPACER_STYLE, TextStyle("spacer", 1, leading=MIN_SPACER), exact=True)
        self._rows: dict[tuple[int, int, int, float, int, float], tuple[object, object, str]] = {}
        self._contents: dict[tuple[int, float, float], tuple[GridCell, RtfFragment]] = {}

    def _add_style(self, name: str, style: TextStyle, *, exact: bool) -> None:
        if name in self.styles:
            return
        props = [_ALIGN[style.align], f"\\f0\\fs{_half_points(style.size)}"]
        if exact:
            props.append(f"\\sl-{twips(style.leading)}\\slmult0")
        if style.bold:
            props.append("\\b")
        self.styles[name] = StyleView(len(self.styles), name, RtfFragment("".join(props)))

    def style(self, model: TextStyle) -> StyleView:
        return self.styles[word_style(model)]

    # -- blocks -------------------------------------------------------------

    def page(self, events: tuple[Event, ...]) -> tuple[BlockView, ...]:
        """The views of one page's events."""
        out: list[BlockView] = []
        spacer = self.styles[SPACER_STYLE]
        for event in events:
            if isinstance(event, Table):
                out.append(self.table(event))
                continue
            pictures = RtfFragment("".join(map(_shape, event.pictures)))
            if isinstance(event, Paragraph):
                out.append(ParagraphView(self.style(event.block.style), flowing_lines(event.block), twips(event.before),
                                         twips(event.left), twips(event.right), event.page_break, pictures))
            else:
                out.append(SpacerView(spacer, max(twips(event.height), twips(MIN_SPACER)), event.page_break,
                                      pictures))
        return tuple(out)

    def table(self, event: Table) -> TableView:
        """A band as rows: caption cells over each grid, then the grid rows.

        RTF rows carry their own cell boundaries, so a caption is simply one
        cell as wide as its grid, or as the spacers beside it its caption runs
        over (no merging needed)."""
        band, indent, segments = event.band, event.indent, event.segments
        definitions: list[str] = []
        captions: list[RtfFragment] = []
        right = indent
        for cell in caption_cells(segments):
            right += cell.width
            definitions.append(f"\\clvertalb\\cellx{twips(right)}")
            item = cell.item
            if item is None:
                captions.append(_EMPTY)
            else:
                style = self.style(item.caption_style)
                note = ""
                if item.ref is not None and not item.ref.below:
                    note = "\\par\\pard\\plain\\intbl" + self._ref(item)
                if item.note_style is not None:
                    note_style = self.style(item.note_style)
                    note += (f"\\par\\pard\\plain\\intbl\\s{note_style.number}{note_style.props}"
                             f"{self._sized(item.note_style)} {rtf_escape(item.note)}")
                caption = "\\line ".join(map(rtf_escape, item.captions))
                captions.append(RtfFragment(f"\\s{style.number}{style.props}{self._sized(item.caption_style)} "
                                            f"{caption}{note}"))
        caption_height = max(item.caption_height for item in band.items)
        rows = [RowView(_row_properties(indent, caption_height), RtfFragment("".join(definitions)), captions)]
        grids = [seg.item.grid for seg in segments if seg.item is not None]
        properties = _row_properties(indent, max(g.cell_size for g in grids))
        for r in range(max(g.rows for g in grids)):
            definitions = []
            cells: list[RtfFragment] = []
            right = indent
            for seg in segments:
                right += seg.width
                if seg.item is None:
                    definitions.append(f"\\cellx{twips(right)}")
                    cells.append(_EMPTY)
                    continue
                grid = seg.item.grid
                if r >= grid.rows:      # under a grid shorter than the band's tallest: empty cells
                    x = right - seg.width
                    definitions.extend(f"\\cellx{twips(x + (c + 1) * grid.cell_size)}" for c in range(grid.cols))
                    cells.extend([_EMPTY] * grid.cols)
                    continue
                definitions.append(self._definitions(grid, r, right - seg.width))
                marks = grid.marks or (None,) * len(grid.cells)
                cells.extend(self._content(cell, grid) if marks[i] is None else self._marked(marks[i], cell, grid)
                             for i, cell in enumerate(grid.cells[r * grid.cols:(r + 1) * grid.cols], r * grid.cols))
            rows.append(RowView(properties, RtfFragment("".join(definitions)), cells))
        below = max(item.below for item in band.items)
        if below:
            rows.append(self._below_row(segments, indent, below))
        return TableView(tuple(rows))

    def _ref(self, item: PlacedGrid) -> str:
        ref = item.ref
        assert ref is not None
        style = self.style(ref.style)
        return f"\\s{style.number}{style.props}{self._sized(ref.style)} {rtf_escape(ref.text)}"

    def _sized(self, model: TextStyle) -> str:
        """Direct formatting for text layout set at another size than its named style (a caption,
        cross-reference or note growing with its grid): that size and its exact line."""
        size = direct_size(model, self.booklet)
        return "" if size is None else f"\\fs{_half_points(size)}\\sl-{twips(model.leading)}\\slmult0"

    def _below_row(self, segments: tuple[Segment, ...], indent: float, height: float) -> RowView:
        """The row under the grids: each puzzle's cross-reference, as wide as its grid."""
        definitions, cells, right = [], [], indent
        for seg in segments:
            right += seg.width
            definitions.append(f"\\cellx{twips(right)}")
            cells.append(RtfFragment(self._ref(seg.item)) if seg.item is not None and seg.item.ref else _EMPTY)
        return RowView(_row_properties(indent, height), RtfFragment("".join(definitions)), cells)

    def _definitions(self, grid: Grid, r: int, x: float) -> str:
        """Cell definitions of one grid row at ``x`` (from the content box's left edge):
        vertical centring, all four borders (neighbours agree, as the model
        guarantees), shading, right edge. Layout shares one borders tuple per
        shape, so the cache is keyed on its identity (and keeps it alive)."""
        key = (id(grid.borders), id(grid.shaded), grid.cols, grid.cell_size, r, x)
        entry = self._rows.get(key)
        if entry is None or entry[0] is not grid.borders or entry[1] is not grid.shaded:
            first = r * grid.cols
            text = "".join(f"{_cell_frame(grid, first + c)}\\cellx{twips(x + (c + 1) * grid.cell_size)}"
                           for c in range(grid.cols))
            entry = (grid.borders, grid.shaded, text)
            self._rows[key] = entry
        return entry[2]

    def _marked(self, mark: CellMarks | None, cell: GridCell, grid: Grid) -> RtfFragment:
        """A worked example's cell: the placed value with a border round it (RTF draws no
        circle round text), or the keypad of small candidates, one exactly spaced line per
        keypad row, struck ones with strike-through."""
        assert mark is not None
        number = self.styles[GRID_STYLE].number
        if mark.placed:
            inner = str(self._content(cell, grid))
            head, _, text = inner.partition(" ")
            return RtfFragment(f"{head} {{\\chbrdr\\brdrs\\brdrw15 {text}}}")
        size = _half_points(candidate_font(mark, grid.cell_size))
        lines = ["".join(f"{{\\strike {rtf_escape(text)}}}" if struck else rtf_escape(text) for text, struck in places)
                 for places in keypad_lines(mark)]
        line = twips(grid.cell_size / mark.side)
        return RtfFragment(f"\\s{number}\\qc\\sl-{line}\\slmult0\\f0\\fs{size}\\cf{SOLVED} " + "\\line ".join(lines))

    def _content(self, cell: GridCell, grid: Grid) -> RtfFragment:
        """A cell's paragraph properties and text in the ink the model gives its
        role; a queen is the model's picture. Layout shares cell objects, so the
        cache is keyed on identity (and keeps the cell alive)."""
        key = (id(cell), grid.font_size, grid.cell_size)
        entry = self._contents.get(key)
        if entry is None or entry[0] is not cell:
            ink = self.booklet.ink
            number = self.styles[GRID_STYLE].number
            if cell.is_queen:
                side = twips(grid.cell_size * grid.queen_scale)
                text = _pict(queen_png(ink.text_grey(cell.role), grid.cell_size * grid.queen_scale), side, side)
            else:
                text = rtf_escape(cell.text)
            char = "\\b" if ink.text_bold(cell.role) else ""
            if ink.text_grey(cell.role):
                char += f"\\cf{SOLVED}"
            size = _half_points(ink.text_size(cell.role, grid.font_size))
            entry = (cell, RtfFragment(f"\\s{number}\\qc\\f0\\fs{size}{char} {text}"))
            self._contents[key] = entry
        return entry[1]

    # -- sections -----------------------------------------------------------

    def furniture(self, look: Furniture, kind: str) -> FurnitureView:
        spacer = self.styles[SPACER_STYLE]
        if kind == "header":
            if look.header is None:
                return FurnitureView(spacer, "")
            return FurnitureView(self.style(look.header.style), check_text(look.header.text, "running head"))
        folio: Folio | None = look.folio
        if folio is None:
            return FurnitureView(spacer, "")
        check_text(folio.prefix + folio.suffix, "page number text")
        return FurnitureView(self.style(folio.style), folio.prefix, folio.numbered, folio.suffix)

    def sections(self) -> tuple[SectionView, ...]:
        views = []
        for section, pages in walk(self.booklet):
            parts: dict[str, dict[str, FurnitureView]] = {"header": {}, "footer": {}}
            for kind, found in parts.items():
                found[kind] = self.furniture(section.rest, kind)
                if section.title_page:
                    found[kind + "f"] = self.furniture(section.first, kind)
            views.append(SectionView(tuple(map(self.page, pages)), section.title_page,
                                     twips(section.header_distance(self.booklet)),
                                     twips(section.footer_distance(self.booklet)),
                                     parts["header"], parts["footer"]))
        return tuple(views)


def _pict(png: bytes, width: int, height: int) -> str:
    """A PNG picture shown ``width`` x ``height`` twips (hex data, as RTF readers expect)."""
    pixels_w, pixels_h = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return (f"{{\\pict\\pngblip\\picw{pixels_w}\\pich{pixels_h}\\picwgoal{width}\\pichgoal{height} "
            f"{png.hex()}}}")


def _shape(picture: Picture) -> str:
    """A picture placed at the model's position (on the page, or below the paragraph that carries
    it), in front of the text, without wrapping (a tour over its answer grid)."""
    vertical = "\\shpbypage" if picture.below_anchor is None else "\\shpbypara"   # on the page, or below its paragraph
    left, top = twips(picture.x), twips(picture.below_anchor if picture.below_anchor is not None else picture.y)
    width, height = twips(picture.width), twips(picture.height)
    return (f"{{\\shp{{\\*\\shpinst\\shpleft{left}\\shptop{top}\\shpright{left + width}"
            f"\\shpbottom{top + height}\\shpfhdr0\\shpbxpage\\shpbxignore"
            f"{vertical}\\shpbyignore"
            "\\shpwr3\\shpwrk0\\shpfblwtxt0\\shpz0"
            "{\\sp{\\sn shapeType}{\\sv 75}}{\\sp{\\sn fLine}{\\sv 0}}{\\sp{\\sn fLayoutInCell}{\\sv 1}}"
            f"{{\\sp{{\\sn pib}}{{\\sv {_pict(picture.png, width, height)}}}}}}}}}")


def _row_properties(indent: float, height: float) -> RtfFragment:
    """Row start: no gaps or padding (cells exactly as wide as the model's),
    exact height (negative ``\\trrh``), kept on one page."""
    return RtfFragment(f"\\trowd\\trgaph0\\trleft{twips(indent)}\\trrh-{twips(height)}\\trkeep"
                       "\\trpaddl0\\trpaddr0\\trpaddt0\\trpaddb0\\trpaddfl3\\trpaddfr3\\trpaddft3\\trpaddfb3")


def _border(side: str, width: float) -> str:
    """``\\brdrs\\brdrwN`` with N in twips (LibreOffice draws ``\\brdrth`` wrongly); max 75."""
    if width <= 0:
        return ""
    return f"\\clbrdr{side}\\brdrs\\brdrw{min(75, max(1, twips(width)))}\\brdrcf{BLACK}"


def _cell_frame(grid: Grid, i: int) -> str:
    b = grid.borders[i]
    level = grid.shaded[i] if grid.shaded else SHADE_NONE
    shade = f"\\clcbpat{MARK if level == SHADE_MARK else SHADE}" if level else ""
    return ("\\clvertalc" + _border("t", b.top) + _border("l", b.left) + _border("b", b.bottom)
                       + _border("r", b.right) + shade)


def _colour(grey: float) -> RtfFragment:
    """A colour table entry for a grey level of the model's ink."""
    value = round(grey * 255)
    return RtfFragment(f"\\red{value}\\green{value}\\blue{value};")


@register
class RtfRenderer(Renderer):
    """Rich Text Format through ``templates/rtf/booklet.rtf.j2`` (a user's folder is searched first)."""

    name = "rtf"
    extension = "rtf"

    def render(self, booklet: Booklet) -> bytes:
        for field, value in (("title", booklet.title), ("subject", booklet.subject),
                             ("author", booklet.author or "")):
            check_text(value, field)
        env = make_environment(self.context.template_dirs, "rtf", autoescape=False, finalize=rtf_escape)
        env.filters["rtf"] = RtfFragment      # marks macro output (already RTF) as such
        view = _View(booklet)
        parts = view.sections()
        ink = booklet.ink
        margins = booklet.margins
        with template_errors():
            text = render_template(
                env.get_template(TEMPLATE), Budget.of(booklet),
                booklet=booklet,
                font=booklet.fonts.office_family,
                font_alt=(booklet.fonts.fallback_family if booklet.fonts.installed else booklet.fonts.family),
                colours=(_colour(0.0), _colour(ink.solved_grey), _colour(ink.shade_grey), _colour(ink.mark_grey)),
                language=LANGUAGE_IDS.get(booklet.language.split("-")[0].lower()),
                styles=tuple(view.styles.values()),
                paper=(twips(booklet.page_width), twips(booklet.page_height)),
                margins=(twips(margins.inside), twips(margins.outside), twips(margins.top), twips(margins.bottom)),
                sections=parts,
            )
        try:
            return text.encode("ascii")
        except UnicodeEncodeError as error:
            context = text[max(0, error.start - 40):error.end + 10]
            raise RenderError(f"RTF template {TEMPLATE!r} wrote unescaped non-ASCII text near {context!r}: "
                              "user text must go through {{ }}") from None
