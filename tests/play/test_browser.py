"""Playing the HTML puzzle booklet in a real browser (headless Chromium driven by Selenium, file:// URL).

The books are built by the real pipeline from a config. Oracles: Sudoku
solutions from the independent exact-cover solver in tests/sudoku_oracle.py,
the knight's tour from a small search written here, the queens solution from
the puzzle's rules checked here, hints from the grader's explain (solver.sudoku)
as the build embeds them; what the page reports is read back through
the automation hook the README documents (data-puzzle, data-row/data-col,
data-action, classes given/conflict/wrong/hint/attacked/solved). Printing is
checked with Chromium's own printout read back by pdftotext and pdftoppm.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.wait import WebDriverWait

from publisher.build import BuildOptions, build
from publisher.kinds import KINDS
from publisher.verify import LEVELS_CEILING
from solver import sudoku
from tests.browser import cell, classes, type_into
from tests.consumers import (
    chromium_to_pdf,
    pdf_page_count,
    pdf_page_png,
    pdf_text,
)
from tests.samples import EASY_9X9, KIDS_4X4, REPO
from tests.sudoku_oracle import box_regions, exact_cover_solutions

pytestmark = pytest.mark.consumers

TOUR_6X6 = """closed unique
 1  .  .  .  .  .
16  .  . 31 22 13
 . 36  .  .  .  4
10  .  .  .  .  .
 7 34 19  .  . 28
 .  .  .  .  . 25"""
QUEENS_4 = ".Q..\n....\n....\n...."     # the given queen leaves one way to place the other three
JIGSAW_REGIONS = "AAABBBCCCAAABEECCCADABBEFCCADDBBEFFCDDDEBEFFFDGGEEEFFFDGGIIIIIIDGGHIHHIIGGGHHHHHH"
JIGSAW = "....8423....5.7.8..672....58....2...24..35....9..1...8....2........5..61.7.....5."
HARD_9X9 = "6....1..9.1....65..9.67....8..7.95....9.3.2....32.4..6....57.1..87....6.1..4....8"   # SE 7.2

CONFIG = """\
books:
  - title: "Play test"
    html: {{solutions: {solutions}}}
    sections:
      - title: "Mini"
        inline: ["{kids}"]
      - title: "Classic"
        inline: ["{easy}"]
      - title: "Tour"
        kind: knights_tour
        puzzles: tour.txt
      - title: "Queens"
        kind: queens
        puzzles: queens.txt
      - title: "Jigsaw"
        inline: [{{givens: "{jigsaw}", regions: "{regions}"}}]
      - title: "Diabolical"
        inline: ["{hard}"]
output:
  formats: [html]
