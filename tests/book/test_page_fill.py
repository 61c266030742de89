"""Pages that look intended, measured from the pixels of our own PDFs (pymupdf
renders them): on every puzzle page (but a section's short last page) no blank
horizontal band inside the text area is taller than a quarter of it, a big board alone on its page covers
at least 85 % of the text area's binding dimension, and no page of grids but the booklet's last is under
30 % full (:func:`tests.book.test_editor_measures.short_pages`); on A4, Letter, 6x9 in and
large print, for the default book and a generated-size 100-puzzle book."""
from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from publisher.layout import layout_book
from publisher.model import Band, Booklet, CellRole, TextBlock
from publisher.render import get
from tests.book.test_editor_measures import short_pages
from tests.book.test_fit_and_floors import Read
from tests.booksamples import PAGES, big_book
from tests.stages import default_book

DPI = 36
SIZES = {"A4": "size: A4", "Letter": "size: Letter", "6x9in": "size: 6x9in", "large-print": "size: A4"}


def _puzzle_pages(booklet: Booklet) -> list[int]:
    """Page numbers holding puzzles (no answer grid)."""
    out = []
    for page in booklet.pages:
        items = [item for block in page.blocks if isinstance(block, Band) for item in block.items]
        if items and not any(c.role in (CellRole.SOLVED, CellRole.SOLVED_QUEEN) for i in items for c in i.grid.cells):
            out.append(page.number)
    return out


def _largest_blank_band(booklet: Booklet, doc: pymupdf.Document, number: int) -> float:
    page = booklet.pages[number - 1]
    pix = doc[number - 1].get_pixmap(dpi=DPI, colorspace=pymupdf.csGRAY)
    scale = DPI / 72
    x0, x1 = int(page.content_x * scale), int((page.content_x + page.content_width) * scale)
    y0, y1 = int(page.content_y * scale), int((page.content_y + page.content_height) * scale)
    samples, stride = pix.samples, pix.stride
    longest = run = 0
    for y in range(y0, y1):
        row = samples[y * stride + x0:y * stride + x1]
        run = run + 1 if min(row) > 235 else 0
        longest = max(longest, run)
    return longest / (y1 - y0)


def _grid_count(booklet: Booklet, number: int) -> int:
    return sum(len(block.items) for block in booklet.pages[number - 1].blocks if isinstance(block, Band))


def _opens_section(booklet: Booklet, number: int) -> bool:
    return any(isinstance(block, TextBlock) for block in booklet.pages[number - 1].blocks)


def _short_last_page(booklet: Booklet, number: int, numbers: list[int]) -> bool:
    """A section's last page holding fewer grids than the page before it (two chessboards a
    page, three in the section): its grids keep the section's size, so it has room to spare."""
    following = numbers[numbers.index(number) + 1:]
    last = not following or _opens_section(booklet, following[0])
    return (last and not _opens_section(booklet, number) and number - 1 in numbers
            and _grid_count(booklet, number) < _grid_count(booklet, number - 1))


def _check(booklet: Booklet, name: str = "") -> None:
    doc = pymupdf.open(stream=get("pdf")().render(booklet), filetype="pdf")
    short = short_pages(Read(booklet, doc))
    assert not short, (name, booklet.page_width, short)
    numbers = _puzzle_pages(booklet)
    for number in numbers:
        if _short_last_page(booklet, number, numbers):
            continue
        assert _largest_blank_band(booklet, doc, number) <= 0.25, (booklet.page_width, number)
        page = booklet.pages[number - 1]
        items = [item for block in page.blocks if isinstance(block, Band) for item in block.items]
        if len(items) == 1 and max(items[0].grid.rows, items[0].grid.cols) >= 10:
            grid = items[0].grid
            binding = min(page.content_width / grid.cols, page.content_height / grid.rows)
            assert grid.cell_size >= 0.85 * binding, number


@pytest.mark.slow
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_default_books_puzzle_pages_are_full(tmp_path: Path, size: str) -> None:
    changes = {"size: A4": SIZES[size]}
    if size == "large-print":
        changes["    answers: separate"] = "    answers: back\n    layout: {large_print: true}"
    _check(default_book(tmp_path, **changes)[0], size)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_hundred_puzzle_books_pages_are_full(size: str) -> None:
    width, height = PAGES["A4" if size == "large-print" else size]
    _check(layout_book(big_book(100, page_width=width, page_height=height, answers="back",
                                large_print=size == "large-print"))[0])
