"""Benchmark: a catalog of 1,000,000 puzzles on SQLite and PostgreSQL, and a 10,000-puzzle book checked against it.

The puzzles: the public banks in bench/data (top1465, 17clue-1000), and as many more as
asked made from them by adding one or two givens of each bank puzzle's solution (a new
pattern of givens is a new puzzle, still with one solution). Their canonical forms are
computed once (``--jobs`` processes) and recorded in batches into both databases, each
insert timed on its own. The book: half its puzzles catalogued ones moved by a random
symmetry (turned, bands swapped, digits relabelled ...), half new ones; its check is the
forms of its 10,000 puzzles and one indexed lookup of their IDs, which must find every
catalogued one and nothing else.

    python bench/catalog.py [--count 1000000] [--book 10000] [--jobs 2] [--postgres URL]

Without ``--postgres`` a throw-away PostgreSQL cluster is started (tests/postgres_server.py).
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from publisher.catalog import Catalog, Entry, recorded_now, stored_puzzle  # noqa: E402
from solver.sudoku import Puzzle, parse_text, solve  # noqa: E402
from solver.sudoku.canonical import form_of  # noqa: E402
from tests import postgres_server  # noqa: E402
from tests.canonical_oracle import random_move  # noqa: E402

BANKS = ("top1465.txt", "17clue-1000.txt")
BATCH = 20_000


def bank() -> list[Puzzle]:
    found = []
    for name in BANKS:
        found += [p for p in parse_text((ROOT / "bench" / "data" / name).read_text()) if isinstance(p, Puzzle)]
    return found


def variants(base: list[Puzzle], count: int, seed: int) -> Iterator[Puzzle]:
    """The bank's puzzles, then puzzles with one or two more givens from their solutions."""
    yield from base[:count]
    rng = random.Random(seed)
    solutions = [solve(p) for p in base]
    made = len(base)
    seen: set[bytes] = set()
    while made < count:
        k = rng.randrange(len(base))
        puzzle, solution = base[k], solutions[k]
        if solution is None:
            continue
        blanks = [i for i, v in enumerate(puzzle.givens) if not v]
        added = rng.sample(blanks, rng.choice((1, 2)))
        givens = list(puzzle.givens)
        for cell in added:
            givens[cell] = solution[cell]
        key = bytes(givens)
        if key in seen:
            continue
        seen.add(key)
        made += 1
        yield Puzzle(puzzle.geometry, puzzle.symbols, tuple(givens))


def _form(puzzle: Puzzle) -> tuple[str, str]:
    form = form_of(puzzle)
    return form.id, form.text


def entries(puzzles: list[Puzzle], forms: list[tuple[str, str]], start: int, stamp: str) -> list[Entry]:
    rows = []
    for offset, (puzzle, (pid, text)) in enumerate(zip(puzzles, forms)):
        number = start + offset
        rows.append(Entry(pid, text, "sudoku", "9x9", f"Bank volume {number // 10_000 + 1}", "", "Puzzles",
                          number % 10_000 + 1, "bench", number + 1, None, stamp,
                          stored_puzzle(puzzle.format(), {"size": 9, "symbols": puzzle.symbols, "box": "3x3"})))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--book", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--postgres", help="a postgresql:// URL of an empty database (default: start a cluster)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pp-bench-catalog-"))
    server = None
    url = args.postgres
    if url is None:
        server = Path(tempfile.mkdtemp(prefix="pp-bench-pg-"))   # postgres must reach it: not inside work
        url = postgres_server.start(server)
    targets = {"SQLite": Catalog(str(work / "bench.db")), "PostgreSQL": Catalog(url)}
    inserting = dict.fromkeys(targets, 0.0)
    rng = random.Random(1)
    base = bank()
    stamp = recorded_now()
    sample: list[Puzzle] = []      # catalogued puzzles the book will repeat
    done = 0
    forms_time = 0.0
    with multiprocessing.Pool(args.jobs) as pool:
        batch: list[Puzzle] = []
        half = args.book // 2
        made = variants(base, args.count + args.book - half, 7)
        for puzzle in (next(made) for _ in range(args.count)):
            batch.append(puzzle)
            if len(batch) == BATCH or done + len(batch) == args.count:
                began = time.perf_counter()
                forms = pool.map(_form, batch, chunksize=200)
                forms_time += time.perf_counter() - began
                rows = entries(batch, forms, done, stamp)
                for name, catalog in targets.items():
                    began = time.perf_counter()
                    catalog.add(rows)
                    inserting[name] += time.perf_counter() - began
                sample += rng.sample(batch, min(len(batch), max(1, args.book // 2 * BATCH // args.count + 1)))
                done += len(batch)
                batch = []
                print(f"  {done:,} puzzles: forms {forms_time:.0f} s, "
                      + ", ".join(f"{n} insert {t:.0f} s" for n, t in inserting.items()), flush=True)
        print(f"forms: {done:,} in {forms_time:.1f} s with {args.jobs} processes "
              f"({forms_time / done * 1000 * args.jobs:.2f} ms per puzzle and process)")
        for name, seconds in inserting.items():
            print(f"{name}: {targets[name].count():,} rows recorded in {seconds:.1f} s ({done / seconds:,.0f} rows/s)")

        # the book: half catalogued puzzles moved, half new ones
        repeats = [random_move(p, rng) for p in rng.sample(sample, min(half, len(sample)))]
        fresh = list(made)
        book = repeats + fresh
        began = time.perf_counter()
        book_forms = pool.map(_form, book, chunksize=100)
        book_time = time.perf_counter() - began
    print(f"book: {len(book):,} puzzles ({len(repeats):,} catalogued ones moved, {len(fresh):,} new): "
          f"forms in {book_time:.1f} s")
    for name, catalog in targets.items():
        began = time.perf_counter()
        found = catalog.lookup(pid for pid, _ in book_forms)
        seconds = time.perf_counter() - began
        hits = sum(any(row.form == text for row in found.get(pid, ())) for pid, text in book_forms)
        print(f"{name}: checked {len(book):,} puzzles against {catalog.count():,} in {seconds:.2f} s: "
              f"{hits:,} repeats found (expected {len(repeats):,})")
        assert hits >= len(repeats), "a catalogued puzzle was missed"
        catalog.close()
    if server is not None:
        postgres_server.stop(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
