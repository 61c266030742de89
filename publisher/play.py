"""What a screen format needs to let the reader play a puzzle: the :class:`~publisher.model.Play` payload.

Layout attaches one to every grid of the puzzle booklet (never to answer
grids), from the verified board alone: the symbols a cell may take, the
regions, and -- unless the book says ``html.solutions: none`` -- the solution
and the solving steps behind Check and Hint. Printed formats ignore it.
"""
from __future__ import annotations

from publisher.model import Board, Play


def play_for(board: Board, with_solutions: bool) -> Play:
    """The play payload of ``board``; ``with_solutions`` False leaves out
    everything that would give the answer away (solution and hints)."""
    return Play(
        kind=board.kind,
        symbols=board.keypad,
        regions=board.regions,
        solution=board.answer if with_solutions and board.checked_by_answer else (),
        hints=board.hints if with_solutions else (),
        closed=board.closed,
        rules=board.rules,
        cages=tuple((mark.cells, mark.total, mark.operation) for mark in board.cages),
    )
