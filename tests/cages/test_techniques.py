"""Each cage technique on a hand-made position: the step it finds, the words it says,
and what it changes; then the soundness property on random cage puzzles: no step of the
logical solve removes a digit of the solution the puzzle was cut from (a sound step keeps
every solution, so this holds for puzzles with several solutions too)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from solver.cages.engine import network
from solver.cages.grading import solve_steps
from solver.cages.techniques import (
    Context,
    cage_combination,
    cage_pointing,
    cage_remainder,
    cage_sums,
    combination_lock,
    forcing,
)
from solver.kenken import grade as kenken_grade
from solver.kenken import parse_mapping as parse_kenken
from solver.kenken.grade import grid as kenken_grid
from solver.kenken.grade import line_rule
from solver.killer import grade as killer_grade
from solver.killer import parse_mapping as parse_killer
from solver.killer.puzzle import Killer
from solver.parsing import ParseIssue
from solver.sudoku.candidates import Grid
from tests import cage_oracle as oracle
from tests.cages.mappings import kenken_mapping, killer_mapping

DATA = Path(__file__).resolve().parents[1] / "data"


def killer(cages: list[tuple[int, list[str]]], size: int = 9) -> Killer:
    puzzle = parse_killer({"size": size, "cover": False,
                           "cages": [{"sum": total, "cells": cells} for total, cells in cages]})
    assert not isinstance(puzzle, ParseIssue), puzzle
    return puzzle


def context(puzzle: Killer) -> Context:
    return Context(puzzle.cages, puzzle.tables, puzzle.network())


def removed(step) -> set[tuple[int, int, str]]:
    return set(step.removed)


def test_cage_combination_keeps_the_digit_sets_that_fit() -> None:
    p = killer([(3, ["r1c1", "r1c2"])])
    step = cage_combination(Grid(p.sudoku), context(p), 1.3)
    assert step.technique == "Cage Combination"
    assert step.text.startswith("cage 3 at r1c1 can only be 1+2")
    assert removed(step) == {(1, c, str(d)) for c in (1, 2) for d in range(3, 10)}


def test_cage_sums_reads_the_sums_not_the_arrangement() -> None:
    p = killer([(10, ["r1c1", "r1c2"]), (24, ["r2c1", "r2c2", "r2c3"])])
    g = Grid(p.sudoku)
    for digit in range(4, 9):
        g.cands[0] &= ~(1 << (digit - 1))          # r1c1 holds 1, 2, 3 or 9
    g.cands[1] &= ~(1 << 7)                        # r1c2 cannot be 8
    step = cage_sums(g, context(p), 1.3)
    # 10 in two cells: 1+9, 2+8, 3+7 (each cell holds a digit of each), not 4+6: r1c2 loses 4, 5, 6
    assert step.technique == "Cage Sums"
    assert removed(step) == {(1, 2, str(d)) for d in (4, 5, 6)}
    assert step.text.startswith("the open cells r1c1 and r1c2 of cage 10 at r1c1 add up to 10")
    g.apply(step)
    # 24 in three cells: the bounds first (two others add up to 18 at most: nothing under 6) ...
    step = cage_sums(g, context(p), 1.3)
    assert removed(step) == {(2, c, str(d)) for c in (1, 2, 3) for d in range(1, 6)}
    g.apply(step)
    # ... then the one set, 7+8+9
    assert removed(cage_sums(g, context(p), 1.3)) == {(2, c, "6") for c in (1, 2, 3)}
    g.apply(cage_sums(g, context(p), 1.3))
    assert cage_sums(g, context(p), 1.3) is None
    # the sums reading keeps 2+8 (both cells could be 2); the full one sees 8 has no cell left
    assert removed(cage_combination(g, context(p), 3.0)) == {(1, 1, "2"), (1, 2, "2")}


def test_cage_remainder_places_what_the_total_leaves() -> None:
    p = killer([(10, ["r1c1", "r1c2", "r2c1"])])
    g = Grid(p.sudoku)
    g.place(0, 3)
    g.place(1, 5)
    step = cage_remainder(g, context(p), 1.1)
    assert step.placed == ((2, 1, "2"),)
    assert step.text == "r2c1 = 2: the last open cell of cage 10 at r1c1"


def test_45_rule_one_innie_of_a_row() -> None:
    p = killer([(10, ["r1c1", "r1c2", "r1c3", "r1c4"]), (30, ["r1c5", "r1c6", "r1c7", "r1c8"])])
    step = killer_grade.rule45(Grid(p.sudoku), p, one_cell=True, run=False, rating=1.6)
    assert step.text == "the 45 rule on row 1: r1c9 = 5"
    assert step.placed == ((1, 9, "5"),)


def test_45_rule_one_outie_of_a_row() -> None:
    p = killer([(36, [f"r1c{c}" for c in range(1, 9)]), (12, ["r1c9", "r2c9"])])
    step = killer_grade.rule45(Grid(p.sudoku), p, one_cell=True, run=False, rating=1.6)
    # row 1: the cages add up to 48, the row to 45: the outie r2c9 is 3 (and r1c9 is 9, an innie)
    assert step.placed in (((1, 9, "9"),), ((2, 9, "3"),))
    outies = [f for f in killer_grade.derive(p.geometry, p.cages) if f.outies and f.area.name == "row 1"]
    assert [(f.cells, f.total) for f in outies] == [((17,), 3)]


def test_45_rule_two_innies_add_up_to_the_rest() -> None:
    p = killer([(35, [f"r1c{c}" for c in range(1, 8)])])
    step = killer_grade.rule45(Grid(p.sudoku), p, one_cell=False, run=False, rating=2.4)
    assert "the 45 rule on row 1: r1c8 and r1c9 add up to 10" in step.text
    assert (1, 8, "5") in removed(step) and (1, 9, "5") in removed(step)   # 5+5 would repeat a digit


def test_45_rule_on_a_run_of_rows() -> None:
    # rows 1-2 (90) = a cage over all of row 1 but r1c9 (40, so r1c9 = 5 by row 1 alone is NOT
    # what we ask: give row 1 no inside cages) ... use rows 1-2 with cages spanning both rows
    cages = [(sum_, [f"r1c{c}", f"r2c{c}"]) for c, sum_ in zip(range(1, 9), (3, 5, 7, 9, 11, 13, 15, 17))]
    p = killer(cages)
    step = killer_grade.rule45(Grid(p.sudoku), p, one_cell=False, run=True, rating=2.8)
    assert step is not None and step.text.startswith("the 45 rule on rows 1-2: r1c9 and r2c9 add up to 10")


def test_cage_pointing_clears_a_needed_digit_from_the_rest_of_the_unit() -> None:
    p = killer([(17, ["r1c1", "r2c1"])])
    step = cage_pointing(Grid(p.sudoku), context(p), 2.6)
    assert step.technique == "Cage Pointing"
    assert "needs 8" in step.text
    assert (3, 1, "8") in removed(step) and all(c == 1 or r <= 3 for r, c, _ in removed(step))


def test_combination_lock() -> None:
    p = killer([(10, ["r1c1", "r1c2"])])
    g = Grid(p.sudoku)
    for cell in range(2, 9):
        g.cands[cell] &= ~(1 << 8)          # 9 of row 1 only in the cage
    step = combination_lock(g, context(p), 3.0)
    assert "9 of row 1 can only go in cage 10 at r1c1" in step.text
    assert removed(step) == {(1, c, str(d)) for c in (1, 2) for d in range(2, 9)}


def test_cage_splitting() -> None:
    p = killer([(40, [f"r1c{c}" for c in range(1, 9)]), (20, ["r1c9", "r2c9", "r2c8"])])
    step = killer_grade.cage_splitting(Grid(p.sudoku), p, 3.4)
    assert "r1c9 of cage 20 at r1c9 add up to 5, so its other cells r2c8 and r2c9 add up to 15" in step.text
    assert {(2, 8, str(d)) for d in range(1, 6)} <= removed(step)


def test_forcing_strikes_a_candidate_whose_trial_fails() -> None:
    p = killer([(3, ["r1c1", "r1c2"])], size=4)
    step = forcing(Grid(p.sudoku), context(p), (6.5, 7.5))
    assert step.technique == "Forcing" and step.removed == ((1, 1, "3"),)


def kenken(size: int, cages: list[tuple[str, list[str]]]):
    mapping = {"size": size, "cages": []}
    for target, cells in cages:
        cage = {"target": int(target.rstrip("+-x/")), "cells": cells}
        if target[-1] in "+-x/":
            cage["op"] = target[-1]
        mapping["cages"].append(cage)
    taken = {c for _, cells in cages for c in cells}
    mapping["cages"] += [{"target": 1, "cells": [f"r{r}c{c}"]} for r in range(2, size + 1)
                         for c in range(1, size + 1) if f"r{r}c{c}" not in taken]
    puzzle = parse_kenken(mapping)
    assert not isinstance(puzzle, ParseIssue), puzzle
    return puzzle


def kenken_context(puzzle) -> Context:
    return Context(puzzle.cages, puzzle.tables, puzzle.network())


def blank(puzzle) -> Grid:
    """The KenKen's grid without its one-cell filler cages placed (they only make it valid)."""
    g = kenken_grid(puzzle)
    n = puzzle.size
    g.values, g.cands = [0] * (n * n), [(1 << n) - 1] * (n * n)
    return g


