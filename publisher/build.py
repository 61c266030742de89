"""The build: config -> sources -> verify -> spec -> book model -> renderers -> atomic write + report.

Each stage is a function call on the previous stage's output, in its own module (sources,
grading's ``verify_sections``, repeats, spec, layout, render, write); this module only runs
them in order. Nothing flows backwards. Errors stay values until the edge: this module
returns a :class:`BuildResult` with an exit code and the CLI prints it.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from publisher import fonts as fontlib
from publisher import generation, grading, render, repeats, report, safeio, spec
from publisher.answers import Answers
from publisher.catalog import Catalog, CatalogError, Recording
from publisher.config import ConfigError, LoadedConfig, load
from publisher.console import counted, place_line
from publisher.grading import verify_sections
from publisher.layout import layout_book
from publisher.model import Booklet, BookSpec, LayoutError
from publisher.printing import cover, cover_stem, interior, preflight
from publisher.progress import Progress, now_doing
from publisher.render import COVER_FORMAT
from publisher.report import BuildResult, OutputFile
from publisher.schema import KeyPath
from publisher.sources import Item, SectionInput, SourceError, display_path, read_sources, section_files
from publisher.verify import REPEATED, Checked, verify_items
from publisher.write import Content, Named, WriteError, check_collisions, write_atomically
from solver.sudoku.generate import GenerationError

EXIT_OK, EXIT_REJECTED, EXIT_USAGE = 0, 1, 2


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
    result.errors[:] = dict.fromkeys([*result.errors, *problems])


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

    def timed(make: Callable[[BuildResult], bytes]) -> Content:
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


def _build(options: BuildOptions, result: BuildResult, run: _Run) -> dict[Path, Rendered]:
    """The stages in order, each handing its output to the next; the rendered files
    (none when the build stops on rejected puzzles), not yet written."""
    start = time.perf_counter()
    now_doing("reading the config")
    loaded = run.loaded = load(options.config)
    check_collisions(run.inputs(), report_outputs(options))   # now, not after minutes of work
    books = spec.plan(loaded, options.formats)
    now_doing("reading the puzzles")
    inputs = read_sources(loaded, jobs=options.jobs, progress=options.progress)
    start = _stage(result, "sources", start)

    now_doing("verifying the puzzles")
    result.sections = verify_sections(loaded, inputs, spec.grading_depths(loaded, books, inputs),
                                      jobs=options.jobs, dask=options.dask, progress=options.progress)
    result.warnings.extend(warning for section in result.sections
                           for warning in grading.disagreements(section.checked))
    remake = functools.partial(_remake, loaded, books, inputs)
    result.warnings.extend(repeats.shared_answers(result.sections, repeats.answer_sizes(inputs), remake))
    start = _stage(result, "verify", start)
    run.catalog = repeats.open_catalog(loaded, options.catalog)
    placed, found = repeats.find_repeats(loaded, inputs, result.sections, run.catalog, jobs=options.jobs,
                                         ids=any(book.layout.puzzle_ids for book in loaded.config.books),
                                         warnings=result.warnings)
    if run.catalog is not None:
        if found and loaded.config.on_repeat != "warn":
            repeats.draw_again(result.sections, placed, run.catalog, remake,
                               Answers(repeats.answer_sizes(inputs)))
        if found and loaded.config.on_repeat == "warn":
            result.warnings.extend(place_line(c.item.where, "repeated", c.repeat.reason) for section in result.sections
                                   for c in section.accepted if c.repeat is not None)
        start = _stage(result, "catalog", start)
    if not _accept(loaded, inputs, result, strict=options.strict):
        return {}

    now_doing("laying out the books")
    specs = spec.book_specs(loaded, books, inputs, result.sections)
    booklets = make_booklets(loaded, specs, options.progress)
    start = _stage(result, "layout", start)

    now_doing("rendering the books")
    out_dir = options.out if options.out is not None else loaded.base / loaded.config.output.folder
    if not _print_checks(loaded, books, booklets, result, strict=options.strict):
        return {}
    files = render_booklets(loaded, booklets, [f for f in books.formats if f != COVER_FORMAT], out_dir, result,
                            options.progress)
    warned = len(result.warnings)
    files.update(render_covers(loaded, books, specs, booklets, out_dir, result))
    if options.strict and len(result.warnings) > warned:   # a thin spine, a low-resolution image
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        result.errors.extend(f"--strict: {warning}" for warning in result.warnings[warned:])
        return {}
    start = _stage(result, "render", start)
    checked = _preflight(books, specs, files, result)
    if any(booklet.print_rules is not None for booklet in booklets):
        _stage(result, "preflight", start)
    if not checked:
        return {}
    if run.catalog is not None and options.record and files:
        run.recording = _recording(run.catalog, result, placed, loaded)
    return files


def _remake(loaded: LoadedConfig, books: spec.Plan, inputs: list[SectionInput], index: int, item: Item,
            seed: int) -> Checked | None:
    """A generated puzzle of section ``index`` made again from ``seed``, verified and graded as
    its section's are; None when the seed makes none or the section would not accept it."""
    section = inputs[index]
    made_by = getattr(section.section, "generate", None)
    assert made_by is not None   # only generated puzzles are drawn again
    try:
        made = generation.make((made_by.request(), seed))
    except GenerationError:
        return None
    fresh = replace(item, puzzle=replace(made.puzzle, line=item.line, index=item.index), seed=seed,
                    difficulty=section.section.difficulty or made.level)
    (checked,) = verify_items([fresh], node_limit=loaded.config.node_limit, jobs=1,
                              grading=[spec.grading_depth(loaded, books, section)])
    checked = grading.within(checked, getattr(section.section, "rating", None))
    return checked if checked.accepted else None


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


