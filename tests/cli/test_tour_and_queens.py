"""The tour and queens commands through publisher.cli.main: exit codes and JSON contract."""
from __future__ import annotations

import json

import pytest

import publisher.cli.chess  # noqa: F401  (registers the commands)
from tests.knight_checks import is_tour
from tests.runner import Cli


def test_tour_json_contract(cli: Cli) -> None:
    code, out, _ = cli("tour", "8x8", "--start", "a1", "--closed", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"rows", "cols", "start", "closed", "exists", "path", "reason"}
    assert (data["rows"], data["cols"], data["start"], data["closed"], data["exists"]) == \
        (8, 8, [7, 0], True, True)
    assert data["path"][0] == [7, 0] and is_tour(8, 8, data["path"], closed=True)
    assert data["reason"] is None


def test_tour_row_col_start_and_rectangular_board(cli: Cli) -> None:
    code, out, _ = cli("tour", "5x7", "--start", "3,5", "--json")
    data = json.loads(out)
    assert code == 0 and data["path"][0] == [2, 4] and is_tour(5, 7, data["path"], closed=False)


def test_no_tour_exits_1_with_the_reason(cli: Cli) -> None:
    code, out, _ = cli("tour", "4x4", "--closed", "--json")
    data = json.loads(out)
    assert code == 1 and data["exists"] is False and data["path"] is None
    assert "Schwenk" in data["reason"]
    code, out, _ = cli("tour", "5x5", "--start", "b1")
    assert code == 1 and "corner colour" in out


@pytest.mark.parametrize("args", [["tour", "0x5"], ["tour", "8x8", "--start", "a9"],
                                  ["tour", "eight"], ["tour", "8x8", "--start", "q"],
                                  ["tour", "8x8", "--count"], ["queens", "0"],
                                  ["queens", "8", "--limit", "3"]])
def test_usage_errors_exit_2_with_one_line(cli: Cli, args) -> None:
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("puzzlepress: error:")


def test_human_output_is_an_aligned_numbered_board(cli: Cli) -> None:
    code, out, _ = cli("tour", "6x6", "--start", "a1")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("open tour on 6x6 from a1")
    grid = [[int(x) for x in line.split()] for line in lines[1:]]
    assert sorted(n for row in grid for n in row) == list(range(1, 37))
    assert grid[5][0] == 1
    assert len({len(line) for line in lines[1:]}) == 1        # aligned columns


def test_big_boards_print_a_summary(cli: Cli) -> None:
    code, out, _ = cli("tour", "40x40")
    assert code == 0 and len(out.splitlines()) == 2 and "1600 squares" in out


def test_tour_count(cli: Cli) -> None:
    code, out, _ = cli("tour", "5x5", "--start", "a1", "--count", "--json")
    assert code == 0 and json.loads(out)["count"] == 304
    code, out, _ = cli("tour", "5x6", "--closed", "--count")
    assert code == 0 and out.startswith("8 closed")


def test_queens_json(cli: Cli) -> None:
    code, out, _ = cli("queens", "8", "--count", "--json")
    data = json.loads(out)
    assert code == 0 and data["n"] == 8 and data["count"] == 92 and len(data["solutions"]) == 1
    code, out, _ = cli("queens", "8", "--all", "--limit", "5", "--json")
    data = json.loads(out)
    assert len(data["solutions"]) == 5 and data["solutions"][0] == [0, 4, 7, 5, 2, 6, 1, 3]
    code, out, _ = cli("queens", "8", "--unique-up-to-symmetry", "--all", "--json")
    data = json.loads(out)
    assert data["count"] == 12 and len(data["solutions"]) == 12
    code, out, _ = cli("queens", "6", "--all", "--count", "--json")
    assert json.loads(out)["count"] == 4 and len(json.loads(out)["solutions"]) == 4


def test_queens_none_exits_1(cli: Cli) -> None:
    code, out, _ = cli("queens", "3", "--json")
    assert code == 1 and json.loads(out) == {"n": 3, "count": None, "solutions": []}
    code, out, _ = cli("queens", "2", "--count")
    assert code == 1 and "0 solutions" in out


def test_queens_human_board(cli: Cli) -> None:
    code, out, _ = cli("queens", "5")
    rows = [line.split() for line in out.splitlines() if line]
    assert code == 0 and len(rows) == 5 and all(row.count("Q") == 1 for row in rows)
