"""DOCX and RTF as LibreOffice sees them: converted to PDF headless, then read with poppler.

Every sample booklet in both formats is converted in one LibreOffice run per
format (it is slow to start). The PDFs must show the model's pages: the same
page count, the configured page size, the title-page text and every cell of
every grid on the page the model put it.
"""
from __future__ import annotations

import html
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from publisher.model import Booklet, TextBlock
from publisher.render.docx import DocxRenderer
from publisher.render.rtf import RtfRenderer
from tests.consumers import libreoffice_to_pdf, pdf_fonts, pdf_page_count, pdf_page_size, pdf_text, require
from tests.office_books import all_booklets, placed_grids

#: LibreOffice needs ~10 s to start and convert each format's batch (still run in CI).
pytestmark = [pytest.mark.slow, pytest.mark.consumers]

BOOKLETS = dict(all_booklets())
FORMATS = {"docx": DocxRenderer, "rtf": RtfRenderer}
CASES = [(name, fmt) for name in BOOKLETS for fmt in FORMATS]


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """DOCX as LibreOffice opens it on a machine without the book's fonts (the
    document carries them); RTF as it opens where the book's fonts are
    installed (RTF can only name them, as it does first)."""
    folder = tmp_path_factory.mktemp("office")
    converted = {}
    for fmt in FORMATS:
        cases = [(name, f) for name, f in CASES if f == fmt]
        sources = []
        for name, _fmt in cases:
            path = folder / f"{name}-{fmt}.{fmt}"
            path.write_bytes(FORMATS[fmt]().render(BOOKLETS[name]))
            sources.append(path)
        fonts = () if fmt == "docx" else tuple(sorted({Path(f) for b in BOOKLETS.values()
                                                       for f in (b.fonts.regular, b.fonts.bold)}))
        converted.update(zip(cases, libreoffice_to_pdf(sources, folder / "pdf", fonts)))
    return converted


@pytest.mark.parametrize("name", BOOKLETS)
def test_docx_shows_the_book_typeface_from_its_embedded_fonts(pdfs: dict[tuple[str, str], Path], name: str) -> None:
    """The book's fonts are not installed for LibreOffice: the DOCX's own
    embedded fonts are what its PDF embeds (no Liberation or DejaVu stand-in)."""
    family = BOOKLETS[name].fonts.family.replace(" ", "")
    names = [row["name"].split("+")[-1] for row in pdf_fonts(pdfs[name, "docx"])]
    assert names and all(font.startswith(family) for font in names), names


def _pages(pdf: Path) -> list[str]:
    """The text of each page (pdftotext ends every page with a form feed)."""
    return pdf_text(pdf).split("\f")[:-1]


@pytest.mark.parametrize("name, fmt", CASES)
def test_same_pages_and_page_size_as_the_model(pdfs: dict[tuple[str, str], Path], name: str, fmt: str) -> None:
    booklet = BOOKLETS[name]
    pdf = pdfs[name, fmt]
    assert pdf.exists(), f"LibreOffice did not convert {name}.{fmt}"
    assert pdf_page_count(pdf) == booklet.page_count
    width, height = pdf_page_size(pdf)
    assert abs(width - booklet.page_width) < 0.5 and abs(height - booklet.page_height) < 0.5


@pytest.mark.parametrize("name, fmt", CASES)
def test_every_text_and_cell_on_its_page(pdfs: dict[tuple[str, str], Path], name: str, fmt: str) -> None:
    """Title-page text (Vietnamese included), headings, captions and running
    heads on the model's page; the characters of every grid cell counted on it."""
    booklet: Booklet = BOOKLETS[name]
    pages = _pages(pdfs[name, fmt])
    assert len(pages) == booklet.page_count
    for index, page in enumerate(booklet.pages):
        text = " ".join(pages[index].split())
        for block in page.blocks:
            for line in getattr(block, "lines", ()):
                assert " ".join(line.split()) in text, f"page {page.number}: {line!r}"
        if page.header is not None:
            assert " ".join(page.header.text.split()) in text
        if page.footer is not None:
            assert page.footer.text in text
    needed: dict[int, Counter[str]] = {}
    pictures: Counter[int] = Counter()
    for index, _band, item in placed_grids(booklet):
        assert item.caption in " ".join(pages[index].split())
        cells = item.grid.cells
        needed.setdefault(index, Counter()).update("".join(cell.text for cell in cells if not cell.is_queen))
        pictures[index] += (sum(cell.is_queen for cell in cells) + (item.grid.tour is not None)
                            + (item.grid.coordinates is not None))
    for index, counts in needed.items():
        shown = Counter(pages[index])
        missing = {ch: n - shown[ch] for ch, n in counts.items() if shown[ch] < n}
        assert not missing, f"page {index + 1} lacks cell text {missing}"
    for index, count in pictures.items():   # queens, tour paths and coordinates are pictures, on their grid's page
        assert _images(pdfs[name, fmt], index + 1) == count, f"page {index + 1}"


