"""Sudoku variants in the solver, against the independent checker of tests/variant_oracle.py:
known counts, verdicts and reasons, each rule's eliminations, sound grading, generation."""
from __future__ import annotations

import itertools
import random

import pytest

from solver.sudoku import Geometry, Puzzle, count_solutions, default_symbols, explain, grade, parse_mapping, verify
from solver.sudoku.candidates import Grid
from solver.sudoku.generate import LEVELS, Request, full_grid, generate_one, problem
from solver.sudoku.regions import jigsaw_geometry
from solver.sudoku.ruled import locked_nc, nc_forcing_cell, parity
from solver.sudoku.rules import VARIANTS, variant_problem, variant_rules
from solver.verdict import Status
from tests import variant_oracle as oracle
from tests.sudoku_oracle import JIGSAW_6

#: every rule that makes sense on a 4x4 and 6x6 grid with boxes (windoku needs 9x9)
SMALL = ("x", "anti_knight", "anti_king", "non_consecutive", "even_odd")


def geometry(n: int, variants: tuple[str, ...], marks: str | None = None, *, jigsaw: bool = False) -> Geometry:
    shape = Geometry.jigsaw(6, list(JIGSAW_6)) if jigsaw else Geometry.boxed(n)
    return shape.with_rules(variant_rules(variants, marks))


def puzzle(n: int, variants: tuple[str, ...], givens: list[int], marks: str | None = None,
           jigsaw: bool = False) -> Puzzle:
    return Puzzle(geometry(n, variants, marks, jigsaw=jigsaw), default_symbols(n), tuple(givens))


def box_of(n: int) -> tuple[int, int]:
    shape = Geometry.boxed(n)
    return shape.box_rows or 1, shape.box_cols or 1


def combos(names: tuple[str, ...], most: int) -> list[tuple[str, ...]]:
    return [c for k in range(1, most + 1) for c in itertools.combinations(names, k)]


MARKS_4 = "e..o" "..e." ".o.." "e..o"


@pytest.mark.parametrize("variants", combos(SMALL, 3), ids="+".join)
def test_4x4_grid_counts_match_the_independent_count(variants: tuple[str, ...]) -> None:
    """Every 4x4 grid under the rules, counted by both methods (the known count of the variant)."""
    marks = MARKS_4 if "even_odd" in variants else None
    ours = count_solutions(puzzle(4, variants, [0] * 16, marks), cap=1000)
    assert int(ours) == oracle.count(4, (2, 2), [0] * 16, variants, marks, cap=1000)


def test_known_4x4_counts() -> None:
    """288 classic 4x4 grids (the published count), by both methods; X by both."""
    assert int(count_solutions(puzzle(4, (), [0] * 16), cap=1000)) == 288
    assert oracle.count(4, (2, 2), [0] * 16, (), cap=1000) == 288
    assert int(count_solutions(puzzle(4, ("x",), [0] * 16), cap=1000)) == oracle.count(4, (2, 2), [0] * 16, ("x",),
                                                                                        cap=1000)


def random_givens(rng: random.Random, solution: tuple[int, ...], keep: int) -> list[int]:
    givens = list(solution)
    for cell in rng.sample(range(len(givens)), len(givens) - keep):
        givens[cell] = 0
    return givens


@pytest.mark.parametrize("variants", combos(SMALL, 2), ids="+".join)
def test_6x6_counts_and_verdicts_match_the_independent_checker(variants: tuple[str, ...]) -> None:
    """Holes in random 6x6 grids of the rules: the same count (to 20) and a verdict that agrees."""
    rng = random.Random("6x6-" + "+".join(variants))
    shape = geometry(6, tuple(v for v in variants if v != "even_odd"))
    solution = full_grid(shape, rng)
    if solution is None:
        assert variant_problem(variants, 6, boxed_3x3=False, jigsaw=False) or problem(
            Request(6, variant=variants)), variants
        return
    marks = "".join(("e" if v % 2 == 0 else "o") if rng.random() < 0.3 else "." for v in solution)
    marks = marks if "even_odd" in variants else None
    for keep in (8, 12, 16, 20):
        givens = random_givens(rng, solution, keep)
        if rng.random() < 0.3:   # now and then a given that breaks a rule, or makes it unsolvable
            givens[rng.randrange(36)] = rng.randint(1, 6)
        expected = oracle.count(6, (2, 3), givens, variants, marks, cap=20)
        one = puzzle(6, variants, givens, marks)
        assert int(count_solutions(one, cap=19)) == expected or (expected == 20 and count_solutions(one, cap=19).capped)
        status = verify(one).status
        if expected == 1:
            assert status is Status.UNIQUE
        elif expected > 1:
            assert status is Status.MULTIPLE
        else:
            assert status in (Status.UNSOLVABLE, Status.CONTRADICTORY)


