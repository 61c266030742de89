"""Killer and KenKen verification against an independent brute-force checker
(tests/cage_oracle.py) on fresh random puzzles of every verdict, known Latin-square counts,
and the named reasons of contradictory and malformed input."""
from __future__ import annotations

import math
import random

import pytest

from solver.cages.engine import count, network, start
from solver.kenken import parse_mapping as parse_kenken
from solver.kenken import verify as verify_kenken
from solver.killer import parse_mapping as parse_killer
from solver.killer import verify as verify_killer
from solver.parsing import ParseIssue
from tests import cage_oracle as oracle
from tests.cages.mappings import kenken_mapping, killer_mapping

_BOXES = {4: (2, 2), 6: (2, 3)}


def _latin_count(n: int) -> int:
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    net = network(n, rows + cols)
    return count(net, start(net, [0] * (n * n)), 10**6)


def test_latin_square_counts_3_and_4() -> None:
    assert _latin_count(3) == 12
    assert _latin_count(4) == 576


@pytest.mark.slow
def test_latin_square_count_5() -> None:
    assert _latin_count(5) == 161280


def _holdout_killers(seed: int, rounds: int) -> list[tuple[str, str, object]]:
    rng = random.Random(seed)
    out = []
    for i in range(rounds):
        n = (4, 4, 6)[i % 3]
        flavour = ("true", "true", "nudged", "broken")[i % 4]
        plain, _ = oracle.random_killer(n, _BOXES[n], rng, flavour)
        puzzle = parse_killer(killer_mapping(plain, _BOXES[n]))
        assert not isinstance(puzzle, ParseIssue), puzzle
        out.append((oracle.verdict(plain), verify_killer(puzzle).status.value, plain))
    return out


def _holdout_kenkens(seed: int, rounds: int) -> list[tuple[str, str, object]]:
    rng = random.Random(seed)
    out = []
    for i in range(rounds):
        n = (3, 4, 4, 5)[i % 4]
        flavour = ("true", "true", "nudged", "broken")[i % 4]
        plain, _ = oracle.random_kenken(n, rng, flavour, hidden=i % 5 == 0)
        puzzle = parse_kenken(kenken_mapping(plain))
        assert not isinstance(puzzle, ParseIssue), puzzle
        out.append((oracle.verdict(plain), verify_kenken(puzzle).status.value, plain))
    return out


@pytest.mark.parametrize("make", [_holdout_killers, _holdout_kenkens])
def test_holdout_verdicts_match_the_brute_force_checker(make) -> None:
    results = make(19, 60)
    wrong = [(expected, got, plain) for expected, got, plain in results if expected != got]
    assert not wrong, wrong[:3]
    assert {expected for expected, _, _ in results} >= {"unique", "multiple", "contradictory"}


@pytest.mark.slow
@pytest.mark.parametrize("make", [_holdout_killers, _holdout_kenkens])
def test_holdout_verdicts_many(make) -> None:
    results = make(2026, 600)
    wrong = [(expected, got, plain) for expected, got, plain in results if expected != got]
    assert not wrong, wrong[:3]
    assert {expected for expected, _, _ in results} == {"unique", "multiple", "contradictory", "unsolvable"}


def test_multiple_names_the_cells_where_two_solutions_differ() -> None:
    # 4x4 Killer: two 2-cell cages that can swap -> several solutions
    puzzle = parse_killer({"size": 4, "cages": ["AABB", "CCDD", "EEFF", "GGHH"],
                           "sums": {"A": 3, "B": 7, "C": 7, "D": 3, "E": 3, "F": 7, "G": 7, "H": 3}})
    assert not isinstance(puzzle, ParseIssue)
    verdict = verify_killer(puzzle)
    assert verdict.status.value == "multiple"
    first, second = verdict.solution, verdict.other_solution
    assert first != second and verdict.differences
    assert all(f"r{c // 4 + 1}c{c % 4 + 1}" in verdict.reason for c in verdict.differences)


