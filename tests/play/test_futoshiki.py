"""The playable page of Futoshiki in a real Chromium: a digit that breaks a sign is a conflict
(both cells marked) though no digit repeats, a digit that meets it clears it, in Adjacent mode an
unbarred pair 1 apart and a barred pair 2 apart are conflicts; the answer solves the puzzle; on
a 390 px phone a tap and a key fill a cell."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from publisher.build import BuildOptions, build
from solver.futoshiki import read_id
from solver.futoshiki.puzzle import unbarred
from tests.browser import cell, classes, phone, tap, type_into

pytestmark = pytest.mark.consumers

DATA = Path(__file__).parent.parent / "data" / "futoshiki"
ROWS = [line.split("\t") for line in (DATA / "tatham-unequal.tsv").read_text().splitlines()[1:]]
UNEQUAL = next(row for row in ROWS if row[0] == "5dk")
ADJACENT = next(row for row in ROWS if row[0] == "5adk")


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("futoplay")
    (folder / "unequal.txt").write_text(f"{UNEQUAL[1]}\n{ADJACENT[1]}\n")
    (folder / "config.yaml").write_text("""
books:
  - title: Futo play
    language: en
    sections:
      - {title: Futoshiki, kind: futoshiki, puzzles: unequal.txt}
""")
    result = build(BuildOptions(config=folder / "config.yaml", jobs=1))
    assert result.exit_code == 0, result.errors
    return folder / "out" / "futo-play-puzzles.html"


@pytest.fixture
def page(browser: WebDriver, book: Path) -> Iterator[WebDriver]:
    browser.get("about:blank")
    browser.get(book.as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.refresh()
    return browser


def _rc(n: int, index: int) -> tuple[int, int]:
    return index // n + 1, index % n + 1


def test_a_digit_breaking_a_sign_is_a_conflict_and_the_answer_solves(page: WebDriver) -> None:
    puzzle, solution = read_id(UNEQUAL[1]), UNEQUAL[2]
    n = puzzle.size
    greater, lesser = next((a, b) for a, b in puzzle.signs if not puzzle.givens[a] and not puzzle.givens[b])
    type_into(page, 1, *_rc(n, greater), "1")          # the greater cell holding 1, the smaller 2: no repeat
    type_into(page, 1, *_rc(n, lesser), "2")
    assert "conflict" in classes(cell(page, 1, *_rc(n, greater)))
    assert "conflict" in classes(cell(page, 1, *_rc(n, lesser)))
    type_into(page, 1, *_rc(n, greater), solution[greater])
    type_into(page, 1, *_rc(n, lesser), solution[lesser])
    assert "conflict" not in classes(cell(page, 1, *_rc(n, greater)))
    for i, v in enumerate(solution):
        if not puzzle.givens[i]:
            type_into(page, 1, *_rc(n, i), v)
    assert "solved" in classes(page.find_element("css selector", 'figure[data-number="1"]'))


def test_adjacent_bars_are_checked_both_ways(page: WebDriver) -> None:
    puzzle, solution = read_id(ADJACENT[1]), ADJACENT[2]
    n = puzzle.size
    a, b = next(pair for pair in unbarred(puzzle) if not puzzle.givens[pair[0]] and not puzzle.givens[pair[1]])
    type_into(page, 2, *_rc(n, a), "2")                 # no bar between them: 2 and 3 are 1 apart
    type_into(page, 2, *_rc(n, b), "3")
    assert "conflict" in classes(cell(page, 2, *_rc(n, a)))
    type_into(page, 2, *_rc(n, b), "4")                 # 2 apart: fine
    assert "conflict" not in classes(cell(page, 2, *_rc(n, a)))
    type_into(page, 2, *_rc(n, a), Keys.BACKSPACE)
    type_into(page, 2, *_rc(n, b), Keys.BACKSPACE)
    assert not cell(page, 2, *_rc(n, a)).text and not cell(page, 2, *_rc(n, b)).text
    c, d = next(pair for pair in puzzle.signs if not puzzle.givens[pair[0]] and not puzzle.givens[pair[1]])
    type_into(page, 2, *_rc(n, c), "1")                 # a bar: 1 and 3 are not 1 apart
    type_into(page, 2, *_rc(n, d), "3")
    assert "conflict" in classes(cell(page, 2, *_rc(n, d)))
    type_into(page, 2, *_rc(n, d), "2")                 # 1 apart: fine
    assert "conflict" not in classes(cell(page, 2, *_rc(n, d)))
    for i, v in enumerate(solution):
        if not puzzle.givens[i]:
            type_into(page, 2, *_rc(n, i), v)
    assert "solved" in classes(page.find_element("css selector", 'figure[data-number="2"]'))


def test_a_phone_plays_by_touch(page: WebDriver) -> None:
    puzzle, solution = read_id(UNEQUAL[1]), UNEQUAL[2]
    n = puzzle.size
    empty = next(i for i in range(n * n) if not puzzle.givens[i])
    with phone(page, 390):
        assert page.execute_script("return document.documentElement.scrollWidth") <= 390
        target = cell(page, 1, *_rc(n, empty))
        assert target.rect["width"] >= 44
        tap(page, target)
        key = next(k for k in page.find_elements("css selector", "[data-keypad] button")
                   if k.is_displayed() and k.text == solution[empty])
        tap(page, key)
        assert target.text == solution[empty]
        signs = page.find_element("css selector", 'figure[data-number="1"] svg.signs')
        grid = page.find_element("css selector", 'figure[data-number="1"] table.grid')
        assert abs(signs.rect["width"] - grid.rect["width"]) < 3      # the signs scale with the phone's grid