def _accept(loaded: LoadedConfig, inputs: list[SectionInput], result: BuildResult, *, strict: bool) -> bool:
    """Apply the rejection policy; False (with status and exit code set) when no book may be written."""
    repeated = sum(c.status == REPEATED for s in result.sections for c in s.rejected)
    rejected = sum(len(s.rejected) for s in result.sections) - repeated
    if (rejected and loaded.config.on_rejected == "fail") or (repeated and loaded.config.on_repeat == "fail"):
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        return False
    if rejected:
        result.warnings.append(f"{counted(rejected, 'rejected puzzle')} left out (on_rejected: skip)")
    if repeated:
        result.warnings.append(f"{counted(repeated, 'repeated puzzle')} left out (on_repeat: skip)")
    spec.check_accepted(loaded, inputs, result.sections)
    if strict and (rejected or result.warnings):
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        result.errors.append("--strict: the build has rejected puzzles or warnings")
        return False
    return True


def make_booklets(loaded: LoadedConfig, specs: list[BookSpec], progress: Progress) -> list[Booklet]:
    """Stage 4: the book model of every book (layout errors become config errors with a line)."""
    booklets: list[Booklet] = []
    with progress.stage("layout", len(specs), "books") as advance:
        for book in specs:
            try:
                booklets.extend(layout_book(book))
            except LayoutError as error:
                raise ConfigError([f"{loaded.where(loc_of(error.key))}: {error.message}"]) from None
            advance(1)
    return booklets


def render_booklets(loaded: LoadedConfig, booklets: list[Booklet], formats: list[str], out_dir: Path,
                    result: BuildResult, progress: Progress) -> dict[Path, Rendered]:
    """Stage 5: every booklet in every format, in memory, so nothing is written unless all succeed."""
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


