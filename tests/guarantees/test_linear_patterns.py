"""Every regular expression in the code runs in linear time on any text (issue 44, defect 1).

Python's ``re`` backtracks: a pattern where two quantifiers can take the same characters
(``(\\d+)([a-z0-9]*)``) tries every split of a run between them, so one line of 50,000
digits once took 20 s to be called malformed. Rather than trusting each pattern to be read
right, this test finds them all (every compiled pattern a module of ``solver`` or
``publisher`` holds, and every literal pattern handed to a ``re`` function in their
source) and runs each on megabyte-scale lines of the shapes that make backtracking blow
up: one character repeated, a digit and another character alternating, each ended by a
character that makes the match fail, through ``match``, ``search``, ``fullmatch`` and
``finditer`` alike (so a pattern anchored at its end is anchored at its start too: ``\\A``).
A linear pattern is done with all of them in about a second; a quadratic one would take
hours, and the deadline stops it.
"""
from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterator

import pytest

from tests.deadline import deadline
from tests.samples import REPO

#: characters user text is made of, and those the patterns give meaning to
ALPHABET = "0 19axzdmkjRCrc_,:.-+*/#&=?;\\{}[]()<>\"'\t\rn\u00e9\u2028\x00"
#: long enough that a quadratic backtrack takes hours, short enough that linear work is instant
LENGTH = 100_000
ENDINGS = ("", "!", "\x00", "\n")


def _modules() -> Iterator[str]:
    for package in ("solver", "publisher"):
        root = importlib.import_module(package)
        yield package
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            yield info.name


def _compiled() -> set[tuple[str | bytes, int]]:
    found: set[tuple[str | bytes, int]] = set()
    for name in _modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, re.Pattern):
                found.add((value.pattern, value.flags))
    return found


_RE_FUNCTIONS = {"compile", "match", "search", "fullmatch", "findall", "finditer", "sub", "subn", "split"}


def _literals(expression: ast.expr) -> list[str | bytes]:
    if isinstance(expression, ast.Constant) and isinstance(expression.value, (str, bytes)):
        return [expression.value]
    if isinstance(expression, ast.IfExp):
        return _literals(expression.body) + _literals(expression.orelse)
    return []


def _written() -> set[tuple[str | bytes, int]]:
    """The literal patterns passed to ``re.X(...)`` anywhere in the source."""
    found: set[tuple[str | bytes, int]] = set()
    for package in ("solver", "publisher"):
        for path in sorted((REPO / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                        and node.func.attr in _RE_FUNCTIONS and node.args):
                    for pattern in _literals(node.args[0]):
                        found.add((pattern, re.compile(pattern).flags))
    return found


PATTERNS = sorted(_compiled() | _written(), key=repr)


def _hostile() -> list[str]:
    runs = [ch * LENGTH for ch in ALPHABET]
    runs += [(digit + ch) * (LENGTH // 2) for digit in "19" for ch in ALPHABET if not ch.isdigit()]
    runs += [(ch + digit) * (LENGTH // 2) for digit in "1" for ch in ALPHABET if not ch.isdigit()]
    runs += ["R1C1" * (LENGTH // 4), "3x3:" + "1" * LENGTH, ":0000:" * (LENGTH // 6), "1 #1 " * (LENGTH // 5)]
    return [run + end for run in runs for end in ENDINGS]


HOSTILE = _hostile()


def test_the_patterns_are_found() -> None:
    """The discovery sees the code's patterns, compiled at module level and written inline."""
    sources = {pattern for pattern, _flags in PATTERNS}
    assert len(PATTERNS) >= 30
    assert any(isinstance(p, str) and "a-z0-9_," in p for p in sources)   # tatham's description
    assert rb"\r\n|\r|\n" in sources                                    # safeio's line count, inline


@pytest.mark.slow
@pytest.mark.parametrize("pattern, flags", PATTERNS, ids=[repr(p)[:60] for p, _f in PATTERNS])
def test_linear_on_megabyte_lines(pattern: str | bytes, flags: int) -> None:
    compiled = re.compile(pattern, flags)
    texts: list[str] | list[bytes] = ([text.encode("utf-8", "surrogatepass") for text in HOSTILE]
                                      if isinstance(pattern, bytes) else HOSTILE)
    with deadline():
        for text in texts:
            compiled.match(text)   # type: ignore[arg-type]
            compiled.search(text)   # type: ignore[arg-type]
            compiled.fullmatch(text)   # type: ignore[arg-type]
            for _ in compiled.finditer(text):   # type: ignore[arg-type]
                pass

