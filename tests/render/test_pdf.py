"""The PDF renderer, checked the way print services and readers see the file:
poppler's pdffonts/pdfinfo/pdftotext, pypdf for the catalog, fontTools for
glyph coverage, and pdftoppm pixels for line weights."""
from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from pypdf import PdfReader

from publisher import render
from publisher.fonts import missing_glyphs
from publisher.layout import layout_book
from publisher.model import QUEEN, Band, Booklet, CellRole, PlacedGrid
from publisher.render.pdf import PdfRenderer
from tests.booksamples import sample_book, vietnamese_book
from tests.consumers import pdf_fonts, pdf_info, pdf_page_count, pdf_page_png, pdf_page_size, pdf_text, require
from tests.samples import REPO

STANDARD_14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def _write(booklet: Booklet, folder: Path) -> Path:
    path = folder / f"{booklet.stem}.pdf"
    path.write_bytes(PdfRenderer().render(booklet))
    return path


def _words(pdf: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    """Words of one page with their boxes (points, top-left origin) from `pdftotext -bbox`."""
    out = subprocess.run([require(None, "pdftotext"), "-bbox", "-enc", "UTF-8",
                          "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    return [(float(a), float(b), float(c), float(d), unescape(t)) for a, b, c, d, t in _WORD.findall(out)]


def _grids(booklet: Booklet, page_index: int) -> list[PlacedGrid]:
    return [item for block in booklet.pages[page_index].blocks if isinstance(block, Band) for item in block.items]


@pytest.fixture(scope="module")
def vi(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Booklet, Path]]:
    folder = tmp_path_factory.mktemp("pdf")
    return [(b, _write(b, folder)) for b in layout_book(vietnamese_book(answers="both"))]


def test_registered_under_pdf() -> None:
    # the registry itself, not render.get(): get() imports every built-in
    # format, and this test is about this module's registration only
    assert render._REGISTRY["pdf"] is PdfRenderer
    assert PdfRenderer.name == PdfRenderer.extension == "pdf"


@pytest.mark.consumers
def test_every_font_embedded_and_no_standard_14(vi: list[tuple[Booklet, Path]]) -> None:
    for _booklet, pdf in vi:
        rows = pdf_fonts(pdf)
        assert rows, "the text is drawn with fonts"
        for row in rows:
            assert row["emb"] == "yes", row["line"]
            assert not any(std in row["name"] for std in STANDARD_14), row["line"]
            assert "Roboto" in row["name"]


@pytest.mark.consumers
def test_page_count_metadata_and_language(vi: list[tuple[Booklet, Path]]) -> None:
    for booklet, pdf in vi:
        assert pdf_page_count(pdf) == booklet.page_count
        info = pdf_info(pdf)
        assert info["Title"] == booklet.title and info["Author"] == "Nguyễn Văn Đức"
        assert info["Subject"] == booklet.subject and info["Creator"] == "puzzlepress"
        assert PdfReader(pdf).trailer["/Root"]["/Lang"] == "vi"


@pytest.mark.parametrize("page, expected", [
    ("A4", (595.276, 841.89)), ("A5", (419.528, 595.276)), ("Letter", (612, 792)), ("6x9in", (432, 648)),
    ((200 * 72 / 25.4, 250 * 72 / 25.4), (566.929, 708.661))])
@pytest.mark.consumers
def test_page_size_is_exact(page: str | tuple[float, float], expected: tuple[float, float], tmp_path: Path) -> None:
    booklet = layout_book(sample_book(page=page, count=2))[0]
    pdf = _write(booklet, tmp_path)
    width, height = pdf_page_size(pdf)
    assert (width, height) == (pytest.approx(expected[0], abs=0.01), pytest.approx(expected[1], abs=0.01))
    for mediabox in (p.mediabox for p in PdfReader(pdf).pages):
        assert (float(mediabox.width), float(mediabox.height)) == (pytest.approx(width, abs=0.01),
                                                                   pytest.approx(height, abs=0.01))


@pytest.mark.consumers
def test_text_layer_has_title_numbers_and_headings(vi: list[tuple[Booklet, Path]]) -> None:
    booklet, pdf = vi[0]
    text = pdf_text(pdf)
    assert "Tuyển tập Sudoku" in pdf_text(pdf, first=1, last=1)
    assert "Điền các số từ 1 đến 9" in text
    for index, page in enumerate(booklet.pages):
        words = {w[4] for w in _words(pdf, index + 1)}
        for placed in _grids(booklet, index):
            assert str(placed.number) in words, (page.number, placed.number)
        if page.footer:
            assert page.footer.text in words


@pytest.mark.consumers
@pytest.mark.parametrize("which", [0, 1])
def test_every_cell_text_sits_in_its_cell(vi: list[tuple[Booklet, Path]], which: int) -> None:
    """pdftotext's word boxes, mapped back to grid cells, give exactly the
    model's cell texts: every given (and every solved digit) printed, centred
    in the right cell."""
    booklet, pdf = vi[which]
    for index in range(booklet.page_count):
        placed_grids = _grids(booklet, index)
        if not placed_grids:
            continue
        words = _words(pdf, index + 1)
        for placed in placed_grids:
            grid, top = placed.grid, placed.y + placed.caption_height
            found: dict[int, str] = {}
            marks = grid.coordinates.labels if grid.coordinates else ()
            size = grid.coordinates.size if grid.coordinates else 0.0
            for x1, y1, x2, y2, text in words:
                cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
                if any(text == m.text and abs(cx - placed.x - m.x) < 2 * size and abs(cy - top - m.y - size / 2) < size
                       for m in marks):
                    continue      # a chessboard's file or rank in a corner, not a cell's text
                if placed.x < cx < placed.x + grid.width and top < cy < top + grid.height:
                    col, row = int((cx - placed.x) // grid.cell_size), int((cy - top) // grid.cell_size)
                    assert abs(cx - placed.x - (col + 0.5) * grid.cell_size) < grid.cell_size * 0.15
                    assert abs(cy - top - (row + 0.5) * grid.cell_size) < grid.cell_size * 0.3
                    found[row * grid.cols + col] = text
            expected = {i: c.text for i, c in enumerate(grid.cells) if c.role in (CellRole.GIVEN, CellRole.SOLVED)}
            assert found == expected, (booklet.role, placed.number)


@pytest.mark.consumers
def test_25x25_grid_prints_letters(vi: list[tuple[Booklet, Path]]) -> None:
    booklet, pdf = vi[0]
    index = next(i for i in range(booklet.page_count) if any(g.grid.rows == 25 for g in _grids(booklet, i)))
    letters = {w[4] for w in _words(pdf, index + 1) if len(w[4]) == 1 and w[4].isalpha()}
    assert letters >= set("ABCDEFGHIJKLMNOP") & {c.text for g in _grids(booklet, index) for c in g.grid.cells}
    assert len(letters & set("ABCDEFGHIJKLMNOP")) >= 10


@pytest.mark.consumers
def test_fonts_cover_every_extracted_character(vi: list[tuple[Booklet, Path]]) -> None:
    for booklet, pdf in vi:
        text = pdf_text(pdf)
        assert missing_glyphs(booklet.fonts, text) == []
        assert QUEEN not in text, "queens are drawn as shapes, not a glyph the font lacks"


def test_identical_bytes_on_every_run() -> None:
    booklets = layout_book(vietnamese_book())
    for booklet in booklets:
        assert PdfRenderer().render(booklet) == PdfRenderer().render(booklet)
    assert PdfRenderer().render(layout_book(vietnamese_book())[0]) == PdfRenderer().render(booklets[0])


@pytest.mark.consumers
def test_user_text_is_not_markup(tmp_path: Path) -> None:
    booklet = layout_book(sample_book(count=2, title="<b>Bold</b> & <i>Tom</i>", subtitle="a < b > c"))[0]
    text = pdf_text(_write(booklet, tmp_path), first=1, last=1)
    # pdftotext infers spaces from glyph gaps, so compare without them
    assert "<b>Bold</b>&<i>Tom</i>" in text.replace(" ", "") and "a<b>c" in text.replace(" ", "")


def _darkness(png: Path, box: tuple[int, int, int, int]) -> float:
    """Mean ink (0 white .. 1 black) of a pixel box of a greyscale-ish PNG."""
    from PIL import Image

    pixels = Image.open(png).convert("L").crop(box).tobytes()
    return 1 - sum(pixels) / (255 * len(pixels))


@pytest.mark.consumers
def test_box_lines_print_thicker_than_cell_lines(tmp_path: Path) -> None:
    """Rasterised at 300 dpi, a 3x3 box line holds about three times the ink
    of a cell line (2.25 pt against 0.75 pt)."""
    booklet = layout_book(sample_book(count=2, per_page=(1, 1)))[0]
    pdf = _write(booklet, tmp_path)
    placed = _grids(booklet, 1)[0]
    png = pdf_page_png(pdf, tmp_path / "grid", page=2, dpi=300)
    scale = 300 / 72
    top = placed.y + placed.caption_height
    y1, y2 = int((top + placed.grid.cell_size * 4.2) * scale), int((top + placed.grid.cell_size * 4.8) * scale)

    def line_ink(col: int) -> float:
        x = (placed.x + col * placed.grid.cell_size) * scale
        return _darkness(png, (int(x - 8), y1, int(x + 8), y2))

    thin, thick = line_ink(1), line_ink(3)
    assert thin > 0.02 and 2.2 < thick / thin < 4.0


@pytest.mark.consumers
def test_shading_is_grey_not_colour(vi: list[tuple[Booklet, Path]], tmp_path: Path) -> None:
    from PIL import Image

    booklet, pdf = vi[1]
    index = next(i for i in range(booklet.page_count) if any(g.grid.shaded for g in _grids(booklet, i)))
    png = pdf_page_png(pdf, tmp_path / "chess", page=index + 1, dpi=50)
    rgb = Image.open(png).convert("RGB").tobytes()
    assert rgb[0::3] == rgb[1::3] == rgb[2::3]


@pytest.mark.consumers
def test_queens_are_drawn_as_shapes(vi: list[tuple[Booklet, Path]], tmp_path: Path) -> None:
    """A queen's cell centre is inked (the answer key's own queens in grey, told apart
    from the given ones without colour); an empty cell's centre is not."""
    booklet, pdf = vi[1]
    index = next(i for i in range(booklet.page_count)
                 if any(c.is_queen for g in _grids(booklet, i) for c in g.grid.cells))
    placed = next(g for g in _grids(booklet, index) if any(c.is_queen for c in g.grid.cells))
    png = pdf_page_png(pdf, tmp_path / "queens", page=index + 1, dpi=150)
    scale, size = 150 / 72, placed.grid.cell_size
    for i, cell in enumerate(placed.grid.cells):
        r, c = divmod(i, placed.grid.cols)
        cx = (placed.x + (c + 0.5) * size) * scale
        cy = (placed.y + placed.caption_height + (r + 0.5) * size) * scale
        ink = _darkness(png, (int(cx - 2), int(cy - 2), int(cx + 2), int(cy + 2)))
        if cell.role is CellRole.QUEEN:
            assert ink > 0.8, (r, c, ink)
        elif cell.role is CellRole.SOLVED_QUEEN:
            assert 0.35 < ink < 0.8, (r, c, ink)
        else:
            assert ink < 0.3, (r, c, ink)


@pytest.mark.slow
def test_identical_bytes_across_processes(tmp_path: Path) -> None:
    """A fresh interpreter (new font registration, new object ids) writes the same file."""
    script = ("import sys; from publisher.layout import layout_book; from publisher.render.pdf import PdfRenderer;"
              "from tests.booksamples import vietnamese_book;"
              "sys.stdout.buffer.write(PdfRenderer().render(layout_book(vietnamese_book())[1]))")
    root = REPO
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, check=True, cwd=root).stdout
            for _ in range(2)]
    assert runs[0] == runs[1] == PdfRenderer().render(layout_book(vietnamese_book())[1])


@pytest.mark.consumers
def test_large_print_givens_print_at_24pt_or_more(tmp_path: Path) -> None:
    """Word heights from pdftotext scale with the type size; the body text (18 pt)
    of the same page is the ruler."""
    booklet = layout_book(sample_book(large_print=True, count=2))[0]
    pdf = _write(booklet, tmp_path)
    words = _words(pdf, 2)
    body = next(b for b in booklet.pages[1].blocks if getattr(b, "style", None) and b.style.name == "body")
    assert body.style.size >= 16
    ruler = next(w for w in words if w[4] == body.lines[0].split()[0])
    per_point = (ruler[3] - ruler[1]) / body.style.size
    placed = _grids(booklet, 1)[0]
    top = placed.y + placed.caption_height
    # a cell's digit is centred inside the grid (the "answer p. 3" line under it is not)
    digits = [w for w in words if w[4].isdigit() and top < (w[1] + w[3]) / 2 < top + placed.grid.height]
    assert len(digits) == sum(1 for c in placed.grid.cells if c.text)
    assert all((w[3] - w[1]) / per_point >= 24 - 0.1 for w in digits)


def test_subset_tags_come_from_the_subsets_and_dates_from_source_date_epoch(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each font subset gets its own six-letter tag, derived from its content
    (the same on every run); SOURCE_DATE_EPOCH sets the creation date."""
    booklet = layout_book(sample_book(count=4))[0]
    pdf = _write(booklet, tmp_path)
    names = [row["name"] for row in pdf_fonts(pdf)]
    tags = [name.split("+")[0] for name in names]
    assert len(set(tags)) == len(tags) == 2 and "AAAAAA" not in tags
    assert all(re.fullmatch(r"[A-Z]{6}", tag) for tag in tags)
    assert pdf_info(pdf)["CreationDate"].endswith("2000 UTC")
    other = layout_book(sample_book(count=4, title="Ωmega Quiz JXZ"))[0]
    (tmp_path / "b").mkdir()
    assert [row["name"] for row in pdf_fonts(_write(other, tmp_path / "b"))] != names   # other characters
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    (tmp_path / "c").mkdir()
    dated = _write(booklet, tmp_path / "c")
    assert "2023" in pdf_info(dated)["CreationDate"] and [row["name"] for row in pdf_fonts(dated)] == names
