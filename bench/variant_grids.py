"""Which 9x9 variant combinations have a full grid at all: the proof behind
``solver.sudoku.rules.NO_GRID``.

    python bench/variant_grids.py [--pairs]

For every entry of ``NO_GRID``, an exhaustive search from the empty grid under those rules
(no node bound) must end without a solution: it prints the nodes and the time it took
(windoku + non_consecutive: 9.4 million nodes, about 105 s). With
``--pairs``, every other pair of variants must give a grid to one of up to 10,000 short seeded
searches, and the searches and time to the first grid are printed (even_odd is left out: its
marks are chosen from a grid).
Exit 1 when a proof or a pair fails.
"""
from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.sudoku.geometry import Geometry
from solver.sudoku.rules import NO_GRID, VARIANTS, variant_rules
from solver.sudoku.search import Search


def ruled(names: tuple[str, ...]) -> Geometry:
    return Geometry.boxed(9).with_rules(variant_rules(names))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", action="store_true", help="also find a grid for every other pair")
    args = parser.parse_args()
    failed = False
    for empty in NO_GRID:
        names = tuple(sorted(empty, key=VARIANTS.index))
        start = time.perf_counter()
        search = Search(ruled(names), [0] * 81)
        found = next(search.solutions(), None)
        print(f"{' + '.join(names):32} {'GRID FOUND' if found else 'no grid':>10} "
              f"{search.stats.nodes:>12,} nodes {time.perf_counter() - start:8.1f} s", flush=True)
        failed |= found is not None
    if args.pairs:
        for names in combinations([v for v in VARIANTS if v != "even_odd"], 2):
            if any(empty <= set(names) for empty in NO_GRID):
                continue
            start = time.perf_counter()
            found = None
            for seed in range(1, 10_001):   # short seeded searches: one long one can sink in a dead subtree
                search = Search(ruled(names), [0] * 81, seed=seed, node_limit=2_000)
                found = next(search.solutions(), None)
                if found is not None:
                    break
            print(f"{' + '.join(names):32} {'grid' if found else 'NO GRID':>10} "
                  f"{seed:>8,} searches {time.perf_counter() - start:8.1f} s", flush=True)
            failed |= found is None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
