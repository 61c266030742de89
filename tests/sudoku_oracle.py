"""Independent oracles for the Sudoku engine tests: they share no code with ``solver.sudoku``.

* :func:`exact_cover_solutions` -- Knuth's Algorithm X over the usual four constraint
  families (cell, row-value, column-value, region-value), written from the definition
  with dicts of sets; a completely different method from the engine's bitmask search.
* :func:`full_grid` -- a random complete grid from the base pattern plus the symmetries
  that preserve validity (relabel values, permute rows in a band, bands, columns, stacks).
* :func:`random_solution` -- a random complete grid of any region map (a jigsaw's too): the
  same Algorithm X, trying the rows of each column in random order.
* :func:`is_solution` and :func:`breaks_rule_outright` -- the rules checked directly.
* :func:`has_symmetry` -- a pattern of givens checked against each symmetry's definition.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence


def units_of(size: int, regions: Sequence[int]) -> list[list[int]]:
    """Rows, columns and regions as lists of cell indices."""
    rows = [[r * size + c for c in range(size)] for r in range(size)]
    cols = [[r * size + c for r in range(size)] for c in range(size)]
    groups: dict[int, list[int]] = {}
    for cell, region in enumerate(regions):
        groups.setdefault(region, []).append(cell)
    return rows + cols + list(groups.values())


def box_regions(size: int, box_rows: int, box_cols: int) -> list[int]:
    return [(r // box_rows) * (size // box_cols) + c // box_cols
            for r in range(size) for c in range(size)]


def exact_cover_solutions(size: int, regions: Sequence[int], givens: Sequence[int],
                          rng: random.Random | None = None,
                          node_limit: int | None = None,
                          allowed: Callable[[int, int], bool] | None = None) -> Iterator[tuple[int, ...]]:
    """Every solution via Algorithm X (column with fewest rows first); with ``rng`` the rows
    of a column are tried in random order, and ``node_limit`` stops the search after that
    many rows tried (so a random map that admits no grid costs a bounded time); ``allowed``
    (cell, value) says which values a cell may take (an even/odd mark's), every one if None."""
    def constraints(cell: int, value: int) -> list[tuple]:
        r, c = divmod(cell, size)
        return [("cell", cell), ("row", r, value), ("col", c, value),
                ("region", regions[cell], value)]

    rows = {(cell, value): constraints(cell, value)
            for cell in range(size * size) for value in range(1, size + 1)
            if allowed is None or allowed(cell, value)}
    columns: dict[tuple, set] = {}
    for row, cols in rows.items():
        for col in cols:
            columns.setdefault(col, set()).add(row)

    def cover(row: tuple) -> list[set]:
        removed = []
        for col in rows[row]:
            for other in columns[col]:
                for other_col in rows[other]:
                    if other_col != col:
                        columns[other_col].discard(other)
            removed.append(columns.pop(col))
        return removed

    def uncover(row: tuple, removed: list[set]) -> None:
        for col in reversed(rows[row]):
            columns[col] = removed.pop()
            for other in columns[col]:
                for other_col in rows[other]:
                    columns[other_col].add(other)

    chosen: list[tuple] = []
    for cell, value in enumerate(givens):
        if value:
            if (cell, value) not in rows or any(col not in columns or (cell, value) not in columns[col]
                                                for col in rows[(cell, value)]):
                return
            cover((cell, value))
            chosen.append((cell, value))

    nodes = 0

    def search() -> Iterator[tuple[int, ...]]:
        nonlocal nodes
        if not columns:
            grid = [0] * (size * size)
            for cell, value in chosen:
                grid[cell] = value
            yield tuple(grid)
            return
        col = min(columns, key=lambda k: len(columns[k]))
        order = sorted(columns[col])
        if rng is not None:
            rng.shuffle(order)
        for row in order:
            nodes += 1
            if node_limit is not None and nodes > node_limit:
                return
            removed = cover(row)
            chosen.append(row)
            yield from search()
            chosen.pop()
            uncover(row, removed)

    yield from search()


def count_exact(size: int, regions: Sequence[int], givens: Sequence[int], limit: int) -> int:
    count = 0
    for _ in exact_cover_solutions(size, regions, givens):
        count += 1
        if count >= limit:
            break
    return count


def random_solution(size: int, regions: Sequence[int], rng: random.Random,
                    node_limit: int = 5_000) -> tuple[int, ...] | None:
    """A random complete grid of the region map, or None when the search gave up (the caller
    draws another map)."""
    return next(exact_cover_solutions(size, regions, [0] * size * size, rng, node_limit), None)


def full_grid(size: int, box_rows: int, box_cols: int, rng: random.Random) -> list[int]:
    """A random valid complete grid for a boxed geometry."""
    def pattern(r: int, c: int) -> int:
        return (box_cols * (r % box_rows) + r // box_rows + c) % size

    def shuffled_groups(group: int, count: int) -> list[int]:
        order = rng.sample(range(count), count)
        return [g * group + i for g in order for i in rng.sample(range(group), group)]

    rows = shuffled_groups(box_rows, size // box_rows)
    cols = shuffled_groups(box_cols, size // box_cols)
    values = rng.sample(range(1, size + 1), size)
    return [values[pattern(r, c)] for r in rows for c in cols]


def is_solution(grid: Sequence[int], size: int, regions: Sequence[int],
                givens: Sequence[int]) -> bool:
    if any(g and g != v for g, v in zip(givens, grid)):
        return False
    everything = set(range(1, size + 1))
    return all({grid[c] for c in unit} == everything for unit in units_of(size, regions))


def breaks_rule_outright(size: int, regions: Sequence[int], givens: Sequence[int]) -> bool:
    """A value twice in a unit, a blank with every value taken by its units' givens,
    or a unit with no free cell for a missing value."""
    units = units_of(size, regions)
    for unit in units:
        values = [givens[c] for c in unit if givens[c]]
        if len(values) != len(set(values)):
            return True
    taken: dict[int, set[int]] = {cell: set() for cell in range(size * size)}
    for unit in units:
        used = {givens[c] for c in unit if givens[c]}
        for cell in unit:
            taken[cell] |= used
    everything = set(range(1, size + 1))
    for cell in range(size * size):
        if not givens[cell] and taken[cell] >= everything:
            return True
    for unit in units:
        placed = {givens[c] for c in unit if givens[c]}
        for value in everything - placed:
            if all(givens[c] or value in taken[c] for c in unit):
                return True
    return False


#: Each symmetry by its definition (README: the pattern of the givens): where it sends the
#: cell at row r, column c of an n x n grid
IMAGES: dict[str, Callable[[int, int, int], tuple[int, int]]] = {
    "none": lambda r, c, n: (r, c),
    "rot180": lambda r, c, n: (n - 1 - r, n - 1 - c),      # a half turn
    "rot90": lambda r, c, n: (c, n - 1 - r),               # a quarter turn
    "mirror": lambda r, c, n: (r, n - 1 - c),              # left-right
    "diagonal": lambda r, c, n: (c, r),                    # about the main diagonal
}


def has_symmetry(givens: Sequence[int], n: int, symmetry: str) -> bool:
    """A cell is given exactly when its image under the symmetry is."""
    filled = {divmod(cell, n) for cell, v in enumerate(givens) if v}
    return {IMAGES[symmetry](r, c, n) for r, c in filled} == filled


#: A hand-made 6x6 jigsaw region map (irregular regions of 6 cells), shared by tests.
JIGSAW_6 = ("AAABBB"
            "AABABB"
            "CCCDDD"
            "CCDCDD"
            "EEEFFF"
            "EFEEFF")
