"""The spec stage: the config's decisions about every book, each made once, here.

It runs in two steps, where the build needs them:

* :func:`plan`, from the config alone, before any puzzle is read: each book's file stem
  (a safe slug, no two books alike), its print profile (the trim checked against it),
  whether a playable HTML booklet with Hint is built, and from those how far each
  section's puzzles are graded and explained (:func:`grading_depth`);
* :func:`book_spec`, after verify: everything layout and the cover need about a book as a
  :class:`~publisher.model.BookSpec`: fonts, margins and the gutter, grids per page by trim
  and board size, a section's rule lines, the boards with their notes, worked examples,
  hints and IDs, the print rules, the cover's settings.

Every default the config leaves to be worked out from the book itself (grids per page by
trim and board, the first gutter of ``inside: auto``) is worked out here and nowhere else;
the model's ``BookSpec`` carries none. Build, export, preflight and the cover read this.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from publisher import coverpuzzle, grading
from publisher import fonts as fontlib
from publisher.config import QR_SITES, Book, ConfigError, LoadedConfig, QrUrl, Section
from publisher.demonstration import DemonstrationError, demonstration
from publisher.kinds import KINDS, Kind
from publisher.labels import labels_for, screen_labels
from publisher.model import Board, BookSpec, CoverSettings, Fonts, Margins, SectionSpec
from publisher.play import hint_sentence
from publisher.printing import barcode, interior
from publisher.schema import KindPuzzle
from publisher.sources import SectionInput, SourceError
from publisher.verify import Checked, Grading, SectionResult

#: The smallest print-on-demand gutter: ``inside: auto`` starts here and layout grows it with the pages
GUTTER_MINIMUM = 0.375 * 72

#: How many grids a page may hold when neither the book nor the section names an arrangement,
#: as (fewest, most) for (puzzles, answers), by trim and by board side: layout by fit
#: (:mod:`publisher.layout.fit`) picks the arrangement in that range that fills the page best.
#: The conventions of ``shared/docs/print.md``: 4 to 6 9x9 puzzles on an A4 or Letter page and
#: 6 to 12 answers; small trims (A5, 6x9 in, 5x8 in) one or two; big grids fewer.
PER_PAGE_RANGES: dict[str, list[tuple[int, tuple[tuple[int, int], tuple[int, int]]]]] = {
    "large": [(9, ((4, 6), (6, 12))), (12, ((2, 4), (4, 6))), (16, ((1, 2), (2, 4))), (99, ((1, 1), (1, 2)))],
    "small": [(6, ((2, 4), (4, 6))), (9, ((1, 2), (2, 6))), (12, ((1, 1), (2, 4))), (16, ((1, 1), (1, 2))),
              (99, ((1, 1), (1, 1)))],
}
SMALL_PAGE_WIDTH = 7 * 72   # narrower than 7 in is a small trim
PER_PAGE_KEYS = ("puzzles_per_page", "answers_per_page")


def per_page_range(page_width: float, board_side: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(puzzles, answers) as (fewest, most) grids a page, for a section nobody configured."""
    table = PER_PAGE_RANGES["small" if page_width < SMALL_PAGE_WIDTH else "large"]
    return next((ranges for side, ranges in table if board_side <= side), table[-1][1])


def slugify(title: str) -> str:
    """A safe file stem from a title: 'Tuyển tập Sudoku' -> 'tuyen-tap-sudoku'.

    Only [a-z0-9-] survive, so no title can reach outside the output folder."""
    text = title.replace("đ", "d").replace("Đ", "D")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:80].strip("-") or "book"


def stem_of(book: Book) -> str:
    """The file stem of a book: its ``file_stem``, else its title, made safe."""
    return slugify(book.file_stem or book.title)


@dataclass(frozen=True)
class BookPlan:
    """What the config decides about book ``index`` before any of its puzzles is read."""

    index: int
    stem: str                                   # its booklets are <stem>-puzzles.*, <stem>-answers.*
    printing: interior.PrintChoice | None       # its print-on-demand profile, paper and bleed
    playable: bool                              # a playable HTML booklet with Hint is built (explain every puzzle)

    @property
    def key(self) -> str:
        return f"books[{self.index}]"


