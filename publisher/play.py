"""What a screen format needs to let the reader play a puzzle: the :class:`~publisher.model.Play` payload.

Layout attaches one to every grid of the puzzle booklet (never to answer
grids), from the verified board alone: the symbols a cell may take, the
regions, and -- unless the book says ``html.solutions: none`` -- the solution
and the solving steps behind Check and Hint. Printed formats ignore it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from publisher.model import Board, HintStep, Play
from publisher.techniques import technique_name


def fill(template: str, **values: object) -> str:
    """``template`` with ``{name}`` replaced by each value (user text may hold other braces)."""
    for name, value in values.items():
        template = template.replace("{" + name + "}", str(value))
    return template


def hint_sentence(step: HintStep, words: Mapping[str, str], language: str) -> str:
    """A solving step in the book's words: the technique's name in the book's language
    (:mod:`publisher.techniques`; left out when it has none), then what the step does: the
    cells it fills and their values, else the candidates it rules out and where, else the
    cells to look at (the solver's own sentence is English)."""
    name = technique_name(step.technique, language) if step.technique else None
    what = _what(step, words)
    return fill(words["hint_step"], technique=name, what=what) if name else what


def _what(step: HintStep, words: Mapping[str, str]) -> str:
    def cells(found: object) -> str:
        squares = sorted({(r, c) for r, c, *_ in found})  # type: ignore[attr-defined]
        return ", ".join(fill(words["hint_cell"], r=r, c=c) for r, c in squares)

    if step.placed:
        return fill(words["hint_places"], cells=cells(step.placed), s=", ".join(s for *_, s in step.placed))
    if step.removed:
        symbols = ", ".join(sorted({s for *_, s in step.removed}))
        return fill(words["hint_removes"], cells=cells(step.removed), s=symbols)
    if step.cells:
        return fill(words["hint_look"], cells=cells(step.cells))
    return words["hint_none"]


def play_for(board: Board, with_solutions: bool, words: Mapping[str, str] | None = None,
             language: str = "en") -> Play:
    """The play payload of ``board``; ``with_solutions`` False leaves out
    everything that would give the answer away (solution and hints).
    ``words`` (a book not in English, in ``language``) turns every hint into a sentence in them."""
    hints = board.hints if with_solutions else ()
    if words is not None:
        hints = tuple(replace(step, text=hint_sentence(step, words, language)) for step in hints)
    return Play(
        kind=board.kind,
        symbols=board.keypad,
        regions=board.regions,
        solution=board.answer if with_solutions and board.checked_by_answer else (),
        hints=hints,
        closed=board.closed,
        rules=board.rules,
        cages=tuple((mark.cells, mark.total, mark.operation) for mark in board.cages),
    )
