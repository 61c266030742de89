"""The format-neutral book model: what is on every page, and where.

Two halves:

* the *input* to layout -- :class:`BookSpec` with its :class:`SectionSpec` s and
  the verified :class:`Board` s (what the verify stage hands on: givens, answer,
  regions, tour path; nothing format-specific);
* the *output* of layout -- :class:`Booklet` s made of :class:`Page` s that hold
  positioned :class:`TextBlock` s and :class:`Band` s of :class:`PlacedGrid` s.

Every layout decision (how many grids per page, cell and font sizes, which
borders are thick, page numbers, running heads, answer order) is made once by
:mod:`publisher.layout` and recorded here, so the renderers only draw.
Units are PostScript points (1/72 in). Coordinates have their origin at the
top-left corner of the page (trim box) and grow rightwards and downwards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

POINTS_PER_INCH = 72.0
POINTS_PER_MM = 72.0 / 25.4

#: Symbol placed in :attr:`Board.givens` / :attr:`Board.answer` for a queen.
QUEEN = "\u265b"


# --------------------------------------------------------------------------
# Input to layout
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class HintStep:
    """One logical step towards the solution, as a screen format shows it on request:
    the sentence, the cells to look at, and what it places or rules out.
    Rows and columns are 1-based; symbols are the printed text of a cell."""

    text: str                                            # "r4c7 = 5: hidden single in column 7"
    cells: tuple[tuple[int, int], ...] = ()              # focus cells (row, col)
    placed: tuple[tuple[int, int, str], ...] = ()        # (row, col, symbol) the step fills in
    removed: tuple[tuple[int, int, str], ...] = ()       # (row, col, symbol) candidates it rules out


@dataclass(frozen=True)
class Board:
    """One verified puzzle, format-neutral: the layout engine's unit of content.

    ``givens`` and ``answer`` hold the text of every cell, row-major ("" for an
    empty cell; :data:`QUEEN` for a queen). ``regions`` labels every cell with
    its box or jigsaw region so layout can draw region borders thick; ``None``
    means no inner thick lines (chess boards). ``path`` is a knight's tour in
    visiting order as (row, col), drawn on answer sheets of formats that can.
    """

    kind: str                                  # "sudoku", "knights_tour", "queens"
    rows: int
    cols: int
    givens: tuple[str, ...]
    answer: tuple[str, ...]
    regions: tuple[int, ...] | None = None
    path: tuple[tuple[int, int], ...] | None = None
    closed: bool = False                       # the path is a closed tour (draw the loop)
    title: str | None = None                   # the puzzle's own title or label, if any
    difficulty: str | None = None              # e.g. "easy", "hard" when known
    source: str = ""                           # "puzzles/easy.txt:12", for reports and alt text
    hints: tuple[HintStep, ...] = ()           # the logical solving steps, in order (Sudoku; for on-screen hints)


@dataclass(frozen=True)
class SectionSpec:
    title: str
    boards: tuple[Board, ...]
    instructions: str | None = None
    puzzles_per_page: tuple[int, int] | None = None   # (across, down); None: the book's
    answers_per_page: tuple[int, int] | None = None
    key: str = ""                                      # config key path, e.g. "books[0].sections[2]"
    #: which of "puzzles_per_page" / "answers_per_page" hold defaults nobody configured:
    #: layout may put fewer grids on a page until they fit, instead of failing (a
    #: configured value that cannot fit is an error naming its key)
    per_page_defaults: tuple[str, ...] = ()


@dataclass(frozen=True)
class Margins:
    top: float
    bottom: float
    inside: float      # the gutter side (left on odd/right-hand pages when mirrored)
    outside: float


@dataclass(frozen=True)
class Fonts:
    """Fonts of a book. Formats that embed fonts (PDF, HTML) use the files;
    DOCX and RTF cannot embed portably and ask for ``office_family`` by name."""

    regular: Path
    bold: Path
    family: str                 # the family name inside the TTF files, e.g. "Roboto"
    office_family: str = "Arial"


@dataclass(frozen=True)
class BookSpec:
    """Everything layout needs to know about one book, decided from the config."""

    title: str
    stem: str                                   # safe file stem, e.g. "tuyen-tap-sudoku"
    page_width: float
    page_height: float
    margins: Margins
    fonts: Fonts
    sections: tuple[SectionSpec, ...]
    subtitle: str | None = None
    author: str | None = None
    language: str = "en"
    instructions: str | None = None
    mirrored: bool = False
    puzzles_per_page: tuple[int, int] = (2, 3)
    answers_per_page: tuple[int, int] = (3, 4)
    large_print: bool = False
    answers: str = "separate"                   # "separate" | "back" | "both"
    section_start: str = "any"                  # "any" | "right": sections open on right-hand pages
    labels: dict[str, str] = field(default_factory=dict)  # localised words; layout fills defaults
    key: str = "books[0]"
    play_solutions: bool = True                 # screen formats may carry the solutions and hints (Check, Hint)
    gutter_auto: bool = False                   # widen the inside margin to the print-on-demand value for the page count


class LayoutError(Exception):
    """A layout that cannot be made (e.g. 6x6 grids of 25x25 on an A5 page).

    ``key`` is the config key path the user must change."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}" if key else message)
        self.key = key
        self.message = message


# --------------------------------------------------------------------------
# Output of layout
# --------------------------------------------------------------------------