@dataclass(frozen=True)
class Plan:
    """The build's decisions from the config alone: the formats it writes and every book's plan."""

    formats: tuple[str, ...]
    books: tuple[BookPlan, ...]

    def book_of(self, stem: str) -> BookPlan:
        """The plan of the book a booklet (``<stem>-puzzles``, ``<stem>-answers``) belongs to."""
        return next(book for book in self.books if stem in (f"{book.stem}-puzzles", f"{book.stem}-answers"))


def plan(loaded: LoadedConfig, formats: Sequence[str] = ()) -> Plan:
    """Every book's stem (two books writing the same files is an error naming the key),
    print profile (a trim the service does not print is an error naming ``page.size``) and
    playable booklet, for ``formats`` (``--format``; none: the config's ``output.formats``)."""
    chosen = tuple(formats) or tuple(loaded.config.output.formats)
    books: list[BookPlan] = []
    for b, book in enumerate(loaded.config.books):
        stem = stem_of(book)
        if any(other.stem == stem for other in books):
            raise ConfigError([f"{loaded.where(('books', b, 'file_stem'))}: two books would write "
                               f"'{stem}-*' files; give one a different file_stem"])
        printing = interior.choice(book.print.service, book.print.paper, book.print.bleed)
        if printing is not None and (problem := interior.trim_problem(printing, book.page.size)):
            raise ConfigError([f"{loaded.where(('books', b, 'page', 'size'))}: {problem}"])
        books.append(BookPlan(b, stem, printing, "html" in chosen and book.html.solutions == "embedded"))
    return Plan(chosen, tuple(books))


def worked(book: Book, section: Section) -> str:
    """How a section's puzzles are drawn as worked examples: "answers" (each one's key step
    after its solution: ``answers.hints: drawn``) or "" (none). A ``worked_example`` is drawn
    on a demonstration of its own instead (:func:`demonstrated`)."""
    return "answers" if book.answers.hints == "drawn" and section.graded else ""


def demonstrated(section: Section) -> str:
    """How a section's demonstration (:mod:`publisher.demonstration`) is drawn after it: "key"
    (its key step: ``worked_example: true``), "full" (every step: ``worked_example: full``) or ""
    (the section has none)."""
    example = getattr(section, "worked_example", False)
    return "full" if example == "full" else "key" if example else ""


def grading_depth(loaded: LoadedConfig, books: Plan, section: SectionInput) -> Grading:
    """How far the puzzles of ``section`` are graded and explained: as its rating range and
    sort order need, with the key step for answer hints, and every step where a playable
    booklet gives Hint or the answer key draws them (a demonstration is explained by itself)."""
    book = loaded.config.books[section.book]
    return replace(grading.grading_for(section.section, bool(book.answers.hints)),
                   explain=books.books[section.book].playable or worked(book, section.section) != "")


def grading_depths(loaded: LoadedConfig, books: Plan, inputs: Sequence[SectionInput]) -> list[Grading]:
    """:func:`grading_depth` of every section, in order (what the verify stage takes)."""
    return [grading_depth(loaded, books, section) for section in inputs]


def _link(kind: Kind[KindPuzzle], puzzle: KindPuzzle, site: str) -> str | None:
    """Where a puzzle's QR code opens it: on ``site``, else the first site of QR_SITES that holds it."""
    links = kind.play_links(puzzle)
    return next((links[name] for name in (site, *QR_SITES) if name in links), None)


def _board(checked: Checked, words: Mapping[str, str], language: str, worked_in: str, puzzle_ids: bool,
           qr_site: str | None = None) -> Board:
    """The model's board of a verified puzzle; a key step (books with ``answers.hints``)
    becomes the note line under its solution's caption (in a book not in English, the
    hardest step said in its words, as a hint is); worked examples (``worked_in``, see
    :func:`worked`) the steps drawn after it; the ID goes on it when the book prints IDs."""
    item = checked.item
    kind = KINDS[item.kind]
    board = kind.to_board(item.puzzle, checked.verdict, difficulty=grading.label(checked), source=item.where)
    if puzzle_ids:
        board = replace(board, puzzle_id=checked.puzzle_id)
    if qr_site is not None:
        board = replace(board, link=_link(kind, item.puzzle, qr_site))
    if checked.key_step:
        said = checked.key_step
        if not language.lower().startswith("en") and checked.explanation:
            hardest = max(checked.explanation, key=lambda step: step.rating)
            said = hint_sentence(kind.hints(item.puzzle, (hardest,))[0], words, language)
        board = replace(board, note=f"{words['key_step']}: {said}")
    drawing = getattr(kind, "worked", None)
    if worked_in and drawing is not None and checked.explanation:
        board = replace(board, worked=drawing(item.puzzle, checked.explanation, worked_in == "full"),
                        worked_in="answers" if worked_in == "answers" else "puzzles")
    return replace(board, hints=kind.hints(item.puzzle, checked.explanation)) if checked.explanation else board


