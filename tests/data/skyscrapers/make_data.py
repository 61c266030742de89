"""How tatham-towers.tsv and damaged.tsv were made (run once, by hand, with sgt-puzzles
installed: ``PYTHONPATH=. python tests/data/skyscrapers/make_data.py``); the tests read only the
files. Two fresh ``sgt-towers --generate`` puzzles per size 4-7 and level (e, h, x, u), each
with its solution by the independent solver of tests/skyscraper_oracle.py; then, per puzzle,
one clue changed (seeded) and what that solver says of the damaged copy (its solution count,
up to 2, and its solutions)."""
from __future__ import annotations

import random
import subprocess
from pathlib import Path

from tests.skyscraper_oracle import parse_id, solutions

HERE = Path(__file__).parent


def main() -> None:
    rng = random.Random(48)
    rows, damaged = ["params\tid\tsolution"], ["source\tid\tcount\tsolutions"]
    for size in (4, 5, 6, 7):
        for level in "ehxu":
            params = f"{size}d{level}"
            ids = subprocess.run(["sgt-towers", "--generate", "2", params], capture_output=True, text=True,
                                 check=True).stdout.split()
            for game in ids:
                n, clues, givens = parse_id(game)
                found = solutions(n, clues, givens)
                assert len(found) == 1, game
                rows.append(f"{params}\t{params}:{game.split(':', 1)[1]}\t{''.join(map(str, found[0]))}")
                where = rng.choice([i for i, c in enumerate(clues) if c])
                changed = list(clues)
                changed[where] = rng.choice([v for v in range(n + 1) if v != clues[where]])
                text = f"{n}:" + "/".join(str(c) if c else "" for c in changed) + game[len(game.split(',')[0]):]
                broken = solutions(n, changed, givens)
                damaged.append(f"{params}\t{text}\t{len(broken)}\t{' '.join(''.join(map(str, s)) for s in broken)}")
    (HERE / "tatham-towers.tsv").write_text("\n".join(rows) + "\n")
    (HERE / "damaged.tsv").write_text("\n".join(damaged) + "\n")


if __name__ == "__main__":
    main()
