"""The canonical form of a knight's-tour puzzle: the same numbers on the board turned or
mirrored are the same puzzle (a knight's move stays a knight's move under all eight
symmetries of the board, and a turned m x n board is an n x m board)."""
from __future__ import annotations

from solver.canonical import Form, board_form, board_relation
from solver.knights.puzzle import KnightPuzzle


def canonical_form(puzzle: KnightPuzzle) -> Form:
    """The least of the puzzle's eight images; open or closed and "any answer" or "unique"
    are part of the puzzle, so they are part of the form."""
    header = f"{'closed' if puzzle.closed else 'open'} {'unique' if puzzle.require_unique else 'any'} "
    text, _ = board_form(puzzle.rows, puzzle.cols, _marks(puzzle), header)
    return Form("knights_tour", text)


def relation(new: KnightPuzzle, old: KnightPuzzle) -> tuple[str, ...] | None:
    """How ``new`` is ``old`` turned or mirrored, in words; () when identical; None when
    they are different puzzles."""
    if (new.closed, new.require_unique) != (old.closed, old.require_unique):
        return None
    words = board_relation((old.rows, old.cols, _marks(old)), (new.rows, new.cols, _marks(new)))
    if words is None:
        return None
    return (words,) if words else ()


def _marks(puzzle: KnightPuzzle) -> dict[tuple[int, int], str]:
    return {square: str(number) for square, number in puzzle.givens}
