"""The one caption rule of a book, and how a caption fits its grid's width.

A puzzle and its answer carry the same caption, whatever the kind and
whichever booklet: the number, the puzzle's own title where it has one, its
level where it has one, in the book's language, joined by " · " in that
order. :func:`caption_parts` is the rule (other parts, such as a catalog
id, are added there and nowhere else); :func:`fit_caption` makes a caption
fit above its grid in every format: smaller type down to a floor, then two
lines (the caption box grows for the section's longest), then the title
shortened with "…" (the number and level stay whole), so a caption never
hides behind a neighbour. A grid alone in its row has none: layout fits its
caption to the text block instead (:meth:`publisher.layout.placing.Placer.widened`),
centred over the grid and wider than it where that sets it better.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from publisher.model import Board, TextStyle
from publisher.typeset import Typesetter, visible

SEPARATOR = " · "
#: a caption may shrink to this share of its style's size (and never below the print minimum)
SHRINK = 0.8
#: sizes tried between the style's and the floor, in points: whole half points, the finest DOCX
#: and RTF set, so a shrunk caption prints at one size in every format
SHRINK_STEP = 0.5


def head(number: int | None, labels: Mapping[str, str]) -> str:
    """What a caption starts with: the puzzle's number, or for a section's demonstration (a
    grid with no number) the book's word for an example."""
    return labels["example"] if number is None else str(number)


def caption_parts(board: Board, number: int | None, labels: Mapping[str, str]) -> tuple[str, ...]:
    """Number (with the puzzle's ID when the book prints IDs), own title, level, in
    the book's words (a part the board lacks is left out); a demonstration's caption is
    headed "Example" (:func:`head`)."""
    first = head(number, labels)
    parts = [f"{first}{SEPARATOR}{board.puzzle_id}" if board.puzzle_id else first]   # the head: kept whole
    if board.title and visible(board.title).strip():
        parts.append(visible(board.title).strip())
    if board.difficulty:
        parts.append(labels.get(board.difficulty, board.difficulty))
    return tuple(parts)


#: a caption too long for one line wraps to at most this many before its title is shortened
MOST_LINES = 2


def fit_caption(parts: tuple[str, ...], style: TextStyle, width: float, setter: Typesetter,
                least: float, lines: int = 1) -> tuple[tuple[str, ...], TextStyle]:
    """The caption's lines and style that fit ``width`` in ``lines`` lines (the caption box's):
    the whole caption on one line at the style's size, else at a smaller size (down to
    ``SHRINK`` of it, never below ``least``), else wrapped on up to ``lines`` lines at the
    style's size, else on one line at the smallest size with the title (the middle part)
    shortened with "…"; the number always stays whole."""
    text = SEPARATOR.join(parts)
    floor = max(least, math.ceil(style.size * SHRINK * 2 - 1e-9) / 2)
    size = style.size
    while True:
        sized = style if size == style.size else replace(style, size=size)
        if setter.fits(text, sized, width):
            return (text,), sized
        if size <= floor:
            break
        size = max(floor, round(size - SHRINK_STEP, 2))
    wrapped = setter.wrap(text, style, width)
    if 1 < len(wrapped) <= lines and " ".join(wrapped) == text:    # whole words, the number on the first
        return wrapped, style
    return (_shortened(parts, sized, width, setter),), sized


def caption_lines(parts: tuple[str, ...], style: TextStyle, width: float, setter: Typesetter,
                  least: float) -> int:
    """How many lines the caption takes at ``width`` when it may wrap (at most
    :data:`MOST_LINES`): what a caption box must hold for it."""
    return len(fit_caption(parts, style, width, setter, least, MOST_LINES)[0])


def _shortened(parts: tuple[str, ...], sized: TextStyle, width: float, setter: Typesetter) -> str:
    """The caption on one line with its title, else its detail, shortened with "…"."""
    number, *rest = parts
    if len(rest) == 2:        # a title and a level: shorten the title, keep the level whole
        title, level = rest
        for keep in range(len(title) - 1, 0, -1):
            candidate = SEPARATOR.join((number, title[:keep].rstrip() + "…", level))
            if setter.fits(candidate, sized, width):
                return candidate
        rest = [level]
    if rest:
        whole = SEPARATOR.join((number, rest[0]))
        if setter.fits(whole, sized, width):
            return whole
        detail = rest[0]
        for keep in range(len(detail) - 1, 0, -1):
            candidate = SEPARATOR.join((number, detail[:keep].rstrip() + "…"))
            if setter.fits(candidate, sized, width):
                return candidate
    return number