def test_reasons_name_the_rule() -> None:
    givens = [0] * 81
    givens[2], givens[13] = 5, 5            # r1c3 and r2c5: in no row, column or box together
    assert verify(puzzle(9, ("anti_knight",), givens)).reason == \
        "r1c3 and r2c5 are a knight's move apart and both hold 5"
    givens = [0] * 81
    givens[40] = 7
    marks = "." * 40 + "e" + "." * 40
    assert verify(puzzle(9, ("even_odd",), givens, marks)).reason == "r5c5 is marked even but holds 7"
    givens = [0] * 81
    givens[0], givens[10] = 4, 9
    givens[30] = 4
    assert verify(puzzle(9, ("x",), givens)).reason == "the main diagonal has 4 twice (r1c1, r4c4)"
    givens = [0] * 81
    givens[0], givens[1] = 3, 4
    assert verify(puzzle(9, ("non_consecutive",), givens)).reason == "r1c1 and r1c2 are neighbours and hold 3 and 4"
    givens = [0] * 81
    givens[20], givens[30] = 6, 6           # r3c3 and r4c4
    assert verify(puzzle(9, ("anti_king",), givens)).reason == "r3c3 and r4c4 touch diagonally and both hold 6"


def test_impossible_combinations_are_named() -> None:
    assert variant_problem(("windoku",), 6, boxed_3x3=False, jigsaw=False) == \
        "windoku has its windows on a 9x9 grid with 3x3 boxes only"
    assert "not a jigsaw" in (variant_problem(("windoku",), 9, boxed_3x3=False, jigsaw=True) or "")
    assert problem(Request(9, variant=("x", "anti_knight", "anti_king"))) == \
        "no 9x9 grid keeps every rule of x + anti_knight + anti_king"
    # a proof on three of the rules covers a fourth (the whole set would need 15,000 nodes)
    assert problem(Request(9, variant=("x", "anti_knight", "anti_king", "non_consecutive"))) == \
        "no 9x9 grid keeps every rule of x + anti_knight + anti_king + non_consecutive"
    # proved empty once by exhaustive search (bench/variant_grids.py), refused by rule for any superset
    for names in (("windoku", "non_consecutive"), ("x", "windoku", "non_consecutive", "even_odd")):
        assert problem(Request(9, variant=names)) == \
            "no 9x9 grid keeps every rule of windoku + non_consecutive (proved by exhaustive search)"
    issue = parse_mapping({"givens": "." * 81, "variant": ["even_odd"]})
    assert "needs its 'parity' marks" in str(issue)
    issue = parse_mapping({"givens": "." * 81, "variant": ["x"], "parity": "e" * 81})
    assert "even_odd is not" in str(issue)


# ------------------------------------------------------------------ each rule's eliminations

def cell(name: str, n: int = 9) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def empty(variants: tuple[str, ...], marks: str | None = None) -> Grid:
    return Grid(puzzle(9, variants, [0] * 81, marks))


def has(g: Grid, name: str, digit: int) -> bool:
    return bool(g.cands[cell(name)] >> (digit - 1) & 1)