class CellRole(str, Enum):
    BLANK = "blank"      # empty cell for the reader to fill
    GIVEN = "given"      # printed in the puzzle: bold
    SOLVED = "solved"    # filled in by the answer key: regular weight, told apart from givens without colour
    QUEEN = "queen"      # a queen: drawn as a shape or a glyph the font really has
    SOLVED_QUEEN = "solved_queen"   # a queen placed by the answer key: a queen, in the solved grey


@dataclass(frozen=True)
class GridCell:
    text: str
    role: CellRole

    @property
    def is_queen(self) -> bool:
        """A queen, given or placed by the answer key: drawn as a shape, never as text."""
        return self.role in (CellRole.QUEEN, CellRole.SOLVED_QUEEN)


@dataclass(frozen=True)
class CellBorders:
    """Line widths in points of the four sides of a cell. Neighbouring cells agree
    on their shared side (layout guarantees it), so RTF/DOCX tables are consistent."""

    top: float
    right: float
    bottom: float
    left: float


@dataclass(frozen=True)
class Grid:
    rows: int
    cols: int
    cells: tuple[GridCell, ...]                 # row-major
    borders: tuple[CellBorders, ...]            # row-major, one per cell
    cell_size: float                            # side of a square cell, points
    font_size: float                            # size of cell text, points
    label: str                                  # accessible description, e.g. "Puzzle 12, 9x9 Sudoku"
    path: tuple[tuple[int, int], ...] | None = None
    closed: bool = False
    path_width: float = 1.0                     # stroke width of a drawn tour path
    shaded: tuple[bool, ...] | None = None      # cells with a light grey fill (dark squares of a chessboard)

    #: grey level of shaded cells (0 = black, 1 = white); >= 10 % ink so it survives printing
    SHADE_GREY = 0.85

    @property
    def width(self) -> float:
        return self.cols * self.cell_size

    @property
    def height(self) -> float:
        return self.rows * self.cell_size


@dataclass(frozen=True)
class TextStyle:
    """A named paragraph style. Renderers map ``name`` to a real style in the
    target format (DOCX: "Title", "Heading 1", "Normal", "Puzzle Caption", ...)."""

    name: str                 # "title", "subtitle", "author", "heading", "body", "caption", "header", "footer"
    size: float               # points
    bold: bool = False
    align: str = "left"       # "left" | "center" | "right"
    leading: float = 0.0      # baseline-to-baseline distance, points

    def __post_init__(self) -> None:
        if not self.leading:
            object.__setattr__(self, "leading", round(self.size * 1.25, 2))


@dataclass(frozen=True)
class TextBlock:
    """A paragraph at a position. ``lines`` is the text as layout wrapped it with
    the book's font metrics (PDF draws exactly these); flow formats may reflow
    ``text`` within ``width``. ``height`` = len(lines) * style.leading."""

    text: str
    style: TextStyle
    x: float
    y: float                  # top of the first line box
    width: float
    height: float
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Play:
    """What a screen format needs to let the reader play one puzzle of the puzzle
    booklet (printed formats ignore it). ``solution`` and ``hints`` are empty when
    the book does not carry them (``html.solutions: none``)."""

    kind: str                                   # "sudoku", "knights_tour", "queens"
    symbols: tuple[str, ...] = ()               # what a Sudoku cell may hold, in keypad order
    regions: tuple[int, ...] | None = None      # region label of every cell, row-major (Sudoku)
    solution: tuple[str, ...] = ()              # text of every cell when solved, row-major
    hints: tuple[HintStep, ...] = ()
    closed: bool = False                        # a knight's tour must return to its start


@dataclass(frozen=True)
class PlacedGrid:
    """A numbered grid with its caption at a fixed place on the page."""

    number: int               # puzzle number, the same in puzzle and answer booklets
    caption: str              # e.g. "12 · Khó" (number, difficulty) or "12 · Bộ 1" in answers
    caption_style: TextStyle
    grid: Grid
    x: float                  # left edge of the grid (and of its caption box)
    y: float                  # top of the caption box; the grid starts at y + caption_height
    caption_height: float
    play: Play | None = None  # set on puzzle grids: what the reader may play on screen


@dataclass(frozen=True)
class Band:
    """A row of grids of the same shape side by side. Flow formats draw a band
    as one table (grid columns with spacer columns of width ``gap`` between)."""

    items: tuple[PlacedGrid, ...]
    x: float
    y: float
    width: float
    height: float             # caption height + grid height
    gap: float                # horizontal space between neighbouring grids


Block = TextBlock | Band


@dataclass(frozen=True)
class Page:
    number: int                       # physical page number, 1-based
    blocks: tuple[Block, ...]         # in reading order, top to bottom
    content_x: float                  # content box (margins applied, mirrored for even pages)
    content_y: float
    content_width: float
    content_height: float
    header: TextBlock | None = None   # running head (book or section title), None on the title page
    footer: TextBlock | None = None   # the printed page number, None where not shown
    break_before: bool = True         # always true except the first page; for flow formats

    @property
    def is_right_hand(self) -> bool:
        return self.number % 2 == 1


@dataclass(frozen=True)
class Booklet:
    """One output document: the puzzle booklet or the answer booklet of a book."""

    role: str                         # "puzzles" | "answers"
    stem: str                         # file stem, e.g. "tuyen-tap-sudoku-puzzles"
    title: str                        # document title for metadata
    author: str | None
    subject: str
    language: str
    page_width: float
    page_height: float
    margins: Margins
    mirrored: bool
    fonts: Fonts
    styles: tuple[TextStyle, ...]     # every style used, for formats with a style sheet
    pages: tuple[Page, ...]

    @property
    def page_count(self) -> int:
        return len(self.pages)
