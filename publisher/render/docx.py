"""DOCX renderer: real Word tables and styles, pages exactly as the model lays them out.

python-docx gives us the package, the style sheet, header/footer parts and
the core properties; the body (paragraphs and one table per band) is
generated as WordprocessingML text and spliced into the saved document part,
because python-docx's per-cell API rebuilds the cell list on every call (it
is quadratic in the table size) and even parsing the text back into lxml
costs seconds for a 1,000-puzzle book.

Vertical placement follows the model: each paragraph gets the space above it
that layout left, line heights are exact, table rows have exact heights, and
every model page after the first starts with a page break (or a section
break where the running head changes). So Word and LibreOffice show the same
pages as the PDF.
"""
from __future__ import annotations

import hashlib
import io
import os
import zipfile
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from xml.sax.saxutils import escape

import docx
from docx.document import Document as DocxDocument
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.oxml.xmlchemy import BaseOxmlElement
from docx.parts.hdrftr import FooterPart, HeaderPart
from docx.shared import Pt, RGBColor
from docx.styles.style import BaseStyle
from lxml import etree

from publisher.marks import candidate_font, keypad_lines
from publisher.model import (
    Band,
    Booklet,
    CellMarks,
    Grid,
    GridCell,
    Ink,
    PlacedGrid,
    TextBlock,
    TextStyle,
    grey_hex,
)
from publisher.render import Renderer, register
from publisher.render.flow import (
    GRID_STYLE,
    MIN_SPACER,
    SPACER_STYLE,
    Event,
    Folio,
    Furniture,
    Paragraph,
    Picture,
    Section,
    Segment,
    Spacer,
    Table,
    caption_cells,
    check_text,
    direct_size,
    flowing_lines,
    twips,
    walk,
    word_style,
)
from publisher.render.fontfile import subset
from publisher.render.picture import queen_png

#: English Metric Units per point (DrawingML sizes and positions)
EMU_PER_POINT = 12700

#: Fixed document date: identical bytes on every run (SOURCE_DATE_EPOCH, when set, wins).
FIXED_DATE = datetime(2000, 1, 1, tzinfo=timezone.utc)


def document_date() -> datetime:
    """The document's date: SOURCE_DATE_EPOCH when set (as reproducible-build
    tools do, and as the PDF does), else :data:`FIXED_DATE`."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return datetime.fromtimestamp(int(epoch), tz=timezone.utc) if epoch.isdigit() else FIXED_DATE
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

_DOCX_ALIGN = {"left": WD_ALIGN_PARAGRAPH.LEFT, "center": WD_ALIGN_PARAGRAPH.CENTER,
               "right": WD_ALIGN_PARAGRAPH.RIGHT}


def style_id(name: str) -> str:
    """Word's style id for a style name (what python-docx generates: no spaces)."""
    return name.replace(" ", "")


def _run_text(lines: tuple[str, ...] | list[str], size: float | None = None) -> str:
    """One run holding the lines with Word line breaks between them (``size``:
    a direct size in points where layout made the text smaller than its style)."""
    parts = [f'<w:t xml:space="preserve">{escape(line)}</w:t>' for line in lines]
    half = None if size is None else round(size * 2)
    props = "" if half is None else f'<w:rPr><w:sz w:val="{half}"/><w:szCs w:val="{half}"/></w:rPr>'
    return "<w:r>" + props + "<w:br/>".join(parts) + "</w:r>"


def _paragraph(style: TextStyle, lines: tuple[str, ...] | list[str], booklet: Booklet) -> str:
    """A paragraph of ``style``'s named style; where layout set it at another size than the
    named one (a caption, cross-reference or note growing with its grid), that size and its
    exact line as direct formatting, so every format prints it alike."""
    size = direct_size(style, booklet)
    spacing = "" if size is None else f'<w:spacing w:line="{twips(style.leading)}" w:lineRule="exact"/>'
    return (f'<w:p><w:pPr><w:pStyle w:val="{style_id(word_style(style))}"/>{spacing}</w:pPr>'
            f'{_run_text(lines, size) if lines else ""}</w:p>')


