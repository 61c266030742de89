"""Futoshiki made and graded: generated puzzles are unique by the independent solver
(tests/futoshiki_oracle.py), of the level asked, the same for the same seed; the grader's
levels follow Tatham's letters on his own puzzles (Spearman's rank correlation)."""
from __future__ import annotations

from pathlib import Path

import pytest

from solver.cages.generate import GenerationError
from solver.futoshiki import read_id, write_id
from solver.futoshiki.generate import LEVELS, Request
from solver.futoshiki.grade import TATHAM_LETTERS, TATHAM_LEVELS, grade
from tests import futoshiki_oracle as oracle
from tests.skyscrapers.test_generate_and_grade import _spearman

DATA = Path(__file__).parent.parent / "data" / "futoshiki"


def _graded() -> tuple[list[float], list[float], list[str]]:
    theirs, ours, modes = [], [], []
    for line in (DATA / "tatham-unequal.tsv").read_text().splitlines()[1:]:
        params, game, _ = line.split("\t")
        theirs.append(TATHAM_LETTERS.index(params[-1]))
        ours.append(LEVELS.index(grade(read_id(game)).level))
        modes.append("adjacent" if "a" in params else "unequal")
    return theirs, ours, modes


def test_our_levels_follow_tathams_letters() -> None:
    theirs, ours, modes = _graded()
    assert _spearman(theirs, ours) >= 0.8
    unequal = [(t, o) for t, o, m in zip(theirs, ours, modes) if m == "unequal"]
    assert _spearman([t for t, _ in unequal], [o for _, o in unequal]) >= 0.85
    # the letter each of our levels stands for is the one it is given most on his Unequal puzzles (easy: his
    # trivial or his easy, both ours)
    for level, letter in TATHAM_LEVELS.items():
        given = [TATHAM_LETTERS[t] for t, o in unequal if LEVELS[o] == level]
        most = max(given.count(k) for k in given)
        assert any(given.count(k) == most for k in ("te" if level == "easy" else letter)), level


CASES = [pytest.param(size, level, adjacent,
                      marks=[pytest.mark.slow] if size >= 6 or level in ("hard", "diabolical") else [],
                      id=f"{size}-{level}{'-adjacent' if adjacent else ''}")
         for adjacent in (False, True) for size in (4, 5, 6, 7) for level in LEVELS
         if Request(size, level, adjacent).problem() is None]


@pytest.mark.parametrize("size, level, adjacent", CASES)
def test_made_puzzles_are_unique_of_their_level_and_seeded(size: int, level: str, adjacent: bool) -> None:
    request = Request(size, level, adjacent)
    made = request.make(11)
    puzzle = made.puzzle
    assert puzzle.size == size and made.level == level and puzzle.adjacent == adjacent
    assert oracle.solutions(*oracle.parse_id(write_id(puzzle))) == [tuple(made.solution)]
    again = request.make(11)
    assert again.puzzle == puzzle                                        # the same seed, the same puzzle
    assert read_id(write_id(puzzle)) == puzzle                           # written as Tatham's ID, read back
    record = request.record(made)
    assert record["level"] == level and record["solution"] == "".join(map(str, made.solution))


def test_an_impossible_request_is_one_line() -> None:
    assert Request(4, "hard", adjacent=True).problem() == (
        "a 4x4 Adjacent Futoshiki is never hard: its bars leave too little room (easy or medium)")
    with pytest.raises(GenerationError, match="size 10"):
        Request(10, "easy").make(1)


def test_the_grader_follows_a_chain_of_signs() -> None:
    # r1c1 > r1c2 > r1c3 > r1c4 on a 4x4: the chain puts 4 3 2 1 in the first row at once
    from solver.futoshiki.grade import grade_with_steps
    puzzle = read_id("4:0R,0R,0R,0,0,0,0,0,0,0,0,0,0,0,0,0,")
    _, steps = grade_with_steps(puzzle)
    first = steps[0]
    assert first.technique == "Inequality Chain" and "r1c1 > r1c2 > r1c3 > r1c4" in first.text


def test_the_generators_quick_answer_is_the_graders() -> None:
    """solves_within (the engine's propagation standing for the easy steps) says what the grader
    says, on Tatham's puzzles with signs and digits taken away (seeded): unique or not, solvable
    within the ceiling or not."""
    import random

    from solver.futoshiki.grade import solves_within
    from solver.futoshiki.puzzle import Futoshiki
    rng = random.Random(5)
    answers = []
    for line in (DATA / "tatham-unequal.tsv").read_text().splitlines()[1::3]:
        puzzle = read_id(line.split("\t")[1])
        signs, givens = list(puzzle.signs), list(puzzle.givens)
        for _ in range(rng.randint(0, 3)):
            placed = [cell for cell, value in enumerate(givens) if value]
            if signs and not puzzle.adjacent and (rng.random() < 0.6 or not placed):
                signs.pop(rng.randrange(len(signs)))
            elif placed:
                givens[rng.choice(placed)] = 0
        fewer = Futoshiki(puzzle.size, tuple(givens), tuple(signs), puzzle.adjacent)
        for ceiling in (1.4, 1.8, 2.4, 4.9, 10.0):
            graded = grade(fewer, ceiling)
            expected = graded.complete and graded.rating <= ceiling
            assert solves_within(fewer, ceiling) == expected, (line, ceiling)
            answers.append(expected)
    assert set(answers) == {True, False}   # both outcomes were put to the test