def _print_checks(loaded: LoadedConfig, books: spec.Plan, booklets: list[Booklet], result: BuildResult, *,
                  strict: bool) -> bool:
    """A print profile's page counts: too many pages is an error; blank pages added to
    reach the minimum are said in the summary, and fail the build under ``--strict``."""
    notes: list[str] = []
    for booklet in booklets:
        book = books.book_of(booklet.stem)
        if book.printing is None:
            continue
        if problem := interior.page_count_problem(book.printing, booklet):
            raise ConfigError([f"{loaded.where(('books', book.index, 'print', 'service'))}: {problem}"])
        if note := interior.padding_note(book.printing, booklet, f"{booklet.stem}.pdf"):
            notes.append(note)
    for b, settings in enumerate(loaded.config.books):
        if COVER_FORMAT in books.formats and settings.print.service == "none":
            notes.append(f"{loaded.where(('books', b, 'print'))}: no cover for '{settings.title}': "
                         "a cover needs print.service (kdp, ingramspark or lulu) for its spine width")
    result.warnings.extend(notes)
    if strict and notes:
        result.status, result.exit_code = "rejected", EXIT_REJECTED
        result.errors.extend(f"--strict: {note}" for note in notes)
        return False
    return True


def render_covers(loaded: LoadedConfig, books: spec.Plan, specs: list[BookSpec], booklets: list[Booklet],
                  out_dir: Path, result: BuildResult) -> dict[Path, Rendered]:
    """The full-wrap cover of every book with a print profile whose PDF (or cover) is built,
    drawn from its booklet's final page count: ``<stem>-cover.pdf`` for the puzzle booklet,
    ``<stem>-answers-cover.pdf`` for a separate answer booklet."""
    if COVER_FORMAT not in books.formats and "pdf" not in books.formats:
        return {}
    start = time.perf_counter()
    files: dict[Path, Rendered] = {}
    for booklet in booklets:
        book = books.book_of(booklet.stem)
        if book.printing is None:
            continue
        try:
            made = cover.render_cover(cover.cover_spec(specs[book.index], book.printing, booklet))
        except cover.CoverError as error:
            raise ConfigError([f"{loaded.where(('books', book.index, 'cover', error.key))}: {error.message}"]) from None
        result.warnings.extend(made.warnings)
        files[out_dir / f"{cover_stem(book.stem, booklet.role)}.pdf"] = (COVER_FORMAT, booklet, made.data)
    if files:
        result.timings["render.cover"] = time.perf_counter() - start
    return files


def _preflight(books: spec.Plan, specs: list[BookSpec], files: dict[Path, Rendered], result: BuildResult) -> bool:
    """The checks of ``puzzlepress preflight`` on the PDFs about to be written: any
    violation fails the build (exit 1) and nothing is replaced."""
    violations: list[str] = []
    for path, (fmt, booklet, data) in files.items():
        if fmt not in ("pdf", COVER_FORMAT) or booklet.print_rules is None:
            continue
        book = books.book_of(booklet.stem)
        assert book.printing is not None
        if fmt == COVER_FORMAT:
            cover = specs[book.index].cover
            found = preflight.check_cover(data, display_path(path), book.printing, booklet.page_count,
                                          (booklet.page_width, booklet.page_height), cover.barcode,
                                          own_barcode=cover.isbn is not None and booklet.role == "puzzles")
        else:
            found = preflight.check_interior(data, display_path(path), book.printing)
        violations.extend(str(v) for v in found)
    if violations:
        result.status, result.exit_code = "error", EXIT_REJECTED
        result.errors.extend(f"preflight: {v}" for v in violations)
        return False
    return True


def loc_of(key: str) -> KeyPath:
    """'books[0].sections[2].puzzles_per_page' -> ('books', 0, 'sections', 2, 'puzzles_per_page')."""
    return tuple(int(part) if part.isdigit() else part for part in re.findall(r"[^.\[\]]+", key))


def _template_dirs(loaded: LoadedConfig) -> tuple[Path, ...]:
    dirs: tuple[Path, ...] = (render.BUILTIN_TEMPLATES,)
    if loaded.config.templates:
        user = (loaded.base / loaded.config.templates).resolve()   # one template cache per real folder
        if not user.is_dir():
            raise ConfigError([f"{loaded.where(('templates',))}: template folder '{loaded.config.templates}' "
                               "does not exist"])
        dirs = (user, *dirs)
    return dirs
