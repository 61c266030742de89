"""config.yaml: the typed schema, its defaults (in this file only; the few worked out from
the book itself, such as grids per page by trim and board size, in :mod:`publisher.spec`) and a loader
that reports every error with its key path and YAML line.

The schema is pydantic (a strict validator we do not have to write): unknown
keys are errors with a did-you-mean, values are parsed into real types (page
sizes and margins into points, "2x3" into (2, 3)), and every default a user
can rely on is written down here once. ``load()`` collects *all* problems
instead of stopping at the first, so an editor fixes a config in one pass.
"""
from __future__ import annotations

import difflib
import functools
import operator
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, get_args

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from publisher import kinds, safeio
from publisher.kinds import DEFAULT_KIND
from publisher.labels import DEFAULT_LABELS, SCREEN_LABELS
from publisher.printing import barcode
from publisher.render import COVER_FORMAT
from publisher.render import formats as render_formats
from publisher.schema import (
    Gutter,
    KeyPath,
    Length,
    PageSize,
    PerPage,
    SectionBase,
    Strict,
    control_character,
)
from publisher.yamlfile import YamlSyntaxError, load_with_nodes
from solver.sudoku.verdict import DEFAULT_NODE_LIMIT

#: The built-in words a book's ``labels`` may override (docs, "books[]"): every word of
#: the built-in English labels (which include each kind's name)
LABEL_KEYS = tuple(DEFAULT_LABELS["en"]) + tuple(SCREEN_LABELS["en"])   # printed words, then the play page's
PLACEMENTS = ("separate", "back", "both")


#: The most values (scalars, lists, mappings) a config holds (docs, "Limits"): a book of a
#: hundred sections takes a few thousand; a million-item list is refused within a second or two
MAX_CONFIG_VALUES = 50_000
#: Problems shown before the rest are counted: a screenful
MAX_SHOWN_PROBLEMS = 20
#: The most pages ``book.pages`` asks for (docs, "Limits"): more than any service binds (KDP: 828)
MAX_BOOK_PAGES = 2_000


class ConfigError(Exception):
    """Problems with a config file, each already formatted as 'file:line: key: message'
    (a screenful of them: past :data:`MAX_SHOWN_PROBLEMS`, the last line counts the rest)."""

    def __init__(self, problems: list[str]) -> None:
        problems = list(dict.fromkeys(problems))
        if len(problems) > MAX_SHOWN_PROBLEMS:
            rest = len(problems) - MAX_SHOWN_PROBLEMS
            problems = [*problems[:MAX_SHOWN_PROBLEMS],
                        f"... and {rest:,} more problem{'s' if rest > 1 else ''} ({len(problems):,} in all)"]
        super().__init__("\n".join(problems))
        self.problems = problems


# ------------------------------------------------------------------- schema

class Margins(Strict):
    """Page margins. ``inside`` is the gutter (binding side); ``auto`` grows it with
    the page count as print-on-demand services require (0.375 in up to 150 pages ...)."""

    top: Length = Field(default="15mm", validate_default=True)
    """the top margin, above the running head"""
    bottom: Length = Field(default="15mm", validate_default=True)
    """the bottom margin, below the page number"""
    inside: Gutter = Field(default="15mm", validate_default=True)
    """the gutter; `auto` grows it with the page count as print-on-demand services require (0.375 in up to 150 pages,
    0.5 in to 300, 0.625 in to 500, 0.75 in to 700, 0.875 in beyond)"""
    outside: Length = Field(default="15mm", validate_default=True)
    """the margin away from the binding (the right-hand one on a right-hand page, or always with `mirrored: false`)"""


class Page(Strict):
    size: PageSize = Field(default="A4", validate_default=True)
    """`A4`, `A5`, `Letter`, `6x9in`, `5x8in`, `7x10in`, `8x10in`, `8.5x11in`, or `WIDTHxHEIGHT` with a unit
    (`148x210mm`)"""
    margins: Margins = Margins()
    """the four margins (below)"""
    mirrored: bool = False
    """mirror inside/outside margins on left- and right-hand pages (bound books); the first puzzle page is then a
    right-hand page (a blank verso before it where needed)"""


