"""Seeded KenKen generation: a random Latin square cut into cages of a chosen size range,
operations drawn to suit each cage's digits, re-cut until unique, graded to a level."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.cages.cage import Cage
from solver.cages.engine import Search, network, start
from solver.cages.generate import CageRequest
from solver.kenken.grade import NAKED_SINGLE, grade
from solver.kenken.parse import to_mapping
from solver.kenken.puzzle import SIZES, KenKen
from solver.sudoku.grade import Grade


@dataclass(frozen=True)
class Request(CageRequest[KenKen, None]):
    """What to make: ``cages`` is the (min, max) cells per cage; ``ops`` False hides them."""

    noun = "KenKen"
    sizes_allowed = SIZES
    #: pairs and triples, a diabolical one up to four cells: measured per level on 6x6 and 9x9,
    #: larger cages made no level sooner (9x9 hard: 2-3 cells 8.9 puzzles per CPU s, 2-4 1.4);
    #: no one-cell cages unless asked, as none of Tatham's KenKens at any level has one
    default_cages: ClassVar[dict[str | None, tuple[int, int]]] = {
        None: (2, 4), "easy": (2, 3), "medium": (2, 3), "hard": (2, 3), "diabolical": (2, 4)}
    distinct = False
    attempts = 300
    #: the search's propagation is the naked and hidden singles of rows and columns and each
    #: cage's exact tuple filter (Cage Combination): a KenKen it solves without a guess rates
    #: at most a Naked Single's 1.4 (tests/cages check this on generated puzzles)
    propagation_rating = NAKED_SINGLE
    #: pairs make most of an easy KenKen, half of a medium one
    small_share: ClassVar[dict[str | None, float]] = {"easy": 0.8, "medium": 0.5}

    size: int = 6
    level: str | None = None
    cages: tuple[int, int] | None = None
    ops: bool = True

    def merged_cells(self) -> int | None:
        """A hard KenKen up to 6x6 graded too easy has neighbouring cages merged up to four cells:
        measured pure, 6x6 hard 9.5 -> 18 puzzles per CPU s; on 9x9 the merges cost more than
        fresh cuttings (3.0 -> 2.4), so it cuts afresh there. Cage sizes asked are kept as asked."""
        return 4 if self.level == "hard" and self.size <= 6 and self.cages is None else None

    @property
    def most_cells(self) -> int:
        return min(6, self.size * self.size)

    def solution(self, rng: random.Random) -> tuple[Sequence[int], None]:
        return latin_square(self.size, rng), None

    def puzzle(self, cages: Sequence[tuple[int, ...]], solution: Sequence[int], shape: None,
               rng: random.Random) -> KenKen:
        made = []
        for cells in cages:
            values = [solution[c] for c in cells]
            op = operation(values, rng)
            made.append(Cage(cells, total(values, op), op if self.ops else None))
        return KenKen(self.size, tuple(made), self.ops)

    def grade(self, puzzle: KenKen, ceiling: float | None) -> Grade:
        return grade(puzzle, ceiling, proved_unique=True)

    def file_form(self, puzzle: KenKen) -> dict[str, Any]:
        return to_mapping(puzzle)


def latin_square(n: int, rng: random.Random) -> tuple[int, ...]:
    """A random N x N Latin square: a seeded search, then rows, columns and digits shuffled."""
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    net = network(n, rows + cols)
    cand = start(net, [0] * (n * n))
    assert cand is not None
    square = next(Search(net, cand, seed=rng.getrandbits(32)).solutions())
    row_order, col_order, digits = list(range(n)), list(range(n)), list(range(1, n + 1))
    rng.shuffle(row_order)
    rng.shuffle(col_order)
    rng.shuffle(digits)
    return tuple(digits[square[row_order[r] * n + col_order[c]] - 1] for r in range(n) for c in range(n))


def operation(values: Sequence[int], rng: random.Random) -> str | None:
    """An operation for a cage holding ``values``, as puzzle setters draw them: division
    where it divides, subtraction, else sum or product (products of big cages kept small)."""
    if len(values) == 1:
        return None
    if len(values) == 2:
        high, low = max(values), min(values)
        choices = ["+", "x", "-"] + (["/", "/"] if high % low == 0 else [])
        return rng.choice(choices)
    product = 1
    for v in values:
        product *= v
    return rng.choice(["+", "x"]) if product <= 2000 else "+"


def total(values: Sequence[int], op: str | None) -> int:
    if op in (None, "+"):
        return sum(values)
    if op == "x":
        out = 1
        for v in values:
            out *= v
        return out
    high, low = max(values), min(values)
    return high - low if op == "-" else high // low
