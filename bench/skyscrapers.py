"""Skyscrapers beside Tatham's Towers, one run: generation per size and level in puzzles per
CPU second, ours beside ``sgt-towers --generate``, the ratio (the goal: at least a third of
his rate); then our grader's levels on his puzzles against his letters (Spearman's rank
correlation, the goal 0.8 or more) and the verification of his puzzles (all unique?).

    python bench/skyscrapers.py [--sizes 4,5,6,7] [--count 4] [--tatham 20] [--grade 10]

Our levels stand for his: easy ``e``, medium ``h`` (hard), hard ``x`` (extreme), diabolical ``u``
(unreasonable). Ours and his alternate per row (ours, his, on the same size and level); ours
times its own CPU, his are timed by the child's CPU. The machine is shared: read the ratios.
``sgt-puzzles`` (apt) is a bench-only peer; without it the rows say "not measured".
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

from solver.skyscrapers import read_id, verify
from solver.skyscrapers.generate import LEVELS, Request
from solver.skyscrapers.grade import TATHAM_LEVELS, grade
from solver.verdict import Status


def _ours(size: int, level: str, count: int, seed: int) -> float:
    start = time.process_time()
    request = Request(size, level)
    for k in range(count):
        request.make(seed + k)
    return count / max(time.process_time() - start, 1e-3)


def _tatham(program: str, params: str, count: int) -> tuple[float, list[str]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([program, "--generate", str(count), params], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return count / max(cpu, 1e-3), done.stdout.split()


def _spearman(xs: list[int], ys: list[int]) -> float:
    def ranks(values: list[int]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,5,6,7", help="grid sizes, comma-separated")
    parser.add_argument("--count", type=int, default=4, help="puzzles of ours per size and level")
    parser.add_argument("--tatham", type=int, default=20, help="puzzles of Tatham's per size and level")
    parser.add_argument("--grade", type=int, default=10, help="of his puzzles per size and level, how many to grade")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    program = shutil.which("sgt-towers") or shutil.which("sgt-towers", path="/usr/games")
    print(f"load average {os.getloadavg()[0]:.2f}; puzzles per CPU second")
    print(f"{'size':<5} {'level':<11} {'ours':>8} {'Tatham':>8}  ratio  (his letter)")
    letters, ours_levels, unique, judged = [], [], 0, 0
    for size in map(int, args.sizes.split(",")):
        for level in LEVELS:
            letter = TATHAM_LEVELS[level]
            rate = _ours(size, level, args.count, args.seed)
            if program is None:
                print(f"{size:<5} {level:<11} {rate:8.2f} {'not measured':>8}")
                continue
            theirs, ids = _tatham(program, f"{size}d{letter}", args.tatham)
            print(f"{size:<5} {level:<11} {rate:8.2f} {theirs:8.2f}  {rate / theirs:5.2f}  ({letter})", flush=True)
            for game in ids[:args.grade]:
                puzzle = read_id(game)
                judged += 1
                unique += verify(puzzle).status is Status.UNIQUE
                letters.append("ehxu".index(letter))
                ours_levels.append(LEVELS.index(grade(puzzle).level))
    if letters:
        print(f"Tatham's puzzles verified unique: {unique} of {judged}")
        print(f"Spearman of our levels against his letters: {_spearman(letters, ours_levels):.3f} "
              f"on {len(letters)} puzzles")


if __name__ == "__main__":
    main()
