"""The build: config -> sources -> verify -> book model -> renderers -> atomic write + report.

Each stage is a function call on the previous stage's output; nothing flows
backwards. Errors stay values until the edge: this module returns a
:class:`BuildResult` with an exit code and the CLI prints it.
"""
from __future__ import annotations

import hashlib
import re
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from publisher import fonts as fontlib
from publisher import grading, render
from publisher.config import ConfigError, LoadedConfig, default_per_page, load
from publisher.kinds import KINDS
from publisher.layout import labels_for, layout_book
from publisher.model import Board, Booklet, BookSpec, LayoutError, Margins, SectionSpec
from publisher.progress import Progress
from publisher.report import BuildResult, OutputFile, SectionResult
from publisher.sources import Item, SourceError, display_path, read_section
from publisher.verify import Checked, verify_items, worker_count
from publisher.write import WriteError, write_atomically

EXIT_OK, EXIT_REJECTED, EXIT_USAGE = 0, 1, 2
GUTTER_MINIMUM = 0.375 * 72    # the smallest print-on-demand gutter; "auto" grows it with pages


@dataclass
class BuildOptions:
    config: Path = Path("config.yaml")
    out: Path | None = None              # overrides output.folder
    formats: Sequence[str] = ()          # overrides output.formats
    strict: bool = False                 # any rejection or warning fails the build
    jobs: int | None = None
    progress: Progress = field(default_factory=lambda: Progress(enabled=False))


def slugify(title: str) -> str:
    """A safe file stem from a title: 'Tuyển tập Sudoku' -> 'tuyen-tap-sudoku'.

    Only [a-z0-9-] survive, so no title can reach outside the output folder."""
    text = title.replace("đ", "d").replace("Đ", "D")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:80].strip("-") or "book"


def _stage(result: BuildResult, name: str, start: float) -> float:
    now = time.perf_counter()
    result.timings[name] = result.timings.get(name, 0.0) + now - start
    return now


def build(options: BuildOptions) -> BuildResult:
    """Run every stage; never raises for bad input (the result carries errors and exit code)."""
    result = BuildResult(config=display_path(options.config))
    try:
        return _build(options, result)
    except (ConfigError, SourceError, LayoutError, fontlib.FontError, render.RenderError, WriteError) as error:
        result.status, result.exit_code = "error", EXIT_USAGE
        result.errors.extend(error.problems if isinstance(error, ConfigError) else [str(error)])
        return result
    except OSError as error:   # the output folder cannot be written (permissions, full disk)
        result.status, result.exit_code = "error", EXIT_USAGE
        result.errors.append(f"{error.filename or 'output'}: cannot write: {error.strerror or error}")
        return result


@dataclass(frozen=True)
class _SectionInput:
    """One config section and the items read for it."""

    book: int
    index: int
    section: Any
    items: list[Item]

    @property
    def loc(self) -> tuple[Any, ...]:
        return ("books", self.book, "sections", self.index)


def _build(options: BuildOptions, result: BuildResult) -> BuildResult:
    """The stages in order; each hands its output to the next."""
    start = time.perf_counter()
    loaded = load(options.config)
    stems = _stems(loaded)
    inputs = read_sources(loaded, jobs=options.jobs)
    start = _stage(result, "sources", start)

    result.sections = verify_sections(loaded, inputs, options)
    result.warnings.extend(warning for section in result.sections
                           for warning in grading.disagreements(section.checked))
    start = _stage(result, "verify", start)
    if not _accept(loaded, inputs, result, strict=options.strict):
        return result

    booklets = make_booklets(loaded, inputs, result.sections, stems, options.progress)
    start = _stage(result, "layout", start)

    formats = list(options.formats) or list(loaded.config.output.formats)
    out_dir = options.out if options.out is not None else loaded.base / loaded.config.output.folder
    files = render_booklets(loaded, booklets, formats, out_dir, result, options.progress)
    start = _stage(result, "render", start)

    write_atomically({path: data for path, (_, _, data) in files.items()})
    for path, (fmt, booklet, data) in files.items():
        result.outputs.append(OutputFile(path=display_path(path), format=fmt, role=booklet.role,
                                         pages=booklet.page_count, bytes=len(data),
                                         sha256=hashlib.sha256(data).hexdigest()))
    _stage(result, "write", start)
    return result


def read_sources(loaded: LoadedConfig, *, jobs: int | None = 1) -> list[_SectionInput]:
    """Stage 1: every section's puzzles read (or generated, in worker processes as ``--jobs``
    asks: seeded, so the same puzzles however many) into items with file:line."""
    sections = [(b, s, section) for b, book in enumerate(loaded.config.books)
                for s, section in enumerate(book.sections)]
    most = max((spec.count for *_, section in sections if (spec := getattr(section, "generate", None))), default=1)
    workers = worker_count(jobs, most)
    return [_SectionInput(b, s, section, read_section(loaded, ("books", b, "sections", s), section, jobs=workers))
            for b, s, section in sections]


