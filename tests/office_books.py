"""Booklets the DOCX/RTF tests share: the sample books laid out once per test session."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache

from publisher.layout import layout_book
from publisher.model import Band, Booklet, PlacedGrid
from tests.booksamples import sample_book, vietnamese_book


def _with_empty_pages(booklet: Booklet) -> Booklet:
    """The booklet with its second and last pages emptied (running head and
    folio kept): a page that holds nothing must still be a page."""
    last = len(booklet.pages) - 1
    pages = tuple(replace(page, blocks=()) if i in (1, last) else page for i, page in enumerate(booklet.pages))
    return replace(booklet, pages=pages)


#: name -> its booklets. Together: Vietnamese text, A4, Letter, 6x9 in, A5 mirrored large
#: print, 4x4 to 25x25, a jigsaw, knight's tours and a queens board, answers separate or
#: at the back, and pages that hold nothing.
BOOKS: dict[str, Callable[[], tuple[Booklet, ...]]] = {
    "vietnamese-a4": lambda: layout_book(vietnamese_book()),
    "letter-back": lambda: layout_book(sample_book("Letter", answers="back")),
    "6x9in": lambda: layout_book(sample_book("6x9in", per_page=(1, 2))),
    "a5-large-mirrored": lambda: layout_book(sample_book("A5", mirrored=True, large_print=True, count=4)),
    "empty-pages": lambda: tuple(_with_empty_pages(b) for b in booklets("6x9in")),
}


@cache
def booklets(name: str) -> tuple[Booklet, ...]:
    return BOOKS[name]()


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