def _edition(value: object) -> object:
    """``edition: 2`` and ``edition: "2"`` are the same edition."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


#: the sites a puzzle's QR code may open it on (``layout.qr``), as ``Kind.play_links`` names them
QR_SITES = ("sudokupad", "fpuzzles", "tatham")


class QrUrl(Strict):
    """``layout.qr: {url: "https://example.org/book#p{n}"}``: every puzzle's code opens the
    publisher's own page, ``{n}`` its number."""

    url: str
    """your page for each puzzle, `{n}` its number (`https://example.org/book#p{n}`)"""

    @field_validator("url")
    @classmethod
    def _http(cls, value: str) -> str:
        if not value.startswith(("https://", "http://")) or len(value) > 300 or any(ch.isspace() for ch in value):
            raise ValueError(f"expected a web address like 'https://example.org/book#p{{n}}' ({{n}}: the puzzle's "
                             f"number), at most 300 characters, got {value!r}")
        return value


class Layout(Strict):
    puzzles_per_page: PerPage | None = None
    """grids across x down on puzzle pages (for every grid size of the section when set: the grids then grow to their
    slots); a layout that cannot fit is a config error naming the key. Left unset, each section's arrangement is
    chosen from the print conventions' range for its trim and board size (9x9 on A4/Letter 4 to 6 a page, 12x12 2 to
    4, 16x16 1 to 2; on trims narrower than 7 in one or two; `spec.PER_PAGE_RANGES`) as the one whose pages the
    grids cover most, within 10 % of the fullest the one taking fewest pages, after three editor's measures, each
    where any arrangement allows: no page of the section but a booklet's last is under 30 % full (nine 6x6 KenKens
    on a 5x8 in page print three and three and three, not two a page and the last alone), the fullest page's grids
    cover at least 45 % of the text block and no empty band between rows (or above and below a page's one row: two
    16x16s an A4 page, not one) is taller than 12 % of it; one grid size per board size in a section, every mark
    above its floor (text 7 pt, Killer totals and KenKen targets 6.5 pt, candidates 5 pt, captions 9 pt and
    cross-references 7.5 pt, both growing with larger grids: one size through a booklet, the one its narrowest slots
    give, in whole half points so DOCX and RTF print it alike); a section that cannot keep them on its trim is one
    line naming it. Chessboards (tours, queens) of a section print at one size, as many a page (one or two) as keep
    their squares at least 8 mm for a tour's numbers. Grids are sized for a page under the book's tallest section
    opening (heading and up to three lines of instructions), so every opening holds as many rows as a later page; on
    every page the free height is shared evenly above, between and below the rows (the last page of a section too,
    its grids at the section's size), facing pages of one shape put their rows at the same heights, grid columns are
    at least 0.3 in apart"""
    answers_per_page: PerPage | None = None
    """grids across x down on answer pages; left unset, the answer key takes the fewest pages its floors allow within
    the conventions' range (6 to 12 9x9 answers on A4/Letter, 2 to 4 chessboards), cells at most 1/3 in (more only
    where a floor needs it, such as a 16x16 key step's candidates) and never above their puzzle's; answers of one
    size are fitted together through the key, which flows on, section after section, as many rows to a page as fit;
    a section whose last rows would turn the page is set up to a fifth smaller (in steps of 5 %, every caption
    whole, wrapped where it needs another line, every mark above its floor) to stay on the page it starts on, so no
    row is orphaned on a page of its own; and no page of the key but its last is left under 30 % full (its grids'
    share of the text block) where another setting avoids it: the sections on and beside such a page are tried, one
    at a time, with their rows packed by their grids' own widths (a 6x6 and an 8x8 tour side by side), up to a fifth
    smaller, or larger where cells may grow (large print's, set at their floor; never above the 1/3 in cap or the
    puzzle's cell), and the setting leaving fewest short pages, then fewest pages, is kept (a key with no short page
    is laid out as it always was)"""
    large_print: bool = False
    """one puzzle per page, grid about 14 cm (wider where the givens would drop under 24 pt; a board of 10x10 or more,
    or a chessboard, fills the text area), every grid digit 18 pt or more (answers too: their cells are the smallest
    that keep 18 pt digits, as many across and down as fit at that size, whatever `answers_per_page` says; larger
    where that keeps a page of the key from being under 30 % full), and every word and mark a reader reads 18 pt or
    more: body, captions (a long one shortens its title rather than shrink), cross-references, notes, running heads,
    page numbers, chess coordinates (left out where a square cannot hold them at 18 pt), cage totals (a cage grid's
    cells grow until 18 pt totals stay clear of the digits as far as the page allows, and the givens of a cage grid
    are set no larger than keeps them off the totals; the answers, smaller, leave the totals out); a worked example
    keeps its circled value and shading and leaves out the small candidates"""
    section_start: Literal["any", "right"] = "any"
    """`right`: every section (and every section of the answer key) opens on a right-hand page, with a blank left-hand
    page (no running head or page number) before it where needed; `any`: puzzle sections start on a new page, answer
    sections follow each other on the same page"""
    balance: bool = True
    """a section's last pages share its grids evenly (8 puzzles at 6 a page: 4 + 4, not 6 + 2)"""
    coordinates: bool = True
    """chessboards (knight's tours, queens) carry their files and ranks (a, b, c ... along the bottom row, 1, 2, 3 ...
    up the left column, any board size; numbers for files past 26 columns), small and grey in the edge squares'
    corners, at 7 pt or more (squares too small to carry them clear of their contents get none); `false` leaves them
    out"""
    puzzle_ids: bool = False
    """print each puzzle's ten-character ID (see "A series never repeats a puzzle") in its caption, so a reader's or an
    editor's "which puzzle?" has one answer; `puzzlepress catalog find ID` tells where it was printed"""
    qr: Literal["none", "sudokupad", "fpuzzles", "tatham"] | QrUrl = "none"
    """`sudokupad`, `fpuzzles` or `tatham`: a QR code under each puzzle (at its grid's right edge, in every print
    format and the HTML) that opens it on that site, or on the next of these that plays its kind (a KenKen on
    Tatham's Keen page; a tour or queens board gets none); `{url: "https://example.org/book#p{n}"}`: your own page
    for each puzzle, `{n}` its number. Modules are 0.42 mm (a phone reads them from print), with the standard's
    four-module quiet zone; the fit counts the codes' room, so fewer grids may fit a page (a 9x9 SudokuPad link is
    about 29 mm square, a short own link about 12 mm)"""