@pytest.mark.parametrize("mapping, words", [
    ({"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}, {"sum": 4, "cells": ["r1c2", "r1c3"]}],
      "cover": False}, "r1c2 is in two cages"),
    ({"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r2c2"]}], "cover": False}, "is not connected"),
    ({"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}, "14 cells in no cage (r1c3, r1c4"),
    ({"size": 4, "cages": [{"sum": 8, "cells": ["r1c1", "r1c2"]}], "cover": False},
     "cage 8 at r1c1 cannot add up to 8 with 2 different digits 1-4"),
    ({"size": 4, "cages": ["AABB", "CCDD", "EEFF", "GGHH"],
      "sums": {"A": 3, "B": 7, "C": 7, "D": 3, "E": 3, "F": 7, "G": 7, "H": 4}},
     "the cage sums add up to 41, but a 4x4 grid adds up to 40"),
])
def test_contradictory_killers_are_named(mapping: dict, words: str) -> None:
    puzzle = parse_killer(mapping)
    assert not isinstance(puzzle, ParseIssue), puzzle
    verdict = verify_killer(puzzle)
    assert verdict.status.value == "contradictory"
    assert words in verdict.reason


@pytest.mark.parametrize("cages, words", [
    ([{"target": 6, "op": "-", "cells": ["r1c1", "r1c2", "r1c3"]}], "subtraction takes two"),
    ([{"target": 13, "op": "+", "cells": ["r1c1", "r1c2"]}], "cage 13+ at r1c1 cannot reach 13"),
    ([{"target": 7, "op": "x", "cells": ["r1c1", "r1c2"]}], "cannot reach 7"),
])
def test_contradictory_kenkens_are_named(cages: list, words: str) -> None:
    rest = [{"target": 1, "cells": [f"r{r}c{c}"]} for r in range(1, 7) for c in range(1, 7)
            if not any(f"r{r}c{c}" in cage["cells"] for cage in cages)]
    puzzle = parse_kenken({"size": 6, "cages": cages + rest})
    assert not isinstance(puzzle, ParseIssue), puzzle
    verdict = verify_kenken(puzzle)
    assert verdict.status.value == "contradictory"
    assert words in verdict.reason


@pytest.mark.parametrize("mapping, words", [
    ({"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r9c2"]}]}, "outside the 4x4 grid"),
    ({"size": 4, "cages": [{"sum": 3, "cells": ["a1"]}]}, "is not like 'r1c2'"),
    ({"size": 4, "cages": [{"total": 3, "cells": ["r1c1"]}]}, "unknown key 'total'"),
    ({"size": 4, "cages": ["AABB"], "sums": {"A": 3}}, "cage map has 4 cells, expected 16"),
    ({"size": 4, "cages": ["AABB", "CCDD", "EEFF", "GGHH"], "sums": {"A": 3}}, "cage 'B' has no total"),
    ({"size": 4, "cages": [{"sum": 0, "cells": ["r1c1"]}]}, "total must be 1 or more"),
    ({"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r1c1"]}]}, "lists a cell twice"),
    ({"size": 3, "cages": []}, "'size' must be"),
])
def test_malformed_killers_are_named(mapping: dict, words: str) -> None:
    issue = parse_killer(mapping, line=7)
    assert isinstance(issue, ParseIssue)
    assert issue.line == 7 and words in issue.message


@pytest.mark.parametrize("mapping, words", [
    ({"size": 4, "cages": [{"target": 3, "op": "%", "cells": ["r1c1", "r1c2"]}]}, "operation '%'"),
    ({"size": 4, "cages": [{"target": 3, "cells": ["r1c1", "r1c2"]}]}, "has no operation"),
    ({"size": 12, "cages": []}, "'size' must be a whole number 3-9"),
    ({"size": 4, "ops": "no", "cages": []}, "'ops' must be true or false"),
    ({"size": 4, "cages": ["AB", "CD"], "targets": {"A": "3x"}}, "cage map has 4 cells"),
])
def test_malformed_kenkens_are_named(mapping: dict, words: str) -> None:
    issue = parse_kenken(mapping, line=3)
    assert isinstance(issue, ParseIssue)
    assert issue.line == 3 and words in issue.message


