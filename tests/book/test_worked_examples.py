"""Worked examples (``answers.hints: drawn``, ``worked_example: true|full``): the key step
drawn on the position it was found in, in all four formats.

The candidates are read back from the files by real readers -- PyMuPDF's text spans in
each cell of the PDF, python-docx's runs in each table cell of the DOCX -- and checked
against the model and against the solution (an independent exact search): every drawn
candidate set holds the cell's solution digit, and no struck candidate is it. The pages
are rendered to PNG by poppler, LibreOffice (DOCX, RTF) and Chromium (HTML) and the
pattern's cells must come out shaded.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import docx
import pymupdf
import pytest
from PIL import Image

import publisher.cli
from publisher.model import Band, Booklet, PlacedGrid
from tests.consumers import chromium_to_pdf, libreoffice_to_pdf, pdf_page_png
from tests.stages import booklets_of
from tests.sudoku_oracle import count_exact

#: an X-Wing puzzle (made by ``puzzlepress generate --technique x-wing --seed 1``, pinned here)
XWING = "...21.69....5..8........372.4.62.7..2.......3..8.37.5.714........3..1....86.92..."


def write_config(tmp_path: Path, formats: str = "[pdf, docx]") -> Path:
    path = tmp_path / "learn.yaml"
    path.write_text(textwrap.dedent(f"""\
        books:
          - title: Learn X-Wing
            answers: {{placement: separate, hints: drawn}}
            sections:
              - title: X-Wing
                worked_example: true
                inline: ["{XWING}"]
                generate: {{count: 1, technique: XY-Wing, seed: 1}}
              - title: Every step
                worked_example: full
                inline: ["{XWING}"]
        output: {{folder: out, formats: {formats}}}
        """), encoding="utf-8")
    return path


def booklets(config: Path) -> list[Booklet]:
    return booklets_of(config, jobs=None)


def worked_items(booklet: Booklet) -> list[tuple[int, PlacedGrid]]:
    return [(index, item) for index, page in enumerate(booklet.pages) for block in page.blocks
            if isinstance(block, Band) for item in block.items if item.grid.marks]


def demonstrated(booklet: Booklet) -> list[PlacedGrid]:
    """The demonstrations' own grids (unnumbered, unmarked), in book order."""
    return [item for page in booklet.pages for block in page.blocks if isinstance(block, Band)
            for item in block.items if item.number is None and not item.grid.marks]


def solution(demonstration: PlacedGrid) -> list[int]:
    """The demonstration's solution from its printed givens, by an independent exact search."""
    from solver import sudoku
    givens = "".join(cell.text or "." for cell in demonstration.grid.cells)
    puzzle = sudoku.parse_text(givens)[0]
    assert count_exact(9, list(puzzle.geometry.regions), list(puzzle.givens), 2) == 1
    return list(sudoku.verify(puzzle).solution)


def test_model_marks_are_sound_and_the_key_step_is_the_x_wing(tmp_path: Path) -> None:
    puzzles, answers = booklets(write_config(tmp_path))
    shown = demonstrated(puzzles)
    assert [item.caption.split(" · ")[0] for item in shown] == ["Example", "Example"]
    items = worked_items(puzzles)
    key = [item for _, item in items if "Key step" in item.caption]
    steps = [item for _, item in items if "Step " in item.caption]
    # the X-Wing section's demonstration is made to need an X-Wing, as the section's first puzzle does
    assert len(key) == 1 and key[0].note.startswith("X-Wing") and key[0].caption == "Example · Key step"
    assert " ".join(key[0].note.split("\n")).endswith(f"are not {key[0].note.split('the ')[1][0]}"), \
        "the whole sentence, on up to three lines"
    assert len(steps) > 20 and steps[0].caption.endswith(f"1/{len(steps)}")
    for demonstration, drawn in ((shown[0], key), (shown[1], steps)):
        solved = solution(demonstration)
        for item in drawn:
            grid = item.grid
            assert grid.shaded is not None and any(grid.shaded)
            for cell, mark in enumerate(grid.marks or ()):
                if mark is None:
                    continue
                if mark.placed:
                    assert mark.placed == str(solved[cell]) and grid.cells[cell].text == mark.placed
                    continue
                shown_digits = {int(text) for _, text in mark.candidates}
                assert solved[cell] in shown_digits and not grid.cells[cell].text
                assert all(mark.candidates[[p for p, _ in mark.candidates].index(p)][1] != str(solved[cell])
                           for p in mark.struck)
    assert any(mark is not None and mark.struck for mark in key[0].grid.marks or ())
    # hints: drawn: after every puzzle's solution (the demonstrations have none in the key)
    drawn = [item for _, item in worked_items(answers)]
    assert [item.caption for item in drawn] == ["1 · Key step", "2 · Key step", "3 · Key step"]
    assert [item.note.split(":")[0] for item in drawn] == ["X-Wing", "XY-Wing", "X-Wing"]


