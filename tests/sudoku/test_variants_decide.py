"""Variant puzzles always get a verdict: ``unique``, ``multiple``, ``unsolvable`` or
``contradictory``, never ``undetermined``, within the default node limit (issue 46, item 2).

Fresh seeded puzzles of every 9x9 rule (made by the generator, then damaged three ways: givens
taken away, a given changed, random sparse givens of a rule-keeping grid) are judged, and each
verdict's certificate is checked by the independent checker of tests/variant_oracle.py: a
unique or multiple verdict's solutions keep every rule and every given, two of them differ where
the verdict says; the changed given's verdict (on a grid of 44 blanks, where plain backtracking
is quick) is confirmed by the oracle's own count of its solutions.
"""
from __future__ import annotations

import random

import pytest

from solver.sudoku import Puzzle, verify
from solver.sudoku.generate import Request, generate_one
from solver.sudoku.verdict import DEFAULT_NODE_LIMIT
from solver.verdict import Status
from tests import variant_oracle as oracle
from tests.sudoku_oracle import box_regions

RULES = ("non_consecutive", "anti_knight", "anti_king", "x", "windoku", "even_odd")
DECIDED = {Status.UNIQUE, Status.MULTIPLE, Status.UNSOLVABLE, Status.CONTRADICTORY}
BOX = (3, 3)
#: blanks of the grid whose given is changed: few enough for the oracle's plain backtracking
BLANKS = 44


def _damaged(puzzle: Puzzle, solution: tuple[int, ...], rng: random.Random) -> list[tuple[str, tuple[int, ...]]]:
    """The puzzle with givens taken away, with one given changed to a digit no rule refuses
    outright (on a denser grid, so the oracle can count it), and random sparse givens of its
    solution."""
    givens = list(puzzle.givens)
    filled = [cell for cell, digit in enumerate(givens) if digit]
    fewer = givens[:]
    for cell in rng.sample(filled, 3):
        fewer[cell] = 0
    dense = givens[:]
    for cell in rng.sample([c for c in range(81) if not givens[c]], 81 - BLANKS - len(filled)):
        dense[cell] = solution[cell]
    changed = dense[:]   # a digit no rule refuses outright: only a search can tell it fails
    rules = oracle.groups(9, box_regions(9, *BOX), puzzle.variant)
    for cell in rng.sample(filled, len(filled)):
        others = [0 if i == cell else d for i, d in enumerate(dense)]
        keeping = [d for d in range(1, 10) if d != solution[cell]
                   and oracle.allowed(9, others, cell, d, rules, puzzle.variant, puzzle.parity)]
        if keeping:
            changed[cell] = rng.choice(keeping)
            break
    sparse = [0] * 81
    for cell in rng.sample(range(81), rng.randint(8, 20)):
        sparse[cell] = solution[cell]
    return [("fewer", tuple(fewer)), ("changed", tuple(changed)), ("sparse", tuple(sparse))]


def _certified(variant: tuple[str, ...], parity: str | None, givens: tuple[int, ...], grid: tuple[int, ...]) -> None:
    assert all(not g or g == v for g, v in zip(givens, grid)), "a solution that drops a given"
    assert oracle.broken(9, BOX, grid, variant, parity) == [], "a solution that breaks a rule"


@pytest.mark.slow   # 6 rules x 4 seeds x 4 puzzles: about 10 s
@pytest.mark.parametrize("rule", RULES)
def test_every_variant_puzzle_is_decided(rule: str) -> None:
    for seed in range(4):
        made = generate_one(Request(9, level="medium", variant=(rule,)), 1000 + seed)
        rng = random.Random(seed)
        cases = [("made", made.puzzle.givens), *_damaged(made.puzzle, made.solution, rng)]
        for name, givens in cases:
            puzzle = Puzzle(made.puzzle.geometry, made.puzzle.symbols, givens)
            verdict = verify(puzzle, node_limit=DEFAULT_NODE_LIMIT)
            where = f"{rule} seed {seed} {name}: {verdict.status.value} {verdict.reason or ''}"
            assert verdict.status in DECIDED, where
            if verdict.status in (Status.UNIQUE, Status.MULTIPLE):
                _certified(puzzle.variant, puzzle.parity, givens, verdict.solution)
            if verdict.status is Status.MULTIPLE:
                _certified(puzzle.variant, puzzle.parity, givens, verdict.other_solution)
                differ = tuple(i for i in range(81) if verdict.solution[i] != verdict.other_solution[i])
                assert differ and set(verdict.differences) == set(differ), where
            if name == "made":
                assert verdict.status is Status.UNIQUE, where
            if name == "changed" and verdict.status is not Status.CONTRADICTORY:
                expected = oracle.count(9, BOX, givens, puzzle.variant, puzzle.parity, cap=2)
                assert {0: Status.UNSOLVABLE, 1: Status.UNIQUE}.get(expected, Status.MULTIPLE) is verdict.status, where
