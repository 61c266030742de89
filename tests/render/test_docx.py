"""DOCX renderer, checked by reading its output back with python-docx and the zip module."""
from __future__ import annotations

import io
import re
import zipfile
from dataclasses import replace

import docx
import pytest
from docx.shared import Pt
from hypothesis import given, settings
from hypothesis import strategies as st

from publisher.model import CellRole
from publisher.render import get
from publisher.render.docx import DocxRenderer
from publisher.render.flow import OfficeTextError
from publisher.render.picture import queen_png
from tests.office_books import all_booklets, bands, booklets

BOOKLETS = dict(all_booklets())
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


@pytest.fixture(scope="module")
def rendered() -> dict[str, bytes]:
    return {name: DocxRenderer().render(booklet) for name, booklet in BOOKLETS.items()}


def _document(data: bytes) -> docx.document.Document:
    return docx.Document(io.BytesIO(data))


def _part(data: bytes, name: str) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return z.read(name).decode("utf-8")


def test_registered_under_its_format_name() -> None:
    assert get("docx") is DocxRenderer
    assert DocxRenderer.extension == "docx"


@pytest.mark.slow
@pytest.mark.parametrize("name", BOOKLETS)
def test_every_table_reads_back_as_the_grids_of_its_band(rendered: dict[str, bytes], name: str) -> None:
    """One table per band: a caption row (caption, note, an answer's cross-reference), then
    each grid's cells (a spacer column between grids), then a row of the puzzles' cross-references."""
    tables = _document(rendered[name]).tables
    model = bands(BOOKLETS[name])
    assert len(tables) == len(model)
    for table, band in zip(tables, model):
        rows = table.rows
        boxes = list(dict.fromkeys(c.text for c in rows[0].cells if c.text))
        above = [item.ref.text for item in band.items if item.ref and not item.ref.below]
        assert [box.split("\n")[0] for box in boxes] == [item.caption for item in band.items]
        assert [box.split("\n")[-1] for box in boxes if above] == above
        below = [item.ref.text for item in band.items if item.ref and item.ref.below]
        if below:
            texts = ["".join(t.text or "" for t in tc.iter(f"{W}t")) for tc in rows[-1]._tr.tc_lst]
            assert [text for text in texts if text] == below
        width = sum(item.grid.cols for item in band.items) + len(band.items) - 1
        assert len(rows) == 1 + max(item.grid.rows for item in band.items) + bool(below)
        for r, row in enumerate(rows[1:1 + max(item.grid.rows for item in band.items)]):
            texts = [cell.text for cell in row.cells]
            assert len(texts) == width
            offset = 0
            for item in band.items:
                grid = item.grid
                model = grid.cells[r * grid.cols:(r + 1) * grid.cols]
                assert texts[offset:offset + grid.cols] == ["" if cell.is_queen else cell.text for cell in model]
                for cell, docx_cell in zip(model, row.cells[offset:offset + grid.cols]):   # queens are pictures
                    assert bool(docx_cell._tc.findall(f".//{W}drawing")) == cell.is_queen
                offset += grid.cols + 1


def test_queens_are_the_model_shape_as_one_picture_per_grey(rendered: dict[str, bytes]) -> None:
    """Given and placed queens are two pictures: the same drawing in black and in the solved grey."""
    with zipfile.ZipFile(io.BytesIO(rendered["vietnamese-a4-answers"])) as z:
        media = sorted(n for n in z.namelist() if n.startswith("word/media/"))
        pictures = {z.read(n) for n in media}
    booklet = BOOKLETS["vietnamese-a4-answers"]
    ink = booklet.ink
    sides = {item.grid.cell_size * item.grid.queen_scale for page in booklet.pages for block in page.blocks
             for item in getattr(block, "items", ()) if any(cell.is_queen for cell in item.grid.cells)}
    assert sides     # each drawn at 300 dpi at its printed side
    assert all(queen_png(0.0, side) in pictures and queen_png(ink.solved_grey, side) in pictures for side in sides)