def _ref_paragraph(item: PlacedGrid, booklet: Booklet) -> str:
    """A grid's cross-reference as a paragraph of its own style, at its own size."""
    ref = item.ref
    assert ref is not None
    return _paragraph(ref.style, [ref.text], booklet)


def _spacer(spacer: Spacer, extra: str, sect_pr: str) -> str:
    """An empty paragraph exactly ``spacer.height`` points tall (``extra``: anchored pictures)."""
    brk = "<w:pageBreakBefore/>" if spacer.page_break else ""
    return (f'<w:p><w:pPr><w:pStyle w:val="{style_id(SPACER_STYLE)}"/>{brk}'
            f'<w:spacing w:before="0" w:after="0" w:line="{max(twips(spacer.height), twips(MIN_SPACER))}" '
            f'w:lineRule="exact"/>{sect_pr}</w:pPr>{extra}</w:p>')


def _emu(points: float) -> int:
    return round(points * EMU_PER_POINT)


def _graphic(rid: str, number: int, width: float, height: float) -> str:
    """The picture element shared by inline and anchored drawings."""
    return ('<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
            '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
            '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">'
            f'<pic:nvPicPr><pic:cNvPr id="{number}" name="picture{number}.png"/><pic:cNvPicPr/></pic:nvPicPr>'
            f'<pic:blipFill><a:blip r:embed="{rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>'
            f'<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="{_emu(width)}" cy="{_emu(height)}"/></a:xfrm>'
            '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic>')