def verify_sections(loaded: LoadedConfig, inputs: list[_SectionInput], options: BuildOptions) -> list[SectionResult]:
    """Stage 2: every item judged (and every unique Sudoku graded) by the solver, all books
    at once, in parallel, in order; then each section's rating range and sort order."""
    items = [item for section in inputs for item in section.items]
    playable = _playable_with_hints(loaded, options)
    depth = [replace(grading.grading_for(section.section, loaded.config.books[section.book].answers.hints),
                     explain=playable[section.book])
             for section in inputs for _ in section.items]
    with options.progress.stage("verify", len(items), "puzzles") as advance:
        checked = iter(verify_items(items, node_limit=loaded.config.node_limit, jobs=options.jobs,
                                    progress=advance, grading=depth))
    results = []
    for section in inputs:
        own = [grading.within(next(checked), getattr(section.section, "rating", None)) for _ in section.items]
        if getattr(section.section, "sort", "file") == "difficulty":
            own = grading.by_difficulty(own)
        results.append(SectionResult(loaded.config.books[section.book].title, section.section.title,
                                     section.section.kind, own))
    return results


def _playable_with_hints(loaded: LoadedConfig, options: BuildOptions) -> list[bool]:
    """Per book: is a playable HTML booklet with Hint built? Only then are the solving
    steps worked out (they cost several times the verification)."""
    html = "html" in (list(options.formats) or list(loaded.config.output.formats))
    return [html and book.html.solutions == "embedded" for book in loaded.config.books]


def _accept(loaded: LoadedConfig, inputs: list[_SectionInput], result: BuildResult, *, strict: bool) -> bool:
    """Apply the rejection policy; False (with status and exit code set) when no book may be written."""
    rejected = sum(len(s.rejected) for s in result.sections)
    if rejected and loaded.config.on_rejected == "fail":
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        return False
    if rejected:
        result.warnings.append(f"{rejected} rejected puzzle(s) left out (on_rejected: skip)")
    for section, section_input in zip(result.sections, inputs):
        if not section.accepted:
            raise SourceError(f"{loaded.where(section_input.loc)}: no puzzle of the section was accepted")
    if strict and (rejected or result.warnings):
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        result.errors.append("--strict: the build has rejected puzzles or warnings")
        return False
    return True


def make_booklets(loaded: LoadedConfig, inputs: list[_SectionInput], sections: list[SectionResult],
                  stems: list[str], progress: Progress) -> list[Booklet]:
    """Stage 3: the book model of every book (layout errors become config errors with a line)."""
    booklets: list[Booklet] = []
    with progress.stage("layout", len(loaded.config.books), "books") as advance:
        for b in range(len(loaded.config.books)):
            own = [section for section, section_input in zip(sections, inputs) if section_input.book == b]
            try:
                booklets.extend(layout_book(_book_spec(loaded, b, stems[b], own)))
            except LayoutError as error:
                raise ConfigError([f"{loaded.where(_loc(error.key))}: {error.message}"]) from None
            advance(1)
    return booklets


def render_booklets(loaded: LoadedConfig, booklets: list[Booklet], formats: list[str], out_dir: Path,
                    result: BuildResult, progress: Progress) -> dict[Path, tuple[str, Booklet, bytes]]:
    """Stage 4: every booklet in every format, in memory, so nothing is written unless all succeed."""
    context = render.RenderContext(template_dirs=_template_dirs(loaded))
    files: dict[Path, tuple[str, Booklet, bytes]] = {}
    with progress.stage("render", len(booklets) * len(formats), "files") as advance:
        for fmt in formats:
            renderer = render.get(fmt)(context)
            fmt_start = time.perf_counter()
            for booklet in booklets:
                files[out_dir / f"{booklet.stem}.{renderer.extension}"] = (fmt, booklet, renderer.render(booklet))
                advance(1)
            result.timings[f"render.{fmt}"] = time.perf_counter() - fmt_start
    return files


def _loc(key: str) -> tuple[Any, ...]:
    """'books[0].sections[2].puzzles_per_page' -> ('books', 0, 'sections', 2, 'puzzles_per_page')."""
    return tuple(int(part) if part.isdigit() else part for part in re.findall(r"[^.\[\]]+", key))


