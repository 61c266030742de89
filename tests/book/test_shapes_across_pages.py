"""One look across a book's shapes and pages: a mixed section's pages of one
shape are laid out as a section of that shape alone would be, the gap between
rows of grids is the same on a section's opening page as on the next, and one
board shape prints at one size throughout the book."""
from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

from publisher.layout import layout_book
from publisher.model import Band, Board, BookSpec, Page, PlacedGrid, SectionSpec
from publisher.spec import per_page_range
from tests.booksamples import sample_book, sudoku
from tests.stages import default_book

INSTRUCTIONS = "Fill every row, column and box with each symbol once. " * 3


def _grids(page: Page) -> list[PlacedGrid]:
    return [item for block in page.blocks if isinstance(block, Band) for item in block.items]


def _defaulted(spec: BookSpec, title: str, boards: tuple[Board, ...]) -> SectionSpec:
    """A section nobody configured, its defaults by board side as the build decides them."""
    sides = sorted({max(b.rows, b.cols) for b in boards})
    by_side = tuple((side, *per_page_range(spec.page_width, side)) for side in sides)
    return SectionSpec(title, boards, INSTRUCTIONS, puzzles_per_page=None, answers_per_page=None,
                       key="books[0].sections[0]", per_page_defaults=("puzzles_per_page", "answers_per_page"),
                       per_page_ranges=by_side)


def _pages_by_shape(spec: BookSpec) -> dict[int, list[int]]:
    """Grids per page, by board side, over the puzzle pages (the opening holds as many as any)."""
    counts: dict[int, list[int]] = {}
    for page in layout_book(spec)[0].pages[1:]:
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
    """Each shape of a mixed section gets the grids per page and the cell size of a section of
    that shape alone (A4: 9x9 at 2x2 beside 16x16 at 1x2), within its range. The sections alone
    stand in one book, so the booklet's one caption style (the size its narrowest slots give)
    is the mixed book's: four 16x16s two a page cover 47 % under 9x9-sized captions, 44 %
    under their own, larger ones, and the fit keeps one a page then."""
    base = sample_book(page=page, answers="separate", balance=False)
    small_boards = tuple(sudoku(*small, seed) for seed in range(12))
    big_boards = tuple(sudoku(*big, seed) for seed in range(4))
    n, m = small[0] * small[1], big[0] * big[1]
    assert per_page_range(base.page_width, n) != per_page_range(base.page_width, m), "a mix with two ranges"
    mixed = replace(base, sections=(_defaulted(base, "Mixed", small_boards + big_boards),))
    alone = replace(base, sections=(_defaulted(base, "Small", small_boards), _defaulted(base, "Big", big_boards)))
    mixed_counts, alone_counts = _pages_by_shape(mixed), _pages_by_shape(alone)
    for side in (n, m):
        fewest, most = per_page_range(base.page_width, side)[0]
        assert max(mixed_counts[side]) == max(alone_counts[side])
        assert min(fewest, len(small_boards if side == n else big_boards)) <= max(mixed_counts[side]) <= most
    mixed_cells = _cells(mixed)
    for key, sizes in _cells(alone).items():
        assert len(sizes) == 1 and mixed_cells[key] == sizes


def test_configured_grids_per_page_hold_for_every_shape() -> None:
    base = sample_book(page="A4", balance=False)
    boards = tuple(sudoku(3, 3, seed) for seed in range(6)) + tuple(sudoku(4, 4, seed) for seed in range(3))
    section = replace(_defaulted(base, "Mixed", boards), puzzles_per_page=(1, 2),
                      per_page_defaults=("answers_per_page",))
    counts = _pages_by_shape(replace(base, sections=(section,)))
    assert max(counts[9]) == max(counts[16]) == 2


def _largest_empty_band(page: Page) -> float:
    """The tallest horizontal band of the content box that nothing is drawn in
    (text blocks, captions, grids), as a share of the content height."""
    spans = sorted((b.y, b.y + b.height) for b in page.blocks)
    top, bottom = page.content_y, page.content_y + page.content_height
    largest, reach = 0.0, top
    for y1, y2 in spans:
        largest = max(largest, y1 - reach)
        reach = max(reach, y2)
    return max(largest, bottom - reach) / page.content_height


@pytest.mark.parametrize("page, instructions, count", [
    ("A4", INSTRUCTIONS, 16), ("Letter", INSTRUCTIONS, 13), ("6x9in", "Fill every row with 1 to 9.", 7),
    ("6x9in", None, 9), ("A4", None, 8), ("Letter", None, 100)])
def test_rows_are_spread_over_every_page(page: str, instructions: str | None, count: int) -> None:
    """On every puzzle page, the last of a section and the opening included,
    no empty band is taller than a quarter of the text area; the opening page
    holds as many rows as a later page (grids are sized for the tallest
    opening), at the same cell size; grid columns are at least 0.3 in apart."""
    base = sample_book(page=page)
    section = replace(_defaulted(base, "Classic", tuple(sudoku(3, 3, s) for s in range(count))),
                      instructions=instructions)
    pages = layout_book(replace(base, sections=(section,)))[0].pages[1:]
    for one in pages:
        assert _largest_empty_band(one) <= 0.25, (page, one.number, _largest_empty_band(one))
        for band in one.blocks:
            if isinstance(band, Band) and len(band.items) > 1:
                assert band.gap >= 0.3 * 72 - 0.01
    rows = [sum(isinstance(b, Band) for b in one.blocks) for one in pages]
    if len(pages) > 1 and not base.balance:
        assert rows[0] == rows[1]
    assert max(rows) == rows[0], "the opening holds as many rows as any page"
    assert len({g.grid.cell_size for one in pages for g in _grids(one)}) == 1