class Fonts(Strict):
    regular: str
    """a TrueType file of your own (relative to the config file) for all text; the build stops naming any character
    the font cannot draw. PDF and HTML embed it, DOCX embeds it as a Word font part (Word and LibreOffice show it
    without installing), RTF names it first (Arial as the alternative)"""
    bold: str | None = None
    """the bold TrueType file (headings, given digits); without it, the regular file"""


def _section_kind(value: object) -> str | None:
    """The union tag of a section: its model's name, looked up by its ``kind`` key."""
    kind = value.get("kind", DEFAULT_KIND) if isinstance(value, dict) else getattr(value, "kind", None)
    return _SECTION_TAGS.get(kind) if isinstance(kind, str) else None


#: kind name -> its section model, from the kind registry (the one list of kinds)
_SECTION_MODELS: dict[str, type[SectionBase]] = {name: kinds.get(name).section for name in kinds.names()}
_SECTION_TAGS = {kind: model.__name__ for kind, model in _SECTION_MODELS.items()}


def _kind_list() -> str:
    names = list(_SECTION_MODELS)
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]


if TYPE_CHECKING:   # to a type checker a section is its common base; to pydantic, one of the kinds' models
    Section = SectionBase
else:
    Section = Annotated[
        functools.reduce(operator.or_, (Annotated[model, Tag(model.__name__)] for model in _SECTION_MODELS.values())),
        Discriminator(_section_kind, custom_error_type="invalid_kind",
                      custom_error_message=f"expected kind {_kind_list()}"),
    ]