@pytest.mark.slow
def test_embeds_the_book_fonts_obfuscated() -> None:
    """word/fonts/*.odttf de-obfuscated with their fontTable key are TrueType files of the book's family."""
    from fontTools.ttLib import TTFont

    data = DocxRenderer().render(BOOKLETS["vietnamese-a4-puzzles"])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        table = z.read("word/fontTable.xml").decode("utf-8")
        rels = z.read("word/_rels/fontTable.xml.rels").decode("utf-8")
        settings = z.read("word/settings.xml").decode("utf-8")
        types = z.read("[Content_Types].xml").decode("utf-8")
        family = BOOKLETS["vietnamese-a4-puzzles"].fonts.family
        assert f'w:name="{family}"' in table and "<w:embedTrueTypeFonts/>" in settings
        assert "application/vnd.openxmlformats-officedocument.obfuscatedFont" in types
        embeds = re.findall(r'<w:(embedRegular|embedBold) r:id="(rId\d+)" w:fontKey="(\{[0-9A-F-]+\})"/>', table)
        assert {kind for kind, _rid, _key in embeds} == {"embedRegular", "embedBold"}
        for kind, rid, key in embeds:
            target = re.search(rf'Id="{rid}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="{rid}"', rels)
            name = "word/" + next(t for t in target.groups() if t)
            blob = z.read(name)
            guid = bytes.fromhex(key.strip("{}").replace("-", ""))[::-1]
            font = TTFont(io.BytesIO(bytes(b ^ guid[i % 16] for i, b in enumerate(blob[:32])) + blob[32:]))
            assert font["name"].getDebugName(1) == family
            assert ("Bold" in font["name"].getDebugName(2)) == (kind == "embedBold")
            assert ord("ố") in font.getBestCmap()


def _first_9x9(name: str) -> int:
    return next(i for i, band in enumerate(bands(BOOKLETS[name])) if band.items[0].grid.rows == 9)


def test_givens_bold_and_solved_digits_not(rendered: dict[str, bytes]) -> None:
    name = "vietnamese-a4-answers"
    index = _first_9x9(name)
    table = _document(rendered[name]).tables[index]
    grid = bands(BOOKLETS[name])[index].items[0].grid
    seen = set()
    for r in range(grid.rows):
        row = table.rows[r + 1].cells
        for c in range(grid.cols):
            cell = grid.cells[r * grid.cols + c]
            run = row[c].paragraphs[0].runs[0]
            assert bool(run.bold) == (cell.role is CellRole.GIVEN)
            if cell.role is CellRole.SOLVED:
                assert run.font.color.rgb is not None and str(run.font.color.rgb) != "000000"
            seen.add(cell.role)
    assert {CellRole.GIVEN, CellRole.SOLVED} <= seen


def test_table_geometry_is_exact_and_fixed(rendered: dict[str, bytes]) -> None:
    """Fixed layout, exact row heights equal to the cell size, rows never split, box lines thicker."""
    name = "vietnamese-a4-puzzles"
    xml = _part(rendered[name], "word/document.xml")
    index = _first_9x9(name)
    grid = bands(BOOKLETS[name])[index].items[0].grid
    table = _document(rendered[name]).tables[index]._tbl
    assert table.find(f"{W}tblPr/{W}tblLayout").get(f"{W}type") == "fixed"
    heights = [tr.find(f"{W}trPr/{W}trHeight") for tr in table.findall(f"{W}tr")]
    assert all(h.get(f"{W}hRule") == "exact" for h in heights)
    item = bands(BOOKLETS[name])[index].items[0]
    assert len(heights) == 1 + grid.rows + 1          # caption row, the grid's rows, the cross-reference row
    assert {int(h.get(f"{W}val")) for h in heights[1:-1]} == {round(grid.cell_size * 20)}
    assert int(heights[-1].get(f"{W}val")) == round(item.below * 20)
    assert all(tr.find(f"{W}trPr/{W}cantSplit") is not None for tr in table.findall(f"{W}tr"))
    widths = {int(g.get(f"{W}w")) for g in table.findall(f"{W}tblGrid/{W}gridCol")}
    assert round(grid.cell_size * 20) in widths
    sizes = {int(s) for s in re.findall(r'<w:(?:top|left|bottom|right) w:val="single" w:sz="(\d+)"', xml)}
    assert sizes == {round(0.75 * 8), round(2.25 * 8)}


