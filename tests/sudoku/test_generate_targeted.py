"""Generation to a technique and a count of givens (solver.sudoku.targeted), its config keys
and its CLI options.

Every puzzle is checked against oracles of its own: uniqueness by the independent exact
counter of tests/sudoku_oracle.py, the hardest step by a full grade without a ceiling
(the search grades with one), the technique's eliminations against the solution, and the
givens by counting them.
"""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

import publisher.cli
from publisher.cli import EXIT_OK, EXIT_USAGE
from publisher.config import ConfigError, load
from solver import sudoku
from solver.sudoku.generate import Request
from solver.sudoku.targeted import TECHNIQUES, Target, generate_one, target_problem, technique
from tests import variant_oracle
from tests.sudoku_oracle import count_exact


def check(made: sudoku.generate.Generated, names: set[str], givens: tuple[int, int] | None = None) -> None:
    puzzle = made.puzzle
    assert count_exact(puzzle.size, list(puzzle.geometry.regions), list(puzzle.givens), 2) == 1
    graded = sudoku.grade(puzzle)
    assert graded.complete and graded.hardest in names and made.hardest == graded.hardest
    assert graded.rating == made.rating
    steps = sudoku.explain(puzzle)
    used = [step for step in steps if step.technique in names]
    assert used, "the solution path uses the technique"
    for step in used:      # its eliminations are true of the solution, its placements are the solution
        for row, col, symbol in step.removed:
            assert puzzle.symbols[made.solution[(row - 1) * puzzle.size + col - 1] - 1] != symbol
        for row, col, symbol in step.placed:
            assert puzzle.symbols[made.solution[(row - 1) * puzzle.size + col - 1] - 1] == symbol
    if givens is not None:
        assert givens[0] <= sum(1 for v in puzzle.givens if v) <= givens[1]


@pytest.mark.parametrize("name, seed", [("X-Wing", 1), ("XY-Wing", 1), ("Naked Pair", 1), ("Pointing", 0)])
def test_hardest_step_is_the_technique(name: str, seed: int) -> None:
    made = generate_one(Target(Request(), (technique(name.lower()).name,)), seed)
    check(made, {name})


@pytest.mark.parametrize("seed", [3, 4])
def test_an_even_odd_target_has_its_marks(seed: int) -> None:
    """A technique target under even-odd rules draws its marks as the plain generator does (it
    printed an even_odd puzzle with no marks): about a third of the cells marked, each on an
    even digit of the solution, and the puzzle unique with them by the variant oracle."""
    made = generate_one(Target(Request(variant=("even_odd",)), ("X-Wing",)), seed)
    marks = made.puzzle.parity
    assert marks is not None and len(marks) == 81 and 81 // 4 <= marks.count("e") <= 81 // 2
    assert all(made.solution[cell] % 2 == 0 for cell, mark in enumerate(marks) if mark == "e")
    assert variant_oracle.count(9, (3, 3), made.puzzle.givens, ("even_odd",), parity=marks) == 1
    assert made.hardest == "X-Wing"


@pytest.mark.slow
def test_several_techniques_and_a_range_of_givens() -> None:
    target = Target(Request(), ("Naked Pair", "X-Wing"), (22, 24))
    made = generate_one(target, 0)
    check(made, {"Naked Pair", "X-Wing"}, (22, 24))


def test_exact_givens_even_where_the_dig_skips_that_count() -> None:
    """rot180 removes givens in pairs: a dig that keeps the centre never has 30 givens."""
    for seed in range(3):
        made = generate_one(Target(Request(), ("Hidden Single",), (30, 30)), seed)
        check(made, {"Hidden Single"}, (30, 30))


@pytest.mark.slow
def test_same_seed_same_puzzle() -> None:
    target = Target(Request(), ("XY-Wing",))
    assert generate_one(target, 1).puzzle.givens == generate_one(target, 1).puzzle.givens


def test_a_plain_target_is_the_plain_request() -> None:
    made = generate_one(Target(Request(level="hard")), 3)
    assert made.puzzle.givens == sudoku.generate.generate_one(Request(level="hard"), 3).puzzle.givens


