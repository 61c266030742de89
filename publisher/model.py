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

#: Cell shading levels of :attr:`Board.shading` and :attr:`Grid.shaded`: none; a light band
#: (the dark squares of a chessboard, the cells of a variant's diagonals or windows); a mark
#: (a darker grey square: the even cells of an even-odd Sudoku)
SHADE_NONE, SHADE_BAND, SHADE_MARK = 0, 1, 2


# --------------------------------------------------------------------------
# Input to layout
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class HintStep:
    """One logical step towards the solution, as a screen format shows it on request:
    the sentence, the cells to look at, and what it places or rules out.
    Rows and columns are 1-based; symbols are the printed text of a cell."""

    text: str                                            # "r4c7 = 5: Hidden Single in column 7"
    cells: tuple[tuple[int, int], ...] = ()              # focus cells (row, col)
    placed: tuple[tuple[int, int, str], ...] = ()        # (row, col, symbol) the step fills in
    removed: tuple[tuple[int, int, str], ...] = ()       # (row, col, symbol) candidates it rules out
    technique: str = ""                                  # the solver's name of it ("Hidden Single")


@dataclass(frozen=True)
class CageMark:
    """A cage of a cage puzzle (Killer, KenKen): its cells (row-major indices, the first
    one top-left) and the total printed small in that first cell ("15", "12×")."""

    cells: tuple[int, ...]
    label: str
    total: int = 0
    operation: str = ""     # "" a sum of different digits (Killer); "+", "-", "x", "/", "?" (KenKen)


@dataclass(frozen=True)
class SignMark:
    """A sign between two neighbouring cells of a board (Futoshiki): the pair (row-major
    indices) and what it says: ``"greater"``, the first cell holds the larger digit (printed
    ``>``, ``<``, ``v`` or ``^`` pointing at the smaller); ``"bar"``, their digits differ by 1
    (Adjacent mode, a bar across their shared side)."""

    cells: tuple[int, int]
    kind: str = "greater"


@dataclass(frozen=True)
class CellMarks:
    """A worked example's pencil marks in one cell: candidate symbols drawn small, each at
    its place of a ``side`` x ``side`` keypad in the cell (place = the symbol's index), the
    ones the step eliminates struck through; or, for a value the step places, that value
    drawn full size and circled (``placed``)."""

    side: int                                        # keypad rows and columns in the cell
    candidates: tuple[tuple[int, str], ...] = ()     # (place, symbol)
    struck: tuple[int, ...] = ()                     # places of the eliminated candidates
    placed: str = ""                                 # the value the step places here, circled


@dataclass(frozen=True)
class WorkedStep:
    """One step drawn on a grid: the position it was found in (every cell's text, "" when
    blank), the marks of the cells it involves, the pattern's cells (shaded) and the
    sentence explaining it (printed with the grid): the step itself, as a hint shows it,
    so a book in another language words it as its hints (:func:`publisher.play.hint_sentence`)."""

    step: HintStep
    values: tuple[str, ...]
    marks: tuple[CellMarks | None, ...]
    pattern: tuple[bool, ...]


