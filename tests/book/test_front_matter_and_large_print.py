"""Front matter (contents, imprint, right-hand first page), large print sizes,
balanced and flowing answer pages: layout decisions checked on the model and,
for the front matter, read back from every format."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import docx
import pytest

from publisher.cli import main
from publisher.fonts import text_width
from publisher.layout import layout_book
from publisher.layout.frame import KEY_SPARE
from publisher.model import Band, Booklet, CellRole, PlacedGrid, TextBlock
from publisher.render import get
from publisher.typeset import LARGE_PRINT_MIN_TEXT
from tests.booksamples import sample_book, vietnamese_book
from tests.consumers import require
from tests.samples import REPO
from tests.stages import default_book


def _grids(booklet: Booklet) -> list[tuple[int, PlacedGrid]]:
    return [(page.number, item) for page in booklet.pages for block in page.blocks
            if isinstance(block, Band) for item in block.items]


@pytest.mark.slow
def test_default_book_on_letter_prints_its_answers_at_the_back_flowing_page_after_page(tmp_path: Path) -> None:
    """The answers at the back take no page they need not: they follow the puzzles on
    consecutive pages, every section's answers under their own heading, sections sharing
    pages, and no answer page but the last could have held the next page's first row (its
    heading too when it opens a section) below its own, at least a 12 pt gap apart."""
    (booklet,) = default_book(tmp_path, **{"size: A4": "size: Letter", "answers: separate": "answers: back"})
    answer_pages = sorted({number for number, item in _grids(booklet)
                           if any(c.role in (CellRole.SOLVED, CellRole.SOLVED_QUEEN) for c in item.grid.cells)})
    assert len([item for _n, item in _grids(booklet) if item.grid.cells[0].role is not None]) == 2 * 49
    assert answer_pages == list(range(answer_pages[0], answer_pages[0] + len(answer_pages)))
    headings = [b for p in booklet.pages for b in p.blocks
                if isinstance(b, TextBlock) and b.text.startswith("Lời giải:")]
    assert len(headings) == 9    # every section's answers keep their heading, sections share pages
    for number in answer_pages[:-1]:
        page, following = booklet.pages[number - 1], booklet.pages[number]
        bottom = max(block.y + block.height for block in page.blocks) - page.content_y
        first = following.blocks[0]
        need = first.height + 12.0
        if isinstance(first, TextBlock):      # a section's heading goes over with its first row,
            band = next(block for block in following.blocks if isinstance(block, Band))
            below_heading = band.y - (first.y + first.height)   # a line's space under it, and over it
            need = 2 * below_heading + first.height + band.height
        assert bottom + need > page.content_height * (1 - KEY_SPARE), (number, bottom, need)


def test_large_print_every_digit_is_at_least_18pt_in_every_kind() -> None:
    spec = vietnamese_book(large_print=True)
    spec = replace(spec, sections=tuple(s for s in spec.sections if s.boards[0].rows <= 16))  # 25x25 cannot be
    booklets = layout_book(spec)
    kinds = set()
    for booklet in booklets:
        for _number, item in _grids(booklet):
            grid = item.grid
            for cell in grid.cells:
                if cell.text and not cell.is_queen:
                    size = booklet.ink.text_size(cell.role, grid.font_size)
                    assert size >= LARGE_PRINT_MIN_TEXT, (grid.label, cell.role, size)
            kinds.add((grid.rows, booklet.role))
    assert {(16, "puzzles"), (16, "answers"), (8, "answers"), (9, "answers")} <= kinds
    normal = layout_book(replace(spec, large_print=False))
    for large, small in zip(booklets, normal):   # larger than the normal book, kind by kind
        big = {item.grid.rows: item.grid.font_size for _n, item in _grids(large)}
        for _n, item in _grids(small):
            assert big[item.grid.rows] > item.grid.font_size


@pytest.mark.slow
def test_large_print_every_word_and_mark_in_the_pdfs_is_18pt_or_more(tmp_path: Path) -> None:
    """The embedded book with Killer, KenKen and a worked example added, in large print,
    read back with pymupdf: every span of text on every page (captions, cross-references,
    notes, running heads, page numbers, chess coordinates, cage totals, digits) is 18 pt
    or more; the chessboards' coordinates that could not be are left out, not shrunk."""
    import pymupdf
    shutil.copytree(REPO / "puzzles", tmp_path / "puzzles")
    text = (REPO / "config.yaml").read_text(encoding="utf-8")
    assert text.count("    answers: separate\n") == 1   # each edit below changes the config, once
    text = text.replace("    answers: separate\n", "    answers: separate\n    layout: {large_print: true}\n")
    added = ("      - {title: Killer, kind: killer, puzzles: puzzles/killer-9x9.json}\n"
             "      - {title: KenKen, kind: kenken, puzzles: puzzles/kenken-6x6.json}\n"
             "      - {title: Worked, kind: sudoku, puzzles: puzzles/9x9-hard.txt, worked_example: true}\n")
    assert text.count('      - title: "Sudoku 16×16"') == 1
    text = text.replace('      - title: "Sudoku 16×16"', added + '      - title: "Sudoku 16×16"')
    (tmp_path / "config.yaml").write_text(text, encoding="utf-8")
    assert main(["build", str(tmp_path / "config.yaml"), "-q"]) == 0
    spans = 0
    for pdf in sorted((tmp_path / "out").glob("*.pdf")):
        for page in pymupdf.open(pdf):
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", ()):
                    for span in line["spans"]:
                        if span["text"].strip():
                            spans += 1
                            assert span["size"] >= LARGE_PRINT_MIN_TEXT - 0.05, (pdf.name, page.number + 1, span)
    assert spans > 5000


