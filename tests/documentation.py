"""The documentation as the tests read it: the README and every page of the docs site.

The reference pages hold markers that ``docs/hooks.py`` (MkDocs' hook) replaces with text made
from the code; ``generated=True`` gives the pages as the site shows them.
"""
from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType

from tests.samples import REPO

DOCS = REPO / "docs"
#: the walk-through, whose commands run one after another in one folder (tests/project/test_docs.py)
TUTORIAL = DOCS / "tutorial.md"


def pages(*, tutorial: bool = True) -> list[Path]:
    """README.md, then every page under docs/ in name order."""
    found = [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]
    return [page for page in found if tutorial or page != TUTORIAL]


@functools.cache
def hooks() -> ModuleType:
    """docs/hooks.py, loaded as MkDocs loads it (from its path)."""
    spec = importlib.util.spec_from_file_location("puzzlepress_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def documentation(*, generated: bool = False, tutorial: bool = True) -> str:
    """Every page's text, one after another (the references made from the code with ``generated``)."""
    texts = [page.read_text(encoding="utf-8") for page in pages(tutorial=tutorial)]
    if generated:
        texts = [hooks().on_page_markdown(text) for text in texts]
    return "\n\n".join(texts)
