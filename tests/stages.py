"""The book model of a config through the build's public stages, stopping before any renderer:
for tests that look at the booklets a config makes (the build itself runs the same stages)."""
from __future__ import annotations

import shutil
from pathlib import Path

from publisher import spec
from publisher.build import make_booklets
from publisher.config import load
from publisher.grading import verify_sections
from publisher.model import Booklet
from publisher.progress import Progress
from publisher.sources import read_sources
from tests.samples import REPO


def booklets_of(config: Path, *, jobs: int | None = 1) -> list[Booklet]:
    """Every booklet of ``config``: sources, verify, spec and layout, as ``puzzlepress build``."""
    loaded = load(config)
    books = spec.plan(loaded)
    inputs = read_sources(loaded, jobs=jobs)
    sections = verify_sections(loaded, inputs, spec.grading_depths(loaded, books, inputs), jobs=jobs)
    return make_booklets(loaded, spec.book_specs(loaded, books, inputs, sections), Progress(enabled=False))


def default_book(folder: Path, **replacements: str) -> list[Booklet]:
    """The checkout's embedded book (config.yaml and puzzles/, copied to ``folder``) with each
    config text ``old`` replaced by ``new`` (each must be there), laid out through the real stages."""
    text = (REPO / "config.yaml").read_text(encoding="utf-8")
    for old, new in replacements.items():
        assert old in text
        text = text.replace(old, new)
    shutil.copytree(REPO / "puzzles", folder / "puzzles")
    config = folder / "config.yaml"
    config.write_text(text, encoding="utf-8")
    return booklets_of(config, jobs=None)