def _rule_lines(boards: tuple[Board, ...], words: dict[str, str]) -> str | None:
    """The automatic instruction line of a section without instructions: its kind's one-line rule
    (:meth:`publisher.kinds.base.Kind.rule_labels`), a variant's rules and the legend of its marks,
    in the book's language."""
    keys = dict.fromkeys(key for board in boards for key in board.rule_labels)
    return " ".join(words[key] for key in keys) or None


def _section_spec(book: Book, key: str, section: Section, boards: tuple[Board, ...],
                  words: dict[str, str], example: Board | None) -> SectionSpec:
    """A section's spec: its grids per page, else the book's, else (neither names them) the range
    of grids a page that layout fits each board size of the section into."""
    ranges = tuple((side, *per_page_range(book.page.size[0], side))
                   for side in sorted({max(board.rows, board.cols) for board in boards}))
    defaults = tuple(name for name in PER_PAGE_KEYS if not (getattr(section, name) or getattr(book.layout, name)))
    return SectionSpec(title=section.title, boards=boards,
                       instructions=section.instructions or _rule_lines(boards, words), key=key,
                       puzzles_per_page=section.puzzles_per_page, answers_per_page=section.answers_per_page,
                       per_page_defaults=defaults, per_page_ranges=ranges, demonstration=example)


def _fonts(loaded: LoadedConfig, b: int) -> Fonts:
    book = loaded.config.books[b]
    if book.fonts is None:
        return fontlib.default_fonts()
    try:
        return fontlib.load_fonts(loaded.base / book.fonts.regular,
                                  loaded.base / book.fonts.bold if book.fonts.bold else None)
    except fontlib.FontError as error:
        raise ConfigError([f"{loaded.where(('books', b, 'fonts'))}: {error}"]) from None


def inside_text(sections: Sequence[SectionSpec], words: Mapping[str, str]) -> str:
    """What the book holds, for the back cover when the config gives no text, in the book's
    words: the count of puzzles, then a line per kind with its count by level, in book order
    ("60 Sudoku: 20 Easy, 40 Medium")."""
    kinds: dict[str, Counter[str]] = {}
    for section in sections:
        for board in section.boards:
            kinds.setdefault(board.kind, Counter())[board.difficulty or ""] += 1
    count = sum(sum(levels.values()) for levels in kinds.values())
    lines = [words["cover_inside_one"] if count == 1 else words["cover_inside"].format(count=count)]
    for kind, levels in kinds.items():
        head = f"{sum(levels.values())} {words.get(kind, kind)}"
        parts = ", ".join(f"{count} {words.get(level, level)}" for level, count in levels.items() if level)
        lines.append(f"{head}: {parts}" if parts else head)
    return "\n".join(lines)


def _cover(loaded: LoadedConfig, plan: BookPlan, sections: Sequence[SectionResult],
           specs: Sequence[SectionSpec], words: Mapping[str, str]) -> CoverSettings:
    book = loaded.config.books[plan.index]
    settings = book.cover
    puzzle = None
    if plan.printing is not None and settings.front_image is None:   # a cover is built, its front typeset
        try:
            puzzle = coverpuzzle.cover_board(settings.puzzle, sections, coverpuzzle.book_seed(
                book.title, book.edition, plan.stem), loaded.config.node_limit)
        except coverpuzzle.CoverPuzzleError as error:
            raise ConfigError([f"{loaded.where(('books', plan.index, 'cover', 'puzzle'))}: {error}"]) from None
    given = settings.back_text is not None
    return CoverSettings(front_image=loaded.base / settings.front_image if settings.front_image else None,
                         front_image_key=settings.front_image or "",
                         back_title=None if given else book.title,
                         back_text=settings.back_text if given else inside_text(specs, words),
                         spine_text=settings.spine_text, background=settings.colors.background,
                         text=settings.colors.text, barcode=settings.barcode == "auto" or settings.isbn is not None,
                         puzzle=puzzle, isbn=barcode.isbn13(settings.isbn) if settings.isbn else None,
                         price_code=settings.price_code,
                         isbn_shown=barcode.shown_isbn(settings.isbn) if settings.isbn else None)