class _Body:
    """Builds the WordprocessingML of the document body as text from the flow's events.

    Grid cells are the bulk of a book (81 per Sudoku, 160,000 in a
    1,000-puzzle book with answers), so their XML is assembled from two small
    caches: the cell properties by position and shape (borders, shading) and
    the run by content (text, role, size)."""

    def __init__(self, doc: DocxDocument, booklet: Booklet) -> None:
        self.doc, self.ink, self.booklet = doc, booklet.ink, booklet
        self._frames: dict[tuple[int, int, int, float], tuple[object, object, tuple[str, ...]]] = {}
        self._runs: dict[tuple[int, float], tuple[GridCell, str]] = {}
        self._images: dict[bytes, str] = {}
        self._drawings = 0

    def _image(self, png: bytes) -> str:
        """The relationship id of a picture part (one part per distinct picture)."""
        if png not in self._images:
            self._images[png] = self.doc.part.get_or_add_image(io.BytesIO(png))[0]
        return self._images[png]

    def _drawing_id(self) -> int:
        self._drawings += 1
        return self._drawings

    def inline_picture(self, png: bytes, side: float) -> str:
        """A run holding a square picture in the text line (a queen in its cell)."""
        number = self._drawing_id()
        return (f'<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">'
                f'<wp:extent cx="{_emu(side)}" cy="{_emu(side)}"/><wp:docPr id="{number}" name="Queen {number}"/>'
                f'{_graphic(self._image(png), number, side, side)}</wp:inline></w:drawing></w:r>')

    def anchored(self, picture: Picture) -> str:
        """A run holding a picture placed on the page at the model's position,
        in front of the table it overlays, with no text wrap."""
        number = self._drawing_id()
        vertical = (f'<wp:positionV relativeFrom="page"><wp:posOffset>{_emu(picture.y)}</wp:posOffset></wp:positionV>'
                    if picture.below_anchor is None else
                    f'<wp:positionV relativeFrom="paragraph"><wp:posOffset>{_emu(picture.below_anchor)}'
                    '</wp:posOffset></wp:positionV>')
        return (f'<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" '
                f'relativeHeight="{number}" behindDoc="0" locked="1" layoutInCell="1" allowOverlap="1">'
                '<wp:simplePos x="0" y="0"/>'
                f'<wp:positionH relativeFrom="page"><wp:posOffset>{_emu(picture.x)}</wp:posOffset></wp:positionH>'
                f'{vertical}'
                f'<wp:extent cx="{_emu(picture.width)}" cy="{_emu(picture.height)}"/>'
                '<wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/>'
                f'<wp:docPr id="{number}" name="{escape(picture.name, {chr(34): "&quot;"})}"/>'
                '<wp:cNvGraphicFramePr/>'
                f'{_graphic(self._image(picture.png), number, picture.width, picture.height)}'
                '</wp:anchor></w:drawing></w:r>')

    def paragraph(self, event: Paragraph, sect_pr: str) -> str:
        block = event.block
        ind = (f'<w:ind w:left="{twips(event.left)}" w:right="{twips(event.right)}"/>'
               if event.left or event.right else "")
        brk = "<w:pageBreakBefore/>" if event.page_break else ""
        pictures = "".join(map(self.anchored, event.pictures))
        return (f'<w:p><w:pPr><w:pStyle w:val="{style_id(word_style(block.style))}"/>{brk}'
                f'<w:spacing w:before="{twips(event.before)}"/>{ind}{sect_pr}</w:pPr>{pictures}'
                f'{_run_text(flowing_lines(block))}</w:p>')

    def event(self, event: Event, sect_pr: str) -> str:
        """One event of the flow; ``sect_pr`` goes into a section's last paragraph."""
        if isinstance(event, Table):
            return self.table(event)
        closing = sect_pr if event.section_end else ""
        if isinstance(event, Paragraph):
            return self.paragraph(event, closing)
        return _spacer(event, "".join(map(self.anchored, event.pictures)), closing)

    def table(self, event: Table) -> str:
        """One band: a caption row over each grid, then the grid rows, spacer columns between grids."""
        band, segments = event.band, event.segments
        widths: list[int] = []
        for seg in segments:
            count = 1 if seg.item is None else seg.item.grid.cols
            widths.extend([twips(seg.width / count)] * count)
        out = [(f'<w:tbl><w:tblPr><w:tblW w:w="{sum(widths)}" w:type="dxa"/>'
                f'<w:tblInd w:w="{twips(event.indent)}" w:type="dxa"/>'
                '<w:tblLayout w:type="fixed"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/>'
                '<w:left w:w="0" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/>'
                '<w:right w:w="0" w:type="dxa"/></w:tblCellMar><w:tblLook w:val="0000"/></w:tblPr><w:tblGrid>')]
        out.extend(f'<w:gridCol w:w="{w}"/>' for w in widths)
        out.append("</w:tblGrid>")
        out.append(self._caption_row(segments, band))
        grids = [seg.item.grid for seg in segments if seg.item is not None]
        height = twips(max(g.cell_size for g in grids))
        row_start = f'<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="{height}" w:hRule="exact"/></w:trPr>'
        columns = [_empty_cell(seg.width) if seg.item is None else (seg.item.grid, self._cell_frames(seg.item.grid))
                   for seg in segments]
        for r in range(max(g.rows for g in grids)):
            out.append(row_start)
            for column in columns:
                if isinstance(column, str):
                    out.append(column)
                else:
                    out.extend(self._grid_row(*column, r))
            out.append("</w:tr>")
        below = max(item.below for item in band.items)
        if below:
            out.append(self._below_row(segments, below))
        out.append("</w:tbl>")
        return "".join(out)

    def _caption_row(self, segments: tuple[Segment, ...], band: Band) -> str:
        height = twips(max(item.caption_height for item in band.items))
        cells = [f'<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="{height}" w:hRule="exact"/></w:trPr>']
        for cell in caption_cells(segments):
            if cell.item is None:
                cells.append(_empty_cell(cell.width))
                continue
            item = cell.item
            note = _ref_paragraph(item, self.booklet) if item.ref is not None and not item.ref.below else ""
            if item.note_style is not None:
                note += _paragraph(item.note_style, [item.note] if item.note else [], self.booklet)
            cells.append(f'<w:tc><w:tcPr><w:tcW w:w="{twips(cell.width)}" w:type="dxa"/>'
                         f'<w:gridSpan w:val="{cell.columns}"/><w:vAlign w:val="bottom"/></w:tcPr>'
                         f'{_paragraph(item.caption_style, item.captions, self.booklet)}{note}</w:tc>')
        cells.append("</w:tr>")
        return "".join(cells)

    def _below_row(self, segments: tuple[Segment, ...], height: float) -> str:
        """The row under the grids: each puzzle's cross-reference, as wide as its grid."""
        cells = [f'<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="{twips(height)}" w:hRule="exact"/></w:trPr>']
        for seg in segments:
            if seg.item is None or seg.item.ref is None:
                cells.append(_empty_cell(seg.width) if seg.item is None else
                             f'<w:tc><w:tcPr><w:tcW w:w="{twips(seg.width)}" w:type="dxa"/>'
                             f'<w:gridSpan w:val="{seg.item.grid.cols}"/></w:tcPr><w:p/></w:tc>')
                continue
            cells.append(f'<w:tc><w:tcPr><w:tcW w:w="{twips(seg.width)}" w:type="dxa"/>'
                         f'<w:gridSpan w:val="{seg.item.grid.cols}"/></w:tcPr>'
                         f'{_ref_paragraph(seg.item, self.booklet)}</w:tc>')
        cells.append("</w:tr>")
        return "".join(cells)

    def _grid_row(self, grid: Grid, frames: tuple[str, ...], r: int) -> list[str]:
        """Row ``r`` of a grid's cells; under a grid shorter than its band's tallest, empty
        cells (a 6x6 beside an 8x8 stands at the row's top)."""
        if r >= grid.rows:
            return [_empty_cell(grid.cell_size)] * grid.cols
        first = r * grid.cols
        marks = grid.marks or (None,) * len(grid.cells)
        out = []
        for i in range(first, first + grid.cols):
            mark = marks[i]
            if mark is None:
                out.append(frames[i] + self._run(grid.cells[i], grid))
            else:   # the cell's own paragraphs instead of the frame's one
                out.append(frames[i][:frames[i].rindex("<w:p>")] + self._marked(mark, grid.cells[i], grid))
        return out

    def _marked(self, mark: CellMarks, cell: GridCell, grid: Grid) -> str:
        """A worked example's cell: the placed value in a bordered run (Word draws no circle
        round text), or the keypad of small candidates, one exactly spaced line per keypad
        row, struck ones with strike-through; then the end of the cell."""
        if mark.placed:
            run = _cell_run(cell, grid.font_size, self.ink).replace(
                "<w:rPr>", '<w:rPr><w:bdr w:val="single" w:sz="8" w:space="0" w:color="000000"/>', 1)
            return f'<w:p><w:pPr><w:pStyle w:val="{style_id(GRID_STYLE)}"/></w:pPr>{run}</w:p></w:tc>'
        size = round(candidate_font(mark, grid.cell_size) * 2)
        line = twips(grid.cell_size / mark.side)
        grey = f'<w:color w:val="{grey_hex(self.ink.candidate_grey)}"/>'
        paragraphs = []
        for places in keypad_lines(mark):
            runs = "".join(f'<w:r><w:rPr>{"<w:strike/>" if struck else ""}{grey}<w:sz w:val="{size}"/></w:rPr>'
                           f'<w:t xml:space="preserve">{escape(text)}</w:t></w:r>' for text, struck in places)
            paragraphs.append(runs)
        spacing = f'<w:pPr><w:pStyle w:val="{style_id(GRID_STYLE)}"/><w:spacing w:before="0" w:after="0" ' \
                  f'w:line="{line}" w:lineRule="exact"/></w:pPr>'
        return "".join(f"<w:p>{spacing}{runs}</w:p>" for runs in paragraphs) + "</w:tc>"

    def _run(self, cell: GridCell, grid: Grid) -> str:
        """A cell's run and the end of the cell. Layout shares cell objects, so
        the cache is keyed on identity (and keeps the cell alive). A queen is
        the model's picture, never cached: each drawing needs its own id."""
        if cell.is_queen:
            png = queen_png(self.ink.text_grey(cell.role), grid.cell_size * grid.queen_scale)
            return self.inline_picture(png, grid.cell_size * grid.queen_scale) + "</w:p></w:tc>"
        key = (id(cell), grid.font_size)
        entry = self._runs.get(key)
        if entry is None or entry[0] is not cell:
            entry = self._runs[key] = (cell, _cell_run(cell, grid.font_size, self.ink) + "</w:p></w:tc>")
        return entry[1]

    def _cell_frames(self, grid: Grid) -> tuple[str, ...]:
        """Per cell, the XML up to its run: width, borders, shading, centring, style.

        Only the top and left side of each cell is written (plus the right of
        the last column and the bottom of the last row): neighbours share a
        side and the model guarantees they agree on it."""
        # Layout shares one borders tuple per shape: key on identity (the
        # entry keeps the tuples alive, so an id cannot be reused meanwhile).
        key = (id(grid.borders), id(grid.shaded), grid.cols, grid.cell_size)
        entry = self._frames.get(key)
        if entry is None or entry[0] is not grid.borders or entry[1] is not grid.shaded:
            entry = (grid.borders, grid.shaded,
                     tuple(_cell_frame(grid, i, self.ink) for i in range(grid.rows * grid.cols)))
            self._frames[key] = entry
        return entry[2]


