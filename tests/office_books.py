"""Booklets the DOCX/RTF tests share: the sample books laid out once per test session."""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from publisher.layout import layout_book
from publisher.model import Band, Booklet, PlacedGrid
from tests.booksamples import sample_book, vietnamese_book

#: name -> book. Together: Vietnamese text, A4, Letter, 6x9 in, A5 mirrored large print,
#: 4x4 to 25x25, a jigsaw, knight's tours and a queens board, answers separate / at the back.
BOOKS = {
    "vietnamese-a4": vietnamese_book,
    "letter-back": lambda: sample_book("Letter", answers="back"),
    "6x9in": lambda: sample_book("6x9in", per_page=(1, 2)),
    "a5-large-mirrored": lambda: sample_book("A5", mirrored=True, large_print=True, count=4),
}


@lru_cache(maxsize=None)
def booklets(name: str) -> tuple[Booklet, ...]:
    return layout_book(BOOKS[name]())


def all_booklets() -> Iterator[tuple[str, Booklet]]:
    for name in BOOKS:
        for booklet in booklets(name):
            yield f"{name}-{booklet.role}", booklet


def placed_grids(booklet: Booklet) -> Iterator[tuple[int, Band, PlacedGrid]]:
    """Every grid in reading order with the (0-based) index of its page."""
    for index, page in enumerate(booklet.pages):
        for block in page.blocks:
            if isinstance(block, Band):
                for item in block.items:
                    yield index, block, item


def bands(booklet: Booklet) -> list[Band]:
    return [block for page in booklet.pages for block in page.blocks if isinstance(block, Band)]