def test_rule_peers_lose_a_placed_digit() -> None:
    g = empty(("anti_knight",))
    g.place(cell("r1c1"), 5)
    assert not has(g, "r2c3", 5) and not has(g, "r3c2", 5) and has(g, "r2c2", 5 + 1) and has(g, "r4c4", 5)
    g = empty(("anti_king",))
    g.place(cell("r3c3"), 6)
    assert not has(g, "r4c4", 6) and not has(g, "r4c2", 6) and has(g, "r5c5", 6)
    g = empty(("x",))
    g.place(cell("r1c1"), 2)
    assert not has(g, "r9c9", 2) and not has(g, "r5c5", 2) and has(g, "r9c2", 2)
    g = empty(("windoku",))
    g.place(cell("r2c2"), 8)
    assert not has(g, "r4c4", 8) and has(g, "r5c5", 8)
    g = empty(("non_consecutive",))
    g.place(cell("r5c5"), 5)
    assert not any(has(g, "r5c6", d) for d in (4, 5, 6)) and has(g, "r5c6", 3) and has(g, "r6c6", 4)


def test_non_consecutive_forcing_cell() -> None:
    g = empty(("non_consecutive",))
    g.cands[cell("r1c1")] = 0b11000       # 4 or 5
    step = nc_forcing_cell(g)
    assert step is not None and step.technique == "Non-Consecutive Forcing Cell" and step.rating == 2.4
    assert set(step.removed) == {(1, 2, "4"), (1, 2, "5")}


def test_locked_non_consecutive() -> None:
    g = empty(("non_consecutive",))
    for name in [f"r1c{c}" for c in range(1, 10)]:   # 7 in row 1 only on r1c4 and r1c6: both neighbour r1c5
        if name not in ("r1c4", "r1c6"):
            g.cands[cell(name)] &= ~(1 << 6)
    steps = []
    while (step := locked_nc(g)) is not None and len(steps) < 50:
        steps.append(step)
        g.apply(step)
    found = [s for s in steps if (1, 5, "6") in s.removed]
    assert found and {(1, 5, "6"), (1, 5, "8")} <= set(found[0].removed) and found[0].rating == 2.5


def test_parity_step_names_the_marks() -> None:
    marks = "e" + "." * 79 + "o"
    step = parity(empty(("even_odd",), marks))
    assert step is not None and step.rating == 1.0
    assert step.text.startswith("r1c1 is marked even; r9c9 is marked odd, so")
    assert {(1, 1, d) for d in "13579"} | {(9, 9, d) for d in "2468"} == set(step.removed)


def test_hidden_single_in_a_rule_unit_names_it() -> None:
    solution = full_grid(geometry(9, ("x",)), random.Random(3))
    assert solution is not None
    givens = list(solution)
    givens[0] = 0
    for c in range(1, 9):      # r1c1 then holds its digit's only place on the main diagonal ...
        givens[c * 10] = solution[c * 10]
    steps = explain(puzzle(9, ("x",), givens))
    assert steps[0].technique == "Full House" or "diagonal" in steps[0].text or steps


# ------------------------------------------------------------------ soundness and generation

def check_sound(p: Puzzle, solution: tuple[int, ...]) -> None:
    n, symbols = p.size, p.symbols
    g = Grid(p)
    steps = explain(p)
    for step in steps:
        for r, c, s in step.removed:
            assert symbols[solution[(r - 1) * n + c - 1] - 1] != s, step
        for r, c, s in step.placed:
            assert symbols[solution[(r - 1) * n + c - 1] - 1] == s, step
        g.apply(step)
    if not steps or steps[-1].technique != "Beyond":
        assert tuple(g.values) == solution


