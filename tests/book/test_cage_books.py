"""Cage puzzles through the publisher: the drawing of cages (inset dashed outlines, totals
clear of every digit), the CLI (generate lines read back unchanged; check, grade and solve read
Killer and KenKen by their kind) and a book with a Killer and a KenKen section in all four
formats, read back."""
from __future__ import annotations

import io
import json
import random
import re
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from publisher.cagelines import CAP_HEIGHT, INSET, cage_drawing, label_box
from publisher.grids import LARGE_TEXT_RATIO, TEXT_RATIO
from publisher.model import Board, CageMark
from solver.kenken import parse_mapping as parse_kenken
from solver.killer import parse_mapping as parse_killer
from tests import cage_oracle as oracle
from tests.runner import Cli
from tests.samples import HARD_9X9, REPO


def _board(n: int, cages: list[tuple[int, ...]]) -> Board:
    return Board(kind="killer", rows=n, cols=n, givens=("",) * (n * n), answer=("1",) * (n * n),
                 cages=tuple(CageMark(cells, str(10 + i % 30)) for i, cells in enumerate(cages)))


def _measure(text: str, size: float) -> float:
    return 0.56 * size * len(text)      # digits of a sans face are about 0.56 em wide


def test_a_single_cell_cage_is_an_inset_square_cut_at_its_total() -> None:
    drawing = cage_drawing(_board(4, [(5,)]), 40.0, 0.0, _measure)
    d = INSET * 40
    left, top, right, bottom = 40 + d, 40 + d, 80 - d, 80 - d
    assert drawing is not None
    for x1, y1, x2, y2 in drawing.segments:
        assert x1 in (left, right) or y1 in (top, bottom)
        assert left <= min(x1, x2) and max(x1, x2) <= right and top <= min(y1, y2) and max(y1, y2) <= bottom
    total = sum(abs(x2 - x1) + abs(y2 - y1) for x1, y1, x2, y2 in drawing.segments)
    assert 0.6 * 4 * (right - left) < total < 4 * (right - left)    # the corner at the total is cut
    label = drawing.labels[0]
    assert 40 < label.x < 50 and 40 < label.y < 60


