"""The build: config -> sources -> verify -> book model -> renderers -> atomic write + report.

Each stage is a function call on the previous stage's output; nothing flows
backwards. Errors stay values until the edge: this module returns a
:class:`BuildResult` with an exit code and the CLI prints it.
"""
from __future__ import annotations

import hashlib
import os
import re
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from publisher import fonts as fontlib
from publisher import generation, grading, render, repeats, report, safeio
from publisher.catalog import Catalog, CatalogError, Recording
from publisher.config import ConfigError, LoadedConfig, default_per_page, load
from publisher.kinds import KINDS
from publisher.layout import labels_for, layout_book
from publisher.model import Board, Booklet, BookSpec, LayoutError, Margins, SectionSpec
from publisher.printing import COVER_FORMAT, cover, cover_stem, interior, preflight
from publisher.progress import Progress, now_doing
from publisher.report import BuildResult, OutputFile, SectionResult
from publisher.sources import Item, SourceError, display_path, read_section, section_files
from publisher.verify import REPEATED, Checked, Grading, verify_items, worker_count
from publisher.write import Content, Named, WriteError, check_collisions, write_atomically
from solver.sudoku.generate import GenerationError

EXIT_OK, EXIT_REJECTED, EXIT_USAGE = 0, 1, 2
#: The most puzzles one build reads (README, "Limits"): a build holds every puzzle, its
#: verdict, grade and boards in memory until the books are written (bench/memory.py:
#: about 25 KiB a 4x4 puzzle building PDF and HTML), so this keeps a build within 4 GB.
MAX_BUILD_PUZZLES = 100_000
GUTTER_MINIMUM = 0.375 * 72    # the smallest print-on-demand gutter; "auto" grows it with pages


@dataclass
class BuildOptions:
    config: Path = Path("config.yaml")
    out: Path | None = None              # overrides output.folder
    formats: Sequence[str] = ()          # overrides output.formats
    strict: bool = False                 # any rejection or warning fails the build
    jobs: int | None = None
    dask: str | None = None              # a Dask scheduler address for the verify stage
    progress: Progress = field(default_factory=lambda: Progress(enabled=False))
    report: Path | None = None           # the JSON report, written with the books (all or none)
    junit: Path | None = None            # the JUnit XML file, likewise
    catalog: str | None = None           # overrides the config's catalog (a path relative to here)
    record: bool = True                  # False (--no-record): check against the catalog, record nothing


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


#: A rendered output: its format, the booklet it shows, its bytes.
Rendered = tuple[str, Booklet, bytes]


def build(options: BuildOptions) -> BuildResult:
    """Run every stage; never raises for bad input (the result carries errors and exit code).

    The books, the JSON report and the JUnit file are one output set, written all or
    none after every stage succeeded (see :func:`write_outputs`)."""
    result = BuildResult(config=display_path(options.config))
    with safeio.recording() as read:
        run = _Run(options)
        try:
            try:
                files = _build(options, result, run)
            except (ConfigError, SourceError, LayoutError, fontlib.FontError, render.RenderError, WriteError,
                    CatalogError) as error:
                _fail(result, error.problems if isinstance(error, ConfigError) else [str(error)])
                files = {}
            except OSError as error:   # a folder that cannot be listed or read on the way
                _fail(result, [f"{error.filename or 'input'}: {error.strerror or error}"])
                files = {}
            write_outputs(options, result, files, [*run.inputs(), *read], run.recording if files else None)
        finally:
            run.close()
    return result


def _fail(result: BuildResult, problems: list[str]) -> None:
    result.status, result.exit_code = "error", EXIT_USAGE
    result.outputs.clear()
    result.errors.extend(problem for problem in problems if problem not in result.errors)


