"""The cover's front puzzle: made for the cover (or the config's own), verified, before the model.

A cover that shows puzzle 1 of the book gives one of its puzzles away on the shelf, so the
front's grid is never one of the book's: ``cover.puzzle: auto`` makes one for the cover (a Sudoku),
seeded from the book (its title, edition and file stem: the same book gets the same puzzle,
so the same bytes), and draws again while it is one of the book's puzzles (turned, mirrored
or relabelled: compared by canonical form); a given puzzle (its givens, one line) is read and
verified like any puzzle and refused when it is one of the book's. The spec stage calls this,
so the cover renderer only draws a :class:`~publisher.model.Board` and never calls the solver.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from publisher.kinds import KINDS
from publisher.kinds.base import Kind
from publisher.model import Board
from publisher.repeats import in_book
from publisher.verify import SectionResult
from solver.parsing import ParseIssue

if TYPE_CHECKING:
    from publisher.kinds import AnyKind

#: draws before giving up on a puzzle unlike the book's (one is practically always enough)
AUTO_DRAWS = 20
SOURCE = "cover"


class CoverPuzzleError(ValueError):
    """A given cover puzzle that cannot go on the front (one line, for ``cover.puzzle``)."""


def book_seed(title: str, edition: str | None, stem: str) -> int:
    """A seed from what names the book, the same on every machine and Python version."""
    digest = hashlib.sha256("\0".join((title, edition or "", stem)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def front_kind(sections: Sequence[SectionResult]) -> AnyKind:
    """The kind the front shows: the first of the book's kinds that makes a showpiece (its
    :meth:`~publisher.kinds.base.Kind.showpiece` is its own), else the first registered one."""
    kinds = [KINDS[name] for name in dict.fromkeys(section.kind for section in sections)] + list(KINDS.values())
    return next(kind for kind in kinds if type(kind).showpiece is not Kind.showpiece)   # the kind makes one


def cover_board(wanted: str, sections: Sequence[SectionResult], seed: int, node_limit: int) -> Board | None:
    """The front's puzzle: ``wanted`` is ``auto``, ``none`` or a puzzle's givens (one line of
    the front's kind, :func:`front_kind`); CoverPuzzleError for a given one that is not a
    unique puzzle or is one of the book's."""
    if wanted == "none":
        return None
    kind = front_kind(sections)
    if wanted == "auto":
        for draw in range(AUTO_DRAWS):
            made = kind.showpiece(seed, draw)
            if made is not None and not in_book(kind, made, sections):
                verdict = kind.verify(made, node_limit)
                assert verdict.accepted   # a showpiece has one solution
                return kind.to_board(made, verdict, difficulty=None, source=SOURCE)
        raise CoverPuzzleError(f"no puzzle unlike the book's in {AUTO_DRAWS} draws")
    read = kind.parse_text(wanted, {})
    if len(read) != 1:
        raise CoverPuzzleError(f"expected one puzzle (its givens on one line), found {len(read)}")
    (puzzle,) = read
    if isinstance(puzzle, ParseIssue):
        raise CoverPuzzleError(puzzle.message)
    verdict = kind.verify(puzzle, node_limit)
    if not verdict.accepted:
        raise CoverPuzzleError(f"not a puzzle with one solution: {verdict.status.value}"
                               + (f" ({verdict.reason})" if verdict.reason else ""))
    if in_book(kind, puzzle, sections):
        raise CoverPuzzleError("the puzzle is one of the book's; the front must not give one away")
    return kind.to_board(puzzle, verdict, difficulty=None, source=SOURCE)