def test_kenken_cage_combination_by_operation() -> None:
    p = kenken(4, [("6x", ["r1c1", "r1c2"]), ("1-", ["r1c3", "r1c4"])])
    step = cage_combination(blank(p), kenken_context(p), 1.3)
    assert step.text.startswith("cage 6x at r1c1 can only be 2x3")
    assert removed(step) == {(1, c, str(d)) for c in (1, 2) for d in (1, 4)}


def test_kenken_line_sum() -> None:
    p = kenken(4, [("3+", ["r1c1", "r1c2"]), ("2-", ["r1c3", "r2c3"]), ("2/", ["r1c4", "r2c4"])])
    g = blank(p)
    step = line_rule(g, p, one_cell=False, parity=False, rating=2.2)
    assert step.text.startswith("the sum of row 1: r1c3 and r1c4 add up to 7")
    assert removed(step) == {(1, c, str(d)) for c in (3, 4) for d in (1, 2)}


def test_kenken_parity() -> None:
    p = kenken(5, [("2-", ["r1c1", "r1c2"]), ("5+", ["r1c3", "r2c3"]), ("8+", ["r1c4", "r2c4"]),
                   ("9+", ["r1c5", "r2c5"])])
    g = blank(p)
    g.cands[2] = 0b00011      # r1c3: 1 or 2
    g.cands[3] = 0b01000      # r1c4: 4
    g.cands[4] = 0b10100      # r1c5: 3 or 5
    step = line_rule(g, p, one_cell=False, parity=True, rating=3.5)
    assert step.technique == "Parity"
    assert "r1c3, r1c4 and r1c5 add up to an odd number" in step.text
    assert removed(step) == {(1, 3, "1")}


