"""The layout engine against facts computed here independently: region
boundaries from the boards, page geometry from the margins, numbering from
the sections, and the print rules stated in the tests below (line and text minimums,
print-on-demand gutters, page sides)."""
from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations

import pytest

from publisher.grids import THICK_LINE, THIN_LINE, thick_line
from publisher.layout import layout_book
from publisher.layout.frame import KEY_SPARE, PAGE_SPARE, gutter_for
from publisher.model import (
    POINTS_PER_INCH,
    POINTS_PER_MM,
    QUEEN,
    Band,
    Booklet,
    BookSpec,
    CellRole,
    LayoutError,
    Margins,
    Page,
    PlacedGrid,
    TextBlock,
)
from tests.booksamples import PAGES, big_book, sample_book, sudoku, vietnamese_book

EPS = 0.05


@pytest.fixture(scope="module")
def vi_booklets() -> tuple[Booklet, ...]:
    return layout_book(vietnamese_book(answers="both"))


def _grids(page: Page) -> list[PlacedGrid]:
    return [item for block in page.blocks if isinstance(block, Band) for item in block.items]


def _all_grids(booklet: Booklet) -> list[PlacedGrid]:
    return [item for page in booklet.pages for item in _grids(page)]


def _boards(spec: BookSpec) -> list:
    return [board for section in spec.sections for board in section.boards]


# -- booklets and numbering ---------------------------------------------------

@pytest.mark.parametrize("answers, roles", [
    ("separate", ["puzzles", "answers"]), ("back", ["puzzles"]), ("both", ["puzzles", "answers"])])
def test_booklets_per_answer_placement(answers: str, roles: list[str]) -> None:
    spec = sample_book(answers=answers, count=4)
    booklets = layout_book(spec)
    assert [b.role for b in booklets] == roles
    assert [b.stem for b in booklets] == [f"{spec.stem}-{role}" for role in roles]
    n = len(_boards(spec))
    puzzle_grids = _all_grids(booklets[0])
    solved_in_puzzles = [g for g in puzzle_grids if any(c.role is CellRole.SOLVED for c in g.grid.cells)]
    assert len(puzzle_grids) == (2 * n if answers in ("back", "both") else n)
    assert len(solved_in_puzzles) == (n if answers in ("back", "both") else 0)


def test_numbers_run_through_the_book_and_answers_match(vi_booklets: tuple[Booklet, ...]) -> None:
    spec = vietnamese_book()
    boards = _boards(spec)
    puzzles, answers = vi_booklets
    grids = _all_grids(puzzles)
    front, back = grids[:len(boards)], grids[len(boards):]
    assert [g.number for g in front] == list(range(1, len(boards) + 1))
    assert [g.number for g in back] == [g.number for g in _all_grids(answers)] == [g.number for g in front]
    for board, puzzle, answer in zip(boards, front, back):
        assert [c.text for c in puzzle.grid.cells] == list(board.givens)
        assert [c.text for c in answer.grid.cells] == list(board.answer)
        assert puzzle.caption.startswith(f"{puzzle.number}") and answer.caption.startswith(f"{answer.number}")
        for given, cell in zip(board.givens, answer.grid.cells):
            if cell.text == QUEEN:   # the answer key's own queens are told apart from the given ones
                assert cell.role is (CellRole.QUEEN if given else CellRole.SOLVED_QUEEN)
            elif not cell.text:
                assert cell.role is CellRole.BLANK and board.kind == "queens"
            else:
                assert cell.role is (CellRole.GIVEN if given else CellRole.SOLVED)
        for cell in puzzle.grid.cells:
            assert cell.role in ((CellRole.BLANK,) if not cell.text else (CellRole.GIVEN, CellRole.QUEEN))


