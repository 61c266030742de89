"""Time the layout engine and the PDF renderer on a 1,000-puzzle 9x9 book.

Prints figures, asserts nothing (speed goals are read, not tested):
    python bench/pdf_render.py [puzzles]
Goals (issue 4): layout well under 1 s, PDF (puzzles + answers) under 3 s.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from publisher.layout import layout_book
from publisher.render.pdf import PdfRenderer
from tests.booksamples import big_book


def main(count: int = 1000) -> None:
    spec = big_book(count)
    layout_book(spec)                       # warm the font metrics cache
    start = time.perf_counter()
    booklets = layout_book(spec)
    layout_s = time.perf_counter() - start
    renderer = PdfRenderer()
    renderer.render(booklets[-1])           # warm reportlab's font registration
    start = time.perf_counter()
    sizes = [len(renderer.render(booklet)) for booklet in booklets]
    render_s = time.perf_counter() - start
    pages = [b.page_count for b in booklets]
    print(f"{count} 9x9 puzzles: layout {layout_s:.3f} s; PDF render {render_s:.3f} s "
          f"for {sum(pages)} pages {pages}, {sum(sizes) / 1e6:.2f} MB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
