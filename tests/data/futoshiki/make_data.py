"""How tatham-unequal.tsv and damaged.tsv were made (run once, by hand, with sgt-puzzles
installed: ``PYTHONPATH=. python tests/data/futoshiki/make_data.py``); the tests read only the
files. Two fresh ``sgt-unequal --generate`` puzzles per size 4-7 and level (t, e, k, x, r), in
Unequal and in Adjacent mode (a 4x4 Adjacent is t or e: Tatham refuses harder), each with its
solution by the independent solver of tests/futoshiki_oracle.py; then, per puzzle, one
damage (seeded): a sign removed or turned round, a bar removed or added, a given changed; and
what that solver says of the damaged copy (its solution count, up to 2, and its solutions)."""
from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

from tests.futoshiki_oracle import STEPS, parse_id, solutions

HERE = Path(__file__).parent


def damage(game: str, rng: random.Random) -> str:
    """The game ID with one thing changed, written in Tatham's own form."""
    params, _, body = game.rpartition(":")
    cells = re.findall(r"(\d+)([UDLR]*),", body)
    n = int(len(cells) ** 0.5)
    adjacent = "a" in params
    values = [int(v) for v, _ in cells]
    flags = [set(f) for _, f in cells]
    opposite = {"U": "D", "D": "U", "L": "R", "R": "L"}
    flagged = [(c, f) for c in range(n * n) for f in flags[c]]
    choice = rng.choice(["given", "remove", "turn" if not adjacent else "add"] if any(values) else ["remove", "turn"
                        if not adjacent else "add"])
    if choice == "given" or (choice != "add" and not flagged):
        cell = rng.choice([c for c in range(n * n) if values[c]] or range(n * n))
        values[cell] = rng.choice([v for v in range(1, n + 1) if v != values[cell]])
    else:
        def other(cell: int, flag: str) -> int:
            dr, dc = STEPS[flag]
            return cell + dr * n + dc

        if choice == "add":
            free = [(c, f) for c in range(n * n) for f in "UDLR" if f not in flags[c]
                    and 0 <= c // n + STEPS[f][0] < n and 0 <= c % n + STEPS[f][1] < n]
            cell, flag = rng.choice(free)
            flags[cell].add(flag)
            flags[other(cell, flag)].add(opposite[flag])
        else:
            cell, flag = rng.choice(flagged)
            flags[cell].discard(flag)
            flags[other(cell, flag)].discard(opposite[flag])
            if choice == "turn":
                flags[other(cell, flag)].add(opposite[flag])
    return f"{params}:" + "".join(f"{v}{''.join(f for f in 'UDLR' if f in fl)}," for v, fl in zip(values, flags))


def main() -> None:
    rng = random.Random(48)
    rows, damaged = ["params\tid\tsolution"], ["source\tid\tcount\tsolutions"]
    for mode in ("", "a"):
        for size in (4, 5, 6, 7):
            for level in "tekxr":
                if mode and size == 4 and level not in "te":
                    continue
                params = f"{size}{mode}d{level}"
                ids = subprocess.run(["sgt-unequal", "--generate", "2", params], capture_output=True, text=True,
                                     check=True).stdout.split()
                for game in ids:
                    game = f"{params}:{game.split(':', 1)[1]}"
                    found = solutions(*parse_id(game))
                    assert len(found) == 1, game
                    rows.append(f"{params}\t{game}\t{''.join(map(str, found[0]))}")
                    text = damage(game, rng)
                    broken = solutions(*parse_id(text))
                    damaged.append(f"{params}\t{text}\t{len(broken)}\t{' '.join(''.join(map(str, s)) for s in broken)}")
                    print(params, len(broken), flush=True)
    (HERE / "tatham-unequal.tsv").write_text("\n".join(rows) + "\n")
    (HERE / "damaged.tsv").write_text("\n".join(damaged) + "\n")


if __name__ == "__main__":
    main()
