"""An independent Futoshiki solver for the tests: plain backtracking, cell by cell, none of the
product's code (no engine, no tables, no grader). It reads Tatham's Unequal IDs anew."""
from __future__ import annotations

import re

#: a flag letter -> (row step, column step) to the neighbour it names
STEPS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}

Pairs = set[tuple[int, int]]


def parse_id(text: str) -> tuple[int, bool, list[int], Pairs]:
    """An Unequal game ID -> (N, adjacent, N*N givens, constraints). Unequal: (greater, lesser)
    cell pairs; Adjacent: the barred pairs, both orders."""
    params, _, body = text.rpartition(":")
    cells = re.findall(r"(\d+)([UDLR]*),?", body)
    n = int(len(cells) ** 0.5)
    adjacent = "a" in params
    givens = [int(number) for number, _ in cells]
    pairs: Pairs = set()
    for cell, (_, flags) in enumerate(cells):
        r, c = divmod(cell, n)
        for flag in flags:
            dr, dc = STEPS[flag]
            other = (r + dr) * n + c + dc
            pairs.add((cell, other))
            if adjacent:
                pairs.add((other, cell))
    return n, adjacent, givens, pairs


def _neighbours(n: int, cell: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in STEPS.values() if 0 <= r + dr < n and 0 <= c + dc < n]


def _depth(cell: int, links: dict[int, list[int]], seen: frozenset[int] = frozenset()) -> int:
    """How many cells a chain of signs from ``cell`` passes through beyond it (a cycle: 99, no digit fits)."""
    if cell in seen:
        return 99
    return max((1 + _depth(other, links, seen | {cell}) for other in links.get(cell, ())), default=0)


def fits(n: int, adjacent: bool, pairs: Pairs, grid: list[int], cell: int, value: int) -> bool:
    """Whether ``value`` in ``cell`` breaks no rule against the cells filled so far."""
    r, c = divmod(cell, n)
    for k in range(n):
        if (k != c and grid[r * n + k] == value) or (k != r and grid[k * n + c] == value):
            return False
    for other in _neighbours(n, cell):
        there = grid[other]
        if not there:
            continue
        if adjacent:
            if ((cell, other) in pairs) != (abs(value - there) == 1):
                return False
        elif ((cell, other) in pairs and value <= there) or ((other, cell) in pairs and there <= value):
            return False
    return True


def solutions(n: int, adjacent: bool, givens: list[int], pairs: Pairs, cap: int = 2) -> list[tuple[int, ...]]:
    """Up to ``cap`` solutions, row-major: givens checked first; each cell's digits bounded by
    the chains of signs through it (a cell with k cells chained below it is more than k); then
    the empty cell with the fewest digits that fit is filled next, each tried in turn."""
    digits: list[range] = [range(1, n + 1)] * (n * n)
    if not adjacent:
        below: dict[int, list[int]] = {}
        above: dict[int, list[int]] = {}
        for greater, lesser in pairs:
            below.setdefault(greater, []).append(lesser)
            above.setdefault(lesser, []).append(greater)
        digits = [range(_depth(cell, below) + 1, n - _depth(cell, above) + 1) for cell in range(n * n)]
    grid = [0] * (n * n)
    for cell, value in enumerate(givens):
        if value:
            if value not in digits[cell] or not fits(n, adjacent, pairs, grid, cell, value):
                return []
            grid[cell] = value
    found: list[tuple[int, ...]] = []

    def walk() -> None:
        if len(found) >= cap:
            return
        best: list[int] | None = None
        at = -1
        for cell in range(n * n):
            if not grid[cell]:
                options = [v for v in digits[cell] if fits(n, adjacent, pairs, grid, cell, v)]
                if best is None or len(options) < len(best):
                    best, at = options, cell
                    if not options:
                        return
        if best is None:
            found.append(tuple(grid))
            return
        for value in best:
            grid[at] = value
            walk()
            grid[at] = 0

    walk()
    return found
