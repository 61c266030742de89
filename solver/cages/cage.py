"""A cage: cells that share a total (and, in KenKen, an operation), and the checks of a cage
layout that need no search (overlap, gaps, disconnected cages, cells off the grid).

Cells are row-major indices; a cage's cells are kept sorted, so its first cell is the one
a printed book writes the total in (top row, then leftmost).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The operations of KenKen, as written in files and printed: ``x`` is multiplication.
OPERATIONS = ("+", "-", "x", "/")
#: Spellings read as an operation (``*`` and the multiplication and division signs too).
_OP_SPELLINGS = {"+": "+", "-": "-", "x": "x", "*": "x", "×": "x", "/": "/", "÷": "/", "\u2212": "-"}

_CELL = re.compile(r"\A\s*[rR](\d+)\s*[cC](\d+)\s*\Z")


@dataclass(frozen=True)
class Cage:
    """Cells with a total: a sum (Killer), or a KenKen target with its operation.

    ``op`` is one of :data:`OPERATIONS`, or None: a Killer cage (always a sum), a KenKen
    one-cell cage (a given), or a KenKen cage whose operation is hidden (``ops: false``).
    """

    cells: tuple[int, ...]
    total: int
    op: str | None = None

    @property
    def first(self) -> int:
        """The cell that carries the printed total: the top-left one."""
        return self.cells[0]

    def label(self) -> str:
        """The total as printed: ``15``, or ``12x`` / ``2/`` with a KenKen operation."""
        return f"{self.total}{self.op or ''}"


def cell_name(cell: int, size: int) -> str:
    """``r3c8``: 1-based row and column."""
    return f"r{cell // size + 1}c{cell % size + 1}"


def cage_name(cage: Cage, size: int) -> str:
    """How messages name a cage: its total and its first cell (``cage 15 at r1c1``)."""
    return f"cage {cage.label()} at {cell_name(cage.first, size)}"


def parse_cell(text: object, size: int) -> int:
    """``"r1c2"`` (or ``[1, 2]``) -> the row-major cell index; ValueError names the problem."""
    if isinstance(text, (list, tuple)) and len(text) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in text):
        row, col = int(text[0]), int(text[1])
    elif isinstance(text, str) and (match := _CELL.match(text)):
        row, col = int(match.group(1)), int(match.group(2))
    else:
        raise ValueError(f"cell {text!r} is not like 'r1c2'")
    if not (1 <= row <= size and 1 <= col <= size):
        raise ValueError(f"cell {text!r} is outside the {size}x{size} grid")
    return (row - 1) * size + col - 1


def parse_operation(text: object) -> str:
    """``"x"``, ``"*"``, ``"×"`` ... -> one of :data:`OPERATIONS`; ValueError otherwise."""
    if isinstance(text, str) and text.strip().lower() in _OP_SPELLINGS:
        return _OP_SPELLINGS[text.strip().lower()]
    raise ValueError(f"operation {text!r} is not one of {' '.join(OPERATIONS)}")


def neighbours(cell: int, size: int) -> Iterable[int]:
    """The cells sharing a side with ``cell``."""
    row, col = divmod(cell, size)
    if row:
        yield cell - size
    if row < size - 1:
        yield cell + size
    if col:
        yield cell - 1
    if col < size - 1:
        yield cell + 1


def connected(cells: Sequence[int], size: int) -> bool:
    """True when the cells form one piece, joined through shared sides."""
    inside = set(cells)
    if not inside:
        return False
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for other in neighbours(todo.pop(), size):
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(inside)


def layout_problems(cages: Sequence[Cage], size: int, cover: bool) -> list[str]:
    """What is wrong with where the cages lie, as editor-facing sentences.

    Overlapping cages, a disconnected cage, and (when the puzzle says its cages ``cover``
    the grid) cells outside every cage.
    """
    problems = []
    owner: dict[int, Cage] = {}
    for cage in cages:
        if not connected(cage.cells, size):
            problems.append(f"{cage_name(cage, size)} is not connected "
                            f"({', '.join(cell_name(c, size) for c in cage.cells)})")
        for cell in cage.cells:
            if cell in owner:
                problems.append(f"{cell_name(cell, size)} is in two cages "
                                f"({cage_name(owner[cell], size)} and {cage_name(cage, size)})")
            else:
                owner[cell] = cage
    if cover:
        missing = [c for c in range(size * size) if c not in owner]
        if missing:
            listed = ", ".join(cell_name(c, size) for c in missing[:6])
            more = f" and {len(missing) - 6} more" if len(missing) > 6 else ""
            problems.append(f"{len(missing)} cell{'s' if len(missing) > 1 else ''} in no cage "
                            f"({listed}{more})")
    return problems


def cage_map(cages: Sequence[Cage], size: int) -> list[int]:
    """The index of the cage holding each cell (row-major), -1 for a cell in none."""
    owner = [-1] * (size * size)
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            owner[cell] = index
    return owner