@dataclass(frozen=True)
class Board:
    """One verified puzzle, format-neutral: the layout engine's unit of content.

    ``givens`` and ``answer`` hold the text of every cell, row-major ("" for an
    empty cell; :data:`QUEEN` for a queen). ``regions`` labels every cell with
    its box or jigsaw region so layout can draw region borders thick; ``None``
    means no inner thick lines (chess boards). ``path`` is a knight's tour in
    visiting order as (row, col), drawn on answer sheets of formats that can.
    """

    kind: str                                  # its kind's name in the registry (publisher.kinds)
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
    #: a short line printed under the answer's caption (e.g. "Key step: X-Wing on 7 in rows 2 and 8")
    note: str | None = None
    #: the answer is one of many (a task such as "find a tour from e5"): the answer
    #: sheet says "one possible answer" so a reader with another correct one is not misled
    one_of_many: bool = False
    hints: tuple[HintStep, ...] = ()           # the logical solving steps, in order (Sudoku; for on-screen hints)
    #: what a cell may hold, in keypad order (a Sudoku's symbols); () for boards played by clicks
    keypad: tuple[str, ...] = ()
    #: the playable page's Check compares with ``answer`` (False: any valid answer counts, a tour)
    checked_by_answer: bool = True
    #: the kind's look as data: a shading level (SHADE_*) per cell, row-major; None: plain cells
    shading: tuple[int, ...] | None = None
    #: a chessboard (a tour, queens): its edge squares carry files and ranks (a-h, 1-8), and it
    #: is laid out as one, big squares one across
    chessboard: bool = False
    #: what the playable page checks beyond rows, columns and regions (a variant's rules)
    rules: PlayRules | None = None
    #: label keys of the rule lines printed under the section heading (a variant's rules and
    #: the legend of its marks), when the section has no instructions of its own
    rule_labels: tuple[str, ...] = ()
    cages: tuple[CageMark, ...] = ()           # cages with their totals (Killer, KenKen)
    signs: tuple[SignMark, ...] = ()           # signs between neighbouring cells (Futoshiki)
    #: the outer ring of cells holds clues outside the grid (Skyscrapers): it is drawn without
    #: lines and never played; the puzzle's grid is the cells inside it
    clue_ring: bool = False
    #: the kind's look of its cages: "dashed" outlines inset in the cells over the boxes (Killer),
    #: or "bordered", heavy cage borders over thin cell lines (KenKen's convention)
    cage_look: str = "dashed"
    #: steps drawn as worked examples after the grid (in the booklet ``worked_in`` names)
    worked: tuple[WorkedStep, ...] = ()
    worked_in: str = "answers"                 # "answers": after the solution; "puzzles": after the puzzle
    #: the puzzle's ID (solver.canonical) when the book prints IDs (``layout.puzzle_ids``)
    puzzle_id: str | None = None
    #: where the puzzle plays online, for its QR code (``layout.qr`` names the site); None: no code
    link: str | None = None


@dataclass(frozen=True)
class SectionSpec:
    """One section as the spec stage resolved it (:mod:`publisher.spec`); no field has a default."""

    title: str
    boards: tuple[Board, ...]
    instructions: str | None
    key: str                                           # config key path, e.g. "books[0].sections[2]"
    #: (across, down): the section's own; None: the book's (or, when neither names one, fitted)
    puzzles_per_page: tuple[int, int] | None
    answers_per_page: tuple[int, int] | None
    #: which of "puzzles_per_page" / "answers_per_page" nobody configured: layout fits those
    #: (:mod:`publisher.layout.fit`), choosing the arrangement that fills the page best (a
    #: configured value that cannot fit is an error naming its key)
    per_page_defaults: tuple[str, ...]
    #: (side, puzzles, answers) for each board side in the section: the (fewest, most) grids a
    #: page that a fitted arrangement of that side may hold
    per_page_ranges: tuple[tuple[int, tuple[int, int], tuple[int, int]], ...]
    #: the section's worked example: a puzzle made to show its key technique, none of the book's
    #: (a worked example on a real puzzle gives that puzzle away), with its steps drawn
    #: (``worked``); printed before the section's puzzles, unnumbered: no answer in the key, no
    #: cross-reference, not played on screen. None: the section has none
    demonstration: Board | None = None

    def printed(self, answers: bool) -> tuple[Board, ...]:
        """Every board the section prints in a booklet, in order: in the puzzle booklet its
        demonstration first, then its puzzles; in the answer key its puzzles alone."""
        if answers or self.demonstration is None:
            return self.boards
        return (self.demonstration, *self.boards)


@dataclass(frozen=True)
class Margins:
    top: float
    bottom: float
    inside: float      # the gutter side (left on odd/right-hand pages when mirrored)
    outside: float


