"""Cross-references, filled in once the pages are final: a puzzle names its answer's page (in
its own booklet's answer key when it has one, else in the answer booklet), an answer its
puzzle's page (in the puzzle booklet, for a separate answer booklet)."""
from __future__ import annotations

from dataclasses import replace

from publisher.labels import page_words
from publisher.model import Band, Booklet, PlacedGrid
from publisher.typeset import Typesetter


def _grid_pages(booklet: Booklet) -> tuple[dict[int, int], dict[int, int]]:
    """Page of every puzzle number's puzzle and of its answer in a booklet."""
    puzzles: dict[int, int] = {}
    answers: dict[int, int] = {}
    for page in booklet.pages:
        for block in page.blocks:
            if isinstance(block, Band):
                for item in block.items:
                    if item.number is None:     # a demonstration: no other half
                        continue
                    is_answer = item.ref is not None and not item.ref.below
                    (answers if is_answer else puzzles).setdefault(item.number, page.number)
    return puzzles, answers


def cross_referenced(booklets: tuple[Booklet, ...], labels: dict[str, str]) -> tuple[Booklet, ...]:
    """The booklets with every cross-reference's page filled in: pages are
    final once laid out (the line is reserved whatever it says), so this is
    one pass after layout. A puzzle names its answer's page in the same
    booklet when it holds the key, else in the answer booklet; an answer names
    its puzzle's page in the puzzle booklet."""
    puzzle_book = booklets[0]
    puzzle_pages, key_pages = _grid_pages(puzzle_book)
    key_book = puzzle_book
    if not key_pages:                       # answers: separate
        key_book = booklets[-1]
        key_pages = _grid_pages(key_book)[1]
    setter = Typesetter(puzzle_book.fonts)

    def filled(item: PlacedGrid, booklet: Booklet) -> PlacedGrid:
        ref = item.ref
        if ref is None or item.number is None:
            return item
        if ref.below:
            page, role, stem, label = key_pages[item.number], key_book.role, key_book.stem, "answer_page"
        else:
            page, role, stem, label = puzzle_pages[item.number], "puzzles", puzzle_book.stem, "puzzle_page"
        text = setter.one_line(page_words(labels[label], page), ref.style, item.grid.width)
        return replace(item, ref=replace(ref, text=text, page=page, role=role, stem=stem))

    out = []
    for booklet in booklets:
        pages = tuple(replace(page, blocks=tuple(
            replace(block, items=tuple(filled(item, booklet) for item in block.items)) if isinstance(block, Band)
            else block for block in page.blocks)) for page in booklet.pages)
        out.append(replace(booklet, pages=pages))
    return tuple(out)