def _answers(value: object) -> object:
    """``answers: back`` is short for ``answers: {placement: back}``."""
    if isinstance(value, str):
        if value not in PLACEMENTS:
            close = difflib.get_close_matches(value, PLACEMENTS, n=1, cutoff=0.6)
            raise ValueError(f"expected separate, back or both (or a mapping with 'placement' and 'hints'), "
                             f"got {value!r}" + (f" (did you mean '{close[0]}'?)" if close else ""))
        return {"placement": value}
    return value


class Answers(Strict):
    """Where the answer key goes and what it prints beside the solutions."""

    placement: Literal["separate", "back", "both"] = "separate"
    """where the answer key goes: a `separate` answer booklet, the `back` of the puzzle booklet, or `both`"""
    hints: bool | Literal["drawn"] = False
    """under the caption of every Sudoku solution, one line naming the key step of a human solution, the hardest step
    of the explanation: the technique and the value it places ("Key step: Naked Single: r7c7 = 4"), or the
    technique, its digit and the fewest boxes, rows or columns holding its pattern ("Key step: X-Wing on 4 in rows 2
    and 8"). The words "Key step" come from `labels.key_step`; the rest of the line is English (technique names,
    rows, columns). A puzzle solved by singles alone gets no line (naming "Hidden Single" teaches nothing). The line
    wraps under the answer's caption onto every line it needs (never cut off: the section's caption boxes are as
    tall as its longest note at the grid's width) `drawn`: also, after every Sudoku solution, its key step drawn on
    a grid of the position it was found in (captioned "12 · Key step", the step's sentence on the line under the
    caption): the candidates of the cells it involves as small digits on a keypad, the eliminated ones struck
    through, its pattern's cells shaded, the value it places circled (boxed in DOCX and RTF, which cannot circle
    text) -- the same in PDF, DOCX, RTF and HTML"""


class Html(Strict):
    """Options of the HTML booklets."""

    solutions: Literal["embedded", "none"] = "embedded"
    """`embedded`: the HTML puzzle booklet carries, obfuscated, what its Check and Hint buttons need (solutions and
    solving steps); `none`: it still plays, without Check and Hint, and holds no solution (see [Playing the HTML
    booklet](../guides/html.md))"""


class PrintProfile(Strict):
    """The print-on-demand service a book is made for (docs "Publishing on KDP, IngramSpark or
    Lulu"); ``none`` leaves every output as it is without this block."""

    service: Literal["none", "kdp", "ingramspark", "lulu"] = "none"
    """`kdp`, `ingramspark` or `lulu`: the interior follows that print-on-demand service's rules (margins, gutter from
    the final page count, safe area, page boxes, page count) and a full-wrap cover is built beside the PDF; `none`
    changes nothing (see [print on demand](../guides/print.md))"""
    paper: Literal["white", "cream", "color-standard", "color-premium"] = "white"
    """`white`, `cream`, `color-standard` or `color-premium`: sets the spine width and the page-count limits"""
    bleed: bool = False
    """`true`: the interior PDF page is the trim plus the service's bleed (TrimBox and BleedBox set), and the margins
    are the service's larger ones with bleed"""


def _color(value: object) -> str:
    if isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", value.strip()):
        return value.strip().lower()
    raise ValueError(f"expected a colour like '#1d3557', got {value!r}")


Color = Annotated[str, BeforeValidator(_color)]


class CoverColors(Strict):
    background: Color = "#1d3557"
    """the colour (`#rrggbb`) of the whole wrap, bleed included (not the barcode area)"""
    text: Color = "#ffffff"
    """the colour (`#rrggbb`) of the title, subtitle, author, back text and spine text"""


def _isbn(value: str | None) -> str | None:
    """An ISBN as written, once its digits and check digit are right."""
    if value is not None:
        barcode.isbn13(value)
    return value


def _price_code(value: str | None) -> str | None:
    return None if value is None else barcode.price_code(value)


