"""The note line under an answer's caption: decided by layout, printed by every format."""
from __future__ import annotations

import io
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import docx

from publisher.layout import layout_book
from publisher.model import BookSpec, PlacedGrid
from publisher.render import get
from tests.booksamples import sample_book
from tests.consumers import require

NOTE = "Key step: X-Wing on 7 in rows 2 and 8"


def _noted_book() -> BookSpec:
    spec = sample_book(count=4)
    first = spec.sections[0]
    boards = (replace(first.boards[0], note=NOTE), replace(first.boards[1], one_of_many=True), *first.boards[2:])
    return replace(spec, sections=(replace(first, boards=boards), *spec.sections[1:]))


def _answer_grids(spec: BookSpec) -> list[PlacedGrid]:
    answers = layout_book(spec)[1]
    return [item for page in answers.pages for block in page.blocks
            for item in getattr(block, "items", ())]


def test_layout_gives_notes_only_to_the_bands_that_need_them() -> None:
    grids = _answer_grids(_noted_book())
    assert grids[0].note == NOTE
    assert grids[1].note == "One possible answer"
    # a grid of a noted band without a note of its own: a caption box as tall as its caption and
    # cross-reference, standing lower so the grids of the band keep one top (issue 42: captions
    # next to their grids)
    spec = _noted_book()
    first = spec.sections[0]
    once = replace(spec, sections=(replace(first, boards=(first.boards[0], *[replace(b, one_of_many=False)
                                                                             for b in first.boards[1:]])),
                                   *spec.sections[1:]))
    band = next(block.items for page in layout_book(once)[1].pages for block in page.blocks
                if 1 in [item.number for item in getattr(block, "items", ())])
    noted, plain = band[0], band[1:]
    assert noted.note == NOTE and plain and all(not item.note and item.note_style is None for item in plain)
    assert all(item.caption_height < noted.caption_height for item in plain)
    assert {round(item.y + item.caption_height, 2) for item in band} == {round(noted.y + noted.caption_height, 2)}
    unnoted = [g for g in grids if "Mini" in g.caption or g.number > 4]
    assert unnoted and all(g.note_style is None and g.note == "" for g in unnoted)
    noted_height, plain_height = grids[0].caption_height, unnoted[0].caption_height
    assert noted_height > plain_height   # the note has a line of its own, under the caption


def test_puzzle_booklet_never_prints_notes() -> None:
    puzzles = layout_book(_noted_book())[0]
    items = [item for page in puzzles.pages for block in page.blocks for item in getattr(block, "items", ())]
    assert items and all(item.note == "" and item.note_style is None for item in items)


def test_every_format_prints_the_note(tmp_path: Path) -> None:
    answers = layout_book(_noted_book())[1]
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(get("pdf")().render(answers))
    text = subprocess.run([require(None, "pdftotext"), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert NOTE in " ".join(text.split()) and "One possible answer" in text   # (wrapped under a narrow grid)
    document = docx.Document(io.BytesIO(get("docx")().render(answers)))
    cells = {p.text for table in document.tables for cell in table.rows[0].cells for p in cell.paragraphs}
    assert NOTE in cells and "One possible answer" in cells
    rtf = get("rtf")().render(answers).decode("ascii")
    assert re.search(r"\\par\\pard\\plain\\intbl\\s\d+[^ ]* Key step: X-Wing on 7 in rows 2 and 8", rtf)
    html = get("html")().render(answers).decode("utf-8")
    assert NOTE in re.sub(r"<br/>", " ", html)