def random_variant_puzzle(kind: str, rng: random.Random) -> tuple[Puzzle, tuple[int, ...], tuple[str, ...], str | None]:
    names = [v for v in VARIANTS if v != "windoku" or kind == "9"]
    while True:
        variants = tuple(sorted(rng.sample(names, rng.randint(1, 2)), key=VARIANTS.index))
        if kind == "jigsaw":
            shape = Geometry.jigsaw(6, list(JIGSAW_6))
        elif kind == "jigsaw9":
            shape = jigsaw_geometry(9, rng)
        else:
            shape = Geometry.boxed(int(kind))
        base = shape.with_rules(variant_rules(tuple(v for v in variants if v != "even_odd")))
        solution = full_grid(base, rng)
        if solution is not None:
            break
    marks = None
    if "even_odd" in variants:
        marks = "".join(("e" if v % 2 == 0 else "o") if rng.random() < 0.33 else "." for v in solution)
    shape = shape.with_rules(variant_rules(variants, marks))
    givens = list(solution)
    symbols = default_symbols(shape.size)
    floor = 28 if shape.size == 9 else 0    # dug to minimal, 9x9 variants often need seconds of chains
    for c in rng.sample(range(len(givens)), len(givens)):
        if sum(map(bool, givens)) <= floor:
            break
        keep = givens[c]
        givens[c] = 0
        if count_solutions(Puzzle(shape, symbols, tuple(givens)), cap=1).capped:
            givens[c] = keep
    return Puzzle(shape, symbols, tuple(givens)), tuple(solution), variants, marks


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["4", "6", "9", "jigsaw"])
def test_steps_never_remove_the_solution(kind: str) -> None:
    rng = random.Random(f"variant-grade-{kind}")
    for _ in range({"4": 12, "6": 8, "jigsaw": 4}.get(kind, 2)):
        p, solution, variants, marks = random_variant_puzzle(kind, rng)
        if kind != "9":
            regions = list(p.geometry.regions)
            assert oracle.count(p.size, None, p.givens, variants, marks, cap=2, regions=regions) == 1
        check_sound(p, solution)


#: (kind, puzzles) of each part of the slow soundness check: 2,610 random variant puzzles, in
#: parts of about a minute each so parallel workers share them (a 6x6 jigsaw takes 0.5 s)
_SOUNDNESS_PARTS = ([("4", 1000)] + [("6", 500)] * 2 + [("9", 150)] + [("jigsaw", 100)] * 4 + [("jigsaw9", 60)])


@pytest.mark.slow
@pytest.mark.parametrize("part", range(len(_SOUNDNESS_PARTS)))
def test_steps_never_remove_the_solution_many(part: int) -> None:
    kind, count = _SOUNDNESS_PARTS[part]
    rng = random.Random(f"variant-grade-slow-{kind}-{part}")
    for _ in range(count):
        p, solution, _variants, _marks = random_variant_puzzle(kind, rng)
        check_sound(p, solution)


def check_generated(variants: tuple[str, ...], level: str, seed: int, size: int = 9) -> None:
    made = generate_one(Request(size, level=level, variant=variants), seed)
    p = made.puzzle
    assert p.variant == tuple(sorted(variants, key=VARIANTS.index))
    box = box_of(size)
    assert oracle.broken(size, box, made.solution, variants, p.parity) == []
    assert verify(p).status is Status.UNIQUE
    low, high = LEVELS[level]
    assert low <= grade(p).rating < high
    if size <= 6:
        assert oracle.count(size, box, p.givens, variants, p.parity, cap=2) == 1
    if "even_odd" in variants:
        marked = sum(1 for m in p.parity or "" if m != ".")
        assert size * size // 3 <= marked <= size * size // 3 + 2


@pytest.mark.parametrize("variants", [(v,) for v in VARIANTS] + [("x", "windoku"), ("anti_king", "even_odd")],
                         ids="+".join)
def test_generated_variant_puzzles_keep_their_rules(variants: tuple[str, ...]) -> None:
    check_generated(variants, "easy", 1)


def _generation_cases() -> list[tuple[tuple[str, ...], str]]:
    """Every possible pair of rules at easy and medium, and each single rule but
    non_consecutive at hard and diabolical (its full grids are rare: generation at those
    levels is too slow for CI). Impossible combinations are left out here: their config
    error is tested above."""
    cases = [(v, level) for v in combos(VARIANTS, 2) for level in ("easy", "medium")]
    cases += [((v,), level) for v in VARIANTS if v != "non_consecutive" for level in ("hard", "diabolical")]
    return [(v, level) for v, level in cases if not problem(Request(9, level=level, variant=v))]


@pytest.mark.slow
@pytest.mark.parametrize("variants, level", _generation_cases(),
                         ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_generated_variants_at_every_level(variants: tuple[str, ...], level: str) -> None:
    check_generated(variants, level, 3)


@pytest.mark.parametrize("variants", [("x",), ("anti_king",), ("non_consecutive",), ("even_odd",)], ids="+".join)
def test_generated_6x6_is_unique_by_the_independent_checker(variants: tuple[str, ...]) -> None:
    check_generated(variants, "easy", 2, size=6)
