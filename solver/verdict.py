"""The one answer every verifier gives: a status, a reason an editor can act on, the solution.

Errors are values here: a verifier never raises for a bad puzzle, it returns a
verdict saying what is wrong, so a caller can check a thousand puzzles and
report all the bad ones.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Status(str, Enum):
    """What a verifier found. The values are the spelling used in JSON and reports."""

    UNIQUE = "unique"                # exactly one solution (given in Verdict.solution)
    SOLVED = "solved"                # a solution exists; uniqueness was not asked for (a "find a tour" task)
    MULTIPLE = "multiple"            # two different solutions (both given; differing cells listed)
    UNSOLVABLE = "unsolvable"        # no solution, proved by exhaustive search
    CONTRADICTORY = "contradictory"  # the givens break a rule outright, before any search
    MALFORMED = "malformed"          # cannot be read as a puzzle at all
    UNDETERMINED = "undetermined"    # the search bound was hit before an answer was proved

    @property
    def accepted(self) -> bool:
        """True when the puzzle may be printed: it has the answer the book promises."""
        return self in (Status.UNIQUE, Status.SOLVED)


@dataclass
class SolveStats:
    """Work done by one solve, for reports and benchmarks."""

    propagations: int = 0   # cells fixed by propagation (naked and hidden singles, forced moves)
    guesses: int = 0        # branch points where a value/move was tried
    backtracks: int = 0     # times a branch was abandoned
    nodes: int = 0          # search nodes visited (what the search bound counts)
    ms: float = 0.0         # wall-clock time of the solve, milliseconds

    def as_dict(self) -> dict[str, float | int]:
        return {
            "propagations": self.propagations,
            "guesses": self.guesses,
            "backtracks": self.backtracks,
            "nodes": self.nodes,
            "ms": round(self.ms, 3),
        }


@dataclass
class Verdict:
    """The result of verifying one puzzle.

    ``solution`` is the unique (or first) solution in the puzzle type's own
    representation (Sudoku: a tuple of values 1..N per cell; tour: a tuple of
    (row, col) squares in visiting order; queens: a tuple of columns per row).
    For ``multiple``, ``other_solution`` is a second, different solution and
    ``differences`` lists where the two differ (cell indices, or squares).
    """

    status: Status
    reason: str | None = None
    solution: Any = None
    other_solution: Any = None
    differences: tuple[Any, ...] = ()
    stats: SolveStats = field(default_factory=SolveStats)

    @property
    def accepted(self) -> bool:
        return self.status.accepted
