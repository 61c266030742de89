"""Futoshiki through the publisher: the CLI (check, grade, solve, generate and convert read and
write them) and a book in every format, read back by real consumers: every sign stands on the
side its two cells share and points at the smaller digit, every bar joins its two cells, and no
mark stands where the puzzle has none, in the PDF (pymupdf) and in the DOCX and RTF as
LibreOffice lays them out; the answers fill the grid."""
from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from solver.futoshiki import Futoshiki, read_id
from tests.consumers import libreoffice_to_pdf
from tests.runner import Cli

DATA = Path(__file__).parent.parent / "data" / "futoshiki"
ROWS = [line.split("\t") for line in (DATA / "tatham-unequal.tsv").read_text().splitlines()[1:]]


def test_the_cli_reads_and_writes_futoshiki(cli: Cli, tmp_path: Path) -> None:
    ids = tmp_path / "unequal.txt"
    chosen = [row for row in ROWS if row[0] in ("5dk", "5adk")]
    ids.write_text("".join(f"{game}\n" for _, game, _ in chosen))
    code, out, _ = cli("check", str(ids))
    assert code == 0 and out.count(": unique") == len(chosen)
    code, out, _ = cli("solve", str(ids))
    assert code == 0 and " ".join(chosen[0][2][:5]) in out
    code, out, _ = cli("grade", str(ids))
    assert code == 0 and out.count("rating") == len(chosen)
    for mode in ("unequal", "adjacent"):
        code, out, _ = cli("generate", "--kind", "futoshiki", "--size", "5", "--level", "medium", "--mode", mode,
                           "--count", "2", "--seed", "3")
        assert code == 0
        made = tmp_path / f"made-{mode}.jsonl"
        made.write_text(out)
        assert [json.loads(line)["level"] for line in out.splitlines()] == ["medium", "medium"]
        code, out, _ = cli("convert", str(made), "--to", "tatham")
        assert code == 0 and len(out.split()) == 2 and all(("a:" in game) == (mode == "adjacent")
                                                           for game in out.split())
        back = tmp_path / f"back-{mode}.txt"
        back.write_text(out)
        code, check, _ = cli("check", str(back))
        assert code == 0 and check.count(": unique") == 2
    code, _, err = cli("convert", str(made), "--to", "fpuzzles")
    assert code == 2 and "holds no Futoshiki" in err
    code, _, err = cli("generate", "--kind", "futoshiki", "--size", "4", "--level", "hard", "--mode", "adjacent")
    assert code == 2 and "never hard" in err
    # a file of Unequal IDs exports as Futoshiki (its kind read from the IDs), signs drawn as in the book
    code, out, err = cli("export", str(ids), "--format", "pdf", "--out", str(tmp_path / "export"))
    assert code == 0, err
    assert json.loads(out)["files"] == len(chosen)
    first = pymupdf.open(tmp_path / "export" / "unequal-001.pdf")[0]
    assert _marks_seen(first, 5) == _expected(read_id(chosen[0][1]))


def _lines(page: pymupdf.Page) -> tuple[list[float], list[float]]:
    """Where the grid's lines run: the x of each upright line and the y of each level one
    stroked on the page (a sign's arms are slanted; its patch and the pictures are no
    strokes), near ones (a frame's two ends) taken as one."""
    xs, ys = [], []
    for d in page.get_drawings():
        if not d.get("width") or d.get("color") is None:
            continue
        for kind, *ends in d["items"]:
            if kind == "l" and abs(ends[0].x - ends[1].x) < 0.01:
                xs.append(ends[0].x)
            elif kind == "l" and abs(ends[0].y - ends[1].y) < 0.01:
                ys.append(ends[0].y)

    def merged(values: list[float]) -> list[float]:
        out: list[float] = []
        for v in sorted(values):
            if not out or v - out[-1] > 3:
                out.append(v)
        return out

    return merged(xs), merged(ys)


def _frame(page: pymupdf.Page) -> pymupdf.Rect:
    xs, ys = _lines(page)
    return pymupdf.Rect(xs[0], ys[0], xs[-1], ys[-1])


