"""Cage puzzles beside Tatham's, one run: generation per level in puzzles per CPU second, ours
compiled and pure beside ``sgt-solo`` (Killer 9x9, and with diagonals, ``3x3xk``) and
``sgt-keen`` (KenKen 6x6 and 9x9), and the verification of Tatham's own Killers.

    python bench/cages.py [--count 6] [--tatham 20] [--rounds 1] [--only "KenKen 6x6"] [--levels hard,easy]

Our levels are paired with Tatham's (Killer: easy ``db``, medium ``di``, hard ``da``,
diabolical ``de``; KenKen: ``e``, ``n``, ``h``, ``x``, the issue's pairs): the pairs compare
throughput at a like difficulty, not one scale. A KenKen row also names, after a slash, the
letter our grader puts at that level (``bench/cage_levels.py``: his ``e`` and ``n`` grade easy,
``h`` medium 6 of 8, ``x`` hard 5 of 8, ``u`` hard or diabolical) and the ratio to it. Each of
ours runs in its own process (``PUZZLEPRESS_PURE=1`` for pure Python) and times its own CPU;
Tatham's are timed by their children's CPU. Ours generate without givens, as Tatham's do. Every
row prints ours, Tatham's and the ratio from the same run; the machine is shared, so read the
ratios. ``sgt-puzzles`` (apt) is a bench-only peer: its rows say "not measured" without it.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KILLER_LEVELS = {"easy": "b", "medium": "i", "hard": "a", "diabolical": "e"}
#: a KenKen level's second letter: Tatham's that our grader rates at that level
KENKEN_LEVELS = {"easy": "ee", "medium": "nh", "hard": "hx", "diabolical": "xu"}
#: (row title, our kind, size, Tatham's program, its parameters for a level)
JOBS = [("Killer 9x9", "killer", 9, "sgt-solo", lambda p: f"3x3kd{p}", KILLER_LEVELS),
        ("Killer X 9x9", "killer-x", 9, "sgt-solo", lambda p: f"3x3xkd{p}", KILLER_LEVELS),
        ("KenKen 6x6", "kenken", 6, "sgt-keen", lambda p: f"6d{p}", KENKEN_LEVELS),
        ("KenKen 9x9", "kenken", 9, "sgt-keen", lambda p: f"9d{p}", KENKEN_LEVELS)]

#: One of ours in its own process: generate COUNT at a level, print puzzles per CPU second.
OURS = """
import json, sys, time
sys.path.insert(0, {root!r})
from solver.cages.generate import GenerationError
from solver.killer.generate import Request as Killer
from solver.kenken.generate import Request as KenKen
kind, size, level, count = {kind!r}, {size}, {level!r}, {count}
request = (KenKen(size, level) if kind == "kenken"
           else Killer(size, level=level, variant=("x",) if kind == "killer-x" else ()))
made, start = 0, time.process_time()
for seed in range(count):
    try:
        request.make(seed)
        made += 1
    except GenerationError:
        pass
print(json.dumps({{"rate": made / (time.process_time() - start), "made": made}}))
"""
#: Our verification of game IDs read on stdin, median CPU ms.
VERIFY = """
import json, statistics, sys, time
sys.path.insert(0, {root!r})
from solver import formats
from solver.cages.verdict import verify
times = []
for number, line in enumerate(sys.stdin, 1):
    puzzle = formats.read_line(line.strip(), number, number - 1)
    start = time.process_time()
    assert verify(puzzle).status.value == "unique", line
    times.append((time.process_time() - start) * 1000)
print(json.dumps({{"median": statistics.median(times), "count": len(times)}}))
"""


def _ours(script: str, pure: bool, stdin: str = "") -> dict[str, float]:
    env = {**os.environ, "PUZZLEPRESS_PURE": "1" if pure else ""}
    done = subprocess.run([sys.executable, "-c", script], input=stdin, capture_output=True, text=True,
                          env=env, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _tatham(program: str, params: str, count: int) -> tuple[float, list[str]]:
    """Tatham's rate (puzzles per CPU second of the child) and the game IDs it made."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([program, "--generate", str(count), params], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return count / max(cpu, 1e-3), done.stdout.split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=6, help="puzzles of ours per level and core")
    parser.add_argument("--tatham", type=int, default=20, help="puzzles of Tatham's per level")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, interleaved; medians are printed")
    parser.add_argument("--only", default="", help="the jobs whose title holds this text (all by default)")
    parser.add_argument("--levels", default="", help="these levels, comma-separated (all by default)")
    args = parser.parse_args()
    chosen = set(args.levels.split(",")) if args.levels else None
    print(f"load average {os.getloadavg()[0]:.2f}; per CPU second, medians over {args.rounds} round(s)")
    print(f"{'job':<13} {'level':<11} {'compiled':>9} {'pure':>8} {'Tatham':>9}  ratio compiled/Tatham")
    killer_ids: list[str] = []
    for title, kind, size, program, params, levels in JOBS:
        if args.only not in title:
            continue
        path = shutil.which(program) or shutil.which(program, path="/usr/games")
        for level, letters in levels.items():
            if chosen is not None and level not in chosen:
                continue
            pair = list(dict.fromkeys(letters))        # the letter, then our grader's
            rates: dict[str, list[float]] = {"compiled": [], "pure": []}
            theirs: dict[str, list[float]] = {letter: [] for letter in pair}
            for _ in range(args.rounds):
                script = OURS.format(root=str(ROOT), kind=kind, size=size, level=level, count=args.count)
                rates["compiled"].append(_ours(script, pure=False)["rate"])
                rates["pure"].append(_ours(script, pure=True)["rate"])
                for letter in pair if path else ():
                    rate, ids = _tatham(path, params(letter), args.tatham)
                    theirs[letter].append(rate)
                    killer_ids += ids if kind.startswith("killer") else []
            ours, pure = statistics.median(rates["compiled"]), statistics.median(rates["pure"])
            shown = " / ".join(f"{statistics.median(theirs[letter]):9.2f}  "
                               f"{ours / statistics.median(theirs[letter]):.3f} ({params(letter)})"
                               for letter in pair) if path else "not measured"
            print(f"{title:<13} {level:<11} {ours:9.2f} {pure:8.2f} {shown}")
    if killer_ids:
        stdin = "\n".join(killer_ids) + "\n"
        for pure in (False, True):
            found = _ours(VERIFY.format(root=str(ROOT)), pure=pure, stdin=stdin)
            build = "pure" if pure else "compiled"
            print(f"verify Tatham's 9x9 Killers, X among them ({found['count']:.0f}), {build}: "
                  f"median {found['median']:.1f} CPU ms")


if __name__ == "__main__":
    main()
