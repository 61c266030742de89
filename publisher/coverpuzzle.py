"""The cover's front puzzle: made for the cover (or the config's own), verified, before the model.

A cover that shows puzzle 1 of the book gives one of its puzzles away on the shelf, so the
front's grid is never one of the book's: ``cover.puzzle: auto`` makes a Sudoku for the cover,
seeded from the book (its title, edition and file stem: the same book gets the same puzzle,
so the same bytes), and draws again while it is one of the book's puzzles (turned, mirrored
or relabelled: compared by canonical form); a given puzzle (its givens, one line) is read and
verified like any puzzle and refused when it is one of the book's. The spec stage calls this,
so the cover renderer only draws a :class:`~publisher.model.Board` and never calls the solver.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence

from publisher.kinds import KINDS
from publisher.model import Board
from publisher.verify import SectionResult
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle
from solver.sudoku.generate import Request, generate_one, puzzle_seed

#: what ``cover.puzzle: auto`` makes: a classic 9x9 Sudoku, the grid every puzzle book's front reads as
AUTO_REQUEST = Request(size=9, level="medium")
#: draws before giving up on a puzzle unlike the book's (one is practically always enough)
AUTO_DRAWS = 20
SOURCE = "cover"


class CoverPuzzleError(ValueError):
    """A given cover puzzle that cannot go on the front (one line, for ``cover.puzzle``)."""


def book_seed(title: str, edition: str | None, stem: str) -> int:
    """A seed from what names the book, the same on every machine and Python version."""
    digest = hashlib.sha256("\0".join((title, edition or "", stem)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def _shape(puzzle: Puzzle) -> tuple[object, ...]:
    """What no turn, mirror, row or band swap or relabelling changes: the size, the count of
    givens of each digit (sorted) and of each row and column (sorted, the two sides sorted).
    Only puzzles of the same shape are compared by canonical form, which costs a thousand times more."""
    size, givens = puzzle.size, puzzle.givens
    rows = tuple(sorted(sum(1 for v in givens[r * size:(r + 1) * size] if v) for r in range(size)))
    cols = tuple(sorted(sum(1 for v in givens[c::size] if v) for c in range(size)))
    digits = tuple(sorted(givens.count(d) for d in range(1, size + 1)))
    return (size, digits, *sorted((rows, cols)))


def _in_book(puzzle: Puzzle, sections: Sequence[SectionResult]) -> bool:
    """Whether ``puzzle`` is one of the book's accepted Sudoku, turned, mirrored or relabelled."""
    kind, shape, form = KINDS["sudoku"], _shape(puzzle), None
    for section in sections:
        if section.kind != kind.name:
            continue
        for checked in section.accepted:
            other = checked.item.puzzle
            if _shape(other) != shape:
                continue
            form = form or kind.canonical(puzzle)
            try:
                if kind.canonical(other) == form:
                    return True
            except ValueError:    # a grid too regular to put in form: not the cover's puzzle either
                continue
    return False


def cover_board(wanted: str, sections: Sequence[SectionResult], seed: int, node_limit: int) -> Board | None:
    """The front's puzzle: ``wanted`` is ``auto``, ``none`` or a Sudoku's givens;
    CoverPuzzleError for a given one that is not a unique puzzle or is one of the book's."""
    if wanted == "none":
        return None
    kind = KINDS["sudoku"]
    if wanted == "auto":
        for draw in range(AUTO_DRAWS):
            made = generate_one(AUTO_REQUEST, puzzle_seed(seed, draw))
            if not _in_book(made.puzzle, sections):
                verdict = kind.verify(made.puzzle, node_limit)
                assert verdict.accepted   # the generator makes unique puzzles only
                return kind.to_board(made.puzzle, verdict, difficulty=None, source=SOURCE)
        raise CoverPuzzleError(f"no puzzle unlike the book's in {AUTO_DRAWS} draws")
    read = kind.parse_text(wanted, {})
    if len(read) != 1:
        raise CoverPuzzleError(f"expected one Sudoku (its givens on one line), found {len(read)}")
    (puzzle,) = read
    if isinstance(puzzle, ParseIssue):
        raise CoverPuzzleError(puzzle.message)
    verdict = kind.verify(puzzle, node_limit)
    if not verdict.accepted:
        raise CoverPuzzleError(f"not a puzzle with one solution: {verdict.status.value}"
                               + (f" ({verdict.reason})" if verdict.reason else ""))
    if _in_book(puzzle, sections):
        raise CoverPuzzleError("the puzzle is one of the book's; the front must not give one away")
    return kind.to_board(puzzle, verdict, difficulty=None, source=SOURCE)
