"""The full-wrap cover an editor signs off (issue 32): spine text on a thin spine, a back text
block inside 0.5 in, the contents listed when no back text is given, a front puzzle that is
none of the book's. Everything is read back from the written PDF with pymupdf: the words and
their boxes, the spine's ink from a rendering of the spine (pixels unlike the background, not
the layout's arithmetic), the front grid's digits placed in the cells of its drawn frame."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pymupdf
import pytest
import yaml

from publisher.cli import main
from publisher.printing import cover
from publisher.printing.interior import PrintChoice
from publisher.printing.preflight import check_cover
from publisher.printing.profile import load_profile
from solver.sudoku import parse_text, verify
from tests.printing.ink import ink_across
from tests.samples import DATA

INCH = 72.0
BLEED = 0.125 * INCH
TRIM = (6 * INCH, 9 * INCH)
WHITE_PER_PAGE = 0.002252          # KDP's white paper, inches a page (KDP Help, "Create a paperback cover")
CLEARANCE = 0.0625 * INCH          # KDP: spine text this far from each edge of the spine
BACKGROUND = (0x1D, 0x35, 0x57)    # the default cover background, #1d3557
#: (section, level, puzzles): 40 + 26 easy puzzles one a page make a 102-page KDP 6x9 book
SECTIONS = (("Warm-up", "easy", 40), ("Steady", "medium", 26))


def _lines() -> list[str]:
    return [line.split()[0] for name in ("graded-easy-60.txt", "easy50.txt")
            for line in (DATA / name).read_text().splitlines() if line.strip()]


def cover_book(folder: Path, sections: tuple[tuple[str, str, int], ...] = SECTIONS, **cover_keys: Any) -> Path:
    """A KDP 6x9 in book (white paper, bleed) of ``sections``' puzzles one a page, answers at
    the back, its cover block ``cover_keys``; the config in ``folder``, output in ``folder``/out."""
    lines, start, listed = _lines(), 0, []
    for index, (title, level, count) in enumerate(sections):
        (folder / f"set{index}.txt").write_text("\n".join(lines[start:start + count]) + "\n")
        listed.append({"title": title, "difficulty": level, "puzzles": f"set{index}.txt"})
        start += count
    book = {"title": "Easy Sudoku", "author": "Test Author", "answers": "back", "page": {"size": "6x9in"},
            "layout": {"puzzles_per_page": "1x1", "answers_per_page": "1x1"},
            "print": {"service": "kdp", "paper": "white", "bleed": True}, "sections": listed}
    if cover_keys:
        book["cover"] = cover_keys
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump({"books": [book], "output": {"folder": "out", "formats": ["pdf"]}}))
    return path


def book_puzzles(folder: Path) -> set[str]:
    """The givens of every puzzle of the book, as 81 characters ('.' for an empty cell)."""
    return {"".join(ch if ch.isdigit() and ch != "0" else "." for ch in line)
            for path in folder.glob("set*.txt") for line in path.read_text().split()}


def pages_of(folder: Path) -> int:
    with pymupdf.open(folder / "out" / "easy-sudoku-puzzles.pdf") as doc:
        return int(doc.page_count)


def spine_x(pages: int) -> tuple[float, float]:
    """The spine's folds, points from the cover's left edge: bleed + back trim, then the spine."""
    left = BLEED + TRIM[0]
    return left, left + pages * WHITE_PER_PAGE * INCH


def front_givens(page: pymupdf.Page) -> str:
    """The front grid as 81 characters: its frame is the box of the strokes drawn on the front
    panel, each digit on the front goes in the cell its centre falls in."""
    front_x = BLEED + TRIM[0] + (page.rect.width - 2 * BLEED - 2 * TRIM[0])
    strokes = [d["rect"] for d in page.get_drawings() if d.get("color") is not None and d["rect"].x0 > front_x]
    frame = pymupdf.Rect(min(r.x0 for r in strokes), min(r.y0 for r in strokes),
                         max(r.x1 for r in strokes), max(r.y1 for r in strokes))
    cell = frame.width / 9
    cells = ["."] * 81
    for x0, y0, x1, y1, word, *_ in page.get_text("words"):
        centre = pymupdf.Point((x0 + x1) / 2, (y0 + y1) / 2)
        if word.isdigit() and len(word) == 1 and centre in frame:
            cells[int((centre.y - frame.y0) // cell) * 9 + int((centre.x - frame.x0) // cell)] = word
    return "".join(cells)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cover102")
    assert main(["build", str(cover_book(folder)), "-q"]) == 0
    return folder


@pytest.mark.slow
def test_a_102_page_kdp_6x9_cover_carries_spine_text_inside_its_clearance(built: Path) -> None:
    pages = pages_of(built)
    folds = spine_x(pages)
    assert 100 <= pages <= 104 and folds[1] - folds[0] < 0.235 * INCH   # about 0.230 in: the spine
    with pymupdf.open(built / "out" / "easy-sudoku-cover.pdf") as doc:
        page = doc[0]
        on_spine = [w for w in page.get_text("words") if folds[0] < (w[0] + w[2]) / 2 < folds[1]]
        assert " ".join(w[4] for w in on_spine) == "Easy Sudoku · Test Author"
        # along the spine the words stay 0.5 in inside the top and bottom trims
        assert min(w[1] for w in on_spine) >= BLEED + 0.5 * INCH - 0.05
        assert max(w[3] for w in on_spine) <= BLEED + TRIM[1] - 0.5 * INCH + 0.05
        # across it, their ink stays inside the spine less 0.0625 in each side, centred
        ink = ink_across(page, pymupdf.Rect(folds[0], BLEED, folds[1], BLEED + TRIM[1]), BACKGROUND)
        assert ink is not None
        assert ink[0] >= folds[0] + CLEARANCE and ink[1] <= folds[1] - CLEARANCE
        assert (ink[0] - folds[0]) - (folds[1] - ink[1]) == pytest.approx(0, abs=0.5)
        # and the type fills that room: no 6 pt line in a spine that holds 7 pt and more
        sizes = {round(span["size"], 1) for block in page.get_text("dict")["blocks"]
                 for line in block.get("lines", ()) for span in line["spans"]
                 if folds[0] < (span["bbox"][0] + span["bbox"][2]) / 2 < folds[1]}
        assert len(sizes) == 1 and sizes.pop() >= 7.0
        assert ink[1] - ink[0] >= (folds[1] - folds[0] - 2 * CLEARANCE) - 1.0


@pytest.mark.slow
def test_the_back_text_block_is_inside_half_an_inch_at_10_pt_and_lists_what_is_inside(built: Path) -> None:
    with pymupdf.open(built / "out" / "easy-sudoku-cover.pdf") as doc:
        page = doc[0]
        spans = [span for block in page.get_text("dict")["blocks"] for line in block.get("lines", ())
                 for span in line["spans"] if span["text"].strip() and span["bbox"][2] < BLEED + TRIM[0]]
        text = page.get_text("text", clip=pymupdf.Rect(0, 0, BLEED + TRIM[0], page.rect.height))
    assert spans
    for span in spans:
        x0, y0, x1, y1 = span["bbox"]
        assert span["size"] >= 10, span["text"]
        assert x0 >= BLEED + 0.5 * INCH - 0.05 and x1 <= BLEED + TRIM[0] - 0.5 * INCH + 0.05, span["text"]
        assert y0 >= BLEED + 0.5 * INCH - 0.05 and y1 <= BLEED + TRIM[1] - 0.5 * INCH + 0.05, span["text"]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    total = sum(count for *_, count in SECTIONS)
    assert lines == ["Easy Sudoku", f"Inside: {total} puzzles",
                     f"{total} Sudoku: {SECTIONS[0][2]} Easy, {SECTIONS[1][2]} Medium"]


@pytest.mark.slow
def test_the_front_puzzle_is_none_of_the_books_and_is_a_sudoku_with_one_solution(built: Path) -> None:
    with pymupdf.open(built / "out" / "easy-sudoku-cover.pdf") as doc:
        givens = front_givens(doc[0])
    assert givens.count(".") < 81 - 17
    assert givens not in book_puzzles(built)
    (puzzle,) = parse_text(givens)
    assert verify(puzzle).status.value == "unique"


@pytest.mark.slow
def test_the_same_book_gives_the_same_cover_bytes(built: Path, tmp_path: Path) -> None:
    assert main(["build", str(cover_book(tmp_path)), "-q"]) == 0
    assert (tmp_path / "out" / "easy-sudoku-cover.pdf").read_bytes() == \
        (built / "out" / "easy-sudoku-cover.pdf").read_bytes()


@pytest.mark.slow
def test_spine_ink_inside_the_clearance_fails_preflight(built: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cover, "SPINE_SPARE", -1.5)   # type 1.5 pt into the clearance on each side
    config = cover_book(tmp_path)
    assert main(["build", str(config), "-q"]) == 1
    err = capsys.readouterr().err
    assert "spine-text" not in err and "text 'Easy Sudoku · Test Author': its ink 0.04" in err
    assert "from a spine fold, KDP needs 0.0625 in" in err
    assert not (tmp_path / "out").exists()
    # the good cover passes the same check, read from its bytes alone
    data = (built / "out" / "easy-sudoku-cover.pdf").read_bytes()
    chosen = PrintChoice(load_profile("kdp"), "white", True)
    assert check_cover(data, "cover.pdf", chosen, pages_of(built), TRIM) == []


SMALL = (("Warm-up", "easy", 6), ("Steady", "hard", 4))


def test_cover_puzzle_none_leaves_the_front_without_a_grid_and_a_given_one_is_drawn(tmp_path: Path) -> None:
    assert main(["build", str(cover_book(tmp_path, SMALL, puzzle="none")), "-q"]) == 0
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-cover.pdf") as doc:
        front = [w[4] for w in doc[0].get_text("words") if w[0] > BLEED + TRIM[0] + 20]
    assert front == ["Easy", "Sudoku", "Test", "Author"]
    own = _lines()[-1]
    assert own.replace("0", ".") not in book_puzzles(tmp_path)
    assert main(["build", str(cover_book(tmp_path, SMALL, puzzle=own)), "-q"]) == 0
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-cover.pdf") as doc:
        assert front_givens(doc[0]) == "".join(ch if ch in "123456789" else "." for ch in own)


def test_a_cover_puzzle_of_the_book_or_with_two_solutions_is_one_line_naming_the_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _lines()[0]
    turned = "".join(first[(8 - c) * 9 + r] for r in range(9) for c in range(9))   # a quarter turn
    assert turned != first
    config = cover_book(tmp_path, SMALL, puzzle=turned)
    assert main(["build", str(config), "-q"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("books[0].cover.puzzle: the puzzle is one of the book's; the front must not give one away")
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists()
    loose = "1" + "." * 80
    assert main(["build", str(cover_book(tmp_path, SMALL, puzzle=loose)), "-q"]) == 2
    err = capsys.readouterr().err.strip()
    assert "books[0].cover.puzzle: not a puzzle with one solution: multiple (2 solutions" in err
    assert len(err.splitlines()) == 1


def test_a_back_text_too_long_for_its_block_is_one_line_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blurb = "\n".join(f"Paragraph {n}: a sentence long enough to wrap over two lines of the block." for n in range(40))
    config = cover_book(tmp_path, SMALL, back_text=blurb)
    assert main(["build", str(config), "-q"]) == 2
    err = capsys.readouterr().err.strip()
    assert "books[0].cover.back_text: the back text does not fit on the back cover at 10 pt" in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_the_default_back_text_is_in_the_books_language(tmp_path: Path) -> None:
    config = cover_book(tmp_path, SMALL)
    data = yaml.safe_load(config.read_text())
    data["books"][0]["language"] = "vi"
    config.write_text(yaml.safe_dump(data, allow_unicode=True))
    assert main(["build", str(config), "-q"]) == 0
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-cover.pdf") as doc:
        text = doc[0].get_text("text", clip=pymupdf.Rect(0, 0, BLEED + TRIM[0], doc[0].rect.height))
    assert [line.strip() for line in text.splitlines() if line.strip()] == [
        "Easy Sudoku", "Bên trong: 10 câu đố", "10 Sudoku: 6 Dễ, 4 Khó"]