def _empty_cell(width: float) -> str:
    """A spacer cell: no borders, no text."""
    return f'<w:tc><w:tcPr><w:tcW w:w="{twips(width)}" w:type="dxa"/></w:tcPr><w:p/></w:tc>'


def _cell_frame(grid: Grid, i: int, ink: Ink) -> str:
    r, c = divmod(i, grid.cols)
    borders = grid.borders[i]
    sides = [_border("top", borders.top), _border("left", borders.left)]
    if r == grid.rows - 1:
        sides.append(_border("bottom", borders.bottom))
    if c == grid.cols - 1:
        sides.append(_border("right", borders.right))
    shade = (f'<w:shd w:val="clear" w:color="auto" w:fill="{grey_hex(ink.shade(grid.shaded[i]))}"/>'
             if grid.shaded and grid.shaded[i] else "")
    return (f'<w:tc><w:tcPr><w:tcW w:w="{twips(grid.cell_size)}" w:type="dxa"/><w:tcBorders>{"".join(sides)}'
            f'</w:tcBorders>{shade}<w:vAlign w:val="center"/></w:tcPr>'
            f'<w:p><w:pPr><w:pStyle w:val="{style_id(GRID_STYLE)}"/></w:pPr>')


def _cell_run(cell: GridCell, font_size: float, ink: Ink) -> str:
    """A cell's text in the ink the model gives its role."""
    if not cell.text:
        return ""
    props = "<w:b/>" if ink.text_bold(cell.role) else ""
    grey = ink.text_grey(cell.role)
    if grey:
        props += f'<w:color w:val="{grey_hex(grey)}"/>'
    size = round(ink.text_size(cell.role, font_size) * 2)
    return f'<w:r><w:rPr>{props}<w:sz w:val="{size}"/></w:rPr><w:t>{escape(cell.text)}</w:t></w:r>'