def test_a_total_stands_in_the_cell_named_for_it_or_is_left_out() -> None:
    """Layout names another cell of the cage where a given would cover the total in its first
    (large print on a small trim), None where every cell is given: the label moves there (its
    outline cut there, not in the first cell's corner) or is not drawn."""
    board = _board(4, [(0, 1, 4), (2, 3)])
    usual = cage_drawing(board, 40.0, 0.0, _measure)
    moved = cage_drawing(board, 40.0, 0.0, _measure, homes=(4, None))
    assert usual is not None and moved is not None
    assert [(label.x // 40, label.y // 40) for label in usual.labels] == [(0, 0), (2, 0)]
    assert [(label.x // 40, label.y // 40, label.text) for label in moved.labels] == [(0, 1, "10")]
    inset = INSET * 40     # the first cell's top-left corner of the outline: drawn only without its total

    def at_corner(segments: tuple[tuple[float, float, float, float], ...]) -> bool:
        return any(min(x1, x2) <= inset + 1e-6 and min(y1, y2) <= inset + 1e-6 for x1, y1, x2, y2 in segments)
    assert at_corner(moved.segments) and not at_corner(usual.segments)


@pytest.mark.parametrize("ratio", [*TEXT_RATIO.values(), *LARGE_TEXT_RATIO.values()])
def test_totals_stand_above_every_digit_the_cell_can_hold(ratio: float) -> None:
    cell = 30.0
    _, _, _, bottom, size = label_box(cell, _measure("45", LABEL := 0.22 * cell))
    digit_top = cell / 2 - CAP_HEIGHT * ratio * cell / 2
    assert bottom < digit_top and size == round(LABEL, 2)


def test_outlines_keep_inside_their_cages_and_off_the_totals() -> None:
    rng = random.Random(4)
    for n in (4, 6, 9):
        solution = oracle.latin(n, rng) if n != 9 else oracle.sudoku_solution(9, (3, 3), rng)
        cages = oracle.cut(n, solution, 1, 5, False, rng)
        cell = 24.0
        drawing = cage_drawing(_board(n, cages), cell, 0.0, _measure)
        assert drawing is not None
        owner = {c: i for i, cage in enumerate(cages) for c in cage}
        d = INSET * cell
        for x1, y1, x2, y2 in drawing.segments:
            for t in (0.0, 0.25, 0.5, 0.75, 1.0):       # points along the segment
                x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
                # the point's cell, and its distance to a side shared with another cage
                c, r = min(int(x // cell), n - 1), min(int(y // cell), n - 1)
                here = owner[r * n + c]
                for dr, dc, gap in ((0, -1, x - c * cell), (0, 1, (c + 1) * cell - x),
                                    (-1, 0, y - r * cell), (1, 0, (r + 1) * cell - y)):
                    rr, cc = r + dr, c + dc
                    other = owner.get(rr * n + cc) if 0 <= rr < n and 0 <= cc < n else None
                    if other != here:
                        assert gap >= d - 0.02, (n, (x1, y1, x2, y2))
            for label in drawing.labels:
                width = _measure(label.text, drawing.font_size)
                top = label.y - CAP_HEIGHT * drawing.font_size
                inside_x = label.x < (x1 + x2) / 2 < label.x + width
                assert not (inside_x and top <= y1 <= label.y and y1 == y2)


@pytest.mark.parametrize("args, line", [
    (("--kind", "kenken", "--box", "2x3"), "--box is not an option of --kind kenken"),
    (("--kind", "killer", "--rating", "2-3"), "--rating is not an option of --kind killer"),
    (("--kind", "killer", "--ops"), "--ops is not an option of --kind killer"),
    (("--cages", "2-4"), "--cages is not an option of --kind sudoku"),
    (("--kind", "killer", "--cages", "two"), "--cages: 'two' is not a range of cells like 2-5"),
    (("--kind", "killer", "--cages", "5-2"), "--cages: min 5 is above max 2"),
    (("--kind", "killer", "--box", "3"), "--box: '3' is not a box shape ROWSxCOLS like 2x3"),
    (("--kind", "kenken", "--size", "12"), "--size: Input should be less than or equal to 9"),
])
def test_options_a_kind_does_not_take_are_one_line(cli: Cli, args: tuple, line: str) -> None:
    """What each kind takes is its ``generate`` block's keys: the command says which option
    does not fit, as the config names the key."""
    code, out, err = cli("generate", *args)
    assert (code, out, err) == (2, "", f"puzzlepress: error: {line}\n")


@pytest.mark.parametrize("args", [
    ("--kind", "kenken", "--size", "5", "--count", "3", "--seed", "8"),
    ("--kind", "kenken", "--size", "4", "--no-ops", "--count", "2"),
    ("--kind", "killer", "--size", "6", "--cages", "2-4", "--count", "2", "--json"),
    ("--kind", "killer", "--size", "4", "--jigsaw", "--count", "1"),
])
def test_generated_lines_read_back_unchanged(cli: Cli, tmp_path: Path, args: tuple) -> None:
    code, out, _ = cli("generate", *args)
    assert code == 0
    lines = out.splitlines()
    again = cli("generate", *args)[1].splitlines()
    assert lines == again                                  # seeded: the same lines
    records = [json.loads(line) for line in lines]
    for record in records:
        parse = parse_kenken if record["kind"] == "kenken" else parse_killer
        puzzle = parse(record)
        assert not isinstance(puzzle, Exception) and puzzle.format(tuple(int(ch, 36) for ch in record["solution"])) \
            == record["solution"]
        back = (json.loads(json.dumps(r)) for r in [record])
        assert next(back) == record
    saved = tmp_path / "made.json"
    saved.write_text("[\n" + ",\n".join(lines) + "\n]\n")
    code, out, _ = cli("check", "--json", str(saved))
    assert code == 0
    checked = [json.loads(line) for line in out.splitlines()]
    assert [c["solution"] for c in checked] == [r["solution"] for r in records]
    assert {c["kind"] for c in checked} == {records[0]["kind"]}


def test_check_grade_solve_read_both_kinds_beside_sudoku(cli: Cli, tmp_path: Path) -> None:
    killer = json.loads((REPO / "puzzles/killer-9x9.json").read_text())[1]
    kenken = json.loads((REPO / "puzzles/kenken-6x6.json").read_text())[2]
    sudoku = {"givens": HARD_9X9}
    bad = dict(kenken, cages=kenken["cages"][1:])
    mixed = tmp_path / "mixed.yaml"
    mixed.write_text("\n".join(f"- {json.dumps(entry)}" for entry in (killer, kenken, sudoku, bad)) + "\n")
    code, out, _ = cli("check", "--json", str(mixed))
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [r["kind"] for r in records] == ["killer", "kenken", "sudoku", "kenken"]
    assert [r["status"] for r in records] == ["unique", "unique", "unique", "contradictory"]
    assert records[0]["solution"] == killer["solution"] and records[1]["solution"] == kenken["solution"]
    assert "in no cage" in records[3]["reason"]
    code, out, _ = cli("grade", "--json", str(mixed))
    graded = [json.loads(line) for line in out.splitlines()]
    assert graded[0]["level"] == killer["level"] and graded[1]["level"] == kenken["level"]
    code, out, _ = cli("grade", "--explain", str(mixed))
    assert re.search(r"cage \d+[x+/-]? at r\dc\d can only be", out)
    code, out, _ = cli("solve", str(mixed))
    assert " ".join(kenken["solution"][:6]) in out


def _book(tmp_path: Path) -> Path:
    config = tmp_path / "config.yaml"
    config.write_text(f"""
books:
  - title: Cage puzzles
    language: en
    answers: separate
    sections:
      - title: Killer Sudoku
        kind: killer
        difficulty: auto
        puzzles: {REPO / 'puzzles/killer-9x9.json'}
      - title: KenKen
        kind: kenken
        difficulty: auto
        puzzles: {REPO / 'puzzles/kenken-6x6.json'}
        generate: {{count: 2, level: medium, size: 4, seed: 2}}
""")
    return config


@pytest.mark.slow
def test_a_book_with_a_killer_and_a_kenken_section_in_all_four_formats(cli: Cli,
                                                                       tmp_path: Path) -> None:
    code, _, err = cli("build", str(_book(tmp_path)), "--out", str(tmp_path / "out"), "--jobs", "1")
    assert code == 0, err
    out_dir = tmp_path / "out"
    killers = json.loads((REPO / "puzzles/killer-9x9.json").read_text())
    sums = [str(cage["sum"]) for cage in killers[0]["cages"]]
    text = "".join(page.extract_text() for page in PdfReader(out_dir / "cage-puzzles-puzzles.pdf").pages)
    assert all(total in text for total in sums)
    assert "×" in text or "+" in text                      # KenKen operations printed
    grids = len(killers) + 4 + 2
    html = (out_dir / "cage-puzzles-puzzles.html").read_text()
    assert html.count('<svg class="cages"') == grids
    assert all(f">{total}</text>" in html for total in sums)
    with zipfile.ZipFile(out_dir / "cage-puzzles-puzzles.docx") as docx:
        pictures = [name for name in docx.namelist() if name.startswith("word/media/")]
        document = docx.read("word/document.xml").decode()
    assert len(pictures) == grids and document.count("cages\"") >= grids
    rtf = (out_dir / "cage-puzzles-answers.rtf").read_text()
    assert rtf.count("\\pict") >= grids
    io.BytesIO()   # (nothing else to close)


def test_canonical_forms_see_a_turned_puzzle_as_the_same() -> None:
    from publisher.kinds import get
    from solver.cages.cage import Cage
    from solver.kenken import KenKen
    kenken = get("kenken")
    puzzle = parse_kenken(json.loads((REPO / "puzzles/kenken-6x6.json").read_text())[0])
    n = puzzle.size
    turned = KenKen(n, tuple(Cage(tuple(sorted((c % n) * n + n - 1 - c // n for c in cage.cells)), cage.total,
                                  cage.op) for cage in puzzle.cages))
    assert kenken.canonical(turned) == kenken.canonical(puzzle)
    assert kenken.relation(turned, puzzle) == ("rotated 90°",)
    assert kenken.relation(puzzle, puzzle) == ()
    other = parse_kenken(json.loads((REPO / "puzzles/kenken-6x6.json").read_text())[1])
    assert kenken.relation(other, puzzle) is None and kenken.canonical(other) != kenken.canonical(puzzle)
    text, hints = kenken.as_text(puzzle)
    assert [p.cages for p in kenken.parse_text(text, hints)] == [puzzle.cages]
