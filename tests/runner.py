"""Running ``puzzlepress`` from a test: in this process, or as a separate console script.

In this process the ``cli`` and ``guarded_cli`` fixtures of tests/conftest.py call
``publisher.cli.main`` and hand back a :class:`CliRun`. A test that must see the real process
(signals, the console script's start-up, a pseudo-terminal) starts :func:`console` instead.
"""
from __future__ import annotations

import os
import sys
from typing import NamedTuple, Protocol

from tests.samples import REPO

#: What the ``puzzlepress`` console script runs (pyproject.toml [project.scripts]).
ENTRY = "import sys; from publisher.entry import main; sys.exit(main())"


class CliRun(NamedTuple):
    """One command's exit code and what it printed; unpacks as ``code, out, err``."""

    code: int
    out: str
    err: str


class Cli(Protocol):
    """The type of the ``cli`` fixtures: ``cli("check", "set.txt", "--json")``."""

    def __call__(self, *args: str) -> CliRun: ...


def console(*args: str, entry: str = ENTRY) -> list[str]:
    """The argument list that runs ``puzzlepress ARGS`` as the console script does, in a new
    interpreter; ``entry`` replaces the script for a test that must mark its own start."""
    return [sys.executable, "-c", entry, *args]


def console_env(**extra: str) -> dict[str, str]:
    """This process's environment with the checkout importable (a child does not inherit
    pytest's sys.path), plus ``extra``."""
    return {**os.environ, "PYTHONPATH": str(REPO), **extra}
