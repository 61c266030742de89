"""Nothing forged on the console (issue #33): the user's text goes out one line, escaped.

README, CLI contract: "Errors are one line each"; Output guarantees: no line a command
prints can pose as one of ours. A title, section name or file name holding a newline, an
escape sequence or a right-to-left override is printed with those characters escaped
(``\\n``, ``\\x1b``, ``\\u202e``), so the summary's ``wrote ...`` lines are only the files written.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from publisher.console import escaped
from tests.runner import Cli
from tests.samples import KIDS_4X4

PUZZLE = f"{KIDS_4X4}\n"
FORGED = "x\nwrote out/forged.pdf (1 pages)"



@pytest.mark.slow
def test_a_title_with_a_newline_forges_no_summary_line(guarded_cli: Cli, here: Path) -> None:
    """README, build: the summary names every file written -- and only those (one line per text)."""
    (here / "config.yaml").write_text("books:\n  - title: " + json.dumps(FORGED) + "\n    sections:\n"
                                      "      - {title: \"S\\u202eevil\", puzzles: p.txt}\n", encoding="utf-8")
    run = guarded_cli("build", "config.yaml", "--format", "html")
    assert run.code == 0, run
    wrote = [line.split()[1] for line in run.out.splitlines() if line.strip().startswith("wrote ")]
    assert wrote and all((here / name).is_file() for name in wrote)
    assert "out/forged.pdf" not in wrote
    assert "  x\\nwrote out/forged.pdf (1 pages) / S\\u202eevil: 1 accepted" in run.out.splitlines()


@pytest.mark.parametrize("command", ["check", "grade", "solve"])
def test_a_file_name_with_a_newline_stays_on_its_line(guarded_cli: Cli, here: Path, command: str) -> None:
    """README, check: one text line per puzzle, `FILE:LINE #K status`, whatever the file is called."""
    name = "a\nb\x1b[2J.txt"
    (here / name).write_text(PUZZLE, encoding="utf-8")
    run = guarded_cli(command, name)
    assert run.code == 0, run
    assert run.out.splitlines()[0].startswith("a\\nb\\x1b[2J.txt:1")
    assert "\x1b" not in run.out


def test_a_bad_file_name_in_an_error_is_escaped(guarded_cli: Cli, here: Path) -> None:
    """README, CLI contract: an error is one line -- a missing file's name cannot break it."""
    run = guarded_cli("check", "no\x1b]0;pwned\x07such.txt")
    assert run.code == 2, run
    assert "\x1b" not in run.err and "\x07" not in run.err
    assert "no\\x1b]0;pwned\\x07such.txt" in run.err


def test_escaped_leaves_ordinary_text_alone() -> None:
    """The escaping changes only controls: Vietnamese titles and symbols print as they are."""
    assert escaped("Tuyển tập Sudoku — 1½ ×") == "Tuyển tập Sudoku — 1½ ×"
    assert escaped("a\tb\rc\u2028d\x85\udcff") == "a\\tb\\rc\\u2028d\\x85\\udcff"


def test_ci_annotations_carry_no_terminal_controls() -> None:
    """README, Output guarantees (CI annotations): a value is escaped as GitHub requires, and
    the other controls as on every console line, so a CI log cannot be repainted either."""
    from publisher.report import escape_annotation
    assert escape_annotation("bad\nline\x1b[2J%") == "bad%0Aline\\x1b[2J%25"
    assert escape_annotation("a:b,\u202ec", prop=True) == "a%3Ab%2C\\u202ec"
