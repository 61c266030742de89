"""Benchmark: the grader against Sudoku Explainer ratings, and its speed beside hodoku-py.

Run from the repo root: ``python bench/grade.py [--per-rating N] [--no-hodoku]``.

Reads ``bench/data/se-rated-calibration.tsv`` (3,205 puzzles with SE ratings 1.2 to 9.3) and
prints, for every puzzle or a stratified sample (``--per-rating N``: at most N puzzles of
every SE rating, chosen with a fixed seed):

* Spearman's rank correlation between our rating and SE's, the level agreement, the
  confusion matrix of levels (rows SE, columns ours) and the median absolute rating error;
* a table per SE band: how many puzzles, our median rating, median absolute error, and how
  often the level agrees;
* median and p90 milliseconds per puzzle for ``sudoku.grade``, and, when the ``hodoku``
  package (PyPI ``hodoku-py``) is importable, for ``hodoku.Solver().rate`` and for us again on
  the same stratified subset in the same run (``--hodoku-per-rating``; hodoku-py takes
  several seconds on the hardest puzzles, so the whole set would take hours). hodoku-py is a bench-only dependency: install it in a separate
  virtualenv (``python -m venv --system-site-packages venv-bench &&
  venv-bench/bin/pip install hodoku-py``) and run this script with that interpreter.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.sudoku import Puzzle, grade, level_for, parse_text

DATA = ROOT / "bench" / "data" / "se-rated-calibration.tsv"
LEVELS = ("easy", "medium", "hard", "diabolical")
T = TypeVar("T")
R = TypeVar("R")


def load(per_rating: int | None) -> list[tuple[str, float]]:
    rows = []
    for line in DATA.read_text().splitlines()[1:]:
        if line.strip():
            puzzle, rating = line.split("\t")
            rows.append((puzzle, float(rating)))
    return rows if per_rating is None else pick(rows, per_rating)


def pick(rows: list[tuple[str, float]], per_rating: int) -> list[tuple[str, float]]:
    """At most ``per_rating`` rows of every rating, chosen with a fixed seed."""
    by_rating: dict[float, list[tuple[str, float]]] = defaultdict(list)
    for row in rows:
        by_rating[row[1]].append(row)
    rng = random.Random(8)
    sample = []
    for rating in sorted(by_rating):
        group = by_rating[rating]
        sample += rng.sample(group, min(per_rating, len(group)))
    return sample


def ranks(values: list[float]) -> list[float]:
    """Ranks 1..n, ties given their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / var


def timed(fn: Callable[[T], R], items: list[T]) -> tuple[list[float], list[R]]:
    times: list[float] = []
    results: list[R] = []
    for item in items:
        start = time.perf_counter()
        results.append(fn(item))
        times.append((time.perf_counter() - start) * 1000)
    return times, results


def band(rating: float) -> str:
    for low, high in ((1.0, 1.5), (1.5, 2.5), (2.5, 4.0), (4.0, 5.0), (5.0, 6.0),
                      (6.0, 7.0), (7.0, 8.0), (8.0, 9.0), (9.0, 12.0)):
        if low <= rating < high:
            return f"{low:.1f}-{high - 0.1:.1f}" if high < 12 else f"{low:.1f}+"
    return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rating", type=int, default=None,
                        help="stratified sample: at most N puzzles per SE rating")
    parser.add_argument("--no-hodoku", action="store_true", help="skip hodoku-py")
    parser.add_argument("--hodoku-per-rating", type=int, default=5,
                        help="hodoku-py is slow: time it (and us again, for the same puzzles) "
                             "on at most N puzzles per SE rating of the selection")
    args = parser.parse_args()
    rows = load(args.per_rating)
    puzzles: list[Puzzle] = []
    for text, _ in rows:
        item = parse_text(text)[0]
        assert isinstance(item, Puzzle)
        puzzles.append(item)
    se = [r for _, r in rows]
    ours_ms, grades = timed(grade, puzzles)
    ours = [g.rating for g in grades]
    n = len(rows)
    print(f"{n} puzzles from {DATA.relative_to(ROOT)}"
          + (f" (at most {args.per_rating} per SE rating)" if args.per_rating else ""))
    print(f"Spearman rank correlation: {spearman(se, ours):.4f}")
    agree = sum(level_for(a) == level_for(b) for a, b in zip(se, ours))
    print(f"level agreement: {agree}/{n} = {100 * agree / n:.1f} %")
    print(f"median absolute rating error: {statistics.median(abs(a - b) for a, b in zip(se, ours)):.2f}"
          f" (mean {statistics.fmean(abs(a - b) for a, b in zip(se, ours)):.2f})")
    exact = sum(abs(a - b) < 0.05 for a, b in zip(se, ours))
    print(f"same rating as SE: {exact}/{n} = {100 * exact / n:.1f} %")
    print("\nlevels (rows SE, columns ours):")
    print(f"{'':>12}" + "".join(f"{lv:>12}" for lv in LEVELS))
    for lv in LEVELS:
        counts = [sum(1 for a, b in zip(se, ours) if level_for(a) == lv and level_for(b) == col)
                  for col in LEVELS]
        print(f"{lv:>12}" + "".join(f"{c:>12}" for c in counts))
    print(f"\n{'SE band':>9} {'puzzles':>8} {'our median':>11} {'median |err|':>13} "
          f"{'level agrees':>13}")
    groups: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(se):
        groups[band(r)].append(i)
    for name in sorted(groups, key=lambda b: float(b.split("-")[0].rstrip("+"))):
        idx = groups[name]
        print(f"{name:>9} {len(idx):>8} {statistics.median(ours[i] for i in idx):>11.1f} "
              f"{statistics.median(abs(ours[i] - se[i]) for i in idx):>13.2f} "
              f"{100 * sum(1 for i in idx if level_for(ours[i]) == level_for(se[i])) / len(idx):>12.0f}%")
    beyond = sum(1 for g in grades if g.hardest == "Beyond")
    print(f"\nnot finished by logic (rated 11.0): {beyond}")

    def report(name: str, ms: list[float]) -> None:
        ordered = sorted(ms)
        print(f"{name:>24}: median {statistics.median(ms):8.1f} ms   p90 "
              f"{ordered[int(0.9 * (len(ms) - 1))]:8.1f} ms   total {sum(ms) / 1000:7.1f} s")

    print("\ntime per puzzle:")
    report("sudoku.grade (ours)", ours_ms)
    if args.no_hodoku:
        return
    try:
        from hodoku import Solver  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        print(f"{'hodoku Solver().rate':>24}: hodoku-py not importable here (see the docstring)")
        return
    solver = Solver()
    chosen = {text for text, _ in pick(rows, args.hodoku_per_rating)}
    subset = [i for i, (text, _) in enumerate(rows) if text in chosen]
    theirs_ms, _ = timed(solver.rate, [rows[i][0] for i in subset])
    print(f"\nsame {len(subset)} puzzles ({args.hodoku_per_rating} per SE rating), same run:")
    report("sudoku.grade (ours)", [ours_ms[i] for i in subset])
    report("hodoku Solver().rate", theirs_ms)


if __name__ == "__main__":
    main()
