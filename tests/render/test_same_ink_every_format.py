"""One look in every format: the same greys and shapes on the printed page.

An answer booklet with Sudoku (givens and solved digits), a knight's tour and
a queens board is rendered in all four formats; DOCX and RTF are printed by
LibreOffice, HTML by Chromium, and every page is rasterised by pdftoppm. The
pixels are then read at the places the model gives: the darkest ink of each
given and solved digit, the ink along the tour's moves, the ink of each queen.
Every format must show the model's ink (``Ink``) there, not its own.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image

from publisher.layout import layout_book
from publisher.model import Booklet, CellRole, Margins, PlacedGrid
from tests.booksamples import TOUR_8X8, queens, sample_book, section, sudoku, tour
from tests.consumers import pages_in_every_format, placed_grids

pytestmark = [pytest.mark.slow, pytest.mark.consumers]

DPI = 150
SCALE = DPI / 72


def _booklet() -> Booklet:
    spec = sample_book(count=2)
    sections = (
        section("Sudoku", (sudoku(3, 3, 7), sudoku(3, 3, 8)), key="books[0].sections[0]"),
        section("Tour", (tour(TOUR_8X8, True),), key="books[0].sections[1]"),
        section("Queens", (queens(),), key="books[0].sections[2]"),
    )
    spec = replace(spec, sections=sections, margins=Margins(54, 54, 54, 54))
    return layout_book(spec)[1]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Booklet, dict[str, list[Image.Image]]]:
    booklet = _booklet()
    folder = tmp_path_factory.mktemp("look")
    images = pages_in_every_format(booklet, folder, DPI)
    return booklet, images


def _pixels(image: Image.Image) -> list[int]:
    return list(image.tobytes())     # 8-bit greys ("L" images), row by row


def _darkest(image: Image.Image, box: tuple[float, float, float, float]) -> int:
    """The darkest pixel in a box given in points."""
    left, top, right, bottom = (round(v * SCALE) for v in box)
    return min(_pixels(image.crop((left, top, right, bottom))))


def _cell_box(item: PlacedGrid, index: int, inset: float) -> tuple[float, float, float, float]:
    grid = item.grid
    r, c = divmod(index, grid.cols)
    size = grid.cell_size
    x, y = item.x + c * size, item.y + item.caption_height + r * size
    return (x + inset * size, y + inset * size, x + (1 - inset) * size, y + (1 - inset) * size)


def _grey(level: float) -> int:
    return round(level * 255)


@pytest.mark.parametrize("fmt", ["pdf", "docx", "rtf", "html"])
def test_given_and_solved_digits_have_the_models_ink(pages: tuple[Booklet, dict], fmt: str) -> None:
    booklet, images = pages
    solved, given = [], []
    for page, item in placed_grids(booklet):
        if item.grid.tour is not None or item.grid.shaded:
            continue
        for index, cell in enumerate(item.grid.cells):
            darkest = _darkest(images[fmt][page], _cell_box(item, index, 0.2))
            (solved if cell.role is CellRole.SOLVED else given if cell.role is CellRole.GIVEN else []).append(darkest)
    assert len(solved) > 50 and len(given) > 20
    expected = _grey(booklet.ink.solved_grey)
    assert all(abs(value - expected) <= 30 for value in solved), (fmt, sorted(solved)[:5], sorted(solved)[-5:])
    assert all(value <= 40 for value in given), (fmt, max(given))


@pytest.mark.parametrize("fmt", ["pdf", "docx", "rtf", "html"])
def test_tour_path_and_markers_are_drawn(pages: tuple[Booklet, dict], fmt: str) -> None:
    """Ink of the path grey a quarter along every move that stays clear of grid
    lines; the start circle and end square ink where the model puts them."""
    booklet, images = pages
    (page, item), = [(p, i) for p, i in placed_grids(booklet) if i.grid.tour is not None]
    image, grid, tour = images[fmt][page], item.grid, item.grid.tour
    top = item.y + item.caption_height
    hits = samples = 0
    for x1, y1, x2, y2 in tour.segments:
        x, y = x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3
        near_line = min(abs(x / grid.cell_size - round(x / grid.cell_size)),
                        abs(y / grid.cell_size - round(y / grid.cell_size))) < 0.12
        if near_line:
            continue
        samples += 1
        darkest = _darkest(image, (item.x + x - 1, top + y - 1, item.x + x + 1, top + y + 1))
        hits += abs(darkest - _grey(booklet.ink.path_grey)) <= 45
    assert samples > 20 and hits >= 0.9 * samples, (fmt, hits, samples)
    marks = {"start circle, bottom": (tour.start[0], tour.start[1] + tour.marker),
             "end square, right side": (tour.end[0] + tour.marker, tour.end[1])}
    for name, (x, y) in marks.items():
        x, y = item.x + x, top + y
        assert _darkest(image, (x - 1.5, y - 1.5, x + 1.5, y + 1.5)) <= 60, (fmt, name)


@pytest.mark.parametrize("fmt", ["pdf", "docx", "rtf", "html"])
def test_queens_are_crowns_black_when_given_grey_when_placed(pages: tuple[Booklet, dict], fmt: str) -> None:
    booklet, images = pages
    (page, item), = [(p, i) for p, i in placed_grids(booklet) if i.grid.shaded and i.grid.tour is None]
    image = images[fmt][page]
    inks = {CellRole.QUEEN: [], CellRole.SOLVED_QUEEN: [], CellRole.BLANK: []}
    for index, cell in enumerate(item.grid.cells):
        box = _cell_box(item, index, 0.2)
        area = image.crop(tuple(round(v * SCALE) for v in box))
        pixels = _pixels(area)
        inks[cell.role].append((min(pixels), sum(1 for v in pixels if v < 180) / len(pixels)))
    assert inks[CellRole.QUEEN] and inks[CellRole.SOLVED_QUEEN]
    for darkest, inked in inks[CellRole.QUEEN]:
        assert darkest <= 40 and inked > 0.15, (fmt, darkest, inked)
    for darkest, inked in inks[CellRole.SOLVED_QUEEN]:
        assert abs(darkest - _grey(booklet.ink.solved_grey)) <= 30 and inked > 0.15, (fmt, darkest, inked)
    for darkest, _inked in inks[CellRole.BLANK]:       # empty squares: only their own shade
        assert darkest >= _grey(booklet.ink.shade_grey) - 25, (fmt, darkest)
