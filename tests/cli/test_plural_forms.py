"""Counts read as English counts (issue 51: '1 puzzles: 0 unique, 1 rejected'): one puzzle,
one book; the back cover's default line in both built-in languages."""
from __future__ import annotations

from pathlib import Path

from publisher.labels import labels_for
from publisher.spec import inside_text
from tests.runner import Cli

CONTRADICTORY = "4.1.4.3.2..5.....6.3..8..71.........7..28.....1..4..5........6.5.7.2........8.4.."


def test_check_counts_one_puzzle_as_one(cli: Cli, tmp_path: Path) -> None:
    one = tmp_path / "one.txt"
    one.write_text(CONTRADICTORY + "\n", encoding="utf-8")
    assert cli("check", str(one)).out.splitlines()[-1] == "1 puzzle: 0 unique, 1 rejected"
    two = tmp_path / "two.txt"
    two.write_text(CONTRADICTORY + "\n" + CONTRADICTORY + "\n", encoding="utf-8")
    assert cli("check", str(two)).out.splitlines()[-1] == "2 puzzles: 0 unique, 2 rejected"


class _Section:
    def __init__(self, boards: list[object]) -> None:
        self.boards = boards


class _Board:
    kind = "sudoku"
    difficulty = "easy"


def test_the_back_covers_first_line_counts_one_puzzle_in_both_languages() -> None:
    one, three = [_Section([_Board()])], [_Section([_Board(), _Board(), _Board()])]
    english, vietnamese = labels_for("en"), labels_for("vi")
    assert inside_text(one, english).splitlines()[0] == "Inside: 1 puzzle"      # type: ignore[arg-type]
    assert inside_text(three, english).splitlines()[0] == "Inside: 3 puzzles"   # type: ignore[arg-type]
    assert inside_text(one, vietnamese).splitlines()[0] == "Bên trong: 1 câu đố"   # type: ignore[arg-type]