@dataclass(frozen=True)
class Fonts:
    """Fonts of a book. Every format uses the files: PDF and HTML embed
    subsets, DOCX embeds them as Word font parts, RTF names :attr:`office_family`
    (and ``fallback_family`` as the alternative for readers that honour one)."""

    regular: Path
    bold: Path
    family: str                 # the family name inside the TTF files, e.g. "Roboto"
    #: Word has it and LibreOffice maps it to its metric-twin Liberation Sans, whose widths are within
    #: 2 % of Roboto's (DejaVu Sans, LibreOffice's pick for an unknown family, is 15 % wider)
    fallback_family: str = "Arial"
    #: False for the typeface shipped with puzzlepress (in a Python wheel, not on readers' systems):
    #: RTF, which cannot embed fonts, then names the fallback, so Word and LibreOffice set it alike
    installed: bool = True

    @property
    def office_family(self) -> str:
        """The family an RTF reader is told to use (it honours no alternative)."""
        return self.family if self.installed else self.fallback_family


@dataclass(frozen=True)
class Bleed:
    """Printing to the edge: the PDF page is the trim plus ``amount`` on the top,
    bottom and outside edge (``all_edges``: on the gutter side too)."""

    amount: float
    all_edges: bool = False


@dataclass(frozen=True)
class PrintRules:
    """What a print-on-demand service asks of an interior, as layout obeys it:
    no mark nearer the top, bottom or outside trim than ``safe``; the inside
    margin from ``gutters`` (up to pages, points) for the final page count;
    pages at the end up to ``min_pages`` and a multiple of ``page_multiple``: blank ones,
    but "Notes" pages before them where more blank pages in a row than ``blank_run_end``
    would be needed (KDP's review refuses a book ending in more than 10)."""

    service: str                                 # "KDP", for messages
    safe: float
    gutters: tuple[tuple[int, float], ...]
    min_pages: int = 1
    page_multiple: int = 1
    bleed: Bleed | None = None
    blank_last_page: bool = False                # the service wants the last page blank (IngramSpark)
    blank_run_end: int | None = None             # most blank pages in a row at the end (KDP: 10)

    def gutter_for(self, pages: int) -> float:
        return next((inside for up_to, inside in self.gutters if pages <= up_to), self.gutters[-1][1])


@dataclass(frozen=True)
class CoverSettings:
    """A book's ``cover`` block as the spec stage resolved it (the image's path found)."""

    front_image: Path | None        # the front panel's image file; None: the front is typeset
    front_image_key: str            # the image as the config names it, for messages ("" for none)
    back_title: str | None          # the back's heading (the title, over the default back text)
    back_text: str | None           # the config's, else what is inside (puzzles by kind and level)
    spine_text: str | None          # None: the title and the author (where the service prints spine text)
    background: str                 # "#rrggbb"
    text: str                       # "#rrggbb"
    barcode: bool                   # the service's barcode area is left blank paper
    puzzle: Board | None            # the front's grid (made or given, verified; never one of the book's)
    isbn: str | None = None         # the 13 digits the barcode in that area carries; None: no barcode
    price_code: str | None = None   # its five-digit add-on
    isbn_shown: str | None = None   # the ISBN as printed over the barcode and on the imprint page


