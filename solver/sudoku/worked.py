"""The position before each step of a logical solve: what a worked example draws.

A step says what it places and removes; a page that teaches it also shows the grid it was
found in -- the values so far and the candidates of the cells it involves. Replaying the
steps on a fresh pencil-mark grid gives exactly the position the grader saw (the grader
applies the same moves in the same order).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.sudoku.candidates import Grid, Step, bits
from solver.sudoku.puzzle import Puzzle


@dataclass(frozen=True)
class Position:
    """The grid a step was found in: ``values`` (0 blank) and candidate digits per cell."""

    step: Step
    values: tuple[int, ...]
    candidates: tuple[tuple[int, ...], ...]


def positions(puzzle: Puzzle, steps: Sequence[Step]) -> Iterator[Position]:
    """The position before every step, in order."""
    grid = Grid(puzzle)
    for step in steps:
        yield Position(step, tuple(grid.values), tuple(tuple(bits(mask)) for mask in grid.cands))
        grid.apply(step)
