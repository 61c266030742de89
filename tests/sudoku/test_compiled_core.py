"""The compiled core and the pure-Python source are one solver (solver/core.py).

* the same workload (``tests/sudoku/builds.py``: verdicts, solutions, counts, ordered and seeded
  solutions, node figures, ratings and every step's text, generated Sudoku, Killer and KenKen
  by seed) run by both builds answers line for line alike;
* the C primitives of the packed board (``solver/sudoku/_packed.c``) give the bits of their
  Python reference in ``solver/sudoku/search.py`` on boards of every shape and rule set;
* the C unary chain searches (``solver/sudoku/_chains.c``), on tables of their own making,
  find the chains of their Python reference (``solver.sudoku.chains._Links``) from every
  potential of hard positions;
* the C chains of strong links (``solver/sudoku/_stronglinks.c``) find the best chain of
  their Python reference (``solver.sudoku.stronglinks._Chains``) in every digit's plane of
  diabolical positions and of random positions on other shapes and rules;
* the C wings of almost locked sets (``solver/sudoku/_bentsets.c``) find the best wing of
  their Python reference (``solver.sudoku.bentsets._best_wing``) in the same positions;
* the C implication loop of the forcing chains (``solver/sudoku/_forcing.c``) fills the dicts
  of its Python reference (``solver.sudoku.chains.Forcing._run``) potential for potential, in
  the same order, and meets the same contradictions, from every potential of the positions
  where the grader tries forcing chains, for Multiple, Nishio and dynamic chains;
* ``PUZZLEPRESS_PURE=1`` runs the Python source, a source changed since the build does too,
  and ``puzzlepress --version`` says which core runs.

The workload runs in new processes, as the choice of core is made once per process. This
checkout's compiled core must be built (``pip install -e .`` with a C compiler, as the
README's test command does): a test here fails, saying so, when it is not.
"""
from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solver import core
from solver.sudoku import Geometry, bentsets, parse_text, stronglinks
from solver.sudoku.candidates import Grid
from solver.sudoku.chains import Chains, Forcing, _Links
from solver.sudoku.generate import full_grid
from solver.sudoku.geometry import board, default_symbols
from solver.sudoku.grade import next_step
from solver.sudoku.pruning import _cells, _plan
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.rules import variant_rules
from solver.sudoku.search import _extends, _fewest, _place_givens, _propagate, _values, givens_board
from tests.runner import console_env
from tests.samples import REPO
from tests.sudoku_oracle import JIGSAW_6

NOT_BUILT = "the compiled core is not built in this checkout: run pip install -e . with a C compiler"


def _run(part: str, *, pure: bool) -> list[str]:
    env = console_env(PUZZLEPRESS_PURE="1" if pure else "")
    done = subprocess.run([sys.executable, "-m", "tests.sudoku.builds", part], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("part", ["verify", "grade", "generate", "cages"])
def test_both_builds_give_the_same_answers(part: str) -> None:
    compiled, pure = _run(part, pure=False), _run(part, pure=True)
    assert json.loads(compiled[0])["core"].startswith("compiled"), f"{NOT_BUILT}: {compiled[0]}"
    assert json.loads(pure[0])["core"] == "pure Python (PUZZLEPRESS_PURE=1)"
    assert len(compiled) == len(pure) > 5
    for index, (fast, reference) in enumerate(zip(compiled[1:], pure[1:]), 1):
        assert fast == reference, f"answer {index} of {part}:\ncompiled {fast[:500]}\npure     {reference[:500]}"


def _packed() -> Any:
    try:
        return importlib.import_module("solver.sudoku._packed")
    except ImportError as missing:
        raise AssertionError(NOT_BUILT) from missing


GEOMETRIES = {
    "4x4": Geometry.boxed(4), "6x6": Geometry.boxed(6), "9x9": Geometry.boxed(9), "16x16": Geometry.boxed(16),
    "jigsaw6": Geometry.jigsaw(6, JIGSAW_6),
    "x+windoku": Geometry.boxed(9).with_rules(variant_rules(("x", "windoku"))),
    "anti_knight": Geometry.boxed(9).with_rules(variant_rules(("anti_knight",))),
    "non_consecutive": Geometry.boxed(9).with_rules(variant_rules(("non_consecutive",))),
    "even_odd": Geometry.boxed(9).with_rules(variant_rules(("even_odd",))),
}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name == "16x16" else name
                                  for name in GEOMETRIES])   # 16x16: 7 s, most of it its 4,096 masks
