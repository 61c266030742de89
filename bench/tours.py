"""Closed knight's tours on large boards: puzzlepress's block construction against
plain Warnsdorff's rule (random tie-breaks), from random start squares.

    python bench/tours.py [--sizes 100 500 1000 2000] [--trials 3] [--warnsdorff-trials N]

Prints one row per board size: our time per tour (median and worst, every tour
checked), and for plain Warnsdorff how often it covered the board (an open
tour), how often it also closed, and its time per attempt.  Target:
1000x1000 closed under 3 s.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.knights import find_tour  # noqa: E402

MOVES = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def check_closed(n: int, path) -> bool:
    """Independent check: every square once, every step (and the wrap) a knight's move."""
    if len(path) != n * n or len(set(path)) != n * n:
        return False
    prev = path[-1]
    for square in path:
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
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--trials", type=int, default=3, help="our tours per size")
    parser.add_argument("--warnsdorff-trials", type=int, default=None,
                        help="plain Warnsdorff attempts per size (default: 20 up to 100, 5 up to 500, else 2)")
    args = parser.parse_args()
    rng = random.Random(1997)
    print(f"{'board':>11} | {'ours median':>11} {'worst':>7} {'ok':>5} | "
          f"{'Warnsdorff covered':>18} {'closed':>7} {'s/attempt':>9}")
    for n in args.sizes:
        times, ok = [], 0
        for _ in range(args.trials):
            start = (rng.randrange(n), rng.randrange(n))
            began = time.perf_counter()
            result = find_tour(n, n, start=start, closed=True)
            times.append(time.perf_counter() - began)
            ok += result.exists and result.path[0] == start and check_closed(n, result.path)
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
