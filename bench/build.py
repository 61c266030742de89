"""Benchmark: the whole build for books of 250, 500 and 1,000 9x9 puzzles.

Verify, then puzzle and answer booklets in all four formats, timed per stage
and per renderer, so a stage that grows faster than linearly shows up as a
ratio well above 2 between the 500 and 1,000 rows. Target: under 15 s in total
for 1,000 puzzles on a 2-core machine; no renderer over 3 s.

    python bench/build.py [--sizes 250,500,1000] [--data bench/data/top1465.txt]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.build import BuildOptions, build  # noqa: E402

CONFIG = """\
books:
  - title: "Benchmark: {n} Sudoku"
    language: en
    sections:
      - title: "Hard"
        kind: sudoku
        puzzles: set.txt
output:
  folder: out
"""

COLUMNS = ("sources", "verify", "layout", "render.pdf", "render.docx", "render.rtf", "render.html", "write")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="250,500,1000")
    parser.add_argument("--data", type=Path, default=ROOT / "bench" / "data" / "top1465.txt")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    puzzles = [line.split()[0] for line in args.data.read_text().splitlines() if line.strip()]
    print(f"{'puzzles':>8} " + " ".join(f"{c:>11}" for c in COLUMNS) + f" {'total':>8} {'pages':>6}")
    for n in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            base = Path(folder)
            (base / "set.txt").write_text("\n".join(puzzles[:n]) + "\n")
            (base / "config.yaml").write_text(CONFIG.format(n=n))
            start = time.perf_counter()
            result = build(BuildOptions(config=base / "config.yaml", jobs=args.jobs))
            total = time.perf_counter() - start
            if result.exit_code:
                print(f"build failed: {result.errors or result.status}", file=sys.stderr)
                return 1
            pages = sum(o.pages for o in result.outputs if o.format == "pdf")
            print(f"{n:>8} " + " ".join(f"{result.timings.get(c, 0):>10.2f}s" for c in COLUMNS)
                  + f" {total:>7.2f}s {pages:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
