"""Options and config keys that can never be met are refused by rule (issue #33).

README, CLI contract: a usage error is one line on stderr and exit 2 (never an internal
error, exit 3, and never an option silently dropped); a config error names its file, line and
key. Each case runs through the real entry point in this process (``guarded_cli``).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runner import Cli

PUZZLE = ".3.22......44.2.\n"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.txt").write_text(PUZZLE, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("command", [["check", "p.txt"], ["grade", "p.txt"], ["solve", ".3.22......44.2."]])
def test_empty_symbols_are_refused(guarded_cli: Cli, here: Path, command: list[str]) -> None:
    """README (check): --symbols S is the symbol alphabet; an empty one is a usage error, not ignored."""
    run = guarded_cli(*command, "--symbols", "")
    assert run.code == 2, run
    assert "--symbols is empty" in run.err


def test_empty_symbols_in_a_config_name_the_key(guarded_cli: Cli, here: Path) -> None:
    """README, Config reference: every problem is `config.yaml:LINE: key.path: problem`."""
    (here / "config.yaml").write_text("books:\n  - title: B\n    sections:\n"
                                      "      - title: S\n        puzzles: p.txt\n        symbols: ''\n",
                                      encoding="utf-8")
    run = guarded_cli("build", "config.yaml")
    assert run.code == 2, run
    assert "config.yaml:6: books[0].sections[0].symbols: String should have at least 1 character" in run.err


def test_a_section_variant_its_grids_cannot_have_is_a_config_error(guarded_cli: Cli, here: Path) -> None:
    """README, Sudoku variants: variant rules a section's grids cannot have (windoku off 9x9)
    are a config error naming the key, not a `malformed` verdict at every puzzle line."""
    (here / "config.yaml").write_text("books:\n  - title: B\n    sections:\n      - title: S\n"
                                      "        puzzles: p.txt\n        variant: [windoku]\n", encoding="utf-8")
    run = guarded_cli("build", "config.yaml")
    assert run.code == 2, run
    assert run.err.strip() == ("puzzlepress: error: config.yaml:6: books[0].sections[0].variant: windoku has its "
                               "windows on a 9x9 grid with 3x3 boxes only (p.txt:1 is a 4x4 grid)")
    assert not (here / "out").exists()
