"""Canonical forms of Sudoku variants: every grid move that keeps the rules (the group is
checked against every classic move tried one by one), relabelling as the rules allow,
parity marks moving with the cells; checked against the images themselves."""
from __future__ import annotations

import random
from itertools import permutations, product

import pytest

from solver.canonical import BOARD_SYMMETRIES
from solver.sudoku import Geometry, Puzzle
from solver.sudoku.canonical import canonical, relation
from solver.sudoku.generate import full_grid
from solver.sudoku.moves import GridMove, grid_moves, rule_structure
from solver.sudoku.rules import variant_rules
from tests.variant_oracle import broken as oracle_broken
from tests.variant_oracle import groups as oracle_groups

SYMBOLS = "123456789"


def variant_puzzle(names: tuple[str, ...], rng: random.Random, parity: str | None = None) -> Puzzle:
    geometry = Geometry.boxed(9).with_rules(variant_rules(names, parity))
    solution = next(filter(None, (full_grid(geometry, rng) for _ in range(50))), None)   # bounded draws
    assert solution is not None
    return Puzzle(geometry, SYMBOLS, tuple(v if rng.random() < 0.35 else 0 for v in solution))


def moved(puzzle: Puzzle, name: str, mapping: dict[int, int]) -> Puzzle:
    symmetry = next(s for s in BOARD_SYMMETRIES if s.name == name)
    values, marks = [0] * 81, ["."] * 81
    parity = puzzle.parity or ""
    for cell in range(81):
        r, c = symmetry.image(*divmod(cell, 9), 9, 9)
        values[r * 9 + c] = mapping.get(puzzle.givens[cell], 0)
        if parity:
            marks[r * 9 + c] = parity[cell]
    rules = variant_rules(puzzle.variant, "".join(marks) if parity else None)
    return Puzzle(Geometry.boxed(9).with_rules(rules), SYMBOLS, tuple(values))


def test_x_sudoku_turned_and_relabelled_is_the_same_puzzle_and_row_swaps_are_not() -> None:
    rng = random.Random(1)
    puzzle = variant_puzzle(("x",), rng)
    digits = list(range(1, 10))
    rng.shuffle(digits)
    relabel = {d: digits[d - 1] for d in range(1, 10)}
    form = canonical(puzzle).form
    for symmetry in BOARD_SYMMETRIES:
        image = moved(puzzle, symmetry.name, relabel)
        assert canonical(image).form == form
        assert relation(image, puzzle) is not None
    swapped = list(puzzle.givens)
    swapped[0:9], swapped[9:18] = swapped[9:18], swapped[0:9]   # keeps a classic puzzle, breaks the diagonals
    other = Puzzle(puzzle.geometry, SYMBOLS, tuple(swapped))
    assert canonical(other).form != form
    classic = Puzzle(Geometry.boxed(9), SYMBOLS, puzzle.givens)
    assert canonical(classic).form != form   # the same givens without the rule: another puzzle


def test_non_consecutive_allows_only_the_reversal() -> None:
    rng = random.Random(2)
    puzzle = variant_puzzle(("non_consecutive",), rng)
    form = canonical(puzzle).form
    reverse = {d: 10 - d for d in range(1, 10)}
    assert canonical(moved(puzzle, "rot90", reverse)).form == form
    swap = {d: d for d in range(1, 10)} | {1: 2, 2: 1}
    assert canonical(moved(puzzle, "identity", swap)).form != form


