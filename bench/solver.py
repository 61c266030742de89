"""Benchmark: full verification (solve and prove uniqueness) per puzzle, ours beside published solvers.

Run from the repo root: ``python bench/solver.py [--others-sample N]``, best with the bench-only
virtualenv's interpreter (``/work/venv-bench/bin/python``, which has hodoku-py).
Prints median, p90 and max milliseconds per puzzle (CPU time of this process, so other
programs on a shared machine do not count; ``--wall`` for wall-clock time) for:

* ``top1465`` and ``17clue-1000`` (9x9, from ``bench/data``), every puzzle, ours beside
  hodoku-py in the same run, puzzle by puzzle: its public ``Generator().validate`` (the
  call a user of hodoku-py makes to ask "exactly one solution?") and, for reference, the
  C core that call ends in (``_gen_accel.solve_string``, no Python set-up);
* a deterministic set of 16x16 puzzles and one 25x25 puzzle, generated here;
* the same 9x9 sets with PyPI solvers (``dlxsudoku``: singles then dancing links,
  asks for a second solution; ``py-sudoku``: ``solve()`` plus
  ``has_multiple_solutions()``), installed with pip if missing. They are far
  slower, so they run on the first ``--others-sample`` puzzles of each set.

Target (issue 21): on top1465, p90 at or below hodoku-py's ``validate``, median below it.
"""
from __future__ import annotations

import argparse
import importlib
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.sudoku import Geometry, Puzzle, default_symbols, parse_text, solve, verify  # noqa: E402
from solver.sudoku.search import Search  # noqa: E402
from solver.verdict import Status  # noqa: E402

DATA = ROOT / "bench" / "data"
PUBLISHED = {"dlxsudoku": "dlxsudoku", "sudoku": "py-sudoku"}   # module -> PyPI name


def ensure_published() -> None:
    """Install the published solvers the comparison needs, through pip, if they are missing."""
    missing = [pypi for module, pypi in PUBLISHED.items()
               if importlib.util.find_spec(module) is None]
    if missing:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=True)
        importlib.invalidate_caches()


