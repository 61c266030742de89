"""An independent checker for cage puzzles: plain backtracking over cells in row-major
order, no candidate masks, no tables, nothing shared with solver.cages. Slow but obviously
right; the hold-out tests compare the solver's verdicts with it on fresh random puzzles.

A puzzle here is plain data: ``size``, ``regions`` (a region per cell, or None for a
Latin square), ``cages`` as (cells, total, op) with op None for a Killer sum (distinct
digits) and "+", "-", "x", "/" or "?" (hidden) for KenKen, and ``cover``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import permutations, product


@dataclass(frozen=True)
class Plain:
    size: int
    regions: tuple[int, ...] | None
    cages: tuple[tuple[tuple[int, ...], int, str | None], ...]
    cover: bool = True
    #: a combined variant, as plain data: further groups holding every digit once (diagonals,
    #: windows), pairs of cells that may not hold equal digits (a knight's or king's move
    #: apart), pairs that may not hold digits one apart (orthogonal neighbours), and the
    #: digits each cell may hold (even-odd marks; () for any)
    units: tuple[tuple[int, ...], ...] = ()
    unequal: tuple[tuple[int, int], ...] = ()
    apart: tuple[tuple[int, int], ...] = ()
    allowed: tuple[frozenset[int], ...] = ()

    @property
    def killer(self) -> bool:
        return self.regions is not None


def meets(values: list[int], total: int, op: str | None) -> bool:
    """Whether a full cage's values reach its total by its operation (None: a Killer sum;
    "?": any of the four)."""
    if op in (None, "+"):
        return sum(values) == total
    if op == "x":
        p = 1
        for v in values:
            p *= v
        return p == total
    if op == "?":
        return any(meets(values, total, o) for o in ("+", "-", "x", "/"))
    if len(values) != 2:
        return False
    a, b = max(values), min(values)
    return a - b == total if op == "-" else a == b * total


def _connected(cells: tuple[int, ...], n: int) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        c = todo.pop()
        for d in (c - n, c + n, c - 1 if c % n else -1, c + 1 if c % n < n - 1 else -1):
            if d in cells and d not in seen:
                seen.add(d)
                todo.append(d)
    return len(seen) == len(cells)


def structural(p: Plain) -> bool:
    """True when the cages break a rule before any search (the 'contradictory' verdict)."""
    n = p.size
    seen: list[int] = []
    for cells, total, op in p.cages:
        seen += cells
        if not _connected(cells, n):
            return True
        if op in ("-", "/") and len(cells) != 2:
            return True
        if p.killer:
            if not any(sum(c) == total for c in _combos(n, len(cells))):
                return True
        elif not any(meets(list(v), total, op) for v in product(range(1, n + 1), repeat=len(cells))
                     if _latin_ok(cells, v, n)):
            return True
    if len(seen) != len(set(seen)):
        return True
    if p.cover and len(set(seen)) != n * n:
        return True
    return bool(p.killer and p.cover and sum(t for _, t, _ in p.cages) != n * n * (n + 1) // 2)


def _combos(n: int, k: int) -> list[tuple[int, ...]]:
    from itertools import combinations
    return list(combinations(range(1, n + 1), k)) if k <= n else []


def _latin_ok(cells: tuple[int, ...], values: tuple[int, ...], n: int) -> bool:
    for i in range(len(cells)):
        for j in range(i):
            if values[i] == values[j] and (cells[i] // n == cells[j] // n or cells[i] % n == cells[j] % n):
                return False
    return True


def count(p: Plain, cap: int = 2) -> int:
    """The number of solutions, stopping at ``cap``."""
    n = p.size
    cage_of = {}
    for index, (cells, _, _) in enumerate(p.cages):
        for c in cells:
            cage_of[c] = index
    last = {index: max(cells) for index, (cells, _, _) in enumerate(p.cages)}
    grid = [0] * (n * n)
    found = 0

    def fits(cell: int, v: int) -> bool:
        r, c = divmod(cell, n)
        if p.allowed and v not in p.allowed[cell]:
            return False
        for k in range(cell):
            if grid[k] == v and (k // n == r or k % n == c
                                 or (p.regions is not None and p.regions[k] == p.regions[cell])
                                 or any(k in unit and cell in unit for unit in p.units)
                                 or (k, cell) in p.unequal or (cell, k) in p.unequal):
                return False
            if abs(grid[k] - v) == 1 and ((k, cell) in p.apart or (cell, k) in p.apart):
                return False
        index = cage_of.get(cell)
        if index is None:
            return True
        cells, total, op = p.cages[index]
        placed = [grid[k] for k in cells if k < cell] + [v]
        if p.killer and (v in placed[:-1] or sum(placed) > total):
            return False
        if cell == last[index]:
            return meets(placed, total, op)
        return True

    def walk(cell: int) -> None:
        nonlocal found
        if found >= cap:
            return
        if cell == n * n:
            found += 1
            return
        for v in range(1, n + 1):
            if fits(cell, v):
                grid[cell] = v
                walk(cell + 1)
                grid[cell] = 0

    walk(0)
    return found


def verdict(p: Plain) -> str:
    """The verdict the solver must give: contradictory, unsolvable, unique or multiple."""
    if structural(p):
        return "contradictory"
    return {0: "unsolvable", 1: "unique"}.get(count(p), "multiple")


# -- random puzzles ---------------------------------------------------------------------
def latin(n: int, rng: random.Random) -> list[int]:
    """A random Latin square by row permutations with backtracking (independent of solver)."""
    rows: list[tuple[int, ...]] = []
    perms = list(permutations(range(1, n + 1))) if n <= 6 else None

    def extend() -> bool:
        if len(rows) == n:
            return True
        options = perms[:] if perms is not None else [tuple(rng.sample(range(1, n + 1), n)) for _ in range(400)]
        rng.shuffle(options)
        for row in options:
            if all(row[c] != other[c] for other in rows for c in range(n)):
                rows.append(row)
                if extend():
                    return True
                rows.pop()
        return False

    while not extend():
        rows.clear()
    return [v for row in rows for v in row]


def sudoku_solution(n: int, box: tuple[int, int], rng: random.Random) -> list[int]:
    """A random Sudoku solution: the pattern grid, then digits, bands and stacks shuffled."""
    br, bc = box
    base = [((r % br) * bc + r // br + c) % n + 1 for r in range(n) for c in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = list(range(n // br))
    rng.shuffle(bands)
    rows = [b * br + i for b in bands for i in rng.sample(range(br), br)]
    stacks = list(range(n // bc))
    rng.shuffle(stacks)
    cols = [s * bc + i for s in stacks for i in rng.sample(range(bc), bc)]
    return [digits[base[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n)]


def box_regions(n: int, box: tuple[int, int]) -> tuple[int, ...]:
    br, bc = box
    return tuple((r // br) * (n // bc) + c // bc for r in range(n) for c in range(n))


def cut(n: int, solution: list[int], low: int, high: int, distinct: bool, rng: random.Random
        ) -> list[tuple[int, ...]]:
    """The grid cut into random connected pieces of at most ``high`` cells (some may be smaller)."""
    owner = [-1] * (n * n)
    pieces: list[list[int]] = []
    for start in rng.sample(range(n * n), n * n):
        if owner[start] >= 0:
            continue
        piece = [start]
        owner[start] = len(pieces)
        want = rng.randint(low, high)
        while len(piece) < want:
            near = [d for c in piece for d in (c - n, c + n, c - 1 if c % n else -1, c + 1 if c % n < n - 1 else -1)
                    if 0 <= d < n * n and owner[d] < 0
                    and not (distinct and solution[d] in [solution[x] for x in piece])]
            if not near:
                break
            d = rng.choice(near)
            owner[d] = len(pieces)
            piece.append(d)
        pieces.append(piece)
    return [tuple(sorted(p)) for p in pieces]


def random_killer(n: int, box: tuple[int, int], rng: random.Random, flavour: str) -> tuple[Plain, list[int]]:
    """A random Killer and the solution it was cut from. ``flavour``: "true" (totals of the
    solution: unique or multiple), "nudged" (one cage total moved by one: often unsolvable),
    "broken" (an overlap, a gap or an impossible total)."""
    solution = sudoku_solution(n, box, rng)
    pieces = cut(n, solution, 1, 4, True, rng)
    cages = [(cells, sum(solution[c] for c in cells), None) for cells in pieces]
    if flavour == "nudged":
        i = rng.randrange(len(cages))
        j = rng.choice([k for k in range(len(cages)) if k != i and cages[k][1] > 1])
        cells, total, _ = cages[i]
        cages[i] = (cells, total + 1, None)
        cells, total, _ = cages[j]
        cages[j] = (cells, total - 1, None)
    elif flavour == "broken":
        how = rng.choice(("gap", "overlap", "impossible"))
        i = rng.randrange(len(cages))
        cells, total, _ = cages[i]
        if how == "gap":
            cages.pop(i)
        elif how == "overlap":
            cages.append(((cells[0],), solution[cells[0]], None))
        else:
            cages[i] = (cells, sum(range(n - len(cells) + 1, n + 1)) + 1, None)
    return Plain(n, box_regions(n, box), tuple(cages)), solution


def random_kenken(n: int, rng: random.Random, flavour: str, hidden: bool = False) -> tuple[Plain, list[int]]:
    """A random KenKen and its Latin square; flavours as for :func:`random_killer`."""
    solution = latin(n, rng)
    pieces = cut(n, solution, 1, 3, False, rng)
    cages = []
    for cells in pieces:
        values = [solution[c] for c in cells]
        if len(cells) == 1:
            op, total = "+", values[0]
        elif len(cells) == 2 and max(values) % min(values) == 0 and rng.random() < 0.4:
            op, total = "/", max(values) // min(values)
        elif len(cells) == 2 and rng.random() < 0.4:
            op, total = "-", max(values) - min(values)
        elif rng.random() < 0.5:
            op, total = "x", 1
            for v in values:
                total *= v
        else:
            op, total = "+", sum(values)
        cages.append((cells, total, "?" if hidden and len(cells) > 1 else op))
    if flavour == "nudged":
        i = rng.choice([k for k, (cells, _, _) in enumerate(cages) if len(cells) > 1] or [0])
        cells, total, op = cages[i]
        cages[i] = (cells, total + 1, op)
    elif flavour == "broken":
        how = rng.choice(("gap", "overlap", "impossible"))
        i = rng.randrange(len(cages))
        cells, total, op = cages[i]
        if how == "gap":
            cages.pop(i)
        elif how == "overlap":
            cages.append(((cells[0],), solution[cells[0]], "+"))
        else:
            if op == "?":
                cages[i] = (cells, n ** len(cells) + 1, op)
            else:
                cages[i] = (cells, n ** len(cells) + 1 if op == "x" else n * len(cells) + 1,
                            "+" if op != "x" else "x")
    return Plain(n, None, tuple(cages)), solution