def write_outputs(options: BuildOptions, result: BuildResult, files: dict[Path, Rendered],
                  inputs: list[Named], recording: Recording | None = None) -> None:
    """Stage 5: the books, the JSON report and the JUnit file, all or none, and the
    catalog's record of the books' puzzles committed once they are all in place.

    Nothing is written when any output is the same file as an input or another output,
    or cannot be written, or the catalog cannot commit; the report (made last, so it
    lists the books and the time they took to write) then tells the error, if it can
    still be written itself."""
    now_doing("writing the outputs")
    start = time.perf_counter()
    contents: dict[Path, Content] = {path: data for path, (_fmt, _booklet, data) in files.items()}
    roles = {path: "the cover" if fmt == COVER_FORMAT else f"the {fmt.upper()} {booklet.role} booklet"
             for path, (fmt, booklet, _data) in files.items()}
    for path, (fmt, booklet, data) in files.items():
        cover_file = fmt == COVER_FORMAT
        result.outputs.append(OutputFile(path=display_path(path), format=fmt,
                                         role="cover" if cover_file else booklet.role,
                                         pages=1 if cover_file else booklet.page_count, bytes=len(data),
                                         sha256=hashlib.sha256(data).hexdigest()))

    def timed(make: Any) -> Content:
        def content() -> bytes:
            result.timings["write"] = time.perf_counter() - start
            data: bytes = make(result)
            return data
        return content

    makers = {options.report: report.json_bytes, options.junit: report.junit_bytes}
    asked = [(role, path, makers[path]) for role, path in report_outputs(options)]
    reports: dict[Path, Content] = {path: timed(make) for _role, path, make in asked}
    report_roles = {path: role for role, path, _make in asked}
    try:   # listed one by one: two options naming one file are one key of a dict
        check_collisions(inputs, [*((roles[path], path) for path in contents),
                                  *((role, path) for role, path, _make in asked)])
        write_atomically({**contents, **reports}, roles={**roles, **report_roles}, inputs=inputs,
                         commit=recording.commit if recording is not None else None)
    except (WriteError, CatalogError) as error:
        _fail(result, [str(error)])
        result.timings.pop("write", None)
        if not reports or not contents or (isinstance(error, WriteError) and error.target in reports):
            return
        try:   # the books failed: the reports alone still tell CI why
            write_atomically(reports, roles=report_roles, inputs=inputs)
        except WriteError:
            return
        return
    result.timings["write"] = time.perf_counter() - start


def report_outputs(options: BuildOptions) -> list[Named]:
    """(role, path) of the report files asked for, in the order they are written."""
    return [(role, path) for role, path in (("the JSON report (--report)", options.report),
                                            ("the JUnit file (--junit)", options.junit)) if path is not None]


class _Run:
    """The inputs of one build, listed from the config (a cache may skip a read, so the
    files recorded by :func:`publisher.safeio.recording` are added to these, not trusted alone)."""

    def __init__(self, options: BuildOptions) -> None:
        self.config = options.config
        self.loaded: LoadedConfig | None = None
        self.catalog: Catalog | None = None
        self.recording: Recording | None = None     # the catalog transaction the write commits

    def close(self) -> None:
        """End the catalog's transaction (a rollback: nothing is left after a commit) and
        connection, however the build ended."""
        if self.recording is not None:
            self.recording.rollback()
        if self.catalog is not None:
            self.catalog.close()

    def inputs(self) -> list[Named]:
        found: list[Named] = [("the config", self.config)]
        loaded = self.loaded
        if loaded is None:
            return found
        for b, book in enumerate(loaded.config.books):
            for s, section in enumerate(book.sections):
                try:
                    files = section_files(list(getattr(section, "puzzles", [])), loaded.base, "")
                except SourceError:
                    continue
                found += [(f"a puzzle file of books[{b}].sections[{s}]", path) for path in files]
            fonts = getattr(book, "fonts", None)
            if fonts is not None:
                found += [("a font", loaded.base / name) for name in (fonts.regular, fonts.bold) if name]
        if loaded.config.templates:
            found += [("a template", path) for path in _files_under(loaded.base / loaded.config.templates)]
        return found


def _files_under(folder: Path, most: int = 10_000) -> list[Path]:
    """The files in ``folder`` and below (at most ``most``: a user's template folder)."""
    found: list[Path] = []
    for root, _dirs, names in os.walk(folder):
        found += [Path(root, name) for name in names]
        if len(found) >= most:
            break
    return found[:most]


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


