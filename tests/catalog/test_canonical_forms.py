"""Canonical forms and puzzle IDs: equivalent puzzles share a form, different ones never do.

The oracle on 4x4 and 6x6 grids is the whole group enumerated (tests/canonical_oracle.py):
the refinement search must find exactly the least grid the enumeration finds. On bigger
grids, random moves of the group must give the same ID, and a changed given another one.
"""
from __future__ import annotations

import random

import pytest

from solver import queens
from solver.canonical import BOARD_SYMMETRIES, ID_ALPHABET, ID_LENGTH, Form, normal_id, puzzle_id
from solver.knights import KnightPuzzle, tour_puzzle
from solver.knights import canonical as tours
from solver.sudoku import Geometry, Puzzle, parse_mapping, parse_text
from solver.sudoku.canonical import CanonicalError, canonical, relation
from solver.sudoku.generate import full_grid
from tests.canonical_oracle import brute_force_form, random_move
from tests.samples import DATA, HARD_9X9, REPO

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_puzzle(n: int, box: tuple[int, int], rng: random.Random, density: float | None = None) -> Puzzle:
    """Givens of a random full grid kept with probability ``density`` (random if None)."""
    geometry = Geometry.boxed(n, *box)
    solution = full_grid(geometry, rng)
    assert solution is not None
    keep = rng.random() if density is None else density
    return Puzzle(geometry, SYMBOLS[:n], tuple(v if rng.random() < keep else 0 for v in solution))


@pytest.mark.slow
@pytest.mark.parametrize("n, box, trials", [(4, (2, 2), 40), (6, (2, 3), 12), (6, (3, 2), 8)])
def test_form_is_the_least_grid_of_the_enumerated_group(n: int, box: tuple[int, int], trials: int) -> None:
    rng = random.Random(n * 100 + box[0])
    for _ in range(trials):
        puzzle = random_puzzle(n, box, rng)
        assert canonical(puzzle).values == brute_force_form(puzzle), puzzle.givens


@pytest.mark.slow
@pytest.mark.parametrize("n, box", [(4, (2, 2)), (6, (2, 3))])
def test_puzzles_differ_exactly_when_the_enumeration_says_so(n: int, box: tuple[int, int]) -> None:
    """Pairs that differ in one cell, and random pairs of the same givens count: equal IDs
    exactly for equal enumerated forms (some small pairs are truly equivalent)."""
    rng = random.Random(7 + n)
    equal = different = 0
    for _ in range(8 if n == 6 else 60):
        a = random_puzzle(n, box, rng, density=rng.choice([0.25, 0.4, 0.6]))
        cells = list(range(n * n))
        rng.shuffle(cells)
        values = list(a.givens)
        values[cells[0]], values[cells[1]] = values[cells[1]], values[cells[0]]   # a moved given
        b = Puzzle(a.geometry, a.symbols, tuple(values))
        same = brute_force_form(a) == brute_force_form(b)
        assert (canonical(a).form.id == canonical(b).form.id) == same
        equal += same
        different += not same
    assert different > equal   # the test meets both answers, mostly "different"


@pytest.mark.parametrize("n, box, density", [(8, (2, 4), 0.45), (8, (4, 2), 0.45), (9, (3, 3), 0.3),
                                             (12, (3, 4), 0.5), (16, (4, 4), 0.5)])
def test_random_moves_keep_the_id(n: int, box: tuple[int, int], density: float) -> None:
    rng = random.Random(n)
    for _ in range(3 if n >= 12 else 6):
        puzzle = random_puzzle(n, box, rng, density)
        form = canonical(puzzle).form
        for _ in range(3):
            moved = random_move(puzzle, rng)
            assert canonical(moved).form == form
            assert relation(moved, puzzle) is not None
        changed = list(puzzle.givens)
        cell = next(i for i, v in enumerate(changed) if v)
        changed[cell] = 0
        assert canonical(Puzzle(puzzle.geometry, puzzle.symbols, tuple(changed))).form.id != form.id


def test_a_public_bank_holds_an_isomorph_and_it_is_caught() -> None:
    """Norvig's top95 holds one puzzle twice: line 76 is line 74 with its last band moved
    to the top (checked here by slicing the text). Every other line has an ID of its own,
    and each puzzle moved at random keeps its ID."""
    puzzles = [p for p in parse_text((DATA / "top95.txt").read_text()) if isinstance(p, Puzzle)]
    by_line = {p.line: p for p in puzzles}
    first, second = by_line[74].format(), by_line[76].format()
    assert second == first[54:] + first[:54]
    rng = random.Random(95)
    ids = [canonical(p).form.id for p in puzzles]
    assert len(puzzles) == 95 and len(set(ids)) == 94
    assert canonical(by_line[74]).form == canonical(by_line[76]).form
    assert relation(by_line[76], by_line[74]) == ("bands reordered",)
    for puzzle, known in zip(puzzles[:20], ids):
        assert canonical(random_move(puzzle, rng)).form.id == known


def _turned(puzzle: Puzzle, name: str) -> Puzzle:
    symmetry = next(s for s in BOARD_SYMMETRIES if s.name == name)
    n = puzzle.size
    values = [0] * (n * n)
    regions = [0] * (n * n)
    for cell in range(n * n):
        r, c = symmetry.image(*divmod(cell, n), n, n)
        values[r * n + c] = puzzle.givens[cell]
        regions[r * n + c] = puzzle.geometry.regions[cell]
    geometry = Geometry.jigsaw(n, regions) if puzzle.geometry.is_jigsaw else puzzle.geometry
    return Puzzle(geometry, puzzle.symbols, tuple(values))


