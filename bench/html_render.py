"""How long the HTML renderer takes for a 1,000-puzzle 9x9 book, and how big the files are.

Prints figures only (speed goals are never timed tests). The goal from the
issue: under 3 s for the puzzle and the answer booklet together, with the
puzzle booklet playable (every puzzle's solution and solving steps embedded).

    python bench/html_render.py [puzzles] [runs]
"""
from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from publisher.kinds import KINDS
from publisher.layout import layout_book
from publisher.model import BookSpec
from publisher.render import html
from solver import sudoku
from tests.booksamples import big_book

HINT_SOURCE = Path(__file__).resolve().parent.parent / "puzzles" / "9x9-hard.txt"


def with_hints(spec: BookSpec) -> BookSpec:
    """Every puzzle carries a real explanation (the grader's steps for the sample hard
    puzzles, in turn), so the playable booklet embeds as much as a real build does."""
    kind = KINDS["sudoku"]
    puzzles = sudoku.parse_text(HINT_SOURCE.read_text(encoding="utf-8"))
    hints = [kind.hints(p, kind.explain(p)) for p in puzzles]
    section = spec.sections[0]
    boards = tuple(replace(board, hints=hints[i % len(hints)]) for i, board in enumerate(section.boards))
    return replace(spec, sections=(replace(section, boards=boards),))


def main(puzzles: int = 1000, runs: int = 3) -> None:
    started = time.perf_counter()
    spec = with_hints(big_book(puzzles))
    started = time.perf_counter()
    booklets = layout_book(spec)
    print(f"layout of {puzzles} puzzles: {time.perf_counter() - started:.2f} s (not the renderer)")
    renderer = html.HtmlRenderer()
    walls, cpus = [], []
    for run in range(runs):
        html._subset_woff.cache_clear()          # every run subsets the fonts again
        wall = cpu = 0.0
        for booklet in booklets:
            started, started_cpu = time.perf_counter(), time.process_time()
            data = renderer.render(booklet)
            seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - started_cpu
            wall, cpu = wall + seconds, cpu + cpu_seconds
            if run == 0:
                print(f"  {booklet.role:8} {booklet.page_count:4} pages  {len(data) / 1e6:6.2f} MB  "
                      f"{seconds:.2f} s wall  {cpu_seconds:.2f} s CPU")
        walls.append(wall)
        cpus.append(cpu)
    # CPU time as well as wall time: on a shared, busy machine wall time mostly measures the neighbours
    print(f"html render, puzzles + answers: wall median {statistics.median(walls):.2f} s "
          f"(best {min(walls):.2f} s), CPU median {statistics.median(cpus):.2f} s over {runs} runs (goal < 3 s)")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
