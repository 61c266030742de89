"""A worked example is drawn on a demonstration puzzle of its own (issue 42, item 15).

Drawn on the section's first puzzle, the key step beside puzzle 1 gave a third of its solved
cells away. The section now opens with an unnumbered "Example": a puzzle made for it, never
one of the book's. Oracles: the givens and captions read back from the PDF by PyMuPDF (the
DOCX by python-docx, the RTF through LibreOffice, the HTML through Chromium); the printed
givens' solution by an independent exact search; the book's puzzles read from their own files.
"""
from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import docx
import pymupdf
import pytest
from docx.oxml.ns import qn

import publisher.cli
from publisher.model import Band, Booklet, PlacedGrid
from solver import sudoku
from solver.sudoku import canonical
from tests.consumers import chromium_to_pdf, libreoffice_to_pdf, pdf_text
from tests.samples import REPO
from tests.stages import booklets_of
from tests.sudoku_oracle import box_regions, count_exact, exact_cover_solutions

HARD = REPO / "puzzles" / "9x9-hard.txt"
KIDS = REPO / "puzzles" / "kids-6x6.txt"


def write_config(tmp_path: Path, formats: str = "[pdf]", title: str = "Taught") -> Path:
    path = tmp_path / "taught.yaml"
    path.write_text(textwrap.dedent(f"""\
        books:
          - title: {title}
            page: {{size: Letter}}
            sections:
              - {{title: Hard, puzzles: {HARD}, limit: 4, worked_example: true, difficulty: auto}}
              - {{title: Small, puzzles: {KIDS}, size: 6, box: 2x3, limit: 3, worked_example: true}}
        output: {{folder: out, formats: {formats}}}
        """), encoding="utf-8")
    return path


def book_puzzles() -> list[sudoku.Puzzle]:
    """The book's puzzles, read from their files (the first 4 and 3, as the sections limit them)."""
    hard = sudoku.parse_text(HARD.read_text(encoding="utf-8"))[:4]
    kids = sudoku.parse_text(KIDS.read_text(encoding="utf-8"), size=6, box=(2, 3))[:3]
    return [p for p in (*hard, *kids) if isinstance(p, sudoku.Puzzle)]


def grids(booklet: Booklet) -> list[tuple[int, PlacedGrid]]:
    return [(index, item) for index, page in enumerate(booklet.pages) for block in page.blocks
            if isinstance(block, Band) for item in block.items]