def _parse(fragment: str) -> BaseOxmlElement:
    """Parse one element written without namespace declarations."""
    element: BaseOxmlElement = parse_xml(f'<w:body {nsdecls("w", "r")}>{fragment}</w:body>')[0]
    return element


def _border(side: str, width: float) -> str:
    if width <= 0:
        return f'<w:{side} w:val="nil"/>'
    eighths = min(96, max(2, round(width * 8)))
    return f'<w:{side} w:val="single" w:sz="{eighths}" w:space="0"/>'


# --------------------------------------------------------------------------
# Document set-up: styles, settings, sections, properties, zip
# --------------------------------------------------------------------------

def _clear_formatting(style: BaseStyle) -> None:
    """Drop the template's colours, borders and theme fonts from a built-in style."""
    for tag in ("w:pPr", "w:rPr"):
        for child in style.element.findall(qn(tag)):
            style.element.remove(child)


def _set_style(doc: DocxDocument, name: str, size: float, bold: bool, align: str, leading: float | None) -> None:
    styles = doc.styles
    try:
        style = styles[name]
    except KeyError:
        style = styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
        style.base_style = styles["Normal"]
        style.quick_style = True
    _clear_formatting(style)
    style.font.size = Pt(size)
    style.font.bold = bold
    style.font.color.rgb = RGBColor(0, 0, 0)
    fmt = style.paragraph_format
    fmt.alignment = _DOCX_ALIGN[align]
    fmt.space_before = Pt(0)
    fmt.space_after = Pt(0)
    fmt.widow_control = False
    if leading:
        fmt.line_spacing_rule = WD_LINE_SPACING.EXACTLY
        fmt.line_spacing = Pt(leading)
    else:
        fmt.line_spacing_rule = WD_LINE_SPACING.SINGLE


