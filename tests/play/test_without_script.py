"""The HTML booklet shows without its script: pages, grids and givens are in the HTML and CSS, the
script only adds play (issue 51). A link preview, a reader with scripts off or a slow phone sees
the book.

Oracles: the book model the build laid out (tests.stages: every numbered grid and its cells'
text), Chromium with script execution disabled (CDP) laying the page out at desktop and phone
widths, and the picture ``chromium --headless --screenshot`` takes at load.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from publisher.build import BuildOptions, build
from publisher.model import Band
from tests.browser import chromium
from tests.consumers import chromium_screenshot
from tests.play.test_phone import VARIETY
from tests.samples import REPO
from tests.stages import booklets_of

pytestmark = pytest.mark.consumers

#: every numbered grid's caption box, grid and cells as the page lays them out, and the width
#: the document scrolls to
LAID_OUT = """
var w = document.documentElement.clientWidth, out = {};
document.querySelectorAll('figure.pz[data-number]').forEach(function (f) {
  var t = f.querySelector('table'), r = t.getBoundingClientRect(), s = getComputedStyle(t);
  out[f.dataset.number] = {left: r.left, right: r.right, width: r.width, height: r.height,
    shown: s.display !== 'none' && s.visibility !== 'hidden' && f.offsetParent !== null,
    cells: Array.from(t.querySelectorAll('td')).map(function (td) {
      return td.querySelector('svg') ? 'Q' : td.textContent; })};
});
return {grids: out, scroll: document.documentElement.scrollWidth, width: w,
        reader: !!document.getElementById('pp-reader')};
"""


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, list[str]]]]:
    """The embedded book and a variety book built as HTML, each with its puzzles' cells as the
    model has them (number -> every cell's text, 'Q' for a queen)."""
    folder = tmp_path_factory.mktemp("noscript")
    variety = folder / "variety.yaml"
    variety.write_text(VARIETY.format(repo=REPO), encoding="utf-8")
    found = {}
    for name, config in (("book", REPO / "config.yaml"), ("variety", variety)):
        result = build(BuildOptions(config=config, out=folder / name, formats=("html",), jobs=1))
        assert result.exit_code == 0, result.errors
        puzzles = next(b for b in booklets_of(config) if b.role == "puzzles")
        cells = {str(item.number): ["Q" if c.is_queen else c.text for c in item.grid.cells]
                 for page in puzzles.pages for band in page.blocks if isinstance(band, Band)
                 for item in band.items if item.number is not None}
        found[name] = (folder / name / f"{puzzles.stem}.html", cells)
    return found


@pytest.fixture(scope="module")
def scriptless() -> Iterator[WebDriver]:
    """Chromium with the page's scripts off (as a reader who turned them off; the test's own
    queries still run through the driver)."""
    with chromium() as driver:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        yield driver


@pytest.mark.parametrize("width", [1280, 390, 360])
@pytest.mark.parametrize("name", ["book", "variety"])
def test_with_scripts_off_every_puzzle_and_given_shows(scriptless: WebDriver, books: dict, name: str,
                                                       width: int) -> None:
    path, cells = books[name]
    scriptless.set_window_size(width, 900)
    scriptless.get(path.as_uri())
    page = scriptless.execute_script(LAID_OUT)
    assert not page["reader"], "the page's script must not have run"
    assert page["scroll"] <= page["width"], f"the page scrolls sideways at {width} px"
    assert set(page["grids"]) == set(cells)
    for number, grid in page["grids"].items():
        assert grid["shown"] and grid["width"] > 40 and grid["height"] > 40, (name, number, grid)
        assert grid["left"] >= -0.5 and grid["right"] <= page["width"] + 0.5, (name, width, number)
        assert grid["cells"] == cells[number], (name, number)


def test_a_screenshot_taken_at_load_shows_the_book(books: dict, tmp_path: Path) -> None:
    """The page opens unscrolled: on a desktop its title page on the grey desk, on a phone the
    reader with the first puzzle and the panel (the page was scrolled at load, and Chromium's
    screenshot was grey, or white above the puzzle)."""
    path, _cells = books["book"]
    desk = chromium_screenshot(path, tmp_path / "desk.png", 1280, 900)
    white = sum(desk.histogram()[250:]) / (desk.width * desk.height)
    assert white > 0.4, f"the title page's sheet covers {white:.0%} of the screen"
    ink = desk.point(lambda v: 255 if v < 80 else 0).getbbox()
    assert ink is not None, "the title page prints nothing"
    phone = chromium_screenshot(path, tmp_path / "phone.png", 390, 844)
    rows = [sum(1 for x in range(phone.width) if phone.getpixel((x, y)) < 80) for y in range(phone.height)]
    inked = [y for y, dark in enumerate(rows) if dark]
    assert inked and inked[0] < 0.1 * phone.height, "the top of the phone's screen is blank"
    assert sum(1 for dark in rows if dark > 0.8 * phone.width) >= 4, "no grid spans the phone's width"
