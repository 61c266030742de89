"""The HTML edition on a phone, in real Chromium with mobile emulation and touch (CDP touch events).

Books: the repository's own (Vietnamese; 4x4 to 16x16, jigsaw, tours, queens) and one of every
other kind the booklet plays (16x16, Killer, KenKen, a variant, a 12x12 tour, queens), through the
real build. Oracles: the screen's own geometry as Chromium lays it out (document width against the
viewport, cell and label sizes against the issue's floors, what a finger at a point touches); the
4x4's solution from the independent exact-cover solver; the desktop page against the model's
positions written in the file, and against itself before the phone view.
"""
from __future__ import annotations

import base64
import itertools
import json
from pathlib import Path

import pymupdf
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.wait import WebDriverWait

from publisher.build import BuildOptions, build
from tests.browser import cell, classes, phone, tap, touch
from tests.samples import REPO
from tests.stages import booklets_of
from tests.sudoku_oracle import box_regions, exact_cover_solutions

pytestmark = pytest.mark.consumers

WIDTHS = (360, 390, 430)

VARIETY = """\
books:
  - title: Variety
    language: en
    page: {{size: Letter}}
    sections:
      - {{title: Sixteen, puzzles: {repo}/puzzles/16x16.txt, limit: 1}}
      - {{title: Killer, kind: killer, puzzles: {repo}/puzzles/killer-9x9.json, limit: 1}}
      - {{title: KenKen, kind: kenken, puzzles: {repo}/puzzles/kenken-6x6.json, limit: 1}}
      - {{title: Windoku, variant: [windoku], generate: {{count: 1, level: easy, size: 9, seed: 3}}}}
      - {{title: Taught, puzzles: {repo}/puzzles/9x9-easy.txt, limit: 2, worked_example: true}}
      - title: Tours
        kind: knights_tour
        puzzles: {repo}/puzzles/knights-6x6.txt
        boards: [{{size: 12x12, start: e5, closed: true}}]
      - title: Queens
        kind: queens
        boards: [{{n: 8, given: [d8, h2]}}]
output:
  formats: [html]
"""


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("phone")
    result = build(BuildOptions(config=REPO / "config.yaml", out=folder / "book", formats=("html",), jobs=1))
    assert result.exit_code == 0, result.errors
    config = folder / "variety.yaml"
    config.write_text(VARIETY.format(repo=REPO), encoding="utf-8")
    result = build(BuildOptions(config=config, out=folder / "variety", jobs=1))
    assert result.exit_code == 0, result.errors
    return {"book": folder / "book" / "tuyen-tap-sudoku-puzzles.html",
            "book answers": folder / "book" / "tuyen-tap-sudoku-answers.html",
            "variety": folder / "variety" / "variety-puzzles.html",
            "variety answers": folder / "variety" / "variety-answers.html"}


def open_page(driver: WebDriver, path: Path) -> WebDriver:
    """``path`` freshly opened, no saved progress; a playable booklet on a phone has its reader."""
    driver.get("about:blank")
    driver.get(path.as_uri())
    driver.execute_script("window.localStorage.clear()")
    driver.refresh()
    if "answers" not in path.name and driver.execute_script("return window.innerWidth") <= 600:
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "return document.documentElement.classList.contains('pp-phone')"))
    return driver


def entries(driver: WebDriver) -> list[dict]:
    return json.loads(driver.execute_script("return document.getElementById('puzzlepress-play').textContent"))[
        "puzzles"]


def position(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "[data-position]").text


def arrow(driver: WebDriver, action: str) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, f'.pp-nav button[data-action="{action}"]')


def settled_on(driver: WebDriver, number: int) -> bool:
    """Puzzle ``number``'s slide fills the screen's width, the only one shown."""
    return driver.execute_script(
        "var s = document.querySelector('table[data-puzzle=\"' + arguments[0] + '\"]').closest('.pp-slide');"
        "var r = s.getBoundingClientRect(); return Math.abs(r.left) < 1 && Math.abs(r.width - innerWidth) < 1",
        number)


def show(driver: WebDriver, number: int) -> None:
    """The reader turned (by its arrow) to puzzle ``number``, and still."""
    index = [e["number"] for e in entries(driver)].index(number)
    while int(position(driver).split()[0]) - 1 < index:
        arrow(driver, "next").click()
    WebDriverWait(driver, 10).until(lambda d: settled_on(d, number))