def _setup_styles(doc: DocxDocument, booklet: Booklet) -> None:
    """Word styles a user can restyle: one per model style, plus grid digits and spacers."""
    family = booklet.fonts.family
    defaults = doc.styles.element.find(qn("w:docDefaults"))
    rpr = defaults.find(qn("w:rPrDefault")).find(qn("w:rPr"))
    for child in rpr.findall(qn("w:rFonts")) + rpr.findall(qn("w:lang")):
        rpr.remove(child)
    rpr.insert(0, parse_xml(f'<w:rFonts {nsdecls("w")} w:ascii="{family}" w:hAnsi="{family}" '
                            f'w:eastAsia="{family}" w:cs="{family}"/>'))
    rpr.append(parse_xml(f'<w:lang {nsdecls("w")} w:val="{escape(booklet.language)}"/>'))
    ppr = defaults.find(qn("w:pPrDefault")).find(qn("w:pPr"))
    for child in list(ppr):
        ppr.remove(child)
    ppr.append(parse_xml(f'<w:spacing {nsdecls("w")} w:after="0" w:line="240" w:lineRule="auto"/>'))

    body = next((s for s in booklet.styles if s.name == "body"), TextStyle("body", 10.5))
    _set_style(doc, "Normal", body.size, body.bold, body.align, body.leading)
    for style in booklet.styles:
        if style.name != "body":
            _set_style(doc, word_style(style), style.size, style.bold, style.align, style.leading)
    _set_style(doc, GRID_STYLE, body.size, False, "center", None)
    _set_style(doc, SPACER_STYLE, 1, False, "left", MIN_SPACER)


def _setup_settings(doc: DocxDocument, booklet: Booklet) -> None:
    """No preview picture (it would be stale); embedded fonts used; mirrored
    margins when the book has them."""
    settings = doc.settings.element
    for tag in ("w:savePreviewPicture", "w:mirrorMargins", "w:embedTrueTypeFonts", "w:saveSubsetFonts"):
        for child in settings.findall(qn(tag)):
            settings.remove(child)
    zoom = settings.find(qn("w:zoom"))   # schema order: embedTrueTypeFonts, saveSubsetFonts, mirrorMargins after zoom
    if booklet.mirrored:
        zoom.addnext(parse_xml(f'<w:mirrorMargins {nsdecls("w")}/>'))
    zoom.addnext(parse_xml(f'<w:saveSubsetFonts {nsdecls("w")}/>'))
    zoom.addnext(parse_xml(f'<w:embedTrueTypeFonts {nsdecls("w")}/>'))


#: characters a Word user may type into the book besides its own: the embedded
#: subsets keep printable ASCII and Latin-1, so small edits keep the typeface
EDITABLE = "".join(map(chr, range(0x20, 0x7F))) + "".join(map(chr, range(0xA0, 0x100)))
OBFUSCATED_FONT = "application/vnd.openxmlformats-officedocument.obfuscatedFont"


def font_key(data: bytes) -> str:
    """A GUID for an embedded font derived from its bytes (so the file is the
    same on every run), in Word's ``{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}`` form."""
    digits = hashlib.sha256(data).hexdigest()[:32].upper()
    return "{" + "-".join((digits[:8], digits[8:12], digits[12:16], digits[16:20], digits[20:])) + "}"


def obfuscate(data: bytes, key: str) -> bytes:
    """ECMA-376 font obfuscation: the first 32 bytes XORed with the key's 16
    bytes in reverse order (twice); what Word and LibreOffice undo on reading."""
    guid = bytes.fromhex(key.strip("{}").replace("-", ""))[::-1]
    head = bytes(b ^ guid[i % 16] for i, b in enumerate(data[:32]))
    return head + data[32:]