class Cover(Strict):
    """The full-wrap cover (``<stem>-cover.pdf``), built from the interior's final page count."""

    front_image: str | None = None
    """a PNG or JPEG for the front panel (it fills the panel and its bleed); below 300 dpi at that size is a warning
    naming the file. Without it the front is typeset: title, subtitle and author over the cover's puzzle
    (`cover.puzzle`)"""
    back_text: str | None = None
    """the text on the back cover (a new line starts a paragraph), in a text block 0.5 in inside the trim and the
    spine, above the barcode area, wrapped, 12 pt down to 10 pt; a text that does not fit at 10 pt is an error on
    this key. Without it: the title, then "Inside: N puzzles" and a line per kind with its counts by level ("66
    Sudoku: 40 Easy, 26 Medium"), in the book's language (label `cover_inside`)"""
    spine_text: str | None = None
    """printed on the spine wherever the service allows it (KDP: more than 79 pages), its ink centred and sized to the
    spine less 0.0625 in from each fold (a 102-page KDP book, a 0.230 in spine, gets about 7 pt), its ends 0.5 in
    from the trims"""
    colors: CoverColors = CoverColors()
    """the cover's two colours (below)"""
    barcode: Literal["auto", "none"] = "auto"
    """`auto`: the service's barcode area on the back is left blank paper; `none`: the background runs through it (your
    own barcode is in the image)"""
    puzzle: str = "auto"
    """the front's grid, never one of the book's: `auto` a 9x9 Sudoku made for the cover, seeded from the book's title,
    edition and file stem (the same book, the same puzzle and bytes; drawn again if it is one of the book's, turned
    or relabelled); `none` no grid; or a Sudoku of your own, its givens on one line (verified: one with more or no
    solutions, or one of the book's, is an error on this key)"""
    isbn: Annotated[str | None, AfterValidator(_isbn)] = None
    """the book's ISBN, `978-0-306-40615-7` (an ISBN-10 is made an ISBN-13): its EAN-13 barcode drawn in the service's
    barcode area, the human-readable digits under it and `ISBN ...` over it as you hyphenate it, at 100 % (37.29 x
    25.93 mm) or the largest size down to 80 % that the area holds; the imprint page prints `ISBN ...` too. A wrong
    one is an error naming the check digit it should have (`the check digit is 7, not 6`). Preflight then checks
    that nothing but the barcode is in the area"""
    price_code: Annotated[str | None, AfterValidator(_price_code)] = None
    """the five-digit add-on beside the barcode (`52495`: US$ 24.95; `90000`: no price), with `cover.isbn` only"""

    @model_validator(mode="after")
    def _price_with_isbn(self) -> Cover:
        if self.price_code is not None and self.isbn is None:
            raise ValueError("price_code is the add-on of an ISBN's barcode: give isbn too")
        return self


