"""Other people's files given as ``--catalog`` (issue #33): refused, never changed.

README, "A series never repeats a puzzle": a catalog is our SQLite file or PostgreSQL
database; a database that is not ours (tables we do not know, no ``puzzlepress_meta``) is
refused unless it is empty, and a catalog that cannot be used is one line, exit 2. The
oracle is the foreign file read back byte for byte and the one-line error.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.runner import Cli

PUZZLE = ".3.22......44.2.\n"


@pytest.fixture
def bank(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.txt").write_text(PUZZLE, encoding="utf-8")
    return tmp_path / "p.txt"


@pytest.mark.parametrize("args", [["catalog", "--catalog", "other.db", "import", "p.txt"],
                                  ["check", "p.txt", "--catalog", "other.db"]])
def test_another_programs_database_is_refused_and_left_alone(guarded_cli: Cli, bank: Path,
                                                             args: list[str]) -> None:
    """README: a database that is not ours (tables we do not know, no catalog marker) is refused."""
    with sqlite3.connect(bank.parent / "other.db") as connection:
        connection.execute("CREATE TABLE notes (x TEXT)")
        connection.execute("INSERT INTO notes VALUES ('mine')")
    connection.close()
    before = (bank.parent / "other.db").read_bytes()
    run = guarded_cli(*args)
    assert run.code == 2, run
    assert "catalog other.db: not a puzzlepress catalog (it holds other tables: notes)" in run.err
    assert (bank.parent / "other.db").read_bytes() == before


def test_an_empty_database_becomes_a_catalog(guarded_cli: Cli, bank: Path) -> None:
    """README: an empty database (a new or empty file) is made a catalog, the rule's one exception."""
    (bank.parent / "empty.db").write_bytes(b"")
    run = guarded_cli("catalog", "--catalog", "empty.db", "import", "p.txt")
    assert run.code == 0, run
    assert guarded_cli("catalog", "--catalog", "empty.db", "list").out.splitlines()[-1] == "1 puzzle in 1 book"


@pytest.mark.parametrize("args", [["catalog", "--catalog", "p.txt/cat.db", "import", "p.txt"],
                                  ["check", "p.txt", "--catalog", "p.txt/cat.db"]])
def test_a_catalog_under_a_regular_file_says_so(guarded_cli: Cli, bank: Path, args: list[str]) -> None:
    """README, CLI contract: one line naming the problem -- p.txt is a file, not a missing folder."""
    run = guarded_cli(*args)
    assert run.code == 2, run
    assert run.err.strip() == "puzzlepress: error: catalog p.txt/cat.db: p.txt is a file, not a folder"


@pytest.mark.parametrize("url", ["postgresql://::::", "postgres://u@h:port/db"])
def test_a_postgresql_url_that_cannot_be_parsed_is_one_line(guarded_cli: Cli, bank: Path, url: str) -> None:
    """README, CLI contract: a catalog that cannot be used is one line and exit 2, not exit 3."""
    run = guarded_cli("check", "p.txt", "--catalog", url)
    assert run.code == 2, run
    assert "not a valid postgresql:// URL" in run.err and "internal error" not in run.err