def _build(options: BuildOptions, result: BuildResult, run: _Run) -> dict[Path, Rendered]:
    """The stages in order, each handing its output to the next; the rendered files
    (none when the build stops on rejected puzzles), not yet written."""
    start = time.perf_counter()
    now_doing("reading the config")
    loaded = run.loaded = load(options.config)
    check_collisions(run.inputs(), report_outputs(options))   # now, not after minutes of work
    stems = _stems(loaded)
    now_doing("reading the puzzles")
    inputs = read_sources(loaded, jobs=options.jobs)
    start = _stage(result, "sources", start)

    now_doing("verifying the puzzles")
    result.sections = verify_sections(loaded, inputs, options)
    result.warnings.extend(warning for section in result.sections
                           for warning in grading.disagreements(section.checked))
    start = _stage(result, "verify", start)
    run.catalog = _open_catalog(loaded, options)
    placed: list[repeats.Placed] = []
    if run.catalog is not None or any(book.layout.puzzle_ids for book in loaded.config.books):
        now_doing("working out the puzzle IDs")
        editions = [loaded.config.books[section.book].edition or "" for section in inputs]
        placed = repeats.with_ids(result.sections, editions, options.jobs, result.warnings)
    if run.catalog is not None:
        now_doing("looking the puzzles up in the catalog")
        found = repeats.mark_repeats(result.sections, placed, run.catalog, loaded.config.on_repeat)
        if found and loaded.config.on_repeat != "warn":
            repeats.draw_again(result.sections, placed, run.catalog,
                               lambda s, item, seed: _remake(loaded, inputs[s], options, item, seed))
        if found and loaded.config.on_repeat == "warn":
            result.warnings.extend(f"{c.item.where}: repeated: {c.repeat.reason}" for section in result.sections
                                   for c in section.accepted if c.repeat is not None)
        start = _stage(result, "catalog", start)
    if not _accept(loaded, inputs, result, strict=options.strict):
        return {}

    now_doing("laying out the books")
    booklets = make_booklets(loaded, inputs, result.sections, stems, options.progress)
    start = _stage(result, "layout", start)

    now_doing("rendering the books")
    formats = list(options.formats) or list(loaded.config.output.formats)
    out_dir = options.out if options.out is not None else loaded.base / loaded.config.output.folder
    if not _print_checks(loaded, booklets, stems, formats, result, strict=options.strict):
        return {}
    files = render_booklets(loaded, booklets, [f for f in formats if f != COVER_FORMAT], out_dir, result,
                            options.progress)
    warned = len(result.warnings)
    files.update(render_covers(loaded, booklets, stems, formats, out_dir, result))
    if options.strict and len(result.warnings) > warned:   # a thin spine, a low-resolution image
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        result.errors.extend(f"--strict: {warning}" for warning in result.warnings[warned:])
        return {}
    start = _stage(result, "render", start)
    checked = _preflight(loaded, files, stems, result)
    if any(booklet.print_rules is not None for booklet in booklets):
        _stage(result, "preflight", start)
    if not checked:
        return {}
    if run.catalog is not None and options.record and files:
        run.recording = _recording(run.catalog, result, placed, loaded)
    return files


def _remake(loaded: LoadedConfig, section: _SectionInput, options: BuildOptions, item: Item,
            seed: int) -> Checked | None:
    """A generated puzzle made again from ``seed``, verified and graded as its section's
    are; None when the seed makes none or the section would not accept it."""
    spec = section.section.generate
    try:
        made = generation.make((spec.request(), seed))
    except GenerationError:
        return None
    fresh = replace(item, puzzle=replace(made.puzzle, line=item.line, index=item.index), seed=seed,
                    difficulty=section.section.difficulty or made.level)
    depth = _depth(loaded, section, _playable_with_hints(loaded, options))
    (checked,) = verify_items([fresh], node_limit=loaded.config.node_limit, jobs=1, grading=[depth])
    checked = grading.within(checked, getattr(section.section, "rating", None))
    return checked if checked.accepted else None


def _open_catalog(loaded: LoadedConfig, options: BuildOptions) -> Catalog | None:
    """The build's catalog (``--catalog``, relative to here, or the config's ``catalog``,
    relative to the config file), or None."""
    if options.catalog is not None:
        return Catalog(options.catalog)
    if loaded.config.catalog is not None:
        return Catalog(loaded.config.catalog, loaded.base)
    return None


