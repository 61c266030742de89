"""A real Chromium driven by Selenium, and the playable page's automation hook (README,
"Playing in a browser": data-puzzle, data-row/data-col, the classes given/conflict/wrong/...);
a phone is Chromium's own mobile emulation with touch, played by touch events (CDP), never clicks.

The tests of tests/play/ get one browser per test module from the ``browser`` fixture of
tests/play/conftest.py; a test elsewhere opens one with :func:`chromium`.
"""
from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from tests.consumers import CHROMIUM, require


@contextmanager
def chromium() -> Iterator[WebDriver]:
    """Headless Chromium with a profile of its own (removed after), its window wide enough for
    a booklet's panel beside the grid; missing Chromium or chromedriver fails naming the package."""
    binary, chromedriver = require(CHROMIUM, "chromium"), require(None, "chromedriver")
    profile = tempfile.mkdtemp(prefix="pp-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
                "--disable-background-networking", "--disable-component-update", f"--user-data-dir={profile}",
                "--window-size=1300,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def cell(driver: WebDriver, puzzle: int, row: int, col: int) -> WebElement:
    """The cell at ``row``, ``col`` (from 1) of the booklet's puzzle number ``puzzle``."""
    return driver.find_element(By.CSS_SELECTOR, f'table[data-puzzle="{puzzle}"] td[data-row="{row}"][data-col="{col}"]')


def classes(element: WebElement) -> set[str]:
    """An element's classes: what the page says of a cell (given, conflict, wrong, hint, ...)."""
    return set((element.get_attribute("class") or "").split())


def type_into(driver: WebDriver, puzzle: int, row: int, col: int, text: str) -> None:
    """Click a cell (scrolled into view first) and type ``text`` as a reader would."""
    target = cell(driver, puzzle, row, col)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    target.click()
    ActionChains(driver).send_keys(text).perform()


@contextmanager
def phone(driver: WebDriver, width: int, height: int = 844) -> Iterator[WebDriver]:
    """The browser as a phone of ``width`` x ``height`` CSS px (mobile viewport, touch screen)
    while inside; a desktop again after."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        yield driver
    finally:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def touch(driver: WebDriver, points: Sequence[tuple[float, float]]) -> None:
    """One finger down at the first point, moved through the others, lifted: a tap for one
    point, a swipe for several."""
    x, y = points[0]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in points[1:]:
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap(driver: WebDriver, element: WebElement) -> None:
    """A finger's tap on the middle of ``element`` as it is on the screen now; it must be the
    element a finger there touches (on the screen, not under the panel)."""
    x, y, on_top = driver.execute_script(
        "var e = arguments[0], r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;"
        "var hit = document.elementFromPoint(x, y); return [x, y, !!hit && (hit === e || e.contains(hit))]", element)
    assert on_top, f"{element.tag_name} at ({x:.0f}, {y:.0f}) is not what a finger there touches"
    touch(driver, [(x, y)])
