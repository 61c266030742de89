"""The editor's measures, read back from our own PDFs with pymupdf, on the embedded book and on
books of every kind and trim (a Letter variety book with jigsaw, variants, 16x16, Killer,
KenKen, tours and queens; KDP 6x9 in with bleed; 5x8 in; large print; a teaching book with
worked examples and drawn key steps): on every full puzzle page the grids cover at least 45 %
of the text block and no empty band on a page of two or more rows is taller than 12 % of it (a
page of one row spans the text block's width instead);
the grids of a section print at one size; every text span inside a grid meets its floor;
no line ends cut off with "…" but a caption's; no tour path crosses a number; KenKen cages
are solid borders at least twice the cell lines.

The grids, the text and the lines are found in the PDF's drawings and spans, not taken from
the model: the model gives only each page's text block and the sections' pages (the PDF
outline)."""
from __future__ import annotations

import itertools
import shutil
from dataclasses import dataclass
from pathlib import Path

import pymupdf
import pytest

from publisher.model import Booklet, TextBlock
from publisher.render import get
from tests.samples import REPO
from tests.stages import booklets_of

#: a drawn square at least this big (points) is a grid's frame
LEAST_GRID = 40.0

VARIETY = """\
books:
  - title: Variety Puzzle Book
    author: A. Setter
    language: en
    page: {size: PAGE}
    answers: separate
    layout: LAYOUT
    print: PRINT
    sections:
      - {title: Classic, kind: sudoku, puzzles: puzzles/9x9-medium.txt, difficulty: auto}
      - {title: X Sudoku, kind: sudoku, variant: [x], difficulty: auto, generate: {count: 5, level: easy, seed: 3}}
      - {title: Jigsaw, kind: sudoku, puzzles: puzzles/jigsaw-9x9.yaml, difficulty: auto}
      - {title: Big, kind: sudoku, puzzles: puzzles/16x16.txt}
      - {title: Killer, kind: killer, difficulty: auto, puzzles: puzzles/killer-9x9.json}
      - {title: KenKen, kind: kenken, difficulty: auto, puzzles: puzzles/kenken-6x6.json}
      - title: Tours
        kind: knights_tour
        puzzles: puzzles/knights-6x6.txt
        boards:
          - {size: 8x8, start: a1, closed: true, show_every: 3}
          - {size: 10x10, start: c3, show_every: 4}
      - title: Queens
        kind: queens
        boards:
          - {n: 6, given: [c1]}
          - {n: 8, given: [d8, h2]}
"""

TEACHING = """\
books:
  - title: Teaching Sudoku
    language: en
    page: {size: Letter}
    answers: {placement: separate, hints: drawn}
    sections:
      - {title: Hard ones, kind: sudoku, puzzles: puzzles/9x9-hard.txt, worked_example: true}
      - {title: Medium, kind: sudoku, puzzles: puzzles/9x9-medium.txt}
"""

BOOKS = {
    "embedded": None,
    "letter": {"PAGE": "Letter", "LAYOUT": "{}", "PRINT": "{}"},
    "kdp-6x9-bleed": {"PAGE": "6x9in", "LAYOUT": "{}", "PRINT": "{service: kdp, bleed: true}"},
    "5x8": {"PAGE": "5x8in", "LAYOUT": "{}", "PRINT": "{service: kdp}"},
    "large-print": {"PAGE": "A4", "LAYOUT": "{large_print: true}", "PRINT": "{}"},
    "teaching": "teaching",
}


@dataclass(frozen=True)
class Read:
    """One booklet and its PDF, read back."""

    booklet: Booklet
    doc: pymupdf.Document


def build_book(recipe: object, folder: Path) -> tuple[Read, ...]:
    """The booklets of a recipe of :data:`BOOKS` (None: the embedded book; "teaching"; the
    variety book's replacements; or a config's own text), laid out and drawn as PDF."""
    shutil.copytree(REPO / "puzzles", folder / "puzzles", dirs_exist_ok=True)
    config = folder / "config.yaml"
    if recipe is None:
        shutil.copy(REPO / "config.yaml", config)
    elif recipe == "teaching":
        config.write_text(TEACHING, encoding="utf-8")
    elif isinstance(recipe, str):
        config.write_text(recipe, encoding="utf-8")
    else:
        text = VARIETY
        for key, value in recipe.items():     # type: ignore[attr-defined]
            assert key in text
            text = text.replace(key, value)
        config.write_text(text, encoding="utf-8")
    booklets = booklets_of(config, jobs=None)
    return tuple(Read(b, pymupdf.open(stream=get("pdf")().render(b), filetype="pdf")) for b in booklets)


