"""Futoshiki beside Tatham's Unequal, one run: generation per size, level and mode in puzzles per
CPU second, ours beside ``sgt-unequal --generate``, the ratio (the goal: at least a third of his
rate); then our grader's levels on his puzzles against his letters, trivial included (Spearman's
rank correlation, the goal 0.8 or more), and the verification of his puzzles (all unique?).

    python bench/futoshiki.py [--sizes 4,5,6,7] [--modes unequal,adjacent] [--count 4] [--tatham 20] [--grade 10]

Our levels stand for his: easy ``e`` (and his trivial ``t``, Latin singles alone), medium ``k``
(tricky), hard ``x`` (extreme), diabolical ``r`` (recursive). Ours and his alternate per row (ours,
his, on the same size, level and mode); ours times its own CPU, his are timed by the child's CPU.
The machine is shared: read the ratios. ``sgt-puzzles`` (apt) is a bench-only peer; without it
the rows say "not measured".
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.skyscrapers import _spearman
from solver.futoshiki import read_id, verify
from solver.futoshiki.generate import LEVELS, Request
from solver.futoshiki.grade import TATHAM_LETTERS, TATHAM_LEVELS, grade
from solver.verdict import Status


def _ours(request: Request, count: int, seed: int) -> float:
    start = time.process_time()
    for k in range(count):
        request.make(seed + k)
    return count / max(time.process_time() - start, 1e-3)


def _tatham(program: str, params: str, count: int) -> tuple[float, list[str]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([program, "--generate", str(count), params], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return count / max(cpu, 1e-3), done.stdout.split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,5,6,7", help="grid sizes, comma-separated")
    parser.add_argument("--modes", default="unequal,adjacent", help="unequal, adjacent or both")
    parser.add_argument("--levels", default=",".join(LEVELS), help="our levels, comma-separated")
    parser.add_argument("--count", type=int, default=4, help="puzzles of ours per size, level and mode")
    parser.add_argument("--tatham", type=int, default=20, help="puzzles of Tatham's per size, level and mode")
    parser.add_argument("--grade", type=int, default=10, help="of his puzzles per row, how many to grade")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    program = shutil.which("sgt-unequal") or shutil.which("sgt-unequal", path="/usr/games")
    print(f"load average {os.getloadavg()[0]:.2f}; puzzles per CPU second")
    print(f"{'size':<5} {'mode':<9} {'level':<11} {'ours':>8} {'Tatham':>8}  ratio  (his letter)")
    letters, ours_levels, unique, judged = [], [], 0, 0

    def judge(ids: list[str], letter: str) -> None:
        nonlocal unique, judged
        for game in ids[:args.grade]:
            puzzle = read_id(game)
            judged += 1
            unique += verify(puzzle).status is Status.UNIQUE
            letters.append(TATHAM_LETTERS.index(letter))
            ours_levels.append(LEVELS.index(grade(puzzle).level))

    for mode in args.modes.split(","):
        flag = "a" if mode == "adjacent" else ""
        for size in map(int, args.sizes.split(",")):
            if program is not None:                       # his trivial puzzles: graded, not raced
                judge(_tatham(program, f"{size}{flag}dt", args.grade)[1], "t")
            for level in args.levels.split(","):
                request = Request(size, level, mode == "adjacent")
                if request.problem():
                    continue
                letter = TATHAM_LEVELS[level]
                rate = _ours(request, args.count, args.seed)
                if program is None:
                    print(f"{size:<5} {mode:<9} {level:<11} {rate:8.2f} {'not measured':>8}")
                    continue
                try:
                    theirs, ids = _tatham(program, f"{size}{flag}d{letter}", args.tatham)
                except subprocess.CalledProcessError:             # a 4x4 Adjacent above his easy
                    print(f"{size:<5} {mode:<9} {level:<11} {rate:8.2f} {'refuses':>8}")
                    continue
                print(f"{size:<5} {mode:<9} {level:<11} {rate:8.2f} {theirs:8.2f}  {rate / theirs:5.2f}  ({letter})",
                      flush=True)
                judge(ids, letter)
    if letters:
        print(f"Tatham's puzzles verified unique: {unique} of {judged}")
        print(f"Spearman of our levels against his letters: {_spearman(letters, ours_levels):.3f} "
              f"on {len(letters)} puzzles")


if __name__ == "__main__":
    main()
