"""``puzzlepress plan``: a book's pages known from its config, before its puzzles are generated.

A self-publisher sizes a book to a page count (a KDP paperback of 120 pages); finding it by
building, reading the count and building again costs minutes a round. The plan runs the build's
own stages (sources, verify, spec, layout) with one change: a generated section makes its first
puzzle only, which stands for all of them (:func:`publisher.sources.read_sources`'s
``stand_ins``, judged once by the verify stage). Puzzles of one request have one size, one
caption and one set of marks, so their pages are the built book's. What a stand-in cannot
know exactly is a generated puzzle's own key-step note or drawn steps: a book that prints
those says its plan is an estimate.
"""
from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from publisher import spec
from publisher.build import make_booklets
from publisher.config import LoadedConfig
from publisher.grading import verify_sections
from publisher.model import Band, Booklet
from publisher.printing.profile import inches
from publisher.progress import Progress
from publisher.schema import JsonObject
from publisher.sources import read_sources

#: the version of ``puzzlepress plan --json``'s object (docs, "puzzlepress plan")
PLAN_VERSION = 1


@dataclass(frozen=True)
class SectionPages:
    """One section as laid out: its puzzles, the most grids one of its pages holds, and the
    pages its puzzles and its answers take (a page shared with the next section counts for both)."""

    title: str
    puzzles: int
    per_page: int
    pages: int
    answers_per_page: int
    answer_pages: int

    def as_json(self) -> JsonObject:
        return {"title": self.title, "puzzles": self.puzzles, "puzzles_per_page": self.per_page, "pages": self.pages,
                "answers_per_page": self.answers_per_page, "answer_pages": self.answer_pages}


@dataclass(frozen=True)
class BookletPages:
    """One booklet's page count, of which ``padding`` pages (Notes, blank) reach the service's count."""

    role: str
    file: str
    pages: int
    padding: int

    def as_json(self) -> JsonObject:
        return {"role": self.role, "file": self.file, "pages": self.pages, "padding": self.padding}


@dataclass(frozen=True)
class BookPages:
    """A book's plan: its sections, its booklets and, under a print service, the spine."""

    title: str
    sections: tuple[SectionPages, ...]
    booklets: tuple[BookletPages, ...]
    service: str | None
    paper: str | None
    spine: float | None          # inches, for the puzzle booklet's page count
    estimate: bool               # generated puzzles' own notes or drawn steps may change the count

    def as_json(self) -> JsonObject:
        return {"title": self.title, "sections": [s.as_json() for s in self.sections],
                "booklets": [b.as_json() for b in self.booklets], "service": self.service, "paper": self.paper,
                "spine_in": self.spine, "estimate": self.estimate}


def plan_pages(loaded: LoadedConfig, formats: Sequence[str] = ()) -> list[BookPages]:
    """Every book's pages as a build of ``loaded`` would lay them out (raises what the build's
    stages raise: ConfigError, SourceError, LayoutError)."""
    books = spec.plan(loaded, formats)
    inputs = read_sources(loaded, stand_ins=True)
    sections = verify_sections(loaded, inputs, spec.grading_depths(loaded, books, inputs))
    spec.check_accepted(loaded, inputs, sections)
    specs = spec.book_specs(loaded, books, inputs, sections)
    booklets = make_booklets(loaded, specs, Progress(enabled=False))
    planned = []
    for book, book_spec in zip(books.books, specs):
        own = [b for b in booklets if b.stem in (f"{book.stem}-puzzles", f"{book.stem}-answers")]
        counts = [len(section.boards) for section in book_spec.sections]
        puzzles, answers = _grids_by_section(own, counts)
        settings = loaded.config.books[book.index]
        generated = [section for section in settings.sections if getattr(section, "generate", None) is not None]
        drawn = bool(settings.answers.hints) or any(getattr(section, "worked_example", False) for section in generated)
        printing = book.printing
        planned.append(BookPages(
            title=settings.title,
            sections=tuple(SectionPages(section.title, count, *puzzles[i], *answers[i])
                           for i, (section, count) in enumerate(zip(book_spec.sections, counts))),
            booklets=tuple(BookletPages(b.role, b.stem, b.page_count, b.blank_pages_added) for b in own),
            service=printing.profile.name if printing else None, paper=printing.paper if printing else None,
            spine=inches(printing.profile.spine_width(own[0].page_count, printing.paper)) if printing else None,
            estimate=bool(generated) and drawn))
    return planned


def _grids_by_section(booklets: Sequence[Booklet], counts: Sequence[int]) -> tuple[list[tuple[int, int]],
                                                                                     list[tuple[int, int]]]:
    """(most grids on one page, pages) of every section's puzzles and of its answers: a number's
    first grid in the puzzle booklet is its puzzle, a second its answer (the key at the back);
    every grid of an answer booklet is an answer."""
    firsts = [1]
    for count in counts:
        firsts.append(firsts[-1] + count)
    found: list[list[dict[int, int]]] = [[{} for _ in counts], [{} for _ in counts]]   # puzzles, answers
    page_base = 0
    for booklet in booklets:
        seen: set[int] = set()
        for page in booklet.pages:
            for block in page.blocks:
                if not isinstance(block, Band):
                    continue
                for item in block.items:
                    if item.number is None:
                        continue
                    answer = booklet.role == "answers" or item.number in seen
                    seen.add(item.number)
                    section = bisect.bisect_right(firsts, item.number) - 1
                    on_page = found[answer][section]
                    on_page[page_base + page.number] = on_page.get(page_base + page.number, 0) + 1
        page_base += booklet.page_count
    return ([(max(pages.values(), default=0), len(pages)) for pages in found[0]],
            [(max(pages.values(), default=0), len(pages)) for pages in found[1]])
