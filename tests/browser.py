"""A real Chromium driven by Selenium, and the playable page's automation hook (README,
"Playing in a browser": data-puzzle, data-row/data-col, the classes given/conflict/wrong/...).

The tests of tests/play/ get one browser per test module from the ``browser`` fixture of
tests/play/conftest.py; a test elsewhere opens one with :func:`chromium`.
"""
from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
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
