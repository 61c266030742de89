"""What every test can use without an import: the CLI run in this process.

The shared pieces live in plain modules so scripts can import them too: tests/samples.py (the
checkout's places and the sample puzzles), tests/runner.py (the console script in a new process),
the oracles (tests/sudoku_oracle.py, tests/variant_oracle.py, tests/cage_oracle.py, ...) and the
books built by hand (tests/booksamples.py). The tests themselves sit in one folder per area.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import publisher.cli
from tests.deadline import deadline
from tests.runner import Cli, CliRun
from tests.samples import KIDS_4X4


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``puzzlepress ARGS`` through ``publisher.cli.main`` in this process: its exit code and
    what it printed (read from capsys, so each call sees only its own output)."""
    def run(*args: str) -> CliRun:
        code = publisher.cli.main(list(args))
        out, err = capsys.readouterr()
        return CliRun(code, out, err)
    return run


@pytest.fixture
def guarded_cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """The ``cli`` fixture for hostile and limit cases, holding the CLI contract on every call:
    it ends within tests/deadline.py's limit, never prints a traceback, and a usage error
    (exit 2) is one line on stderr."""
    def run(*args: str) -> CliRun:
        with deadline():
            code = publisher.cli.main(list(args))
        out, err = capsys.readouterr()
        assert "Traceback" not in err, err
        if code == 2:
            assert len(err.strip().splitlines()) == 1, err
        return CliRun(code, out, err)
    return run


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh working folder holding ``p.txt``, one small 4x4 puzzle (a test file may have a
    ``here`` of its own)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.txt").write_text(f"{KIDS_4X4}\n", encoding="utf-8")
    return tmp_path
