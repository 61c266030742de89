"""Realistic books built by hand, without the solver, for layout and renderer tests.

Every board here is valid by construction and checked by the small
independent checkers below (not by the code under test): Sudoku solutions
come from the pattern ``((r % br) * bc + r // br + c) % n + 1`` with
deterministic digit and row shuffles, the jigsaw from a tiny backtracking
fill of hand-drawn regions, the knight's tours are written out and checked
move by move, the queens are the classic (0, 4, 7, 5, 2, 6, 1, 3).
"""
from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import cache

from publisher.fonts import default_fonts
from publisher.grids import chess_shading
from publisher.model import POINTS_PER_INCH, QUEEN, Board, BookSpec, CoverSettings, Margins, SectionSpec
from publisher.units import PAGE_SIZES

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"   # digits, then letters above 9

PAGES = {name: PAGE_SIZES[name] for name in ("A4", "A5", "Letter", "6x9in", "8.5x11in")}

DIFFICULTIES = ("easy", "medium", "hard", "diabolical")

#: an open knight's tour of 5x5: the number is the visiting order
TOUR_5X5 = (
    (1, 14, 9, 20, 3),
    (24, 19, 2, 15, 10),
    (13, 8, 25, 4, 21),
    (18, 23, 6, 11, 16),
    (7, 12, 17, 22, 5),
)

#: a closed knight's tour of 8x8 (64 is a knight's move from 1)
TOUR_8X8 = (
    (1, 54, 15, 32, 37, 28, 13, 30),
    (16, 33, 64, 55, 14, 31, 38, 27),
    (63, 2, 53, 36, 59, 40, 29, 12),
    (34, 17, 58, 61, 56, 47, 26, 39),
    (3, 62, 35, 52, 41, 60, 11, 48),
    (18, 43, 20, 57, 46, 51, 8, 25),
    (21, 4, 45, 42, 23, 6, 49, 10),
    (44, 19, 22, 5, 50, 9, 24, 7),
)

EIGHT_QUEENS = (0, 4, 7, 5, 2, 6, 1, 3)

#: irregular regions of a 6x6 jigsaw Sudoku (each connected, six cells)
JIGSAW_6X6 = (
    0, 0, 0, 1, 1, 1,
    0, 0, 2, 1, 1, 3,
    0, 2, 2, 1, 3, 3,
    2, 2, 2, 3, 3, 5,
    4, 4, 4, 3, 5, 5,
    4, 4, 4, 5, 5, 5,
)


# --------------------------------------------------------------------------
# Independent validity checks
# --------------------------------------------------------------------------

