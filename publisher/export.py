"""Per-puzzle export: one file per puzzle and per solution (SVG, PNG or PDF) for newspapers,
magazines and websites, with a JSON manifest.

Each file is a one-page :class:`~publisher.model.Booklet` holding one grid and its caption,
drawn from the same board model, grid geometry (:mod:`publisher.grids`), caption style,
ink and fonts as the booklets: the look is the book's. PDF and PNG come from the PDF
renderer (PNG rasterised by PDFium at the asked dpi, which the file records: pHYs); SVG
from the SVG renderer, which draws the same model with its text as paths, so it renders the
same without the font installed.

A dated series (``--daily``) names the files by consecutive dates and, with ``--week``,
picks for each day the next puzzle of that weekday's level (Monday first), so difficulty
rises across the week as a newspaper's does.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from publisher import fonts as fontlib
from publisher import repeats, spec
from publisher.config import LoadedConfig
from publisher.grading import verify_sections
from publisher.grids import text_ratio
from publisher.kinds import KINDS
from publisher.labels import labels_for
from publisher.layout.gridmaker import GridMaker
from publisher.model import (
    Band,
    Board,
    Booklet,
    Fonts,
    Ink,
    Margins,
    Page,
    PlacedGrid,
    TextStyle,
)
from publisher.render import get as renderer
from publisher.render.svg import SvgRenderer
from publisher.sources import read_sources
from publisher.typeset import Typesetter, book_styles, visible

FORMATS = ("svg", "png", "pdf")
#: Side of a 9x9 grid in an exported file (points): 4 in, a newspaper column pair.
GRID_SIDE = 4 * 72.0
#: White margin round the grid and caption (points), so strokes are never clipped.
MARGIN = 6.0
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


class ExportError(Exception):
    """An export that cannot be made (one line; the CLI exits 2)."""


@dataclass(frozen=True)
class Entry:
    """One puzzle to export: where it comes from, its board and grade, and its name."""

    book: str            # the book's file stem
    section: str         # the section's title
    number: int          # its number in the book, as the booklets print it
    board: Board
    rating: float | None
    level: str | None
    date: dt.date | None = None
    links: Mapping[str, str] = field(default_factory=dict)   # where it plays online, by site

    @property
    def stem(self) -> str:
        if self.date is not None:
            return self.date.isoformat()
        section = slug(self.section)
        number = f"{self.number:03d}"
        return "-".join((self.book, number) if section == self.book else (self.book, section, number))


def slug(text: str) -> str:
    """A file-name-safe slug of a section title ('Hard ones' -> 'hard-ones')."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60].strip("-") or "section"


def dated(entries: Sequence[Entry], first: dt.date, week: Sequence[str] | None) -> list[Entry]:
    """The entries on consecutive days from ``first``: in order, or with ``week`` (seven
    levels, Monday first) each day taking the next unused puzzle of its weekday's level.
    With ``week`` the series ends on the day before the first level that has run out."""
    if week is None:
        return [_on(entry, _later(first, i)) for i, entry in enumerate(entries)]
    pools: dict[str, list[Entry]] = {}
    for entry in entries:
        pools.setdefault(entry.level or "", []).append(entry)
    out: list[Entry] = []
    while True:
        day = _later(first, len(out))
        pool = pools.get(week[day.weekday()], [])
        if not pool:
            return out
        out.append(_on(pool.pop(0), day))


def _later(first: dt.date, days: int) -> dt.date:
    """The day ``days`` after ``first``; ValueError (one line) past the calendar's last day,
    9999-12-31 (``--daily 9999-12-31`` with two puzzles)."""
    try:
        return first + dt.timedelta(days=days)
    except OverflowError:
        raise ValueError(f"--daily {first.isoformat()}: puzzle {days + 1} would fall after "
                         f"{dt.date.max.isoformat()}, the last date there is; start earlier") from None


def _on(entry: Entry, day: dt.date) -> Entry:
    return replace(entry, date=day)


def parse_week(text: str, levels: Sequence[str]) -> tuple[str, ...]:
    """'easy,easy,medium,medium,hard,hard,diabolical' -> seven levels; ValueError if bad."""
    week = tuple(part.strip().lower() for part in text.split(","))
    if len(week) != 7:
        raise ValueError(f"--week needs seven levels (Monday to Sunday), got {len(week)}")
    for level in week:
        if level not in levels:
            raise ValueError(f"--week: {level!r} is not one of {', '.join(levels)}")
    return week


