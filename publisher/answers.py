"""Every answer its own: no two puzzles of a build share a solution grid, nor one alike it.

A buyer who finds the grid of puzzle 3 again in the answer key as puzzle 41's (turned,
mirrored, its digits renamed, its bands swapped) has paid for one answer twice. The
build therefore holds every answer in its form (:mod:`solver.answers`) as it goes:

* a generated puzzle whose answer the build already holds is drawn again, from seeds
  derived from its own (:func:`publisher.generation.redraw`: a rebuild draws the same
  puzzles, the same bytes);
* two puzzles read from files (or one read and one earlier) that share an answer are a
  warning naming both places (``--strict`` makes it an error): a file is the editor's, a
  build does not change it.

Each family of grids is compared at the strongest strength it can keep apart
(:func:`solver.answers.strength_for`) for the number of puzzles of its size in the build:
a book of 30 4x4 Sudoku cannot hold 30 answers unlike each other (there are 2), so its
answers are compared turned.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from publisher.schema import KindMade
from solver.answers import Answer, strength_for
from solver.canonical import Form

#: How many draws a generated puzzle gets to find an answer the build does not hold yet.
REDRAWS = 50


@dataclass
class Answers:
    """The answers a build holds so far, each at its family's strength, and where it is."""

    #: how many puzzles of each size ("9x9") the build holds: the strength of their family
    sizes: Mapping[str, int]
    held: dict[Form, str] = field(default_factory=dict)

    def form(self, answer: Answer) -> Form:
        count = self.sizes.get(f"{answer.size}x{answer.size}", 0)
        return answer.form(strength_for(answer.family, count))

    def holder(self, answer: Answer) -> str | None:
        """Where the build already holds ``answer`` (or one alike it); None when it does not."""
        return self.held.get(self.form(answer))

    def hold(self, answer: Answer, where: str) -> str | None:
        """Hold ``answer`` as the one at ``where`` unless the build holds it already; where
        the earlier one is in that case (and ``answer`` is not held again)."""
        form = self.form(answer)
        earlier = self.held.get(form)
        if earlier is None:
            self.held[form] = where
        return earlier


#: A generated puzzle's answer (None: a kind whose answers are no grid)
AnswerOf = Callable[[KindMade], "Answer | None"]


def kept_apart(answers: Answers, answer_of: AnswerOf, where: str) -> Callable[[KindMade], bool]:
    """The test :func:`publisher.generation.run` asks of every puzzle it makes: True (and the
    answer held, as at ``where``) when the build holds no answer alike this one."""
    def fresh(made: KindMade) -> bool:
        answer = answer_of(made)
        return answer is None or answers.hold(answer, where) is None
    return fresh


def size_counts(sizes: Iterable[tuple[str, int]]) -> dict[str, int]:
    """How many puzzles of each size, from (size, count) pairs."""
    counts: dict[str, int] = {}
    for size, count in sizes:
        counts[size] = counts.get(size, 0) + count
    return counts
