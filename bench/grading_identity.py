"""Proof that the grader rates exactly as it did: every calibration puzzle against stored ratings.

    python bench/grading_identity.py                    # compare this checkout with the file
    python bench/grading_identity.py --write --code /work/main   # (re)make the reference file

The reference file ``bench/data/se-calibration-grades.tsv`` holds, for each of the 3,205
puzzles of ``bench/data/se-rated-calibration.tsv`` in order, what ``sudoku.grade`` said:
rating, hardest technique, number of steps and whether the solve was complete. It was written
by the grader as it stood before the generation work of issue 27 (``--code`` points at an
unchanged checkout; its ``solver`` package is imported instead of this one's). Issue 49 changed
67 rows, none of their ratings: chains of strong links that tie are taken in SukakuExplainer's
order of suffixes (a Turbot Fish "001" before a 2-String Kite "012", as serate takes them),
which changes the step taken and so the hardest technique's name or the count of steps.
Aligned Triplet Exclusion (SE 7.5, issue 49) changed 75 rows: of their SE ratings 18 were
equal before, 74 after. Forcing chains that keep what a contradicting assumption implied before
its contradiction (SE's cell, region and double chains do) changed 195 rows, 60 of them ratings:
7 of those 60 equalled SE's rating before, 53 after (all 3,205: 2,965 equal before, 3,011 after).

The comparison grades every puzzle again with this checkout's ``grade`` and with the
generator's rating-only path (``solver.sudoku.grade.rate``, when this checkout has it), and
exits 1 listing every puzzle where anything differs. ``--limit N`` checks the first N only.
"""
from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data" / "se-rated-calibration.tsv"
REFERENCE = ROOT / "bench" / "data" / "se-calibration-grades.tsv"
HEADER = "index\trating\thardest\tsteps\tcomplete"


def puzzles() -> list[str]:
    return [line.split("\t")[0] for line in DATA.read_text().splitlines()[1:] if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the reference file")
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the checkout whose solver package grades (default: this one)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles")
    parser.add_argument("--part", default="1/1", help="K/N: only the K-th of N interleaved parts")
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    grade_module = importlib.import_module("solver.sudoku.grade")
    parse_text = importlib.import_module("solver.sudoku").parse_text

    rate = getattr(grade_module, "rate", None)
    texts = puzzles()[:args.limit]
    part, parts = (int(x) for x in args.part.split("/"))
    if args.write and parts != 1:
        parser.error("--write makes the whole file")
    lines, differ = [HEADER], []
    reference = REFERENCE.read_text().splitlines()[1:] if not args.write else []
    start = time.perf_counter()
    for index, text in enumerate(texts):
        if index % parts != part - 1:
            continue
        puzzle = parse_text(text)[0]
        found = grade_module.grade(puzzle)
        line = f"{index}\t{found.rating}\t{found.hardest}\t{found.steps}\t{found.complete}"
        lines.append(line)
        if args.write:
            continue
        if line != reference[index]:
            differ.append(f"grade: {line!r} != reference {reference[index]!r}")
        if rate is not None:
            fast = rate(puzzle)
            if (fast.rating, fast.hardest, fast.complete) != (found.rating, found.hardest, found.complete):
                differ.append(f"rate: {index} {fast} != grade {found.rating} {found.hardest}")
    seconds = time.perf_counter() - start
    if args.write:
        REFERENCE.write_text("\n".join(lines) + "\n")
        print(f"wrote {len(texts)} grades to {REFERENCE} in {seconds:.0f} s (grader: {grade_module.__file__})")
        return 0
    for line in differ:
        print(line)
    checked = "grade and rate" if rate is not None else "grade"
    print(f"{len(lines) - 1} puzzles (part {args.part}), {checked}: {len(differ)} differences ({seconds:.0f} s)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
