"""The playable page of Skyscrapers in a real Chromium: the clues stand round the grid and
cannot be played; a full row whose count of visible buildings misses its clue is a conflict
(the clue and the row marked) though no height repeats, the right row clears it, the answer
solves the puzzle; on a 390 px phone a tap and a key fill a cell."""
from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from publisher.build import BuildOptions, build
from solver.skyscrapers import read_id
from tests.browser import cell, classes, phone, tap, type_into
from tests.skyscraper_oracle import seen

pytestmark = pytest.mark.consumers

DATA = Path(__file__).parent.parent / "data" / "skyscrapers"
GAME, SOLUTION = (DATA / "tatham-towers.tsv").read_text().splitlines()[1].split("\t")[1:]


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("skyplay")
    (folder / "towers.txt").write_text(GAME + "\n")
    (folder / "config.yaml").write_text("""
books:
  - title: Sky play
    language: en
    sections:
      - {title: Skyscrapers, kind: skyscrapers, puzzles: towers.txt}
""")
    result = build(BuildOptions(config=folder / "config.yaml", jobs=1))
    assert result.exit_code == 0, result.errors
    return folder / "out" / "sky-play-puzzles.html"


@pytest.fixture
def page(browser: WebDriver, book: Path) -> Iterator[WebDriver]:
    browser.get("about:blank")
    browser.get(book.as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.refresh()
    return browser


def test_a_row_that_shows_the_wrong_count_is_a_conflict(page: WebDriver) -> None:
    puzzle = read_id(GAME)
    n = puzzle.size
    left = puzzle.clues[2 * n:3 * n]
    r = next(r for r in range(n) if left[r] and not any(puzzle.givens[r * n:(r + 1) * n]))
    wrong = next(p for p in permutations(range(1, n + 1)) if seen(p) != left[r])
    for c, v in enumerate(wrong):                      # the ring is row and column 1 of the page's grid
        type_into(page, 1, r + 2, c + 2, str(v))
    clue = cell(page, 1, r + 2, 1)
    assert "conflict" in classes(clue) and clue.text == str(left[r])
    assert all("conflict" in classes(cell(page, 1, r + 2, c + 2)) for c in range(n))
    for c in range(n):
        type_into(page, 1, r + 2, c + 2, SOLUTION[r * n + c])
    assert "conflict" not in classes(clue)
    for i, v in enumerate(SOLUTION):
        if not puzzle.givens[i]:
            type_into(page, 1, i // n + 2, i % n + 2, v)
    figure = page.find_element("css selector", 'figure[data-number="1"]')
    assert "solved" in classes(figure)


def test_the_ring_is_fixed_and_a_phone_plays_by_touch(page: WebDriver) -> None:
    n = read_id(GAME).size
    corner, blank = cell(page, 1, 1, 1), cell(page, 1, n + 2, n + 2)
    assert corner.get_attribute("aria-readonly") == "true" and blank.get_attribute("aria-readonly") == "true"
    with phone(page, 390):
        assert page.execute_script("return document.documentElement.scrollWidth") <= 390
        target = cell(page, 1, 2, 2)
        assert target.rect["width"] >= 44
        tap(page, target)
        key = next(k for k in page.find_elements("css selector", "[data-keypad] button")
                   if k.is_displayed() and k.text == SOLUTION[0])
        tap(page, key)
        assert target.text == SOLUTION[0]
        tap(page, corner)
        tap(page, key)
        assert corner.text == ""
