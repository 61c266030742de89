"""Known facts and public puzzle collections: the engine must reproduce them."""
from __future__ import annotations

import random

import pytest

from solver.sudoku import (
    Geometry,
    Puzzle,
    contradictions,
    count_solutions,
    default_symbols,
    describe,
    iter_solutions,
    nth_solution,
    parse_text,
    solve,
    verify,
)
from solver.sudoku.search import Search
from solver.verdict import Status
from tests.samples import DATA
from tests.sudoku_oracle import JIGSAW_6, box_regions, count_exact, exact_cover_solutions, full_grid, is_solution


def puzzles_of(name: str) -> list[Puzzle]:
    items = parse_text((DATA / name).read_text())
    assert all(isinstance(item, Puzzle) for item in items)
    return items


def empty(size: int) -> Puzzle:
    return Puzzle(Geometry.boxed(size), default_symbols(size), (0,) * (size * size))


def test_empty_4x4_has_288_solutions() -> None:
    count = count_solutions(empty(4))
    assert count == 288 == count_exact(4, box_regions(4, 2, 2), [0] * 16, 10_000)
    assert not count.capped and str(count) == "288"


@pytest.mark.slow
def test_empty_9x9_reports_more_than_the_cap() -> None:
    count = count_solutions(empty(9))
    assert count.capped and str(count) == "more than 10,000"
    assert count_solutions(empty(9), cap=5).capped


def test_node_limit_gives_a_lower_bound_not_a_hang() -> None:
    count = count_solutions(empty(9), node_limit=50)
    assert count.bounded and not count.capped and 0 < count < 50
    verdict = verify(empty(16), node_limit=3)
    assert verdict.status is Status.UNDETERMINED
    assert verdict.reason == "search bound of 3 nodes reached" and verdict.stats.nodes == 3


@pytest.mark.parametrize("name", ["top95.txt", "17clue-300.txt", "easy50.txt"])
def test_public_collections_are_unique_with_valid_solutions(name: str) -> None:
    regions = box_regions(9, 3, 3)
    for puzzle in puzzles_of(name):
        verdict = verify(puzzle)
        assert verdict.status is Status.UNIQUE, puzzle.format()
        assert is_solution(verdict.solution, 9, regions, puzzle.givens)
        assert verdict.stats.nodes >= 1 and verdict.stats.ms > 0


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "diabolical"])
def test_graded_solutions_match(level: str) -> None:
    for puzzle in puzzles_of(f"graded-{level}-60.txt"):
        assert puzzle.format(verify(puzzle).solution) == puzzle.label


def test_first_hard_puzzle_agrees_with_exact_cover() -> None:
    puzzle = puzzles_of("top95.txt")[0]
    assert [verify(puzzle).solution] == list(
        exact_cover_solutions(9, box_regions(9, 3, 3), puzzle.givens))


def test_contradictions_are_named_before_search() -> None:
    duplicate = parse_text("1" + "." * 6 + "1" + "." * 73)[0]
    verdict = verify(duplicate)
    assert verdict.status is Status.CONTRADICTORY
    assert verdict.reason == "row 1 has 1 twice (r1c1, r1c8)"
    assert verdict.stats.nodes == 0
    # r5c5 sees 1-4 in its row, 5-8 in its column and 9 in its box.
    grid = [0] * 81
    for col, value in zip((0, 1, 2, 6), (1, 2, 3, 4)):
        grid[4 * 9 + col] = value
    for row, value in zip((0, 1, 2, 8), (5, 6, 7, 8)):
        grid[row * 9 + 4] = value
    grid[3 * 9 + 3] = 9
    puzzle = Puzzle(Geometry.boxed(9), default_symbols(9), tuple(grid))
    assert "r5c5 has no possible value" in contradictions(puzzle)
    assert verify(puzzle).status is Status.CONTRADICTORY


def test_value_with_no_place_in_a_unit_is_contradictory() -> None:
    # Row 1 leaves r1c8 and r1c9 free, but 9s in columns 8 and 9 forbid a 9 there.
    rows = ["1234567..", "." * 9, "." * 9, ".......9.", "." * 9, "." * 9, "........9",
            "." * 9, "." * 9]
    puzzle = parse_text("\n".join(rows))[0]
    verdict = verify(puzzle)
    assert verdict.status is Status.CONTRADICTORY
    assert "row 1 has no place for 9" in verdict.reason.split("; ")


