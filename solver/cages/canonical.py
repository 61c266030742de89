"""Canonical forms of cage puzzles: the same Killer or KenKen turned or mirrored is the same
puzzle. Digits cannot be relabelled (the totals would change), so the group is the eight
symmetries of the square board; a Killer's regions and givens turn with it.

The text of an image lists, row by row, each cell's cage (numbered in order of first
appearance in the image, so the numbering itself does not depend on the symmetry), the
cage's total and operation, the cell's region (numbered the same way) and its given.
"""
from __future__ import annotations

from collections.abc import Sequence

from solver.cages.cage import Cage
from solver.canonical import BOARD_SYMMETRIES, BoardSymmetry, Form


def _image_text(size: int, cages: Sequence[Cage], regions: Sequence[int] | None,
                givens: Sequence[int] | None, symmetry: BoardSymmetry) -> str:
    n = size
    cage_at = [0] * (n * n)
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            cage_at[cell] = index + 1            # 0: a cell in no cage
    moved = [0] * (n * n)
    for cell in range(n * n):
        r, c = symmetry.image(cell // n, cell % n, n, n)
        moved[r * n + c] = cell
    cage_names: dict[int, int] = {}
    region_names: dict[int, int] = {}
    marks = []
    for cell in moved:
        index = cage_at[cell]
        name = cage_names.setdefault(index, len(cage_names)) if index else -1
        total = f"{cages[index - 1].label()}" if index else "."
        region = region_names.setdefault(regions[cell], len(region_names)) if regions is not None else 0
        given = givens[cell] if givens is not None else 0
        marks.append(f"{name}:{total}:{region}:{given}")
    return " ".join(marks)


def images(size: int, cages: Sequence[Cage], regions: Sequence[int] | None = None,
           givens: Sequence[int] | None = None) -> list[tuple[str, BoardSymmetry]]:
    """The text of the puzzle's image under each board symmetry."""
    return [(_image_text(size, cages, regions, givens, symmetry), symmetry) for symmetry in BOARD_SYMMETRIES]


def form(kind: str, size: int, cages: Sequence[Cage], regions: Sequence[int] | None = None,
         givens: Sequence[int] | None = None) -> Form:
    """The least image as the puzzle's :class:`~solver.canonical.Form`."""
    text = min(text for text, _ in images(size, cages, regions, givens))
    return Form(kind, f"{size} {text}")


def relation(size: int, new: tuple[Sequence[Cage], Sequence[int] | None, Sequence[int] | None],
             old: tuple[Sequence[Cage], Sequence[int] | None, Sequence[int] | None]) -> tuple[str, ...] | None:
    """How ``new`` is ``old`` moved: () when identical, the symmetry's words, or None."""
    target = _image_text(size, *new, BOARD_SYMMETRIES[0])
    for text, symmetry in images(size, *old):
        if text == target:
            return (symmetry.words,) if symmetry.words else ()
    return None