"""
MINI, CLASSIC, TOUR, QUEENS, JIGSAW_NUMBER, DIABOLICAL = 1, 2, 3, 4, 5, 6


# --------------------------------------------------------------------------- oracles

def sudoku_solution(puzzle: str) -> str:
    """The one solution, by the independent exact-cover solver."""
    size = int(len(puzzle) ** 0.5)
    box = (2, 2) if size == 4 else (3, 3)
    givens = [0 if ch == "." else int(ch) for ch in puzzle]
    solutions = list(exact_cover_solutions(size, box_regions(size, *box), givens))
    assert len(solutions) == 1
    return "".join(map(str, solutions[0]))


def tour_path() -> list[tuple[int, int]]:
    """The closed 6x6 tour through the puzzle's numbers, by plain backtracking."""
    rows = [line.split() for line in TOUR_6X6.splitlines()[1:]]
    fixed = {int(v): (r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v != "."}
    path = [fixed[1]]

    def knight(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return {abs(a[0] - b[0]), abs(a[1] - b[1])} == {1, 2}

    def extend() -> bool:
        k = len(path) + 1
        if k == 37:
            return knight(path[-1], path[0])
        options = [fixed[k]] if k in fixed else [(r, c) for r in range(6) for c in range(6)]
        for square in options:
            if knight(path[-1], square) and square not in path and (k in fixed or square not in fixed.values()):
                path.append(square)
                if extend():
                    return True
                path.pop()
        return False

    assert extend()
    return path


def queens_solution() -> list[tuple[int, int]]:
    n, given = 4, (0, 1)
    for cols in ((a, b, c, d) for a in range(n) for b in range(n) for c in range(n) for d in range(n)):
        squares = list(enumerate(cols))
        if given in squares and all(r1 == r2 or (c1 != c2 and abs(r1 - r2) != abs(c1 - c2))
                                    for r1, c1 in squares for r2, c2 in squares):
            return squares
    raise AssertionError("no solution")


# --------------------------------------------------------------------------- books and browser

def make_book(folder: Path, solutions: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tour.txt").write_text(TOUR_6X6 + "\n", encoding="utf-8")
    (folder / "queens.txt").write_text(QUEENS_4 + "\n", encoding="utf-8")
    config = folder / "config.yaml"
    config.write_text(CONFIG.format(solutions=solutions, kids=KIDS_4X4, easy=EASY_9X9,
                                    jigsaw=JIGSAW, regions=JIGSAW_REGIONS, hard=HARD_9X9), encoding="utf-8")
    result = build(BuildOptions(config=config, jobs=1))
    assert result.exit_code == 0, result.errors
    return folder / "out" / "play-test-puzzles.html"


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("play")
    return {mode: make_book(folder / mode, mode) for mode in ("embedded", "none")}


@pytest.fixture
def page(browser: WebDriver, books: dict[str, Path]) -> WebDriver:
    """The embedded booklet, freshly opened with no saved progress (the previous
    test's page saves its progress as it is left: leave it first, then clear)."""
    browser.get("about:blank")
    browser.get(books["embedded"].as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.refresh()
    return browser


def control(driver: WebDriver, action: str) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]')


def status(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "[data-status]").text


def fill(driver: WebDriver, puzzle: int, givens: str, solution: str) -> None:
    size = int(len(givens) ** 0.5)
    for i, ch in enumerate(givens):
        if ch == ".":
            type_into(driver, puzzle, i // size + 1, i % size + 1, solution[i])


def grid_texts(driver: WebDriver, puzzle: int) -> list[str]:
    return driver.execute_script(
        f'return Array.from(document.querySelectorAll(\'table[data-puzzle="{puzzle}"] td\')).map(td => td.textContent)')


# --------------------------------------------------------------------------- Sudoku

def test_the_hook_marks_every_cell_and_the_givens(page: WebDriver) -> None:
    for puzzle, givens in ((MINI, KIDS_4X4), (CLASSIC, EASY_9X9)):
        size = int(len(givens) ** 0.5)
        cells = page.find_elements(By.CSS_SELECTOR, f'table[data-puzzle="{puzzle}"] td')
        assert [(int(c.get_attribute("data-row") or 0), int(c.get_attribute("data-col") or 0)) for c in cells] == \
            [(r, c) for r in range(1, size + 1) for c in range(1, size + 1)]
        assert ["given" in classes(c) for c in cells] == [ch != "." for ch in givens]
        assert grid_texts(page, puzzle) == ["" if ch == "." else ch for ch in givens]
    assert cell(page, CLASSIC, 1, 2).get_attribute("aria-label") == "row 1, column 2, empty"
    assert cell(page, CLASSIC, 1, 1).get_attribute("aria-label") == "row 1, column 1, given 2"


@pytest.mark.parametrize("puzzle, givens", [(MINI, KIDS_4X4), (CLASSIC, EASY_9X9)])
def test_a_typed_solution_is_reported_solved(page: WebDriver, puzzle: int, givens: str) -> None:
    solution = sudoku_solution(givens)
    last = givens.rindex(".")
    fill(page, puzzle, givens[:last] + solution[last] + givens[last + 1:], solution)   # all but the last blank
    table = page.find_element(By.CSS_SELECTOR, f'table[data-puzzle="{puzzle}"]')
    assert "solved" not in classes(table)
    assert "solved" not in status(page)
    size = int(len(givens) ** 0.5)
    type_into(page, puzzle, last // size + 1, last % size + 1, solution[last])
    assert "".join(grid_texts(page, puzzle)) == solution
    assert "solved" in classes(table)
    assert f"Puzzle {puzzle} solved" in status(page)


def test_a_conflict_is_marked_at_once_and_cleared_by_undo(page: WebDriver) -> None:
    # r1c2 is empty; r1c1 holds the given 2: typing 2 repeats it in row 1
    type_into(page, CLASSIC, 1, 2, "2")
    assert "conflict" in classes(cell(page, CLASSIC, 1, 2))
    assert "conflict" in classes(cell(page, CLASSIC, 1, 1))
    assert "conflict" not in classes(cell(page, CLASSIC, 1, 3))
    ActionChains(page).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert cell(page, CLASSIC, 1, 2).text == ""
    assert "conflict" not in classes(cell(page, CLASSIC, 1, 1))
    control(page, "redo").click()
    assert cell(page, CLASSIC, 1, 2).text == "2"
    assert "conflict" in classes(cell(page, CLASSIC, 1, 1))


def test_check_marks_a_wrong_digit_and_only_it(page: WebDriver) -> None:
    solution = sudoku_solution(EASY_9X9)
    type_into(page, CLASSIC, 1, 2, solution[1])                       # right
    free = next(d for d in "13456789" if d != solution[4] and d not in EASY_9X9[0:9]
                and d not in EASY_9X9[4::9] and d not in "".join(EASY_9X9[r * 9 + c] for r in range(3)
                                                                 for c in range(3, 6)))
    type_into(page, CLASSIC, 1, 5, free)                              # wrong, but breaks no rule yet
    assert "conflict" not in classes(cell(page, CLASSIC, 1, 5))
    assert "wrong" not in classes(cell(page, CLASSIC, 1, 5))          # only Check tells
    control(page, "check").click()                    # the solution is inflated on demand: wait for the answer
    WebDriverWait(page, 10).until(lambda d: "wrong" in status(d))
    wrong = page.find_elements(By.CSS_SELECTOR, f'table[data-puzzle="{CLASSIC}"] td.wrong')
    assert [(w.get_attribute("data-row"), w.get_attribute("data-col")) for w in wrong] == [("1", "5")]
    assert "1 wrong entry" in status(page)


def test_hint_highlights_the_cell_its_sentence_names(page: WebDriver) -> None:
    cell(page, CLASSIC, 5, 5).click()
    control(page, "hint").click()
    sentence = WebDriverWait(page, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-hint-text]").text)
    named = re.search(r"r(\d+)c(\d+)", sentence)
    assert named, sentence
    row, col = map(int, named.groups())
    assert "hint" in classes(cell(page, CLASSIC, row, col))
    assert cell(page, CLASSIC, row, col).text == ""
    # enter what the step says: the next Hint names another cell
    value = re.search(r"= (\S+)", sentence)
    assert value
    type_into(page, CLASSIC, row, col, value.group(1).rstrip(":"))
    control(page, "hint").click()
    following = WebDriverWait(page, 10).until(
        lambda d: (text := d.find_element(By.CSS_SELECTOR, "[data-hint-text]").text) != sentence and text)
    assert re.search(r"r(\d+)c(\d+)", following)


def test_past_the_builds_logical_steps_hint_reveals_a_value_of_the_solution(page: WebDriver) -> None:
    """The build grades (and so explains) a diabolical puzzle only up to the level ceiling;
    once every step it embeds is entered or shown, Hint names an open cell and its solution value."""
    found, steps = KINDS["sudoku"].grade(sudoku.parse_text(HARD_9X9)[0], LEVELS_CEILING)
    assert not found.complete and found.rating > LEVELS_CEILING
    placed = {(row, col) for step in steps for row, col, _ in step.placed}
    solution = sudoku_solution(HARD_9X9)
    open_cells = [i for i, ch in enumerate(HARD_9X9) if ch == "." and (i // 9 + 1, i % 9 + 1) not in placed]
    assert open_cells, "the logical steps below the ceiling solve the whole puzzle"
    left = open_cells[-1]
    for i, ch in enumerate(HARD_9X9):
        if ch == "." and i != left:
            type_into(page, DIABOLICAL, i // 9 + 1, i % 9 + 1, solution[i])
    sentences = []   # the eliminations that lead up to the hard step come first, one a press
    for _ in range(len(steps)):
        control(page, "hint").click()
        sentences.append(WebDriverWait(page, 10).until(
            lambda d: (text := d.find_element(By.CSS_SELECTOR, "[data-hint-text]").text)
            and (len(sentences) == 0 or text != sentences[-1]) and text))
        if "from the solution" in sentences[-1]:
            break
    sentence = sentences[-1]
    assert all(s.startswith("Hint: ") for s in sentences) and len(set(sentences)) == len(sentences)
    row, col = left // 9 + 1, left % 9 + 1
    assert f"r{row}c{col} = {solution[left]}, from the solution" in sentence, sentence
    assert "hint" in classes(cell(page, DIABOLICAL, row, col))


def test_pencil_marks_stay_out_of_the_cell_text(page: WebDriver) -> None:
    type_into(page, CLASSIC, 1, 2, "p")          # the key p switches pencil mode on
    ActionChains(page).send_keys("1").send_keys("5").perform()
    target = cell(page, CLASSIC, 1, 2)
    assert target.get_attribute("data-marks") == "15"
    assert target.text == ""
    assert "candidates 1 5" in (target.get_attribute("aria-label") or "")
    control(page, "pencil").click()               # off again: a digit is a value
    target.click()
    ActionChains(page).send_keys("3").perform()
    assert target.text == "3" and target.get_attribute("data-marks") is None


def test_progress_survives_a_reload_and_reset_clears_it(page: WebDriver) -> None:
    solution = sudoku_solution(KIDS_4X4)
    type_into(page, MINI, 1, 1, solution[0])
    type_into(page, CLASSIC, 1, 2, "5")
    page.refresh()
    assert cell(page, MINI, 1, 1).text == solution[0]
    assert "entered" in classes(cell(page, MINI, 1, 1))
    assert cell(page, CLASSIC, 1, 2).text == "5"
    cell(page, MINI, 2, 2).click()
    control(page, "reset").click()
    assert cell(page, MINI, 1, 1).text == ""
    page.refresh()
    assert cell(page, MINI, 1, 1).text == ""
    assert cell(page, CLASSIC, 1, 2).text == "5"          # Reset is per puzzle


def test_keyboard_only_play_solves_the_9x9(page: WebDriver) -> None:
    solution = sudoku_solution(EASY_9X9)
    page.find_element(By.TAG_NAME, "body").click()
    keys = ActionChains(page)
    for _ in range(40):                                    # Tab until the 9x9's grid has the focus
        focused = page.switch_to.active_element
        if focused.tag_name == "td" and page.execute_script(
                "return arguments[0].closest('table').dataset.puzzle", focused) == str(CLASSIC):
            break
        keys.send_keys(Keys.TAB).perform()
    else:
        pytest.fail("Tab never reached the 9x9 grid")
    assert (focused.get_attribute("data-row"), focused.get_attribute("data-col")) == ("1", "1")
    ring = page.execute_script("return getComputedStyle(arguments[0]).boxShadow", focused)
    assert ring != "none"                                  # the focus ring is visible
    for r in range(9):
        for c in range(9):
            i = r * 9 + c
            if EASY_9X9[i] == ".":
                keys.send_keys(solution[i])
            if c < 8:
                keys.send_keys(Keys.ARROW_RIGHT)
        keys.send_keys(*[Keys.ARROW_LEFT] * 8, Keys.ARROW_DOWN)
    keys.perform()
    assert "".join(grid_texts(page, CLASSIC)) == solution
    assert f"Puzzle {CLASSIC} solved" in status(page)
    ActionChains(page).send_keys(Keys.ESCAPE).perform()    # Esc: from the grid to the controls
    assert page.switch_to.active_element.get_attribute("data-action") in {"undo", "pencil"}


def test_jigsaw_regions_are_units_for_conflicts_and_highlights(page: WebDriver) -> None:
    regions = JIGSAW_REGIONS
    # an empty cell and a given in its region, in neither its row nor its column
    blank, given = next((b, g) for b in range(81) for g in range(81)
                        if JIGSAW[b] == "." and JIGSAW[g] != "." and regions[b] == regions[g]
                        and b // 9 != g // 9 and b % 9 != g % 9
                        and JIGSAW[g] not in JIGSAW[b // 9 * 9:b // 9 * 9 + 9] and JIGSAW[g] not in JIGSAW[b % 9::9])
    type_into(page, JIGSAW_NUMBER, blank // 9 + 1, blank % 9 + 1, JIGSAW[given])
    assert "conflict" in classes(cell(page, JIGSAW_NUMBER, blank // 9 + 1, blank % 9 + 1))
    assert "conflict" in classes(cell(page, JIGSAW_NUMBER, given // 9 + 1, given % 9 + 1))
    peers = {(int(td.get_attribute("data-row") or 0) - 1) * 9 + int(td.get_attribute("data-col") or 0) - 1
             for td in page.find_elements(By.CSS_SELECTOR, f'table[data-puzzle="{JIGSAW_NUMBER}"] td.peer')}
    expected = {i for i in range(81) if i != blank and (i // 9 == blank // 9 or i % 9 == blank % 9
                                                         or regions[i] == regions[blank])}
    assert peers == expected


#: A clock the test controls, set before any script of the page runs: ``Date.now`` reads
#: ``window.__clock`` (ms), and ``setInterval`` callbacks are kept, to be run by ``window.__tick()``
#: (a second's tick each call), never by the real clock
FAKE_CLOCK = """
window.__clock = 1e12;
window.__intervals = [];
Date.now = function () { return window.__clock; };
window.setInterval = function (callback) { window.__intervals.push(callback); return window.__intervals.length; };
window.__tick = function (ms) { window.__clock += ms; window.__intervals.forEach(function (f) { f(); }); };
"""


def test_the_timer_runs_while_playing_and_pauses_while_the_page_is_hidden(page: WebDriver) -> None:
    """Time moved by hand (no sleeps): five seconds played show 0:05, seven more while the page
    is hidden add nothing, three more once it shows again make 0:08."""
    def seconds() -> int:
        minutes, secs = page.find_element(By.CSS_SELECTOR, "[data-timer]").text.split(":")
        return int(minutes) * 60 + int(secs)

    def advance(ms: int) -> None:
        for _ in range(ms // 1000):
            page.execute_script("window.__tick(1000)")

    added = page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_CLOCK})
    try:
        page.refresh()
        assert page.execute_script("return window.__intervals.length") >= 1   # the page's timer is ours
        cell(page, CLASSIC, 1, 2).click()
        advance(5000)
        assert seconds() == 5
        hide = """Object.defineProperty(document, "visibilityState", {value: arguments[0], configurable: true});
                  document.dispatchEvent(new Event("visibilitychange"));"""
        page.execute_script(hide, "hidden")
        advance(7000)
        assert seconds() == 5
        page.execute_script(hide, "visible")
        advance(3000)
        assert seconds() == 8
    finally:
        page.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})


# --------------------------------------------------------------------------- tours and queens

def test_a_knights_tour_is_played_to_the_end_and_illegal_moves_are_refused(page: WebDriver) -> None:
    path = tour_path()
    givens = {int(t) for t in re.findall(r"\d+", TOUR_6X6)}

    def click(square: tuple[int, int]) -> WebElement:
        target = cell(page, TOUR, square[0] + 1, square[1] + 1)
        page.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
        target.click()
        return target

    click(path[1])
    assert cell(page, TOUR, path[1][0] + 1, path[1][1] + 1).text == "2"
    illegal = next((r, c) for r in range(6) for c in range(6)
                   if {abs(r - path[1][0]), abs(c - path[1][1])} != {1, 2} and (r, c) not in path[:2]
                   and cell(page, TOUR, r + 1, c + 1).text == "")
    assert click(illegal).text == ""                     # refused
    assert "refused" in status(page)
    ActionChains(page).send_keys(Keys.BACKSPACE).perform()      # takes the last move back
    assert cell(page, TOUR, path[1][0] + 1, path[1][1] + 1).text == ""
    control(page, "redo").click()
    assert cell(page, TOUR, path[1][0] + 1, path[1][1] + 1).text == "2"
    control(page, "undo").click()
    assert cell(page, TOUR, path[1][0] + 1, path[1][1] + 1).text == ""
    for number, square in enumerate(path[1:], start=2):
        if number not in givens:
            click(square)
    texts = grid_texts(page, TOUR)
    assert all(texts[r * 6 + c] == str(k) for k, (r, c) in enumerate(path, start=1))
    assert "solved" in classes(page.find_element(By.CSS_SELECTOR, f'table[data-puzzle="{TOUR}"]'))
    assert f"Puzzle {TOUR} solved" in status(page)


def test_queens_are_placed_and_attacked_squares_shaded(page: WebDriver) -> None:
    def square(r: int, c: int) -> WebElement:
        return cell(page, QUEENS, r + 1, c + 1)

    attacked = {(r, c) for r in range(4) for c in range(4)
                if (r, c) != (0, 1) and (r == 0 or c == 1 or abs(r) == abs(c - 1))}
    shaded = {(r, c) for r in range(4) for c in range(4) if "attacked" in classes(square(r, c))}
    assert shaded == attacked                           # the given queen's lines, before any move
    background = page.execute_script("return getComputedStyle(arguments[0]).backgroundImage", square(1, 1))
    assert background != "none"
    square(1, 1).click()                                # attacked by the given queen
    assert "queen" in classes(square(1, 1)) and "conflict" in classes(square(1, 1))
    square(1, 1).click()                                # removed again
    assert "queen" not in classes(square(1, 1))
    for r, c in queens_solution():
        if (r, c) != (0, 1):
            square(r, c).click()
    assert not page.find_elements(By.CSS_SELECTOR, f'table[data-puzzle="{QUEENS}"] td.conflict')
    assert len(page.find_elements(By.CSS_SELECTOR, f'table[data-puzzle="{QUEENS}"] td.attacked')) == 12
    assert len(page.find_elements(By.CSS_SELECTOR, f'table[data-puzzle="{QUEENS}"] td.queen')) == 4
    assert f"Puzzle {QUEENS} solved" in status(page)


# --------------------------------------------------------------------------- solutions and print

def test_the_solution_is_not_readable_in_the_page(page: WebDriver, books: dict[str, Path]) -> None:
    solution = sudoku_solution(EASY_9X9)
    source = books["embedded"].read_text(encoding="utf-8")
    for r in range(9):
        assert solution[r * 9:r * 9 + 9] not in source
    assert not re.search(r'"solution"', source)
    visible = page.find_element(By.TAG_NAME, "body").text
    assert solution[:9] not in visible.replace("\n", "")


def test_solutions_none_plays_without_check_or_hint(browser: WebDriver, books: dict[str, Path]) -> None:
    source = books["none"].read_text(encoding="utf-8")
    assert 'data-action="check"' not in source and 'data-action="hint"' not in source
    assert '"secret"' not in source and '"key"' not in source
    browser.get(books["none"].as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.refresh()
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-action="check"], [data-action="hint"]')
    solution = sudoku_solution(KIDS_4X4)
    fill(browser, MINI, KIDS_4X4, solution)
    assert f"Puzzle {MINI} solved" in status(browser)
    solution_9x9 = sudoku_solution(EASY_9X9)
    assert not any(solution_9x9[r * 9:r * 9 + 9] in source for r in range(9))


def _without_play(html: str) -> str:
    """The same booklet with the controls and script cut out: what prints today."""
    html = re.sub(r'<aside class="play-panel".*?</aside>\n', "", html, flags=re.DOTALL)
    return re.sub(r'<script type="application/json".*?</script>\n<script id="puzzlepress-script">.*?</script>\n',
                  "", html, flags=re.DOTALL)


def test_printing_the_playable_page_shows_no_control(books: dict[str, Path], tmp_path: Path) -> None:
    playable = books["embedded"]
    static = tmp_path / "static.html"
    static.write_text(_without_play(playable.read_text(encoding="utf-8")), encoding="utf-8")
    assert "<script" not in static.read_text(encoding="utf-8")
    printed = chromium_to_pdf(playable, tmp_path / "playable.pdf")
    plain = chromium_to_pdf(static, tmp_path / "static.pdf")
    pages = pdf_page_count(printed)
    assert pages == pdf_page_count(plain)
    text = pdf_text(printed)
    for word in ("Undo", "Redo", "Pencil", "Check", "Hint", "Reset", "Select a puzzle", "Esc"):
        assert word not in text
    for number in range(1, pages + 1):                 # every printed page looks exactly as without play
        a = pdf_page_png(printed, tmp_path / f"a{number}", page=number)
        b = pdf_page_png(plain, tmp_path / f"b{number}", page=number)
        assert a.read_bytes() == b.read_bytes(), f"page {number} differs"


# --------------------------------------------------------------------------- the book's language, on a phone

@pytest.fixture(scope="module")
def vietnamese_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's default book (Vietnamese), through the real build."""
    out = tmp_path_factory.mktemp("vi")
    result = build(BuildOptions(config=REPO / "config.yaml", out=out,
                                formats=("html",), jobs=1))
    assert result.exit_code == 0, result.errors
    return out / "tuyen-tap-sudoku-puzzles.html"


#: every English word the panel, its messages and hints would show in an English book
ENGLISH_PANEL = ("Select a puzzle", "Undo", "Redo", "Pencil", "Check", "Hint", "Reset", "Puzzle ", "Keypad",
                 "Arrows move", "type a symbol", "wrong entr", "No mistakes", "enter ", "clear the cell",
                 "row ", "column ", "empty", "given")


def test_the_vietnamese_book_plays_in_vietnamese_in_its_typeface(browser: WebDriver, vietnamese_book: Path) -> None:
    """No English word of the panel anywhere on the page (text, tooltips, ARIA
    labels), before and after playing (a hint, a check); the panel is set in
    the book's typeface; the page opens at its top, the title page, unscrolled (a screenshot
    taken at load shows the book)."""
    browser.set_window_size(1300, 1000)
    browser.get("about:blank")
    browser.get(vietnamese_book.as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.refresh()
    opened = browser.execute_script(
        "return [window.scrollY, document.getElementById('page-1').getBoundingClientRect().top]")
    assert opened[0] == 0 and 0 <= opened[1] < 30, "the page opens on its title page"
    type_into(browser, 1, 1, 1, "1")
    control(browser, "check").click()
    control(browser, "hint").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-hint-text]").text)
    panel = browser.execute_script(
        "var p = document.getElementById('pp-panel'); var out = [p.innerText];"
        "p.querySelectorAll('[title],[aria-label]').forEach(e => out.push(e.title, e.getAttribute('aria-label')));"
        "document.querySelectorAll('table.play td').forEach(e => out.push(e.getAttribute('aria-label')));"
        "return out.join(' | ')")
    for word in ENGLISH_PANEL:
        assert word not in panel, word
    assert "Gợi ý" in panel and "Câu đố 1" in panel
    family = browser.execute_script("return getComputedStyle(document.getElementById('pp-panel')).fontFamily")
    assert family.split(",")[0].strip('"') == "book"
