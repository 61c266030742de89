"""What every cage puzzle is, whatever its kind: cages on an N x N grid of symbols, with the
rules they break before any search and the constraint network the search runs on; and
where it was read and what its file calls it (:class:`Origin`, the same fields for both)."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Protocol

from solver.cages.cage import Cage
from solver.cages.engine import Network


class CagePuzzle(Protocol):
    """A Killer or a KenKen, as the shared verdict, grading and generation loop see it."""

    @property
    def size(self) -> int: ...

    @property
    def symbols(self) -> str: ...

    @property
    def givens(self) -> tuple[int, ...]:
        """One value per cell, row-major, 0 for a blank."""
        ...

    @property
    def cages(self) -> tuple[Cage, ...]: ...

    @property
    def title(self) -> str | None:
        """What its file calls it (an :class:`Origin` field)."""
        ...

    def problems(self) -> list[str]:
        """Every rule broken before any search, as editor-facing sentences."""
        ...

    def network(self) -> Network:
        """The rules as the exact search's constraints."""
        ...

    def format(self, values: tuple[int, ...], /) -> str:
        """A solution as one line of symbols, row-major."""
        ...


@dataclass(frozen=True, kw_only=True)
class Origin:
    """Where a puzzle was read (``line`` 1-based, ``index`` 0-based in its source) and what
    its file calls it: the fields every cage kind's puzzle ends with, given by keyword."""

    line: int = 0
    index: int = 0
    id: str | None = None
    title: str | None = None
    difficulty: str | None = None

    def __getstate__(self) -> dict[str, object]:
        """What a pickle keeps (a puzzle made in a worker process travels back so): the
        fields, not the tables cached from them, which are rebuilt on first use; the compiled
        core's tables are frozen native classes that a pickle cannot set up again."""
        kept = {f.name for f in fields(self)}
        return {name: value for name, value in self.__dict__.items() if name in kept}


#: the keys of :class:`Origin` a file may give (line and index are where it was read)
ORIGIN_KEYS = ("id", "title", "difficulty")