def printed_givens(pdf: Path, page: int, item: PlacedGrid) -> list[int]:
    """The big digits PyMuPDF reads in each cell of a grid on ``page`` (0: a blank)."""
    grid = item.grid
    top = item.y + item.caption_height
    values = [0] * (grid.rows * grid.cols)
    with pymupdf.open(pdf) as document:
        for x0, y0, x1, y1, word, *_ in document[page].get_text("words"):
            col = int(((x0 + x1) / 2 - item.x) // grid.cell_size)
            row = int(((y0 + y1) / 2 - top) // grid.cell_size)
            if 0 <= row < grid.rows and 0 <= col < grid.cols and word.isdigit() and y1 - y0 > grid.font_size * 0.8:
                values[row * grid.cols + col] = int(word)
    return values


def test_each_section_opens_with_a_demonstration_none_of_the_books(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    assert publisher.cli.main(["build", str(config), "-q"]) == 0
    pdf = tmp_path / "out" / "taught-puzzles.pdf"
    puzzles, answers = booklets_of(config)
    forms = {canonical.form_of(p) for p in book_puzzles()}
    placed = grids(puzzles)
    openings = [i for i, (_, item) in enumerate(placed) if item.caption.startswith("Example")
                and "Key step" not in item.caption]
    assert len(openings) == 2, "one demonstration a section, captioned Example"
    for start, number, size, box in zip(openings, (1, 5), (9, 6), ((3, 3), (2, 3))):
        page, item = placed[start]
        key_page, key = placed[start + 1]
        first_page, first = placed[start + 2]
        assert key.caption == "Example · Key step" and first.number == number, "before the section's first puzzle"
        assert (page, item.y) <= (first_page, first.y) and key_page == page
        with pymupdf.open(pdf) as document:
            text = document[page].get_text()
        assert "Example · Key step" in text and item.caption in text
        givens = printed_givens(pdf, page, item)
        assert (item.grid.rows, item.grid.cols) == (size, size)
        assert count_exact(size, box_regions(size, *box), givens, 2) == 1, "a puzzle with one solution"
        made = sudoku.Puzzle(sudoku.Geometry.boxed(size, *box), "123456789"[:size], tuple(givens))
        assert canonical.form_of(made) not in forms, "none of the book's puzzles, turned or relabelled"
    # unnumbered: the book's puzzles are numbered 1.. in both booklets, each cross-referenced once
    numbers = [item.number for _, item in placed if item.number is not None]
    assert numbers == list(range(1, 8))
    assert [item.number for _, item in grids(answers)] == list(range(1, 8))
    assert pdf_text(pdf).count("answer p.") == 7
    assert "Example" not in pdf_text(tmp_path / "out" / "taught-answers.pdf")


def test_the_same_book_makes_the_same_demonstration(tmp_path: Path) -> None:
    first = [item.grid.cells for _, item in grids(booklets_of(write_config(tmp_path))[0]) if item.number is None]
    again = [item.grid.cells for _, item in grids(booklets_of(write_config(tmp_path))[0]) if item.number is None]
    other = [item.grid.cells for _, item in grids(booklets_of(write_config(tmp_path, title="Other"))[0])
             if item.number is None]
    assert first == again and first[0] != other[0], "seeded from the book: the same book, the same puzzle"


@pytest.mark.consumers
def test_every_format_prints_it_and_the_phone_does_not_play_it(tmp_path: Path) -> None:
    config = write_config(tmp_path, "[docx, rtf, html]")
    assert publisher.cli.main(["build", str(config), "-q"]) == 0
    out = tmp_path / "out"
    body = docx.Document(str(out / "taught-puzzles.docx")).element.body
    words = "".join(node.text or "" for node in body.iter(qn("w:t")))
    assert words.count("Example · Key step") == 2
    rtf, = libreoffice_to_pdf([out / "taught-puzzles.rtf"], tmp_path / "lo")
    html = chromium_to_pdf(out / "taught-puzzles.html", tmp_path / "html.pdf")
    for read in (rtf, html):
        text = pdf_text(read)
        assert text.count("Example · Key step") == 2 and text.count("answer p.") == 7
    page = (out / "taught-puzzles.html").read_text(encoding="utf-8")
    assert page.count('<figure class="pz" data-number=') == 7, "only the book's puzzles are played"
    assert page.count('<figure class="pz" style=') == 4, "the demonstrations and their key steps"


def test_an_even_odd_sections_demonstration_carries_its_marks(tmp_path: Path) -> None:
    """A demonstration keeps its section's rules: an even/odd section's example has grey cells
    (read back from the PDF as fills in the marks' grey inside its grid; the technique search
    made it without), no odd given on one, and its printed givens have one solution with every
    marked cell even (an exact search)."""
    config = tmp_path / "parity.yaml"
    config.write_text(textwrap.dedent("""\
        books:
          - title: Parity
            sections:
              - {title: Even, variant: [even_odd], generate: {count: 2, level: medium, seed: 9}, worked_example: true}
        output: {folder: out, formats: [pdf]}
        """), encoding="utf-8")
    assert publisher.cli.main(["build", str(config), "-q"]) == 0
    pdf = tmp_path / "out" / "parity-puzzles.pdf"
    page, item = next((page, item) for page, item in grids(booklets_of(config)[0]) if item.number is None)
    grid, top = item.grid, item.y + item.caption_height
    marked = set()
    with pymupdf.open(pdf) as document:
        for drawing in document[page].get_drawings():
            fill = drawing.get("fill")
            if not fill or not 0.6 < min(fill) < 0.8:
                continue
            for part in drawing["items"]:
                if part[0] != "re":
                    continue
                box = pymupdf.Rect(part[1])
                col = int(((box.x0 + box.x1) / 2 - item.x) // grid.cell_size)
                row = int(((box.y0 + box.y1) / 2 - top) // grid.cell_size)
                if 0 <= row < grid.rows and 0 <= col < grid.cols:
                    marked.add(row * grid.cols + col)
    givens = printed_givens(pdf, page, item)
    assert len(marked) >= 4 and all(givens[cell] % 2 == 0 for cell in marked), sorted(marked)
    solutions = exact_cover_solutions(9, box_regions(9, 3, 3), givens,
                                      allowed=lambda cell, value: cell not in marked or value % 2 == 0)
    assert len(list(itertools.islice(solutions, 2))) == 1, "one solution, with its marks"