@dataclass(frozen=True)
class BookSpec:
    """Everything layout (and the cover) needs to know about one book, resolved by the spec
    stage (:mod:`publisher.spec`) from the config: no field has a default here."""

    title: str
    stem: str                                   # safe file stem, e.g. "tuyen-tap-sudoku"
    key: str                                    # its config key path, "books[0]"
    page_width: float
    page_height: float
    margins: Margins
    gutter_auto: bool                           # inside margin widened to the print-on-demand value for the page count
    mirrored: bool                              # a bound book: the gutter on the binding side
    fonts: Fonts
    language: str                               # BCP 47 tag: "en", "vi"
    labels: dict[str, str]                      # the book's own words; layout fills in the built-in ones
    subtitle: str | None
    author: str | None
    instructions: str | None
    imprint: str | None                         # text on the title page's verso (copyright, edition)
    contents: bool                              # a table of contents after the title page
    sections: tuple[SectionSpec, ...]
    #: the book's own grids per page (across, down); None: every section carries its own or its default
    puzzles_per_page: tuple[int, int] | None
    answers_per_page: tuple[int, int] | None
    large_print: bool
    section_start: str                          # "any" | "right": sections open on right-hand pages
    balance: bool                               # share a section's last pages evenly (8 at 6 a page: 4 + 4)
    coordinates: bool                           # chessboards carry their files and ranks (a-h, 1-8) in the edge squares
    answers: str                                # "separate" | "back" | "both"
    play_solutions: bool                        # screen formats may carry the solutions and hints (Check, Hint)
    print_rules: PrintRules | None              # a print-on-demand profile's margins, gutter and page count
    cover: CoverSettings                        # the full-wrap cover, for a book with a print profile
    #: the link each puzzle's QR code carries, ``{n}`` its number (``layout.qr: {url: ...}``); None:
    #: each board's own :attr:`Board.link`, or no QR codes
    qr_url: str | None = None
    #: the page count the puzzle booklet lands on (``book.pages``: :mod:`publisher.layout.landing`); None: as it fits
    pages: int | None = None


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

@dataclass(frozen=True)
class Ink:
    """How cell content looks, decided once for every format.

    Grey levels run from 0 (black) to 1 (white); renderers convert them with
    :func:`grey_hex` (DOCX, RTF, HTML) or use them as PDF grey, so a solved
    digit is the same grey in all four editions. Givens and solved digits
    differ without colour: givens bold black, solved digits regular, grey
    and (except in large print) a little smaller."""

    solved_grey: float = 0.4        # solved digits and queens placed by the answer key
    solved_scale: float = 0.9       # solved digits' size as a share of the givens' ...
    least_text: float = 7.0         # ... never under the print minimum (publisher.layout.fit's text floor)
    shade_grey: float = 0.85        # dark squares of a chessboard, a variant's bands: >= 10 % ink survives printing
    mark_grey: float = 0.7          # a variant's marked cells (even cells): clearly darker than a band
    path_grey: float = 0.45         # the line of a knight's tour
    marker_grey: float = 0.0        # the start and end markers of a tour
    coordinate_grey: float = 0.35   # a chessboard's a-h / 1-8: legible on the shaded squares, quieter than the digits
    cage_grey: float = 0.0          # cage outlines and totals on puzzles
    answer_cage_grey: float = 0.4   # ... and on answers, 60 % black as the solved digits: the digits matter there
    candidate_grey: float = 0.2     # a worked example's pencil marks: small, so nearly black

    def shade(self, level: int) -> float:
        """The grey of a shading level (:data:`SHADE_BAND`, :data:`SHADE_MARK`)."""
        return self.mark_grey if level == SHADE_MARK else self.shade_grey

    def text_grey(self, role: CellRole) -> float:
        return self.solved_grey if role in (CellRole.SOLVED, CellRole.SOLVED_QUEEN) else 0.0

    def text_bold(self, role: CellRole) -> bool:
        return role is CellRole.GIVEN

    def text_size(self, role: CellRole, font_size: float) -> float:
        """The size a cell's text prints at in a grid set at ``font_size``: a solved digit a
        little smaller than the givens, but where that would put it under the print minimum
        (a tour's key, its numbers set at the floor), at the minimum."""
        if role is not CellRole.SOLVED:
            return font_size
        return max(font_size * self.solved_scale, min(font_size, self.least_text))


def grey_hex(level: float) -> str:
    """A grey level (0 black .. 1 white) as six hex digits, e.g. 0.4 -> '666666'."""
    value = round(level * 255)
    return f"{value:02X}" * 3


