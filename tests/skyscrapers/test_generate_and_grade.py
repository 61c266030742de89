"""Skyscrapers made and graded: generated puzzles are unique by the independent solver
(tests/skyscraper_oracle.py), of the level asked, the same for the same seed; the grader's
levels follow Tatham's letters on his own puzzles (Spearman's rank correlation)."""
from __future__ import annotations

from pathlib import Path

import pytest

from solver.cages.generate import GenerationError
from solver.skyscrapers import read_id, write_id
from solver.skyscrapers.generate import LEVELS, Request
from solver.skyscrapers.grade import TATHAM_LEVELS, grade
from tests import skyscraper_oracle as oracle

DATA = Path(__file__).parent.parent / "data" / "skyscrapers"


def _spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5


def test_our_levels_follow_tathams_letters() -> None:
    letters = "ehxu"
    theirs, ours = [], []
    for line in (DATA / "tatham-towers.tsv").read_text().splitlines()[1:]:
        params, game, _ = line.split("\t")
        theirs.append(letters.index(params[-1]))
        ours.append(LEVELS.index(grade(read_id(game)).level))
    assert _spearman(theirs, ours) >= 0.8
    # the letter each of our levels stands for is the one it is given most on his puzzles
    for level, letter in TATHAM_LEVELS.items():
        given = [t for t, o in zip(theirs, ours) if LEVELS[o] == level]
        assert given and max(set(given), key=given.count) == letters.index(letter)


CASES = [pytest.param(size, level, marks=[pytest.mark.slow] if size >= 6 or level in ("hard", "diabolical") else [])
         for size in (4, 5, 6, 7) for level in LEVELS]


@pytest.mark.parametrize("size, level", CASES)
def test_made_puzzles_are_unique_of_their_level_and_seeded(size: int, level: str) -> None:
    request = Request(size, level)
    made = request.make(11)
    puzzle = made.puzzle
    assert puzzle.size == size and made.level == level
    found = oracle.solutions(size, list(puzzle.clues), list(puzzle.givens))
    assert found == [tuple(made.solution)]
    again = request.make(11)
    assert again.puzzle == puzzle                                        # the same seed, the same puzzle
    assert read_id(write_id(puzzle)) == puzzle                           # written as Tatham's ID, read back
    record = request.record(made)
    assert record["level"] == level and record["solution"] == "".join(map(str, made.solution))


def test_an_impossible_request_is_one_line() -> None:
    assert Request(3, "hard").problem() == (
        "a 3x3 Skyscrapers is never hard: its clues leave too little room (easy or medium)")
    with pytest.raises(GenerationError, match="size 10"):
        Request(10, "easy").make(1)