# --------------------------------------------------------------------------- no sideways scrolling

#: The document's width, and every visible box reaching past the screen's sides: a puzzle's
#: own slide is its screen (the others wait beside it, out of view, inside the reader)
OVERFLOWS = """
var out = [], w = window.innerWidth;
document.querySelectorAll('figure, table, .t, .pp-about, .pp-nav, #pp-panel, #pp-panel button').forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (!r.width || !r.height) { return; }
  var slide = e.closest('.pp-slide'), left = slide ? slide.getBoundingClientRect().left : 0;
  if (r.left - left < -0.5 || r.right - left > w + 0.5) {
    out.push(e.tagName + ' ' + e.className + ' ' + r.left + '..' + r.right);
  }
});
return [Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), w, out];
"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["book", "book answers", "variety", "variety answers"])
def test_no_page_is_wider_than_the_phone(browser: WebDriver, books: dict[str, Path], name: str, width: int) -> None:
    with phone(browser, width):
        open_page(browser, books[name])
        document, screen, overflows = browser.execute_script(OVERFLOWS)
        assert document <= screen == width
        assert not overflows
        figures = browser.execute_script(      # every grid is somewhere on the screen's column
            "return Array.from(document.querySelectorAll('figure.pz')).filter(f => !f.getBoundingClientRect().height)"
            ".map(f => f.getAttribute('data-number'))")
        assert not figures
        if "answers" not in name:       # one puzzle at a time: each slide is the screen's width
            slides = browser.execute_script(
                "return Array.from(document.querySelectorAll('.pp-slide')).map(s => s.getBoundingClientRect().width)")
            assert len(slides) == len(entries(browser))
            assert all(abs(s - width) < 1 for s in slides)


# --------------------------------------------------------------------------- sizes

CELLS = """
return Array.from(document.querySelectorAll('table.play')).map(function (t) {
  var c = t.rows[0].cells[0].getBoundingClientRect();
  return [t.rows.length, t.rows[0].cells.length, c.width, c.height, t.getBoundingClientRect().width];
});
"""


@pytest.mark.parametrize("name", ["book", "variety"])
def test_cells_are_finger_sized_and_boards_as_wide_as_the_screen(browser: WebDriver, books: dict[str, Path],
                                                                  name: str) -> None:
    with phone(browser, 390):
        open_page(browser, books[name])
        grids = browser.execute_script(CELLS)
        assert len(grids) == len(entries(browser))
        for rows, cols, width, height, table in grids:
            assert abs(width - height) < 0.5
            if max(rows, cols) <= 9:
                assert width >= 36, (rows, width)
            if max(rows, cols) <= 16:
                assert width >= 22, (rows, width)
            assert table >= 390 - 24, (rows, table)         # as wide as the screen allows
        sides = {max(rows, cols) for rows, cols, *_ in grids}
        assert {9, 16} <= sides if name == "variety" else {4, 9, 16} <= sides


def test_cage_totals_are_readable_on_the_phone(browser: WebDriver, books: dict[str, Path]) -> None:
    with phone(browser, 390):
        open_page(browser, books["variety"])
        heights = browser.execute_script(
            "return Array.from(document.querySelectorAll('svg.cages')).map(s => Array.from(s.querySelectorAll('text'))"
            ".map(t => t.getBoundingClientRect().height))")
        assert len(heights) == 2 and all(heights)                  # Killer and KenKen
        assert min(min(h) for h in heights) >= 11


@pytest.mark.parametrize("name, number", [("book", 13), ("variety", 1), ("variety", 6)])
def test_the_grid_keypad_and_controls_share_one_screen(browser: WebDriver, books: dict[str, Path],
                                                       name: str, number: int) -> None:
    """At 390x844 the shown puzzle (a 9x9, the 16x16, the 12x12 tour), its keypad and every
    control are on the screen together, nothing under the panel."""
    with phone(browser, 390, 844):
        open_page(browser, books[name])
        show(browser, number)
        grid, panel, buttons = browser.execute_script(
            "var t = document.querySelector('table[data-puzzle=\"' + arguments[0] + '\"]').getBoundingClientRect();"
            "var p = document.getElementById('pp-panel').getBoundingClientRect();"
            "var b = Array.from(document.querySelectorAll('#pp-panel button, .pp-nav button'))"
            ".filter(e => e.offsetParent !== null).map(e => { var r = e.getBoundingClientRect();"
            "return [r.left, r.top, r.right, r.bottom]; });"
            "return [[t.left, t.top, t.right, t.bottom], [p.top, p.bottom], b]", number)
        assert grid[1] >= 0 and grid[3] <= panel[0] + 0.5 and grid[2] <= 390
        assert panel[1] <= 844 + 0.5
        assert len(buttons) >= 5
        for left, top, right, bottom in buttons:
            assert left >= 0 and right <= 390 and top >= 0 and bottom <= 844



KEYS_JS = """
  return Array.from(document.querySelectorAll('[data-keypad] button')).filter(b => b.offsetParent !== null)
    .map(b => { var r = b.getBoundingClientRect(); return [b.textContent, r.left, r.top, r.right, r.bottom]; });"""


@pytest.mark.parametrize("width", WIDTHS)
def test_keypad_keys_are_fingertip_sized_apart_and_across_the_screen(browser: WebDriver, books: dict[str, Path],
                                                                   width: int) -> None:
    """Issue 42 items 19, 20: every keypad (9x9, 16x16, 6x6 KenKen: 10, 17 and 7 keys) has keys of
    at least 44 x 44 px, no two overlapping, their rows across the panel's width; where the grid
    leaves height to spare, the keys grow into it (up to 56 px), the grid still on the screen."""
    with phone(browser, width, 844):
        open_page(browser, books["variety"])
        # the 16x16 (the first puzzle) fills the width and leaves room under it: its keys grow past the least
        assert min(bottom - top for _t, _l, top, _r, bottom in browser.execute_script(KEYS_JS)) > 44
        seen = set()
        for entry in entries(browser):
            if entry["kind"] not in ("sudoku", "killer", "kenken"):
                continue
            show(browser, entry["number"])
            keys = browser.execute_script(KEYS_JS)
            assert len(keys) == len(entry["symbols"]) + 1
            seen.add(len(keys))
            for _text, left, top, right, bottom in keys:
                assert right - left >= 44 - 0.01 and bottom - top >= 44 - 0.01, (width, entry["number"], keys)
                assert left >= 0 and right <= width
            for a, b in itertools.combinations(keys, 2):
                assert min(a[3], b[3]) - max(a[1], b[1]) <= 0.5 or min(a[4], b[4]) - max(a[2], b[2]) <= 0.5, (a, b)
            rows: dict[int, list[float]] = {}
            for _text, left, top, right, _bottom in keys:
                rows.setdefault(round(top), []).extend((left, right))
            panel = browser.execute_script("var r = document.getElementById('pp-panel').getBoundingClientRect();"
                                           "return [r.left, r.right]")
            widest = max(max(edges) - min(edges) for edges in rows.values())
            assert widest >= 0.9 * (panel[1] - panel[0]), (width, widest, panel)   # across the width
            grid = browser.execute_script(
                "return document.querySelector('table[data-puzzle=\"' + arguments[0] + '\"]')"
                ".getBoundingClientRect().bottom", entry["number"])
            assert grid <= min(top for _t, _l, top, _r, _b in keys)
        assert seen == {10, 17, 7}


def test_a_tour_names_its_squares_as_the_board_letters_them(browser: WebDriver, books: dict[str, Path]) -> None:
    """Issue 42 item 21: a move on a chessboard lettered a-l / 1-12 is told as "b3", not "row 10,
    column 2"; its cells' labels name them alike."""
    with phone(browser, 390):
        open_page(browser, books["variety"])
        tour = next(e for e in entries(browser) if e["kind"] == "knights_tour" and e["rows"] == 12)
        show(browser, tour["number"])
        start = browser.find_element(By.XPATH, f'//table[@data-puzzle="{tour["number"]}"]//td[normalize-space()="1"]')
        row, col = int(start.get_attribute("data-row")), int(start.get_attribute("data-col"))
        row2, col2 = (row - 2, col - 1) if row > 2 else (row + 2, col + 1)
        square = cell(browser, tour["number"], row2, col2)
        tap(browser, square)
        name = "abcdefghijkl"[col2 - 1] + str(12 - row2 + 1)
        assert browser.find_element(By.CSS_SELECTOR, "[data-status]").text == f"Move 2: {name}."
        assert square.get_attribute("aria-label").startswith(name)