def _stems(loaded: LoadedConfig) -> list[str]:
    stems: list[str] = []
    for b, book in enumerate(loaded.config.books):
        stem = slugify(book.file_stem or book.title)
        if stem in stems:
            raise ConfigError([f"{loaded.where(('books', b, 'file_stem'))}: two books would write "
                               f"'{stem}-*' files; give one a different file_stem"])
        stems.append(stem)
    return stems


def _template_dirs(loaded: LoadedConfig) -> tuple[Path, ...]:
    dirs: tuple[Path, ...] = (render.BUILTIN_TEMPLATES,)
    if loaded.config.templates:
        user = (loaded.base / loaded.config.templates).resolve()   # one template cache per real folder
        if not user.is_dir():
            raise ConfigError([f"{loaded.where(('templates',))}: template folder '{loaded.config.templates}' "
                               "does not exist"])
        dirs = (user, *dirs)
    return dirs


def _book_spec(loaded: LoadedConfig, b: int, stem: str, sections: list[SectionResult]) -> BookSpec:
    """Everything layout needs about book ``b``, decided from the config."""
    book = loaded.config.books[b]
    key = f"books[{b}]"
    if book.fonts is not None:
        regular = loaded.base / book.fonts.regular
        bold = loaded.base / book.fonts.bold if book.fonts.bold else None
        try:
            fonts = fontlib.load_fonts(regular, bold)
        except fontlib.FontError as error:
            raise ConfigError([f"{loaded.where(('books', b, 'fonts'))}: {error}"]) from None
    else:
        fonts = fontlib.default_fonts()
    margins = book.page.margins
    auto_gutter = margins.inside == "auto"
    section_specs = []
    words = labels_for(book.language, dict(book.labels))
    key_step_word = words["key_step"]
    for s, (section, result) in enumerate(zip(book.sections, sections)):
        boards = tuple(_board(c, key_step_word) for c in result.accepted)
        by_side = []
        for side in sorted({max(board.rows, board.cols) for board in boards}):
            puzzles, answers = default_per_page(book.page.size[0], side)
            if book.answers.hints and section.graded:
                answers = puzzles   # answer grids as wide as the puzzles', so the key-step line fits under them
            by_side.append((side, puzzles, answers))
        _side, puzzles, answers = by_side[-1]   # the largest board's, for sections of one shape
        defaults = {field: value for field, value in (("puzzles_per_page", puzzles), ("answers_per_page", answers))
                    if not (getattr(section, field) or getattr(book.layout, field))}
        section_specs.append(SectionSpec(title=section.title, boards=boards,
                                         instructions=section.instructions or _rule_lines(boards, words),
                                         puzzles_per_page=section.puzzles_per_page or defaults.get("puzzles_per_page"),
                                         answers_per_page=section.answers_per_page or defaults.get("answers_per_page"),
                                         per_page_defaults=tuple(defaults), shape_defaults=tuple(by_side),
                                         key=f"{key}.sections[{s}]"))
    return BookSpec(
        title=book.title, stem=stem, page_width=book.page.size[0], page_height=book.page.size[1],
        margins=Margins(top=margins.top, bottom=margins.bottom,
                        inside=GUTTER_MINIMUM if margins.inside == "auto" else margins.inside, outside=margins.outside),
        fonts=fonts, sections=tuple(section_specs), subtitle=book.subtitle, author=book.author,
        language=book.language, instructions=book.instructions, mirrored=book.page.mirrored,
        puzzles_per_page=book.layout.puzzles_per_page or (2, 3),
        answers_per_page=book.layout.answers_per_page or (3, 4),
        large_print=book.layout.large_print, section_start=book.layout.section_start, answers=book.answers.placement,
        balance=book.layout.balance, contents=book.contents, imprint=book.imprint,
        labels=dict(book.labels), key=key, play_solutions=book.html.solutions == "embedded",
        gutter_auto=auto_gutter,
    )


def _rule_lines(boards: tuple[Board, ...], words: dict[str, str]) -> str | None:
    """The automatic instruction line of a section whose puzzles keep rules beyond the kind's
    own (a variant's rules and the legend of its marks), in the book's language."""
    keys = dict.fromkeys(key for board in boards for key in board.rule_labels)
    return " ".join(words[key] for key in keys) or None


def _board(checked: Checked, key_step_word: str) -> Board:
    """The model's board of a verified puzzle; a key step (books with ``answers.hints``)
    becomes the note line under its solution's caption."""
    item = checked.item
    kind = KINDS[item.kind]
    board = kind.to_board(item.puzzle, checked.verdict, difficulty=grading.label(checked), source=item.where)
    if checked.key_step:
        board = replace(board, note=f"{key_step_word}: {checked.key_step}")
    return replace(board, hints=kind.hints(item.puzzle, checked.explanation)) if checked.explanation else board