def _relabelled(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    digits = list(range(1, puzzle.size + 1))
    rng.shuffle(digits)
    return Puzzle(puzzle.geometry, puzzle.symbols, tuple(digits[v - 1] if v else 0 for v in puzzle.givens))


def test_relation_names_what_a_reader_sees() -> None:
    puzzle = parse_text((DATA / "top95.txt").read_text())[0]
    assert isinstance(puzzle, Puzzle)
    assert relation(puzzle, puzzle) == ()
    assert relation(_turned(puzzle, "rot90"), puzzle) == ("rotated 90°",)
    assert relation(puzzle, _turned(puzzle, "rot90")) == ("rotated 270°",)
    assert relation(puzzle, _turned(puzzle, "mirror")) == ("mirrored left to right",)
    relabelled = _relabelled(puzzle, random.Random(3))
    assert relation(relabelled, puzzle) == ("digits relabelled",)
    swapped = list(puzzle.givens)
    swapped[0:9], swapped[9:18] = swapped[9:18], swapped[0:9]   # rows 1 and 2 exchanged
    assert relation(Puzzle(puzzle.geometry, puzzle.symbols, tuple(swapped)), puzzle) == \
        ("rows reordered within bands",)
    other = parse_text((DATA / "top95.txt").read_text())[1]
    assert isinstance(other, Puzzle)
    assert relation(other, puzzle) is None


def test_jigsaw_forms_follow_the_regions() -> None:
    text = (REPO / "puzzles/jigsaw-9x9.yaml").read_text()
    import yaml
    entries = yaml.safe_load(text)["puzzles"]
    puzzles = [parse_mapping(entry) for entry in entries]
    rng = random.Random(9)
    ids = set()
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle)
        form = canonical(puzzle).form
        ids.add(form.id)
        for symmetry in BOARD_SYMMETRIES:
            turned = _relabelled(_turned(puzzle, symmetry.name), rng)
            assert canonical(turned).form == form
            assert relation(turned, puzzle) is not None
        # a row swap inside a band keeps a boxed puzzle but breaks a jigsaw's regions
        swapped = list(puzzle.givens)
        swapped[0:9], swapped[9:18] = swapped[9:18], swapped[0:9]
        moved = Puzzle(puzzle.geometry, puzzle.symbols, tuple(swapped))
        assert canonical(moved).form != form
        assert relation(moved, puzzle) is None
    assert len(ids) == len(puzzles)


def test_empty_and_full_small_grids() -> None:
    rng = random.Random(4)
    empty = Puzzle(Geometry.boxed(9), SYMBOLS[:9], (0,) * 81)
    assert canonical(empty).values == (0,) * 81
    for n, box in ((4, (2, 2)), (6, (2, 3))):
        full = random_puzzle(n, box, rng, density=1.0)
        assert canonical(full).values == brute_force_form(full)


@pytest.mark.slow
def test_a_full_9x9_grid_is_refused_in_time() -> None:
    """A full grid is no puzzle: its form would need ~10^6 orders weighed; one clear error."""
    full = random_puzzle(9, (3, 3), random.Random(5), density=1.0)
    with pytest.raises(CanonicalError):
        canonical(full)


def test_puzzle_ids_are_short_stable_and_readable() -> None:
    puzzle = parse_text(HARD_9X9)[0]
    assert isinstance(puzzle, Puzzle)
    form = canonical(puzzle).form
    assert len(form.id) == ID_LENGTH and set(form.id) <= set(ID_ALPHABET)
    # pinned: an ID printed in a book must never change with a new version of the program
    assert form.text == "9 3x3 ........1.....2....34....5.......56......7.3.2...18......6.......54.....8.......7"
    assert form.id == puzzle_id(Form("sudoku", form.text)) == "BBZHDYKWSH"
    assert normal_id(form.id.lower()) == form.id
    assert normal_id(f"{form.id[:5]}-{form.id[5:]}") == form.id
    assert normal_id("not an id") is None


def test_tours_and_queens_take_the_eight_board_symmetries() -> None:
    tour = tour_puzzle(5, 6, show_every=4)
    assert isinstance(tour, KnightPuzzle)
    form = tours.canonical_form(tour)
    for symmetry in BOARD_SYMMETRIES:
        rows, cols = symmetry.dims(tour.rows, tour.cols)
        moved = KnightPuzzle(rows, cols, tuple((symmetry.image(r, c, tour.rows, tour.cols), k)
                                               for (r, c), k in tour.givens), tour.closed, tour.require_unique)
        assert tours.canonical_form(moved) == form
        assert tours.relation(moved, tour) == ((symmetry.words,) if symmetry.words else ())
    shifted = KnightPuzzle(tour.rows, tour.cols, tour.givens[1:], tour.closed, tour.require_unique)
    assert tours.canonical_form(shifted) != form
    closed = KnightPuzzle(tour.rows, tour.cols, tour.givens, not tour.closed, tour.require_unique)
    assert tours.canonical_form(closed) != form

    puzzle = queens.QueensPuzzle(8, ((0, 1), (3, 5)))
    qform = queens.canonical_form(puzzle)
    for symmetry in BOARD_SYMMETRIES:
        moved = queens.QueensPuzzle(8, tuple(symmetry.image(r, c, 8, 8) for r, c in puzzle.given))
        assert queens.canonical_form(moved) == qform
        assert queens.relation(moved, puzzle) == ((symmetry.words,) if symmetry.words else ())
    assert queens.canonical_form(queens.QueensPuzzle(8, ((0, 1), (3, 6)))) != qform