def test_even_odd_keeps_parity_and_moves_the_marks() -> None:
    rng = random.Random(3)
    parity = "".join(rng.choice("eo...") for _ in range(81))
    geometry = Geometry.boxed(9).with_rules(variant_rules(("even_odd",), parity))
    # marks consistent with a solution: mark only cells whose solution digit has that parity
    solution = full_grid(Geometry.boxed(9), rng)
    assert solution is not None
    marks = "".join(("e" if v % 2 == 0 else "o") if m != "." else "." for v, m in zip(solution, parity))
    geometry = Geometry.boxed(9).with_rules(variant_rules(("even_odd",), marks))
    puzzle = Puzzle(geometry, SYMBOLS, tuple(v if rng.random() < 0.3 else 0 for v in solution))
    form = canonical(puzzle).form
    evens, odds = [2, 4, 6, 8], [1, 3, 5, 7, 9]
    rng.shuffle(evens)
    rng.shuffle(odds)
    keep_parity = dict(zip([2, 4, 6, 8], evens)) | dict(zip([1, 3, 5, 7, 9], odds))
    image = moved(puzzle, "mirror", keep_parity)
    assert canonical(image).form == form
    assert relation(image, puzzle) == ("mirrored left to right", "digits relabelled")
    cross = {d: d for d in range(1, 10)} | {1: 2, 2: 1}   # swaps an odd and an even digit
    assert canonical(moved(puzzle, "identity", cross)).form != form


@pytest.mark.slow
@pytest.mark.parametrize("names", [("windoku",), ("anti_knight",), ("anti_king", "x")])
def test_the_form_is_the_least_image_of_the_square(names: tuple[str, ...]) -> None:
    """Oracle: every symmetry of the square with every relabelling of the first four digits
    the puzzle shows (the others follow first appearance) tried one by one."""
    rng = random.Random(len(names))
    puzzle = variant_puzzle(names, rng)
    form = canonical(puzzle)
    for symmetry in BOARD_SYMMETRIES:
        for order in permutations(range(1, 10), 2):
            mapping = {d: d for d in range(1, 10)} | {order[0]: order[1], order[1]: order[0]}
            assert canonical(moved(puzzle, symmetry.name, mapping)).form == form.form


# ------------------------------------------------- the whole group of each variant

