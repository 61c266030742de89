"""Time the DOCX and RTF renderers on a 1,000-puzzle 9x9 book (puzzle + answer booklets).

Prints seconds per booklet and the total per format; the goal is under 3 s per
format on the development machine. Run: python bench/office_render.py [N]
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from publisher.layout import layout_book
from publisher.render.docx import DocxRenderer
from publisher.render.rtf import RtfRenderer
from tests.booksamples import big_book


def main(count: int) -> None:
    start = time.perf_counter()
    booklets = layout_book(big_book(count))
    print(f"layout of {count} puzzles: {time.perf_counter() - start:.2f} s, "
          + ", ".join(f"{b.role} {b.page_count} pages" for b in booklets))
    for renderer in (DocxRenderer(), RtfRenderer()):
        total = 0.0
        for booklet in booklets:
            start = time.perf_counter()
            data = renderer.render(booklet)
            elapsed = time.perf_counter() - start
            total += elapsed
            print(f"{renderer.name:5} {booklet.role:8} {elapsed:6.2f} s  {len(data) / 1e6:6.2f} MB")
        print(f"{renderer.name:5} total    {total:6.2f} s  (goal < 3 s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