def test_answer_captions_stand_clear_of_their_grids_and_totals_read(browser: WebDriver,
                                                                    books: dict[str, Path]) -> None:
    """Issue 42 item 22: on the phone (and the desktop) an answer's caption box ends above its grid's
    outer line; the answer key's Killer totals, where its cells keep them clear of the digits, are
    8 px (6 pt) or more and 60 % black or darker (else they are left out)."""
    for width in (390, 1200):
        with phone(browser, width):
            open_page(browser, books["variety answers"])
            worst = browser.execute_script(
                "var w = -99; document.querySelectorAll('figure.pz').forEach(function (f) {"
                "var t = f.querySelector('table').getBoundingClientRect();"
                "f.querySelectorAll('figcaption').forEach(function (c) { w = Math.max(w, c.getBoundingClientRect()"
                ".bottom - t.top); }); }); return w;")
            assert worst <= 0.01, (width, worst)
            totals = browser.execute_script(
                "return Array.from(document.querySelectorAll('svg.cages text')).map(t => [t.getBoundingClientRect()"
                ".height, getComputedStyle(t).fill])")
            for height, fill in totals:     # the text's box on the screen: 8 px where 5 pt totals were 7
                grey = max(int(part) for part in fill[fill.index("(") + 1:-1].split(","))
                assert height >= 8 - 0.01 and grey <= 0x66, (width, height, fill)


