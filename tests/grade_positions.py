"""Helpers for the grader tests: hand-made pencil-mark positions and dug puzzles.

Positions start from an empty 9x9 grid (every candidate everywhere) and strike candidates,
so each test builds exactly the pattern it names; puzzles are dug from random complete
grids. The reference a grader test judges by is the independent oracle's
(tests/sudoku_oracle.py): it makes the complete grids of the boxed and 6x6 jigsaw kinds,
checks every grid, and checks each dug puzzle has that grid as its one solution. The
product only proposes (a 9x9 jigsaw's map and grid, which cell to dig next: the oracle is
too slow to test every dig); it never decides what the right answer is.
"""
from __future__ import annotations

import random

from solver.sudoku import Geometry, Puzzle, count_solutions, default_symbols
from solver.sudoku.candidates import Grid
from solver.sudoku.generate import full_grid as generated_grid
from solver.sudoku.regions import jigsaw_geometry
from tests.sudoku_oracle import JIGSAW_6, count_exact, full_grid, is_solution, random_solution


def empty(size: int = 9) -> Grid:
    geometry = Geometry.boxed(size)
    return Grid(Puzzle(geometry, default_symbols(size), (0,) * size * size))


def cell(name: str, n: int = 9) -> int:
    """``"r2c3"`` -> its index."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def only(g: Grid, digit: int, unit: list[str], keep: list[str]) -> None:
    """Strike ``digit`` from the cells of ``unit`` except ``keep``."""
    kept = {cell(k, g.n) for k in keep}
    for name in unit:
        c = cell(name, g.n)
        if c not in kept:
            g.cands[c] &= ~(1 << (digit - 1))


def set_cands(g: Grid, name: str, digits: str) -> None:
    g.cands[cell(name, g.n)] = sum(1 << (int(d) - 1) for d in digits)


def row(r: int, n: int = 9) -> list[str]:
    return [f"r{r}c{c}" for c in range(1, n + 1)]


def col(c: int, n: int = 9) -> list[str]:
    return [f"r{r}c{c}" for r in range(1, n + 1)]


def box(b: int) -> list[str]:
    r0, c0 = (b - 1) // 3 * 3, (b - 1) % 3 * 3
    return [f"r{r0 + i + 1}c{c0 + j + 1}" for i in range(3) for j in range(3)]


def jigsaw_solution(rng: random.Random) -> tuple[Geometry, tuple[int, ...]]:
    """A random complete 6x6 jigsaw grid (the shared region map), by the oracle."""
    geometry = Geometry.jigsaw(6, list(JIGSAW_6))
    found = None
    while found is None:
        found = random_solution(6, geometry.regions, rng)
    return geometry, found


def dug(kind: str, rng: random.Random) -> tuple[Puzzle, tuple[int, ...]]:
    """A unique puzzle of ``kind`` ("4", "6", "9", "jigsaw" (6x6) or "jigsaw9": a fresh random
    9x9 region map) and its solution."""
    if kind == "jigsaw":
        geometry, solution = jigsaw_solution(rng)
    elif kind == "jigsaw9":
        found = None
        while found is None:   # a region map may admit no grid the bounded search finds: draw another
            geometry = jigsaw_geometry(9, rng)
            found = generated_grid(geometry, rng)
        solution = tuple(found)
    else:
        size = int(kind)
        geometry = Geometry.boxed(size)
        solution = tuple(full_grid(size, geometry.box_rows or 1, geometry.box_cols or 1, rng))
    symbols = default_symbols(geometry.size)
    givens = list(solution)
    # a fresh 9x9 jigsaw dug to minimal often needs dynamic forcing chains (seconds each):
    # stop at 24 givens (most need more than singles; some need chains)
    floor = 24 if kind == "jigsaw9" else 0
    for c in rng.sample(range(len(givens)), len(givens)):
        if sum(map(bool, givens)) <= floor:
            break
        keep = givens[c]
        givens[c] = 0
        if count_solutions(Puzzle(geometry, symbols, tuple(givens)), cap=1).capped:
            givens[c] = keep
    regions = geometry.regions
    assert is_solution(solution, geometry.size, regions, [0] * len(solution)), solution
    assert count_exact(geometry.size, regions, givens, 2) == 1 and is_solution(solution, geometry.size, regions,
                                                                                givens), givens
    return Puzzle(geometry, symbols, tuple(givens)), solution
