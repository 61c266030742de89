"""Where generation's time goes: the full grid, the dig's uniqueness checks, the grading.

    python bench/generate_phases.py [--count 6] [--level easy] [VARIANT ...]

Each request (classic, then each variant named, ``x+windoku`` for a combination; by default
the two slowest, anti_knight and non_consecutive) makes ``count`` puzzles in this process
with ``generate_one`` (seed 1, as ``bench/generate.py``), with the generator's phases timed
in place: ``full_grid`` (the grid under the rules), ``still_unique`` (every uniqueness check
of the dig and the climb), ``grade`` (every rating along the dig). Set PUZZLEPRESS_PURE=1 to
time the Python source instead of the compiled core.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import solver.sudoku.generate as generate
from solver.sudoku.generate import Request, generate_one, puzzle_seed

SECONDS: Counter[str] = Counter()
CALLS: Counter[str] = Counter()


def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` with its calls counted and timed under ``name``."""
    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            SECONDS[name] += time.perf_counter() - start
            CALLS[name] += 1
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["anti_knight", "non_consecutive"])
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--level", default="easy")
    args = parser.parse_args()
    for name in ("full_grid", "still_unique"):
        setattr(generate, name, timed(name, getattr(generate, name)))
    generate._Attempt.grade = timed("grade", generate._Attempt.grade)  # type: ignore[method-assign]
    for names in ("classic", *args.variants):
        SECONDS.clear()
        CALLS.clear()
        variant = () if names == "classic" else tuple(names.split("+"))
        start = time.perf_counter()
        for index in range(args.count):
            generate_one(Request(level=args.level, variant=variant), puzzle_seed(1, index))
        total = time.perf_counter() - start
        phases = ", ".join(f"{phase} {SECONDS[phase]:.2f} s / {CALLS[phase]}"
                           for phase in ("full_grid", "still_unique", "grade"))
        print(f"{args.level:<5} {names:<20} {total:6.2f} s for {args.count}: {phases}")


if __name__ == "__main__":
    main()