class Book(Strict):
    title: str
    """book title (title page, running head, document metadata, file names)"""
    sections: list[Section] = Field(min_length=1)
    """the book's sections (`books[].sections[]` below); each starts on a new page"""
    subtitle: str | None = None
    """under the title on the title page and the cover; document metadata"""
    author: str | None = None
    """on the title page, the cover and its spine; document metadata"""
    language: str = "en"
    """language tag (`en`, `vi`, `fr-CA` ...): document language and the built-in words ("Puzzle", "Answers"; `en` and
    `vi` built in, others fall back to English)"""
    instructions: str | None = None
    """text on the title page"""
    file_stem: str | None = None
    """output file stem; files are `<stem>-puzzles.<ext>` and `<stem>-answers.<ext>` (always made safe: only `a-z 0-9
    -`)"""
    page: Page = Page()
    """the trim size and margins (below)"""
    layout: Layout = Layout()
    """how grids are laid out (below)"""
    answers: Annotated[Answers, BeforeValidator(_answers)] = Answers()
    """the answer key: `separate`, `back` or `both` (short for `{placement: ...}`), or the mapping below"""
    fonts: Fonts | None = None
    """your own fonts (below); without them, Roboto, installed with the package"""
    labels: dict[str, str] = {}
    """the built-in words you want otherwise, by key (the labels reference lists every key with its English and
    Vietnamese words); `{page}`, `{n}`, `{count}` ... mark where a figure goes"""
    contents: bool = False
    """a table of contents after the title page (and imprint): every section with its page number, then the answers; in
    PDF and HTML each line is a link to its page"""
    imprint: str | None = None
    """text on the title page's verso (copyright, edition, ISBN), at the foot of the page"""
    edition: Annotated[str | None, BeforeValidator(_edition)] = None
    """the volume or edition in a series (`1`, `"spring 2027"`): the catalog records the book as title + edition;
    rebuilding the same title and edition replaces its record instead of repeating it"""
    html: Html = Html()
    """options of the HTML booklets (below)"""
    print: PrintProfile = PrintProfile()
    """the print-on-demand service, its paper and bleed (below)"""
    cover: Cover = Cover()
    """the full-wrap cover (below), built when `print.service` is set"""
    pages: int | None = Field(default=None, ge=1, le=MAX_BOOK_PAGES)
    """the page count the puzzle booklet (with the key, for `answers: back`) lands on: each section whose grids a page
    you left unset may take any other count of its convention's range (for its puzzles and, in this booklet, its
    answers; every mark above its floor), as few sections changed as reach the count or up to 10 pages under it, and
    the rest is Notes pages and blank ones at the end (a print service's rules for them; without one, Notes and at
    most one blank page). A count the book cannot make is one line naming this key with the range it takes and the
    nearest counts (`books[0].pages: 36 pages: the book takes 38 to 62 (...); the nearest it can make: 38`), as is
    an odd count for KDP or one under its 24 pages. `puzzlepress plan` shows the pages before the build"""

    @field_validator("title")
    @classmethod
    def _title(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the title is empty")
        return value

    @field_validator("labels")
    @classmethod
    def _labels(cls, value: dict[str, str]) -> dict[str, str]:
        for key, word in value.items():
            if key not in LABEL_KEYS:
                close = difflib.get_close_matches(key, LABEL_KEYS, n=1, cutoff=0.6)
                hint = f"did you mean '{close[0]}'?" if close else f"allowed: {', '.join(LABEL_KEYS)}"
                raise ValueError(f"unknown label '{key}' ({hint})")
            if bad := control_character(word):
                raise ValueError(f"label '{key}': control character {bad} in text")
        return value

    @field_validator("language")
    @classmethod
    def _language(cls, value: str) -> str:
        if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", value):
            raise ValueError(f"expected a language tag like 'en' or 'vi', got {value!r}")
        return value


def format_names() -> tuple[str, ...]:
    """Every name ``output.formats`` and ``--format`` accept: the renderers', then the cover."""
    return render_formats() + (COVER_FORMAT,)


def _format_name(value: str) -> str:
    """A format the renderer registry knows, or ``cover`` (the one list config and CLI accept)."""
    known = format_names()
    if value not in known:
        close = difflib.get_close_matches(value, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        names = ", ".join(repr(name) for name in known[:-1]) + f" or {known[-1]!r}"
        raise ValueError(f"Input should be {names}, got {value!r}{hint}")
    return value


FormatName = Annotated[str, AfterValidator(_format_name)]


class Output(Strict):
    folder: str = "out"
    """where books are written; `--out` overrides"""
    formats: list[FormatName] = Field(default_factory=lambda: list(render_formats()))
    """formats to write; `--format` overrides; `cover` (not in the default) asks for the full-wrap cover of every book
    with `print.service` (it is built with `pdf` anyway)"""

    @field_validator("formats")
    @classmethod
    def _formats(cls, value: list[str]) -> list[str]:
        if not value:
            raise ValueError(f"name at least one format: {', '.join(render_formats())}")
        return sorted(set(value), key=format_names().index)


class Config(Strict):
    books: list[Book] = Field(min_length=1)
    """the books to build, each a puzzle booklet and its answers (`books[]` below)"""
    output: Output = Output()
    """where the books go and in which formats (below)"""
    on_rejected: Literal["fail", "skip"] = "fail"
    """`fail`: a rejected puzzle stops the build and no book is written (exit 1); `skip`: rejected puzzles are left out
    and reported"""
    catalog: str | None = None
    """the series' record of every printed puzzle (see "A series never repeats a puzzle"): a SQLite file (relative to
    the config file) or a `postgresql://user@host/db` URL; `--catalog` overrides"""
    on_repeat: Literal["fail", "skip", "warn"] = "fail"
    """a puzzle the catalog holds (turned, mirrored, relabelled or as it was), or its answer (the solution grid or one
    alike it, from another book), or an earlier puzzle of the same build: `fail`: status `repeated`, no book is
    written (exit 1); `skip`: left out and reported; `warn`: kept, reported as a warning"""
    node_limit: int = Field(default=DEFAULT_NODE_LIMIT, ge=100)
    """search bound per puzzle; a puzzle that hits it is `undetermined` (never a silent hang). A node of a big Sudoku
    costs more, so an N x N Sudoku gets `node_limit x 81 / N²` nodes: every bound is reached in about the same time"""
    templates: str | None = None
    """a folder with `html/` and/or `rtf/` templates searched before the built-in `templates/`"""


# ------------------------------------------------------------------- loading

@dataclass(frozen=True)
class LoadedConfig:
    """A validated config and where it came from (paths in it are relative to ``base``)."""

    config: Config
    path: Path
    lines: dict[KeyPath, int]             # key path -> 1-based YAML line

    @property
    def base(self) -> Path:
        return self.path.parent

    def line_of(self, loc: KeyPath) -> int:
        """The line of the deepest key in ``loc`` that the YAML file has."""
        for end in range(len(loc), -1, -1):
            if tuple(loc[:end]) in self.lines:
                return self.lines[tuple(loc[:end])]
        return 1

    def where(self, loc: KeyPath) -> str:
        return f"{self.path}:{self.line_of(loc)}: {key_path(loc)}"


def key_path(loc: KeyPath) -> str:
    """('books', 0, 'sections', 2, 'title') -> 'books[0].sections[2].title'."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _line_map(node: yaml.Node, loc: KeyPath, lines: dict[KeyPath, int], duplicates: list[tuple[KeyPath, int]]) -> None:
    lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            if key in seen:
                duplicates.append((loc + (key,), key_node.start_mark.line + 1))
            seen.add(key)
            lines[loc + (key,)] = key_node.start_mark.line + 1
            _line_map(value_node, loc + (key,), lines, duplicates)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_map(item, loc + (i,), lines, duplicates)


def _message(error: ErrorDetails, data: object) -> str:
    """A pydantic error as one sentence an editor understands."""
    kind, loc = error["type"], error["loc"]
    if kind == "extra_forbidden":
        name = str(loc[-1])
        allowed = _allowed_keys(loc[:-1], data)
        owners = [section_kind for section_kind, model in _SECTION_MODELS.items() if name in model.model_fields]
        if len(loc) >= 3 and loc[-3] == "sections" and owners:
            section = _walk(data, loc[:-1])
            kind_name = section.get("kind", DEFAULT_KIND) if isinstance(section, dict) else DEFAULT_KIND
            return f"'{name}' is not a key of a {kind_name} section " \
                   f"(it belongs to {' and '.join(owners)})"
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else f" (allowed: {', '.join(sorted(allowed))})"
        return f"unknown key '{name}'{hint}"
    if kind == "missing":
        return "required key is missing"
    message: str = error["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            message = message[len(prefix):]
    if kind in ("literal_error", "enum", "invalid_kind"):
        got = error.get("input")
        got = got.get("kind") if kind == "invalid_kind" and isinstance(got, dict) else got
        expected = error.get("ctx", {}).get("expected", "")
        close = difflib.get_close_matches(str(got), [w.strip("' ") for w in expected.replace(" or ", ",").split(",")],
                                          n=1, cutoff=0.6) if expected else []
        if kind == "invalid_kind":
            close = difflib.get_close_matches(str(got), list(_SECTION_MODELS), n=1, cutoff=0.6)
        message = f"{message}, got {got!r}" + (f" (did you mean '{close[0]}'?)" if close else "")
    return message


def _allowed_keys(loc: KeyPath, data: object) -> list[str]:
    """The keys the schema allows at ``loc`` (walks the models along the path)."""
    model: type[BaseModel] | None = Config
    for depth, part in enumerate(loc):
        if isinstance(part, int) or model is None:
            continue
        field = model.model_fields.get(part)
        if field is None:
            return []
        if part == "sections":   # the section schema depends on its kind
            section = _walk(data, loc[: depth + 2])
            model = _SECTION_MODELS.get(section.get("kind", DEFAULT_KIND) if isinstance(section, dict) else "")
        else:
            model = _model_in(field.annotation)
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    models = [a for a in _flatten(get_args(annotation)) if isinstance(a, type) and issubclass(a, BaseModel)]
    return models[0] if models else None


def _flatten(args: tuple[object, ...]) -> list[object]:
    out: list[object] = []
    for a in args:
        inner = get_args(a)
        out.extend(_flatten(inner) if inner else [a])
    return out


def _walk(data: object, loc: KeyPath) -> object:
    """What the YAML data holds at ``loc``; None when it holds nothing there."""
    for part in loc:
        if isinstance(data, dict):
            if part not in data:
                return None
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and -len(data) <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def load(path: Path | str) -> LoadedConfig:
    """Read, parse and validate a config file.

    Raises :class:`ConfigError` with every problem as 'file:line: key: message'
    (a YAML syntax error as 'file:line:col: ...'). YAML is loaded safely."""
    path = Path(path)
    try:
        text = safeio.read_text(path, role="the config")
    except safeio.InputError as error:
        raise ConfigError([str(error).replace(": file not found", ": config file not found", 1)]) from None
    try:
        data, node = load_with_nodes(text, max_nodes=MAX_CONFIG_VALUES, what="a config")
    except YamlSyntaxError as error:
        raise ConfigError([f"{path}:{error}"]) from None
    except yaml.YAMLError as error:
        raise ConfigError([f"{path}: YAML error: {error}"]) from None

    lines: dict[KeyPath, int] = {}
    duplicates: list[tuple[KeyPath, int]] = []
    if node is not None:
        _line_map(node, (), lines, duplicates)
    problems = [f"{path}:{line}: {key_path(loc)}: duplicate key" for loc, line in duplicates]
    if not isinstance(data, dict):
        raise ConfigError(problems + [f"{path}:1: expected a mapping with a 'books' list"])
    loaded = LoadedConfig(config=None, path=path, lines=lines)  # type: ignore[arg-type]
    try:
        config = Config.model_validate(data)
    except ValidationError as error:
        for item in error.errors():
            loc = _written_path(item["loc"], data, missing=item["type"] == "missing")
            if item["type"] == "invalid_kind":
                loc = loc + ("kind",)
            item["loc"] = loc
            problems.append(f"{loaded.where(loc)}: {_message(item, data)}")
    if problems:
        raise ConfigError(sorted(problems, key=_line_number))
    return LoadedConfig(config=config, path=path, lines=lines)


def _line_number(problem: str) -> int:
    parts = problem.split(":")
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def _written_path(loc: tuple[str | int, ...], data: object, *, missing: bool) -> KeyPath:
    """The key path of a pydantic error location as the YAML has it: pydantic puts the name
    of a union's member into locations ('TourBoard', 'function-before[...]', "literal['auto']"),
    which are no keys of the user's; a key of the user's is one the data holds there (whatever
    its characters: a key may be '\\x1b[2J' or 'Book'), or, ending a ``missing`` error's
    location, the key its mapping lacks."""
    written: list[str | int] = []
    here = data
    for depth, part in enumerate(loc):
        holds = (part in here) if isinstance(here, dict) else (
            isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here))
        lacked = missing and isinstance(here, dict) and depth == len(loc) - 1
        if not (holds or lacked or isinstance(part, int)):
            continue   # a union member's name
        written.append(part)
        here = here[part] if holds else None   # type: ignore[index]
    return tuple(written)
