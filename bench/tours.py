"""Closed knight's tours on large boards: puzzlepress's block construction against
plain Warnsdorff's rule (random tie-breaks), from random start squares; then
tours on long 3 x n boards (the two-lane construction).

    python bench/tours.py [--sizes 100 500 1000 2000] [--trials 3] [--warnsdorff-trials N]
                          [--three-rows 1000 2001 10000 100001]

Prints one row per board size: our time per tour (median and worst, every tour
checked), and for plain Warnsdorff how often it covered the board (an open
tour), how often it also closed, and its time per attempt.  Target:
1000x1000 closed under 3 s.  For 3 x n: the first tour's time (block searches
included), then the median over random starts (closed on even n, open on odd n);
target: 3x1000 and 3x2001 well under a second.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.knights import find_tour
from solver.knights.narrow import block_strands

MOVES = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def check_tour(rows: int, cols: int, path, closed: bool) -> bool:
    """Independent check: every square once, every step (and the wrap if closed) a knight's move."""
    if len(path) != rows * cols or len(set(path)) != rows * cols:
        return False
    if any(not (0 <= r < rows and 0 <= c < cols) for r, c in path):
        return False
    prev = path[-1] if closed else path[0]
    for square in path[0 if closed else 1:]:
        dr, dc = abs(square[0] - prev[0]), abs(square[1] - prev[1])
        if (dr, dc) not in ((1, 2), (2, 1)):
            return False
        prev = square
    return True


def plain_warnsdorff(n: int, start: tuple[int, int], rng: random.Random) -> tuple[bool, bool]:
    """Warnsdorff's rule with random tie-breaks, no backtracking.

    Returns (covered the board, and the last square is a knight's move from the start)."""
    size = n * n
    adjacency = []
    for r in range(n):
        for c in range(n):
            adjacency.append([(r + dr) * n + c + dc for dr, dc in MOVES
                              if 0 <= r + dr < n and 0 <= c + dc < n])
    degree = [len(a) for a in adjacency]
    visited = bytearray(size)
    here = start[0] * n + start[1]
    visited[here] = 1
    for there in adjacency[here]:
        degree[there] -= 1
    for _ in range(size - 1):
        best, ties = 9, []
        for there in adjacency[here]:
            if not visited[there]:
                if degree[there] < best:
                    best, ties = degree[there], [there]
                elif degree[there] == best:
                    ties.append(there)
        if not ties:
            return False, False
        here = ties[0] if len(ties) == 1 else rng.choice(ties)
        visited[here] = 1
        for there in adjacency[here]:
            degree[there] -= 1
    first = start[0] * n + start[1]
    return True, first in adjacency[here]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 500, 1000, 2000])
    parser.add_argument("--trials", type=int, default=3, help="our tours per size")
    parser.add_argument("--warnsdorff-trials", type=int, default=None,
                        help="plain Warnsdorff attempts per size (default: 20 up to 100, 5 up to 500, else 2)")
    parser.add_argument("--three-rows", type=int, nargs="*", default=[1000, 2001, 10000, 100001],
                        help="lengths of 3 x n boards to time")
    args = parser.parse_args()
    rng = random.Random(1997)
    if args.sizes:
        square_boards(args, rng)
    if args.three_rows:
        three_row_boards(args.three_rows, args.trials, rng)


def three_row_boards(lengths: list[int], trials: int, rng: random.Random) -> None:
    """Time 3 x n tours from random valid starts (the first includes the block searches)."""
    print(f"{'board':>11} {'kind':>6} | {'first':>8} {'median':>8} {'ok':>5}")
    block_strands.cache_clear()
    for n in lengths:
        closed = n % 2 == 0
        times, ok = [], 0
        for _ in range(trials + 1):
            row, col = rng.randrange(3), rng.randrange(n)
            if (row + col) % 2 and not closed:
                col = col - 1 if col else 1
            began = time.perf_counter()
            result = find_tour(3, n, start=(row, col), closed=closed)
            times.append(time.perf_counter() - began)
            ok += result.exists and result.path[0] == (row, col) and check_tour(3, n, result.path, closed)
        print(f"{3:>5}x{n:<5} {'closed' if closed else 'open':>6} | {times[0] * 1000:>6.1f}ms "
              f"{statistics.median(times[1:]) * 1000:>6.1f}ms {ok:>2}/{trials + 1:<2}", flush=True)


def square_boards(args: argparse.Namespace, rng: random.Random) -> None:
    """n x n closed tours: ours against plain Warnsdorff."""
    print(f"{'board':>11} | {'ours median':>11} {'worst':>7} {'ok':>5} | "
          f"{'Warnsdorff covered':>18} {'closed':>7} {'s/attempt':>9}")
    for n in args.sizes:
        times, ok = [], 0
        for _ in range(args.trials):
            start = (rng.randrange(n), rng.randrange(n))
            began = time.perf_counter()
            result = find_tour(n, n, start=start, closed=True)
            times.append(time.perf_counter() - began)
            ok += result.exists and result.path[0] == start and check_tour(n, n, result.path, closed=True)
        attempts = args.warnsdorff_trials or (20 if n <= 100 else 5 if n <= 500 else 2)
        covered = closed = 0
        began = time.perf_counter()
        for _ in range(attempts):
            full, loop = plain_warnsdorff(n, (rng.randrange(n), rng.randrange(n)), rng)
            covered += full
            closed += loop
        per_attempt = (time.perf_counter() - began) / attempts
        print(f"{n:>5}x{n:<5} | {statistics.median(times):>10.2f}s {max(times):>6.2f}s "
              f"{ok:>2}/{args.trials:<2} | {covered:>8}/{attempts:<3} ({100 * covered / attempts:3.0f}%) "
              f"{closed:>3}/{attempts:<3} {per_attempt:>8.2f}s", flush=True)


if __name__ == "__main__":
    main()
