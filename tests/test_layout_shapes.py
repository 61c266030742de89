"""One look across a book's shapes and pages: a mixed section's pages of one
shape are laid out as a section of that shape alone would be, the gap between
rows of grids is the same on a section's opening page as on the next, and one
board shape prints at one size throughout the book."""
from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

from publisher.config import default_per_page
from publisher.layout import layout_book
from publisher.model import Band, Board, BookSpec, Page, PlacedGrid, SectionSpec
from tests.booksamples import sample_book, sudoku
from tests.test_front_matter_and_print import _default_book

INSTRUCTIONS = "Fill every row, column and box with each symbol once. " * 3


def _grids(page: Page) -> list[PlacedGrid]:
    return [item for block in page.blocks if isinstance(block, Band) for item in block.items]


def _defaulted(spec: BookSpec, title: str, boards: tuple[Board, ...]) -> SectionSpec:
    """A section nobody configured, its defaults by board side as the build decides them."""
    sides = sorted({max(b.rows, b.cols) for b in boards})
    by_side = tuple((side, *default_per_page(spec.page_width, side)) for side in sides)
    return SectionSpec(title, boards, INSTRUCTIONS, puzzles_per_page=by_side[-1][1], answers_per_page=by_side[-1][2],
                       key="books[0].sections[0]", per_page_defaults=("puzzles_per_page", "answers_per_page"),
                       shape_defaults=by_side)


def _pages_by_shape(spec: BookSpec) -> dict[int, list[int]]:
    """Grids per page, by board side, over the puzzle pages after the opening."""
    counts: dict[int, list[int]] = {}
    for page in layout_book(spec)[0].pages[2:]:
        grids = _grids(page)
        if grids and len({g.grid.rows for g in grids}) == 1:
            counts.setdefault(grids[0].grid.rows, []).append(len(grids))
    return counts


def _cells(spec: BookSpec) -> dict[tuple[str, int], set[float]]:
    """Cell sizes by (booklet role, board side)."""
    sizes: dict[tuple[str, int], set[float]] = {}
    for booklet in layout_book(spec):
        for page in booklet.pages:
            for g in _grids(page):
                answer = any(c.role.name.startswith("SOLVED") for c in g.grid.cells)
                sizes.setdefault(("answers" if answer else "puzzles", g.grid.rows), set()).add(g.grid.cell_size)
    return sizes


@pytest.mark.parametrize("page, small, big", [("A4", (3, 3), (4, 4)), ("A4", (2, 3), (3, 4)),
                                               ("6x9in", (3, 3), (3, 4)), ("Letter", (2, 3), (3, 4))])
def test_a_mixed_section_takes_each_shapes_own_default(page: str, small: tuple[int, int],
                                                       big: tuple[int, int]) -> None:
    """Each shape of a mixed section gets the grids per page and the cell size
    of a section of that shape alone (A4: 9x9 at 2x3 beside 16x16 at 1x1)."""
    base = sample_book(page=page, answers="separate", balance=False)
    small_boards = tuple(sudoku(*small, seed) for seed in range(12))
    big_boards = tuple(sudoku(*big, seed) for seed in range(4))
    n, m = small[0] * small[1], big[0] * big[1]
    assert default_per_page(base.page_width, n) != default_per_page(base.page_width, m), "a mix with two defaults"
    mixed = replace(base, sections=(_defaulted(base, "Mixed", small_boards + big_boards),))
    alone = [replace(base, sections=(_defaulted(base, "Alone", boards),)) for boards in (small_boards, big_boards)]
    mixed_counts = _pages_by_shape(mixed)
    for side, spec in zip((n, m), alone):
        across, down = default_per_page(base.page_width, side)[0]
        assert max(mixed_counts[side]) == max(_pages_by_shape(spec)[side]) == across * down
    mixed_cells = _cells(mixed)
    for spec in alone:
        for key, sizes in _cells(spec).items():
            assert len(sizes) == 1 and mixed_cells[key] == sizes


def test_configured_grids_per_page_hold_for_every_shape() -> None:
    base = sample_book(page="A4", balance=False)
    boards = tuple(sudoku(3, 3, seed) for seed in range(6)) + tuple(sudoku(4, 4, seed) for seed in range(3))
    section = replace(_defaulted(base, "Mixed", boards), puzzles_per_page=(1, 2),
                      per_page_defaults=("answers_per_page",))
    counts = _pages_by_shape(replace(base, sections=(section,)))
    assert max(counts[9]) == max(counts[16]) == 2


