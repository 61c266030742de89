"""A section's demonstration: the puzzle its worked example is drawn on, made for it.

A worked example drawn on the section's first puzzle gives that puzzle away: the key step
beside puzzle 1 shows a third of its solved cells. So a section with ``worked_example`` gets
a puzzle of its own, made through its kind (:meth:`~publisher.kinds.base.Kind.demonstration`:
the shape and rules of the section's first puzzle, its hardest technique), seeded from the
book and the section (the same book makes the same puzzle, so the same bytes), drawn again
while it is one of the book's puzzles (turned, mirrored or relabelled: compared by
canonical form, :func:`publisher.repeats.in_book`), then verified and explained like any
puzzle. The spec stage calls this and prints it unnumbered before the section's puzzles
(:attr:`publisher.model.SectionSpec.demonstration`), so no renderer calls the solver.
"""
from __future__ import annotations

from collections.abc import Sequence

from publisher.kinds import KINDS
from publisher.repeats import in_book
from publisher.sources import Item
from publisher.verify import Checked, SectionResult

#: draws before giving up on a puzzle unlike the book's (one is practically always enough)
DRAWS = 20
SOURCE = "demonstration"


class DemonstrationError(ValueError):
    """No demonstration puzzle could be made for a section (one line, for ``worked_example``)."""


def demonstration(section: SectionResult, sections: Sequence[SectionResult], seed: int,
                  node_limit: int) -> Checked:
    """The demonstration of ``section`` (one of ``sections``, the book's), verified and graded
    with every step of its solution; DemonstrationError when its kind makes none or no draw is
    unlike the book's puzzles."""
    kind = KINDS[section.kind]
    like = section.accepted[0]
    for draw in range(DRAWS):
        made = kind.demonstration(like.item.puzzle, like.grade, seed, draw)
        if made is None:
            raise DemonstrationError(f"a {kind.name} section draws no worked example")
        if in_book(kind, made, sections):
            continue
        verdict = kind.verify(made, node_limit)
        assert verdict.accepted   # a made puzzle has one solution
        grade, steps = kind.grade(made)
        item = Item(kind.name, SOURCE, 0, 0, made, difficulty=like.item.difficulty)
        return Checked(item, verdict, grade, explanation=steps)
    raise DemonstrationError(f"no puzzle unlike the book's in {DRAWS} draws")