def test_facing_pages_of_one_shape_put_rows_at_the_same_height() -> None:
    """A section's opening on a left-hand page and the right-hand page beside
    it, both of one 16x16 grid: the grids start at the same height."""
    base = sample_book(page="A4", mirrored=True)
    sixteen = replace(_defaulted(base, "Big", tuple(sudoku(4, 4, s) for s in range(4))), instructions=INSTRUCTIONS)
    spec = replace(base, sections=(replace(base.sections[0], boards=base.sections[0].boards[:6]), sixteen))
    pages = layout_book(spec)[0].pages
    big = [one for one in pages if any(g.grid.rows == 16 for g in _grids(one))]
    spreads = [(a, b) for a, b in pairwise(big) if a.number % 2 == 0 and b.number == a.number + 1]
    assert spreads
    for left, right in spreads:
        assert _grids(left)[0].y == _grids(right)[0].y


@pytest.mark.parametrize("page", ["A4", "Letter", "6x9in"])
@pytest.mark.parametrize("shape", [(4, 4), (3, 4)])
def test_a_big_grid_alone_fills_the_text_area(page: str, shape: tuple[int, int]) -> None:
    """A 16x16 (or one 12x12 left alone) on a page of its own covers at least
    85 % of the text area's binding dimension."""
    base = sample_book(page=page)
    boards = tuple(sudoku(*shape, s) for s in range(1 if shape == (3, 4) else 2))
    pages = layout_book(replace(base, sections=(_defaulted(base, "Big", boards),)))[0].pages[1:]
    for one in pages:
        (grid,) = _grids(one)
        binding = min(one.content_width / grid.grid.cols, one.content_height / grid.grid.rows)
        assert grid.grid.cell_size >= 0.85 * binding, (page, shape)


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


@pytest.mark.slow
def test_the_default_book_through_the_build(tmp_path: Path) -> None:
    """The repository's default book, through the real stages: its jigsaw 9x9
    (under two lines of instructions) prints at the classic 9x9's cell size,
    and its knight's-tour section (6x6, 8x8, 8x8, 12x12) prints every tour as large as the
    others (one grid width for the section's chessboards, so a 6x6 never dwarfs the 8x8s),
    one across and at most two a page, inside the text block."""
    (booklet, _answers) = default_book(tmp_path)
    items = [(page.number, band, item) for page in booklet.pages for band in page.blocks
             if isinstance(band, Band) for item in band.items]
    nine = {item.grid.cell_size for _n, _b, item in items if item.grid.rows == 9}
    assert len(nine) == 1
    tours = [(n, band, item) for n, band, item in items   # chessboards without queens
             if item.grid.shaded and not any(cell.is_queen for cell in item.grid.cells)]
    assert sorted(item.grid.rows for _n, _b, item in tours) == [6, 8, 8, 12]
    widths = {item.grid.width for _n, _b, item in tours}
    assert max(widths) - min(widths) <= max(item.grid.cols for _n, _b, item in tours) * 0.05, widths
    for number, band, _item in tours:
        page = booklet.pages[number - 1]
        assert len(band.items) == 1 and sum(n == number for n, _b, _i in items) <= 2
        assert band.width <= page.content_width and band.height <= page.content_height


@pytest.mark.slow
def test_chessboard_answers_of_one_cell_size_share_rows_in_every_format(tmp_path: Path) -> None:
    """Queens and tour answers of different sides but one cell size stand in one row (the
    smaller at the row's top), so the key's last page is not one board a row; the DOCX table
    of such a band holds both grids' cells under one caption row (the shorter grid's column
    left empty below it) and the PDF draws both grids' frames side by side."""
    import io

    import docx
    import pymupdf

    from publisher.render import get

    (booklet,) = default_book(tmp_path, **{"size: A4": "size: Letter", "answers: separate": "answers: back"})
    mixed = [band for page in booklet.pages for band in page.blocks if isinstance(band, Band)
             and len({item.grid.rows for item in band.items}) > 1]
    assert mixed, "no row holds two board sizes"
    for band in mixed:
        assert len({item.grid.cell_size for item in band.items}) == 1
        assert len({round(item.y + item.caption_height, 2) for item in band.items}) == 1     # the grids: one top
        assert band.height == round(max(item.caption_height for item in band.items)
                                    + max(item.grid.height for item in band.items)
                                    + max(item.below for item in band.items), 2)
        xs = [(item.x, item.x + item.grid.width) for item in band.items]
        assert all(a[1] < b[0] for a, b in pairwise(xs))       # side by side, no overlap
    queens = next(b for b in mixed if any(c.is_queen for i in b.items for c in i.grid.cells))
    tall = max(item.grid.rows for item in queens.items)
    document = docx.Document(io.BytesIO(get("docx")().render(booklet)))
    widths = {sum(i.grid.cols for i in queens.items)}
    tables = [t for t in document.tables if len(t.rows) == 1 + tall + (1 if queens.items[0].below else 0)
              and len(t.columns) in {w + len(queens.items) - 1 for w in widths} | widths]
    assert tables, "the mixed band's table"
    pdf = pymupdf.open(stream=get("pdf")().render(booklet), filetype="pdf")
    page = next(p for p in booklet.pages if queens in p.blocks)
    words = pdf[page.number - 1].get_text().split("\n")
    assert all(item.caption in words for item in queens.items)
    frames = [d["rect"] for d in pdf[page.number - 1].get_drawings() if d["rect"].width > 100]
    for item in queens.items:      # each grid's frame where the model put it
        assert any(abs(r.x0 - item.x) < 1.5 and abs(r.width - item.grid.width) < 1.5 for r in frames)