def test_cage_map_form_reads_like_the_list_form() -> None:
    listed = parse_kenken({"size": 3, "cages": [
        {"target": 3, "op": "+", "cells": ["r1c1", "r1c2"]}, {"target": 3, "cells": ["r1c3"]},
        {"target": 2, "op": "/", "cells": ["r2c1", "r3c1"]},
        {"target": 12, "op": "x", "cells": ["r2c2", "r2c3", "r3c2"]},
        {"target": 1, "cells": ["r3c3"]}]})
    mapped = parse_kenken({"size": 3, "cages": ["AAB", "CDD", "CDE"],
                           "targets": {"A": "3+", "B": 3, "C": "2/", "D": "12x", "E": 1}})
    assert listed == mapped
    assert verify_kenken(listed).status.value == oracle.verdict(oracle.Plain(3, None, (
        ((0, 1), 3, "+"), ((2,), 3, "+"), ((3, 6), 2, "/"), ((4, 5, 7), 12, "x"), ((8,), 1, "+"))))


def _big_cage_kenkens(seed: int, rounds: int) -> list[tuple[str, str, object]]:
    """KenKens with cages of up to 9 cells (tables stop at MAX_TABLED_CELLS: the rest are bounds)."""
    rng = random.Random(seed)
    out = []
    for i in range(rounds):
        n, largest = ((4, 9), (5, 6))[i % 2]   # the checker tries every filling of a cage: 4**9, 5**6
        solution = oracle.latin(n, rng)
        cages = []
        for cells in oracle.cut(n, solution, largest - 3, largest, False, rng):
            values = [solution[c] for c in cells]
            op = "+" if len(cells) == 1 or rng.random() < 0.5 else "x"
            total = sum(values) if op == "+" else math.prod(values)
            if i % 4 == 3 and len(cells) > 1 and rng.random() < 0.5:   # nudged: often unsolvable
                total += 1
            cages.append((cells, total, "?" if i % 5 == 0 and len(cells) > 1 else op))
        plain = oracle.Plain(n, None, tuple(cages))
        puzzle = parse_kenken(kenken_mapping(plain))
        assert not isinstance(puzzle, ParseIssue), puzzle
        out.append((oracle.verdict(plain), verify_kenken(puzzle).status.value, plain))
    return out


@pytest.mark.parametrize("tabled", [7, 1])
def test_cages_too_large_to_table_are_judged_right(monkeypatch: pytest.MonkeyPatch, tabled: int) -> None:
    """Issue 44, defect 9: cages past MAX_TABLED_CELLS are their bounds; with 1, every cage of
    two cells or more is, so the bounds alone must give the brute-force checker's verdicts."""
    from solver.cages import tables
    monkeypatch.setattr(tables, "MAX_TABLED_CELLS", tabled)   # read at each call: no table is kept by cells
    results = _big_cage_kenkens(44, 60)
    wrong = [(expected, got, plain) for expected, got, plain in results if expected != got]
    assert not wrong, wrong[:3]
    assert {expected for expected, _, _ in results} >= {"unique", "multiple", "unsolvable"}


@pytest.mark.parametrize("cages, verdict", [
    ([{"target": 405, "op": "+", "cells": [f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10)]}], "multiple"),
    ([{"target": 362880, "op": "x", "cells": [f"r{r}c{c}" for c in range(1, 10)]} for r in range(1, 10)],
     "multiple"),
    ([{"target": 405, "cells": [f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10)]}], "multiple"),
])
def test_a_cage_that_every_latin_square_meets_is_judged_at_once(cages: list[dict], verdict: str) -> None:
    """Defect 9: a 9x9 KenKen with one '+' cage of all 81 cells, or nine row cages 'x'
    362880, ran past 40 s (its table was every Latin square)."""
    from tests.deadline import deadline
    puzzle = parse_kenken({"kind": "kenken", "size": 9, "cages": cages, "ops": "op" in cages[0]})
    assert not isinstance(puzzle, ParseIssue), puzzle
    with deadline(20):
        assert verify_kenken(puzzle).status.value == verdict
