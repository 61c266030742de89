"""The book model of a config through the build's public stages, stopping before any renderer:
for tests that look at the booklets a config makes (the build itself runs the same stages)."""
from __future__ import annotations

from pathlib import Path

from publisher import spec
from publisher.build import make_booklets
from publisher.config import load
from publisher.grading import verify_sections
from publisher.model import Booklet
from publisher.progress import Progress
from publisher.sources import read_sources


def booklets_of(config: Path, *, jobs: int | None = 1) -> list[Booklet]:
    """Every booklet of ``config``: sources, verify, spec and layout, as ``puzzlepress build``."""
    loaded = load(config)
    books = spec.plan(loaded)
    inputs = read_sources(loaded, jobs=jobs)
    sections = verify_sections(loaded, inputs, spec.grading_depths(loaded, books, inputs), jobs=jobs)
    return make_booklets(loaded, spec.book_specs(loaded, books, inputs, sections), Progress(enabled=False))