def _images(pdf: Path, page: int) -> int:
    """How many times pictures are drawn on a page (pdfimages lists each use)."""
    listing = subprocess.run([require(None, "pdfimages"), "-list", "-f", str(page), "-l", str(page), str(pdf)],
                             capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    return sum(1 for line in listing if line.split()[2] == "image")


def _word_tops(pdf: Path) -> list[dict[str, list[float]]]:
    """Per page: each word's text -> the tops (yMin, points from the page top) where it occurs."""
    out = subprocess.run([require(None, "pdftotext"), "-bbox", str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    pages: list[dict[str, list[float]]] = []
    for page in out.split("<page ")[1:]:
        words: dict[str, list[float]] = {}
        for top, word in re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)</word>', page):
            words.setdefault(html.unescape(word), []).append(float(top))
        pages.append(words)
    return pages


@pytest.mark.parametrize("name, fmt", CASES)
def test_text_lands_where_the_model_put_it(pdfs: dict[tuple[str, str], Path], name: str, fmt: str) -> None:
    """Flow formats place blocks by spacing; the first word of every text block
    and running head must still sit within a few points of the model's y."""
    booklet = BOOKLETS[name]
    pages = _word_tops(pdfs[name, fmt])
    for index, page in enumerate(booklet.pages):
        blocks = [b for b in page.blocks if isinstance(b, TextBlock)] + [h for h in (page.header,) if h]
        for block in blocks:
            word = block.lines[0].split()[0]
            tops = pages[index].get(word, [])
            assert any(abs(top - block.y) <= 4 for top in tops), (
                f"page {page.number}: {word!r} expected near y={block.y:.1f}, found at {tops}")


def _lines_of(pdf: Path) -> list[list[str]]:
    """Per page: the text of every line as pdftotext lays it out (bbox-layout lines)."""
    out = subprocess.run([require(None, "pdftotext"), "-bbox-layout", str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        lines = []
        for line in re.findall(r"<line[^>]*>(.*?)</line>", page, re.S):
            words = [html.unescape(w) for w in re.findall(r"<word[^>]*>([^<]*)</word>", line)]
            lines.append(" ".join(words))
        pages.append(lines)
    return pages


@pytest.mark.parametrize("name, fmt", CASES)
def test_paragraphs_reflow_and_captions_stay_whole(pdfs: dict[tuple[str, str], Path], name: str, fmt: str) -> None:
    """The office program wraps our paragraphs itself (no hard line breaks), so
    no line of body text is left holding a single word where ours holds more;
    and every caption is on one line of its own width, none wrapped or hidden."""
    booklet = BOOKLETS[name]
    pages = _lines_of(pdfs[name, fmt])
    for index, page in enumerate(booklet.pages):
        lines = pages[index]
        ours_alone = set()
        words_in_text = set()
        for block in page.blocks:
            if isinstance(block, TextBlock) and len(block.lines) > 1:
                words_in_text |= set(block.text.split())
                ours_alone |= {line.strip() for line in block.lines if len(line.split()) == 1}
        for line in lines:
            if len(line.split()) == 1 and line in words_in_text and not line.isdigit():
                assert line in ours_alone, f"page {page.number}: {line!r} alone on a line"
        for _index, _band, item in (g for g in placed_grids(booklet) if g[0] == index):
            assert any(item.caption in line for line in lines), f"page {page.number}: {item.caption!r} not whole"
