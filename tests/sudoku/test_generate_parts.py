"""The generator's parts, against independent checks: region maps, symmetry orbits, digging.

Uniqueness is judged by the exact-cover oracle of tests/sudoku_oracle.py, which shares
no code with the solver; connectivity and region sizes are checked here from scratch.
"""
from __future__ import annotations

import hashlib
import random

import pytest

from solver.sudoku.generate import (
    LEVELS,
    Request,
    dig,
    full_grid,
    is_minimal,
    parse_rating,
    problem,
    puzzle_seed,
)
from solver.sudoku.geometry import Geometry
from solver.sudoku.regions import jigsaw_geometry, labels, random_regions
from solver.sudoku.symmetry import SYMMETRIES, is_symmetric, orbits, respects
from tests.sudoku_oracle import count_exact, has_symmetry, is_solution

SIZES = (4, 6, 8, 9, 10, 12)


def _pieces(cells: set[int], size: int) -> int:
    """Connected pieces of a cell set, by flood fill over orthogonal steps."""
    left, pieces = set(cells), 0
    while left:
        pieces += 1
        todo = [left.pop()]
        while todo:
            r, c = divmod(todo.pop(), size)
            for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                near = y * size + x
                if 0 <= y < size and 0 <= x < size and near in left:
                    left.remove(near)
                    todo.append(near)
    return pieces


@pytest.mark.parametrize("size", [4, 5, 6, 7, 8, 9, 10, 12, 16])
def test_region_maps_are_n_connected_regions_of_n_cells(size: int) -> None:
    for seed in range(5):
        regions = random_regions(size, random.Random(seed))
        groups: dict[int, set[int]] = {}
        for cell, region in enumerate(regions):
            groups.setdefault(region, set()).add(cell)
        assert len(groups) == size
        assert all(len(cells) == size for cells in groups.values())
        assert all(_pieces(cells, size) == 1 for cells in groups.values())


def test_region_maps_are_seeded_and_vary() -> None:
    maps = {labels(random_regions(9, random.Random(seed))) for seed in range(10)}
    assert len(maps) == 10
    assert labels(random_regions(9, random.Random(7))) == labels(random_regions(9, random.Random(7)))
    boxes = labels(Geometry.boxed(9).regions)
    assert boxes not in maps   # the swaps really moved the starting boxes


@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize("size", [4, 6, 9, 16])
def test_orbits_partition_the_grid_and_are_closed(symmetry: str, size: int) -> None:
    found = orbits(symmetry, size)
    cells = [cell for orbit in found for cell in orbit]
    assert sorted(cells) == list(range(size * size))
    for orbit in found:
        pattern = [1 if cell in orbit else 0 for cell in range(size * size)]
        assert has_symmetry(pattern, size, symmetry)


def test_symmetry_checks_the_pattern_by_its_definition() -> None:
    """Hand-worked patterns: the solver's check and the oracle's (tests/sudoku_oracle.py, which
    the generation tests judge by) give the answer worked out here."""
    def symmetric(pattern: list[int], n: int, symmetry: str) -> bool:
        ours = is_symmetric(pattern, n, symmetry)
        assert has_symmetry(pattern, n, symmetry) == ours, symmetry
        return ours

    n = 9
    pattern = [0] * 81
    pattern[0] = 1                       # r1c1 alone
    assert not symmetric(pattern, n, "rot180")
    pattern[80] = 1                      # and r9c9: turned half a circle, the same
    assert symmetric(pattern, n, "rot180")
    assert not symmetric(pattern, n, "mirror")
    assert symmetric(pattern, n, "diagonal")
    assert not symmetric(pattern, n, "rot90")
    pattern[8] = pattern[72] = 1         # the other two corners complete the quarter turn
    assert symmetric(pattern, n, "rot90")


