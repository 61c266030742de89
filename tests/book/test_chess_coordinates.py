"""Chessboard coordinates: files a, b, c ... along the bottom row and ranks 1, 2, 3 ... up the left
column of every tour and queens board (any size), as the solver names squares ("e5" is the square a
tour from e5 starts on); read back from our PDF; `layout.coordinates: false` leaves them out."""
from __future__ import annotations

from dataclasses import replace

import pymupdf
import pytest

from publisher.layout import layout_book
from publisher.model import Band, Booklet, BookSpec, PlacedGrid
from publisher.render import get
from solver.knights.board import parse_square
from tests.booksamples import TOUR_5X5, TOUR_8X8, queens, sample_book, tour


def _book(**changes: object) -> BookSpec:
    base = sample_book(count=2, answers="both")
    section = replace(base.sections[0], title="Chess", boards=(tour(TOUR_5X5, False), tour(TOUR_8X8, True),
                                                                queens(), queens((1, 3, 0, 2))),
                      puzzles_per_page=(2, 2), answers_per_page=(2, 2))
    return replace(base, sections=(section,), **changes)  # type: ignore[arg-type]


def _chessboards(booklet: Booklet) -> list[tuple[int, PlacedGrid]]:
    return [(page.number, item) for page in booklet.pages for block in page.blocks if isinstance(block, Band)
            for item in block.items]


def test_every_chessboard_names_its_files_and_ranks_where_the_solver_does() -> None:
    boards = _chessboards(layout_book(_book())[0])
    assert boards
    for _page, item in boards:
        grid, marks = item.grid, item.grid.coordinates
        if marks is None:      # too small to carry them: only answer grids of the small key
            assert grid.cell_size * 0.32 < 7
            continue
        assert marks.size >= 7
        for label in marks.labels:
            col, row = int(label.x // grid.cell_size), int(label.y // grid.cell_size)
            if label.text.isdigit():
                assert col == 0 and parse_square(f"a{label.text}", grid.rows, grid.cols)[0] == row
            else:
                assert row == grid.rows - 1 and parse_square(f"{label.text}1", grid.rows, grid.cols)[1] == col
        assert sorted(m.text for m in marks.labels if m.text.isalpha()) == [chr(97 + c) for c in range(grid.cols)]


def test_the_pdf_prints_them_and_coordinates_false_leaves_them_out() -> None:
    for coordinates in (True, False):
        puzzles = layout_book(_book(coordinates=coordinates))[0]
        doc = pymupdf.open(stream=get("pdf")().render(puzzles), filetype="pdf")
        for number, item in _chessboards(puzzles):
            page = doc[number - 1]
            words = {w[4] for w in page.get_text("words")
                     if w[0] >= item.x - 1 and w[2] <= item.x + item.grid.width + 1
                     and w[1] >= item.y + item.caption_height - 1}
            files = {chr(97 + c) for c in range(item.grid.cols)}
            if coordinates and item.grid.coordinates:
                assert files <= words
            else:
                assert not files & words
                assert item.grid.coordinates is None


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["docx", "rtf", "html"])
def test_every_format_carries_them(fmt: str) -> None:
    puzzles = layout_book(_book())[0]
    plain = layout_book(_book(coordinates=False))[0]
    renderer = get(fmt)()
    assert renderer.render(puzzles) != renderer.render(plain)
    if fmt == "html":
        assert '<div class="co" aria-hidden="true"' in renderer.render(puzzles).decode()
