"""Futoshiki verification, reading and canonical forms against an independent solver
(tests/futoshiki_oracle.py) on Tatham's own puzzles: two fresh ``sgt-unequal`` puzzles per size
4-7 and level, Unequal and Adjacent (tests/data/futoshiki/tatham-unequal.tsv), and a copy of
each with one thing changed (damaged.tsv), made by tests/data/futoshiki/make_data.py."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.futoshiki import Futoshiki, parse_mapping, parse_text, read_id, to_mapping, verify, write_id
from solver.futoshiki.parse import as_text
from solver.parsing import ParseIssue
from solver.verdict import Status
from tests import futoshiki_oracle as oracle

DATA = Path(__file__).parent.parent / "data" / "futoshiki"


def _rows(name: str) -> list[list[str]]:
    return [line.split("\t") for line in (DATA / name).read_text().splitlines()[1:]]


def _cases(name: str) -> list[object]:
    """Every row; the 7x7 Unequal ones, which the independent solver takes seconds on, in the slow tier."""
    return [pytest.param(*row, marks=[pytest.mark.slow] if row[0].startswith("7d") else [], id=f"{row[0]}-{i}")
            for i, row in enumerate(_rows(name))]


def _oracle_view(puzzle: Futoshiki) -> tuple[int, bool, list[int], set[tuple[int, int]]]:
    return oracle.parse_id(write_id(puzzle))


@pytest.mark.parametrize("params, game, solution", _cases("tatham-unequal.tsv"))
def test_tathams_puzzles_are_unique_with_the_independent_solution(params: str, game: str, solution: str) -> None:
    puzzle = read_id(game)
    verdict = verify(puzzle)
    assert verdict.status is Status.UNIQUE
    assert "".join(map(str, verdict.solution)) == solution
    assert oracle.solutions(*oracle.parse_id(game)) == [tuple(map(int, solution))]
    assert read_id(game.split(":", 1)[1]).signs == puzzle.signs or "a" in params   # without its parameters too
    assert read_id(write_id(puzzle)) == puzzle
    assert parse_text(as_text(puzzle)) == [puzzle]                                # our text form reads back
    assert parse_mapping(to_mapping(puzzle)) == puzzle


@pytest.mark.parametrize("params, game, count, found", _cases("damaged.tsv"))
def test_a_damaged_puzzle_is_judged_as_the_independent_solver_judges_it(params: str, game: str, count: str,
                                                                        found: str) -> None:
    puzzle = read_id(game)
    verdict = verify(puzzle)
    expected = [tuple(map(int, s)) for s in found.split()]
    if count == "0":
        assert verdict.status is Status.UNSOLVABLE
        assert re.search(r"(the sign|the bar between|no bar between|both hold|cannot both hold)", verdict.reason or "")
    elif count == "1":
        assert verdict.status is Status.UNIQUE and verdict.solution == expected[0]
    else:
        assert verdict.status is Status.MULTIPLE
        first, second = verdict.solution, verdict.other_solution
        assert first != second
        n, adjacent, givens, pairs = _oracle_view(puzzle)
        for grid in (first, second):          # both are real solutions, checked by the rules alone
            assert oracle.solutions(n, adjacent, list(grid), pairs) == [tuple(grid)]
            assert all(not given or given == value for given, value in zip(givens, grid))
        assert verdict.differences == tuple(c for c in range(n * n) if first[c] != second[c])


def test_an_unsolvable_puzzle_names_the_sign_that_fails() -> None:
    # r1c1 > r1c2 > r1c3 > r1c4 leaves r1c1 = 4 on a 4x4; a given 3 there breaks the first sign of the chain
    puzzle = read_id("4:3R,0R,0R,0,0,0,0,0,0,0,0,0,0,0,0,0,")
    verdict = verify(puzzle)
    assert verdict.status is Status.UNSOLVABLE
    assert verdict.reason == "no solution: the sign r1c1 > r1c2 contradicts the rest"
    both = read_id("4:2R,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,").replace_signs(((1, 0),))
    assert verify(both).reason == "no solution: the sign r1c2 > r1c1 fails: they hold 1 and 2"
    bar = read_id("4a:1,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,")          # Adjacent: no bar, so never 1 apart
    assert verify(bar).reason == "no solution: no bar between r1c1 and r1c2 fails: they hold 1 and 2"
    barred = read_id("4a:1R,3L,0,0,0,0,0,0,0,0,0,0,0,0,0,0,")      # a bar, so 1 apart
    assert verify(barred).reason == "no solution: the bar between r1c1 and r1c2 fails: they hold 1 and 3"


def test_a_bad_line_names_its_line_and_problem() -> None:
    text = "# one\n1 .>. .\n. . . .\n. . . .\n. . ^ .\n. . . .\n. . . .\n. . .x.\n\n5:0,0Q,0,\n"
    found = parse_text(text)
    assert isinstance(found[0], ParseIssue) and found[0].line == 8
    assert "between cells 3 and 4: 'x'" in found[0].message
    issue = parse_mapping({"kind": "futoshiki", "grid": ["1 2", ". ."], "mode": "sideways"}, line=4)
    assert isinstance(issue, ParseIssue) and issue.line == 4 and "mode" in issue.message
    with pytest.raises(ValueError, match="points off the grid"):
        read_id("4:0U,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,")
    with pytest.raises(ValueError, match="N\\*N"):
        read_id("4:0,0,0,")


def test_our_text_form_reads_as_documented() -> None:
    text = ("# a 4x4\n"
            "1 .>. .\n"
            ". v . ^\n"
            ". . .<.\n"
            ". . . .\n"
            ". . . .\n"
            ". . . .\n"
            "4 . . .\n"
            "\n"
            "adjacent\n"
            ".|. . .\n"
            "- . . .\n"
            ". . . .\n"
            ". . . .\n"
            ". . . .\n"
            ". . . .\n"
            ". . . .\n")
    first, second = parse_text(text)
    assert isinstance(first, Futoshiki) and isinstance(second, Futoshiki)
    assert first.title == "a 4x4" and first.givens[0] == 1 and first.givens[12] == 4
    # ">" between r1c2 and r1c3, "v" under r1c2, "^" under r1c4 (r2c4 the greater), "<" between r2c3 and r2c4
    assert set(first.signs) == {(1, 2), (1, 5), (7, 3), (7, 6)}
    assert second.adjacent and set(second.signs) == {(0, 1), (0, 4)}
    assert write_id(second) == "4a:0RD,0L,0,0,0U,0,0,0,0,0,0,0,0,0,0,0,"