#: The queen: a crown as closed polygons in a unit box (x right, y down),
#: drawn as vector in PDF and HTML and as the same drawing in a picture in
#: DOCX and RTF (no font has to carry a chess glyph); its side points stay below
#: the rank coordinate in an edge square's top-left corner.
QUEEN_SHAPE: tuple[tuple[tuple[float, float], ...], ...] = (
    ((0.14, 0.78), (0.08, 0.40), (0.31, 0.54), (0.50, 0.16), (0.69, 0.54), (0.92, 0.40), (0.86, 0.78)),
    ((0.14, 0.84), (0.86, 0.84), (0.86, 0.94), (0.14, 0.94)),
)
#: side of the queen's box as a share of the cell
QUEEN_SCALE = 0.78


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
class Tour:
    """A knight's tour as drawn on an answer grid, in points from the grid's
    top-left corner: segments between consecutive squares that stop short of
    the numbers (so the path never runs through them), a circle round the
    first number and a square round the last (told apart by shape)."""

    segments: tuple[tuple[float, float, float, float], ...]   # x1, y1, x2, y2
    start: tuple[float, float]          # centre of the start circle
    end: tuple[float, float]            # centre of the end square
    marker: float                       # radius of the circle, half the side of the square
    width: float                        # stroke of the path
    marker_width: float                 # stroke of the markers


@dataclass(frozen=True)
class EdgeLabel:
    """A chessboard coordinate ("e", "5") in an edge square's corner: the top-left
    corner of its line box (height: :attr:`Coordinates.size`), points from the
    grid's top-left corner; the text's capitals are centred in that box."""

    text: str
    x: float
    y: float


@dataclass(frozen=True)
class Coordinates:
    """The files and ranks of a chessboard as drawn: ranks (1 at the bottom)
    in the top-left corner of the left column's squares, files (a at the
    left) in the bottom-right corner of the bottom row's, small and grey so
    they never compete with what the reader writes in the middle."""

    labels: tuple[EdgeLabel, ...]
    size: float                  # points

    def files(self, rows: int) -> tuple[str, ...]:
        """The files' letters, a first (the labels are a board's ``rows`` ranks, then its files)."""
        return tuple(label.text for label in self.labels[rows:])


@dataclass(frozen=True)
class CageLabel:
    """A cage's total in the top-left corner of its first cell: ``x`` is the left edge,
    ``y`` the baseline, in points from the grid's top-left corner."""

    x: float
    y: float
    text: str


@dataclass(frozen=True)
class CageDrawing:
    """The cages of a grid as drawn, in points from its top-left corner: dashed outlines
    inset from the cell borders (axis-aligned segments, cut where a total stands) and the
    totals, in ``grey`` (light on answers). Every format draws exactly this."""

    segments: tuple[tuple[float, float, float, float], ...]   # x1, y1, x2, y2
    labels: tuple[CageLabel, ...]
    width: float                  # stroke of the outlines
    dash: tuple[float, float]     # dash on, off
    font_size: float              # size of the totals
    grey: float


@dataclass(frozen=True)
class SignDrawing:
    """The signs between a grid's cells as drawn, in points from its top-left corner: first
    the white patches ``clear`` (x, y, width, height) that cut the cell lines where a sign
    stands (the sign then reads as standing in a gap between the cells), then ``strokes``,
    open polylines of (x, y) points in black at ``width`` (a chevron's two arms; a bar is one
    thick segment), square caps and mitred joins. Every format draws exactly this."""

    clear: tuple[tuple[float, float, float, float], ...]
    strokes: tuple[tuple[tuple[float, float], ...], ...]
    width: float
    bar_width: float
    bars: tuple[tuple[float, float, float, float], ...] = ()   # x1, y1, x2, y2 of each bar, at ``bar_width``