@pytest.fixture(scope="module", params=sorted(BOOKS))
def book(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, tuple[Read, ...]]:
    name = request.param
    return name, build_book(BOOKS[name], tmp_path_factory.mktemp(name))


def grids(page: pymupdf.Page) -> list[pymupdf.Rect]:
    """The frames of the grids drawn on a page: the largest squares, nested ones dropped."""
    squares = sorted((pymupdf.Rect(d["rect"]) for d in page.get_drawings()
                      if d["rect"].width >= LEAST_GRID and 0.9 < d["rect"].width / max(d["rect"].height, 1) < 1.1),
                     key=lambda r: -r.get_area())
    out: list[pymupdf.Rect] = []
    for rect in squares:
        if not any(big.intersects(rect) for big in out):
            out.append(rect)
    return out


def spans(page: pymupdf.Page) -> list[tuple[str, pymupdf.Rect, float]]:
    """(text, box, size) of every span with ink."""
    return [(span["text"], pymupdf.Rect(span["bbox"]), span["size"])
            for block in page.get_text("dict")["blocks"] for line in block.get("lines", ())
            for span in line["spans"] if span["text"].strip()]


def key_start(doc: pymupdf.Document) -> int:
    """The first page (0-based) of a puzzle booklet's answer key, read from its outline: the
    top-level entry whose sections follow it one level down (the booklet's length: none)."""
    toc = doc.get_toc()
    return next((page - 1 for (level, _title, page), after in itertools.pairwise(toc)
                 if level == 1 and after[0] == 2), len(doc))


def sections(read: Read) -> list[list[int]]:
    """0-based page indices of each section (the PDF outline's entries), up to the answers."""
    end = key_start(read.doc)
    starts = sorted({entry[2] - 1 for entry in read.doc.get_toc() if entry[2] - 1 < end} | {end})
    return [list(range(a, b)) for a, b in itertools.pairwise(starts)]


def text_block(read: Read, index: int) -> pymupdf.Rect:
    page = read.booklet.pages[index]
    return pymupdf.Rect(page.content_x, page.content_y, page.content_x + page.content_width,
                        page.content_y + page.content_height)


def largest_band(page: pymupdf.Page, block: pymupdf.Rect, marks: list[pymupdf.Rect]) -> float:
    """The tallest stretch of the text block no grid and no text reaches, as a share of it."""
    edge, gaps = block.y0, []
    for top, bottom in sorted((max(r.y0, block.y0), min(r.y1, block.y1)) for r in marks if r.intersects(block)):
        gaps.append(top - edge)
        edge = max(edge, bottom)
    gaps.append(block.y1 - edge)
    return max(gaps) / block.height


@pytest.mark.slow
def test_full_puzzle_pages_are_covered_and_a_section_keeps_one_grid_size(book: tuple[str, tuple[Read, ...]]) -> None:
    name, reads = book
    assert check_full_pages(name, reads[0]) >= 3


def check_full_pages(name: str, puzzles: Read, least_rows: int = 2) -> int:
    """Assert the editor's measures on every full page of a puzzle booklet (its sections' pages
    holding their most grids): one grid width a section, the grids covering 45 % of the text
    block, and on pages of ``least_rows`` rows or more no empty band over 12 % of it (the line
    space under an opening's heading aside); the pages measured."""
    assert puzzles.booklet.role == "puzzles"
    checked = 0
    for pages in sections(puzzles):
        found = [(index, grids(puzzles.doc[index])) for index in pages]
        found = [(index, frames) for index, frames in found if frames]
        if not found:
            continue
        widths = [frame.width for _index, frames in found for frame in frames]
        assert max(widths) <= 1.04 * min(widths), (name, found[0][0] + 1, sorted({round(w) for w in widths}))
        most = max(len(frames) for _index, frames in found)
        for index, frames in found:
            if len(frames) < most:
                continue        # a section's short page (its last, or its opening under the heading)
            block = text_block(puzzles, index)
            cover = sum(frame.get_area() for frame in frames) / block.get_area()
            assert cover >= 0.45 or (name == "large-print" and len(frames) == 1), (name, index + 1, cover)
            rows = {round(frame.y0) for frame in frames}
            if len(rows) == 1 and not (name == "large-print" and len(frames) == 1):
                # a page of one row (a 9x9 alone on 5x8 in, where two a page would leave a last page
                # at 22 %) is full in its binding dimension: its grids span the text block's width
                # (or its height); the bands its height leaves are the trim's (publisher.layout.fit.MOST_BAND)
                spread = (max(f.x1 for f in frames) - min(f.x0 for f in frames)) / block.width
                assert max(spread, max(f.height for f in frames) / block.height) >= 0.97, (name, index + 1, spread)
            if len(rows) >= least_rows:
                marks = frames + [box for _text, box, _size in spans(puzzles.doc[index])]
                page = puzzles.booklet.pages[index]
                heading = page.blocks[0] if isinstance(page.blocks[0], TextBlock) and page.header is None else None
                # an opening page: the line space under the heading belongs to it
                body = next(style for style in puzzles.booklet.styles if style.name == "body")
                spare = body.leading / block.height if heading is not None else 0.0
                assert largest_band(puzzles.doc[index], block, marks) <= 0.12 + spare, (name, index + 1)
            checked += 1
    return checked


