"""Bank-scale screening: ``puzzlepress check`` on a big bank, on a Dask LocalCluster.

    python bench/screen.py [--count 1000000] [--workers 2] [--jobs-too]

Builds a bank of ``--count`` one-line 9x9 puzzles in a temporary folder: the public sets of
``bench/data`` (top1465, 17-clue, the SE-rated calibration set), then puzzles made from them
by the symmetries that keep a Sudoku valid (digit relabelling, transposition, row and column
swaps inside bands and stacks), so every line is a different unique puzzle. The bank is
checked by the real command (``check BANK --json -o OUT --dask ADDRESS``) in a child process
while a LocalCluster of ``--workers`` single-threaded worker processes does the work, and the
bench prints puzzles per second, the command's peak memory (its maximum resident set, from
``getrusage``) and the workers' peak. Memory stays flat as the bank grows: run it with
``--count 100000`` and ``--count 1000000`` and compare.
"""
from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
# the Dask workers start with this interpreter's path: the repository, not bench/ (whose
# solver.py would hide the solver package)
sys.path[0] = str(ROOT)


def seeds() -> list[str]:
    lines = (DATA / "top1465.txt").read_text().split() + (DATA / "17clue-1000.txt").read_text().split()
    lines += [row.split("\t")[0] for row in (DATA / "se-rated-calibration.tsv").read_text().splitlines()[1:]]
    return [line.replace("0", ".") for line in lines]


def variant(puzzle: str, rng: random.Random) -> str:
    """A random equivalent of ``puzzle``: relabelled digits, rows and columns permuted
    within bands and stacks, bands and stacks permuted, maybe transposed."""
    digits = rng.sample("123456789", 9)
    relabel = {str(d + 1): digits[d] for d in range(9)} | {".": "."}

    def order() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [3 * b + r for b in bands for r in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    transpose = rng.random() < 0.5
    out = []
    for r in rows:
        for c in cols:
            out.append(relabel[puzzle[c * 9 + r] if transpose else puzzle[r * 9 + c]])
    return "".join(out)


def bank(count: int) -> Iterator[str]:
    base = seeds()
    rng = random.Random(21)
    for i in range(count):
        yield base[i] if i < len(base) else variant(base[i % len(base)], rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    from distributed import LocalCluster

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bank.txt"
        with path.open("w") as out:
            for line in bank(args.count):
                out.write(line + "\n")
        print(f"bank: {args.count:,} puzzles, {path.stat().st_size / 1e6:.1f} MB")
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            command = [sys.executable, "-c", "import sys; from publisher.entry import main; sys.exit(main())",
                       "check", str(path), "--json",
                       "-o", str(Path(folder) / "out.jsonl"), "--dask", cluster.scheduler_address]
            start = time.perf_counter()
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
            seconds = time.perf_counter() - start
            peak_command = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            workers = cluster.scheduler_info.get("workers", {})
            worker_memory = max((w.get("metrics", {}).get("memory", 0) for w in workers.values()), default=0)
        lines = sum(1 for _ in (Path(folder) / "out.jsonl").open())
        print(f"exit {done.returncode} {done.stderr.strip()[:200]}")
        print(f"checked {lines:,} puzzles in {seconds:.1f} s: {lines / seconds:,.0f} puzzles/s "
              f"on {args.workers} Dask workers")
        print(f"peak memory: the check command {peak_command:.0f} MB (max RSS), "
              f"a worker {worker_memory / 1e6:.0f} MB (at the end)")


if __name__ == "__main__":
    main()
