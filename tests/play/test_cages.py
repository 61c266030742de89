"""The playable page of cage puzzles in a real Chromium: the cage totals are on screen, a
full cage whose digits miss its total is flagged as a conflict (rows and columns alone
would allow them), and the right digits clear it; an X Killer's diagonals are rules too."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from publisher.build import BuildOptions, build
from tests.browser import cell, classes, type_into
from tests.samples import DATA, REPO

pytestmark = pytest.mark.consumers


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cageplay")
    config = folder / "config.yaml"
    config.write_text(f"""
books:
  - title: Cage play
    language: en
    sections:
      - {{title: KenKen, kind: kenken, puzzles: {REPO / 'puzzles/kenken-6x6.json'}, limit: 1}}
      - {{title: Killer, kind: killer, puzzles: {REPO / 'puzzles/killer-9x9.json'}, limit: 1}}
      - {{title: X Killer, kind: killer, puzzles: {DATA / 'formats/tatham-xkiller.txt'}, limit: 1}}
""")
    result = build(BuildOptions(config=config, jobs=1))
    assert result.exit_code == 0, result.errors
    return folder / "out" / "cage-play-puzzles.html"


@pytest.fixture
def page(browser: WebDriver, book: Path) -> Iterator[WebDriver]:
    browser.get("about:blank")
    browser.get(book.as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.refresh()
    return browser


def _cage(record: dict) -> tuple[list[tuple[int, int]], str]:
    """A cage of two blank cells or more whose total any other digit misses (a sum or product)."""
    n, givens = record["size"], record.get("givens", "." * record["size"] ** 2)
    for cage in record["cages"]:
        cells = [(int(c[1:].split("c")[0]), int(c.split("c")[1])) for c in cage["cells"]]
        blank = all(givens[(r - 1) * n + c - 1] == "." for r, c in cells)
        if len(cells) >= 2 and blank and cage.get("op", "+") in ("+", "x"):
            return cells, str(cage.get("target", cage.get("sum")))
    raise AssertionError("no sum or product cage")


@pytest.mark.parametrize("puzzle, source", [(1, "kenken-6x6.json"), (2, "killer-9x9.json")])
def test_a_full_cage_that_misses_its_total_is_a_conflict(page: WebDriver, puzzle: int, source: str) -> None:
    record = json.loads((REPO / "puzzles" / source).read_text())[0]
    n = record["size"]
    solution = record["solution"]
    cells, total = _cage(record)
    svg = page.find_element("css selector", f'figure[data-number="{puzzle}"] svg.cages')
    assert f">{total}" in svg.get_attribute("innerHTML")                # the totals are on screen
    right = [solution[(r - 1) * n + c - 1] for r, c in cells]
    # on an otherwise empty grid a digit the cage does not hold repeats in no row, column
    # or box: only the cage's total can flag it
    wrong = next(d for d in "123456789"[:n] if d not in right)
    for (r, c), digit in zip(cells, [wrong, *right[1:]]):
        type_into(page, puzzle, r, c, digit)
    flagged = [("conflict" in classes(cell(page, puzzle, r, c))) for r, c in cells]
    assert all(flagged)
    type_into(page, puzzle, *cells[0], right[0])
    assert not any("conflict" in classes(cell(page, puzzle, r, c)) for r, c in cells)


def test_an_x_killers_diagonal_is_a_rule_of_the_page(page: WebDriver) -> None:
    """Issue 45: one digit twice on the main diagonal of an X Killer, in cells that share no
    row, column, box or cage, is a conflict only the X rule makes; another digit in one clears both."""
    from solver import formats
    line = next(line for line in (DATA / "formats" / "tatham-xkiller.txt").read_text().splitlines()
                if line and not line.startswith("#"))
    puzzle = formats.read_line(line, 1, 0)
    cage_of = {cell: i for i, cage in enumerate(puzzle.cages) for cell in cage.cells}
    first, second = next((a, b) for a in range(9) for b in range(a + 1, 9)
                         if a // 3 != b // 3 and cage_of[a * 10] != cage_of[b * 10])
    for r in (first, second):
        type_into(page, 3, r + 1, r + 1, "1")
    assert all("conflict" in classes(cell(page, 3, r + 1, r + 1)) for r in (first, second))
    type_into(page, 3, first + 1, first + 1, "2")
    assert not any("conflict" in classes(cell(page, 3, r + 1, r + 1)) for r in (first, second))