@dataclass(frozen=True)
class Grid:
    rows: int
    cols: int
    cells: tuple[GridCell, ...]                 # row-major
    borders: tuple[CellBorders, ...]            # row-major, one per cell
    cell_size: float                            # side of a square cell, points
    font_size: float                            # size of cell text, points
    label: str                                  # accessible description, e.g. "Puzzle 12, 9x9 Sudoku"
    tour: Tour | None = None                    # a knight's tour drawn over the answer grid
    shaded: tuple[int, ...] | None = None       # a shading level per cell (SHADE_*: bands, marks, chess squares)
    coordinates: Coordinates | None = None      # a-h / 1-8 on a chessboard's edge squares
    cages: CageDrawing | None = None            # dashed cages with their totals (Killer, KenKen)
    signs: SignDrawing | None = None            # signs and bars between cells (Futoshiki), drawn over the lines
    marks: tuple[CellMarks | None, ...] | None = None   # a worked example's pencil marks, row-major
    #: the queens' side as a share of the cell: :data:`QUEEN_SCALE`, smaller on a chessboard whose
    #: coordinates the full-size crown would cover (layout decides, every format draws it)
    queen_scale: float = QUEEN_SCALE

    @property
    def width(self) -> float:
        return self.cols * self.cell_size

    @property
    def height(self) -> float:
        return self.rows * self.cell_size

    def line_runs(self) -> list[tuple[float, float, float, float, float]]:
        """Grid lines as (width, x1, y1, x2, y2) in cell units from the top-left corner,
        neighbouring segments of equal width merged into one run: what every vector format
        strokes (thin ones first, the thick on top); sides of width 0 are left out."""
        rows, cols, borders = self.rows, self.cols, self.borders
        runs: list[tuple[float, float, float, float, float]] = []

        def merge(widths: list[float], fixed: float, horizontal: bool) -> None:
            start = 0
            for i in range(1, len(widths) + 1):
                if i == len(widths) or widths[i] != widths[start]:
                    a, b = float(start), float(i)
                    runs.append((widths[start], a, fixed, b, fixed) if horizontal
                                else (widths[start], fixed, a, fixed, b))
                    start = i

        for r in range(rows + 1):
            merge([borders[r * cols + c].top if r < rows else borders[(r - 1) * cols + c].bottom
                   for c in range(cols)], float(r), True)
        for col in range(cols + 1):
            merge([borders[r * cols + col].left if col < cols else borders[r * cols + col - 1].right
                   for r in range(rows)], float(col), False)
        return [run for run in runs if run[0] > 0]   # a side of width 0 (a clue ring's) is not drawn


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


def centred_baseline(top: float, style: TextStyle, cap_height: float) -> float:
    """Baseline (model y, growing down) of a line box of ``style.leading`` starting at ``top``:
    capitals optically centred in the box, as digits in cells are. ``cap_height`` is the
    font's, per point of size."""
    return top + style.leading / 2 + cap_height * style.size / 2


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
    link: int | None = None   # a page of the same booklet this text leads to (a contents line)


@dataclass(frozen=True)
class PairRule:
    """One rule that relates pairs of cells, as the playable page judges it: the pairs, and
    for every two symbols whether the rule forbids them there (``clash[i * N + j]`` is "1" when
    symbol ``i`` of the order in the pair's first cell and symbol ``j`` in its second clash):
    the rule's own ``clash`` evaluated for all N x N symbols, so the page judges any such rule
    (equal digits, consecutive digits, a ratio, a sum) exactly as the solver does."""

    cells: tuple[tuple[int, int], ...]
    clash: str


@dataclass(frozen=True)
class PlayRules:
    """A variant's rules as the playable page checks them, as data (no rule is named):
    extra groups holding no symbol twice, rules on pairs of cells (:class:`PairRule`), and per
    cell the symbols it may hold ("" for any), symbols indexed by ``order``. Cells are 0-based
    row-major indices."""

    groups: tuple[tuple[int, ...], ...]
    pairs: tuple[PairRule, ...]
    order: str
    allowed: tuple[str, ...]


@dataclass(frozen=True)
class Play:
    """What a screen format needs to let the reader play one puzzle of the puzzle
    booklet (printed formats ignore it). ``solution`` and ``hints`` are empty when
    the book does not carry them (``html.solutions: none``)."""

    kind: str                                   # its kind's name in the registry (publisher.kinds)
    symbols: tuple[str, ...] = ()               # what a Sudoku cell may hold, in keypad order
    regions: tuple[int, ...] | None = None      # region label of every cell, row-major (Sudoku)
    solution: tuple[str, ...] = ()              # text of every cell when solved, row-major
    hints: tuple[HintStep, ...] = ()
    closed: bool = False                        # a knight's tour must return to its start
    rules: PlayRules | None = None              # a variant's rules, for conflicts and Check
    #: cages the page checks once full: (cells, total, operation: "" for a sum of different
    #: digits (Killer), "+", "-", "x", "/" or "?" (any, hidden) for KenKen)
    cages: tuple[tuple[tuple[int, ...], int, str], ...] = ()


