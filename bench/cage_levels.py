"""Our cage levels against Tatham's letters, one run: fresh Killers from ``sgt-solo 3x3kd?``
(and with diagonals, ``3x3xkd?``) and KenKens from ``sgt-keen 6d?`` / ``9d?`` at each of his
levels, graded by ours; prints per letter our ratings and levels, and Spearman's rank
correlation of our rating (and our level) with his letter's rank.

    python bench/cage_levels.py [--count 12] [--kinds killer,killer-x,kenken6,kenken9] [--extreme]

Tatham's Killer letters are t (trivial), b (basic), i (intermediate), a (advanced),
e (extreme) and u (unreasonable); his extreme Killers take him about 12 CPU s each, so ``e``
is left out unless ``--extreme``. KenKen: e, n (normal), h (hard), x (extreme), u. The
issue's goal: Spearman >= 0.8 for Killer, >= 0.9 for KenKen. ``sgt-puzzles`` (apt) is a
bench-only peer.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from grade import spearman  # noqa: E402  (bench/grade.py, beside this file)

from solver import formats  # noqa: E402
from solver.kenken.grade import grade as grade_kenken  # noqa: E402
from solver.killer.grade import grade as grade_killer  # noqa: E402

LEVEL_RANK = {"easy": 0, "medium": 1, "hard": 2, "diabolical": 3}
#: (title, program, parameters for a letter, letters in order of difficulty, our grader)
KINDS = {
    "killer": ("Killer 9x9", "sgt-solo", "3x3kd{}", "tbiaeu", grade_killer),
    "killer-x": ("Killer X 9x9", "sgt-solo", "3x3xkd{}", "tbiaeu", grade_killer),
    "kenken6": ("KenKen 6x6", "sgt-keen", "6d{}", "enhxu", grade_kenken),
    "kenken9": ("KenKen 9x9", "sgt-keen", "9d{}", "enhxu", grade_kenken),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12, help="Tatham's puzzles per letter")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: " + ", ".join(KINDS))
    parser.add_argument("--extreme", action="store_true", help="Killers at Tatham's e too (slow for him)")
    args = parser.parse_args()
    for key in args.kinds.split(","):
        title, program, params, letters, grade = KINDS[key]
        path = shutil.which(program) or shutil.which(program, path="/usr/games")
        if not path:
            print(f"{title}: not measured ({program} is not installed)")
            continue
        if key.startswith("killer") and not args.extreme:
            letters = letters.replace("e", "")
        theirs: list[float] = []
        ratings: list[float] = []
        levels: list[float] = []
        print(f"{title}: {args.count} of Tatham's per letter")
        for rank, letter in enumerate(letters):
            made = subprocess.run([path, "--generate", str(args.count), params.format(letter)],
                                  capture_output=True, text=True, check=True).stdout.split()
            found = [grade(formats.read_line(line, number, number - 1)) for number, line in enumerate(made, 1)]
            theirs += [float(rank)] * len(found)
            ratings += [g.rating for g in found]
            levels += [float(LEVEL_RANK[g.level]) for g in found]
            shown = ", ".join(f"{level} {n}" for level, n in sorted(Counter(g.level for g in found).items(),
                                                                    key=lambda item: LEVEL_RANK[item[0]]))
            print(f"  {letter}: ratings {min(g.rating for g in found):.1f}-{max(g.rating for g in found):.1f}"
                  f" (median {sorted(g.rating for g in found)[len(found) // 2]:.1f}); {shown}")
        print(f"  Spearman with Tatham's letters: rating {spearman(theirs, ratings):.2f}, "
              f"level {spearman(theirs, levels):.2f}")


if __name__ == "__main__":
    main()
