"""A KenKen puzzle (also sold as Calcudoku or Keen): a Latin square cut into cages, each
with a target and an operation; the rules as a constraint network for the search."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from solver.cages.cage import Cage, cage_name, layout_problems
from solver.cages.engine import Network, network
from solver.cages.puzzle import Origin
from solver.cages.tables import Bounds, TupleTable, operations_for, tuple_table

#: Sizes a KenKen may have (rows of 3 to 9 cells, digits 1 to N).
SIZES = range(3, 10)
SYMBOLS = "123456789"


@dataclass(frozen=True)
class KenKen(Origin):
    """One KenKen: an N x N Latin square whose cages cover the grid.

    ``ops_shown`` False is the harder form that prints targets only: each cage may use any
    operation that fits its size (``-`` and ``/`` on two cells only). Where it was read and
    its file's names for it are the :class:`~solver.cages.puzzle.Origin` fields.
    """

    size: int
    cages: tuple[Cage, ...]
    ops_shown: bool = True

    @property
    def symbols(self) -> str:
        return SYMBOLS[:self.size]

    @property
    def givens(self) -> tuple[int, ...]:
        """None: the cages alone make a KenKen (a one-cell cage is its given)."""
        return (0,) * (self.size * self.size)

    @cached_property
    def tables(self) -> tuple[TupleTable | None, ...]:
        """Each cage's table of value tuples; None for a cage too large to table (its
        :class:`~solver.cages.tables.Bounds` stand in the network, and the grader's
        cage techniques pass it by)."""
        return tuple(tuple_table(cage.cells, operations_for(cage, self.ops_shown), cage.total, self.size)
                     for cage in self.cages)

    def problems(self) -> list[str]:
        """Every rule the cages break before any search: where they lie, an operation on
        the wrong number of cells, a target no digits can reach."""
        n = self.size
        found = layout_problems(self.cages, n, cover=True)
        for cage in self.cages:
            if cage.op in ("-", "/") and len(cage.cells) != 2:
                what = "subtraction" if cage.op == "-" else "division"
                found.append(f"{cage_name(cage, n)} has {len(cage.cells)} cells; {what} takes two")
        if found:
            return found
        for cage, table in zip(self.cages, self.tables):
            if (not table.tuples if table is not None
                    else not Bounds(cage.cells, operations_for(cage, self.ops_shown), cage.total).reachable(n)):
                how = "" if self.ops_shown or len(cage.cells) == 1 else " by any operation"
                found.append(f"{cage_name(cage, n)} cannot reach {cage.total}{how} with digits "
                             f"1-{n} in {len(cage.cells)} cell{'s' if len(cage.cells) > 1 else ''}")
        return found

    def network(self) -> Network:
        """The rules as the exact search's constraints, built once a puzzle (verification and
        the grade of one generated puzzle share them; a pickle leaves them behind)."""
        return self._network

    @cached_property
    def _network(self) -> Network:
        n = self.size
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        tabled = [table for table in self.tables if table is not None]
        bounded = [Bounds(cage.cells, operations_for(cage, self.ops_shown), cage.total)
                   for cage, table in zip(self.cages, self.tables) if table is None]
        return network(n, rows + cols, tuples=tabled, bounds=bounded)

    def format(self, values: tuple[int, ...]) -> str:
        """A solution as one line of digits, row-major."""
        return "".join(self.symbols[v - 1] for v in values)