def _pdf_cells(pdf: Path, page_index: int, item: PlacedGrid) -> dict[int, str]:
    """The small digits PyMuPDF reads in each cell of a worked grid."""
    grid = item.grid
    top = item.y + item.caption_height
    found: dict[int, list[tuple[float, float, str]]] = {}
    with pymupdf.open(pdf) as document:
        for block in document[page_index].get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["size"] >= grid.font_size * 0.6 or not span["text"].strip():
                        continue
                    x0, y0, x1, y1 = span["bbox"]
                    col = int(((x0 + x1) / 2 - item.x) // grid.cell_size)
                    row = int(((y0 + y1) / 2 - top) // grid.cell_size)
                    if 0 <= row < grid.rows and 0 <= col < grid.cols:
                        found.setdefault(row * grid.cols + col, []).append((y0, x0, span["text"].strip()))
    return {cell: "".join(text for *_, text in sorted(spans)) for cell, spans in found.items()}


@pytest.mark.slow
def test_candidates_read_back_from_the_pdf_and_the_docx(tmp_path: Path) -> None:
    config = write_config(tmp_path)
    assert publisher.cli.main(["build", str(config), "-q"]) == 0
    puzzles = booklets(config)[0]
    page_index, item = next((i, it) for i, it in worked_items(puzzles) if "Key step" in it.caption)
    expected = {cell: "".join(text for _, text in mark.candidates)
                for cell, mark in enumerate(item.grid.marks or ()) if mark is not None and not mark.placed}
    assert expected and _pdf_cells(tmp_path / "out" / "learn-x-wing-puzzles.pdf", page_index, item) == expected
    document = docx.Document(str(tmp_path / "out" / "learn-x-wing-puzzles.docx"))
    read: list[tuple[str, str]] = []
    for table in document.tables:
        for row in table.rows:
            for cell in row.cells:
                runs = [run for paragraph in cell.paragraphs for run in paragraph.runs]
                if len(cell.paragraphs) == 3:    # a keypad: three lines of small candidates
                    text = "".join(run.text for run in runs).replace("\u2007", "")
                    struck = "".join(run.text for run in runs if run.font.strike)
                    read.append((text, struck))
    struck_expected = {cell: "".join(t for p, t in mark.candidates if p in mark.struck)
                       for cell, mark in enumerate(item.grid.marks or ()) if mark is not None and not mark.placed}
    first = read[:len(expected)]
    assert [text for text, _ in first] == [expected[c] for c in sorted(expected)]
    assert [struck for _, struck in first] == [struck_expected[c] for c in sorted(expected)]
    assert any(struck for _, struck in first)


def _shaded_share(png: Path) -> float:
    """Share of the page's pixels in the shading grey (about 0.85 of white)."""
    image = Image.open(png).convert("L")
    histogram = image.histogram()
    return sum(histogram[200:228]) / (image.size[0] * image.size[1])


@pytest.mark.consumers
def test_every_format_shows_the_worked_grid(tmp_path: Path) -> None:
    config = write_config(tmp_path, "[pdf, docx, rtf, html]")
    assert publisher.cli.main(["build", str(config), "-q"]) == 0
    out = tmp_path / "out"
    page_index, _ = next((i, it) for i, it in worked_items(booklets(config)[0]) if "Key step" in it.caption)
    pdfs = {"pdf": out / "learn-x-wing-puzzles.pdf"}
    converted = libreoffice_to_pdf([out / "learn-x-wing-puzzles.docx", out / "learn-x-wing-puzzles.rtf"],
                                   tmp_path / "lo")
    pdfs["docx"], pdfs["rtf"] = converted
    pdfs["html"] = chromium_to_pdf(out / "learn-x-wing-puzzles.html", tmp_path / "html.pdf")
    for fmt, pdf in pdfs.items():
        png = pdf_page_png(pdf, tmp_path / f"{fmt}-page", page=page_index + 1, dpi=60)
        assert _shaded_share(png) > 0.002, f"{fmt}: the pattern's cells are shaded"
        with pymupdf.open(pdf) as document:
            words = document[page_index].get_text("words")
        small = [w for w in words if w[3] - w[1] < 9 and w[4].strip("\u2007").isdigit()]
        assert small, f"{fmt}: small candidate digits on the worked example's page"
