"""A book with one section per Sudoku variant, read back by real consumers: every format's
printed page shows the model's shading (LibreOffice prints DOCX and RTF, Chromium the HTML,
pdftoppm rasterises), and the playable page flags a break of each variant's rule (Selenium)."""
from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from publisher.build import BuildOptions, build
from publisher.model import SHADE_NONE, Booklet, PlacedGrid
from solver.sudoku import Puzzle
from solver.sudoku.generate import Request, generate_one
from solver.sudoku.geometry import tables
from solver.sudoku.rules import VARIANTS
from tests.browser import chromium
from tests.consumers import pages_in_every_format, placed_grids, require
from tests.stages import booklets_of

pytestmark = pytest.mark.consumers

DPI = 100
SCALE = DPI / 72


def variant_puzzles() -> dict[str, Puzzle]:
    return {name: generate_one(Request(9, level="easy", variant=(name,)), 5).puzzle for name in VARIANTS}


def write_book(folder: Path, puzzles: dict[str, Puzzle], formats: list[str]) -> Path:
    sections = []
    for name, puzzle in puzzles.items():
        record = {"givens": puzzle.format(), "variant": list(puzzle.variant), "parity": puzzle.parity}
        (folder / f"{name}.json").write_text(json.dumps([record]), encoding="utf-8")
        sections.append(f"      - {{title: {name}, puzzles: {name}.json}}")
    config = folder / "config.yaml"
    config.write_text("books:\n  - title: Variants\n    sections:\n" + "\n".join(sections)
                      + f"\noutput: {{formats: [{', '.join(formats)}]}}\n", encoding="utf-8")
    return config


@pytest.fixture(scope="module")
def puzzles() -> dict[str, Puzzle]:
    return variant_puzzles()


@pytest.fixture(scope="module")
def printed(puzzles: dict[str, Puzzle], tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[Booklet, dict[str, list[Image.Image]]]:
    folder = tmp_path_factory.mktemp("variants")
    booklet = booklets_of(write_book(folder, puzzles, ["pdf"]))[0]
    images = pages_in_every_format(booklet, folder, DPI)
    return booklet, images


def lightest(image: Image.Image, item: PlacedGrid, index: int) -> int:
    """The lightest pixel of the middle of a cell (a blank cell: its fill)."""
    grid = item.grid
    r, c = divmod(index, grid.cols)
    size = grid.cell_size
    x, y = item.x + c * size, item.y + item.caption_height + r * size
    box = tuple(round(v * SCALE) for v in (x + 0.3 * size, y + 0.3 * size, x + 0.7 * size, y + 0.7 * size))
    return max(image.crop(box).tobytes())


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["pdf", "docx", "rtf", "html"])
def test_every_format_prints_the_variants_shading(printed: tuple[Booklet, dict], fmt: str) -> None:
    booklet, images = printed
    seen = set()
    shaded_grids = 0
    for page, item in placed_grids(booklet):
        shaded = item.grid.shaded
        if shaded is None:
            continue
        shaded_grids += 1
        for index, cell in enumerate(item.grid.cells):
            if cell.text:
                continue
            level = shaded[index]
            expected = 255 if level == SHADE_NONE else round(booklet.ink.shade(level) * 255)
            assert abs(lightest(images[fmt][page], item, index) - expected) <= 20, (fmt, item.number, index, level)
            seen.add(level)
    assert shaded_grids == 3 and len(seen) == 3   # x, windoku bands; even-odd marks; plain cells


def test_the_rule_lines_are_printed_under_the_headings(puzzles: dict[str, Puzzle], tmp_path: Path) -> None:
    config = write_book(tmp_path, puzzles, ["pdf"])
    result = build(BuildOptions(config=config, jobs=1))
    assert result.exit_code == 0, result.errors
    text = subprocess.run([require(None, "pdftotext"), str(tmp_path / "out" / "variants-puzzles.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    for line in ("X: each main diagonal", "Windoku: each of the four shaded windows", "Anti-knight: cells a knight",
                 "Anti-king: diagonally touching", "Non-consecutive: side-by-side", "Even-odd: dark grey cells"):
        assert line in " ".join(text.split()), line


# --------------------------------------------------------------------------- playing

@pytest.fixture(scope="module")
def page(puzzles: dict[str, Puzzle], tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    folder = tmp_path_factory.mktemp("variant-play")
    result = build(BuildOptions(config=write_book(folder, puzzles, ["html"]), jobs=1))
    assert result.exit_code == 0, result.errors
    with chromium() as driver:
        driver.get((folder / "out" / "variants-puzzles.html").as_uri())
        yield driver


def classic_free(puzzle: Puzzle, cell: int, digit: int) -> bool:
    """Whether ``digit`` in blank ``cell`` breaks no row, column or box given (so a conflict
    flagged there can only come from the variant's rule)."""
    n = puzzle.size
    row, col = divmod(cell, n)
    box = puzzle.geometry.regions[cell]
    return not puzzle.givens[cell] and not any(
        puzzle.givens[other] == digit for other in range(n * n)
        if other // n == row or other % n == col or puzzle.geometry.regions[other] == box)


def a_break(puzzle: Puzzle) -> list[tuple[int, int]]:
    """Blank cells and digits that together break the puzzle's variant rule, and nothing else."""
    geometry, n = puzzle.geometry, puzzle.size
    classic = {c: {o for o in range(n * n) if o // n == c // n or o % n == c % n
                   or geometry.regions[o] == geometry.regions[c]} for c in range(n * n)}
    (rule,) = geometry.rules
    t = tables(geometry)
    if rule.allowed(geometry):
        cell = next(c for c, mask in enumerate(t.allowed) if mask != t.full and not puzzle.givens[c]
                    and any(classic_free(puzzle, c, d) for d in range(1, n + 1) if not mask >> (d - 1) & 1))
        digit = next(d for d in range(1, n + 1)
                     if not t.allowed[cell] >> (d - 1) & 1 and classic_free(puzzle, cell, d))
        return [(cell, digit)]
    pairs = list(rule.pairs(geometry)) or [(a, b) for _, unit in rule.units(geometry)
                                           for a in unit for b in unit if a < b]
    for a, b in pairs:
        for d1 in range(1, n + 1):
            for d2 in range(1, n + 1):
                if d1 == d2 and b in classic[a]:
                    continue   # the same digit twice in a row, column or box: a classic conflict
                if rule.clash(d1, d2) and classic_free(puzzle, a, d1) and classic_free(puzzle, b, d2):
                    return [(a, d1), (b, d2)]
    raise AssertionError("no breakable pair")


@pytest.mark.parametrize("number", range(1, len(VARIANTS) + 1))
def test_the_playable_page_flags_a_break_of_each_variant(page: WebDriver, puzzles: dict[str, Puzzle],
                                                          number: int) -> None:
    puzzle = list(puzzles.values())[number - 1]
    entries = a_break(puzzle)
    n = puzzle.size
    def cell(index: int) -> WebElement:
        return page.find_element(By.CSS_SELECTOR, f'table[data-puzzle="{number}"] '
                                                  f'td[data-row="{index // n + 1}"][data-col="{index % n + 1}"]')

    for cell_index, digit in entries:
        target = cell(cell_index)
        page.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
        target.click()
        ActionChains(page).send_keys(puzzle.symbols[digit - 1]).perform()
    for cell_index, _ in entries:
        assert "conflict" in (cell(cell_index).get_attribute("class") or "").split(), (VARIANTS[number - 1], entries)