def _setup_font_table(doc: DocxDocument, booklet: Booklet) -> None:
    """Embed the book's fonts (regular and bold, subset to what the booklet
    prints plus Latin-1) as obfuscated font parts, declared in the font table
    with the fallback family as the alternative name: Word and LibreOffice then
    show the print edition's typeface without the font being installed."""
    part = next(p for p in doc.part.package.iter_parts() if p.partname.endswith("/fontTable.xml"))
    fonts = booklet.fonts
    characters = "".join(sorted(set(booklet.printed_text()) | set(EDITABLE)))
    embeds = []
    for index, (tag, path) in enumerate((("embedRegular", fonts.regular), ("embedBold", fonts.bold)), start=1):
        data = subset(Path(path), characters)
        key = font_key(data)
        font_part = Part(PackURI(f"/word/fonts/font{index}.odttf"), OBFUSCATED_FONT, obfuscate(data, key),
                         doc.part.package)
        rid = part.relate_to(font_part, RT.FONT)
        embeds.append(f'<w:{tag} r:id="{rid}" w:fontKey="{key}"/>')
    root = parse_xml(part.blob)
    for old in root.findall(qn("w:font")):
        if old.get(qn("w:name")) == fonts.family:
            root.remove(old)
    root.append(parse_xml(f'<w:font {nsdecls("w", "r")} w:name="{escape(fonts.family)}">'
                          f'<w:altName w:val="{escape(fonts.fallback_family)}"/><w:charset w:val="00"/>'
                          f'<w:family w:val="swiss"/><w:pitch w:val="variable"/>{"".join(embeds)}</w:font>'))
    part._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


_EMPTY_PART = f'<w:p><w:pPr><w:pStyle w:val="{style_id(SPACER_STYLE)}"/></w:pPr></w:p>'


def _header_paragraph(header: TextBlock | None) -> str:
    if header is None:
        return _EMPTY_PART
    check_text(header.text, "running head")
    return (f'<w:p><w:pPr><w:pStyle w:val="{style_id(word_style(header.style))}"/></w:pPr>'
            f'{_run_text([header.text])}</w:p>')


def _footer_paragraph(folio: Folio | None) -> str:
    """The page-number line: its text around a PAGE field, so the number stays right if a user edits."""
    if folio is None:
        return _EMPTY_PART
    check_text(folio.prefix + folio.suffix, "page number text")
    runs = _run_text([folio.prefix]) if folio.prefix else ""
    if folio.numbered:
        runs += ('<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
                 '<w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>'
                 '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r>'
                 '<w:r><w:fldChar w:fldCharType="end"/></w:r>')
    if folio.suffix:
        runs += _run_text([folio.suffix])
    return f'<w:p><w:pPr><w:pStyle w:val="{style_id(word_style(folio.style))}"/></w:pPr>{runs}</w:p>'


class _Parts:
    """Header and footer parts, one per distinct content, related to the document."""

    def __init__(self, doc: DocxDocument) -> None:
        self.doc = doc
        self._made: dict[tuple[str, str], str] = {}

    def rid(self, kind: str, furniture: Furniture) -> str:
        xml = _header_paragraph(furniture.header) if kind == "header" else _footer_paragraph(furniture.folio)
        key = (kind, xml)
        if key not in self._made:
            package = self.doc.part.package
            part = HeaderPart.new(package) if kind == "header" else FooterPart.new(package)
            root = part.element
            for child in list(root):
                root.remove(child)
            root.append(_parse(xml))
            self._made[key] = self.doc.part.relate_to(part, RT.HEADER if kind == "header" else RT.FOOTER)
        return self._made[key]


def _sect_pr(booklet: Booklet, section: Section, parts: _Parts) -> str:
    refs = []
    for kind in ("header", "footer"):
        tag = "headerReference" if kind == "header" else "footerReference"
        refs.append(f'<w:{tag} w:type="default" r:id="{parts.rid(kind, section.rest)}"/>')
        if section.title_page:
            refs.append(f'<w:{tag} w:type="first" r:id="{parts.rid(kind, section.first)}"/>')
    width, height = twips(booklet.page_width), twips(booklet.page_height)
    orient = ' w:orient="landscape"' if width > height else ""
    m = booklet.margins
    title = "<w:titlePg/>" if section.title_page else ""
    return (f'<w:sectPr>{"".join(refs)}<w:type w:val="nextPage"/>'
            f'<w:pgSz w:w="{width}" w:h="{height}"{orient}/>'
            f'<w:pgMar w:top="{twips(m.top)}" w:right="{twips(m.outside)}" w:bottom="{twips(m.bottom)}" '
            f'w:left="{twips(m.inside)}" w:header="{twips(section.header_distance(booklet))}" '
            f'w:footer="{twips(section.footer_distance(booklet))}" w:gutter="0"/>{title}</w:sectPr>')