def _recording(catalog: Catalog, result: BuildResult, placed: list[repeats.Placed],
               loaded: LoadedConfig) -> Recording:
    """The catalog transaction of this build's puzzles, the lock held: the rows of each of
    its books replace that book's (same title and edition) earlier ones. Puzzles another
    build recorded since this one looked are found again under the lock, and stop the
    build unless ``on_repeat`` keeps repeats."""
    rows = repeats.entries(result.sections, placed)
    own = {(book.title, book.edition or "") for book in loaded.config.books}
    recording = catalog.recording(rows, own)
    if loaded.config.on_repeat != "warn":
        try:
            late = recording.conflicts((row.id for row in rows), own)
        except BaseException:
            recording.rollback()
            raise
        forms = {row.form for row in rows}
        clash = next((entry for found in late.values() for entry in found if entry.form in forms), None)
        if clash is not None:
            recording.rollback()
            raise CatalogError(f"catalog {catalog.name}: puzzle {clash.id} was recorded as {clash.printed_as} "
                               "by another build while this one ran; build again to check it")
    return recording


def read_sources(loaded: LoadedConfig, *, jobs: int | None = 1) -> list[_SectionInput]:
    """Stage 1: every section's puzzles read (or generated, in worker processes as ``--jobs``
    asks: seeded, so the same puzzles however many) into items with file:line."""
    sections = [(b, s, section) for b, book in enumerate(loaded.config.books)
                for s, section in enumerate(book.sections)]
    most = max((spec.count for *_, section in sections if (spec := getattr(section, "generate", None))), default=1)
    workers = worker_count(jobs, most)
    read: list[_SectionInput] = []
    total = 0
    for b, s, section in sections:
        read.append(_SectionInput(b, s, section, read_section(loaded, ("books", b, "sections", s), section,
                                                              jobs=workers)))
        total += len(read[-1].items)
        if total > MAX_BUILD_PUZZLES:   # stop before verifying and laying out what cannot fit in memory
            raise SourceError(f"{loaded.where(('books', b, 'sections', s))}: the books would hold more than "
                              f"{MAX_BUILD_PUZZLES:,} puzzles, the most one build takes (README, Limits); "
                              "split them into several configs")
    return read


def verify_sections(loaded: LoadedConfig, inputs: list[_SectionInput], options: BuildOptions) -> list[SectionResult]:
    """Stage 2: every item judged (and every unique Sudoku graded) by the solver, all books
    at once, in parallel, in order; then each section's rating range and sort order."""
    items = [item for section in inputs for item in section.items]
    playable = _playable_with_hints(loaded, options)
    depth = [_depth(loaded, section, playable) for section in inputs
             for _ in section.items]   # (any item may end up first: sort, rejections)
    with options.progress.stage("verify", len(items), "puzzles") as advance:
        checked = iter(verify_items(items, node_limit=loaded.config.node_limit, jobs=options.jobs,
                                    progress=advance, grading=depth, dask=options.dask))
    results = []
    for section in inputs:
        own = [grading.within(next(checked), getattr(section.section, "rating", None)) for _ in section.items]
        if getattr(section.section, "sort", "file") == "difficulty":
            own = grading.by_difficulty(own)
        results.append(SectionResult(loaded.config.books[section.book].title, section.section.title,
                                     section.section.kind, own))
    return results


def _worked(loaded: LoadedConfig, book: int, section: Any, index: int) -> str:
    """How a section's ``index``-th puzzle is drawn as a worked example: "answers" (its key
    step after its solution: ``answers.hints: drawn``), "key" (its key step after the puzzle:
    the first puzzle of a ``worked_example: true`` section), "full" (every step after the
    puzzle: ``worked_example: full``) or "" (none)."""
    example = getattr(section, "worked_example", False)
    if example and index == 0:
        return "full" if example == "full" else "key"
    return "answers" if loaded.config.books[book].answers.hints == "drawn" and section.graded else ""


def _depth(loaded: LoadedConfig, section: _SectionInput, playable: list[bool]) -> Grading:
    """How far the puzzles of ``section`` are graded and explained (``playable``: per book,
    is a playable booklet with Hint built)."""
    return replace(grading.grading_for(section.section, bool(loaded.config.books[section.book].answers.hints)),
                   explain=playable[section.book] or _worked(loaded, section.book, section.section, 0) != "")


def _playable_with_hints(loaded: LoadedConfig, options: BuildOptions) -> list[bool]:
    """Per book: is a playable HTML booklet with Hint built? Only then are the solving
    steps worked out (they cost several times the verification)."""
    html = "html" in (list(options.formats) or list(loaded.config.output.formats))
    return [html and book.html.solutions == "embedded" for book in loaded.config.books]


