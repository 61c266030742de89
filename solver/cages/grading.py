"""The grading loop of cage puzzles: at every step the first technique, in order of rating,
that makes progress; the rating is the hardest step's (the Sudoku Explainer's rule, with
the cage techniques placed among SE's by their ratings)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from solver.cages.puzzle import CagePuzzle
from solver.cages.verdict import verify
from solver.sudoku.candidates import Grid, Step
from solver.sudoku.grade import BEYOND, Grade, level_for
from solver.verdict import Status

P = TypeVar("P", bound=CagePuzzle)

#: (base rating, finder): the finders of one kind in the order they are tried
Technique = tuple[float, Callable[[Grid], "Step | None"]]


def merged(first: Sequence[Technique], second: Sequence[Technique]) -> tuple[Technique, ...]:
    """Both lists in one order of rating, each keeping its own order among equal ratings."""
    out = list(first)
    for base, finder in second:
        at = next((i for i, (b, _) in enumerate(out) if b > base), len(out))
        out.insert(at, (base, finder))
    return tuple(out)


def solve_steps(g: Grid, techniques: Sequence[Technique], ceiling: float | None = None
                ) -> tuple[list[Step], bool]:
    """The logical solve of ``g`` and whether it reached the end (not cut by ``ceiling``)."""
    steps: list[Step] = []
    while not g.solved():
        step = None
        for base, finder in techniques:
            if ceiling is not None and base > ceiling:
                step = Step("Above ceiling", base, f"no technique rated {ceiling} or less makes progress",
                            (), (), ())
                break
            step = finder(g)
            if step is not None:
                break
        if step is None:
            steps.append(Step("Beyond", BEYOND, "no technique of this grader makes progress", (), (), ()))
            return steps, False
        steps.append(step)
        if ceiling is not None and step.rating > ceiling:
            return steps, False
        g.apply(step)
    return steps, True


def graded(puzzle: P, grid: Callable[[P], Grid], techniques: Callable[[P], Sequence[Technique]],
           ceiling: float | None = None, levels: Callable[[float], str] = level_for,
           proved_unique: bool = False) -> tuple[Grade, list[Step]]:
    """The rating of a unique cage puzzle and the steps of its logical solve on its kind's
    pencil-mark ``grid`` with its kind's ``techniques`` (they end at the first step rated above
    ``ceiling``), its level by the kind's cut of the scale (``levels``). Raises ValueError when
    it has no solution or several; ``proved_unique`` skips that check for a caller that has just
    verified the puzzle (the generator: a second search was a fifth of a grade's time)."""
    if not proved_unique:
        verdict = verify(puzzle)
        if verdict.status is not Status.UNIQUE:
            raise ValueError(f"puzzle is {verdict.status.value}: {verdict.reason}")
    steps, complete = solve_steps(grid(puzzle), techniques(puzzle), ceiling)
    return summary(steps, complete, levels), steps


def summary(steps: Sequence[Step], complete: bool, levels: Callable[[float], str] = level_for) -> Grade:
    """The :class:`~solver.sudoku.grade.Grade` of a solve's steps, its level by ``levels``."""
    counts: dict[str, int] = {}
    hardest: Step | None = None
    for step in steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
        if hardest is None or step.rating > hardest.rating:
            hardest = step
    rating = hardest.rating if hardest else 0.0
    return Grade(rating, levels(rating), hardest.technique if hardest else "", len(steps), counts,
                 complete and (hardest is None or hardest.technique != "Beyond"))
