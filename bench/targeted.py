"""Generation to a technique: puzzles per second for every technique of the grading table up
to SE 7 (9x9 rot180), each puzzle checked, beside hodoku-py.

    python bench/targeted.py [--seconds 60] [--count 5] [--upto 7.0] [--only X-Wing,...]

Ours: ``solver.sudoku.targeted.generate_one`` for seeds 1, 2, ... of each technique until
``--count`` puzzles or ``--seconds`` have passed; every puzzle is graded again in full and
must have the technique as its hardest step (a failure is printed, and the exit code is 1).

hodoku-py (a bench-only virtualenv: ``/work/venv-bench``, or set HODOKU_PYTHON) has no
learning mode of its own, so the bench drives what HoDoKu's learning mode does: its generator
makes random symmetric puzzles and its solver keeps those whose solution path uses the
technique (HoDoKu's names; no "hardest step" demand, which is weaker than ours), for the same
time box. It also solves *our* puzzles and prints how many of them its path uses the
technique in (HoDoKu picks its own steps, so a different order may find another way).
Techniques HoDoKu does not name the way we do print "-".
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.sudoku import grade
from solver.sudoku.generate import GenerationError, Request, puzzle_seed
from solver.sudoku.targeted import TECHNIQUES, Target, generate_one

HODOKU_PYTHON = os.environ.get("HODOKU_PYTHON", "/work/venv-bench/bin/python")
#: Our names -> HoDoKu's SolutionType values meaning the same technique.
HODOKU_NAMES = {
    "Full House": ["Full House"], "Hidden Single": ["Hidden Single"], "Naked Single": ["Naked Single"],
    "Pointing": ["Locked Candidates Type 1 (Pointing)"], "Claiming": ["Locked Candidates Type 2 (Claiming)"],
    "Naked Pair": ["Naked Pair", "Locked Pair"], "Naked Triple": ["Naked Triple", "Locked Triple"],
    "Naked Quad": ["Naked Quadruple"], "Hidden Pair": ["Hidden Pair"], "Hidden Triple": ["Hidden Triple"],
    "Hidden Quad": ["Hidden Quadruple"], "X-Wing": ["X-Wing"], "Swordfish": ["Swordfish"],
    "Jellyfish": ["Jellyfish"], "Skyscraper": ["Skyscraper"], "2-String Kite": ["2-String Kite"],
    "Turbot Fish": ["Turbot Fish"], "XY-Wing": ["XY-Wing"], "XYZ-Wing": ["XYZ-Wing"],
    "Unique Rectangle": [f"Uniqueness Test {k}" for k in range(1, 7)],
    "BUG": ["Bivalue Universal Grave + 1"],
}
HODOKU_SCRIPT = r"""
import json, sys, time
from hodoku import Solver
from hodoku.generator.generator import SudokuGenerator
mode, names, seconds = sys.argv[1], set(json.loads(sys.argv[2])), float(sys.argv[3])
solver = Solver()
def used(puzzle):
    return {step.type.value for step in solver.solve(puzzle).steps}
if mode == "learn":
    generator, made, tried, start = SudokuGenerator(), 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        puzzle = generator.generate_sudoku(symmetric=True)
        tried += 1
        if puzzle and used(puzzle) & names:
            made += 1
    print(json.dumps({"made": made, "tried": tried, "seconds": time.perf_counter() - start}))
else:
    puzzles = sys.stdin.read().split()
    print(json.dumps({"uses": sum(1 for p in puzzles if used(p) & names), "of": len(puzzles)}))
"""


def hodoku(mode: str, names: list[str], seconds: float, puzzles: str = "") -> dict | None:
    if not Path(HODOKU_PYTHON).exists():
        return None
    out = subprocess.run([HODOKU_PYTHON, "-c", HODOKU_SCRIPT, mode, json.dumps(names), str(seconds)],
                         input=puzzles, capture_output=True, text=True, check=False)
    return json.loads(out.stdout) if out.returncode == 0 and out.stdout.strip() else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="time box per technique (each side)")
    parser.add_argument("--count", type=int, default=5, help="puzzles per technique (ours)")
    parser.add_argument("--upto", type=float, default=7.0, help="techniques whose lowest rating is at most this")
    parser.add_argument("--only", help="comma-separated technique names")
    args = parser.parse_args()
    wanted = [t for t in TECHNIQUES if t.low <= args.upto and t.least_size <= 9]
    if args.only:
        only = {name.strip().casefold() for name in args.only.split(",")}
        wanted = [t for t in wanted if t.name.casefold() in only]
    failures = 0
    print(f"{'technique':26} {'SE':>9} | {'ours /s':>8} {'made':>5} {'median givens':>13} | "
          f"{'hodoku learn /s':>15} {'hodoku path uses ours':>22}")
    for entry in wanted:
        target = Target(Request(), (entry.name,))
        made, start, seed_index = [], time.perf_counter(), 0
        while len(made) < args.count and time.perf_counter() - start < args.seconds:
            try:
                one = generate_one(target, puzzle_seed(1, seed_index))
            except GenerationError:
                one = None
            seed_index += 1
            if one is not None:
                made.append(one)
        elapsed = time.perf_counter() - start
        for one in made:
            graded = grade(one.puzzle)
            if graded.hardest != entry.name:
                failures += 1
                print(f"  FAILED: {one.puzzle.format()} hardest {graded.hardest}", file=sys.stderr)
        givens = sorted(sum(1 for v in one.puzzle.givens if v) for one in made)
        median = f"{givens[len(givens) // 2]}" if givens else "-"
        rate = f"{len(made) / elapsed:8.3f}"
        learn = path = "-"
        names = HODOKU_NAMES.get(entry.name)
        if names:
            learned = hodoku("learn", names, args.seconds)
            learn = f"{learned['made'] / learned['seconds']:.3f}" if learned else "not measured"
            solved = hodoku("path", names, 0, "\n".join(one.puzzle.format().replace(".", "0") for one in made))
            path = f"{solved['uses']} of {solved['of']}" if solved else "not measured"
        band = f"{entry.low}" if entry.low == entry.high else f"{entry.low}-{entry.high}"
        print(f"{entry.name:26} {band:>9} | {rate} {len(made):>5} {median:>13} | {learn:>15} {path:>22}",
              flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