def test_one_caption_rule_for_puzzles_and_answers(vi_booklets: tuple[Booklet, ...]) -> None:
    """Every caption, puzzle or answer, of every kind: the number, the board's
    own title where it has one, its level where it has one, in the book's
    words, in that order, the same parts in both booklets; printed whole where
    it fits the grid's width, else smaller (never under 7 pt), on two lines, or
    shortened with "…", never wider than the grid. Running heads never repeat a heading on
    the same page."""
    from publisher.fonts import text_width

    words = {"easy": "Dễ", "medium": "Trung bình", "hard": "Khó", "diabolical": "Rất khó"}
    spec = vietnamese_book()
    boards = _boards(spec)
    puzzles, answers = _all_grids(vi_booklets[0])[:len(boards)], _all_grids(vi_booklets[1])
    assert len(answers) == len(boards)
    for board, puzzle, answer in zip(boards, puzzles, answers):
        expected = tuple(filter(None, (str(puzzle.number), board.title, words.get(board.difficulty or ""))))
        assert puzzle.caption_parts == answer.caption_parts == expected
        for placed in (puzzle, answer):
            whole = " · ".join(expected)
            if " ".join(placed.captions) != whole:      # whole on one line or two, else shortened
                assert len(placed.captions) == 1
                assert placed.caption.startswith(f"{placed.number}") and "…" in placed.caption
            assert placed.caption_style.size >= 7
            assert all(text_width(spec.fonts, line, placed.caption_style.size, True) <= placed.grid.width
                       for line in placed.captions)
    for page in vi_booklets[1].pages[1:]:
        headings = [b.text for b in page.blocks if isinstance(b, TextBlock)]
        assert page.footer is not None
        assert (page.header is None) == bool(headings)
        if page.header is not None:
            assert page.header.text.startswith("Lời giải · ")


def test_labels_fall_back_to_english_and_user_labels_win() -> None:
    spec = sample_book(count=4, language="xx", labels={"hard": "Tough"})
    captions = [g.caption for g in _all_grids(layout_book(spec)[0])]
    assert "3 · Tough" in captions and "1 · Easy" in captions and "2 · Medium" in captions