def test_word_styles_for_every_model_style(rendered: dict[str, bytes]) -> None:
    document = _document(rendered["vietnamese-a4-puzzles"])
    names = {style.name for style in document.styles}
    assert {"Title", "Subtitle", "Heading 1", "Normal", "Puzzle Caption", "Running Head", "Running Foot",
            "Grid Digit"} <= names
    title = document.styles["Title"]
    assert title.font.size == Pt(26) and title.font.bold
    paragraphs = [p for p in document.paragraphs if p.text]
    assert paragraphs[0].style.name == "Title" and paragraphs[0].text == "Tuyển tập Sudoku"
    assert any(p.style.name == "Heading 1" and p.text == "Sudoku cổ điển" for p in paragraphs)


@pytest.mark.parametrize("name", BOOKLETS)
def test_page_size_margins_and_breaks(rendered: dict[str, bytes], name: str) -> None:
    booklet = BOOKLETS[name]
    document = _document(rendered[name])
    for section in document.sections:
        assert abs(section.page_width.pt - booklet.page_width) < 0.05
        assert abs(section.page_height.pt - booklet.page_height) < 0.05
        assert abs(section.top_margin.pt - booklet.margins.top) < 0.05
        assert abs(section.left_margin.pt - booklet.margins.inside) < 0.05
        assert abs(section.right_margin.pt - booklet.margins.outside) < 0.05
    xml = _part(rendered[name], "word/document.xml")
    breaks = xml.count("<w:pageBreakBefore/>") + len(document.sections) - 1
    assert breaks == booklet.page_count - 1
    settings = _part(rendered[name], "word/settings.xml")
    assert ("<w:mirrorMargins/>" in settings) == booklet.mirrored


def test_footer_has_a_page_field_and_the_title_page_none(rendered: dict[str, bytes]) -> None:
    booklet = BOOKLETS["vietnamese-a4-puzzles"]
    document = _document(rendered["vietnamese-a4-puzzles"])
    first = document.sections[0]
    assert first.different_first_page_header_footer
    assert first.first_page_footer.paragraphs[0].text == ""
    assert "PAGE" in first.footer._element.xml
    heads = [s.header.paragraphs[0].text for s in document.sections]
    assert [h for h in heads if h] == list(dict.fromkeys(p.header.text for p in booklet.pages if p.header))
    for section in document.sections[1:]:     # an opening page is its section's first page, without the head
        if section.different_first_page_header_footer:
            assert section.first_page_header.paragraphs[0].text == ""
            assert "PAGE" in section.first_page_footer._element.xml


@pytest.mark.slow
def test_identical_bytes_fixed_zip_and_our_core_properties(rendered: dict[str, bytes]) -> None:
    booklet = BOOKLETS["vietnamese-a4-puzzles"]
    data = rendered["vietnamese-a4-puzzles"]
    assert DocxRenderer().render(booklet) == data
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert {info.date_time for info in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert not any("thumbnail" in n for n in z.namelist())
        core = z.read("docProps/core.xml").decode("utf-8")
    assert "python-docx" not in core
    props = _document(data).core_properties
    assert (props.title, props.author, props.language) == (booklet.title, booklet.author, "vi")
    assert props.created.year == 2000 and props.modified == props.created


@pytest.mark.slow
def test_control_characters_are_refused_naming_the_field() -> None:
    booklet = booklets("vietnamese-a4")[0]
    with pytest.raises(OfficeTextError, match="title"):
        DocxRenderer().render(replace(booklet, title="Bad\x07title"))
    page = booklet.pages[1]
    block = replace(page.blocks[0], lines=("lone \ud800 surrogate",))
    broken = replace(booklet, pages=(booklet.pages[0], replace(page, blocks=(block,) + page.blocks[1:])))
    with pytest.raises(OfficeTextError, match=r"pages\[1\]\.blocks\[0\]"):
        DocxRenderer().render(broken)


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\ufffe\uffff"),
               min_size=1, max_size=30))
def test_any_printable_title_reads_back_unchanged(text: str) -> None:
    booklet = booklets("6x9in")[1]
    first = booklet.pages[0]
    block = replace(first.blocks[0], text=text, lines=(text,))
    changed = replace(booklet, pages=(replace(first, blocks=(block,) + first.blocks[1:]),) + booklet.pages[1:])
    assert _document(DocxRenderer().render(changed)).paragraphs[0].text == text
