"""Hold-out acceptance: books nobody has built yet, through the real CLI.

Each case is a config a demanding user would try (odd trims, mirrored
margins, dense or impossible layouts, every Sudoku size, jigsaw regions,
custom symbols, long and hostile titles, other scripts, user fonts). The
puzzles are generated here, independently of the solver: a full grid from
the pattern ``((r % br) * bc + r // br + c) % n`` with shuffled symbols,
bands, rows, stacks and columns, then cells blanked only while every blank
is a naked single of the givens -- so each puzzle has exactly one solution
by construction.

Oracles: the README's exit-code and report contract, poppler (pdfinfo,
pdffonts, pdftotext), the book model's geometry (every block inside the
content box, no two overlapping), bytes of a second build, and for a few
cases LibreOffice and Chromium page counts.
"""
from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

import publisher.build as build_module
from publisher.cli import main
from publisher.model import Band, Booklet, Page, TextBlock
from tests import consumers

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
MM = 72 / 25.4
INCH = 72.0
#: page sizes as the README names them, in points (the oracle, not publisher.units)
SIZES = {"A4": (210 * MM, 297 * MM), "A5": (148 * MM, 210 * MM), "Letter": (8.5 * INCH, 11 * INCH),
         "6x9in": (6 * INCH, 9 * INCH), "8.5x11in": (8.5 * INCH, 11 * INCH), "5x8in": (5 * INCH, 8 * INCH),
         "170x240mm": (170 * MM, 240 * MM), "400x600pt": (400.0, 600.0)}
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
DEJAVU_MONO = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
TOLERANCE = 0.05   # points: model coordinates are rounded to 0.01


# --------------------------------------------------------------------------
# Puzzles, unique by construction
# --------------------------------------------------------------------------