def _imprint(book: Book) -> str | None:
    """The title page's verso: the config's imprint, and the book's ISBN under it."""
    isbn = f"ISBN {barcode.shown_isbn(book.cover.isbn)}" if book.cover.isbn else None
    return "\n".join(part for part in (book.imprint, isbn) if part) or None


def _demonstration(loaded: LoadedConfig, plan: BookPlan, s: int, sections: Sequence[SectionResult],
                   words: Mapping[str, str]) -> Board | None:
    """The board of the book's ``s``-th section's demonstration with its steps drawn (None: the
    section has none), seeded from the book and the section; ConfigError naming its
    ``worked_example`` when none can be made."""
    book = loaded.config.books[plan.index]
    drawn = demonstrated(book.sections[s])
    if not drawn:
        return None
    seed = coverpuzzle.book_seed(book.title, book.edition, f"{plan.stem}.sections[{s}]")
    try:
        checked = demonstration(sections[s], sections, seed, loaded.config.node_limit)
    except DemonstrationError as error:
        raise ConfigError([f"{loaded.where(('books', plan.index, 'sections', s, 'worked_example'))}: {error}"]) \
            from None
    return _board(checked, words, book.language, drawn, False)


def book_spec(loaded: LoadedConfig, plan: BookPlan, sections: Sequence[SectionResult]) -> BookSpec:
    """Everything layout and the cover need about a book, from its config and its sections'
    accepted puzzles (``sections``: the verify stage's results of its sections, in order)."""
    b = plan.index
    book = loaded.config.books[b]
    words = labels_for(book.language, dict(book.labels))
    said = {**screen_labels(book.language, dict(book.labels)), **words}
    section_specs = []
    for s, (section, result) in enumerate(zip(book.sections, sections)):
        site = book.layout.qr if isinstance(book.layout.qr, str) and book.layout.qr != "none" else None
        boards = tuple(_board(checked, said, book.language, worked(book, section), book.layout.puzzle_ids, site)
                       for checked in result.accepted)
        section_specs.append(_section_spec(book, f"{plan.key}.sections[{s}]", section, boards, words,
                                           _demonstration(loaded, plan, s, sections, said)))
    margins = book.page.margins
    return BookSpec(
        title=book.title, stem=plan.stem, key=plan.key, page_width=book.page.size[0], page_height=book.page.size[1],
        margins=Margins(top=margins.top, bottom=margins.bottom,
                        inside=GUTTER_MINIMUM if margins.inside == "auto" else margins.inside, outside=margins.outside),
        gutter_auto=margins.inside == "auto",
        mirrored=book.page.mirrored or plan.printing is not None,   # a bound book: the gutter on the binding side
        fonts=_fonts(loaded, b), language=book.language, labels=dict(book.labels), subtitle=book.subtitle,
        author=book.author, instructions=book.instructions, imprint=_imprint(book), contents=book.contents,
        sections=tuple(section_specs), puzzles_per_page=book.layout.puzzles_per_page,
        answers_per_page=book.layout.answers_per_page, large_print=book.layout.large_print,
        section_start=book.layout.section_start, balance=book.layout.balance, coordinates=book.layout.coordinates,
        answers=book.answers.placement, play_solutions=book.html.solutions == "embedded",
        print_rules=plan.printing.rules(book.page.size) if plan.printing else None,
        cover=_cover(loaded, plan, sections, section_specs, words),
        qr_url=book.layout.qr.url if isinstance(book.layout.qr, QrUrl) else None, pages=book.pages,
    )


def check_accepted(loaded: LoadedConfig, inputs: Sequence[SectionInput], sections: Sequence[SectionResult]) -> None:
    """A book cannot print a section none of whose puzzles was accepted: SourceError naming it."""
    for section, section_input in zip(sections, inputs):
        if not section.accepted:
            raise SourceError(f"{loaded.where(section_input.loc)}: no puzzle of the section was accepted")


def book_specs(loaded: LoadedConfig, books: Plan, inputs: Sequence[SectionInput],
               sections: Sequence[SectionResult]) -> list[BookSpec]:
    """The spec of every book, from the verify stage's results of all the build's sections."""
    return [book_spec(loaded, book, [result for result, section in zip(sections, inputs) if section.book == book.index])
            for book in books.books]