# -- soundness ---------------------------------------------------------------------------
def _killer_steps(n: int, box: tuple[int, int], rng: random.Random):
    plain, solution = oracle.random_killer(n, box, rng, "true")
    puzzle = parse_killer(killer_mapping(plain, box))
    return solve_steps(Grid(puzzle.sudoku), killer_grade.techniques(puzzle))[0], solution


def _kenken_steps(n: int, rng: random.Random):
    plain, solution = oracle.random_kenken(n, rng, "true", hidden=rng.random() < 0.2)
    puzzle = parse_kenken(kenken_mapping(plain))
    return solve_steps(kenken_grid(puzzle), kenken_grade.techniques(puzzle))[0], solution


def _unsound(steps, solution: list[int], n: int) -> list:
    bad = []
    for step in steps:
        for r, c, symbol in step.removed:
            if solution[(r - 1) * n + c - 1] == int(symbol):
                bad.append(step)
        for r, c, symbol in step.placed:
            if solution[(r - 1) * n + c - 1] != int(symbol):
                bad.append(step)
    return bad


def _soundness(rounds: int, seed: int, big: bool) -> None:
    """Killers 4x4, 6x6 (and 9x9 when ``big``), KenKens 3-6 (and 7 when ``big``)."""
    rng = random.Random(seed)
    for i in range(rounds):
        choice = i % 10
        if choice < 4:
            n, box = ((4, (2, 2)), (6, (2, 3)), (4, (2, 2)), (9, (3, 3)))[choice]
            if n == 9 and not (big and i % 20 == 3):
                n, box = 6, (2, 3)
            steps, solution = _killer_steps(n, box, rng)
        else:
            n = (3, 4, 5, 6, 7, 6)[choice - 4]
            if n == 7 and not big:
                n = 5
            steps, solution = _kenken_steps(n, rng)
        bad = _unsound(steps, solution, n)
        assert not bad, (i, bad[0])


@pytest.mark.slow
def test_no_step_removes_a_digit_of_the_solution() -> None:
    _soundness(200, 7, big=False)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_no_step_removes_a_digit_of_the_solution_many(part: int) -> None:
    """3,000 random cage puzzles in four parts of about a minute (parallel workers share them)."""
    _soundness(750, 2026 + part, big=True)


def test_network_counts_are_for_units_only() -> None:
    net = network(3, [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)])
    assert net.peers[0] == (1, 2, 3, 6)


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def _spearman(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    return cov / (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5


def test_killer_levels_follow_tathams_letters() -> None:
    """Tatham's own Killers (plain and X, stored with the letter he made them at) graded by
    ours: the ratings rise with his letters (Spearman >= 0.8, the issue's goal), his trivial
    and basic Killers mostly grade easy and his unreasonable ones hard or above. (Before the
    cheap cage readings were split from the full ones, his b to u all graded medium: 0.55.)"""
    from solver import formats

    letters = "tbiau"
    lines = [line.split() for line in (DATA / "cages" / "tatham-killer-levels.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    theirs: list[float] = []
    ours: list[float] = []
    levels: dict[str, list[str]] = {letter: [] for letter in letters}
    for number, (letter, game_id) in enumerate(lines, 1):
        grade = killer_grade.grade(formats.read_line(game_id, number, number - 1))
        theirs.append(float(letters.index(letter)))
        ours.append(grade.rating)
        levels[letter].append(grade.level)
    assert len(ours) == 140
    assert _spearman(theirs, ours) >= 0.8
    easy = levels["t"] + levels["b"]
    assert easy.count("easy") >= 0.75 * len(easy)
    assert all(level in ("hard", "diabolical") for level in levels["u"])
