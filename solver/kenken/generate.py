"""Seeded KenKen generation: a random Latin square cut into cages of a chosen size range,
operations drawn to suit each cage's digits, re-cut until unique, graded to a level."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.cages.cage import Cage
from solver.cages.engine import Search, network, start
from solver.cages.generate import GenerationError, Made, make, record, request_problem
from solver.kenken.grade import grade
from solver.kenken.parse import to_mapping
from solver.kenken.puzzle import SIZES, KenKen
from solver.kenken.verdict import verify

_ATTEMPTS = 300
#: Cage sizes when a request names none: small cages make easy puzzles, big ones hard
DEFAULT_CAGES = {None: (1, 4), "easy": (1, 3), "medium": (2, 4), "hard": (2, 4), "diabolical": (2, 5)}


@dataclass(frozen=True)
class Request:
    """What to make: ``cages`` is the (min, max) cells per cage; ``ops`` False hides them."""

    size: int = 6
    level: str | None = None
    cages: tuple[int, int] | None = None
    ops: bool = True

    @property
    def sizes(self) -> tuple[int, int]:
        return self.cages or DEFAULT_CAGES.get(self.level, DEFAULT_CAGES[None])  # unknown level: see problem()

    def make(self, seed: int) -> Made[KenKen]:
        """The puzzle of one seed (what a generation task runs)."""
        return generate_one(self, seed)

    def record(self, made: Made[KenKen]) -> dict[str, Any]:
        """The JSON line of ``generate --json``."""
        return record(made, to_mapping)

    def problem(self) -> str | None:
        """Why the request can never be met; None when it can."""
        return request_problem("KenKen", SIZES, self.size, self.level, self.sizes, min(6, self.size * self.size))


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


def generate_one(request: Request, seed: int) -> Made[KenKen]:
    """The KenKen of one seed; GenerationError when the bound is reached first."""
    reason = request.problem()
    if reason:
        raise GenerationError(reason)
    n = request.size

    def build(cages: Sequence[tuple[int, ...]], solution: Sequence[int], rng: random.Random) -> KenKen:
        made = []
        for cells in cages:
            values = [solution[c] for c in cells]
            op = operation(values, rng)
            made.append(Cage(cells, total(values, op), op if request.ops else None))
        return KenKen(n, tuple(made), request.ops)

    what = f"{request.level + ' ' if request.level else ''}{n}x{n} KenKen"
    return make(n, lambda rng: latin_square(n, rng), build,
                lambda p, nodes: verify(p, node_limit=nodes), grade,
                request.sizes, False, request.level, seed, _ATTEMPTS, what)