# --------------------------------------------------------------------------- touch

def test_a_4x4_is_solved_by_touch_alone(browser: WebDriver, books: dict[str, Path]) -> None:
    with phone(browser, 390):
        open_page(browser, books["book"])
        givens = "".join(td.text.strip() or "." for td in browser.find_elements(
            By.CSS_SELECTOR, 'table[data-puzzle="1"] td'))
        assert len(givens) == 16
        digits = [0 if ch == "." else int(ch) for ch in givens]
        (solution,) = list(exact_cover_solutions(4, box_regions(4, 2, 2), digits))
        for i, ch in enumerate(givens):
            if ch != ".":
                continue
            target = cell(browser, 1, i // 4 + 1, i % 4 + 1)
            tap(browser, target)
            assert "sel" in classes(target)
            tap(browser, browser.find_element(By.CSS_SELECTOR, f'[data-keypad] button[data-symbol="{solution[i]}"]'))
            assert target.text == str(solution[i])
        WebDriverWait(browser, 10).until(lambda d: "solved" in classes(d.find_element(
            By.CSS_SELECTOR, 'table[data-puzzle="1"]')))
        assert browser.find_element(By.CSS_SELECTOR, "[data-status]").text.startswith("Đã giải xong câu đố 1 ")


def test_a_tour_and_queens_are_played_by_touch(browser: WebDriver, books: dict[str, Path]) -> None:
    with phone(browser, 390):
        open_page(browser, books["variety"])
        tour = next(e for e in entries(browser) if e["kind"] == "knights_tour" and e["rows"] == 12)
        show(browser, tour["number"])
        start = browser.find_element(By.XPATH, f'//table[@data-puzzle="{tour["number"]}"]//td[normalize-space()="1"]')
        row, col = int(start.get_attribute("data-row")), int(start.get_attribute("data-col"))
        row2, col2 = (row - 2, col - 1) if row > 2 else (row + 2, col + 1)       # a knight's move on the board
        square = cell(browser, tour["number"], row2, col2)
        tap(browser, square)
        assert square.text == "2"
        queens = next(e for e in entries(browser) if e["kind"] == "queens")
        show(browser, queens["number"])
        square = browser.find_element(By.CSS_SELECTOR, f'table[data-puzzle="{queens["number"]}"] td:not(.given)')
        tap(browser, square)
        assert "queen" in classes(square)


def test_a_swipe_or_an_arrow_turns_to_the_next_puzzle(browser: WebDriver, books: dict[str, Path]) -> None:
    with phone(browser, 390):
        open_page(browser, books["book"])
        total = len(entries(browser))
        assert position(browser) == f"1 trên {total}"
        y = browser.execute_script("var r = document.querySelector('table[data-puzzle=\"1\"]').getBoundingClientRect();"
                                   "return r.top + r.height / 2")
        touch(browser, [(330, y), (280, y + 2), (200, y + 4), (120, y + 5), (60, y + 6)])   # right to left
        WebDriverWait(browser, 10).until(lambda d: position(d) == f"2 trên {total}" and settled_on(d, 2))
        assert browser.find_element(By.CSS_SELECTOR, "[data-panel-title]").text == "Câu đố 2"
        tap(browser, arrow(browser, "next"))
        WebDriverWait(browser, 10).until(lambda d: position(d) == f"3 trên {total}" and settled_on(d, 3))
        touch(browser, [(60, y), (120, y), (200, y), (330, y)])                            # left to right
        WebDriverWait(browser, 10).until(lambda d: position(d) == f"2 trên {total}" and settled_on(d, 2))
        touch(browser, [(200, y), (205, y + 80), (210, y + 160)])                          # down: no turn
        assert position(browser) == f"2 trên {total}"


# --------------------------------------------------------------------------- the desktop keeps its book

#: Every page's width and every figure's place on its page and size, with the place the file
#: gives it (the model's, in points); each cage total's size
DESKTOP = """
var pages = Array.from(document.querySelectorAll('section.page')).map(p => p.getBoundingClientRect().width);
var figures = Array.from(document.querySelectorAll('figure.pz')).map(function (f) {
  var r = f.getBoundingClientRect(), page = f.closest('section.page').getBoundingClientRect();
  return [f.closest('section.page').id, r.left - page.left, r.top - page.top, r.width, r.height,
          f.style.left, f.style.top, f.querySelector('td').getBoundingClientRect().width];
});
var labels = Array.from(document.querySelectorAll('svg.cages g')).map(g => g.getAttribute('font-size'));
var reader = document.getElementById('pp-reader');
return [pages, figures, labels, !!reader && reader.getBoundingClientRect().height > 0];
"""


@pytest.mark.parametrize("name", ["book", "variety"])
def test_the_desktop_keeps_the_book_look_after_a_phone_view(browser: WebDriver, books: dict[str, Path],
                                                            name: str) -> None:
    browser.set_window_size(1300, 1000)
    open_page(browser, books[name])
    width = json.loads(browser.execute_script(
        "return document.getElementById('puzzlepress-play').textContent"))["page_width"] * 4 / 3
    before = browser.execute_script(DESKTOP)
    pages, figures, _labels, reader = before
    assert not reader and pages and all(abs(w - width) < 0.5 for w in pages)
    for _page, left, top, _w, _h, model_left, model_top, _cell in figures:   # the model's places, in pt
        assert abs(left - float(model_left.removesuffix("pt")) * 4 / 3) < 0.5
        assert abs(top - float(model_top.removesuffix("pt")) * 4 / 3) < 0.5
    with phone(browser, 390):
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(
            "return document.documentElement.classList.contains('pp-phone')"))
    WebDriverWait(browser, 10).until(lambda d: not d.execute_script(
        "return document.documentElement.classList.contains('pp-phone')"))
    assert browser.execute_script(DESKTOP) == before


