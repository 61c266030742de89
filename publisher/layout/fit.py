"""Layout by fit: which arrangement of grids (across x down) and which one grid size fill a
section's page best while every mark stays above its legibility floor.

A puzzle page is judged the way an editor measures it: the share of the text block the grids
cover. A bigger grid always reads better, but a book of one grid a page wastes paper, so the
arrangements tried are those the print conventions allow for the board's size (4 to 6 9x9
puzzles on an A4 or Letter page, 6 to 12 answers; see ``publisher.spec.PER_PAGE_RANGES``),
each sized to its slots; the fullest page wins. A section holding fewer boards than a page of
them counts only the boards it has, so one or two puzzles grow instead of leaving bands.

The floors are data, in points, read back from the PDF by the tests: the print minimum for any
text, Killer totals and KenKen targets, a worked example's candidates, captions and
cross-references. A board's smallest cell is the one at which all of its marks meet them;
an arrangement whose cells would be smaller is not a candidate.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from publisher.cagelines import cell_for_totals
from publisher.marks import CANDIDATE_SCALE
from publisher.model import POINTS_PER_MM, Board


@dataclass(frozen=True)
class Floors:
    """The smallest print sizes of one booklet's marks, in points."""

    text: float          # any text in a cell (givens, answers, a tour's numbers): the print minimum
    totals: float        # Killer totals and KenKen targets
    candidates: float    # a worked example's pencil marks
    caption: float       # the caption over a grid
    ref: float           # the cross-reference line (the page of the other half) and notes


#: the floors of a standard book: puzzle pages, answer keys
PUZZLE_FLOORS = Floors(text=7.0, totals=6.5, candidates=5.0, caption=9.0, ref=7.5)
ANSWER_FLOORS = Floors(text=7.0, totals=6.0, candidates=5.0, caption=9.0, ref=7.5)
#: large print: everything a reader reads at arm's length is 18 pt
LARGE_PRINT_FLOOR = 18.0
LARGE_PRINT_FLOORS = Floors(*(LARGE_PRINT_FLOOR,) * 5)


#: chessboards (a tour, queens) take a page of their own or share it with one other ...
CHESSBOARD_RANGE = (1, 2)
#: ... as many as keep a square a reader writes a tour's numbers (up to 144) in by hand: two
#: 12x12 boards an A4 or Letter page (8.6 mm squares), one on a 6x9 in page
WRITING_SQUARE = 8 * POINTS_PER_MM
#: and their answers two to four a page
CHESSBOARD_ANSWERS = (2, 4)


def floors_for(answers: bool, large_print: bool) -> Floors:
    """The floors of a puzzle page or an answer key, standard or large print."""
    if large_print:
        return LARGE_PRINT_FLOORS
    return ANSWER_FLOORS if answers else PUZZLE_FLOORS


def least_cell(board: Board, digit_ratio: float, floors: Floors, *, totals: bool, candidates: bool,
               stretch: float = 1.0, ascent: float = 0.0) -> float:
    """The smallest cell (points) at which every mark of ``board`` meets ``floors``: its text
    (``digit_ratio`` of the cell, a little fuller by ``stretch`` where that keeps it printable),
    its cage totals clear of a centred digit (when ``totals`` are drawn) and its worked
    example's candidates on their keypad (when ``candidates`` are drawn; the kind chose the
    keypad's side, :attr:`publisher.model.CellMarks.side`; ``ascent``: the face's, per point, which
    places the totals, :func:`publisher.cagelines.label_box`)."""
    need = floors.text / (digit_ratio * stretch)
    if board.cages and totals:
        need = max(need, cell_for_totals(floors.totals, digit_ratio, ascent))
    if candidates:
        side = max((mark.side for step in board.worked for mark in step.marks if mark is not None), default=1)
        need = max(need, floors.candidates * side / CANDIDATE_SCALE)
    return need


@dataclass(frozen=True)
class Choice:
    """One arrangement tried: ``across`` x ``down`` grids whose cells are ``cell`` points."""

    across: int
    down: int
    cell: float
    coverage: float      # share of the text blocks the section's grids cover, on the pages they take
    full: float = 0.0    # share of its text block the grids of the section's fullest page cover
    band: float = 0.0    # the tallest empty band between its rows, as a share of the text block
    least: float = 1.0   # share of its text block the grids of the section's least full page cover (one page: 1)


