"""What the Latin-square kinds share (Skyscrapers, Futoshiki): the pencil-mark grid of an N x N
Latin square, a Sudoku technique re-rated on a kind's scale, forcing (a candidate whose trial,
propagated by the kind's engine network, leaves some cell empty), and their generators' levels
and made puzzle."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from solver.kenken.grade import latin_layout
from solver.sudoku.candidates import Grid, Step, bits
from solver.sudoku.grade import Grade

LEVELS = ("easy", "medium", "hard", "diabolical")
#: the highest rating of each level (the Sudoku levels' cut, solver.sudoku.grade.level_for)
CEILINGS = {"easy": 1.4, "medium": 2.4, "hard": 4.9, "diabolical": 10.0}

PuzzleT = TypeVar("PuzzleT")


@dataclass(frozen=True)
class Made(Generic[PuzzleT]):
    """One generated puzzle with its solution, grade and the seed that makes it again alone
    (the fields the cage kinds' made puzzles have, which the pipeline reads)."""

    puzzle: PuzzleT
    solution: tuple[int, ...]
    grade: Grade
    seed: int
    ms: float

    @property
    def level(self) -> str:
        return self.grade.level

    @property
    def rating(self) -> float:
        return self.grade.rating


def latin_grid(n: int, givens: Sequence[int], symbols: str) -> Grid:
    """The pencil-mark grid of an N x N Latin square with ``givens`` placed (0: empty)."""
    g = Grid(lay=latin_layout(n), symbols=symbols)
    for cell, value in enumerate(givens):
        if value:
            g.place(cell, value)
    return g


def rated(finder: Callable[[Grid], Step | None], rating: float, g: Grid) -> Step | None:
    """A Sudoku technique's step at this kind's ``rating``."""
    step = finder(g)
    return None if step is None else replace(step, rating=rating)


def effective(g: Grid) -> list[int]:
    """Every cell's candidates as a bitmask, a placed cell's its value alone (what the engine reads)."""
    return [1 << (v - 1) if v else c for v, c in zip(g.values, g.cands)]


def forcing(g: Grid, settle: Callable[[list[int], list[int]], bool], bivalue: bool, rating: float,
            what: str) -> Step | None:
    """A candidate whose trial ``settle`` (the engine's propagation) finds a contradiction in:
    of a two-candidate cell only (``bivalue``), or of any cell, fewest candidates first;
    ``what`` names what is left with no possibility."""
    cand = effective(g)
    order = sorted((c for c in range(len(cand)) if not g.values[c]), key=lambda c: (g.cands[c].bit_count(), c))
    for cell in order:
        if bivalue and g.cands[cell].bit_count() != 2:
            break
        for digit in bits(g.cands[cell]):
            trial = cand[:]
            trial[cell] = 1 << (digit - 1)
            if not settle(trial, [cell]):
                return g.removal("Forcing", rating, f"{g.name(cell)} = {digit} leaves {what} with no possibility",
                                 [(cell, digit)], [cell])
    return None
