"""Start-up time of the command line: ``puzzlepress --version`` and ``check`` of one puzzle.

    python bench/startup.py [--runs 10]

Each command runs ``--runs`` times as a fresh process; printed: median and best wall time and
CPU time (user + system of the child: what the command costs, whatever else the machine
runs), beside a bare ``python -c pass`` in the same run; then the heaviest imports of
``check`` (``python -X importtime``, cumulative microseconds). Target (issue 21): both under
0.25 s wall on this project's machine.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PUZZLE = (ROOT / "bench" / "data" / "top1465.txt").read_text().split()[0]
ENTRY = "import sys; from publisher.entry import main; sys.exit(main())"


def timed(command: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        one = Path(folder) / "one.txt"
        one.write_text(PUZZLE + "\n")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "puzzlepress --version": [sys.executable, "-c", ENTRY, "--version"],
            "puzzlepress check one.txt": [sys.executable, "-c", ENTRY, "check", str(one)],
        }
        print(f"{args.runs} runs each; load average {os.getloadavg()[0]:.1f}")
        for name, command in commands.items():
            runs = [timed(command) for _ in range(args.runs)]
            walls, cpus = [w for w, _ in runs], [c for _, c in runs]
            print(f"{name:28s} wall median {statistics.median(walls):.3f} s (best {min(walls):.3f})   "
                  f"CPU median {statistics.median(cpus):.3f} s (best {min(cpus):.3f})")
        trace = subprocess.run([sys.executable, "-X", "importtime", "-c", ENTRY, "check", str(one)],
                               cwd=ROOT, capture_output=True, text=True, check=False).stderr
    rows = []
    for line in trace.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = line.split("|")
            if cumulative.strip().isdigit():
                rows.append((int(cumulative), name.rstrip()))
    print("heaviest imports of check (cumulative us):")
    for cumulative, name in sorted(rows, reverse=True)[:10]:
        print(f"  {cumulative:9d} {name}")


if __name__ == "__main__":
    main()
