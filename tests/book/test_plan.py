"""``puzzlepress plan`` equals the build: every book's booklets have the page counts the real
stages lay out (tests.stages, every generated puzzle made), on every trim and kind."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from publisher.config import load
from publisher.model import Band, Booklet
from publisher.pageplan import plan_pages
from publisher.printing import interior
from publisher.printing.profile import inches
from tests.runner import Cli
from tests.samples import REPO
from tests.stages import booklets_of

#: books without seeds, of every kind, on the trims a self-publisher picks
BOOKS = """
books:
  - title: KDP paperback
    page: {size: 6x9in, margins: {inside: auto}}
    answers: back
    contents: true
    print: {service: kdp, paper: cream, bleed: true}
    sections:
      - {title: Easy, generate: {count: 14, level: easy}}
      - {title: Medium, generate: {count: 9, level: medium}}
      - {title: Killer, kind: killer, generate: {count: 5, level: easy, size: 6}}
      - {title: From a file, puzzles: PUZZLES/9x9-hard.txt, limit: 3}
  - title: Letter variety
    page: {size: Letter}
    answers: separate
    sections:
      - {title: Six, generate: {count: 7, level: easy, size: 6}}
      - {title: KenKen, kind: kenken, generate: {count: 5, level: easy, size: 4}}
      - {title: Jigsaw, generate: {count: 3, level: easy, jigsaw: true, size: 6}}
      - {title: X, variant: [x], generate: {count: 4, level: easy}}
      - {title: Tours, kind: knights_tour, puzzles: PUZZLES/knights-6x6.txt}
      - {title: Queens, kind: queens, boards: [{n: 8, given: [d8]}, {n: 6, given: [c1]}]}
  - title: Large print
    page: {size: 8.5x11in}
    layout: {large_print: true}
    answers: back
    print: {service: ingramspark}
    sections:
      - {title: Kids, puzzles: PUZZLES/kids-4x4.txt}
      - {title: Nine, generate: {count: 5, level: medium}}
  - title: Pocket
    page: {size: 5x8in}
    answers: back
    sections:
      - {title: Easy, generate: {count: 11, level: easy}}
      - {title: Killer, kind: killer, generate: {count: 3, level: easy}}
  - title: Teaching
    page: {size: A4}
    answers: {placement: back, hints: true}
    sections:
      - {title: Medium, worked_example: true, generate: {count: 6, level: medium}}
      - {title: Hard, generate: {count: 6, level: hard}}