@pytest.mark.slow
def test_every_mark_in_a_grid_meets_its_floor_and_no_sentence_is_cut(book: tuple[str, tuple[Read, ...]]) -> None:
    name, reads = book
    for read in reads:
        worked = name == "teaching"
        floor = 18.0 if name == "large-print" else 5.0 if worked or read.booklet.role == "answers" else 6.5
        inside = outside = 0
        for page in read.doc:
            frames = grids(page)
            for text, box, size in spans(page):
                centre = pymupdf.Point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
                if any(frame.contains(centre) for frame in frames):
                    inside += 1
                    assert size >= floor - 0.05, (name, read.booklet.role, page.number + 1, text, size)
                else:
                    outside += 1
                    assert size >= (18.0 if name == "large-print" else 7.0) - 0.05, (name, page.number + 1, text, size)
                    caption = text.split(" ")[0].isdigit() and "·" in text
                    assert "…" not in text or caption, (name, page.number + 1, text)
        assert inside > 50 and outside > 20


@pytest.mark.slow
def crossed_numbers(page: pymupdf.Page) -> tuple[int, list[str]]:
    """The numbers on a page with a tour's path, and those a path line crosses: it passes
    through a digit's ink (cap height to baseline, as an editor's check takes it: 0.19 to 0.8 of
    the span's box), widened by a point (a line that grazes it crosses it)."""
    segments = [(item[1], item[2]) for d in page.get_drawings() for item in d["items"]
                if item[0] == "l" and abs(item[1].x - item[2].x) > 0.5 and abs(item[1].y - item[2].y) > 0.5]
    numbers, crossed = 0, []
    for text, box, _size in spans(page):
        if not (segments and text.strip().isdigit()):
            continue
        numbers += 1
        ink = pymupdf.Rect(box.x0 - 1, box.y0 + 0.19 * box.height - 1, box.x1 + 1, box.y0 + 0.8 * box.height + 1)
        if any(ink.contains(pymupdf.Point(a.x + (b.x - a.x) * k / 40, a.y + (b.y - a.y) * k / 40))
               for a, b in segments for k in range(41)):
            crossed.append(text)
    return numbers, crossed


def test_no_tour_path_crosses_a_number_and_kenken_cages_are_heavy_borders(book: tuple[str, tuple[Read, ...]]) -> None:
    name, reads = book
    numbers = kenken = 0
    for read in reads:
        for page in read.doc:
            drawings = page.get_drawings()
            if name != "teaching":      # (its strike lines cross candidates: no tour)
                found, crossed = crossed_numbers(page)
                numbers += found
                assert not crossed, (name, page.number + 1, crossed)
            for frame in grids(page):
                if not any("×" in t or "÷" in t for t, box, _s in spans(page) if frame.contains(box)):
                    continue
                kenken += 1     # a KenKen grid: its targets carry operators
                lines = [d for d in drawings if d.get("width") and frame.intersects(d["rect"])]
                assert not any(d.get("dashes") not in (None, "[] 0", "[]0", "") for d in lines), (name, page.number + 1)
                widths = sorted({round(d["width"], 2) for d in lines})
                assert widths[-1] >= 2 * widths[0], (name, page.number + 1, widths)
    if name != "teaching":
        assert numbers > 20
    if name not in ("embedded", "teaching"):
        assert kenken > 0
