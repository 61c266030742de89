"""Variant ratings beside Sudoku Explainer's: our grader against SukakuExplainer's ``serate``
with the matching rule switch, on puzzles of our own generator, from one run.

    python bench/variant_ratings.py [--count 4] [--seed 1] [--serate CLASSPATH] [--show 3]
                                    [--rules x,windoku] [--levels easy,hard,diabolical] [--table OUT.tsv]

For each rule SukakuExplainer rates (X ``--isX=1``, windoku ``--isWindows=1``, anti-knight
``--isAntiKnight=1``, anti-king ``--isAntiKing=1``, non-consecutive ``--isNC=1``), ``--count``
puzzles at each level (``--levels``: easy, medium and hard unless asked) are generated (seeded),
rated by ``sudoku.grade`` and by ``serate --format=%r``, and the table prints how many got the
same rating and the same level, Spearman's rank correlation over all, and the first ``--show``
differences (ours / serate). Even-odd has no switch in SukakuExplainer and is left out.
``--table`` appends every puzzle with serate's rating to a TSV (puzzle, variant, se_rating), as
``tests/data/variants`` holds them.

``serate`` is a bench-only peer, built from SukakuExplainer's public source with the machine's
Java: ``git clone https://github.com/SudokuMonster/SukakuExplainer && cd SukakuExplainer &&
find . -name '*.java' > srcs && javac -nowarn -encoding ISO-8859-1 -d classes @srcs``, then
``--serate SukakuExplainer/classes`` (or ``SERATE_CLASSPATH``; default /work/serate/classes).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from grade import spearman  # noqa: E402  (bench/grade.py, beside this file)

from solver.sudoku import grade, level_for  # noqa: E402
from solver.sudoku.generate import Request, generate_one  # noqa: E402

#: our rule name -> SukakuExplainer's switch
SWITCHES = {"x": "isX", "windoku": "isWindows", "anti_knight": "isAntiKnight", "anti_king": "isAntiKing",
            "non_consecutive": "isNC"}
LEVELS = ("easy", "medium", "hard")


def serate(classpath: str, switch: str, puzzles: list[str]) -> list[float]:
    """SukakuExplainer's rating of every puzzle (81-character lines), one process per rule."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
        file.write("\n".join(puzzles) + "\n")
    try:
        done = subprocess.run(["java", "-Xrs", "-cp", classpath, "diuf.sudoku.test.serate", "--format=%r",
                               f"--{switch}=1", f"--input={file.name}"], capture_output=True, text=True, check=True)
    finally:
        os.unlink(file.name)
    ratings = [float(line.replace(",", ".")) for line in done.stdout.split()]
    assert len(ratings) == len(puzzles), done.stdout[-500:]
    return ratings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4, help="puzzles per rule and level")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--serate", default=os.environ.get("SERATE_CLASSPATH", "/work/serate/classes"))
    parser.add_argument("--show", type=int, default=3, help="differences printed per rule")
    parser.add_argument("--rules", default=",".join(SWITCHES), help="the rules to rate, comma-separated")
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels to generate, comma-separated")
    parser.add_argument("--table", type=Path, help="append each puzzle and serate's rating to this TSV")
    args = parser.parse_args()
    if not Path(args.serate).exists():
        print(f"serate: not measured ({args.serate} does not exist; see this script's docstring)")
        return 1
    levels = args.levels.split(",")
    print(f"{args.count} puzzles per rule at each of {', '.join(levels)}, seeds from {args.seed}")
    print(f"{'rule':<16} {'same rating':>12} {'same level':>11}  differences (ours / serate)")
    all_ours: list[float] = []
    all_theirs: list[float] = []
    same_total = level_total = count_total = 0
    for rule, switch in SWITCHES.items():
        if rule not in args.rules.split(","):
            continue
        made = [generate_one(Request(9, level=level, variant=(rule,)), args.seed + k)
                for level in levels for k in range(args.count)]
        texts = ["".join(str(d) if d else "." for d in m.puzzle.givens) for m in made]
        ours = [grade(m.puzzle).rating for m in made]
        theirs = serate(args.serate, switch, texts)
        if args.table is not None:
            new = not args.table.exists()
            with args.table.open("a", encoding="utf-8") as table:
                if new:
                    table.write("puzzle\tvariant\tse_rating\n")
                table.writelines(f"{text}\t{rule}\t{rating:.1f}\n" for text, rating in zip(texts, theirs))
        same = sum(abs(a - b) < 0.05 for a, b in zip(ours, theirs))
        level = sum(level_for(a) == level_for(b) for a, b in zip(ours, theirs))
        shown = [f"{a:.1f}/{b:.1f}" for a, b in zip(ours, theirs) if abs(a - b) >= 0.05][:args.show]
        print(f"{rule:<16} {same:>5}/{len(made):<6} {level:>5}/{len(made):<5}  {', '.join(shown)}")
        all_ours += ours
        all_theirs += theirs
        same_total, level_total, count_total = same_total + same, level_total + level, count_total + len(made)
    print(f"{'all':<16} {same_total:>5}/{count_total:<6} {level_total:>5}/{count_total:<5}  "
          f"Spearman {spearman(all_ours, all_theirs):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