def _band_orders(n: int, span: int) -> list[tuple[int, ...]]:
    """Every order of n lines that keeps the lines of each band (``span`` lines) together."""
    orders = []
    for bands in permutations(range(n // span)):
        for inner in product(*(permutations(range(span)) for _ in bands)):
            image = [0] * n
            for band, (target, within) in enumerate(zip(bands, inner)):
                for i, j in enumerate(within):
                    image[band * span + i] = target * span + j
            orders.append(tuple(image))
    return orders


def _oracle_structure(n: int, names: tuple[str, ...]) -> tuple[set[frozenset[int]], set[frozenset[int]]]:
    """The variants' extra units and related pairs, from their definitions (as the checker
    in variant_oracle writes them, not as the solver does)."""
    units = {frozenset(group) for group in oracle_groups(n, [0] * (n * n), names)[2 * n + 1:]}
    steps = []
    if "anti_knight" in names:
        steps += [(1, 2), (2, 1)]
    if "anti_king" in names:
        steps += [(1, 1)]
    if "non_consecutive" in names:
        steps += [(0, 1), (1, 0)]
    pairs = set()
    for r, c in product(range(n), repeat=2):
        for dr, dc in steps:
            for sr, sc in ((dr, dc), (dr, -dc), (-dr, dc), (-dr, -dc)):
                if 0 <= r + sr < n and 0 <= c + sc < n:
                    pairs.add(frozenset((r * n + c, (r + sr) * n + c + sc)))
    return units, pairs


def _image(move: tuple[bool, tuple[int, ...], tuple[int, ...]], n: int, cell: int) -> int:
    transposed, rows, cols = move
    r, c = divmod(cell, n)
    if transposed:
        r, c = c, r
    return rows[r] * n + cols[c]


def _keeps(move: tuple[bool, tuple[int, ...], tuple[int, ...]], n: int, units: set[frozenset[int]],
           pairs: set[frozenset[int]]) -> bool:
    return all(frozenset(_image(move, n, c) for c in u) in units for u in units) and \
        all(frozenset(_image(move, n, c) for c in p) in pairs for p in pairs)


def _classic_moves(n: int, box: tuple[int, int]) -> list[tuple[bool, tuple[int, ...], tuple[int, ...]]]:
    """Every classic grid move: rows within bands, bands, columns within stacks, stacks, and a
    transposition for square boxes."""
    return [(t, rows, cols) for t in ((False, True) if box[0] == box[1] else (False,))
            for rows in _band_orders(n, box[0]) for cols in _band_orders(n, box[1])]


def _found(n: int, box: tuple[int, int], names: tuple[str, ...]) -> set[tuple[bool, tuple[int, ...], tuple[int, ...]]]:
    geometry = Geometry.boxed(n, *box).with_rules(variant_rules(names))
    return {(m.transposed, m.rows, m.cols) for m in grid_moves(n, *box, *rule_structure(geometry.rules, geometry))}


@pytest.mark.parametrize("n, box, names", [(4, (2, 2), ("x",)), (4, (2, 2), ("anti_king",)),
                                           (4, (2, 2), ("non_consecutive",)), (6, (2, 3), ("x",)),
                                           (6, (2, 3), ("anti_knight",)), (6, (3, 2), ("x", "anti_king"))])
def test_the_moves_found_are_every_classic_move_that_keeps_the_rules(n: int, box: tuple[int, int],
                                                                      names: tuple[str, ...]) -> None:
    """Oracle: every classic move of a small grid tried one by one on the rules' structure
    written from their definitions."""
    units, pairs = _oracle_structure(n, names)
    assert _found(n, box, names) == {m for m in _classic_moves(n, box) if _keeps(m, n, units, pairs)}


@pytest.mark.slow
@pytest.mark.parametrize("names, size", [(("x",), 96), (("windoku",), 128), (("anti_knight",), 8),
                                         (("anti_king",), 8), (("non_consecutive",), 8), (("x", "windoku"), 16),
                                         (("x", "anti_knight"), 8)])
def test_the_9x9_groups(names: tuple[str, ...], size: int) -> None:
    """9x9 has 3.4 million classic moves, too many to try here: the moves found keep the
    structure, form a group of the size worked out by hand (X: the rows reordered by one of
    the 24 band-keeping orders that commute with turning the grid upside down, the columns
    alike or mirrored, and a transposition: 24 x 2 x 2), and of 30,000 classic moves drawn at
    random, every one that keeps the structure is among them."""
    units, pairs = _oracle_structure(9, names)
    found = _found(9, (3, 3), names)
    assert len(found) == size
    assert all(_keeps(m, 9, units, pairs) for m in found)
    maps = {m: tuple(_image(m, 9, c) for c in range(81)) for m in found}
    as_cells = set(maps.values())
    assert tuple(range(81)) in as_cells
    for a in maps.values():
        for b in list(maps.values())[:8]:
            assert tuple(a[b[c]] for c in range(81)) in as_cells   # closed under composition
    rng = random.Random(len(names))
    rows, cols = _band_orders(9, 3), _band_orders(9, 3)
    for _ in range(30_000):
        move = (rng.random() < 0.5, rng.choice(rows), rng.choice(cols))
        if move not in found:
            assert not _keeps(move, 9, units, pairs), move


def _apply(puzzle: Puzzle, move: GridMove, mapping: dict[int, int]) -> Puzzle:
    image = move.cell_map()
    n = puzzle.size
    values, marks = [0] * (n * n), ["."] * (n * n)
    for cell in range(n * n):
        values[image[cell]] = mapping.get(puzzle.givens[cell], puzzle.givens[cell])
        if puzzle.parity:
            marks[image[cell]] = puzzle.parity[cell]
    rules = variant_rules(puzzle.variant, "".join(marks) if puzzle.parity else None)
    return Puzzle(Geometry.boxed(n, puzzle.geometry.box_rows, puzzle.geometry.box_cols).with_rules(rules),
                  puzzle.symbols, tuple(values))


@pytest.mark.parametrize("names", [("x",), ("windoku",), ("x", "even_odd"), ("anti_king",)])
def test_every_move_of_the_group_gives_the_same_form_and_a_valid_puzzle(names: tuple[str, ...]) -> None:
    """Oracle: the moved solution breaks no rule (the independent checker), the moved
    puzzle has the same form, and the relation names the move."""
    rng = random.Random(7)
    geometry = Geometry.boxed(9).with_rules(variant_rules(tuple(n for n in names if n != "even_odd")))
    solution = next(filter(None, (full_grid(geometry, rng) for _ in range(50))))
    marks = "".join(("e" if v % 2 == 0 else "o") if rng.random() < 0.3 else "." for v in solution) \
        if "even_odd" in names else None
    geometry = Geometry.boxed(9).with_rules(variant_rules(names, marks))
    puzzle = Puzzle(geometry, SYMBOLS, tuple(v if rng.random() < 0.4 else 0 for v in solution))
    full = Puzzle(geometry, SYMBOLS, tuple(solution))
    form = canonical(puzzle).form
    moves = grid_moves(9, 3, 3, *rule_structure(geometry.rules, geometry))
    for move in rng.sample(moves, min(12, len(moves))):
        evens, odds = [2, 4, 6, 8], [1, 3, 5, 7, 9]
        rng.shuffle(evens)
        rng.shuffle(odds)
        mapping = dict(zip([2, 4, 6, 8], evens)) | dict(zip([1, 3, 5, 7, 9], odds))
        image = _apply(puzzle, move, mapping)
        moved_solution = _apply(full, move, mapping)
        assert not oracle_broken(9, (3, 3), moved_solution.givens, names, moved_solution.parity)
        assert canonical(image).form == form
        assert relation(image, puzzle) is not None


def test_x_sudoku_rows_and_columns_swapped_alike_are_the_same_puzzle() -> None:
    """The isomorph the eight symmetries missed: rows 1 and 2 swapped with rows 8 and 9,
    the columns alike (both diagonals stay diagonals)."""
    rng = random.Random(11)
    puzzle = variant_puzzle(("x",), rng)
    swap = (1, 0, 2, 3, 4, 5, 6, 8, 7)
    image = _apply(puzzle, GridMove(False, swap, swap), {d: d for d in range(1, 10)})
    assert image.givens != puzzle.givens
    assert canonical(image).form == canonical(puzzle).form
    assert relation(image, puzzle) == ("rows reordered within bands", "columns reordered within stacks")
    bands = (6, 7, 8, 3, 4, 5, 0, 1, 2)   # the outer bands and stacks swapped: a quarter of a turn it is not
    assert relation(_apply(puzzle, GridMove(False, bands, bands), {}), puzzle) is not None
    lone = _apply(puzzle, GridMove(False, swap, tuple(range(9))), {d: d for d in range(1, 10)})
    assert canonical(lone).form != canonical(puzzle).form   # rows alone break the diagonals


def test_even_odd_alone_keeps_every_classic_move() -> None:
    """Parity marks are the puzzle's own: bands and stacks reordered with the marks on
    them give the same puzzle."""
    rng = random.Random(5)
    solution = full_grid(Geometry.boxed(9), rng)
    assert solution is not None
    marks = "".join(("e" if v % 2 == 0 else "o") if rng.random() < 0.3 else "." for v in solution)
    puzzle = Puzzle(Geometry.boxed(9).with_rules(variant_rules(("even_odd",), marks)), SYMBOLS,
                    tuple(v if rng.random() < 0.35 else 0 for v in solution))
    move = GridMove(False, (3, 5, 4, 0, 1, 2, 6, 7, 8), (0, 2, 1, 6, 7, 8, 3, 4, 5))
    image = _apply(puzzle, move, {1: 3, 3: 5, 5: 1, 2: 8, 8: 2})
    assert canonical(image).form == canonical(puzzle).form
    assert set(relation(image, puzzle) or ()) == {"bands reordered", "rows reordered within bands",
                                                  "stacks reordered", "columns reordered within stacks",
                                                  "digits relabelled"}
    moved_marks_only = _apply(puzzle, move, {})
    odd_marks = Puzzle(moved_marks_only.geometry, SYMBOLS, image.givens)
    assert canonical(odd_marks).form == canonical(puzzle).form
    flipped = marks.replace("e", "x").replace("o", "e").replace("x", "o")
    other = Puzzle(Geometry.boxed(9).with_rules(variant_rules(("even_odd",), flipped)), SYMBOLS, puzzle.givens)
    assert canonical(other).form != canonical(puzzle).form
