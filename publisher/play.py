"""What a screen format needs to let the reader play a puzzle: the :class:`~publisher.model.Play` payload.

Layout attaches one to every grid of the puzzle booklet (never to answer
grids), from the verified board alone: the symbols a cell may take, the
regions, and -- unless the book says ``html.solutions: none`` -- the solution
and the solving steps behind Check and Hint. Printed formats ignore it.
"""
from __future__ import annotations

from publisher.model import Board, Play


def _symbol_order(symbol: str) -> tuple[int, str]:
    """Keypad order: digits before letters (0 first when it is a value), then by code point."""
    return (0 if symbol.isdigit() else 1, symbol)


def play_for(board: Board, with_solutions: bool) -> Play:
    """The play payload of ``board``; ``with_solutions`` False leaves out
    everything that would give the answer away (solution and hints)."""
    typed = board.kind == "sudoku" or bool(board.cages)    # symbols typed into cells
    return Play(
        kind=board.kind,
        symbols=tuple(sorted(set(board.answer), key=_symbol_order)) if typed else (),
        regions=board.regions if typed else None,
        solution=board.answer if with_solutions else (),
        hints=board.hints if with_solutions and typed else (),
        closed=board.closed,
        cages=tuple((mark.cells, mark.total, mark.operation) for mark in board.cages),
    )