def _printed(driver: WebDriver) -> list[tuple[str, int]]:
    """What Chromium prints of the open page: each page's text and number of drawn shapes."""
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"])
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        return [(page.get_text(), len(page.get_drawings())) for page in document]


def test_printing_from_the_phone_prints_the_books_pages(browser: WebDriver, books: dict[str, Path]) -> None:
    browser.set_window_size(1300, 1000)
    open_page(browser, books["book"])
    desktop = _printed(browser)
    with phone(browser, 390):
        open_page(browser, books["book"])
        printed = _printed(browser)
        assert browser.execute_script("return document.documentElement.classList.contains('pp-phone')")
    pages = next(b for b in booklets_of(REPO / "config.yaml") if b.role == "puzzles").page_count
    assert len(printed) == len(desktop) == pages     # the model's pages, as the PDF has them
    assert printed == desktop


def test_a_link_to_a_page_opens_its_first_puzzle_on_the_phone(browser: WebDriver, books: dict[str, Path]) -> None:
    with phone(browser, 390):
        open_page(browser, books["book"])
        page = next(e for e in entries(browser) if e["number"] == 13)["page"]
        first = min(e["number"] for e in entries(browser) if e["page"] == page)
        browser.get(f"{books['book'].as_uri()}#page-{page}")
        WebDriverWait(browser, 10).until(lambda d: settled_on(d, first))
        assert position(browser).startswith(f"{first} trên ")