def test_boxes_allow_the_symmetries_that_map_boxes_to_boxes() -> None:
    assert all(respects(Geometry.boxed(9), s) for s in SYMMETRIES)
    six = Geometry.boxed(6)              # 2x3 boxes
    assert {s for s in SYMMETRIES if respects(six, s)} == {"none", "rot180", "mirror"}
    assert respects(jigsaw_geometry(9, random.Random(1)), "rot90")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("symmetry", ["rot180", "mirror", "none"])
def test_digging_leaves_unique_symmetric_puzzles(size: int, symmetry: str) -> None:
    rng = random.Random(size)
    geometry = Geometry.boxed(size)
    solution = full_grid(geometry, rng)
    assert solution is not None and is_solution(solution, size, geometry.regions, [0] * size * size)
    sequence = dig(geometry, solution, symmetry, rng)
    puzzle = sequence[-1]
    assert sum(1 for v in puzzle if v) < size * size
    assert has_symmetry(puzzle, size, symmetry)
    if size <= 9:   # the oracle is slow on sparse bigger grids
        assert count_exact(size, geometry.regions, puzzle, 2) == 1


def test_jigsaw_grid_and_dig_are_unique() -> None:
    rng = random.Random(3)
    geometry = jigsaw_geometry(9, rng)
    solution = full_grid(geometry, rng)
    assert solution is not None
    puzzle = dig(geometry, solution, "rot180", rng)[-1]
    assert count_exact(9, geometry.regions, puzzle, 2) == 1


def test_dig_without_symmetry_ends_minimal() -> None:
    rng = random.Random(11)
    geometry = Geometry.boxed(9)
    solution = full_grid(geometry, rng)
    assert solution is not None
    puzzle = dig(geometry, solution, "none", rng)[-1]
    assert is_minimal(geometry, puzzle)
    for cell, value in enumerate(puzzle):   # each given really needed, by the oracle
        if value:
            trial = list(puzzle)
            trial[cell] = 0
            assert count_exact(9, geometry.regions, trial, 2) == 2
    assert not is_minimal(geometry, solution)


def test_puzzle_seeds_are_fixed_numbers() -> None:
    assert puzzle_seed(2026, 0) == 2026
    assert puzzle_seed(2026, 1) == puzzle_seed(2026, 1) != puzzle_seed(2027, 1)
    assert len({puzzle_seed(5, i) for i in range(1000)}) == 1000
    # SHA-256 of a documented text, not hash(): the same number in every process and machine
    digest = hashlib.sha256(b"puzzlepress-generate:1:1").digest()
    assert puzzle_seed(1, 1) == int.from_bytes(digest[:6], "big")


@pytest.mark.parametrize("request_, words", [
    (Request(size=4, level="diabolical"), "never harder than easy"),
    (Request(size=4, level="medium"), "never harder than easy"),
    (Request(size=4, rating=(1.5, 3.0)), "never harder than easy"),
    (Request(size=6, symmetry="rot90"), "does not map the 2x3 boxes"),
    (Request(size=8, symmetry="diagonal"), "does not map the 2x4 boxes"),
    (Request(size=9, box=(2, 3)), "does not tile"),
    (Request(size=7), "not supported"),
    (Request(size=9, jigsaw=True, box=(3, 3)), "not both"),
    (Request(size=9, rating=(5.0, 2.0)), "empty"),
    (Request(size=9, level="hard", rating=(2.0, 3.0)), "not both"),
])
def test_impossible_requests_are_refused_by_rule(request_: Request, words: str) -> None:
    reason = problem(request_)
    assert reason is not None and words in reason and "\n" not in reason


def test_possible_requests_pass() -> None:
    for level in LEVELS:
        assert problem(Request(level=level)) is None
    assert problem(Request(size=16, symmetry="rot90")) is None
    assert problem(Request(size=6, jigsaw=True, symmetry="rot90")) is None
    assert parse_rating("2.5-4.8") == (2.5, 4.8)
    with pytest.raises(ValueError, match="not a range"):
        parse_rating("hard")