def test_nth_solution_is_in_row_major_order() -> None:
    solutions = list(iter_solutions(empty(4)))
    assert len(solutions) == 288 and solutions == sorted(solutions)
    assert nth_solution(empty(4), 1) == (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    assert nth_solution(empty(4), 289) is None
    with pytest.raises(ValueError, match="1 or more"):
        nth_solution(empty(4), 0)


def test_iteration_is_lazy() -> None:
    stream = iter_solutions(empty(16))
    first = next(stream)
    assert is_solution(first, 16, box_regions(16, 4, 4), [0] * 256)
    assert next(stream) != first


@pytest.mark.parametrize("size", [8, 10, 12, 16])
def test_every_common_size_solves_from_empty(size: int) -> None:
    geometry = Geometry.boxed(size)
    solution = solve(empty(size))
    assert is_solution(solution, size, list(geometry.regions), [0] * size * size)


def test_25x25_solves_without_recursion_limits() -> None:
    rng = random.Random(25)
    grid = full_grid(25, 5, 5, rng)
    givens = list(grid)
    for cell in rng.sample(range(625), 250):
        givens[cell] = 0
    puzzle = Puzzle(Geometry.boxed(25), default_symbols(25), tuple(givens))
    verdict = verify(puzzle)
    regions = box_regions(25, 5, 5)
    assert verdict.status in (Status.UNIQUE, Status.MULTIPLE)
    assert is_solution(verdict.solution, 25, regions, givens)
    if verdict.status is Status.MULTIPLE:
        assert is_solution(verdict.other_solution, 25, regions, givens)
    deep = solve(empty(25))   # hundreds of nested branch points
    assert is_solution(deep, 25, box_regions(25, 5, 5), [0] * 625)


def test_same_input_same_answer() -> None:
    puzzle = puzzles_of("top95.txt")[5]
    first, second = verify(puzzle), verify(puzzle)
    assert (first.solution, first.stats.nodes) == (second.solution, second.stats.nodes)


def test_describe_draws_box_lines() -> None:
    puzzle = parse_text("1234341221434321")[0]
    assert describe(puzzle.givens, puzzle.geometry, puzzle.symbols).splitlines() == [
        "1 2 | 3 4", "3 4 | 1 2", "----+----", "2 1 | 4 3", "4 3 | 2 1"]


# --- geometry -------------------------------------------------------------------------------

@pytest.mark.parametrize("size,box", [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)),
                                      (10, (2, 5)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5))])
def test_default_boxes(size: int, box: tuple[int, int]) -> None:
    geometry = Geometry.boxed(size)
    assert (geometry.box_rows, geometry.box_cols) == box
    assert list(geometry.regions) == box_regions(size, *box)


def test_box_override_and_bad_sizes() -> None:
    assert Geometry.boxed(6, 3, 2).regions[:6] == (0, 0, 1, 1, 2, 2)
    with pytest.raises(ValueError, match="size 7 has no box shape"):
        Geometry.boxed(7)
    with pytest.raises(ValueError, match="box 2x4 does not tile a 9x9 grid"):
        Geometry.boxed(9, 2, 4)


def test_custom_symbols_with_zero_as_a_value() -> None:
    symbols = "0123456789ABCDEF"
    grid = full_grid(16, 4, 4, random.Random(3))
    text = "".join(symbols[v - 1] for v in grid)
    puzzle = parse_text(text[:-1] + ".", symbols=symbols)[0]
    assert puzzle.givens[0] == grid[0] and puzzle.givens[-1] == 0
    assert puzzle.format(verify(puzzle).solution) == text


# --- jigsaw ---------------------------------------------------------------------------------



def test_jigsaw_unique_puzzle_agrees_with_exact_cover() -> None:
    geometry = Geometry.jigsaw(6, JIGSAW_6)
    assert geometry.is_jigsaw and geometry.labels == ("A", "B", "C", "D", "E", "F")
    regions = list(geometry.regions)
    solution = next(exact_cover_solutions(6, regions, [0] * 36))
    givens = list(solution)
    for cell in range(36):   # remove every given the oracle says is not needed
        kept, givens[cell] = givens[cell], 0
        if count_exact(6, regions, givens, 2) != 1:
            givens[cell] = kept
    puzzle = parse_text("".join(map(str, givens)).replace("0", "."), regions=JIGSAW_6)[0]
    verdict = verify(puzzle)
    assert verdict.status is Status.UNIQUE and list(verdict.solution) == list(solution)
    fewer = list(givens)
    fewer[next(c for c in range(36) if fewer[c])] = 0
    assert verify(Puzzle(geometry, "123456", tuple(fewer))).status is Status.MULTIPLE


def test_jigsaw_names_regions_in_reasons() -> None:
    puzzle = parse_text("1" + "." * 6 + "1" + "." * 28, regions=JIGSAW_6)[0]
    assert verify(puzzle).reason == "region 'A' has 1 twice (r1c1, r2c2)"


def test_bad_region_maps_are_explained() -> None:
    with pytest.raises(ValueError, match="region 'A' has 7 cells, expected 6"):
        Geometry.jigsaw(6, "AAABBB" "AAAABB" + "CCCDDD" * 2 + "EEEFFF" * 2)
    with pytest.raises(ValueError, match="region map has 35 cells, expected 36"):
        Geometry.jigsaw(6, JIGSAW_6[:-1])


# --- bounded and resumed search -------------------------------------------------------------

def test_a_paused_search_resumes_where_it_stopped() -> None:
    puzzle = empty(4)
    search = Search(puzzle.geometry, puzzle.givens, node_limit=5)
    resumed = []
    for item in search.walk():
        if item is None:
            assert search.bounded and search.stats.nodes == search.node_limit
            search.node_limit += 5
        else:
            resumed.append(item)
    assert resumed == list(Search(puzzle.geometry, puzzle.givens).solutions())
    assert len(resumed) == 288


@pytest.mark.slow
@pytest.mark.parametrize("size,blank", [(16, 0.9), (25, 0.8)])
def test_sparse_large_grids_are_found_multiple_quickly(size: int, blank: float) -> None:
    """Missing givens on big grids: two solutions are found within a small node budget."""
    rng = random.Random(size)
    root = int(size ** 0.5)
    givens = full_grid(size, root, root, rng)
    for cell in rng.sample(range(size * size), int(size * size * blank)):
        givens[cell] = 0
    verdict = verify(Puzzle(Geometry.boxed(size), default_symbols(size), tuple(givens)),
                     node_limit=5_000)
    regions = box_regions(size, root, root)
    assert verdict.status is Status.MULTIPLE and verdict.stats.nodes <= 5_000
    assert is_solution(verdict.solution, size, regions, givens)
    assert is_solution(verdict.other_solution, size, regions, givens)
