"""A Skyscrapers puzzle (Tatham's Towers): an N x N Latin square of building heights 1..N,
clues outside the grid saying how many buildings are seen from that side (a taller one
hides every shorter one behind it), and maybe some heights given inside.

The clues are kept in Tatham's order, so his game IDs map onto them one to one: N across
the top (left to right), N across the bottom, N down the left, N down the right; 0 is no
clue. Cells are row-major indices.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

MIN_SIZE, MAX_SIZE = 3, 9

#: the four sides in the clue order: where a clue stands, as a reason names it
SIDES = ("above column", "below column", "left of row", "right of row")


@dataclass(frozen=True)
class Skyscrapers:
    """One puzzle: its size, the 4N clues (Tatham's order, 0 for none), the N*N givens (0 for
    an empty cell), and where it was read (line, index) with its own title."""

    size: int
    clues: tuple[int, ...]
    givens: tuple[int, ...]
    line: int = 0
    index: int = 0
    title: str | None = None

    @property
    def symbols(self) -> str:
        return "123456789"[: self.size]

    def clue_name(self, index: int) -> str:
        """"the clue 3 above column 2": where clue ``index`` stands and what it says."""
        n = self.size
        return f"the clue {self.clues[index]} {SIDES[index // n]} {index % n + 1}"

    def format(self, solution: tuple[int, ...]) -> str:
        """A solved grid as one string of digits, row by row (as the cage kinds write theirs)."""
        return "".join(str(v) for v in solution)


@lru_cache(maxsize=16)
def sight(n: int, index: int) -> tuple[int, ...]:
    """The cells clue ``index`` looks along, nearest first."""
    side, k = divmod(index, n)
    if side == 0:
        return tuple(r * n + k for r in range(n))
    if side == 1:
        return tuple(r * n + k for r in reversed(range(n)))
    if side == 2:
        return tuple(k * n + c for c in range(n))
    return tuple(k * n + c for c in reversed(range(n)))


def seen(heights: list[int] | tuple[int, ...]) -> int:
    """How many of ``heights`` (nearest first) are seen: each one taller than all before it."""
    count = tallest = 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


def clues_of(n: int, solution: tuple[int, ...]) -> tuple[int, ...]:
    """Every clue a solved grid gives, in the clue order."""
    return tuple(seen([solution[c] for c in sight(n, i)]) for i in range(4 * n))


def lines(puzzle: Skyscrapers) -> tuple[tuple[tuple[int, ...], int, int, int, int], ...]:
    """Every row and column with a clue at one end or both: (cells from the near end, near
    clue, far clue, near clue's index, far clue's index). Rows look from the left, columns
    from the top."""
    n, clues = puzzle.size, puzzle.clues
    found = []
    for k in range(n):
        for near, far in ((2 * n + k, 3 * n + k), (k, n + k)):
            if clues[near] or clues[far]:
                found.append((sight(n, near), clues[near], clues[far], near, far))
    return tuple(found)
