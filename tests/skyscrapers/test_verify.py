"""Skyscrapers verification, reading and canonical forms against an independent solver
(tests/skyscraper_oracle.py) on Tatham's own puzzles: two fresh ``sgt-towers`` puzzles per
size 4-7 and level (tests/data/skyscrapers/tatham-towers.tsv) and a copy of each with one clue
changed (damaged.tsv), made by tests/data/skyscrapers/make_data.py."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.skyscrapers import Skyscrapers, parse_mapping, parse_text, read_id, verify, write_id
from solver.skyscrapers.parse import as_text
from solver.verdict import Status
from tests import skyscraper_oracle as oracle

DATA = Path(__file__).parent.parent / "data" / "skyscrapers"
#: the independent solver takes seconds on these: the fast tier leaves them to CI
SLOW = ("7de", "7dh", "7dx", "7du", "6dh", "6du")


def _rows(name: str) -> list[list[str]]:
    lines = (DATA / name).read_text().splitlines()[1:]
    return [line.split("\t") for line in lines]


def _cases(name: str) -> list[object]:
    return [pytest.param(*row, marks=[pytest.mark.slow] if row[0] in SLOW else [], id=f"{row[0]}-{i}")
            for i, row in enumerate(_rows(name))]


def valid(puzzle: Skyscrapers, solution: tuple[int, ...]) -> bool:
    """Whether ``solution`` solves ``puzzle``, checked here from the rules alone."""
    n = puzzle.size
    rows = [solution[r * n:(r + 1) * n] for r in range(n)]
    cols = [solution[c::n] for c in range(n)]
    if any(sorted(line) != list(range(1, n + 1)) for line in rows + cols):
        return False
    if any(g and g != v for g, v in zip(puzzle.givens, solution)):
        return False
    sides = [cols, [c[::-1] for c in cols], rows, [r[::-1] for r in rows]]
    return all(not puzzle.clues[k * n + i] or oracle.seen(sides[k][i]) == puzzle.clues[k * n + i]
               for k in range(4) for i in range(n))


@pytest.mark.parametrize("params, game, solution", _cases("tatham-towers.tsv"))
def test_tathams_puzzles_are_unique_with_the_independent_solution(params: str, game: str, solution: str) -> None:
    puzzle = read_id(game)
    verdict = verify(puzzle)
    assert verdict.status is Status.UNIQUE
    assert "".join(map(str, verdict.solution)) == solution
    assert oracle.solutions(*oracle.parse_id(game)) == [tuple(map(int, solution))]
    assert read_id(game.split(":", 1)[1]) == puzzle          # without its parameters too
    assert read_id(write_id(puzzle)) == puzzle


@pytest.mark.parametrize("params, game, count, found", _cases("damaged.tsv"))
def test_a_changed_clue_is_judged_as_the_independent_solver_judges_it(params: str, game: str, count: str,
                                                                      found: str) -> None:
    puzzle = read_id(game)
    verdict = verify(puzzle)
    independent = oracle.solutions(*oracle.parse_id(game))
    assert len(independent) == int(count)
    if not independent:
        assert verdict.status is Status.UNSOLVABLE
        assert re.search(r"the clue \d (above|below) column \d|the clue \d (left|right) of row \d", verdict.reason)
    elif len(independent) == 1:
        assert verdict.status is Status.UNIQUE and tuple(verdict.solution) == independent[0]
    else:
        assert verdict.status is Status.MULTIPLE
        first, second = tuple(verdict.solution), tuple(verdict.other_solution)
        assert first != second and valid(puzzle, first) and valid(puzzle, second)
        n = puzzle.size
        differ = [c for c in range(n * n) if first[c] != second[c]]
        assert list(verdict.differences) == differ
        assert verdict.reason == "2 solutions differ at " + ", ".join(f"r{c // n + 1}c{c % n + 1}" for c in differ)


def test_clues_no_line_can_show_are_named() -> None:
    facing = [0] * 16
    facing[0], facing[4] = 4, 4             # 4 above column 1 and 4 below it: 4 + 4 > 4 + 1
    verdict = verify(Skyscrapers(4, tuple(facing), (0,) * 16))
    assert verdict.status is Status.UNSOLVABLE and verdict.reason == (
        "no solution: the clue 4 above column 1 and the clue 4 below column 1 cannot both be met")
    alone = [0] * 16
    alone[0] = 3
    givens = [0] * 16
    givens[4] = 4                            # a 4 in the clue 3's second cell: nothing rises after it
    verdict = verify(Skyscrapers(4, tuple(alone), tuple(givens)))
    assert verdict.status is Status.UNSOLVABLE and verdict.reason == (
        "no solution: the clue 3 above column 1 cannot be met with the givens of its line")


def test_our_text_form_reads_back_and_says_where_it_is_wrong() -> None:
    puzzles = [read_id(row[1]) for row in _rows("tatham-towers.tsv")[::5]]
    text = "\n".join(as_text(p) for p in puzzles)
    assert parse_text(text) == [Skyscrapers(p.size, p.clues, p.givens, line=p.line, index=i)
                                for i, p in enumerate(parse_text(text))]
    assert [(p.size, p.clues, p.givens) for p in parse_text(text)] == [(p.size, p.clues, p.givens) for p in puzzles]
    bad = ". 1 . . .\n. . . . .\n7 . . . .\n. . . . .\n. . . . .\n"
    issue = parse_text(bad)[0]
    assert getattr(issue, "line", None) == 3
    assert issue.message == "item 1 is '7': a clue or a height is 1-3, '.' for none"  # type: ignore[union-attr]
    corner = "1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n"
    assert parse_text(corner)[0].message == "a corner holds 1: the corners are '.'"   # type: ignore[union-attr]
    short = ". 1 . . .\n. . . . .\n. . . .\n. . . . .\n. . . . .\n"
    assert parse_text(short)[0].line == 3                                          # type: ignore[union-attr]
    assert parse_text("5:1/2/3\n")[0].message.startswith("Towers game ID: 3 clues")  # type: ignore[union-attr]


def test_a_mapping_reads_as_the_same_puzzle() -> None:
    puzzle = read_id(_rows("tatham-towers.tsv")[9][1])
    n = puzzle.size
    mapping = {"size": n, "top": list(puzzle.clues[:n]), "bottom": list(puzzle.clues[n:2 * n]),
               "left": list(puzzle.clues[2 * n:3 * n]), "right": [c or None for c in puzzle.clues[3 * n:]]}
    if any(puzzle.givens):
        mapping["givens"] = ["".join(str(v) if v else "." for v in puzzle.givens[r * n:(r + 1) * n]) for r in range(n)]
    assert parse_mapping(mapping) == puzzle
    assert parse_mapping({**mapping, "top": [9] * n}).message.startswith("top: 9 is no clue")  # type: ignore[union-attr]


def test_canonical_forms_turn_the_clues_with_the_grid() -> None:
    from publisher.kinds import get
    kind = get("skyscrapers")
    puzzle = read_id(_rows("tatham-towers.tsv")[12][1])
    n = puzzle.size
    top, bottom, left, right = (puzzle.clues[k * n:(k + 1) * n] for k in range(4))
    # a quarter turn clockwise: the left clues go to the top (bottom row first), the top to the right
    turned_givens = tuple(puzzle.givens[(n - 1 - c) * n + r] for r in range(n) for c in range(n))
    turned = Skyscrapers(n, (*left[::-1], *right[::-1], *bottom, *top), turned_givens)
    assert oracle.solutions(n, list(turned.clues), list(turned.givens))       # still a puzzle
    assert kind.canonical(turned) == kind.canonical(puzzle)
    assert kind.relation(turned, puzzle) == ("rotated 90°",)
    mirrored = Skyscrapers(n, (*top[::-1], *bottom[::-1], *right, *left),
                           tuple(puzzle.givens[r * n + n - 1 - c] for r in range(n) for c in range(n)))
    assert kind.canonical(mirrored) == kind.canonical(puzzle)
    changed = Skyscrapers(n, (puzzle.clues[0] % n + 1, *puzzle.clues[1:]), puzzle.givens)
    assert kind.canonical(changed) != kind.canonical(puzzle) and kind.relation(changed, puzzle) is None