@pytest.mark.parametrize("target, words", [
    (Target(Request(size=4), ("X-Wing",)), "X-Wing (rated 3.2) never appears in a 4x4 puzzle"),
    (Target(Request(size=6, box=(2, 3)), ("Jellyfish",)), "Jellyfish needs a grid of at least 8x8"),
    (Target(Request(level="easy"), ("X-Wing",)), "X-Wing rates outside the requested easy"),
    (Target(Request(), (), (12, 16)), "at least 17 givens"),
    (Target(Request(), (), (30, 20)), "minimum is above the maximum"),
    (Target(Request(symmetry="rot90"), (), (23, 23)), "no count from 23 to 23"),
])
def test_impossible_targets_are_one_line(target: Target, words: str) -> None:
    reason = target_problem(target)
    assert reason is not None and words in reason and "\n" not in reason


def test_every_name_of_the_table_is_found_in_any_case() -> None:
    for entry in TECHNIQUES:
        assert technique(entry.name.upper()) is entry and entry.low <= entry.high
    with pytest.raises(ValueError, match="did you mean 'X-Wing'"):
        technique("xwing")


def test_table_ratings_are_the_graders() -> None:
    """The table's ratings are the grader's constants (a renamed or re-rated technique fails here)."""
    from solver.sudoku import bentsets, chains, exclusion, fish, singles, stronglinks, subsets, uniqueness
    assert technique("X-Wing").low == fish.RATINGS[2] and technique("Jellyfish").low == fish.RATINGS[4]
    assert technique("Naked Single").low == singles.NAKED_SINGLE and technique("Full House").low == singles.FULL_HOUSE
    assert technique("Hidden Pair").low == subsets.HIDDEN[2] and technique("Naked Quad").low == subsets.NAKED[4]
    assert technique("Skyscraper").low == stronglinks.BASE[2] and technique("WXYZ-Wing").low == bentsets.BASE[3]
    assert technique("Unique Rectangle").low == uniqueness.UR and technique("BUG").low == uniqueness.BUG1
    assert technique("Aligned Pair Exclusion").low == exclusion.RATING and technique("X-Cycle").low == chains.CYCLE


def write(tmp_path: Path, generate: str) -> Path:
    path = tmp_path / "config.yaml"
    path.write_text(textwrap.dedent(f"""\
        books:
          - title: Learn X-Wing
            sections:
              - title: X-Wing
                generate: {generate}
        """), encoding="utf-8")
    return path


def test_config_keys(tmp_path: Path) -> None:
    loaded = load(write(tmp_path, '{count: 2, technique: "x-wing", givens: {min: 24, max: 30}}'))
    target = loaded.config.books[0].sections[0].generate.request()
    assert target.techniques == ("X-Wing",) and target.givens == (24, 30)
    exact = load(write(tmp_path, "{technique: [XY-Wing, xyz-wing], givens: 26}"))
    target = exact.config.books[0].sections[0].generate.request()
    assert target.techniques == ("XY-Wing", "XYZ-Wing") and target.givens == (26, 26)


@pytest.mark.parametrize("generate, words", [
    ('{technique: "X-Wing", size: 4}', "never appears in a 4x4 puzzle"),
    ('{technique: "X Wings"}', "did you mean 'X-Wing'"),
    ("{givens: 10}", "at least 17 givens"),
])
def test_config_errors_name_the_line(tmp_path: Path, generate: str, words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load(write(tmp_path, generate))
    assert len(caught.value.problems) == 1
    assert ":5: books[0].sections[0].generate" in caught.value.problems[0] and words in caught.value.problems[0]


def test_cli_options(capsys: pytest.CaptureFixture) -> None:
    code = publisher.cli.main(["generate", "--technique", "xy-wing", "--givens", "22-28", "--seed", "1", "--json"])
    record = json.loads(capsys.readouterr().out)
    assert code == EXIT_OK and record["hardest"] == "XY-Wing"
    assert 22 <= sum(ch != "." for ch in record["puzzle"]) <= 28
    code = publisher.cli.main(["generate", "--technique", "X-Wing", "--size", "4"])
    err = capsys.readouterr().err
    assert code == EXIT_USAGE and err.count("\n") == 1 and "never appears in a 4x4 puzzle" in err
    code = publisher.cli.main(["generate", "--givens", "many"])
    assert code == EXIT_USAGE and "is not a count like 24" in capsys.readouterr().err
