"""Benchmark: a print-on-demand book in one command: 300 generated Sudoku on 6x9 in for KDP,
interior and full-wrap cover, the build's own preflight included.

Prints the whole build time (wall clock, as a user waits for it), each stage, the page
count and the cover's spine beside the formula's, and a separate preflight run of the
written files, so the cost of checking is visible on its own.

    python bench/print_book.py [--count 300] [--bleed] [--paper white] [--jobs N]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pymupdf  # noqa: E402
import yaml  # noqa: E402

from publisher.build import BuildOptions, build  # noqa: E402
from publisher.config import load  # noqa: E402
from publisher.printing import checks  # noqa: E402
from publisher.printing.profile import load_profile  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--paper", default="white")
    parser.add_argument("--bleed", action="store_true")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "config.yaml"
        config.write_text(yaml.safe_dump({"books": [{
            "title": f"{args.count} Sudoku", "author": "puzzlepress bench", "answers": "back",
            "page": {"size": "6x9in"}, "print": {"service": "kdp", "paper": args.paper, "bleed": args.bleed},
            "cover": {"back_text": f"{args.count} Sudoku, from easy to hard, answers at the back."},
            "sections": [{"title": "Easy", "generate": {"count": args.count // 2, "level": "easy", "seed": 1}},
                         {"title": "Medium", "generate": {"count": args.count - args.count // 2, "level": "medium",
                                                          "seed": 2}}]}],
            "output": {"folder": "out", "formats": ["pdf", "cover"]}}))
        start = time.perf_counter()
        result = build(BuildOptions(config=config, jobs=args.jobs))
        total = time.perf_counter() - start
        if result.exit_code:
            print("build failed:", *result.errors, sep="\n  ")
            return 1
        out = Path(folder) / "out"
        stem = f"{args.count}-sudoku"
        with pymupdf.open(out / f"{stem}-puzzles.pdf") as doc:
            pages = doc.page_count
        with pymupdf.open(out / f"{stem}-cover.pdf") as doc:
            width = doc[0].mediabox.width / 72
        spine = load_profile("kdp").spine_width(pages, args.paper) / 72
        stages = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in result.timings.items())
        print(f"{args.count} generated puzzles, KDP 6x9 in, {args.paper}, bleed {args.bleed}: whole build "
              f"{total:.2f} s ({stages})")
        print(f"interior {pages} pages; cover {width:.3f} in wide = 0.25 + 12 + spine {spine:.3f} in "
              f"({pages} x per-page thickness)")
        start = time.perf_counter()
        results = checks.check_books(load(config), checks.Override(None))
        found = sum(len(r.violations) for r in results)
        print(f"preflight of the written files: {time.perf_counter() - start:.2f} s, {found} violations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
