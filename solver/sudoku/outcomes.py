"""What the grader hands out: a :class:`Step` of a solve, a :class:`Grade`, a :class:`Rating`.

Plain Python classes in both builds (:mod:`solver.core`): they cross process boundaries,
pickled to and from the worker processes, and mypyc's compiled frozen classes cannot be
rebuilt by pickle. The modules that make them are compiled; these only carry the answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, its SE rating, a sentence, and what it changes.

    ``placed`` and ``removed`` hold ``(row, col, symbol)`` with 1-based rows and columns;
    ``cells`` are the cells a reader should look at (a hint's highlight).
    ``moves`` keeps the same change as ``(cell, digit, placed?)`` for replay.
    """

    technique: str
    rating: float
    text: str
    placed: tuple[tuple[int, int, str], ...]
    removed: tuple[tuple[int, int, str], ...]
    cells: tuple[tuple[int, int], ...]
    moves: tuple[tuple[int, int, bool], ...] = field(default=(), repr=False, compare=False)


@dataclass(frozen=True)
class Grade:
    """A puzzle's difficulty: the SE rating of its hardest step and what the solve used."""

    rating: float
    level: str
    hardest: str
    steps: int
    techniques: dict[str, int]
    complete: bool = True      # False when ``ceiling`` stopped the solve early


@dataclass(frozen=True)
class Rating:
    """What :func:`rate` says: exactly the rating, level, hardest technique and ``complete``
    flag :func:`grade` gives with the same arguments (without the step counts)."""

    rating: float
    level: str
    hardest: str
    complete: bool = True
