"""Benchmark: peak memory per 1,000 puzzles for `check` and `build` (issue #15).

A book read from one big file of small puzzles must fit the README's input limit on a
shared machine, so memory per puzzle is what matters. Each run is a fresh process that
calls the CLI in itself and reports its own peak resident set (the parent holds every
item; workers are measured separately), for files of N distinct unique 4x4 puzzles:
variants (relabelled, transposed, rows and columns permuted within bands and stacks) of
the seeds in bench/data/sudoku4-seeds.txt. The peak less the start-up peak of an empty
run, divided by N / 1,000, is the figure.

    python bench/memory.py [--sizes 1000,4000,16000] [--formats pdf,docx,rtf,html]
"""
from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "bench" / "data" / "sudoku4-seeds.txt"

RUN = """\
import json, resource, sys
sys.argv = ["puzzlepress", *json.loads(sys.argv[1])]
from publisher.cli import main
code = main()
print(json.dumps({"code": code, "self_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "workers_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}), file=sys.stderr)
"""


def variants(puzzle: str) -> Iterator[str]:
    """Every transform of a 4x4 puzzle that keeps it a unique Sudoku."""
    grid = [list(puzzle[r * 4:(r + 1) * 4]) for r in range(4)]
    bands = [(0, 1), (1, 0)]
    for relabel in itertools.permutations("1234"):
        table = dict(zip("1234", relabel, strict=True)) | {".": "."}
        for transpose, rb, cb, r0, r1, c0, c1 in itertools.product((False, True), bands, bands, bands, bands,
                                                                   bands, bands):
            rows = [2 * b + r for b in rb for r in (r0 if b == 0 else r1)]
            cols = [2 * b + c for b in cb for c in (c0 if b == 0 else c1)]
            cells = [[grid[r][c] for c in cols] for r in rows]
            if transpose:
                cells = [list(col) for col in zip(*cells, strict=True)]
            yield "".join(table[v] for row in cells for v in row)


def puzzles(count: int) -> list[str]:
    seen: dict[str, None] = {}
    for seed in SEEDS.read_text(encoding="utf-8").split():
        for variant in variants(seed):
            seen.setdefault(variant)
            if len(seen) == count:
                return list(seen)
    raise SystemExit(f"only {len(seen)} distinct variants in {SEEDS}; add seeds")


def measure(folder: Path, args: list[str]) -> dict[str, int]:
    done = subprocess.run([sys.executable, "-c", RUN, json.dumps(args)], cwd=folder, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=False)
    last = done.stderr.strip().splitlines()[-1]
    result: dict[str, int] = json.loads(last)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,4000,16000")
    parser.add_argument("--formats", default="pdf,docx,rtf,html")
    options = parser.parse_args()
    sizes = [int(n) for n in options.sizes.split(",")]
    formats = options.formats.split(",")
    print(f"{'puzzles':>8} {'command':>7} {'peak MiB':>9} {'MiB / 1,000':>12} {'workers MiB':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "one.txt").write_text(puzzles(1)[0] + "\n", encoding="utf-8")
        base = measure(folder, ["check", "one.txt"])["self_kib"]
        for n in sizes:
            (folder / "set.txt").write_text("\n".join(puzzles(n)) + "\n", encoding="utf-8")
            (folder / "config.yaml").write_text(
                "books:\n  - title: Memory\n    sections: [{title: S, puzzles: set.txt}]\n"
                f"output: {{formats: [{', '.join(formats)}]}}\n", encoding="utf-8")
            for command in (["check", "set.txt"], ["build", "config.yaml", "-q", "--jobs", "2"]):
                got = measure(folder, command)
                assert got["code"] == 0, (command, got)
                peak = got["self_kib"] / 1024
                print(f"{n:>8,} {command[0]:>7} {peak:>9.0f} {(got['self_kib'] - base) / 1024 / (n / 1000):>12.1f} "
                      f"{got['workers_kib'] / 1024:>12.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
