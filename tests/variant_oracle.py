"""An independent checker of Sudoku variant rules: plain backtracking over explicit constraints.

It shares nothing with the solver but the cell numbering (row-major, 0-based): the rules
are written here again from their definitions (the two diagonals, the four windows at rows
and columns 2-4 and 6-8, a knight's move, a king's diagonal step, orthogonal neighbours one
apart, parity marks), and solutions are counted by trying digits cell by cell, fewest
choices first. Slow, obviously right, and only used on small or nearly full grids.
"""
from __future__ import annotations

from collections.abc import Sequence

Rule = tuple[str, ...]


def _regions(n: int, box_rows: int, box_cols: int) -> list[int]:
    return [(r // box_rows) * (n // box_cols) + c // box_cols for r in range(n) for c in range(n)]


def groups(n: int, regions: Sequence[int], variants: Sequence[str]) -> list[list[int]]:
    """Every group of cells that holds no digit twice."""
    out = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    for label in sorted(set(regions)):
        out.append([i for i, x in enumerate(regions) if x == label])
    if "x" in variants:
        out.append([k * (n + 1) for k in range(n)])
        out.append([(k + 1) * (n - 1) for k in range(n)])
    if "windoku" in variants:
        for top in (1, 5):
            for left in (1, 5):
                out.append([(top + i) * n + left + j for i in range(3) for j in range(3)])
    return out


def _near(n: int, cell: int, steps: Sequence[tuple[int, int]]) -> list[int]:
    r, c = divmod(cell, n)
    found = []
    for dr, dc in steps:
        for sr, sc in ((dr, dc), (-dr, -dc), (dr, -dc), (-dr, dc)):
            if 0 <= r + sr < n and 0 <= c + sc < n:
                found.append((r + sr) * n + c + sc)
    return sorted(set(found) - {cell})


def allowed(n: int, values: Sequence[int], cell: int, digit: int, all_groups: list[list[int]],
            variants: Sequence[str], parity: str | None) -> bool:
    """Whether ``digit`` may stand in ``cell`` beside the digits already in ``values``."""
    for group in all_groups:
        if cell in group and any(values[other] == digit for other in group if other != cell):
            return False
    if "anti_knight" in variants and any(values[o] == digit for o in _near(n, cell, [(1, 2), (2, 1)])):
        return False
    if "anti_king" in variants and any(values[o] == digit for o in _near(n, cell, [(1, 1)])):
        return False
    if "non_consecutive" in variants and any(values[o] and abs(values[o] - digit) == 1
                                             for o in _near(n, cell, [(0, 1), (1, 0)])):
        return False
    return not (parity is not None and parity[cell] in "eo" and (digit % 2 == 0) != (parity[cell] == "e"))


def count(n: int, box: tuple[int, int] | None, givens: Sequence[int], variants: Sequence[str] = (),
          parity: str | None = None, cap: int = 2, regions: Sequence[int] | None = None) -> int:
    """Solutions of the puzzle under the rules, counted up to ``cap`` (0 when the givens
    themselves break a rule)."""
    regions = list(regions) if regions is not None else _regions(n, *(box or (n, 1)))
    all_groups = groups(n, regions, variants)
    values = [0] * (n * n)
    for cell, digit in enumerate(givens):
        if digit:
            if not allowed(n, values, cell, digit, all_groups, variants, parity):
                return 0
            values[cell] = digit
    found = 0

    def search() -> bool:
        nonlocal found
        best, options = -1, []
        for cell in range(n * n):
            if values[cell]:
                continue
            here = [d for d in range(1, n + 1) if allowed(n, values, cell, d, all_groups, variants, parity)]
            if best < 0 or len(here) < len(options):
                best, options = cell, here
                if not here:
                    return False
        if best < 0:
            found += 1
            return found >= cap
        for digit in options:
            values[best] = digit
            if search():
                return True
        values[best] = 0
        return False

    search()
    return found


def broken(n: int, box: tuple[int, int] | None, solution: Sequence[int], variants: Sequence[str] = (),
           parity: str | None = None, regions: Sequence[int] | None = None) -> list[int]:
    """The cells of a full grid that break a rule (empty when it keeps them all)."""
    regions = list(regions) if regions is not None else _regions(n, *(box or (n, 1)))
    all_groups = groups(n, regions, variants)
    return [cell for cell in range(n * n)
            if not allowed(n, [0 if i == cell else v for i, v in enumerate(solution)], cell, solution[cell],
                           all_groups, variants, parity)]
