"""Cage puzzles: verify, grade and generate rates for Killer Sudoku and KenKen, beside Tatham's.

    python bench/cages.py [--count 12] [--tatham 20]

Ours, in one run: puzzles generated at each level (9x9 Killer without givens; 6x6 KenKen,
operations shown), then every generated puzzle verified again (the median time of a
givens-free 9x9 Killer proved unique is the figure the issue asks to stay under 100 ms)
and graded again. Tatham's collection (``apt-get install sgt-puzzles``: ``sgt-solo
--generate N 3x3k<level>`` makes killers, ``sgt-keen --generate N 6d<level>`` KenKens)
is timed in the same run at its own levels, which are not our scale: the figures compare
throughput, not identical difficulty. Tatham's programs cannot verify or grade a given
puzzle from the command line, so only their generation is timed; each prints "not
measured" with the reason when it is not installed. CPU is shared: read ratios.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.cages.generate import LEVELS, GenerationError, Made
from solver.kenken import verify as verify_kenken
from solver.kenken.generate import Request as KenKenRequest
from solver.kenken.grade import grade as grade_kenken
from solver.killer import verify as verify_killer
from solver.killer.generate import Request as KillerRequest
from solver.killer.grade import grade as grade_killer

TATHAM_SOLO = {"easy": "db", "medium": "di", "hard": "da", "diabolical": "de"}
TATHAM_KEEN = {"easy": "e", "medium": "n", "hard": "h", "diabolical": "x"}


def _timed(call: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = call()
    return result, (time.perf_counter() - start) * 1000


def ours(name: str, requests: dict[str, Any], count: int, verify: Callable[[Any], Any],
         grade: Callable[[Any], Any]) -> list[Made[Any]]:
    print(f"\n{name}: ours")
    made_all: list[Made[Any]] = []
    for level, request in requests.items():
        made, times = [], []
        for seed in range(count):
            try:
                one, ms = _timed(lambda request=request, seed=seed: request.make(seed))
            except GenerationError as error:
                print(f"  {level:<10} seed {seed}: {error}")
                continue
            made.append(one)
            times.append(ms)
        if times:
            print(f"  generate {level:<10} {len(made):3d} puzzles  {1000 * len(times) / sum(times):7.2f}/s  "
                  f"median {statistics.median(times):8.1f} ms")
        made_all += made
    verify_ms = [_timed(lambda m=m: verify(m.puzzle))[1] for m in made_all]
    statuses = {verify(m.puzzle).status.value for m in made_all}
    grade_ms = [_timed(lambda m=m: grade(m.puzzle))[1] for m in made_all]
    if verify_ms:
        print(f"  verify   {len(verify_ms):3d} puzzles  {1000 * len(verify_ms) / sum(verify_ms):7.2f}/s  "
              f"median {statistics.median(verify_ms):8.1f} ms  p90 {_p90(verify_ms):8.1f} ms  ({', '.join(statuses)})")
        print(f"  grade    {len(grade_ms):3d} puzzles  {1000 * len(grade_ms) / sum(grade_ms):7.2f}/s  "
              f"median {statistics.median(grade_ms):8.1f} ms")
    return made_all


def _p90(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def tatham(name: str, program: str, params: dict[str, str], count: int) -> None:
    print(f"\n{name}: Tatham's {program}")
    path = shutil.which(program) or shutil.which(program, path="/usr/games")
    if path is None:
        print(f"  not measured: {program} is not installed (apt-get install sgt-puzzles)")
        return
    for level, param in params.items():
        _, ms = _timed(lambda param=param: subprocess.run([path, "--generate", str(count), param],
                                                          capture_output=True, check=True))
        print(f"  generate {level:<10} {count:3d} puzzles  {1000 * count / ms:7.2f}/s  "
              f"(parameters {param}, their level, one process)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12, help="puzzles of ours per level")
    parser.add_argument("--tatham", type=int, default=20, help="puzzles of Tatham's per level")
    args = parser.parse_args()
    ours("Killer 9x9", {level: KillerRequest(9, level=level) for level in LEVELS}, args.count,
         verify_killer, grade_killer)
    tatham("Killer 9x9", "sgt-solo", {level: f"3x3k{p}" for level, p in TATHAM_SOLO.items()}, args.tatham)
    ours("KenKen 6x6", {level: KenKenRequest(6, level) for level in LEVELS}, args.count,
         verify_kenken, grade_kenken)
    tatham("KenKen 6x6", "sgt-keen", {level: f"6d{p}" for level, p in TATHAM_KEEN.items()}, args.tatham)


if __name__ == "__main__":
    main()