def arrangements(fewest: int, most: int) -> list[tuple[int, int]]:
    """Every across x down holding between ``fewest`` and ``most`` grids."""
    return [(across, down) for across in range(1, most + 1) for down in range(1, most + 1)
            if fewest <= across * down <= most]


#: puzzle pages: arrangements covering at least this share of the best one's coverage are as
#: good; of those, the one taking fewest pages wins (no half-empty last page for 1 % more ink)
AS_GOOD = 0.9
#: a full puzzle page's grids cover at least this share of its text block where any
#: arrangement does (an editor's measure): five 9x9 grids in six small slots (43 %) lose to
#: three and two in four larger ones (48 %), one page more
LEAST_COVERAGE = 0.45
#: and no empty band between its rows (or above and below its one row) taller than this share
#: of it: grids narrower than their slots leave the height to spare between the rows (four 6x6
#: grids on a 5x8 in page), a grid as wide as the page above and below it (one 16x16 on A4).
#: The page fill (:data:`LEAST_FILL`) and the coverage come first: where only one grid a page
#: keeps every page a third full (five X Sudokus on 5x8 in: two a page leave a last page at 22 %),
#: a grid as wide as the text block stands alone with a fifth of the height above and below it,
#: as a pocket book prints it; an editor signs off that page, not one a fifth full
MOST_BAND = 0.12
#: no page of grids but a booklet's last is less full than this (an editor's measure: the
#: grids' share of its text block), where any arrangement avoids it: a puzzle section's last
#: page (nine KenKens two a page on 5x8 in left one at 23 %), an answer key's page
LEAST_FILL = 0.30
#: answer keys (a reader checks an answer, not solves it) and chessboards (whose squares are
#: big enough at :data:`WRITING_SQUARE`) take the fewest pages their floors allow: any
#: coverage is as good, and the fullest of those pages wins
FEWEST_PAGES = 0.0


def best(count: int, fewest: int, most: int, rows: int, cols: int, block: tuple[float, float],
         cell_in: Callable[[int, int], float], least: float, as_good: float = AS_GOOD,
         least_coverage: float = LEAST_COVERAGE, band_in: Callable[[int, int, float], float] | None = None,
         least_page: float = 0.0) -> Choice | None:
    """The arrangement whose pages the section's ``count`` boards of one size cover most of (the
    grids' area over the text blocks (``block``: width, height) of the pages they take), its
    cells at least ``least`` (``cell_in(across, down)``: the cell a slot of that arrangement
    gives the board); None when no arrangement keeps the floors.

    The editor's measures come first, in this order: where any arrangement's least full page
    (balanced: the pages share the grids evenly) covers ``least_page``, only those count; of
    those, where any arrangement's fullest page covers ``least_coverage``, only those; and of
    those, where any does, only those whose rows leave no band taller than :data:`MOST_BAND`
    (``band_in(across, down, cell)``). Of what is left, the arrangements within ``as_good`` of
    the best coverage are as good: the one taking fewest pages wins, then the fuller, then more
    grids a page and more across."""
    fewest = max(1, min(fewest, count))
    area = block[0] * block[1]
    choices: list[tuple[Choice, int]] = []
    for across, down in arrangements(fewest, most):
        if across > 1 and (across - 1) * down >= count:
            continue        # a column no board of the section would ever fill
        if down > 1 and across * (down - 1) >= count:
            continue        # a row no board would fill
        cell = cell_in(across, down)
        if cell < least - 1e-6:
            continue
        pages = math.ceil(count / (across * down))
        grid = rows * cols * cell * cell
        fullest = math.ceil(count / pages)          # balanced: the pages share the grids evenly
        choices.append((Choice(across, down, cell, round(count * grid / (pages * area), 4),
                               round(fullest * grid / area, 4),
                               band_in(across, down, cell) if band_in is not None else 0.0,
                               round((count // pages) * grid / area, 4) if pages > 1 else 1.0), pages))
    if not choices:
        return None
    for kept in (lambda c: c.least >= least_page, lambda c: c.full >= least_coverage, lambda c: c.band <= MOST_BAND):
        if any(kept(choice) for choice, _pages in choices):
            choices = [(choice, pages) for choice, pages in choices if kept(choice)]
    top = max(choice.coverage for choice, _pages in choices)
    good = [(choice, pages) for choice, pages in choices if choice.coverage >= as_good * top]
    return min(good, key=lambda cp: (cp[1], -cp[0].coverage, -cp[0].across * cp[0].down, -cp[0].across))[0]