@dataclass(frozen=True)
class CrossRef:
    """Where the other half of a puzzle is: "answer p. 34" under a puzzle,
    "puzzle p. 5" above its answer. ``page`` is a page of the booklet
    ``role`` (file ``stem``), so an answer booklet names the puzzle booklet's
    page; formats that can link (PDF within a file, HTML) make it a link when
    the booklet carries links."""

    text: str                 # in the book's words, fitted to the grid's width
    page: int
    role: str                 # "puzzles" | "answers": the booklet holding ``page``
    stem: str                 # that booklet's file stem, for links between files
    style: TextStyle
    below: bool               # under the grid (a puzzle's), else the caption box's last line (an answer's)
    #: under the grid, how far below its edge the line starts: enough that its font box (the face's
    #: ascent over its centred capitals) clears the grid (large print's 18 pt on a 22.5 pt line)
    drop: float = 0.0


@dataclass(frozen=True)
class OutlineEntry:
    """A bookmark of the booklet's outline (PDF bookmarks): title page,
    contents, each section, the answer key and its sections."""

    title: str
    page: int
    level: int = 0            # 0: top level; 1: a section inside the answer key


@dataclass(frozen=True)
class QrCode:
    """A puzzle's scan-to-play code: its modules (rows of ``"1"`` dark, ``"0"`` light, the quiet
    zone not included) drawn ``module`` points each, its top-left corner at ``x``, ``y`` from
    the placed grid's top-left (under the grid, at its right edge); a quiet zone of
    :data:`QR_QUIET` modules around it is left white by layout."""

    link: str
    rows: tuple[str, ...]
    module: float
    x: float
    y: float

    @property
    def side(self) -> float:
        return len(self.rows) * self.module

    def runs(self) -> list[tuple[int, int, int]]:
        """(row, first module, length) of every run of dark modules: what a drawing fills."""
        found: list[tuple[int, int, int]] = []
        for r, row in enumerate(self.rows):
            start = -1
            for index, module in enumerate(row + "0"):
                if module == "1" and start < 0:
                    start = index
                elif module != "1" and start >= 0:
                    found.append((r, start, index - start))
                    start = -1
        return found


#: light modules around a QR code, as the standard asks (ISO/IEC 18004: four)
QR_QUIET = 4