def _body_xml(doc: DocxDocument, booklet: Booklet) -> str:
    """The body of document.xml, sections and their header/footer parts included."""
    builder = _Body(doc, booklet)
    parts = _Parts(doc)
    _setup_settings(doc, booklet)
    out: list[str] = []
    flow = list(walk(booklet))
    for s_index, (section, pages) in enumerate(flow):
        sect_pr = _sect_pr(booklet, section, parts)
        final = s_index == len(flow) - 1
        closing = "" if final else sect_pr     # the last section's properties close the body instead
        out.extend(builder.event(event, closing) for events in pages for event in events)
        if final:
            out.append(sect_pr)
    return "".join(out)


def _splice_body(document_xml: bytes, body: str) -> bytes:
    """The document part with the generated body in place of its empty one.

    Parsing a 25 MB body into lxml only for python-docx to serialise it again
    costs seconds per booklet; splicing the text costs nothing. The body is
    checked for well-formedness by every consumer test (python-docx reads it
    back, LibreOffice opens it)."""
    head, empty, tail = document_xml.partition(b"<w:body/>")
    assert empty, "document part must have one empty body"
    assert b"<w:body" not in tail, "document part must have one empty body"
    return b"".join((head, b"<w:body>", body.encode("utf-8"), b"</w:body>", tail))


#: Word (and python-docx) keep at most 255 characters in a document property
PROPERTY_LIMIT = 255


def _property(value: str) -> str:
    """A document property within Word's limit: a 300-character title is still
    printed in full on the page; only the metadata copy is shortened."""
    return value if len(value) <= PROPERTY_LIMIT else value[:PROPERTY_LIMIT - 1].rstrip() + "…"


def _set_core_properties(doc: DocxDocument, booklet: Booklet) -> None:
    for field, value in (("title", booklet.title), ("subject", booklet.subject), ("author", booklet.author or "")):
        check_text(value, field)
    props = doc.core_properties
    props.title = _property(booklet.title)
    props.subject = _property(booklet.subject)
    props.author = _property(booklet.author or "")
    props.language = booklet.language
    props.comments = ""
    props.keywords = ""
    props.category = ""
    props.last_modified_by = "puzzlepress"
    props.revision = 1
    props.created = props.modified = document_date()
    rels = doc.part.package.rels
    for rid in [rid for rid, rel in rels.items() if rel.reltype == RT.THUMBNAIL]:
        del rels[rid]


def normalise_zip(data: bytes, replace: dict[str, Callable[[bytes], bytes]] | None = None) -> bytes:
    """Rewrite a zip with fixed timestamps and attributes (same member order),
    so identical content gives identical bytes; ``replace`` maps member names
    to a function giving that member's new content.

    Replaced members are the large generated ones: they are compressed at
    level 1, several times faster than the default for repetitive XML."""
    replace = replace or {}
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            generated = info.filename in replace
            if generated:
                content = replace[info.filename](content)
            fixed = zipfile.ZipInfo(info.filename, date_time=ZIP_DATE)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            fixed.create_system = 0
            target.writestr(fixed, content, compresslevel=1 if generated else 6)
    return out.getvalue()


@register
class DocxRenderer(Renderer):
    """Word document: styles, sections with running heads and PAGE fields, one table per band."""

    name = "docx"
    extension = "docx"

    def render(self, booklet: Booklet) -> bytes:
        doc = docx.Document()
        _setup_styles(doc, booklet)
        _setup_font_table(doc, booklet)
        body_el = doc.element.body
        for child in list(body_el):
            body_el.remove(child)
        body = _body_xml(doc, booklet)
        _set_core_properties(doc, booklet)
        raw = io.BytesIO()
        doc.save(raw)
        return normalise_zip(raw.getvalue(), {"word/document.xml": lambda xml: _splice_body(xml, body)})
