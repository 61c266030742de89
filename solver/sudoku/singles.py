"""Placements a reader sees without pencil marks: full house, hidden single, naked single.

Sudoku Explainer rates a hidden single in a box 1.2 and in a row or column 1.5, a naked
single 2.3. A full house (the last blank cell of a unit) is the easiest step of all, 1.0.
"""
from __future__ import annotations

from solver.sudoku.candidates import Grid, Step, bits

FULL_HOUSE, HIDDEN_BOX, HIDDEN_LINE, NAKED_SINGLE = 1.0, 1.2, 1.5, 2.3


def full_house(g: Grid) -> Step | None:
    values = g.values
    for u, unit in enumerate(g.lay.units):
        blank = [c for c in unit if not values[c]]
        if len(blank) == 1 and g.cands[blank[0]]:
            cell = blank[0]
            digit = bits(g.cands[cell])[0]
            return g.step("Full House", FULL_HOUSE,
                          f"{g.name(cell)} = {g.sym(digit)}: the last blank cell of {g.lay.names[u]}",
                          placed=[(cell, digit)], cells=unit)
    return None


def unit_singles(g: Grid, u: int) -> int:
    """The digits that have exactly one place left in unit ``u`` (a bitmask)."""
    once = twice = 0
    cands = g.cands
    for c in g.lay.units[u]:
        m = cands[c]
        twice |= once & m
        once |= m
    return once & ~twice


def hidden_single_in(g: Grid, first: int, last: int, rating: float) -> Step | None:
    """The first hidden single in units ``first`` .. ``last - 1`` (rows, columns, boxes, then a
    variant's units), rated ``rating``."""
    lay = g.lay
    for u in range(first, last):
        found = unit_singles(g, u)
        if found:
            digit = bits(found)[0]
            bit = 1 << (digit - 1)
            cell = next(c for c in lay.units[u] if g.cands[c] & bit)
            return g.step("Hidden Single", rating,
                          f"{g.name(cell)} = {g.sym(digit)}: Hidden Single in {lay.names[u]}",
                          placed=[(cell, digit)], cells=lay.units[u])
    return None


def hidden_single_box(g: Grid) -> Step | None:
    return hidden_single_in(g, 2 * g.n, 3 * g.n, HIDDEN_BOX)


def hidden_single_line(g: Grid) -> Step | None:
    return hidden_single_in(g, 0, 2 * g.n, HIDDEN_LINE)


def naked_single(g: Grid) -> Step | None:
    for cell, m in enumerate(g.cands):
        if m and not m & (m - 1):
            digit = m.bit_length()
            return g.step("Naked Single", NAKED_SINGLE,
                          f"{g.name(cell)} = {g.sym(digit)}: Naked Single, no other digit fits",
                          placed=[(cell, digit)], cells=[cell, *g.lay.peers[cell]])
    return None


def new_hidden_single(g: Grid, removed: list[tuple[int, int]], kind: int
                      ) -> tuple[int, int, int] | None:
    """After ``removed`` (cell, digit) are struck from ``g``: a unit of ``kind`` (0 row,
    1 column, 2 region) where one of those digits now has a single place, as
    ``(cell, digit, unit)``; None if none.

    The "direct" techniques of SE (direct pointing, direct hidden pair ...) are the ones whose
    eliminations leave such a hidden single; they are rated below the plain technique.
    """
    lay = g.lay
    cands = g.cands
    for cell, digit in removed:
        bit = 1 << (digit - 1)
        u = lay.cell_units[cell][kind]
        places = [c for c in lay.units[u] if cands[c] & bit]
        if len(places) == 1 and not any(g.values[c] == digit for c in lay.units[u]):
            return places[0], digit, u
    return None
