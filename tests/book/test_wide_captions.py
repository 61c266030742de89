"""A caption may run wider than its grid (issue 42, items 4 and 12): a grid alone in its row
carries its caption across the text block on one line where it fits there, in every format,
read back as a reader's program prints it (the PDF itself, DOCX and RTF through LibreOffice,
the HTML through Chromium): one line, centred over its grid, on the page the model put it.

The book is the embedded one in large print with its key at the back, where tour #45's caption
(347.8 pt) over its 8x8 grid (257.2 pt) wrapped to two lines and that one line left #45 alone on
the key's last tour page (20 % of its text block, 21.1 pt short of the page before).
"""
from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

import pymupdf
import pytest

from publisher.captions import SEPARATOR
from publisher.model import Band, Booklet, PlacedGrid
from publisher.render import get
from publisher.typeset import Typesetter
from tests.book.test_editor_measures import short_pages
from tests.book.test_fit_and_floors import Read
from tests.consumers import chromium_to_pdf, libreoffice_to_pdf, pdf_page_count, require
from tests.stages import default_book

pytestmark = [pytest.mark.slow, pytest.mark.consumers]

LARGE_PRINT_KEY = {"    answers: separate": "    answers: back\n    layout: {large_print: true}"}


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Booklet, dict[str, Path]]:
    """The large-print book and its PDFs as each format's reader prints it."""
    folder = tmp_path_factory.mktemp("wide")
    booklet = default_book(folder, **LARGE_PRINT_KEY)[0]
    files = {}
    for fmt in ("pdf", "docx", "rtf", "html"):
        files[fmt] = folder / f"book.{fmt}"
        files[fmt].write_bytes(get(fmt)().render(booklet))
    fonts = (Path(booklet.fonts.regular), Path(booklet.fonts.bold))
    pdfs = {"pdf": files["pdf"]}
    pdfs["docx"], = libreoffice_to_pdf([files["docx"]], folder / "docx")
    pdfs["rtf"], = libreoffice_to_pdf([files["rtf"]], folder / "rtf", fonts)
    pdfs["html"] = chromium_to_pdf(files["html"], folder / "html.pdf")
    return booklet, pdfs


def lone_grids(booklet: Booklet) -> list[tuple[int, PlacedGrid]]:
    """(page number, grid) of every numbered grid alone in its row whose whole caption fits
    one line of the text block, and is wider than its grid."""
    setter = Typesetter(booklet.fonts)
    out = []
    for page in booklet.pages:
        for block in page.blocks:
            if not isinstance(block, Band) or len(block.items) != 1 or block.items[0].number is None:
                continue
            item = block.items[0]
            whole = SEPARATOR.join(item.caption_parts)
            width = setter.width(whole, item.caption_style)
            if item.grid.width < width <= page.content_width:
                out.append((page.number, item))
    return out


def lines_of(pdf: Path) -> list[list[tuple[str, float, float]]]:
    """Per page: (text, left, right) of every line, as pdftotext lays the page out."""
    out = subprocess.run([require(None, "pdftotext"), "-bbox-layout", str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        lines = []
        for attrs, body in re.findall(r"<line ([^>]*)>(.*?)</line>", page, re.S):
            words = [html.unescape(w) for w in re.findall(r"<word[^>]*>([^<]*)</word>", body)]
            left, right = (float(re.search(rf'{k}="([-\d.]+)"', attrs).group(1)) for k in ("xMin", "xMax"))
            lines.append((" ".join(words), left, right))
        pages.append(lines)
    return pages


@pytest.mark.parametrize("fmt", ["pdf", "docx", "rtf", "html"])
def test_a_lone_grids_caption_runs_wider_than_its_grid_on_one_line(book: tuple[Booklet, dict[str, Path]],
                                                                   fmt: str) -> None:
    booklet, pdfs = book
    lone = lone_grids(booklet)
    assert any(item.number == 45 for _page, item in lone)      # the tour the issue names
    assert pdf_page_count(pdfs[fmt]) == booklet.page_count
    pages = lines_of(pdfs[fmt])
    for number, item in lone:
        whole = SEPARATOR.join(item.caption_parts)
        found = [(left, right) for text, left, right in pages[number - 1] if text == whole]
        assert found, (fmt, number, whole, [text for text, *_ in pages[number - 1]][:8])
        left, right = found[0]
        assert right - left > item.grid.width, (fmt, number)
        assert abs((left + right) / 2 - (item.x + item.grid.width / 2)) < 3, (fmt, number, left, right, item.x)


def test_the_large_print_keys_tours_leave_no_short_page(book: tuple[Booklet, dict[str, Path]]) -> None:
    """No page of the key but its last under 30 % of its text block (#45 joins #43 and #44)."""
    booklet, pdfs = book
    assert short_pages(Read(booklet, pymupdf.open(pdfs["pdf"]))) == []