def test_front_matter_contents_imprint_and_a_right_hand_first_puzzle() -> None:
    spec = sample_book(count=8, mirrored=True, contents=True, imprint="© 2026 Sample Press", answers="back")
    puzzles = layout_book(spec)[0]
    pages = puzzles.pages
    assert pages[1].blocks[0].text == "© 2026 Sample Press" and pages[1].footer is None
    contents = pages[2]
    assert contents.blocks[0].text == "Contents" and contents.header is None and contents.footer is not None
    lines = [b.text for b in contents.blocks[1:]]
    titles = [s.title for s in spec.sections] + ["Answers"]
    assert [re.sub(r" \.+\s+\d+$", "", line) for line in lines] == titles
    # set flush right, every line as wide as the others to a hair (1.1 pt): the titles start at one left edge
    widths = [text_width(spec.fonts, line, b.style.size) for line, b in zip(lines, contents.blocks[1:])]
    assert max(widths) - min(widths) <= 1.1, widths
    for line, title in zip(lines, titles):   # each number is the page where that heading is printed
        number = int(line.rsplit(" ", 1)[1])
        heading = "Answers: Classic 9x9" if title == "Answers" else title
        assert any(isinstance(b, TextBlock) and b.text == heading for b in pages[number - 1].blocks)
    first_puzzle = next(p for p in pages if any(isinstance(b, Band) for b in p.blocks))
    assert first_puzzle.is_right_hand and not pages[first_puzzle.number - 2].blocks   # a blank verso before it


@pytest.mark.consumers
def test_every_format_prints_the_contents(tmp_path: Path) -> None:
    booklet = layout_book(sample_book(count=8, contents=True, imprint="© 2026 Sample Press"))[0]
    heading, *entries = booklet.pages[2].blocks
    lines = [heading.text] + [b.text for b in entries]
    pdf = tmp_path / "b.pdf"
    pdf.write_bytes(get("pdf")().render(booklet))
    page3 = subprocess.run([require(None, "pdftotext"), "-f", "3", "-l", "3", "-layout", str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout
    assert heading.text in page3
    assert all(line.split(" .")[0] in page3 and line.rsplit(" ", 1)[1] in page3 for line in lines[1:])
    paragraphs = [p.text for p in docx.Document(io.BytesIO(get("docx")().render(booklet))).paragraphs]
    assert all(line in paragraphs for line in lines) and "© 2026 Sample Press" in paragraphs
    rtf = get("rtf")().render(booklet).decode("ascii")
    assert all(line.replace("©", "\\u169?") in rtf for line in lines[1:])
    html = get("html")().render(booklet).decode("utf-8")
    assert all(f">{line}</" in html for line in lines)