class _Pages:
    """One grid per page in the book's look (cell text ratio, borders, ink, caption style)."""

    def __init__(self, fonts: Fonts, language: str, labels: dict[str, str]) -> None:
        self.fonts, self.language = fonts, language
        self.labels = labels_for(language, labels)
        self.styles = book_styles(False)
        self.type = Typesetter(fonts)
        # the book's grids: cages with their totals and targets, a chessboard's coordinates
        self.grids = GridMaker(self.type, Ink(), large_print=False, coordinates=True)

    def caption(self, entry: Entry, answers: bool, with_date: bool) -> str:
        word = self.labels["solution"] if answers else self.labels["puzzle"]
        head = entry.date.isoformat() if with_date and entry.date is not None else f"{word} {entry.number}"
        difficulty = self.labels.get(entry.board.difficulty or "", entry.board.difficulty)
        parts = [head, *(p for p in (entry.board.title, difficulty) if p)]
        if answers and with_date and entry.date is not None:
            parts.insert(1, word)
        return visible(" · ".join(parts))

    def booklet(self, entry: Entry, answers: bool, with_date: bool) -> Booklet:
        board = entry.board
        style: TextStyle = self.styles.answer_caption if answers else self.styles.caption
        cell = round(GRID_SIDE / max(9, board.rows, board.cols), 2)
        font = self.grids.clear_font(board, cell, round(cell * text_ratio(board, answers), 1), answers)
        grid = self.grids.grid(board, cell, font, answers,
                               f"{self.labels['solution' if answers else 'puzzle']} {entry.number}")
        caption_height = round(style.leading + style.size * 0.3, 2)
        width = grid.width + 2 * MARGIN
        caption = self.type.one_line(self.caption(entry, answers, with_date), style, grid.width)
        placed = PlacedGrid(entry.number, caption, style, grid, MARGIN, MARGIN, caption_height)
        height = caption_height + grid.height + 2 * MARGIN
        band = Band((placed,), MARGIN, MARGIN, grid.width, caption_height + grid.height, 0.0)
        page = Page(1, (band,), MARGIN, MARGIN, grid.width, caption_height + grid.height, break_before=False)
        role = "answers" if answers else "puzzles"
        return Booklet(role=role, stem=entry.stem, title=caption, author=None, subject=caption,
                       language=self.language, page_width=round(width, 2), page_height=round(height, 2),
                       margins=Margins(MARGIN, MARGIN, MARGIN, MARGIN), mirrored=False, fonts=self.fonts,
                       styles=(style,), pages=(page,), ink=Ink())


def file_bytes(booklet: Booklet, fmt: str, dpi: int) -> bytes:
    """One export file: the SVG renderer's drawing, or the PDF renderer's file as it is or as
    a PNG at ``dpi``."""
    if fmt == "svg":
        return SvgRenderer().render(booklet)
    pdf = renderer("pdf")().render(booklet)
    if fmt == "png":
        from publisher import pdfread  # imported here: only PNG export needs PDFium
        return pdfread.png(pdf, dpi)
    return pdf


def export_files(entries: Sequence[Entry], fmt: str, *, dpi: int = 300, solutions: bool = False,
                 with_date: bool = False, fonts: Fonts | None = None, language: str = "en",
                 labels: dict[str, str] | None = None) -> tuple[dict[str, bytes], list[dict[str, object]]]:
    """The files (name -> bytes) of every entry, and the manifest's records in file order."""
    if fmt not in FORMATS:
        raise ExportError(f"--format {fmt!r} is not one of {', '.join(FORMATS)}")
    pages = _Pages(fonts or fontlib.default_fonts(), language, labels or {})
    files: dict[str, bytes] = {}
    records: list[dict[str, object]] = []
    for entry in entries:
        for answers in (False, True) if solutions else (False,):
            name = f"{entry.stem}{'-solution' if answers else ''}.{fmt}"
            if name in files:
                raise ExportError(f"two puzzles would both be written as {name}")
            files[name] = file_bytes(pages.booklet(entry, answers, with_date), fmt, dpi)
            records.append({
                "file": name, "role": "solution" if answers else "puzzle", "book": entry.book,
                "section": entry.section, "number": entry.number,
                "puzzle": "".join(text or "." for text in entry.board.givens),
                "rating": entry.rating, "level": entry.level,
                "date": entry.date.isoformat() if entry.date else None,
                **({"links": dict(entry.links)} if entry.links and not answers else {}),
            })
    return files, records


def manifest_bytes(records: list[dict[str, object]], fmt: str, dpi: int | None) -> bytes:
    """The manifest: every file with its puzzle, rating and level (stable key order)."""
    document = {"format": fmt, "dpi": dpi, "files": records}
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


@dataclass(frozen=True)
class Collected:
    """What a config's books give an export: the entries, the fonts and words of the first
    book, and the puzzles that were rejected (file:line: reason), which stop the export."""

    entries: list[Entry]
    fonts: Fonts
    language: str
    labels: dict[str, str]
    rejected: list[str]


def collect(loaded: LoadedConfig, *, jobs: int | None = None) -> Collected:
    """Every puzzle of every book of a config, read, verified and graded by the build's own
    stages (the same boards, numbers and labels as the booklets). With the config's
    ``catalog``, puzzles it already holds (or repeats within the run) are repeats as in a
    build: under ``on_repeat: fail`` they stop the export, under ``skip`` they are left out,
    so a dated series never prints a puzzle twice. (The export checks; it records nothing.)"""
    books = spec.plan(loaded)
    inputs = read_sources(loaded, jobs=jobs)
    results = verify_sections(loaded, inputs, spec.grading_depths(loaded, books, inputs),
                              jobs=jobs)
    catalog = repeats.open_catalog(loaded)
    if catalog is not None:
        try:
            repeats.find_repeats(loaded, inputs, results, catalog, ids=False, jobs=jobs, warnings=[])
        finally:
            catalog.close()
    skip = loaded.config.on_repeat == "skip"
    rejected = [f"{c.item.where}: {c.status}: {c.reason}" for section in results for c in section.rejected
                if not (skip and c.repeat is not None)]
    entries: list[Entry] = []
    if rejected:
        return Collected(entries, fontlib.default_fonts(), "en", {}, rejected)
    spec.check_accepted(loaded, inputs, results)
    specs = spec.book_specs(loaded, books, inputs, results)
    for book, book_spec in zip(books.books, specs):
        own = [result for result, section in zip(results, inputs) if section.book == book.index]
        number = 1
        for section, result in zip(book_spec.sections, own):
            for board, checked in zip(section.boards, result.accepted):
                grade = checked.grade
                entries.append(Entry(book.stem, section.title, number, board,
                                     grade.rating if grade else None, grade.level if grade else None,
                                     links=KINDS[checked.item.kind].play_links(checked.item.puzzle)))
                number += 1
    first = specs[0]
    return Collected(entries, first.fonts, first.language, dict(first.labels), rejected)