output: {folder: out, formats: [pdf]}
"""


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("plan") / "config.yaml"
    path.write_text(BOOKS.replace("PUZZLES", str(REPO / "puzzles")), encoding="utf-8")
    return path


@pytest.mark.slow
def test_the_plan_has_the_pages_the_build_lays_out(config: Path) -> None:
    built = {booklet.stem: booklet for booklet in booklets_of(config)}
    books = plan_pages(load(config))
    assert [b.file for book in books for b in book.booklets] == list(built)
    for book in books:
        for planned in book.booklets:
            booklet = built[planned.file]
            assert (planned.pages, planned.padding) == (booklet.page_count, booklet.blank_pages_added), planned.file
        # each section's puzzles, counted from the built grids by their numbers
        numbers = sorted({item.number for booklet in built.values() if booklet.stem.startswith(book.booklets[0].file)
                          for page in booklet.pages for band in page.blocks if isinstance(band, Band)
                          for item in band.items if item.number is not None})
        assert sum(section.puzzles for section in book.sections) == len(numbers) == numbers[-1]
        assert all(section.pages >= 1 and section.answer_pages >= 1 for section in book.sections)
    assert [book.estimate for book in books] == [False] * 4 + [True]   # its key steps are the puzzles' own
    kdp = books[0]
    choice = interior.choice("kdp", "cream", True)
    assert choice is not None
    assert kdp.spine == inches(choice.profile.spine_width(built["kdp-paperback-puzzles"].page_count, "cream"))


def test_plan_prints_a_table_and_json(config: Path, cli: Cli) -> None:
    code, out, err = cli("plan", str(config))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "KDP paperback"
    assert lines[1].split() == ["section", "puzzles", "a", "page", "pages", "answers", "a", "page", "answer", "pages"]
    assert lines[2].split()[:2] == ["Easy", "14"]
    assert any(line.startswith("  KDP: spine ") and line.endswith(" in on cream paper") for line in lines)
    data = json.loads(cli("plan", str(config), "--json").out)
    assert data["version"] == 1 and data["exit_code"] == 0
    assert [s["puzzles"] for s in data["books"][0]["sections"]] == [14, 9, 5, 3]
    assert data["books"][2]["service"] == "IngramSpark" and data["books"][3]["spine_in"] is None


def test_plan_of_a_bad_config_is_one_line(tmp_path: Path, cli: Cli) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("books:\n  - title: x\n    sections:\n      - {title: a, generate: {count: 0}}\n",
                      encoding="utf-8")
    code, out, err = cli("plan", str(config))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "config.yaml:4" in err, err


#: a 6x9 paperback whose fitted layout takes 44 pages (24 and 12 puzzles one a page, their
#: answers six a page) and, with its grids a page within the conventions and padding, 38 to 62
SMALL = """
books:
  - title: Small
    page: {size: 6x9in, margins: {inside: auto}}
    answers: back
    pages: PAGES
    print: {service: kdp, paper: white}
    sections:
      - {title: Easy, generate: {count: 24, level: easy}}
      - {title: Medium, generate: {count: 12, level: medium}}
  - title: No service
    page: {size: A5}
    answers: back
    pages: 20
    sections:
      - {title: Easy, generate: {count: 9, level: easy}}
output: {folder: out, formats: [pdf]}
"""


def _grids_a_page(booklet: Booklet) -> list[int]:
    return [sum(len(band.items) for band in page.blocks if isinstance(band, Band)) for page in booklet.pages]


@pytest.mark.slow
@pytest.mark.parametrize("pages", [38, 40, 44, 50, 62])
def test_a_book_lands_on_the_pages_it_asks_for(tmp_path: Path, pages: int) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(SMALL.replace("PAGES", str(pages)), encoding="utf-8")
    small, pocket = booklets_of(config)
    assert small.page_count == pages and pocket.page_count == 20
    assert [b.pages for book in plan_pages(load(config)) for b in book.booklets] == [pages, 20]
    # every numbered grid is printed once as a puzzle and once as an answer, and padding is at the end
    numbers = sorted(item.number for page in small.pages for band in page.blocks if isinstance(band, Band)
                     for item in band.items if item.number is not None)
    assert numbers == sorted(list(range(1, 37)) * 2)
    grids = _grids_a_page(small)
    assert all(count == 0 for count in grids[len(grids) - small.blank_pages_added:])
    assert small.blank_pages_added <= 10
    # without a service the padding is Notes pages and at most one blank one at the very end
    padding = pocket.pages[pocket.page_count - pocket.blank_pages_added:]
    assert pocket.blank_pages_added > 0 and all(page.blocks for page in padding[:-1])


@pytest.mark.parametrize("pages, said", [
    ("36", "books[0].pages: 36 pages: the book takes 38 to 62"),
    ("70", "the nearest it can make: 62"),
    ("41", "books[0].pages: 41 pages: KDP binds a multiple of 2; ask for 40 or 42"),
    ("22", "books[0].pages: 22 pages: KDP binds at least 24"),
])
def test_a_count_the_book_cannot_make_is_one_line(tmp_path: Path, cli: Cli, pages: str, said: str) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(SMALL.replace("PAGES", pages), encoding="utf-8")
    for command in ("plan", "build"):
        code, _out, err = cli(command, str(config), "--out", str(tmp_path / "out")) if command == "build" \
            else cli(command, str(config))
        assert code == 2 and len(err.splitlines()) == 1 and said in err and "config.yaml:6:" in err, err
    assert not (tmp_path / "out").exists()