def test_tours_paths_only_in_answers_and_chess_boards_shaded(vi_booklets: tuple[Booklet, ...]) -> None:
    puzzles, answers = vi_booklets
    for booklet in (puzzles, answers):
        for placed in _all_grids(booklet):
            grid = placed.grid
            is_answer = any(c.role is CellRole.SOLVED for c in grid.cells)
            is_tour = "Mã đi tuần" in grid.label
            if is_tour:
                assert (grid.tour is not None) == is_answer
                if grid.tour is not None:   # one segment per move (and the closing move of a closed tour)
                    assert len(grid.tour.segments) in (grid.rows * grid.cols - 1, grid.rows * grid.cols)
            if is_tour or "Quân hậu" in grid.label:
                expected = [(i // grid.cols + i % grid.cols) % 2 == 1 for i in range(grid.rows * grid.cols)]
                assert list(grid.shaded) == expected
            else:
                assert grid.shaded is None
    closed = [g.grid for g in _all_grids(answers) if g.grid.tour and g.grid.rows == 8]
    assert closed and any(len(g.tour.segments) == 64 for g in closed)


def test_tour_path_never_touches_a_number(vi_booklets: tuple[Booklet, ...]) -> None:
    """Every point of every drawn move stays clear of every cell centre by
    more than a three-digit number's half width (0.3 cell), and the start and
    end markers sit on the squares holding 1 and the last number."""
    tours = [g.grid for g in _all_grids(vi_booklets[1]) if g.grid.tour]
    assert tours
    for grid in tours:
        size, tour = grid.cell_size, grid.tour
        centres = [((c + 0.5) * size, (r + 0.5) * size) for r in range(grid.rows) for c in range(grid.cols)]
        for x1, y1, x2, y2 in tour.segments:
            for step in range(11):
                x, y = x1 + (x2 - x1) * step / 10, y1 + (y2 - y1) * step / 10
                nearest = min(math.hypot(x - cx, y - cy) for cx, cy in centres)
                assert nearest > 0.3 * size, (grid.label, (x, y))
        texts = [cell.text for cell in grid.cells]
        start = int(tour.start[1] // size) * grid.cols + int(tour.start[0] // size)
        end = int(tour.end[1] // size) * grid.cols + int(tour.end[0] // size)
        assert texts[start] == "1" and texts[end] == str(grid.rows * grid.cols)


# -- borders ------------------------------------------------------------------

def test_borders_thick_exactly_between_regions_and_neighbours_agree(vi_booklets: tuple[Booklet, ...]) -> None:
    boards = _boards(vietnamese_book())
    for board, placed in zip(boards, _all_grids(vi_booklets[0])):
        grid, n = placed.grid, board.cols
        thick = min(THICK_LINE, grid.cell_size / 8)
        assert thick_line(grid.cell_size) == pytest.approx(thick, abs=0.01)
        thick = thick_line(grid.cell_size)
        regions = board.regions or [0] * (board.rows * board.cols)
        for i, b in enumerate(grid.borders):
            r, c = divmod(i, n)

            def expect(r2: int, c2: int) -> float:  # called only in this iteration, so late binding is harmless
                inside = 0 <= r2 < board.rows and 0 <= c2 < n  # noqa: B023
                return THIN_LINE if inside and regions[r2 * n + c2] == regions[i] else thick  # noqa: B023

            assert (b.top, b.right, b.bottom, b.left) == (expect(r - 1, c), expect(r, c + 1),
                                                         expect(r + 1, c), expect(r, c - 1))
            if c + 1 < n:
                assert b.right == grid.borders[i + 1].left
            if r + 1 < board.rows:
                assert b.bottom == grid.borders[i + n].top
    assert THICK_LINE >= 2 * THIN_LINE and THIN_LINE >= 0.75


def test_jigsaw_has_irregular_thick_lines(vi_booklets: tuple[Booklet, ...]) -> None:
    jigsaw = next(g.grid for g in _all_grids(vi_booklets[0]) if g.number == 16)   # the first 6x6 jigsaw
    thick_inner_vertical = {(i // 6, i % 6) for i, b in enumerate(jigsaw.borders)
                            if b.right == THICK_LINE and i % 6 < 5}
    assert (1, 1) in thick_inner_vertical and (0, 1) not in thick_inner_vertical


@pytest.mark.parametrize("large_print", [False, True])
def test_thick_lines_scale_with_the_cell(large_print: bool) -> None:
    """Thick lines are at most an eighth of a cell (small answer cells get
    lighter box lines), the full 2.25 pt where cells are 18 pt or more, and
    always heavier than or as heavy as the thin lines."""
    for booklet in layout_book(sample_book(answers="both", large_print=large_print, count=8)):
        for placed in _all_grids(booklet):
            grid = placed.grid
            widths = {w for b in grid.borders for w in (b.top, b.right, b.bottom, b.left)}
            heaviest = max(widths)
            assert heaviest <= max(THIN_LINE, grid.cell_size / 8) + 0.01
            assert min(widths) == THIN_LINE
            if grid.cell_size >= 18:
                assert heaviest == THICK_LINE


# -- geometry -----------------------------------------------------------------

def _rect_of(item: PlacedGrid) -> tuple[float, float, float, float]:
    return item.x, item.y, item.x + item.grid.width, item.y + item.caption_height + item.grid.height


def _check_page_geometry(booklet: Booklet) -> None:
    w, h = booklet.page_width, booklet.page_height
    for page in booklet.pages:
        left, top = page.content_x, page.content_y
        right, bottom = left + page.content_width, top + page.content_height
        rects = [_rect_of(item) for item in _grids(page)]
        for block in page.blocks:
            if isinstance(block, TextBlock):
                rects.append((block.x, block.y, block.x + block.width, block.y + block.height))
                assert block.height == pytest.approx(len(block.lines) * block.style.leading, abs=EPS)
        # the answer key's pages hold one-line headings and exact-height tables: less spare for reflow
        key = any(c.role is CellRole.SOLVED for item in _grids(page) for c in item.grid.cells)
        spare = KEY_SPARE if key else PAGE_SPARE
        for x1, y1, x2, y2 in rects:
            assert left - EPS <= x1 and x2 <= right + EPS and top - EPS <= y1
            assert y2 <= top + page.content_height * (1 - spare) + EPS, "the page's spare height stays free"
        for a, b in combinations(rects, 2):
            assert a[2] <= b[0] + EPS or b[2] <= a[0] + EPS or a[3] <= b[1] + EPS or b[3] <= a[1] + EPS, (a, b)
        for margin_text in (page.header, page.footer):
            if margin_text is not None:
                assert margin_text.y >= 0 and margin_text.y + margin_text.height <= h
                assert margin_text.y + margin_text.height <= top + EPS or margin_text.y >= bottom - EPS
                assert margin_text.x >= 0 and margin_text.x + margin_text.width <= w


@pytest.mark.parametrize("page", sorted(PAGES))
@pytest.mark.parametrize("per_page", [(1, 1), (2, 1), (2, 2), (2, 3)])
def test_nothing_overlaps_or_leaves_the_content_box(page: str, per_page: tuple[int, int]) -> None:
    for booklet in layout_book(sample_book(page=page, per_page=per_page, answers="both", mirrored=True)):
        assert (booklet.page_width, booklet.page_height) == PAGES[page]
        _check_page_geometry(booklet)


def test_vietnamese_book_geometry(vi_booklets: tuple[Booklet, ...]) -> None:
    for booklet in vi_booklets:
        _check_page_geometry(booklet)


def test_per_page_counts_and_new_section_on_new_page() -> None:
    """16 and 8 puzzles at 2x3: the opening pages hold all three rows (grids
    are sized for the book's tallest opening); balanced ends share the grids
    evenly over the same number of pages (6 5 5 for 16, not 6 6 4; the 6x6
    section: 4 4, not 6 2); unbalanced they fill pages in order."""
    spec = sample_book(per_page=(2, 3), count=16)
    assert [len(_grids(p)) for p in layout_book(replace(spec, balance=False))[0].pages] == [0, 6, 6, 4, 6, 2]
    puzzles = layout_book(spec)[0]
    counts = [len(_grids(p)) for p in puzzles.pages]
    assert counts == [0, 6, 5, 5, 4, 4]
    for page in puzzles.pages[1:]:
        sizes = {g.grid.rows for g in _grids(page)}
        assert len(sizes) == 1
    headings = [b for p in puzzles.pages for b in p.blocks if isinstance(b, TextBlock) and b.style.name == "heading"]
    assert [h.text for h in headings] == [s.title for s in spec.sections]


def test_grids_are_centred_in_equal_slots_and_bands_are_consistent() -> None:
    booklet = layout_book(sample_book(per_page=(2, 2), count=8))[0]
    page = booklet.pages[2]   # (the opening page holds the one row that fits under the instructions)
    bands = [b for b in page.blocks if isinstance(b, Band)]
    assert [len(b.items) for b in bands] == [2, 2]
    for band in bands:
        a, b = band.items
        assert b.x - (a.x + a.grid.width) == pytest.approx(band.gap, abs=EPS)
        assert band.x == a.x and band.width == pytest.approx(b.x + b.grid.width - a.x, abs=EPS)
        slack_left = a.x - page.content_x
        slack_right = page.content_x + page.content_width - (b.x + b.grid.width)
        assert slack_left == pytest.approx(slack_right, abs=0.1)
    assert bands[0].items[0].x == bands[1].items[0].x


def test_mirrored_margins_swap_on_even_pages() -> None:
    spec = sample_book(mirrored=True, count=12)
    m = spec.margins
    assert m.inside != m.outside
    for page in layout_book(spec)[0].pages:
        assert page.content_x == pytest.approx(m.inside if page.number % 2 else m.outside, abs=EPS)
        assert page.content_width == pytest.approx(spec.page_width - m.inside - m.outside, abs=EPS)
    for page in layout_book(replace(spec, mirrored=False))[0].pages:
        assert page.content_x == pytest.approx(m.inside, abs=EPS)


def test_running_heads_and_page_numbers(vi_booklets: tuple[Booklet, ...]) -> None:
    for booklet in vi_booklets:
        title, *rest = booklet.pages
        assert title.header is None and title.footer is None and not title.break_before
        for page in rest:
            assert page.footer.text == str(page.number) and page.break_before
            opening = any(isinstance(b, TextBlock) and b.style.name == "heading" for b in page.blocks)
            assert (page.header is None) == opening    # a page with its own heading needs no running head
        assert [p.number for p in booklet.pages] == list(range(1, booklet.page_count + 1))
    heads = [p.header.text for p in vi_booklets[0].pages if p.header is not None]
    assert "Tuyển tập Sudoku · Sudoku cổ điển" in heads


@pytest.mark.parametrize("large_print", [False, True])
def test_a_running_head_too_long_for_its_line_keeps_the_sections_title_whole(large_print: bool) -> None:
    """A book title too long to share the running head's line with the section's title gives
    way to it: the head reads the section's title, whole (no "…"), read back from the PDF's top
    margin; a head that fits keeps both."""
    import pymupdf

    from publisher.render import get

    title = ("The Weekend Puzzler's Grand Compendium of Logic Grids, Cages and Chessboard Challenges, "
             "Collected and Arranged for Long Winter Evenings by the Fireside")
    for spec, whole in ((sample_book(title=title, large_print=large_print), False),
                        (sample_book(large_print=large_print), True)):
        booklet = layout_book(spec)[0]
        doc = pymupdf.open(stream=get("pdf")().render(booklet), filetype="pdf")
        heads = [(page, doc[page.number - 1]) for page in booklet.pages if page.header is not None]
        assert heads
        for page, read in heads:
            top = pymupdf.Rect(0, 0, read.rect.width, page.content_y)
            text = " ".join(read.get_text("text", clip=top).split())
            section = next(s.title for s in spec.sections if text.endswith(s.title))
            assert "…" not in text
            assert text == (f"{spec.title} · {section}" if whole else section), text


def test_text_is_wrapped_within_its_width() -> None:
    from publisher.fonts import text_width

    long = "Điền các số từ 1 đến 9 vào ô trống sao cho mỗi hàng, mỗi cột và mỗi khối đều có đủ các số. " * 4
    spec = sample_book(page="A5", instructions=long)
    title_page = layout_book(spec)[0].pages[0]
    intro = next(b for b in title_page.blocks if b.text == long)
    assert len(intro.lines) > 2
    assert " ".join(intro.lines).split() == long.split()
    assert all(text_width(spec.fonts, line, intro.style.size) <= intro.width for line in intro.lines)


# -- sizes --------------------------------------------------------------------

def test_text_never_below_7pt_and_scales_with_cells(vi_booklets: tuple[Booklet, ...]) -> None:
    for booklet in vi_booklets:
        for placed in _all_grids(booklet):
            grid = placed.grid
            assert grid.font_size >= 7 and grid.font_size < grid.cell_size
            assert abs(round(grid.cell_size * 20) - grid.cell_size * 20) < 1e-6, "a whole number of twips"
        for style in booklet.styles:
            assert style.size >= 7


def test_answers_are_smaller_than_puzzles(vi_booklets: tuple[Booklet, ...]) -> None:
    """Never larger; strictly smaller unless a section asks for as many
    answers per page as puzzles (the 16x16 and 25x25 sections do)."""
    by_number = {g.number: g.grid.cell_size for g in _all_grids(vi_booklets[0])[:24]}
    first, same_count = 1, set()
    for section in vietnamese_book().sections:
        if section.answers_per_page and section.answers_per_page == section.puzzles_per_page:
            same_count |= set(range(first, first + len(section.boards)))
        first += len(section.boards)
    assert same_count == {19, 20, 21}
    for placed in _all_grids(vi_booklets[1]):
        if placed.number in same_count:
            assert placed.grid.cell_size <= by_number[placed.number]
        else:
            assert placed.grid.cell_size < by_number[placed.number], placed.number


def test_large_print_preset() -> None:
    booklets = layout_book(sample_book(large_print=True, per_page=(2, 3), count=3))
    puzzles = booklets[0]
    for page in puzzles.pages[1:]:
        grids = _grids(page)
        assert len(grids) == 1
        grid = grids[0].grid
        if grid.rows == 9:
            assert grid.width == pytest.approx(140 * POINTS_PER_MM, rel=0.05)
            assert grid.font_size >= 24
    assert next(s for s in puzzles.styles if s.name == "body").size >= 16


def test_cannot_fit_is_a_layout_error_naming_the_section_key() -> None:
    spec = vietnamese_book(page_width=PAGES["A5"][0], page_height=PAGES["A5"][1])
    crowded = replace(spec.sections[5], puzzles_per_page=(6, 6))
    spec = replace(spec, sections=spec.sections[:5] + (crowded,) + spec.sections[6:])
    with pytest.raises(LayoutError) as error:
        layout_book(replace(spec, sections=(crowded,)))
    assert error.value.key == "books[0].sections[5].puzzles_per_page"
    assert "6x6 grids of 25x25 do not fit on A5" in error.value.message and "minimum" in error.value.message


def test_book_wide_setting_error_names_the_book_key() -> None:
    with pytest.raises(LayoutError) as error:
        layout_book(sample_book(page="A5", per_page=(5, 6)))
    assert error.value.key == "books[0].layout.puzzles_per_page"
    with pytest.raises(LayoutError) as error:
        layout_book(sample_book(per_page=(0, 2)))
    assert error.value.key == "books[0].layout.puzzles_per_page"


def test_missing_glyph_stops_the_build_naming_the_characters() -> None:
    with pytest.raises(LayoutError) as error:
        layout_book(sample_book(title="数独 Sudoku ♛"))
    assert error.value.key == "books[0].fonts"
    assert "'数' (U+6570)" in error.value.message and "'独' (U+72EC)" in error.value.message
    assert "Roboto" in error.value.message and "'♛' (U+265B)" in error.value.message, "titles are text"


def test_queens_are_not_glyph_checked_but_cell_symbols_are() -> None:
    layout_book(vietnamese_book())   # has queens: drawn as shapes, no glyph needed
    board = sudoku(3, 3, 1)
    odd = replace(board, givens=("Ж",) + board.givens[1:], answer=("Ж",) + board.answer[1:])
    spec = sample_book(count=2)
    spec = replace(spec, sections=(replace(spec.sections[0], boards=(odd,)),))
    layout_book(spec)   # Cyrillic is covered
    bad = replace(board, givens=("☃",) + board.givens[1:], answer=("☃",) + board.answer[1:])
    with pytest.raises(LayoutError, match="U\\+2603"):
        layout_book(replace(spec, sections=(replace(spec.sections[0], boards=(bad,)),)))


# -- gutter and determinism ---------------------------------------------------------

@pytest.mark.parametrize("pages, inches", [(10, 0.375), (24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5),
                                           (301, 0.625), (500, 0.625), (501, 0.75), (700, 0.75),
                                           (701, 0.875), (828, 0.875)])
def test_gutter_table(pages: int, inches: float) -> None:
    assert gutter_for(pages) == pytest.approx(inches * POINTS_PER_INCH)


@pytest.mark.slow
def test_auto_gutter_grows_with_the_page_count() -> None:
    small_margin = Margins(top=36, bottom=36, inside=18, outside=27)
    big = layout_book(big_book(1000, margins=small_margin, gutter_auto=True, mirrored=True))[0]
    assert 151 <= big.page_count <= 300
    assert big.margins.inside == pytest.approx(0.5 * POINTS_PER_INCH)
    assert big.pages[1].content_x == pytest.approx(27)   # even page: outside on the left
    assert big.pages[2].content_x == pytest.approx(36)
    thin = layout_book(sample_book(count=4, margins=small_margin, gutter_auto=True))[0]
    assert thin.margins.inside == pytest.approx(0.375 * POINTS_PER_INCH)
    fixed = layout_book(sample_book(count=4, margins=small_margin))[0]
    assert fixed.margins.inside == 18


def test_layout_is_deterministic() -> None:
    assert layout_book(vietnamese_book()) == layout_book(vietnamese_book())


def test_title_page_that_cannot_fit_is_an_error() -> None:
    with pytest.raises(LayoutError) as error:
        layout_book(sample_book(page="A5", instructions="Một câu rất dài. " * 400))
    assert error.value.key == "books[0].instructions"


def test_margin_too_small_for_the_running_head_is_an_error() -> None:
    with pytest.raises(LayoutError) as error:
        layout_book(sample_book(margins=Margins(top=6, bottom=36, inside=36, outside=36)))
    assert error.value.key == "books[0].page.margins.top" and "running head" in error.value.message


def test_a_band_holds_grids_of_one_shape() -> None:
    spec = sample_book(count=2, per_page=(3, 2))
    mixed = (sudoku(3, 3, 1), sudoku(2, 3, 2), sudoku(2, 3, 3), sudoku(3, 3, 4), sudoku(3, 3, 5))
    spec = replace(spec, sections=(replace(spec.sections[0], boards=mixed),))
    page = layout_book(spec)[0].pages[1]
    bands = [b for b in page.blocks if isinstance(b, Band)]
    # the 6x6 grids, narrower than their slots, leave room for the last 9x9 row
    assert [[item.grid.rows for item in band.items] for band in bands] == [[9], [6, 6], [9, 9]]
    assert [b.y for b in bands] == sorted(b.y for b in bands)


def test_a_long_title_wraps_to_a_second_line_in_every_format() -> None:
    """A caption too long for its grid wraps to a second line at its own size before its
    title would be shortened: the section's caption boxes hold two lines, the grids move
    down under them, and PDF, DOCX, RTF and HTML all print both lines, nothing cut."""
    import io

    import docx
    import pymupdf

    from publisher.render import get

    base = sample_book(count=6)
    title = "A long title that cannot fit above a small grid"
    classic = replace(base.sections[0], boards=tuple(replace(b, title=title) for b in base.sections[0].boards))
    booklet = layout_book(replace(base, sections=(classic,)))[0]
    placed = _all_grids(booklet)
    assert placed and all(len(p.captions) == 2 and " ".join(p.captions) == p.caption for p in placed)
    assert all("…" not in p.caption and p.caption.endswith(p.caption_parts[-1]) for p in placed)
    assert all(p.caption_height >= 2 * p.caption_style.leading for p in placed)
    first, second = placed[0].captions
    pdf = pymupdf.open(stream=get("pdf")().render(booklet), filetype="pdf")
    text = "".join(page.get_text() for page in pdf)
    assert first in text and second in text and "…" not in text
    paragraphs = [p.text for p in docx.Document(io.BytesIO(get("docx")().render(booklet))).paragraphs]
    tables = docx.Document(io.BytesIO(get("docx")().render(booklet))).tables
    cells = [cell.text for table in tables for row in table.rows for cell in row.cells]
    assert f"{first}\n{second}" in cells or f"{first}\n{second}" in paragraphs
    rtf = get("rtf")().render(booklet).decode("ascii")
    assert f"{first.split()[-1]}\\line {second.split()[0]}" in rtf     # the break between the lines
    html = get("html")().render(booklet).decode("utf-8")
    assert f"{first}<br/>{second}" in html