def figures(times: Sequence[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"n={len(ordered):5d}  median {statistics.median(ordered):9.3f}  "
            f"p90 {p90:9.3f}  max {ordered[-1]:10.3f}  ms")


clock = time.process_time


def time_each(items: Sequence, run: Callable[[object], object]) -> list[float]:
    times = []
    for item in items:
        start = clock()
        run(item)
        times.append((clock() - start) * 1000)
    return times


def hodoku_side_by_side(name: str, lines: Sequence[str], puzzles: Sequence[Puzzle]) -> None:
    """Ours, hodoku-py's ``validate`` and its C core, interleaved puzzle by puzzle so a
    change in the machine's load falls on all three alike."""
    try:
        from hodoku import Generator  # type: ignore[import-not-found,unused-ignore]
        from hodoku.generator.generator import _gen_accel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        print(f"{name:12s} hodoku-py    not measured (not importable; use /work/venv-bench/bin/python)")
        return
    generator = Generator()
    times: dict[str, list[float]] = {"puzzlepress": [], "hodoku-py validate": [], "hodoku-py C core": []}
    for line, puzzle in zip(lines, puzzles):
        start = clock()
        ours(puzzle)
        middle = clock()
        if generator.validate(line) != "valid":
            raise AssertionError(f"hodoku-py: {line} is not unique")
        end = clock()
        if _gen_accel is not None:
            _gen_accel.solve_string(line)
        times["hodoku-py C core"].append((clock() - end) * 1000)
        times["puzzlepress"].append((middle - start) * 1000)
        times["hodoku-py validate"].append((end - middle) * 1000)
    for who, ms in times.items():
        if ms and (who != "hodoku-py C core" or _gen_accel is not None):
            print(f"{name:12s} {who:19s} {figures(ms)}  (same run, interleaved)")


def ours(puzzle: Puzzle) -> int:
    """Verify one puzzle that must be unique; the search nodes it took."""
    verdict = verify(puzzle)
    if verdict.status is not Status.UNIQUE:
        raise AssertionError(f"{puzzle.format()}: {verdict.status.value} {verdict.reason}")
    return verdict.stats.nodes


def report(name: str, puzzles: Sequence[Puzzle]) -> None:
    """Our timings of a set, then the search nodes per puzzle and the time per node,
    the two factors a speed-up has to move."""
    nodes: list[int] = []
    times = time_each(puzzles, lambda puzzle: nodes.append(ours(puzzle)))
    ordered = sorted(nodes)
    print(f"{name:12s} puzzlepress  {figures(times)}")
    print(f"{'':12s} nodes        median {statistics.median(ordered):7.1f}  "
          f"p90 {ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]:7d}  "
          f"mean {statistics.mean(ordered):7.1f}  "
          f"{1000 * sum(times) / sum(ordered):6.1f} us per node")


def dlxsudoku_verify(line: str) -> None:
    from dlxsudoku import Sudoku
    Sudoku(line.replace(".", "0")).solve()   # raises when there is a second solution


def py_sudoku_verify(line: str) -> None:
    from sudoku import Sudoku
    board = [[0 if ch in ".0" else int(ch) for ch in line[r * 9:(r + 1) * 9]] for r in range(9)]
    Sudoku(3, 3, board=board).solve()
    Sudoku(3, 3, board=board).has_multiple_solutions()


def generated(size: int, count: int, seed: int, *, search: bool = False) -> list[Puzzle]:
    """Unique puzzles: a shuffled solved grid with cells dug out, in a seeded random order,
    while singles alone still solve it; or, with ``search``, while verification still
    proves it unique (within 20,000 nodes), which leaves puzzles that need branching."""
    rng = random.Random(seed)
    geometry, symbols = Geometry.boxed(size), default_symbols(size)
    puzzles = []
    for _ in range(count):
        first_row = rng.sample(range(1, size + 1), size)
        grid = list(solve(Puzzle(geometry, symbols, tuple(first_row) + (0,) * (size * size - size))))
        for cell in rng.sample(range(size * size), size * size):
            kept, grid[cell] = grid[cell], 0
            if search:
                dug = Puzzle(geometry, symbols, tuple(grid))
                still = verify(dug, node_limit=20_000).status is Status.UNIQUE
            else:
                still = next(Search(geometry, grid, node_limit=1).solutions(), None) is not None
            if not still:
                grid[cell] = kept
        puzzles.append(Puzzle(geometry, symbols, tuple(grid)))
    return puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others-sample", type=int, default=30,
                        help="puzzles per set for the (slow) published solvers")
    parser.add_argument("--no-others", action="store_true", help="skip the published solvers")
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    args = parser.parse_args()
    if args.wall:
        global clock
        clock = time.perf_counter
    sets = {name: (DATA / f"{name}.txt").read_text().split() for name in ("top1465", "17clue-1000")}
    print("full verification (solve + prove uniqueness), ms per puzzle")
    for name, lines in sets.items():
        report(name, parse_text(chr(10).join(lines)))
    for name, lines in sets.items():
        hodoku_side_by_side(name, lines, parse_text(chr(10).join(lines)))
    start = time.perf_counter()
    sixteen = generated(16, 10, seed=16)
    twenty_five = generated(25, 1, seed=25)
    print(f"(generated 16x16 and 25x25 puzzles in {time.perf_counter() - start:.1f} s; givens: "
          f"{[sum(1 for v in p.givens if v) for p in sixteen + twenty_five]})")
    report("16x16", sixteen)
    report("25x25", twenty_five)
    start = time.perf_counter()
    dug = generated(16, 5, seed=160, search=True)
    print(f"(dug 16x16 puzzles to uniqueness in {time.perf_counter() - start:.1f} s; givens: "
          f"{[sum(1 for v in p.givens if v) for p in dug]})")
    report("16x16 dug", dug)
    if args.no_others:
        return
    ensure_published()
    for name, lines in sets.items():
        sample = lines[:args.others_sample]
        print(f"{name:12s} puzzlepress  {figures(time_each(parse_text(chr(10).join(sample)), ours))}"
              f"  (same sample)")
        print(f"{name:12s} dlxsudoku    {figures(time_each(sample, dlxsudoku_verify))}")
        print(f"{name:12s} py-sudoku    "
              f"{figures(time_each(sample[:max(1, args.others_sample // 3)], py_sudoku_verify))}")


if __name__ == "__main__":
    main()