def _marks_seen(page: pymupdf.Page, n: int) -> dict[tuple[int, int], str]:
    """What stands on each side two neighbouring cells share, read from the page's pixels along
    the line through the middle of both cells, across the side: a bar is a dark run centred on
    the side at least 1.5 pt thick (a cell line is under 1 pt); a sign's point is a dark run
    centred past the side towards one cell (its white patch has cut the cell line), ``>`` when
    towards the second cell, ``<`` the first; nothing else is no mark. Pairs are (cell, right or lower
    neighbour), row-major. A picture a point off the table (LibreOffice) reads the same."""
    xs, ys = _lines(page)
    assert len(xs) == len(ys) == n + 1, (xs, ys)
    side = (xs[-1] - xs[0]) / n
    zoom = 4
    pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csGRAY)

    def runs(points: list[tuple[float, float]]) -> list[tuple[int, int]]:
        """The dark runs (first, last index) of the pixels at ``points`` (page points)."""
        dark = [pix.pixel(round(x * zoom), round(y * zoom))[0] < 110 for x, y in points]
        found, start = [], -1
        for i, here in enumerate([*dark, False]):
            if here and start < 0:
                start = i
            elif not here and start >= 0:
                found.append((start, i - 1))
                start = -1
        return found

    reach = round(0.1 * side * zoom)             # a sign's point is 0.07 cell off the side, a digit further
    found: dict[tuple[int, int], str] = {}
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for other, across in ((cell + 1, True), (cell + n, False)):
            if (across and c + 1 == n) or (not across and r + 1 == n):
                continue
            steps = [k / zoom for k in range(-reach, reach + 1)]
            if across:
                x, y = xs[c + 1], (ys[r] + ys[r + 1]) / 2
                points = [(x + t, y) for t in steps]
            else:
                x, y = (xs[c] + xs[c + 1]) / 2, ys[r + 1]
                points = [(x, y + t) for t in steps]
            mark = ""
            for first, last in runs(points):
                a, b = steps[first], steps[last]
                middle = (a + b) / 2
                if abs(middle) >= 0.8:                    # a sign's point, 0.07 cell off the side
                    mark = ">" if middle > 0 else "<"
                elif b - a >= 1.5:                        # over the side: a bar (thicker than a cell line)
                    mark = "|"
            if mark:
                found[(cell, other)] = mark
    return found


def _expected(puzzle: Futoshiki) -> dict[tuple[int, int], str]:
    if puzzle.adjacent:
        return dict.fromkeys(puzzle.signs, "|")
    return {(min(a, b), max(a, b)): ">" if a < b else "<" for a, b in puzzle.signs}


@pytest.mark.slow
@pytest.mark.consumers
@pytest.mark.parametrize("params", ["6dx", "6adk"])
def test_a_book_prints_the_signs_between_the_cells_in_every_format(cli: Cli, tmp_path: Path, params: str) -> None:
    _, game, solution = next(row for row in ROWS if row[0] == params)
    puzzle = read_id(game)
    n = puzzle.size
    (tmp_path / "unequal.txt").write_text(game + "\n")
    (tmp_path / "config.yaml").write_text("""
books:
  - title: Unequal
    language: en
    answers: separate
    sections:
      - {title: Futoshiki, kind: futoshiki, puzzles: unequal.txt}
output: {formats: [pdf, docx, rtf]}
""")
    code, _, err = cli("build", str(tmp_path / "config.yaml"), "--out", str(tmp_path / "out"), "--jobs", "1")
    assert code == 0, err
    out = tmp_path / "out"
    office = [pdf for ext in ("docx", "rtf")
              for pdf in libreoffice_to_pdf([out / f"unequal-puzzles.{ext}", out / f"unequal-answers.{ext}"],
                                            tmp_path / ext)]
    expected = _expected(puzzle)
    assert expected
    for role, pdfs in (("puzzles", [out / "unequal-puzzles.pdf", *office[0::2]]),
                       ("answers", [out / "unequal-answers.pdf", *office[1::2]])):
        for pdf in pdfs:
            document = pymupdf.open(pdf)
            page = next(p for p in document if len(p.get_drawings()) > 2 * n)     # the page with the grid
            assert _marks_seen(page, n) == expected, (pdf, role)
            if role == "answers":
                frame = _frame(page)
                size = frame.width / n
                centres = [(w[4], pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2)) for w in page.get_text("words")]
                cells = {(int((p.y - frame.y0) // size), int((p.x - frame.x0) // size)): w
                         for w, p in centres if w.isdigit() and frame.contains(p)}
                assert "".join(cells[(r, c)] for r in range(n) for c in range(n)) == solution, pdf