def _accept(loaded: LoadedConfig, inputs: list[_SectionInput], result: BuildResult, *, strict: bool) -> bool:
    """Apply the rejection policy; False (with status and exit code set) when no book may be written."""
    repeated = sum(c.status == REPEATED for s in result.sections for c in s.rejected)
    rejected = sum(len(s.rejected) for s in result.sections) - repeated
    if (rejected and loaded.config.on_rejected == "fail") or (repeated and loaded.config.on_repeat == "fail"):
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        return False
    if rejected:
        result.warnings.append(f"{rejected} rejected puzzle(s) left out (on_rejected: skip)")
    if repeated:
        result.warnings.append(f"{repeated} repeated puzzle(s) left out (on_repeat: skip)")
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
                    result: BuildResult, progress: Progress) -> dict[Path, Rendered]:
    """Stage 4: every booklet in every format, in memory, so nothing is written unless all succeed."""
    context = render.RenderContext(template_dirs=_template_dirs(loaded))
    files: dict[Path, Rendered] = {}
    with progress.stage("render", len(booklets) * len(formats), "files") as advance:
        for fmt in formats:
            renderer = render.get(fmt)(context)
            fmt_start = time.perf_counter()
            for booklet in booklets:
                files[out_dir / f"{booklet.stem}.{renderer.extension}"] = (fmt, booklet, renderer.render(booklet))
                advance(1)
            result.timings[f"render.{fmt}"] = time.perf_counter() - fmt_start
    return files


def _books_of(loaded: LoadedConfig, booklets: list[Booklet], stems: list[str]) -> list[tuple[int, Booklet]]:
    """Every booklet with the index of its book."""
    index = {f"{stem}-{role}": b for b, stem in enumerate(stems) for role in ("puzzles", "answers")}
    return [(index[booklet.stem], booklet) for booklet in booklets]


def _choice(loaded: LoadedConfig, b: int) -> interior.PrintChoice | None:
    book = loaded.config.books[b]
    return interior.choice(book.print.service, book.print.paper, book.print.bleed)


def _print_checks(loaded: LoadedConfig, booklets: list[Booklet], stems: list[str], formats: list[str],
                  result: BuildResult, *, strict: bool) -> bool:
    """A print profile's page counts: too many pages is an error; blank pages added to
    reach the minimum are said in the summary, and fail the build under ``--strict``."""
    notes: list[str] = []
    for b, booklet in _books_of(loaded, booklets, stems):
        chosen = _choice(loaded, b)
        if chosen is None:
            continue
        if problem := interior.page_count_problem(chosen, booklet):
            raise ConfigError([f"{loaded.where(('books', b, 'print', 'service'))}: {problem}"])
        if note := interior.padding_note(chosen, booklet, f"{booklet.stem}.pdf"):
            notes.append(note)
    for b, book in enumerate(loaded.config.books):
        if COVER_FORMAT in formats and book.print.service == "none":
            notes.append(f"{loaded.where(('books', b, 'print'))}: no cover for '{book.title}': "
                         "a cover needs print.service (kdp, ingramspark or lulu) for its spine width")
    result.warnings.extend(notes)
    if strict and notes:
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        result.errors.extend(f"--strict: {note}" for note in notes)
        return False
    return True


def render_covers(loaded: LoadedConfig, booklets: list[Booklet], stems: list[str], formats: list[str],
                  out_dir: Path, result: BuildResult) -> dict[Path, Rendered]:
    """The full-wrap cover of every book with a print profile whose PDF (or cover) is built,
    drawn from its booklet's final page count: ``<stem>-cover.pdf`` for the puzzle booklet,
    ``<stem>-answers-cover.pdf`` for a separate answer booklet."""
    if COVER_FORMAT not in formats and "pdf" not in formats:
        return {}
    start = time.perf_counter()
    files: dict[Path, Rendered] = {}
    for b, booklet in _books_of(loaded, booklets, stems):
        chosen = _choice(loaded, b)
        if chosen is None:
            continue
        book = loaded.config.books[b]
        try:
            made = cover.render_cover(cover.cover_spec(book, chosen, booklet, loaded.base))
        except cover.CoverError as error:
            raise ConfigError([f"{loaded.where(('books', b, 'cover', error.key))}: {error.message}"]) from None
        result.warnings.extend(made.warnings)
        files[out_dir / f"{cover_stem(stems[b], booklet.role)}.pdf"] = (COVER_FORMAT, booklet, made.data)
    if files:
        result.timings["render.cover"] = time.perf_counter() - start
    return files