@dataclass(frozen=True)
class PlacedGrid:
    """A grid with its caption at a fixed place on the page: a puzzle's or an answer's, numbered,
    or a section's demonstration (:attr:`SectionSpec.demonstration`), which has no number: it
    names no other page (``ref`` None), is in no answer key and is not played (``play`` None)."""

    number: int | None        # puzzle number, the same in puzzle and answer booklets; None: a demonstration
    caption: str              # e.g. "12 · Khó" or "46 · Hành trình khép kín 12×12 · Khó": the same in both booklets
    caption_style: TextStyle
    grid: Grid
    x: float                  # left edge of the grid (and of its caption box)
    y: float                  # top of the caption box; the grid starts at y + caption_height
    caption_height: float     # caption line, an answer's cross-reference, the note lines when the band has notes
    note: str = ""            # a note under the caption ("One possible answer", the key step); "" for none
    note_style: TextStyle | None = None   # set whenever the band's caption box holds a note line
    play: Play | None = None  # set on puzzle grids: what the reader may play on screen
    #: the caption's parts before fitting (number, own title, level: :func:`publisher.captions.caption_parts`);
    #: ``caption`` is them joined and fitted to the grid's width (smaller type, then "…")
    caption_parts: tuple[str, ...] = ()
    #: ``note`` as layout wrapped it to the grid's width (PDF and HTML draw these; flow formats wrap ``note``)
    note_lines: tuple[str, ...] = ()
    #: ``caption`` as layout set it: one line, or two where its title wraps (every format breaks it there)
    caption_lines: tuple[str, ...] = ()
    #: the caption's box, centred over the grid, where it is wider than the grid: a grid alone in its
    #: row carries its caption across the text block rather than wrap, shrink or cut it; 0 for the
    #: grid's own width (:attr:`caption_room`)
    caption_width: float = 0.0
    ref: CrossRef | None = None   # the page of this puzzle's answer (or this answer's puzzle)
    below: float = 0.0        # height of the line under the grid (a puzzle's cross-reference), 0 for none
    qr: QrCode | None = None  # a puzzle's scan-to-play code, under its grid (its height is in ``below``)

    @property
    def ref_top(self) -> float:
        """Top of the cross-reference line, relative to ``y``: under the grid on a puzzle,
        right under the caption on an answer (the number and the page it names read as one
        caption, whatever note follows)."""
        if self.ref is None:
            return 0.0
        if self.ref.below:
            return self.caption_height + self.grid.height + self.ref.drop
        return self.caption_style.leading * self.caption_count

    @property
    def note_top(self) -> float:
        """Top of the first note line, relative to ``y``: under the caption and an answer's
        cross-reference, so the note ("one possible answer") sits next to the grid it tells of."""
        if self.ref is not None and not self.ref.below:
            return self.caption_style.leading * self.caption_count + self.ref.style.leading
        return self.caption_style.leading * self.caption_count

    @property
    def caption_count(self) -> int:
        """Lines the caption takes."""
        return max(1, len(self.caption_lines))

    @property
    def captions(self) -> tuple[str, ...]:
        """The caption's lines (one unless it wraps)."""
        return self.caption_lines or (self.caption,)

    @property
    def caption_room(self) -> float:
        """The width of the caption's box, centred over the grid: the grid's, or wider
        (:attr:`caption_width`)."""
        return max(self.caption_width, self.grid.width)


@dataclass(frozen=True)
class Band:
    """A row of grids of the same shape side by side. Flow formats draw a band
    as one table (grid columns with spacer columns of width ``gap`` between)."""

    items: tuple[PlacedGrid, ...]
    x: float
    y: float
    width: float
    height: float             # caption height + grid height + the line under the grids (``below``)
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
    ink: Ink = field(default_factory=Ink)
    outline: tuple[OutlineEntry, ...] = ()   # bookmarks, in page order
    links: bool = True                      # draw contents lines and cross-references as links
    #: the playable page's words in the book's language (panel, messages, ARIA labels), by key
    screen_words: tuple[tuple[str, str], ...] = ()
    print_rules: PrintRules | None = None       # set under a print profile: boxes, no links, see :attr:`print_ready`
    blank_pages_added: int = 0                  # blank pages at the end to reach the service's page count

    @property
    def print_ready(self) -> bool:
        """A print-profile interior: the PDF carries page boxes and no annotations or links."""
        return self.print_rules is not None

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def printed_text(self) -> str:
        """Every character the booklet prints (text blocks, captions, notes,
        cells; queens are shapes): what an embedded font subset must cover."""
        parts: list[str] = []
        for page in self.pages:
            for block in (page.header, page.footer, *page.blocks):
                if isinstance(block, TextBlock):
                    parts.append(block.text)
                    parts.extend(block.lines)
                elif isinstance(block, Band):
                    for item in block.items:
                        parts += [item.caption, item.note, item.ref.text if item.ref else ""]
                        parts.extend(cell.text for cell in item.grid.cells if not cell.is_queen)
                        if item.grid.coordinates:
                            parts.extend(label.text for label in item.grid.coordinates.labels)
                        for mark in item.grid.marks or ():
                            if mark is not None:   # candidates, and the figure space of an empty place
                                parts += [mark.placed, "\u2007", *(text for _, text in mark.candidates)]
        return "".join(parts)