def is_valid_sudoku(values: tuple[str, ...], n: int, regions: tuple[int, ...]) -> bool:
    """Every row, column and region holds n different symbols."""
    units: dict[tuple[str, int], set[str]] = {}
    for i, value in enumerate(values):
        for unit in (("r", i // n), ("c", i % n), ("g", regions[i])):
            units.setdefault(unit, set()).add(value)
    return len(values) == n * n and all(len(seen) == n for seen in units.values())


def is_knights_tour(path: tuple[tuple[int, int], ...], rows: int, cols: int, closed: bool) -> bool:
    """Visits every square once, each step a knight's move (and back to the start when closed)."""
    def knight(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return {abs(a[0] - b[0]), abs(a[1] - b[1])} == {1, 2}

    squares_ok = sorted(path) == [(r, c) for r in range(rows) for c in range(cols)]
    steps_ok = all(knight(a, b) for a, b in itertools.pairwise(path))
    return squares_ok and steps_ok and (not closed or knight(path[-1], path[0]))


def is_queens(columns: tuple[int, ...]) -> bool:
    n = len(columns)
    return (sorted(columns) == list(range(n)) and len({r + c for r, c in enumerate(columns)}) == n
            and len({r - c for r, c in enumerate(columns)}) == n)


# --------------------------------------------------------------------------
# Boards
# --------------------------------------------------------------------------

def box_regions(br: int, bc: int) -> tuple[int, ...]:
    n = br * bc
    return tuple((r // br) * br + c // bc for r in range(n) for c in range(n))


def _givens(answer: tuple[str, ...], rnd: random.Random, share: float) -> tuple[str, ...]:
    return tuple(value if rnd.random() < share else "" for value in answer)


def keypad(values: tuple[str, ...]) -> tuple[str, ...]:
    """What the Sudoku kind gives a board's keypad: its symbols, digits first."""
    return tuple(sorted(set(values), key=lambda s: (not s.isdigit(), s)))


def sudoku(br: int, bc: int, seed: int, *, difficulty: str | None = None, share: float = 0.4) -> Board:
    """A valid Sudoku of br x bc boxes, shuffled by ``seed`` (digits relabelled,
    rows swapped within their band), with about ``share`` of the cells given."""
    n = br * bc
    rnd = random.Random(seed)
    labels = list(SYMBOLS[:n])
    rnd.shuffle(labels)
    row_order = [band * br + r for band in range(bc) for r in rnd.sample(range(br), br)]
    values = tuple(labels[((r % br) * bc + r // br + c) % n] for r in row_order for c in range(n))
    regions = box_regions(br, bc)
    assert is_valid_sudoku(values, n, regions)
    return Board("sudoku", n, n, _givens(values, rnd, share), values, regions,
                 difficulty=difficulty, source=f"samples:{n}x{n}:{seed}", keypad=keypad(values))


@cache
def _jigsaw_filling() -> tuple[int, ...]:
    """A filling of JIGSAW_6X6 by depth-first search (rows, columns, regions)."""
    n, cells = 6, [0] * 36

    def fits(i: int, v: int) -> bool:
        return all(cells[j] != v for j in range(36) if j < i and
                   (j // n == i // n or j % n == i % n or JIGSAW_6X6[j] == JIGSAW_6X6[i]))

    def fill(i: int) -> bool:
        if i == 36:
            return True
        for v in range(1, n + 1):
            if fits(i, v):
                cells[i] = v
                if fill(i + 1):
                    return True
        return False

    assert fill(0)
    return tuple(cells)


def jigsaw(seed: int, *, difficulty: str | None = None) -> Board:
    rnd = random.Random(seed)
    labels = list(SYMBOLS[:6])
    rnd.shuffle(labels)
    values = tuple(labels[v - 1] for v in _jigsaw_filling())
    assert is_valid_sudoku(values, 6, JIGSAW_6X6)
    return Board("sudoku", 6, 6, _givens(values, rnd, 0.45), values, JIGSAW_6X6,
                 difficulty=difficulty, source=f"samples:jigsaw:{seed}", keypad=keypad(values))


def tour(table: tuple[tuple[int, ...], ...], closed: bool) -> Board:
    """A knight's tour board: the start square given, the visiting numbers as answer."""
    rows, cols = len(table), len(table[0])
    order = sorted((value, (r, c)) for r, row in enumerate(table) for c, value in enumerate(row))
    path = tuple(square for _value, square in order)
    assert is_knights_tour(path, rows, cols, closed)
    answer = tuple(str(value) for row in table for value in row)
    givens = tuple(v if v in ("1", str(rows * cols)) else "" for v in answer)
    return Board("knights_tour", rows, cols, givens, answer, None, path, closed,
                 source=f"samples:tour:{rows}x{cols}", checked_by_answer=False,
                 shading=chess_shading(rows, cols), chessboard=True)


def queens(columns: tuple[int, ...] = EIGHT_QUEENS) -> Board:
    """An n-queens board with the first row's queen given."""
    assert is_queens(columns)
    n = len(columns)
    answer = tuple(QUEEN if columns[r] == c else "" for r in range(n) for c in range(n))
    givens = tuple(value if i < n else "" for i, value in enumerate(answer))
    return Board("queens", n, n, givens, answer, source=f"samples:queens:{n}",
                 shading=chess_shading(n, n), chessboard=True)


# --------------------------------------------------------------------------
# Books
# --------------------------------------------------------------------------

#: the cover of a book without one of its own (the spec stage's resolution of an empty ``cover`` block)
NO_COVER = CoverSettings(front_image=None, front_image_key="", back_title=None, back_text=None, spine_text=None,
                         background="#1d3557", text="#ffffff", barcode=True, puzzle=None)
#: what the tests' books choose when a test says nothing (the model has no defaults: the
#: spec stage resolves every field from the config)
BOOK_CHOICES: dict[str, object] = {
    "subtitle": None, "author": None, "language": "en", "instructions": None, "imprint": None, "contents": False,
    "mirrored": False, "gutter_auto": False, "puzzles_per_page": (2, 3), "answers_per_page": (3, 4),
    "large_print": False, "section_start": "any", "balance": True, "coordinates": True, "answers": "separate",
    "labels": {}, "key": "books[0]", "play_solutions": True, "print_rules": None, "cover": NO_COVER,
}


def book(**fields: object) -> BookSpec:
    """A book spec of ``fields`` and, for the rest, :data:`BOOK_CHOICES`."""
    return BookSpec(**{**BOOK_CHOICES, **fields})  # type: ignore[arg-type]


def section(title: str, boards: tuple[Board, ...], instructions: str | None = None, *, key: str = "",
            puzzles_per_page: tuple[int, int] | None = None, answers_per_page: tuple[int, int] | None = None,
            per_page_defaults: tuple[str, ...] = (),
            per_page_ranges: tuple[tuple[int, tuple[int, int], tuple[int, int]], ...] = ()) -> SectionSpec:
    """A section spec: grids per page the book's unless given, no defaults to shrink."""
    return SectionSpec(title, boards, instructions, key, puzzles_per_page, answers_per_page, per_page_defaults,
                       per_page_ranges)


def _margins(page: tuple[float, float]) -> Margins:
    small = page[0] < 450
    edge = (0.5 if small else 0.6) * POINTS_PER_INCH
    return Margins(top=edge, bottom=edge, inside=0.625 * POINTS_PER_INCH, outside=edge)


def vietnamese_book(**changes: object) -> BookSpec:
    """A Vietnamese book on A4: eight sections (4x4 to 25x25, jigsaw, tours,
    queens), 24 puzzles, answers in a separate booklet."""
    vi = "Điền các số từ 1 đến 9 vào ô trống sao cho mỗi hàng, mỗi cột và mỗi khối 3x3 đều có đủ các số."
    sections = (
        section("Khởi động 4x4", tuple(sudoku(2, 2, s, difficulty="easy") for s in range(4)),
                    "Điền các số từ 1 đến 4 vào mỗi hàng, cột và khối 2x2.", key="books[0].sections[0]"),
        section("Sudoku 6x6", tuple(sudoku(2, 3, s, difficulty="easy") for s in range(4)),
                    "Điền các số từ 1 đến 6.", key="books[0].sections[1]"),
        section("Sudoku cổ điển", tuple(sudoku(3, 3, s, difficulty=DIFFICULTIES[s % 4]) for s in range(7)),
                    vi, key="books[0].sections[2]"),
        section("Sudoku ghép hình", tuple(jigsaw(s, difficulty="medium") for s in range(3)),
                    "Mỗi vùng tô đậm chứa đủ các số từ 1 đến 6.", key="books[0].sections[3]"),
        section("Sudoku 16x16", tuple(sudoku(4, 4, s, difficulty="hard") for s in range(2)),
                    "Dùng các số 1–9 và chữ A–G.", puzzles_per_page=(1, 2), answers_per_page=(1, 2),
                    key="books[0].sections[4]"),
        section("Sudoku 25x25", (sudoku(5, 5, 1, difficulty="diabolical"),),
                    "Dùng các số 1–9 và chữ A–P.", puzzles_per_page=(1, 1), answers_per_page=(1, 1),
                    key="books[0].sections[5]"),
        section("Mã đi tuần", (tour(TOUR_5X5, False), tour(TOUR_8X8, True)),
                    "Đi quân mã qua mọi ô đúng một lần, từ ô 1.", puzzles_per_page=(2, 2),
                    key="books[0].sections[6]"),
        section("Tám quân hậu", (queens(),),
                    "Đặt 8 quân hậu sao cho không quân nào ăn được quân nào.", puzzles_per_page=(1, 2),
                    key="books[0].sections[7]"),
    )
    spec = book(
        title="Tuyển tập Sudoku", stem="tuyen-tap-sudoku", page_width=PAGES["A4"][0],
        page_height=PAGES["A4"][1], margins=_margins(PAGES["A4"]), fonts=default_fonts(),
        sections=sections, subtitle="Dành cho mọi lứa tuổi", author="Nguyễn Văn Đức", language="vi",
        instructions="Chúc bạn giải đố vui vẻ! Lời giải ở cuối sách.",
    )
    return replace(spec, **changes)  # type: ignore[arg-type]


def sample_book(page: str | tuple[float, float] = "A4", per_page: tuple[int, int] = (2, 3),
                answers: str = "separate", large_print: bool = False, mirrored: bool = False,
                count: int = 10, **changes: object) -> BookSpec:
    """An English book of 9x9 and 6x6 Sudoku on any page size and layout.
    Small pages (A5, 6x9 in) get 2x3 answers per page, as 3x4 would not fit."""
    width, height = PAGES[page] if isinstance(page, str) else page
    answers_per_page = (3, 4) if width > 500 else (2, 3)
    sections = (
        section("Classic 9x9", tuple(sudoku(3, 3, 100 + s, difficulty=DIFFICULTIES[s % 4]) for s in range(count)),
                    "Fill every row, column and 3x3 box with the digits 1 to 9.", key="books[0].sections[0]"),
        section("Mini 6x6", tuple(sudoku(2, 3, 200 + s) for s in range(max(count // 2, 1))),
                    "Fill every row, column and 2x3 box with the digits 1 to 6.", key="books[0].sections[1]"),
    )
    spec = book(
        title="Sample Sudoku", stem="sample-sudoku", page_width=width, page_height=height,
        margins=_margins((width, height)), fonts=default_fonts(), sections=sections,
        subtitle="Puzzles for every day", author="Puzzlepress Tests", language="en",
        instructions="Every puzzle has exactly one solution.", mirrored=mirrored,
        puzzles_per_page=per_page, answers_per_page=answers_per_page, large_print=large_print,
        answers=answers,
    )
    return replace(spec, **changes)  # type: ignore[arg-type]


def big_book(n: int, **changes: object) -> BookSpec:
    """``n`` 9x9 puzzles in one section, for speed checks."""
    boards = tuple(sudoku(3, 3, s, difficulty=DIFFICULTIES[s % 4]) for s in range(n))
    spec = book(
        title="Big Sudoku Book", stem="big-sudoku", page_width=PAGES["Letter"][0],
        page_height=PAGES["Letter"][1], margins=_margins(PAGES["Letter"]), fonts=default_fonts(),
        sections=(section("Sudoku", boards, "Fill every row, column and box with 1 to 9.",
                              key="books[0].sections[0]"),),
        author="Puzzlepress", answers="separate",
    )
    return replace(spec, **changes)  # type: ignore[arg-type]