def test_the_c_primitives_give_the_python_reference_s_bits(name: str) -> None:
    """givens, propagate, place, branch, cells, values and extends on random boards: a few givens placed (some
    breaking a rule), random candidates ruled out (dead ends included), then branch after
    branch down to the end."""
    geometry = GEOMETRIES[name]
    b = board(geometry)
    c = _packed().Core(b.cell_base + b.size * b.size * b.width, b.size, b.cell_base, b.guards, b.lows,
                       b.owner, b.keep)
    n, rng = geometry.size, random.Random(name)
    cell_bits = [bit for bit, owner in enumerate(b.owner) if owner == bit]
    compared = 0
    for _ in range(25):
        givens = [0] * geometry.cells
        for cell in rng.sample(range(geometry.cells), rng.randrange(geometry.cells // 6 + 1)):
            givens[cell] = rng.randrange(1, n + 1)
        z = _place_givens(geometry, givens)
        assert c.givens(b.start, givens) == z
        if z < 0:
            continue
        for bit in rng.sample(cell_bits, rng.randrange(4)):
            z &= ~(1 << bit)
        assert c.extends(z, 200) == _extends(geometry, z, 200)
        while z >= 0:
            reference = _propagate(z, b.guards, b.lows, n, b.keep, b.owner)
            assert c.propagate(z) == reference
            compared += 1
            if reference < 0:
                break
            if not geometry.rules:   # root pruning runs on classic grids only
                assert c.cells(reference) == _cells(reference, _plan(geometry))
            if not reference & b.guards:
                assert c.values(reference) == _values(reference, b)
                break
            group = _fewest(reference, reference & b.guards, b.guards, b.lows)
            bits = reference & (group - (group >> n))
            assert c.branch(reference) == bits
            choices = [i for i in range(bits.bit_length()) if bits >> i & 1]
            bit = rng.choice(choices)
            assert c.place(reference, bit) == _propagate(reference & b.keep[b.owner[bit]], b.guards, b.lows, n,
                                                         b.keep, b.owner)
            z = reference & b.keep[b.owner[bit]]
    assert compared >= 25


@pytest.mark.parametrize("limit", [1, 3, 40, 100_000])
def test_the_c_search_answers_extends_as_the_python_one(limit: int) -> None:
    """Every answer of ``extends`` (yes, no, or None at the node limit) on hard and sparse grids."""
    packed = _packed()
    lines = (REPO / "tests" / "data" / "top95.txt").read_text().split()[:30]
    for puzzle in parse_text("\n".join(lines)):
        b = board(puzzle.geometry)
        c = packed.Core(b.cell_base + 81 * b.width, 9, b.cell_base, b.guards, b.lows, b.owner, b.keep)
        start = givens_board(puzzle.geometry, puzzle.givens)
        rng = random.Random(limit)
        for cell in rng.sample(range(81), 3):   # a cell kept from its solution value: often no solution
            start &= ~(1 << (b.cell_base + cell * b.width + rng.randrange(9)))
        assert c.extends(start, limit) == _extends(puzzle.geometry, start, limit)


def _chains_c() -> Any:
    try:
        return importlib.import_module("solver.sudoku._chains")
    except ImportError as missing:
        raise AssertionError(NOT_BUILT) from missing


@pytest.mark.parametrize("limit", [2, 5, 10 ** 6])
def test_the_c_chain_searches_find_the_python_reference_s_chains(limit: int) -> None:
    """cycles and forcing from every potential of diabolical positions (after their singles),
    each kind of table (X, Y, XY), with a chain limit that cuts most searches, some, or none:
    the C searches on tables made from the position and on the Python tables alike."""
    lines = (REPO / "tests" / "data" / "graded-diabolical-60.txt").read_text().splitlines()[:6]
    compared = found = 0
    for puzzle in parse_text("\n".join(line.split()[0] for line in lines)):
        g = Grid(puzzle)
        hidden = importlib.import_module("solver.sudoku.grade")._hidden_singles
        hidden(g, range(3 * g.n))
        chains = Chains(g)
        for y, x in ((False, True), (True, False), (True, True)):
            on_next, off_next = chains.tables(y, x)
            reference = _Links(on_next, off_next)
            fast = _chains_c().Links(g.cands, g.n, g.lay.peers, g.lay.units, chains.units_of, y, x)
            from_tables = _chains_c().Links(on_next, off_next)
            for node in range(len(on_next)):
                if not on_next[node] and not off_next[node]:
                    continue
                if node & 1:
                    steps, loops = fast.cycles(node, limit)
                    assert (steps, loops) == reference.cycles(node, limit) == from_tables.cycles(node, limit)
                    found += len(loops)
                assert fast.forcing(node, limit) == reference.forcing(node, limit) == from_tables.forcing(node, limit)
                compared += 1
    assert compared > 1000 and (found > 0 or limit == 2)


#: a non-consecutive puzzle serate rates 8.9 (--isNC=1): its forcing chains follow the
#: digits one apart in the cells beside a candidate, beyond its peers
NON_CONSECUTIVE = "..2.8..7.................2..5.......................4..4.................8..9.2.."


def _chain_positions() -> list[Grid]:
    """Every position of the logical solves of the SE chain puzzles (tests/data/se-chains.txt)
    and of a non-consecutive one from which the grader's next step is a forcing chain (rated
    7.5 or more)."""
    positions = []
    puzzles = [parse_text(line.split()[0])[0]
               for line in (REPO / "tests" / "data" / "se-chains.txt").read_text().splitlines()]
    puzzles.append(Puzzle(GEOMETRIES["non_consecutive"], default_symbols(9),
                          tuple(0 if ch == "." else int(ch) for ch in NON_CONSECUTIVE)))
    for puzzle in puzzles:
        g = Grid(puzzle)
        while not g.solved():
            step = next_step(g)
            assert step is not None
            if step.rating >= 7.5:
                positions.append(g.copy())
            g.apply(step)
    return positions


@pytest.mark.parametrize("dynamic, nishio", [(False, False), (True, True), (True, False)],
                         ids=["multiple", "nishio", "dynamic"])
def test_the_c_implications_are_the_python_reference_s(dynamic: bool, nishio: bool) -> None:
    """follow from every potential (on and off) of every candidate: the same parents of every
    potential on and off, in the same order, and the same contradiction; then the same hint."""
    try:
        implications = importlib.import_module("solver.sudoku._forcing").Implications
    except ImportError as missing:
        raise AssertionError(NOT_BUILT) from missing
    compared = absurd = 0
    positions = _chain_positions()
    for g in positions:
        fast, reference = Forcing(g, dynamic, nishio, native=False), Forcing(g, dynamic, nishio, native=False)
        # the C loop made here, as Forcing makes it, so that a pure-Python run tests it too
        fast.implied = implications(g.cands, g.n, g.lay.peers, g.lay.units, fast.chains.units_of, not nishio,
                                    dynamic, fast.chains.excluded)
        for cell, m in enumerate(g.cands):
            for digit in range(g.n):
                if g.values[cell] or not m >> digit & 1:
                    continue
                for start in (((cell * g.n + digit) << 1) | 1, (cell * g.n + digit) << 1):
                    made, expected = fast.follow(start), reference.follow(start)
                    assert list(made.on.items()) == list(expected.on.items())
                    assert list(made.off.items()) == list(expected.off.items())
                    assert made.absurd == expected.absurd
                    compared += 1
                    absurd += made.absurd is not None
        hint, expected_hint = fast.best(), reference.best()
        assert (hint is None) == (expected_hint is None)
        if hint is not None and expected_hint is not None:
            assert (hint.technique, hint.rating, hint.text, hint.moves) == \
                (expected_hint.technique, expected_hint.rating, expected_hint.text, expected_hint.moves)
    assert len(positions) >= 5 and compared > 2000 and any(g.lay.excludes for g in positions)
    assert absurd >= 10 or not dynamic   # static implications seldom clash: none here


def _strong_link_positions() -> list[Grid]:
    """Every position of the logical solves of ten diabolical puzzles where the grader reaches
    the chains of strong links (the steps before them found nothing), and random positions."""
    positions = []
    lines = (REPO / "tests" / "data" / "graded-diabolical-60.txt").read_text().splitlines()[:10]
    for puzzle in parse_text("\n".join(line.split()[0] for line in lines)):
        g = Grid(puzzle)
        while not g.solved():
            step = next_step(g)
            assert step is not None
            if step.rating >= stronglinks.BASE[2]:
                positions.append(g.copy())
            g.apply(step)
    return positions + _random_positions(0.35)


def _random_positions(share: float) -> list[Grid]:
    """Positions of random candidates on grids of other shapes and rules (the solution's digit
    and each other digit with chance ``share`` in every cell): a 16x16 (cell sets of four
    words), an anti-knight grid (a knight's move sees a cell but links nothing), X + windoku
    (units of a rule), a jigsaw."""
    positions = []
    for name in ("16x16", "anti_knight", "x+windoku", "jigsaw6"):
        geometry, rng = GEOMETRIES[name], random.Random(name)
        solution = full_grid(geometry, rng)
        assert solution is not None
        for _ in range(4):
            g = Grid(Puzzle(geometry, default_symbols(geometry.size), (0,) * geometry.cells))
            for cell, value in enumerate(solution):
                g.cands[cell] = 1 << (value - 1) | sum(1 << d for d in range(geometry.size) if rng.random() < share)
            positions.append(g)
    return positions


def test_the_c_strong_link_chains_are_the_python_reference_s() -> None:
    """the best chain of 2, 3 and 4 strong links of every digit's plane, found by C
    (``solver/sudoku/_stronglinks.c``) and by ``stronglinks._Chains``: the same rating, count,
    chain (the first found on a tie, in the order both are given), cells removed and used."""
    try:
        relations_type = importlib.import_module("solver.sudoku._stronglinks").Relations
    except ImportError as missing:
        raise AssertionError(NOT_BUILT) from missing
    compared, found, grouped = 0, dict.fromkeys((2, 3, 4), 0), 0
    for g in _strong_link_positions():
        memo = stronglinks._Memo(g.lay)
        relations = relations_type(g.lay.peers)
        for digit in range(1, g.n + 1):
            cells = tuple(c for c, m in enumerate(g.cands) if m >> (digit - 1) & 1)
            links = stronglinks._links(g.cands, g.lay, 1 << (digit - 1))
            nears = [memo.near(b) for _, _, b in links] + [memo.near(a) for _, a, _ in links]
            grouped += any(len(a) > 1 or len(b) > 1 for _, a, b in links)
            for n in (2, 3, 4):
                base = round(stronglinks.BASE[n] * 10)
                expected = stronglinks._Chains(g.lay, links, cells, nears).search(n, base)
                assert relations.best(links, cells, nears, n, base) == expected
                compared += 1
                found[n] += expected is not None
    assert compared > 2000 and min(found.values()) > 50 and grouped > 200


def test_the_c_wings_are_the_python_reference_s() -> None:
    """the best WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing of each position of the strong-link
    test, found by C (``solver/sudoku/_bentsets.c``) and by ``bentsets._best_wing``: the same
    rating, set, pivot, digit and eliminations (the first found on a tie)."""
    try:
        peers_type = importlib.import_module("solver.sudoku._bentsets").Peers
    except ImportError as missing:
        raise AssertionError(NOT_BUILT) from missing
    compared, found = 0, dict.fromkeys((3, 4, 5, 6), 0)
    for g in _strong_link_positions() + _random_positions(0.15):
        peers = peers_type(g.lay.peers)
        for k in (3, 4, 5, 6):
            expected = bentsets._best_wing(g.lay, g.cands, k)
            assert peers.wing(g.cands, k) == expected
            compared += 1
            found[k] += expected is not None
    assert compared > 350 and min(found.values()) > 10, (compared, found)


def test_pure_python_is_chosen_when_asked_and_when_a_source_changed(tmp_path: Path) -> None:
    record = tmp_path / core.BUILD_RECORD
    search = REPO / "solver" / "sudoku" / "search.py"
    record.write_text(f"{core.source_digest(search)} solver/sudoku/search.py\n"
                      f"{'0' * 64} solver/sudoku/pruning.py\n", encoding="utf-8")
    names, stale = core._recorded(record)
    assert names == ["solver.sudoku.search", "solver.sudoku.pruning"]
    assert stale == ["solver/sudoku/pruning.py"]
    probe = ("import sys; from solver import core; import solver.sudoku.grade, solver.sudoku.packed; "
             "print(core.describe()); print(sys.modules['solver.sudoku.grade'].__file__); "
             "print(sys.modules['solver.sudoku.packed']._packed)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env=console_env(PUZZLEPRESS_PURE="1"), cwd=REPO, timeout=60)
    said, grade_file, packed = done.stdout.splitlines()
    assert said == "pure Python (PUZZLEPRESS_PURE=1)"
    assert grade_file.endswith("grade.py") and packed == "None"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env=console_env(PUZZLEPRESS_PURE=""), cwd=REPO, timeout=60)
    said, grade_file, packed = done.stdout.splitlines()
    assert said.startswith("compiled"), f"{NOT_BUILT}: {said}"
    assert grade_file.endswith(".so") and packed.startswith("<module 'solver.sudoku._packed'")


def test_version_names_the_core() -> None:
    for pure, said in (("1", "solver core: pure Python (PUZZLEPRESS_PURE=1)"), ("", "solver core: compiled (")):
        done = subprocess.run([sys.executable, "-c", "from publisher.entry import main; main()", "--version"],
                              capture_output=True, text=True, env=console_env(PUZZLEPRESS_PURE=pure), cwd=REPO,
                              timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        assert said in done.stdout, done.stdout
