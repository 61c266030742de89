"""Options and config keys that can never be met are refused by rule (issue #33).

README, CLI contract: a usage error is one line on stderr and exit 2 (never an internal
error, exit 3, and never an option silently dropped); a config error names its file, line and
key. Each case runs through the real entry point in this process (``guarded_cli``).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.runner import Cli
from tests.samples import KIDS_4X4

PUZZLE = f"{KIDS_4X4}\n"



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


# ------------------------------------------------------------------ queens boards up to 60x60

def _queens_config(folder: Path, n: int, page: str = "") -> Path:
    """A queens board of side ``n`` with the queens of all but its top four rows given (the
    completion of an independent checker's placement: unique)."""
    solution = _placement(n)
    given = ", ".join(f"'{r + 1},{c + 1}'" for r, c in enumerate(solution) if r >= 4)   # ROW,COL from the top
    path = folder / "config.yaml"
    path.write_text(f"books:\n  - title: Q\n{page}    sections:\n      - title: S\n        kind: queens\n"
                    f"        boards:\n          - n: {n}\n            given: [{given}]\n", encoding="utf-8")
    return path


def _placement(n: int) -> list[int]:
    """Columns of n non-attacking queens, row by row from the top (the explicit construction for
    n mod 6 not 2 or 3, checked here rather than trusted)."""
    assert n % 6 not in (2, 3)
    evens = list(range(1, n, 2))        # columns 2, 4, 6, ... (0-based 1, 3, 5, ...)
    odds = list(range(0, n, 2))
    columns = evens + odds
    assert len({r + c for r, c in enumerate(columns)}) == n == len({r - c for r, c in enumerate(columns)})
    return columns


def test_queens_boards_up_to_60_are_accepted(here: Path) -> None:
    """README, Limits: queens puzzles take "boards up to 60x60 (as generated `boards`)"."""
    from publisher.config import load
    loaded = load(_queens_config(here, 60))
    assert loaded.config.books[0].sections[0].boards[0].n == 60   # type: ignore[union-attr]


def test_a_queens_board_of_61_is_a_config_error(guarded_cli: Cli, here: Path) -> None:
    """README, Limits: boards up to 60x60; a bigger one is a config error naming the key."""
    config = _queens_config(here, 60)
    config.write_text(config.read_text(encoding="utf-8").replace("n: 60", "n: 61"), encoding="utf-8")
    run = guarded_cli("build", "config.yaml")
    assert run.code == 2, run
    assert "books[0].sections[0].boards[0].n: Input should be less than or equal to 60" in run.err


def test_a_60x60_queens_board_builds_on_a_page_that_holds_it(guarded_cli: Cli, here: Path) -> None:
    """README, Limits: a 60x60 queens board is built (on a page large enough for its cells)."""
    _queens_config(here, 60, page="    page: {size: 17x22in}\n")
    run = guarded_cli("build", "config.yaml", "--format", "pdf", "-q")
    assert run.code == 0, run
    import pymupdf
    with pymupdf.open(here / "out" / "q-puzzles.pdf") as doc:
        assert doc.page_count >= 1


# ------------------------------------------------------------------ requests no search can meet

@pytest.mark.parametrize("kind, size, cages", [("killer", "9", "2-2"), ("kenken", "5", "2-2"),
                                               ("killer", "9", "4-4")])
def test_cage_sizes_that_cannot_cut_the_grid_are_refused_by_rule(guarded_cli: Cli, here: Path, kind: str,
                                                                 size: str, cages: str) -> None:
    """README, generate: "a request that can never be met ... is refused by rule before any search",
    one line and exit 2: 81 cells cannot be cut into pairs (it was a ValueError, exit 3)."""
    run = guarded_cli("generate", "--kind", kind, "--size", size, "--level", "diabolical", "--cages", cages)
    assert run.code == 2, run
    cells = int(size) ** 2
    assert f"the {cells} cells of a {size}x{size} grid cannot be cut into cages of {cages} cells" in run.err


def test_cage_sizes_that_cut_the_grid_are_still_made(guarded_cli: Cli, here: Path) -> None:
    """The rule refuses only what cannot be: a 4x4 Killer in pairs (16 cells) is made."""
    run = guarded_cli("generate", "--kind", "killer", "--size", "4", "--cages", "2-2", "--json")
    assert run.code == 0, run
    import json
    assert all(len(cage["cells"]) == 2 for cage in json.loads(run.out)["cages"])


@pytest.mark.parametrize("week", [[], ["--week", "easy,easy,easy,easy,easy,easy,easy"]])
def test_a_daily_series_past_the_last_date_is_one_line(guarded_cli: Cli, here: Path, week: list[str]) -> None:
    """README, CLI contract: an option that cannot be used is one line, exit 2 (not an OverflowError)."""
    (here / "two.txt").write_text(PUZZLE * 2, encoding="utf-8")
    run = guarded_cli("export", "two.txt", "--format", "svg", "--out", "ex", "--daily", "9999-12-31", *week)
    assert run.code == 2, run
    assert "--daily 9999-12-31: puzzle 2 would fall after 9999-12-31" in run.err
    assert not (here / "ex").exists()