def _preflight(loaded: LoadedConfig, files: dict[Path, Rendered], stems: list[str],
               result: BuildResult) -> bool:
    """The checks of ``puzzlepress preflight`` on the PDFs about to be written: any
    violation fails the build (exit 1) and nothing is replaced."""
    violations: list[str] = []
    for path, (fmt, booklet, data) in files.items():
        if fmt not in ("pdf", COVER_FORMAT) or booklet.print_rules is None:
            continue
        b = stems.index(booklet.stem.rsplit("-", 1)[0])
        chosen = _choice(loaded, b)
        assert chosen is not None
        if fmt == COVER_FORMAT:
            found = preflight.check_cover(data, display_path(path), chosen, booklet.page_count,
                                          (booklet.page_width, booklet.page_height),
                                          loaded.config.books[b].cover.barcode == "auto")
        else:
            found = preflight.check_interior(data, display_path(path), chosen)
        violations.extend(str(v) for v in found)
    if violations:
        result.status, result.exit_code = "error", EXIT_REJECTED
        result.errors.extend(f"preflight: {v}" for v in violations)
        return False
    return True


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
    chosen = interior.choice(book.print.service, book.print.paper, book.print.bleed)
    if chosen is not None and (problem := interior.trim_problem(chosen, book.page.size)):
        raise ConfigError([f"{loaded.where(('books', b, 'page', 'size'))}: {problem}"])
    section_specs = []
    words = labels_for(book.language, dict(book.labels))
    key_step_word = words["key_step"]
    for s, (section, result) in enumerate(zip(book.sections, sections)):
        boards = tuple(_board(c, key_step_word, _worked(loaded, b, section, i), book.layout.puzzle_ids)
                       for i, c in enumerate(result.accepted))
        by_side = []
        for side in sorted({max(board.rows, board.cols) for board in boards}):
            puzzles, answers = default_per_page(book.page.size[0], side)   # a key step wraps under its answer
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
        language=book.language, instructions=book.instructions,
        mirrored=book.page.mirrored or chosen is not None,   # a bound book: the gutter on the binding side
        puzzles_per_page=book.layout.puzzles_per_page or (2, 3),
        answers_per_page=book.layout.answers_per_page or (3, 4),
        large_print=book.layout.large_print, section_start=book.layout.section_start, answers=book.answers.placement,
        coordinates=book.layout.coordinates,
        balance=book.layout.balance, contents=book.contents, imprint=book.imprint,
        labels=dict(book.labels), key=key, play_solutions=book.html.solutions == "embedded",
        gutter_auto=auto_gutter, print_rules=chosen.rules(book.page.size) if chosen else None,
    )


def _rule_lines(boards: tuple[Board, ...], words: dict[str, str]) -> str | None:
    """The automatic instruction line of a section whose puzzles keep rules beyond the kind's
    own (a variant's rules and the legend of its marks), in the book's language."""
    keys = dict.fromkeys(key for board in boards for key in board.rule_labels)
    return " ".join(words[key] for key in keys) or None


def _board(checked: Checked, key_step_word: str, worked: str = "", puzzle_ids: bool = False) -> Board:
    """The model's board of a verified puzzle; a key step (books with ``answers.hints``)
    becomes the note line under its solution's caption; worked examples (``worked``, see
    :func:`_worked`) the steps drawn after it; the ID goes on it when the book prints IDs."""
    item = checked.item
    kind = KINDS[item.kind]
    board = kind.to_board(item.puzzle, checked.verdict, difficulty=grading.label(checked), source=item.where)
    if puzzle_ids:
        board = replace(board, puzzle_id=checked.puzzle_id)
    if checked.key_step:
        board = replace(board, note=f"{key_step_word}: {checked.key_step}")
    drawing = getattr(kind, "worked", None)
    if worked and drawing is not None and checked.explanation:
        board = replace(board, worked=drawing(item.puzzle, checked.explanation, worked == "full"),
                        worked_in="answers" if worked == "answers" else "puzzles")
    return replace(board, hints=kind.hints(item.puzzle, checked.explanation)) if checked.explanation else board
