"""A Killer Sudoku: a Sudoku (any box shape or jigsaw regions) whose grid is cut into cages,
each cage's digits distinct and adding up to its printed sum; givens optional."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from solver.cages.cage import Cage, cage_name, layout_problems
from solver.cages.engine import Network, network
from solver.cages.puzzle import Origin
from solver.cages.tables import SumTable, TupleTable, sum_table, tuple_table
from solver.killer.innies import derive
from solver.sudoku.geometry import Geometry, tables
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.verdict import contradictions

#: Box sizes a Killer may have: digit sets are tabled up to 16.
SIZES = range(4, 17)


#: The most cells of a derived 45-rule sum over cells that may repeat a digit (not all peers)
#: that the search tables: a 4-cell one has up to 700 tuples, which cost more to build and to
#: filter than they cut (measured on 36 of Tatham's Killers, pure: network 19.7 -> 4.7 ms,
#: search 4.2 -> 2.6 ms, the same nodes; easy generation 1.7x faster). The grader's 45 rule
#: still reads every derived sum up to :data:`solver.killer.innies.MAX_CELLS`.
LOOSE_CELLS = 3


@dataclass(frozen=True)
class Killer(Origin):
    """One Killer Sudoku.

    ``cover`` says the cages cover the grid (the usual form, and then every cell must be
    in a cage); False allows cells outside every cage. The variant rules it is combined with
    (X's diagonals, windoku, anti-knight, anti-king, non-consecutive, even-odd) are its
    geometry's ``rules``, as a variant Sudoku's: the search, the grader and the printed grid
    read them there. Where it was read and its file's names for it are the
    :class:`~solver.cages.puzzle.Origin` fields.
    """

    geometry: Geometry
    symbols: str
    givens: tuple[int, ...]
    cages: tuple[Cage, ...]
    cover: bool = True

    @property
    def size(self) -> int:
        return self.geometry.size

    @property
    def variant(self) -> tuple[str, ...]:
        """The variant rules the cages are combined with (``()`` for a plain Killer)."""
        return self.sudoku.variant

    @property
    def parity(self) -> str | None:
        """The even-odd marks, when the variant has them."""
        return self.sudoku.parity

    @property
    def sudoku(self) -> Puzzle:
        """The puzzle without its cages: the grid the Sudoku techniques work on."""
        return Puzzle(self.geometry, self.symbols, self.givens, self.line, self.index)

    @cached_property
    def tables(self) -> tuple[SumTable, ...]:
        return tuple(sum_table(cage.cells, cage.total, self.size) for cage in self.cages)

    def problems(self) -> list[str]:
        """Every rule broken before any search: the givens' own Sudoku contradictions, cages
        that overlap, leave gaps, are disconnected, are larger than N, or whose sum no
        distinct digits reach, and cage sums that cannot add up to the grid's total."""
        n = self.size
        found = contradictions(self.sudoku)
        found += layout_problems(self.cages, n, self.cover)
        for cage in self.cages:
            if len(cage.cells) > n:
                found.append(f"{cage_name(cage, n)} has {len(cage.cells)} cells; only {n} digits "
                             f"can differ")
        if found:
            return found
        for cage, table in zip(self.cages, self.tables):
            if not table.combos:
                found.append(f"{cage_name(cage, n)} cannot add up to {cage.total} with "
                             f"{len(cage.cells)} different digits 1-{n}")
        grid_total = n * n * (n + 1) // 2
        cage_total = sum(cage.total for cage in self.cages)
        if self.cover and not found and cage_total != grid_total:
            found.append(f"the cage sums add up to {cage_total}, but a {n}x{n} grid adds up to "
                         f"{grid_total}")
        return found

    def network(self) -> Network:
        """The rules as the exact search's constraints, built once a puzzle (verification and
        the grade of one generated puzzle share them; a pickle leaves them behind)."""
        return self._network

    @cached_property
    def _network(self) -> Network:
        """The rules as constraints: the Sudoku units (a variant's diagonals and windows among
        them), each cage as a distinct group with its digit sets, the 45 rule's innies and
        outies of every row, column and box run as further sums (they cut the search for a
        givens-free Killer tenfold; those over cells that may repeat a digit only up to
        :data:`LOOSE_CELLS`), and a variant's pairs, exclusions and marked digits."""
        grid = tables(self.geometry)
        units = list(grid.units)
        # a variant's pairs that may not repeat a digit (anti-knight, anti-king) are groups of two
        pairs: list[tuple[int, ...]] = [(a, b) for rule in self.geometry.rules if rule.pairs_are_peers
                                        for a, b in rule.pairs(self.geometry)]
        sums = list(self.tables)
        sets: list[TupleTable] = []
        seen = {(cage.cells, cage.total) for cage in self.cages}
        for found in derive(self.geometry, self.cages):
            if (found.cells, found.total) in seen or (not found.distinct and len(found.cells) > LOOSE_CELLS):
                continue
            seen.add((found.cells, found.total))
            if found.distinct:
                sums.append(sum_table(found.cells, found.total, self.size))
            elif (table := tuple_table(found.cells, ("+",), found.total, self.size)) is not None:
                sets.append(table)   # a derived sum too large to table is left out: it only helps
        return network(self.size, units, [c.cells for c in self.cages if len(c.cells) > 1] + pairs,
                       sums=sums, tuples=sets, excludes=grid.excludes, allowed=grid.allowed)

    def format(self, values: tuple[int, ...] | None = None) -> str:
        """The givens (``.`` for blanks), or ``values``, as one line of symbols."""
        return self.sudoku.format(values)
