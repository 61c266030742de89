"""What the Latin-square kinds' graders share (Skyscrapers, Futoshiki): the pencil-mark grid of
an N x N Latin square, a Sudoku technique re-rated on a kind's scale, and forcing: a candidate
whose trial, propagated by the kind's engine network, leaves some cell empty."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from solver.kenken.grade import latin_layout
from solver.sudoku.candidates import Grid, Step, bits


def latin_grid(n: int, givens: Sequence[int], symbols: str) -> Grid:
    """The pencil-mark grid of an N x N Latin square with ``givens`` placed (0: empty)."""
    g = Grid(lay=latin_layout(n), symbols=symbols)
    for cell, value in enumerate(givens):
        if value:
            g.place(cell, value)
    return g


def rated(finder: Callable[[Grid], Step | None], rating: float, g: Grid) -> Step | None:
    """A Sudoku technique's step at this kind's ``rating``."""
    step = finder(g)
    return None if step is None else replace(step, rating=rating)


def effective(g: Grid) -> list[int]:
    """Every cell's candidates as a bitmask, a placed cell's its value alone (what the engine reads)."""
    return [1 << (v - 1) if v else c for v, c in zip(g.values, g.cands)]


def forcing(g: Grid, settle: Callable[[list[int], list[int]], bool], bivalue: bool, rating: float,
            what: str) -> Step | None:
    """A candidate whose trial ``settle`` (the engine's propagation) finds a contradiction in:
    of a two-candidate cell only (``bivalue``), or of any cell, fewest candidates first;
    ``what`` names what is left with no possibility."""
    cand = effective(g)
    order = sorted((c for c in range(len(cand)) if not g.values[c]), key=lambda c: (g.cands[c].bit_count(), c))
    for cell in order:
        if bivalue and g.cands[cell].bit_count() != 2:
            break
        for digit in bits(g.cands[cell]):
            trial = cand[:]
            trial[cell] = 1 << (digit - 1)
            if not settle(trial, [cell]):
                return g.removal("Forcing", rating, f"{g.name(cell)} = {digit} leaves {what} with no possibility",
                                 [(cell, digit)], [cell])
    return None
