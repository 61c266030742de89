"""Skyscrapers through the publisher: the CLI (check, grade, solve, generate and convert read and
write them) and a book in every format, read back by real consumers: the clues stand outside the
grid's frame and the heights inside it, in the PDF (pymupdf) and in the DOCX and RTF as
LibreOffice lays them out."""
from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from solver.skyscrapers import read_id
from tests.consumers import libreoffice_to_pdf
from tests.runner import Cli

DATA = Path(__file__).parent.parent / "data" / "skyscrapers"
ROWS = [line.split("\t") for line in (DATA / "tatham-towers.tsv").read_text().splitlines()[1:]]


def test_the_cli_reads_and_writes_skyscrapers(cli: Cli, tmp_path: Path) -> None:
    ids = tmp_path / "towers.txt"
    ids.write_text("".join(f"{game}\n" for _, game, _ in ROWS[4:8]))
    code, out, _ = cli("check", str(ids))
    assert code == 0 and out.count(": unique") == 4
    code, out, _ = cli("solve", str(ids))
    n = read_id(ROWS[4][1]).size
    assert code == 0 and " ".join(ROWS[4][2][:n]) in out
    code, out, _ = cli("grade", str(ids))
    assert code == 0 and out.count("rating") == 4
    code, out, _ = cli("generate", "--kind", "skyscrapers", "--size", "5", "--level", "medium", "--count", "2",
                       "--seed", "3")
    assert code == 0
    made = tmp_path / "made.jsonl"
    made.write_text(out)
    assert [json.loads(line)["level"] for line in out.splitlines()] == ["medium", "medium"]
    code, out, _ = cli("convert", str(made), "--to", "tatham")
    assert code == 0 and len(out.split()) == 2
    back = tmp_path / "back.txt"
    back.write_text(out)
    code, check, _ = cli("check", str(back))
    assert code == 0 and check.count(": unique") == 2
    code, _, err = cli("convert", str(made), "--to", "fpuzzles")
    assert code == 2 and "holds no Skyscrapers" in err


def _frame_and_words(page: pymupdf.Page) -> tuple[pymupdf.Rect, list[tuple[str, pymupdf.Point]]]:
    """The grid's frame (the box round the heaviest lines drawn) and every word's centre."""
    lines = [d for d in page.get_drawings() if d.get("width")]
    heaviest = max(d["width"] for d in lines)
    heavy = [d["rect"] for d in lines if d["width"] >= heaviest - 0.3]
    frame = pymupdf.Rect(min(r.x0 for r in heavy), min(r.y0 for r in heavy), max(r.x1 for r in heavy),
                         max(r.y1 for r in heavy))
    words = [(w[4], pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2)) for w in page.get_text("words")]
    return frame, words


def _grid_page(pdf: Path, clues: list[str]) -> pymupdf.Page:
    document = pymupdf.open(pdf)
    return next(page for page in document if all(clue in page.get_text() for clue in clues)
                and page.get_drawings())


@pytest.mark.slow
@pytest.mark.consumers
def test_a_book_prints_the_clues_outside_the_grid_in_every_format(cli: Cli, tmp_path: Path) -> None:
    game, solution = ROWS[8][1], ROWS[8][2]         # a 5x5 of Tatham's
    puzzle = read_id(game)
    n = puzzle.size
    (tmp_path / "towers.txt").write_text(game + "\n")
    (tmp_path / "config.yaml").write_text("""
books:
  - title: Towers
    language: en
    answers: separate
    sections:
      - {title: Skyscrapers, kind: skyscrapers, puzzles: towers.txt}
output: {formats: [pdf, docx, rtf]}
""")
    code, _, err = cli("build", str(tmp_path / "config.yaml"), "--out", str(tmp_path / "out"), "--jobs", "1")
    assert code == 0, err
    out = tmp_path / "out"
    office = [pdf for ext in ("docx", "rtf")      # one folder each: both make towers-puzzles.pdf
              for pdf in libreoffice_to_pdf([out / f"towers-puzzles.{ext}",
                                             out / f"towers-answers.{ext}"], tmp_path / ext)]
    clue_count = sum(1 for clue in puzzle.clues if clue)
    givens = sum(1 for value in puzzle.givens if value)
    for role, pdfs in (("puzzles", [out / "towers-puzzles.pdf", *office[0::2]]),
                       ("answers", [out / "towers-answers.pdf", *office[1::2]])):
        for pdf in pdfs:
            page = _grid_page(pdf, [str(c) for c in puzzle.clues if c])
            frame, words = _frame_and_words(page)
            side = frame.width / n
            assert abs(frame.width - frame.height) < 2, pdf
            digits = [(w, p) for w, p in words if w.isdigit() and len(w) == 1]
            outside = [(w, p) for w, p in digits if not frame.contains(p)
                       and frame.x0 - side < p.x < frame.x1 + side and frame.y0 - side < p.y < frame.y1 + side]
            inside = [(w, p) for w, p in digits if frame.contains(p)]
            assert sorted(w for w, _ in outside) == sorted(str(c) for c in puzzle.clues if c), pdf
            assert len(outside) == clue_count
            for w, p in outside:                       # each clue beside its own row or column
                col, row = int((p.x - frame.x0) // side), int((p.y - frame.y0) // side)
                index = (col if p.y < frame.y0 else n + col if p.y > frame.y1
                         else 2 * n + row if p.x < frame.x0 else 3 * n + row)
                assert str(puzzle.clues[index]) == w, (pdf, w)
            if role == "puzzles":
                assert len(inside) == givens, pdf
            else:
                cells = {(int((p.y - frame.y0) // side), int((p.x - frame.x0) // side)): w for w, p in inside}
                assert "".join(cells[(r, c)] for r in range(n) for c in range(n)) == solution, pdf
