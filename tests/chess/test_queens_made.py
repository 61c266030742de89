"""Queens boards made, not only checked (issue 48): a board with ``n`` and no ``given`` gets a
random solution (seeded) and as few of its queens as leave it the only answer.

Oracle: completions counted here by plain row-by-row backtracking over sets of attacked
squares (nothing of ``solver``), on boards up to 10x10: the answer is unique, and taking any
given away leaves two or more. Larger boards (up to the 60x60 limit): the givens never attack
each other and the answer they lead to is a full, non-attacking placement through them.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from publisher.cli import main
from solver.queens import make_puzzle, verify_queens
from solver.verdict import Status


def _completions(n: int, given: dict[int, int], cap: int = 2) -> int:
    """Ways to place a queen in every row around ``given`` (row -> column), counted to ``cap``."""
    found = 0

    def free(row: int, col: int, placed: dict[int, int]) -> bool:
        return all(c != col and abs(c - col) != abs(r - row) for r, c in placed.items())

    def place(row: int, placed: dict[int, int]) -> bool:
        nonlocal found
        if row == n:
            found += 1
            return found >= cap
        if row in given:
            return free(row, given[row], {r: c for r, c in placed.items() if r != row}) and place(row + 1, placed)
        for col in range(n):
            if free(row, col, placed):
                placed[row] = col
                if place(row + 1, placed):
                    return True
                del placed[row]
        return False

    start = dict(given)
    if not all(free(r, c, {r2: c2 for r2, c2 in start.items() if r2 != r}) for r, c in start.items()):
        return 0
    place(0, dict(start))
    return found


@pytest.mark.parametrize("n", [1, 4, 5, 6, 7, 8, 9, 10])
def test_a_made_board_has_one_answer_and_no_given_to_spare(n: int) -> None:
    for seed in range(3):
        puzzle = make_puzzle(n, seed)
        given = dict(puzzle.given)
        assert _completions(n, given) == 1, (n, seed, puzzle.given)
        for row in given:
            assert _completions(n, {r: c for r, c in given.items() if r != row}) >= 2, (n, seed, row)
        assert make_puzzle(n, seed) == puzzle                      # the same seed, the same board


@pytest.mark.parametrize("n", [20, 40, 60])
def test_large_made_boards_are_unique_and_their_answer_is_a_solution(n: int) -> None:
    puzzle = make_puzzle(n, 11)
    verdict = verify_queens(puzzle)
    assert verdict.status is Status.UNIQUE
    answer = verdict.solution
    assert sorted(answer) == list(range(n))                        # a queen in every column
    assert len({r + c for r, c in enumerate(answer)}) == n and len({r - c for r, c in enumerate(answer)}) == n
    assert all(answer[r] == c for r, c in puzzle.given) and len(puzzle.given) < n


def test_seeds_make_different_boards() -> None:
    assert len({make_puzzle(8, seed).given for seed in range(12)}) >= 8


@pytest.mark.slow   # two whole builds
def test_a_config_board_without_givens_is_made_the_same_on_every_build(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("config.yaml").write_text("books:\n  - title: Q\n    sections:\n      - {title: S, kind: queens, boards: "
                                   "[{n: 8}, {n: 8}, {n: 14, seed: 5}]}\noutput: {formats: [pdf, html]}\n",
                                   encoding="utf-8")
    assert main(["build", "-q", "--report", "r1.json"]) == 0
    first = {p.name: p.read_bytes() for p in Path("out").iterdir()}
    assert main(["build", "-q", "--report", "r2.json"]) == 0
    assert {p.name: p.read_bytes() for p in Path("out").iterdir()} == first
    puzzles = json.loads(Path("r1.json").read_text(encoding="utf-8"))["puzzles"]
    assert [p["status"] for p in puzzles] == ["unique"] * 3
    assert puzzles[0]["solution"] != puzzles[1]["solution"]       # two boards of one size, two answers
