"""The forms of full grids (solver.answers) against brute force: two answers get one form
exactly when the oracle (tests/answer_oracle.py: every move of the group tried) finds them
alike, on every 4x4 grid, 6x6 grids and their moves, every small Latin square; 9x9 to 16x16
grids keep their form under random moves and random grids keep theirs apart; the counts
:data:`solver.answers.FEW` holds are counted here over every grid of the family."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from solver.answers import ALIKE, FEW, SAME, TURNED, Answer, strength_for
from tests import answer_oracle as oracle

Grid = tuple[int, ...]


def same_partition(grids: Iterable[Grid], ours: Callable[[Grid], object], theirs: Callable[[Grid], object]) -> int:
    """Asserts that ``ours`` and ``theirs`` split ``grids`` into the same classes; their number."""
    by_ours: dict[object, object] = {}
    by_theirs: dict[object, object] = {}
    for grid in grids:
        mine, other = ours(grid), theirs(grid)
        assert by_ours.setdefault(mine, other) == other, grid      # one form: one oracle class
        assert by_theirs.setdefault(other, mine) == mine, grid     # one oracle class: one form
    return len(by_ours)


def test_every_4x4_sudoku_has_the_oracles_classes_at_every_strength() -> None:
    grids = list(oracle.fill(4, (2, 2)))
    assert len(grids) == 288
    alike = same_partition(grids, lambda g: Answer(4, g, (2, 2)).form(ALIKE),
                           lambda g: oracle.boxed_alike(g, 4, 2, 2))
    turned = same_partition(grids, lambda g: Answer(4, g, (2, 2)).form(TURNED), lambda g: oracle.turned(g, 4))
    same = len({Answer(4, g, (2, 2)).form(SAME) for g in grids})
    assert (alike, turned, same) == (FEW["boxed 2x2"][ALIKE], FEW["boxed 2x2"][TURNED], FEW["boxed 2x2"][SAME])


@pytest.mark.parametrize("box", [(2, 3), (3, 2)])
def test_6x6_sudoku_forms_equal_exactly_when_the_brute_force_says_alike(box: tuple[int, int]) -> None:
    rng = random.Random(6 * box[0])
    grids = [oracle.random_grid(6, box, rng) for _ in range(6)]
    moved = [oracle.random_boxed_move(g, 6, *box, rng) for g in grids for _ in range(3)]
    family = [(g, box) for g in grids] + moved
    forms = {Answer(6, g, b).form(ALIKE) for g, b in family}
    truth = {oracle.boxed_alike(g, 6, *b) for g, b in family}
    assert len(forms) == len(truth)
    same_partition([g for g, b in family if b == box], lambda g: Answer(6, g, box).form(ALIKE),
                   lambda g: oracle.boxed_alike(g, 6, *box))


@pytest.mark.slow
def test_every_6x6_sudoku_is_one_of_49_answers() -> None:
    """Every 6x6 grid is a relabelling of one whose first box reads 1..6, so those 39,168
    hold every class."""
    first_box = [0] * 36
    for number, (r, c) in enumerate((r, c) for r in range(2) for c in range(3)):
        first_box[r * 6 + c] = number + 1
    grids = list(oracle.fill(6, (2, 3), fixed=tuple(first_box)))
    assert len(grids) == 28_200_960 // 720
    assert len({Answer(6, g, (2, 3)).form(ALIKE) for g in grids}) == FEW["boxed 2x3"][ALIKE] == 49


@pytest.mark.parametrize("n", [3, 4])
def test_every_small_latin_square_has_the_oracles_classes(n: int) -> None:
    grids = list(oracle.fill(n, None))
    alike = same_partition(grids, lambda g: Answer(n, g).form(ALIKE), lambda g: oracle.latin_alike(g, n))
    turned = same_partition(grids, lambda g: Answer(n, g).form(TURNED), lambda g: oracle.turned(g, n))
    assert (alike, turned, len(grids)) == (FEW[f"latin {n}"][ALIKE], FEW[f"latin {n}"][TURNED],
                                           FEW[f"latin {n}"][SAME])


@pytest.mark.slow
def test_the_5x5_latin_squares_classes() -> None:
    reduced = list(oracle.fill(5, None, fixed=(1, 2, 3, 4, 5)))
    grids = [g for first in reduced for g in oracle.relabelled(first, 5)]
    assert len(grids) == 161_280
    assert len({Answer(5, g).form(ALIKE) for g in reduced}) == FEW["latin 5"][ALIKE]
    assert len({Answer(5, g).form(TURNED) for g in grids}) == FEW["latin 5"][TURNED]
    sample = random.Random(5).sample(grids, 300)
    same_partition(sample, lambda g: Answer(5, g).form(ALIKE), lambda g: oracle.latin_alike(g, 5))


@pytest.mark.parametrize("n, box, moves", [(9, (3, 3), 12), (8, (2, 4), 8), (12, (3, 4), 4), (16, (4, 4), 1)])
def test_a_moved_grid_keeps_its_form_and_other_grids_have_others(n: int, box: tuple[int, int], moves: int) -> None:
    rng = random.Random(n)
    grids = [oracle.random_grid(n, box, rng) for _ in range(3)]
    forms = []
    for grid in grids:
        form = Answer(n, grid, box).form(ALIKE)
        for _ in range(moves):
            moved, moved_box = oracle.random_boxed_move(grid, n, *box, rng)
            assert Answer(n, moved, moved_box).form(ALIKE) == form
        forms.append(form)
    assert len(set(forms)) == len(grids)


def test_a_grid_with_two_cells_swapped_back_is_another_answer() -> None:
    """Two 9x9 grids that differ in four cells (an unavoidable rectangle's digits swapped)
    are different answers, though their bands and boxes look alike."""
    grid = list(oracle.random_grid(9, (3, 3), random.Random(1)))
    corners = ((top, bottom, left, right) for top in range(3) for bottom in range(top + 1, 3)
               for left in range(9) for right in range(left + 1, 9) if left // 3 != right // 3)
    for r1, r2, c1, c2 in corners:
        a, b = grid[r1 * 9 + c1], grid[r1 * 9 + c2]
        if (grid[r2 * 9 + c1], grid[r2 * 9 + c2]) == (b, a):
            other = list(grid)
            other[r1 * 9 + c1], other[r1 * 9 + c2], other[r2 * 9 + c1], other[r2 * 9 + c2] = b, a, a, b
            break
    else:
        pytest.fail("no unavoidable rectangle in the first band")
    assert Answer(9, tuple(grid), (3, 3)).form(ALIKE) != Answer(9, tuple(other), (3, 3)).form(ALIKE)


@pytest.mark.parametrize("n", [6, 7, 9])
def test_latin_forms_equal_exactly_when_the_brute_force_says_alike(n: int) -> None:
    """The oracle's Latin form is cheap at any size (8 images): compared on random squares,
    their turned, mirrored and relabelled images, and the squares with two rows exchanged
    (no symmetry of the square)."""
    rng = random.Random(n)
    grids = []
    for _ in range(4):
        grid = oracle.random_grid(n, None, rng)
        digits = list(range(1, n + 1))
        for image in oracle.square_images(grid, n):
            rng.shuffle(digits)
            grids.append(tuple(digits[v - 1] for v in image))
        grids.append(grid[n:2 * n] + grid[:n] + grid[2 * n:])
    assert same_partition(grids, lambda g: Answer(n, g).form(ALIKE), lambda g: oracle.latin_alike(g, n)) == 8


def test_a_book_is_held_to_the_strongest_strength_it_can_keep() -> None:
    """At most a quarter of a family's classes at a strength (a generator must find them)."""
    assert strength_for("boxed 3x3", 100_000) == ALIKE
    assert [strength_for("boxed 2x2", count) for count in (1, 2, 9, 10, 288)] == [ALIKE, TURNED, TURNED, SAME, SAME]
    assert strength_for("boxed 2x3", 12) == ALIKE and strength_for("boxed 2x3", 13) == TURNED
    assert [strength_for("latin 4", count) for count in (3, 4, 27, 28)] == [ALIKE, TURNED, TURNED, SAME]
    assert strength_for("boxed 5x5", 2) == TURNED    # 25x25: the alike form costs minutes
    assert strength_for("latin 6", 100_000) == ALIKE