def _row_gaps(page: Page) -> list[float]:
    """White space between one row's grids and the next row's caption."""
    bands = sorted((b for b in page.blocks if isinstance(b, Band)), key=lambda b: b.y)
    return [lower.y - (upper.y + upper.height) for upper, lower in pairwise(bands)]


@pytest.mark.parametrize("page, instructions, per_page", [
    ("A4", INSTRUCTIONS, None), ("Letter", INSTRUCTIONS, None), ("6x9in", "Fill every row with 1 to 9.", (1, 3)),
    ("6x9in", None, None), ("6x9in", "Fill every row with 1 to 9.", None)])
def test_the_gap_between_rows_is_the_same_on_the_opening_page(page: str, instructions: str | None,
                                                                per_page: tuple[int, int] | None) -> None:
    """The opening page holds fewer rows rather than squeezing them together
    (a 6x9 in page of 9x9 at the default 1x2 holds one), its rows are as far
    apart as on the next page, and its grids are the size they are there."""
    base = sample_book(page=page)
    section = _defaulted(base, "Classic", tuple(sudoku(3, 3, s) for s in range(16)))
    section = replace(section, instructions=instructions)
    if per_page:
        section = replace(section, puzzles_per_page=per_page, per_page_defaults=("answers_per_page",))
    pages = layout_book(replace(base, sections=(section,)))[0].pages
    opening, following = pages[1], pages[2]
    gaps, later = _row_gaps(opening), _row_gaps(following)
    assert later, "a full page holds two rows or more"
    if page == "6x9in" and not per_page:
        assert not gaps and len(_grids(opening)) == 1 and len(_grids(following)) == 2
    else:
        assert gaps, "the opening page holds two rows or more"
    for gap in gaps + later[1:]:
        assert gap == pytest.approx(later[0], abs=0.5)
    assert {g.grid.cell_size for g in _grids(opening)} == {g.grid.cell_size for g in _grids(following)}


def test_one_shape_prints_at_one_size_in_the_book() -> None:
    """A 9x9 jigsaw (irregular regions) under long instructions and a classic
    9x9 under a short line print at the same cell size, puzzles and answers."""
    base = sample_book(page="A4", answers="back")
    regions = tuple((r // 3 * 3 + (c + (r % 3 == 2 and c % 3 == 2)) // 3) % 9 for r in range(9) for c in range(9))
    jigsaw = tuple(replace(sudoku(3, 3, s), regions=regions) for s in range(8))
    classic = replace(_defaulted(base, "Classic", tuple(sudoku(3, 3, s) for s in range(8))), instructions="Solve.")
    spec = replace(base, sections=(classic, replace(_defaulted(base, "Jigsaw", jigsaw), key="books[0].sections[1]")))
    for key, sizes in _cells(spec).items():
        assert len(sizes) == 1, key


def test_the_default_book_through_the_build(tmp_path: Path) -> None:
    """The repository's default book, through the real stages: its jigsaw 9x9
    (under two lines of instructions) prints at the classic 9x9's cell size,
    and its knight's-tour section (6x6, 8x8, 12x12) sets the two 8x8 tours
    side by side (the 8x8 default, 2 across) and the 12x12 tour alone."""
    (booklet, _answers) = _default_book(tmp_path)
    items = [(page.number, band, item) for page in booklet.pages for band in page.blocks
             if isinstance(band, Band) for item in band.items]
    nine = {item.grid.cell_size for _n, _b, item in items if item.grid.rows == 9}
    assert len(nine) == 1
    tours = [(n, band, item) for n, band, item in items   # chessboards without queens
             if item.grid.shaded and not any(cell.is_queen for cell in item.grid.cells)]
    assert sorted(item.grid.rows for _n, _b, item in tours) == [6, 8, 8, 12]
    eights = [band for _n, band, item in tours if item.grid.rows == 8]
    assert len(eights) == 2 and eights[0] is eights[1]
    (twelve,) = [(n, band) for n, band, item in tours if item.grid.rows == 12]
    assert len(twelve[1].items) == 1 and twelve[0] > min(n for n, _b, _i in tours)
