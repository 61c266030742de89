"""Canonical forms and puzzle IDs: what makes two puzzles "the same puzzle" for a series.

A buyer who meets a puzzle again, turned a quarter, mirrored or with its digits
swapped, has met the same puzzle. Each kind therefore names a symmetry group
(its own module computes the form: :mod:`solver.sudoku.canonical`,
:mod:`solver.knights.canonical`, :func:`solver.queens.canonical_form`) and the
*canonical form* of a puzzle is one chosen representative of its orbit under
that group: two puzzles are equivalent exactly when their forms are equal. The
form is plain text so a catalog can store it and a person can read it.

:func:`puzzle_id` hashes a form into ten base-32 characters (50 bits): short
enough for a caption, and with a million catalogued puzzles the chance that two
different forms share an ID is below one in two thousand (and the catalog
compares the forms themselves, so even that never reports a false repeat).

This module also holds what board-shaped kinds share: the eight symmetries of a
rectangular board (:data:`BOARD_SYMMETRIES`) and the form of a board carrying
marks (:func:`board_form`).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

#: Crockford's base 32: digits and letters without I, L, O and U, so an ID read
#: aloud or retyped from a printed page cannot be misread.
ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ID_LENGTH = 10


@dataclass(frozen=True)
class Form:
    """A puzzle's canonical form: its kind and the text of the chosen representative."""

    kind: str
    text: str

    @property
    def id(self) -> str:
        return puzzle_id(self)


def puzzle_id(form: Form) -> str:
    """Ten base-32 characters from the form: stable across versions, platforms and runs
    (SHA-256 of ``kind`` and ``text``, its first 50 bits)."""
    digest = hashlib.sha256(f"{form.kind}\n{form.text}".encode()).digest()
    value = int.from_bytes(digest[:8], "big") >> (64 - 5 * ID_LENGTH)
    chars = []
    for _ in range(ID_LENGTH):
        value, digit = divmod(value, 32)
        chars.append(ID_ALPHABET[digit])
    return "".join(reversed(chars))


def normal_id(text: str) -> str | None:
    """A puzzle ID as typed by a person (any case, with spaces or dashes, O for 0, I and
    L for 1) in its printed spelling, or None when ``text`` is not an ID."""
    cleaned = text.strip().upper().replace("-", "").replace(" ", "")
    cleaned = cleaned.replace("O", "0").replace("I", "1").replace("L", "1")
    if len(cleaned) != ID_LENGTH or any(ch not in ID_ALPHABET for ch in cleaned):
        return None
    return cleaned


Square = tuple[int, int]
#: (row, col, rows, cols) -> the square's image on the transformed board
SquareMap = Callable[[int, int, int, int], Square]


@dataclass(frozen=True)
class BoardSymmetry:
    """One of the eight symmetries of a rows x cols board; ``turns`` says whether the
    image board is cols x rows (a quarter turn or a diagonal reflection)."""

    name: str
    words: str          # how a repeat's reason names it: "rotated 90°", "mirrored"
    turns: bool
    image: SquareMap

    def dims(self, rows: int, cols: int) -> tuple[int, int]:
        return (cols, rows) if self.turns else (rows, cols)


BOARD_SYMMETRIES: tuple[BoardSymmetry, ...] = (
    BoardSymmetry("identity", "", False, lambda r, c, rows, cols: (r, c)),
    BoardSymmetry("rot90", "rotated 90°", True, lambda r, c, rows, cols: (c, rows - 1 - r)),
    BoardSymmetry("rot180", "rotated 180°", False, lambda r, c, rows, cols: (rows - 1 - r, cols - 1 - c)),
    BoardSymmetry("rot270", "rotated 270°", True, lambda r, c, rows, cols: (cols - 1 - c, r)),
    BoardSymmetry("mirror", "mirrored left to right", False, lambda r, c, rows, cols: (r, cols - 1 - c)),
    BoardSymmetry("flip", "mirrored top to bottom", False, lambda r, c, rows, cols: (rows - 1 - r, c)),
    BoardSymmetry("diagonal", "reflected in the main diagonal", True, lambda r, c, rows, cols: (c, r)),
    BoardSymmetry("antidiagonal", "reflected in the other diagonal", True,
                  lambda r, c, rows, cols: (cols - 1 - c, rows - 1 - r)),
)
SYMMETRY_NAMES = {symmetry.name: symmetry for symmetry in BOARD_SYMMETRIES}


def board_form(rows: int, cols: int, marks: Mapping[Square, str],
               header: str = "") -> tuple[str, BoardSymmetry]:
    """The least (as text) image of a board carrying ``marks`` under its eight symmetries,
    and the symmetry that gives it. The text is ``header``, the image's size and its rows
    (marks separated by spaces, ``.`` for an empty square)."""
    best: tuple[str, BoardSymmetry] | None = None
    for symmetry in BOARD_SYMMETRIES:
        height, width = symmetry.dims(rows, cols)
        grid = [["."] * width for _ in range(height)]
        for (r, c), mark in marks.items():
            rr, cc = symmetry.image(r, c, rows, cols)
            grid[rr][cc] = mark
        text = f"{header}{height}x{width} " + "/".join(" ".join(row) for row in grid)
        if best is None or text < best[0]:
            best = (text, symmetry)
    assert best is not None
    return best


def board_relation(a: tuple[int, int, Mapping[Square, str]],
                   b: tuple[int, int, Mapping[Square, str]]) -> str | None:
    """How board ``b`` is board ``a`` moved (each as rows, cols and marks): the words of
    the first symmetry taking ``a`` onto ``b`` ("" when they are the same), or None."""
    rows, cols, marks = a
    for symmetry in BOARD_SYMMETRIES:
        if symmetry.dims(rows, cols) != (b[0], b[1]):
            continue
        image = {symmetry.image(r, c, rows, cols): mark for (r, c), mark in marks.items()}
        if image == dict(b[2]):
            return symmetry.words
    return None
