"""A Futoshiki puzzle (Tatham's Unequal): an N x N Latin square of 1..N, some digits given,
and signs between orthogonal neighbours.

Two modes, as Tatham's game has them:

* **unequal** (the classic): a sign ``<`` or ``>`` between two neighbours says which holds the
  larger digit; neighbours without a sign may hold anything. ``signs`` lists each sign as
  (greater cell, lesser cell);
* **adjacent**: a bar between two neighbours says their digits differ by exactly 1, and every
  neighbouring pair *without* a bar differs by more than 1. ``signs`` lists the barred pairs,
  each as (lower index, higher index).

Cells are row-major indices; signs are kept sorted, so two readings of one puzzle compare equal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MIN_SIZE, MAX_SIZE = 3, 9
MODES = ("unequal", "adjacent")

Pair = tuple[int, int]


@dataclass(frozen=True)
class Futoshiki:
    """One puzzle: its size, the N*N givens (0 for an empty cell), its signs (see the module),
    the mode, and where it was read (line, index) with its own title."""

    size: int
    givens: tuple[int, ...]
    signs: tuple[Pair, ...]
    adjacent: bool = False
    line: int = field(default=0, compare=False)      # where it was read: not part of the puzzle
    index: int = field(default=0, compare=False)
    title: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "signs", tuple(sorted(set(self.signs))))

    @property
    def symbols(self) -> str:
        return "123456789"[: self.size]

    @property
    def mode(self) -> str:
        return "adjacent" if self.adjacent else "unequal"

    def cell_name(self, cell: int) -> str:
        return f"r{cell // self.size + 1}c{cell % self.size + 1}"

    def sign_name(self, pair: Pair) -> str:
        """"the sign r1c2 > r1c3" or "the bar between r2c1 and r3c1": one sign as a reason names it."""
        a, b = pair
        if self.adjacent:
            return f"the bar between {self.cell_name(a)} and {self.cell_name(b)}"
        return f"the sign {self.cell_name(a)} > {self.cell_name(b)}"

    def format(self, solution: tuple[int, ...]) -> str:
        """A solved grid as one string of digits, row by row (as the cage kinds write theirs)."""
        return "".join(str(v) for v in solution)

    def replace_signs(self, signs: tuple[Pair, ...]) -> Futoshiki:
        return Futoshiki(self.size, self.givens, signs, self.adjacent, self.line, self.index, self.title)


def neighbours(n: int) -> tuple[Pair, ...]:
    """Every pair of orthogonal neighbours (lower index first), row-major: right, then down."""
    pairs = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if c + 1 < n:
            pairs.append((cell, cell + 1))
        if r + 1 < n:
            pairs.append((cell, cell + n))
    return tuple(pairs)


def touching(n: int, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` are orthogonal neighbours."""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return abs(ra - rb) + abs(ca - cb) == 1


def signs_of(n: int, solution: tuple[int, ...], adjacent: bool) -> tuple[Pair, ...]:
    """Every sign a solved grid gives: all its inequalities (greater first), or its bars."""
    found = []
    for a, b in neighbours(n):
        if adjacent:
            if abs(solution[a] - solution[b]) == 1:
                found.append((a, b))
        else:
            found.append((a, b) if solution[a] > solution[b] else (b, a))
    return tuple(found)


def holds(adjacent: bool, pair: Pair, values: tuple[int, int]) -> bool:
    """Whether the digits ``values`` of ``pair`` meet its sign (bar)."""
    if adjacent:
        return abs(values[0] - values[1]) == 1
    return values[0] > values[1]


def unbarred(puzzle: Futoshiki) -> tuple[Pair, ...]:
    """An adjacent puzzle's neighbouring pairs with no bar: they differ by more than 1."""
    barred = set(puzzle.signs)
    return tuple(pair for pair in neighbours(puzzle.size) if pair not in barred) if puzzle.adjacent else ()