def full_grid(n: int, rng: random.Random, box: tuple[int, int] | None = None) -> list[int]:
    """A valid n x n Sudoku solution (values 0..n-1) with boxes of ``box``."""
    br, bc = box or BOXES[n]
    base = [[((r % br) * bc + r // br + c) % n for c in range(n)] for r in range(n)]
    symbols = rng.sample(range(n), n)
    bands, stacks = rng.sample(range(n // br), n // br), rng.sample(range(n // bc), n // bc)
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    return [symbols[base[r][c]] for r in rows for c in cols]


def _units(n: int, regions: list[int]) -> list[list[int]]:
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    by_region: dict[int, list[int]] = {}
    for cell, region in enumerate(regions):
        by_region.setdefault(region, []).append(cell)
    return units + list(by_region.values())


def box_regions(n: int, box: tuple[int, int] | None = None) -> list[int]:
    br, bc = box or BOXES[n]
    return [(i // n) // br * (n // bc) + (i % n) // bc for i in range(n * n)]


def blank_cells(solution: list[int], n: int, regions: list[int], rng: random.Random,
                share: float = 0.5) -> list[bool]:
    """Which cells stay given: blanks are added in random order only while every
    blank is a naked single of the givens (its peers' givens leave one value),
    so the puzzle has exactly one solution without any search."""
    peers: list[set[int]] = [set() for _ in solution]
    for unit in _units(n, regions):
        for cell in unit:
            peers[cell].update(unit)
    for cell, found in enumerate(peers):
        found.discard(cell)
    given = [True] * len(solution)
    blanks = 0

    def forced(cell: int) -> bool:
        return len({solution[p] for p in peers[cell] if given[p]}) == n - 1

    for cell in rng.sample(range(len(solution)), len(solution)):
        if blanks >= share * len(solution):
            break
        given[cell] = False
        if forced(cell) and all(forced(p) for p in peers[cell] if not given[p]):
            blanks += 1
        else:
            given[cell] = True
    return given


def sudoku_line(n: int, rng: random.Random, symbols: str = SYMBOLS, blank: str = ".") -> tuple[str, str]:
    """(puzzle, solution) as one-line strings."""
    solution = full_grid(n, rng)
    given = blank_cells(solution, n, box_regions(n), rng)
    puzzle = "".join(symbols[v] if g else blank for v, g in zip(solution, given))
    return puzzle, "".join(symbols[v] for v in solution)


#: a 6x6 jigsaw: connected irregular regions (rows 0-1 / 2-3 / 4-5 differ from 2x3 boxes)
JIGSAW_6 = [0, 0, 0, 1, 1, 1,
            0, 0, 2, 1, 1, 1,
            0, 2, 2, 2, 3, 3,
            4, 4, 2, 3, 3, 3,
            4, 4, 5, 5, 5, 3,
            4, 4, 5, 5, 5, 2]


def jigsaw_solution(n: int, regions: list[int], rng: random.Random) -> list[int] | None:
    """A solution of a jigsaw layout by plain backtracking (tiny grids only)."""
    units = _units(n, regions)
    cell_units = [[u for u in units if cell in u] for cell in range(n * n)]
    grid = [-1] * (n * n)

    def fill(cell: int) -> bool:
        if cell == n * n:
            return True
        used = {grid[p] for u in cell_units[cell] for p in u}
        for value in rng.sample(range(n), n):
            if value not in used:
                grid[cell] = value
                if fill(cell + 1):
                    return True
        grid[cell] = -1
        return False

    return grid if fill(0) else None


# --------------------------------------------------------------------------
# Cases: a config and what the build must do with it
# --------------------------------------------------------------------------

@dataclass
class Case:
    """One hold-out config. ``sections`` maps to ``books[0].sections`` with the
    puzzle lines written to files; ``book`` holds the other book keys."""

    name: str
    book: dict[str, Any]
    sections: list[dict[str, Any]]
    formats: tuple[str, ...] = ("pdf", "docx", "rtf", "html")
    exit_code: int = 0
    error: str | None = None           # a regex the one stderr line must match (exit 2)
    extra: dict[str, Any] = field(default_factory=dict)   # top-level keys


def section(title: str, lines: list[str], **keys: Any) -> dict[str, Any]:
    return {"title": title, "_lines": lines, **keys}


def write_case(case: Case, folder: Path) -> Path:
    sections = []
    for s, spec in enumerate(case.sections):
        spec = dict(spec)
        lines = spec.pop("_lines", None)
        if lines is not None:
            name = f"set{s}.{spec.pop('_ext', 'txt')}"
            (folder / name).write_text(lines if isinstance(lines, str) else "\n".join(lines) + "\n",
                                       encoding="utf-8")
            spec["puzzles"] = name
        sections.append(spec)
    config = {"books": [{**case.book, "sections": sections}],
              "output": {"folder": "out", "formats": list(case.formats)}, **case.extra}
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@dataclass
class Built:
    code: int
    err: str
    report: dict[str, Any]
    booklets: list[Booklet]
    folder: Path


def run_build(case: Case, folder: Path, monkeypatch: pytest.MonkeyPatch,
              capsys: pytest.CaptureFixture[str]) -> Built:
    """Build through the CLI, keeping the booklets layout returned (the model
    every renderer drew)."""
    folder.mkdir(parents=True, exist_ok=True)
    config = write_case(case, folder)
    booklets: list[Booklet] = []
    real = build_module.layout_book

    def spy(spec: Any) -> tuple[Booklet, ...]:
        made = real(spec)
        booklets.extend(made)
        return made

    monkeypatch.setattr(build_module, "layout_book", spy)
    capsys.readouterr()
    report = folder / "report.json"
    code = main(["build", str(config), "--report", str(report), "--quiet", "--jobs", "1"])
    err = capsys.readouterr().err
    return Built(code, err, json.loads(report.read_text(encoding="utf-8")), booklets, folder)


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------

def _box(block: TextBlock | Band) -> tuple[float, float, float, float]:
    return block.x, block.y, block.x + block.width, block.y + block.height


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE) and (min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE)


def check_page_geometry(page: Page, width: float, height: float) -> None:
    """Every block inside the content box, every grid inside its band, no two
    blocks (or grids) overlapping, running head and folio on the page and
    clear of the content."""
    content = (page.content_x, page.content_y, page.content_x + page.content_width,
               page.content_y + page.content_height)
    boxes = []
    for block in page.blocks:
        box = _box(block)
        assert box[0] >= content[0] - TOLERANCE and box[1] >= content[1] - TOLERANCE, (page.number, block)
        assert box[2] <= content[2] + TOLERANCE and box[3] <= content[3] + TOLERANCE, (page.number, box, content)
        boxes.append(box)
        if isinstance(block, Band):
            grids = [(p.x, p.y, p.x + p.grid.width, p.y + p.caption_height + p.grid.height) for p in block.items]
            for g in grids:
                assert g[0] >= box[0] - TOLERANCE and g[2] <= box[2] + TOLERANCE and g[3] <= box[3] + TOLERANCE
            assert not any(_overlap(a, b) for i, a in enumerate(grids) for b in grids[i + 1:]), page.number
        elif isinstance(block, TextBlock):
            assert block.height == pytest.approx(len(block.lines) * block.style.leading, abs=0.02)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlap(a, b), (page.number, a, b)
    for margin in (page.header, page.footer):
        if margin is not None:
            box = _box(margin)
            assert box[0] >= -TOLERANCE and box[1] >= -TOLERANCE and box[2] <= width + TOLERANCE
            assert box[3] <= height + TOLERANCE
            assert not _overlap(box, content), (page.number, margin)


def check_model(built: Built, size: tuple[float, float]) -> None:
    for booklet in built.booklets:
        assert (booklet.page_width, booklet.page_height) == pytest.approx(size, abs=0.01)
        assert [p.number for p in booklet.pages] == list(range(1, booklet.page_count + 1))
        for page in booklet.pages:
            check_page_geometry(page, booklet.page_width, booklet.page_height)


def _words(pdf: Path) -> list[tuple[int, float, float, float, float, str]]:
    """(page, xmin, ymin, xmax, ymax, word) from ``pdftotext -bbox``."""
    html = subprocess.run([consumers.require(None, "pdftotext"), "-bbox", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    words, page = [], 0
    for line in html.splitlines():
        if "<page " in line:
            page += 1
        found = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if found:
            words.append((page, *map(float, found.groups()[:4]), found.group(5)))
    return words


def check_pdf(pdf: Path, pages: int, size: tuple[float, float], title: str, numbers: range) -> None:
    """What poppler sees: page count, page size, embedded fonts, the title, every
    puzzle number as a word, and no word outside the page."""
    assert consumers.pdf_page_count(pdf) == pages
    assert consumers.pdf_page_size(pdf) == pytest.approx(size, abs=0.01)
    fonts = consumers.pdf_fonts(pdf)
    assert fonts and all(f["emb"] == "yes" for f in fonts), fonts
    text = " ".join(consumers.pdf_text(pdf, first=1, last=1).split())
    words = _words(pdf)
    assert " ".join(title.split())[:40] in text.replace("- ", "-") or _title_in(title, text)
    found = {w[5] for w in words}
    missing = [n for n in numbers if str(n) not in found]
    assert not missing, f"puzzle numbers not in {pdf.name}: {missing[:10]}"
    for page, x0, y0, x1, y1, word in words:
        assert x0 >= -0.5 and x1 <= size[0] + 0.5 and y0 >= -0.5 and y1 <= size[1] + 0.5, (page, word)
    by_page: dict[int, list[tuple[float, ...]]] = {}
    for page, *box, _word in words:
        by_page.setdefault(page, []).append(tuple(box))
    for page, boxes in by_page.items():   # text drawn over text: a caption on a grid, a head on a heading
        boxes.sort()
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                if b[0] >= a[2]:
                    break
                # word boxes span the font's ascent and descent, so lines of a paragraph touch a little
                shared = min(a[3], b[3]) - max(a[1], b[1])
                assert not (min(a[2], b[2]) - max(a[0], b[0]) > 1 and shared > 0.3 * min(a[3] - a[1], b[3] - b[1])), \
                    (pdf.name, page, a, b)


def _title_in(title: str, text: str) -> bool:
    """The title's words in order in the text (pdftotext may break lines anywhere)."""
    return "".join(title.split())[:40] in "".join(text.split())


def check_outputs(built: Built, case: Case, size: tuple[float, float], expect_roles: set[str]) -> None:
    report = built.report
    assert report["status"] == "built" and report["exit_code"] == 0 and report["errors"] == []
    outputs = report["outputs"]
    assert {(o["format"], o["role"]) for o in outputs} == {(f, r) for f in case.formats for r in expect_roles}
    by_role = {b.role: b for b in built.booklets}
    accepted = sum(s["accepted"] for s in report["sections"])
    numbers = [p["number"] for p in report["puzzles"] if p["number"] is not None]
    assert sorted(numbers) == list(range(1, accepted + 1))
    for out in outputs:
        path = built.folder / "out" / Path(out["path"]).name
        data = path.read_bytes()
        assert len(data) == out["bytes"] and hashlib.sha256(data).hexdigest() == out["sha256"]
        assert out["pages"] == by_role[out["role"]].page_count
        if out["format"] == "pdf":
            check_pdf(path, out["pages"], size, case.book["title"], range(1, accepted + 1))


def outputs_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / "out").iterdir())}


# --------------------------------------------------------------------------
# The cases
# --------------------------------------------------------------------------

def lines(n: int, count: int, seed: int, symbols: str = SYMBOLS) -> list[str]:
    rng = random.Random(seed * 1000 + n)
    return [sudoku_line(n, rng, symbols)[0] for _ in range(count)]


def jigsaw_yaml(count: int, seed: int) -> str:
    rng = random.Random(seed)
    puzzles = []
    for i in range(count):
        solution = jigsaw_solution(6, JIGSAW_6, rng)
        assert solution is not None
        given = blank_cells(solution, 6, JIGSAW_6, rng)
        rows = ["".join(SYMBOLS[v] if g else "." for v, g in zip(solution[r * 6:r * 6 + 6], given[r * 6:r * 6 + 6]))
                for r in range(6)]
        puzzles.append({"id": f"j{i}", "givens": rows, "regions": JIGSAW_6})
    return yaml.safe_dump(puzzles, sort_keys=False)


VI = "Tuyển tập Sudoku cho người cao tuổi — Điền số vào ô trống"
EL = "Συλλογή γρίφων Σουντόκου"
RU = "Сборник судоку: от простого к сложному"
HOSTILE = r"<script>alert('x')</script> & {braces} \par \\ back\slash"
LONG_TITLE = ("A Very Long Title For A Puzzle Book " * 9)[:300]

CASES = [
    Case("a4-default-9x9", {"title": "Holdout A4"}, [section("Easy", lines(9, 7, 1))]),
    Case("a5-1x2-mirrored-auto", {"title": "Holdout A5", "page": {"size": "A5", "mirrored": True,
                                                                   "margins": {"inside": "auto"}},
                                   "layout": {"puzzles_per_page": "1x2"}},
         [section("S", lines(9, 5, 2))]),
    Case("letter-2x2-back", {"title": "Letter back", "page": {"size": "Letter"}, "answers": "back",
                             "layout": {"puzzles_per_page": "2x2", "answers_per_page": "2x3"}},
         [section("S", lines(9, 9, 3))]),
    Case("6x9in-large-print-both", {"title": VI, "language": "vi", "page": {"size": "6x9in"},
                                    "layout": {"large_print": True}, "answers": "both"},
         [section("Bộ 1", lines(9, 3, 4), instructions=VI)]),
    Case("8.5x11-3x3", {"title": "Dense", "page": {"size": "8.5x11in"},
                        "layout": {"puzzles_per_page": "3x3", "answers_per_page": "3x4"}},
         [section("S", lines(9, 11, 5))]),
    Case("5x8in-small-margins", {"title": "Pocket", "page": {"size": "5x8in", "margins": {
        "top": "0.4in", "bottom": "0.4in", "inside": "0.3in", "outside": "0.25in"}}},
         [section("S", lines(9, 4, 6)), section("Kids", lines(4, 5, 6))]),
    Case("custom-mm-big-margins", {"title": "Custom mm", "page": {"size": "170x240mm", "margins": {
        "top": "30mm", "bottom": "30mm", "inside": "25mm", "outside": "25mm"}, "mirrored": True}},
         [section("S", lines(6, 6, 7))]),
    Case("custom-pt-3x4", {"title": "Custom pt", "page": {"size": "400x600pt"},
                           "layout": {"puzzles_per_page": "3x4", "answers_per_page": "3x4"}},
         [section("Four", lines(4, 13, 8))]),
    Case("all-sizes-mixed", {"title": "Every size", "page": {"size": "A4"}},
         [section("Mixed", lines(4, 2, 9) + lines(6, 2, 9) + lines(9, 2, 9) + lines(4, 1, 10)),
          section("8x8", lines(8, 3, 9)), section("10x10", lines(10, 3, 9)), section("12x12", lines(12, 3, 9)),
          section("16x16", lines(16, 2, 9)), section("25x25", lines(25, 1, 9))]),
    Case("hex-symbols", {"title": "Hex", "language": "fr"},
         [section("Hex", lines(16, 2, 11, "0123456789ABCDEF"), symbols="0123456789ABCDEF")]),
    Case("jigsaw", {"title": "Jigsaw"}, [section("J", jigsaw_yaml(4, 12), _ext="yaml")]),
    Case("one-puzzle", {"title": "One"}, [section("S", lines(9, 1, 13))]),
    Case("scripts", {"title": EL, "subtitle": RU, "author": "Nguyễn Văn Ánh", "language": "vi",
                     "instructions": RU + " " + EL},
         [section(RU, lines(9, 3, 14), instructions=EL), section(EL, lines(6, 3, 14))]),
    Case("hostile-text", {"title": HOSTILE, "subtitle": "{\\rtf1 }", "author": "A & B <b>",
                          "instructions": "\\u1234? {x} </style>"},
         [section("{S} & <i>", lines(9, 2, 15), instructions="\\\\server\\share {0}")]),
    Case("long-title", {"title": LONG_TITLE, "instructions": "Fill the grid. " * 60},
         [section(LONG_TITLE, lines(9, 3, 16), instructions="Every row, column and box. " * 25)]),
    Case("knights-tours-6x9-mirrored-both", {"title": "Knights", "page": {"size": "6x9in", "mirrored": True},
                                              "answers": "both"},
         [{"title": "Tours", "kind": "knights_tour", "boards": [
             {"size": "5x5", "start": "a1"}, {"size": "6x6", "start": "c3", "closed": True},
             {"size": "3x4", "start": "a1"}, {"size": "8x8", "show_first": 12}, {"size": "10x10", "closed": True},
             {"size": "5x8", "start": "a1"}, {"size": "16x16", "closed": True}]}]),
    Case("queens-a5-skip", {"title": "Queens", "page": {"size": "A5"}, "answers": "back"},
         [{"title": "Q", "kind": "queens", "boards": [
             {"n": 6, "given": ["c1"]}, {"n": 8, "given": ["d8", "h2"]}, {"n": 10, "given": ["i9", "f8", "a6"]},
             {"n": 4}]}], extra={"on_rejected": "skip"}),
    Case("user-font-dejavu", {"title": VI, "language": "vi", "fonts": {"regular": str(DEJAVU)}},
         [section("Bộ 1", lines(9, 3, 17))]),
]


def _roles(case: Case) -> set[str]:
    return {"puzzles"} if case.book.get("answers") == "back" else {"puzzles", "answers"}


def _size(case: Case) -> tuple[float, float]:
    return SIZES[case.book.get("page", {}).get("size", "A4")]


@pytest.mark.consumers
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_holdout_book_builds_and_reads_back(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    built = run_build(case, tmp_path, monkeypatch, capsys)
    assert built.code == 0, built.err
    check_model(built, _size(case))
    check_outputs(built, case, _size(case), _roles(case))


ERROR_CASES = [
    Case("emoji-title", {"title": "Fun 🧩 puzzles"}, [section("S", lines(9, 1, 20))],
         exit_code=2, error=r"config\.yaml:\d+: books\[0\]\.fonts: .*'🧩' \(U\+1F9E9\)"),
    Case("mono-font-vietnamese", {"title": VI, "fonts": {"regular": str(DEJAVU_MONO)}},
         [section("S", lines(9, 1, 21))],
         exit_code=2, error=r"config\.yaml:\d+: books\[0\]\.fonts: font 'DejaVu Sans Mono' .*'ể' \(U\+1EC3\)"),
    Case("section-layout-cannot-fit", {"title": "x", "page": {"size": "A5"}},
         [section("S", lines(9, 2, 22), puzzles_per_page="5x6")],
         exit_code=2, error=r"config\.yaml:7: books\[0\]\.sections\[0\]\.puzzles_per_page: 5x6 grids of 9x9 "),
    Case("book-layout-cannot-fit", {"title": "x", "page": {"size": "Letter"}, "layout": {"answers_per_page": "5x6"}},
         [section("S", lines(9, 2, 23))],
         exit_code=2, error=r"config\.yaml:\d+: books\[0\]\..*answers_per_page: 5x6 grids of 9x9 do not fit"),
    Case("margin-too-small-for-head", {"title": "x", "page": {"margins": {"top": "3mm"}}},
         [section("S", lines(9, 2, 24))],
         exit_code=2, error=r"config\.yaml:\d+: books\[0\]\..*margins\.top: .*too small"),
]


@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda c: c.name)
def test_holdout_config_that_cannot_build_is_one_line_exit_2(case: Case, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    built = run_build(case, tmp_path, monkeypatch, capsys)
    assert built.code == case.exit_code
    err = built.err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in built.err, built.err
    assert re.search(case.error, err[0]), err[0]
    assert built.report["status"] == "error" and built.report["exit_code"] == 2 and built.report["outputs"] == []
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_holdout_builds_are_byte_identical(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Two builds of a book with every feature that could leak order or time
    (mirrored auto gutter, answers both, two scripts, jigsaw) give the same bytes."""
    case = Case("twice", {"title": EL, "author": RU, "language": "vi", "answers": "both",
                          "page": {"size": "6x9in", "mirrored": True, "margins": {"inside": "auto"}}},
                [section("Bộ 1", lines(9, 5, 30) + lines(6, 2, 30)), section("J", jigsaw_yaml(2, 31), _ext="yaml")])
    first = run_build(case, tmp_path / "a", monkeypatch, capsys)
    second = run_build(case, tmp_path / "b", monkeypatch, capsys)
    assert first.code == second.code == 0
    one, two = outputs_bytes(tmp_path / "a"), outputs_bytes(tmp_path / "b")
    assert len(one) == 8 and one == two


def _cells(built: Built, role: str) -> set[float]:
    booklet = next(b for b in built.booklets if b.role == role)
    return {p.grid.cell_size for page in booklet.pages for block in page.blocks if isinstance(block, Band)
            for p in block.items}


@pytest.mark.consumers
@pytest.mark.parametrize("repeats", [12, 30])
def test_holdout_long_section_instructions_do_not_shrink_the_grids(
        repeats: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Half a page of instructions on A5: the grids keep the size they have
    without instructions (the opening moves to a page of its own) instead of
    shrinking on every page of the section, or failing as 'cells 0 pt'."""
    puzzles = lines(9, 3, 40)
    plain = Case("plain", {"title": "x", "page": {"size": "A5"}}, [section("S", puzzles)], formats=("pdf",))
    long = Case("long", plain.book, [section("S", puzzles, instructions="Fill every row and column. " * repeats)],
                formats=("pdf",))
    without = run_build(plain, tmp_path / "plain", monkeypatch, capsys)
    built = run_build(long, tmp_path / "long", monkeypatch, capsys)
    assert without.code == built.code == 0, built.err
    assert _cells(built, "puzzles") == _cells(without, "puzzles")
    check_model(built, SIZES["A5"])
    check_outputs(built, long, SIZES["A5"], {"puzzles", "answers"})
    text = consumers.pdf_text(built.folder / "out" / "x-puzzles.pdf")
    assert "Fill every row and column." in text


TEXT_ERROR_CASES = [
    Case("section-instructions-longer-than-a-page", {"title": "x", "page": {"size": "A5"}},
         [section("S", lines(9, 1, 41), instructions="Fill every row and column with digits. " * 80)],
         exit_code=2, error=r"config\.yaml:7: books\[0\]\.sections\[0\]\.instructions: .*do not fit on one page"),
    Case("large-print-title-longer-than-a-page", {"title": LONG_TITLE, "page": {"size": "A5"},
                                                   "layout": {"large_print": True}},
         [section("S", lines(9, 1, 42))],
         exit_code=2, error=r"config\.yaml:2: books\[0\]\.title: the title page text does not fit"),
]


@pytest.mark.parametrize("case", TEXT_ERROR_CASES, ids=lambda c: c.name)
def test_holdout_text_that_cannot_fit_names_its_key(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    test_holdout_config_that_cannot_build_is_one_line_exit_2(case, tmp_path, monkeypatch, capsys)


CONSUMER_CASES = [
    Case("a5-large-print-vietnamese", {"title": VI, "language": "vi", "page": {"size": "A5"},
                                       "layout": {"large_print": True}},
         [section("Bộ 1", lines(9, 2, 50), instructions=VI)]),
    Case("5x8in-mirrored-auto-mixed", {"title": "Pocket 5x8", "page": {"size": "5x8in", "mirrored": True,
                                                                       "margins": {"inside": "auto"}}},
         [section("S", lines(9, 3, 51), difficulty="hard"), section("16", lines(16, 2, 51)),
          section("Kids", lines(4, 5, 51), instructions="Fill every row and column. " * 14)]),
    Case("400x600pt-3x4-hostile", {"title": HOSTILE, "author": "A & B <b>", "page": {"size": "400x600pt"},
                                   "layout": {"puzzles_per_page": "3x4", "answers_per_page": "3x4"}},
         [section("{S} & <i>", lines(4, 13, 52), instructions="\\\\server\\share {0}")]),
]

#: LibreOffice snaps a page to a paper size of its own table within about half a
#: point (5x8 in comes back 575.46 pt high from a DOCX/RTF that says 11520 twips)
OFFICE_SIZE_TOLERANCE = 0.6


@pytest.mark.consumers
@pytest.mark.slow
@pytest.mark.parametrize("case", CONSUMER_CASES, ids=lambda c: c.name)
def test_holdout_office_and_browser_print_the_same_pages(case: Case, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """LibreOffice (DOCX, RTF) and Chromium (HTML) give every booklet the page
    count and page size of our PDF."""
    built = run_build(case, tmp_path, monkeypatch, capsys)
    assert built.code == 0, built.err
    out = tmp_path / "out"
    office = sorted(out.glob("*.docx")) + sorted(out.glob("*.rtf"))
    converted = consumers.libreoffice_to_pdf(office, tmp_path / "lo")
    size = _size(case)
    for source, pdf in zip(office, converted):
        assert pdf.exists(), f"LibreOffice could not convert {source.name}"
        assert consumers.pdf_page_count(pdf) == consumers.pdf_page_count(out / f"{source.stem}.pdf"), source.name
        assert consumers.pdf_page_size(pdf) == pytest.approx(size, abs=OFFICE_SIZE_TOLERANCE), source.name
    for html in sorted(out.glob("*.html")):
        pdf = consumers.chromium_to_pdf(html, tmp_path / f"{html.stem}-chromium.pdf")
        assert consumers.pdf_page_count(pdf) == consumers.pdf_page_count(out / f"{html.stem}.pdf"), html.name
        assert consumers.pdf_page_size(pdf) == pytest.approx(size, abs=OFFICE_SIZE_TOLERANCE), html.name


# --------------------------------------------------------------------------
# Seeded random configs: whatever a user combines, the build either succeeds
# and passes every check, or stops with one line naming a config key
# --------------------------------------------------------------------------

TITLES = ("Plain title", VI, EL, RU, HOSTILE, LONG_TITLE)
PER_PAGE = (None, "1x1", "1x2", "2x2", "2x3", "3x3", "3x4")
GRID_SIDES = (4, 6, 8, 9, 9, 9, 10, 12, 16, 25)


def random_case(seed: int) -> Case:
    rng = random.Random(seed)
    pick = rng.choice
    page: dict[str, Any] = {"size": pick(sorted(SIZES)), "mirrored": rng.random() < 0.5}
    margins = pick([{}, {"top": "0.5in", "bottom": "0.5in", "outside": "0.25in", "inside": "auto"},
                    {"top": "30mm", "bottom": "25mm", "inside": "25mm", "outside": "20mm"}, {"inside": "auto"}])
    if margins:
        page["margins"] = margins
    layout = {key: value for key, value in (("puzzles_per_page", pick(PER_PAGE)), ("answers_per_page", pick(PER_PAGE)),
                                           ("large_print", rng.random() < 0.15)) if value}
    book: dict[str, Any] = {"title": pick(TITLES), "language": pick(["en", "vi", "fr"]), "page": page,
                            "answers": pick(["separate", "back", "both"])}
    if layout:
        book["layout"] = layout
    if rng.random() < 0.5:
        book["instructions"] = pick(TITLES[:4])
    sections = []
    for s in range(rng.randint(1, 3)):
        sides = [pick(GRID_SIDES) for _ in range(rng.randint(1, 2))]
        puzzles = [p for side in sides for p in lines(side, rng.randint(1, 6), seed * 10 + s)]
        keys = {"instructions": pick(TITLES[:4]) * rng.randint(1, 6)} if rng.random() < 0.5 else {}
        sections.append(section(pick(TITLES), puzzles, **keys))
    return Case(f"seed{seed}", book, sections, formats=("pdf", "html"))


@pytest.mark.consumers
@pytest.mark.parametrize("seed", range(24))
def test_holdout_random_config_builds_or_names_the_key(seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    case = random_case(seed)
    built = run_build(case, tmp_path, monkeypatch, capsys)
    assert "Traceback" not in built.err
    if built.code == 2:
        err = built.err.strip().splitlines()
        assert len(err) == 1 and re.search(r"config\.yaml:\d+: books\[0\]\.\S+: ", err[0]), built.err
        assert built.report["status"] == "error" and not (tmp_path / "out").exists()
        return
    assert built.code == 0, built.err
    check_model(built, _size(case))
    check_outputs(built, case, _size(case), _roles(case))


#: print-on-demand gutter by page count (docs/print.md), inches: (last page count, gutter)
GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75))


@pytest.mark.consumers
def test_holdout_200_puzzles_mirrored_auto_gutter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """200 puzzles one per page on 6x9 in with the answers at the back: past
    150 pages the gutter is 0.5 in, on the binding side of every page."""
    case = Case("two-hundred", {"title": "Two hundred", "page": {"size": "6x9in", "mirrored": True,
                                                                 "margins": {"inside": "auto", "outside": "0.5in"}},
                                "answers": "back", "layout": {"puzzles_per_page": "1x1"}},
                [section("S", lines(9, 200, 60))], formats=("pdf",))
    built = run_build(case, tmp_path, monkeypatch, capsys)
    assert built.code == 0, built.err
    check_model(built, SIZES["6x9in"])
    check_outputs(built, case, SIZES["6x9in"], {"puzzles"})
    (booklet,) = built.booklets
    gutter = next(inches for last, inches in GUTTERS if booklet.page_count <= last) * INCH
    assert booklet.page_count > 200 and booklet.margins.inside == pytest.approx(gutter)
    for page in booklet.pages:   # odd pages are right-hand: the gutter is on their left
        left = gutter if page.number % 2 else 0.5 * INCH
        assert page.content_x == pytest.approx(left, abs=0.01)
        assert page.content_width == pytest.approx(SIZES["6x9in"][0] - gutter - 0.5 * INCH, abs=0.01)


@pytest.mark.consumers
def test_holdout_format_characters_are_not_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A title pasted from a word processor carries a soft hyphen and a
    zero-width joiner: the page shows 'Sudoku', not 'Su-do<box>ku'."""
    case = Case("format-chars", {"title": "Su\u00addo\u200dku \u200eBook"},
                [section("Se\u00adction", lines(9, 1, 70))], formats=("pdf", "html"))
    built = run_build(case, tmp_path, monkeypatch, capsys)
    assert built.code == 0, built.err
    text = consumers.pdf_text(tmp_path / "out" / "sudoku-book-puzzles.pdf")
    assert "Sudoku Book" in text and "Section" in text
    assert not {"\u00ad", "\u200d", "\u200e", "-"} & set(text)


@pytest.mark.consumers
def test_holdout_25x25_on_a_5x8_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The smallest common trim still takes the biggest Sudoku with the default
    layout: one grid a page, letters at the 7 pt print minimum and inside their cells."""
    case = Case("5x8-25", {"title": "Pocket giant", "page": {"size": "5x8in"}}, [section("S", lines(25, 2, 80))],
                formats=("pdf", "docx"))
    built = run_build(case, tmp_path, monkeypatch, capsys)
    assert built.code == 0, built.err
    check_model(built, SIZES["5x8in"])
    check_outputs(built, case, SIZES["5x8in"], {"puzzles", "answers"})
    grids = [p.grid for b in built.booklets for page in b.pages for block in page.blocks
             if isinstance(block, Band) for p in block.items]
    assert grids and all(7.0 <= g.font_size < g.cell_size for g in grids)
