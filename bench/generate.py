"""Generation speed: puzzles per second at each level, beside QQWing and hodoku-py's generator.

    python bench/generate.py [--count 40] [--diabolical 10] [--jobs 2] [--others 20]
    python bench/generate.py --variants [--count 10] [--jobs 1]

Ours: 9x9 rot180 at each level through the same code as ``puzzlepress generate
--jobs N`` (seed 1), with the rating distribution of what came out; then
16x16 and jigsaw 9x9. ``--variants``: each Sudoku variant (and two combinations) at easy
and hard beside classic from the same run, with its rate as a share of classic's (the
target: at least half). QQWing (``qqwing --generate N --difficulty X --csv``,
the Debian package) and hodoku-py (its ``Generator.generate``, run in a
bench-only virtualenv: ``python -m venv --system-site-packages /work/venv-bench
&& /work/venv-bench/bin/pip install hodoku-py``, or set HODOKU_PYTHON) are
timed in the same run with their own level names, which are not the SE scale:
the figures compare throughput, not identical difficulty. Each prints
"not measured" with the reason when it is not installed.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from publisher.generation import run
from solver.sudoku.generate import LEVELS, Request
from solver.sudoku.rules import VARIANTS

QQWING_LEVELS = {"easy": "simple", "medium": "easy", "hard": "intermediate", "diabolical": "expert"}
HODOKU_LEVELS = {"easy": "EASY", "medium": "MEDIUM", "hard": "HARD", "diabolical": "UNFAIR"}
HODOKU_PYTHON = os.environ.get("HODOKU_PYTHON", "/work/venv-bench/bin/python")
HODOKU_SCRIPT = """
import sys, time
from hodoku import Generator, DifficultyType
level, count = DifficultyType[sys.argv[1]], int(sys.argv[2])
generator = Generator()
start = time.perf_counter()
for _ in range(count):
    generator.generate(level)
    print(time.perf_counter() - start, flush=True)
"""
#: Seconds a competitor gets per level; its rate is then what it made in that time.
TIME_BOX = 60


def ours(request: Request, count: int, jobs: int) -> tuple[float, list[float]]:
    start = time.perf_counter()
    ratings = [made.rating for made in run(request, 1, count, jobs=jobs)]
    return count / (time.perf_counter() - start), ratings


def distribution(ratings: list[float]) -> str:
    counts = Counter(ratings)
    spread = ", ".join(f"{r:g}x{n}" for r, n in sorted(counts.items()))
    return f"min {min(ratings):g}, median {statistics.median(ratings):g}, max {max(ratings):g} [{spread}]"


def qqwing(level: str, count: int) -> tuple[float | None, str]:
    """QQWing's rate at the level nearest ours, and the line that says it."""
    if not shutil.which("qqwing"):
        return None, "not measured (qqwing not installed)"
    start = time.perf_counter()
    subprocess.run(["qqwing", "--generate", str(count), "--difficulty", QQWING_LEVELS[level], "--one-line"],
                   check=True, capture_output=True)
    rate = count / (time.perf_counter() - start)
    return rate, f"{rate:8.1f} /s  (qqwing {QQWING_LEVELS[level]}, 1 process)"


def hodoku(level: str, count: int) -> str:
    if not Path(HODOKU_PYTHON).exists():
        return f"not measured ({HODOKU_PYTHON} missing; see this file's docstring)"
    command = [HODOKU_PYTHON, "-c", HODOKU_SCRIPT, HODOKU_LEVELS[level], str(count)]
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=TIME_BOX, check=False).stdout
    except subprocess.TimeoutExpired as stop:
        out = stop.stdout.decode() if isinstance(stop.stdout, bytes) else (stop.stdout or "")
    made = out.split()
    name = f"(hodoku-py {HODOKU_LEVELS[level]}, 1 process)"
    if not made:
        return f"{0:8.1f} /s  {name}: none in {TIME_BOX} s"
    return f"{len(made) / float(made[-1]):8.2f} /s  {name}, {len(made)} made"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="puzzles per level (easy, medium, hard)")
    parser.add_argument("--diabolical", type=int, default=10, help="diabolical puzzles")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--others", type=int, default=20, help="puzzles per level for QQWing and hodoku-py")
    parser.add_argument("--variants", action="store_true", help="the variants beside classic instead")
    args = parser.parse_args()
    if args.variants:
        variants(args.count, args.jobs)
        return
    print(f"9x9 rot180, 1 process and --jobs {args.jobs}, seed 1; ratios are ours / QQWing's")
    for level in LEVELS:
        count = args.diabolical if level == "diabolical" else args.count
        single, ratings = ours(Request(level=level), count, 1)
        peer, said = qqwing(level, args.others)
        jobs, _ = ours(Request(level=level), count, args.jobs)
        ratio = f"  ratio {single / peer:5.2f}x / {jobs / peer:5.2f}x" if peer else ""
        print(f"  {level:<11} ours {single:8.1f} /s, --jobs {args.jobs} {jobs:8.1f} /s ({count} puzzles){ratio}"
              f"  ratings: {distribution(ratings)}")
        print(f"  {'':<11} {said}")
        print(f"  {'':<11} {hodoku(level, max(1, args.others // (4 if level == 'diabolical' else 1)))}")
    for name, request, count in (("16x16 rot180 easy", Request(size=16, level="easy"), 4),
                                 ("16x16 rot180 medium", Request(size=16, level="medium"), 4),
                                 ("jigsaw 9x9 rot180 medium", Request(jigsaw=True, level="medium"), 20),
                                 ("jigsaw 9x9 rot180 hard", Request(jigsaw=True, level="hard"), 20)):
        rate, ratings = ours(request, count, args.jobs)
        print(f"{name:<26} ours {rate:8.2f} /s  ({count} puzzles) ratings: {distribution(ratings)}")


def variants(count: int, jobs: int) -> None:
    """Each variant's rate beside classic's at the same level, from one run."""
    print(f"9x9 rot180 variants, {count} puzzles each, --jobs {jobs}, seed 1")
    for level in ("easy", "hard"):
        classic, _ = ours(Request(level=level), count, jobs)
        print(f"  {level:<5} classic {classic:7.2f} /s")
        for names in (*((v,) for v in VARIANTS), ("x", "windoku"), ("anti_king", "even_odd")):
            rate, ratings = ours(Request(level=level, variant=names), count, jobs)
            print(f"  {level:<5} {'+'.join(names):<22} {rate:7.2f} /s  {rate / classic:6.0%} of classic"
                  f"  ratings: {distribution(ratings)}")


if __name__ == "__main__":
    main()
