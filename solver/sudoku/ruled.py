"""Techniques of the variant rules (:mod:`solver.sudoku.rules`), in the grader's terms.

The rules' units (diagonals, windows) and peers (anti-knight, anti-king) need no technique
of their own: every technique already reads them from the layout. What they do need:

* **Hidden single in a rule's unit** (a digit with one place left on a diagonal or in a
  window): rated as in a line, 1.5, as SukakuExplainer rates every hidden single outside a box;
* **Generalized Intersections** (2.9): on a grid with a rule SukakuExplainer rates (every one
  but even-odd), it grades with these in place of pointing and claiming (and with generalized
  naked sets, :mod:`solver.sudoku.subsets`, in place of naked sets): a digit's 2-6 places in any
  unit rule it out of every cell that sees them all, by any rule (a diagonal, a window, a
  knight's or king's move), not only in the one unit;
* **Parity** (even-odd): a marked cell loses the digits of the other parity. What a mark
  says is read off the grid like a given, so it rates 1.0, the easiest step;
* **Non-Consecutive Forcing Cell** (2.4, as SukakuExplainer rates it): whatever a cell holds,
  its neighbour cannot hold a digit every one of the cell's candidates rules out there;
* **Locked Non-Consecutive** (2.5, as SukakuExplainer): when a digit's places in a unit all
  neighbour one cell, that cell cannot hold the digits next to it.

Each returns None at once on a grid without its rule, so classic grading pays nothing.
"""
from __future__ import annotations

from solver.sudoku.candidates import Grid, Step, bits, seen_by_all, units_in_se_order
from solver.sudoku.singles import HIDDEN_LINE, hidden_single_in

PARITY: float = 1.0
NC_FORCING_CELL: float = 2.4
LOCKED_NC: float = 2.5
GENERALIZED_INTERSECTION: float = 2.9
#: the most places a digit's generalized intersection holds (SukakuExplainer's bound: more
#: rarely sees a cell outside them)
MOST_PLACES = 6


def hidden_single_ruled(g: Grid) -> Step | None:
    """A hidden single in a unit a rule adds (a diagonal, a window), after rows, columns and
    regions, rated as in a line: SukakuExplainer rates a hidden single 1.2 in a box only."""
    first = 3 * g.n
    return hidden_single_in(g, first, len(g.lay.units), HIDDEN_LINE) if len(g.lay.units) > first else None


def parity(g: Grid) -> Step | None:
    """Every marked cell's candidates of the wrong parity, removed in one step."""
    allowed = g.lay.allowed
    if not allowed:
        return None
    removed = [(cell, digit) for cell, mask in enumerate(allowed) if g.cands[cell] & ~mask
               for digit in bits(g.cands[cell] & ~mask)]
    if not removed:
        return None
    full = (1 << g.n) - 1
    cells = sorted({cell for cell, _ in removed})
    even = [c for c in cells if allowed[c] & 0b10 and allowed[c] != full]
    odd = [c for c in cells if c not in even]
    said = "; ".join(part for part in (
        f"{g.names(even)} {'is' if len(even) == 1 else 'are'} marked even" if even else "",
        f"{g.names(odd)} {'is' if len(odd) == 1 else 'are'} marked odd" if odd else "") if part)
    return g.removal("Parity", PARITY, said, removed, cells)


def _rules_out(g: Grid, cell: int, digit: int, other: int) -> int:
    """The digits of ``other`` that ``digit`` in ``cell`` rules out (a mask)."""
    mask = 1 << (digit - 1) if other in g.lay.peer_sets[cell] else 0
    for there, there_digit in g.lay.excludes[cell * g.n + digit - 1]:
        if there == other:
            mask |= 1 << (there_digit - 1)
    return mask


def nc_forcing_cell(g: Grid) -> Step | None:
    """A cell whose every candidate rules out the same digits of a neighbour."""
    if not g.lay.excludes:
        return None
    for cell, cands in enumerate(g.cands):
        if not cands:
            continue
        for other in sorted(g.lay.related[cell]):
            if not g.cands[other]:
                continue
            common = g.cands[other]
            for digit in bits(cands):
                common &= _rules_out(g, cell, digit, other)
                if not common:
                    break
            if common:
                removed = [(other, d) for d in bits(common)]
                return g.removal("Non-Consecutive Forcing Cell", NC_FORCING_CELL,
                                 f"whichever of {g.syms(cands)} {g.name(cell)} holds, its neighbour "
                                 f"{g.name(other)} cannot hold {g.syms(common)} (no consecutive neighbours)",
                                 removed, [cell, other])
    return None


def locked_nc(g: Grid) -> Step | None:
    """A digit whose places in a unit all neighbour one cell, or are that cell: it loses the
    digits next to it (holding the digit, it holds no other; beside it, none next to it).
    SukakuExplainer counts a cell among the places too (2 in a column's r1c1, r2c1, r3c1:
    r2c1 is not 1 or 3)."""
    if not g.lay.excludes:
        return None
    lay = g.lay
    for u, unit in enumerate(lay.units):
        for digit in range(1, g.n + 1):
            bit = 1 << (digit - 1)
            if any(g.values[c] == digit for c in unit):
                continue
            places = [c for c in unit if g.cands[c] & bit]
            if not places:
                continue
            shared: frozenset[int] = frozenset()
            if len(places) > 1:
                related = g.lay.related
                shared = related[places[0]] | {places[0]}
                for c in places[1:]:
                    shared &= related[c] | {c}
            for other in sorted(shared):
                if not g.cands[other]:
                    continue
                gone = g.cands[other] & ~bit     # next to the digit, not the digit
                for place in places:
                    if place != other:
                        gone &= _rules_out(g, place, digit, other)
                if gone:
                    where = (f"{g.name(other)} or its neighbours" if other in places
                             else f"all neighbours of {g.name(other)}")
                    return g.removal("Locked Non-Consecutive", LOCKED_NC,
                                     f"{g.sym(digit)} in {lay.names[u]} is on {g.names(places)}, {where}, "
                                     f"so {g.name(other)} holds no digit next to {g.sym(digit)}",
                                     [(other, d) for d in bits(gone)], sorted({*places, other}))
    return None


def generalized_intersection(g: Grid) -> Step | None:
    """A digit whose places in a unit (2 to :data:`MOST_PLACES` of them) all see one cell:
    that cell cannot hold it. On a variant grid it is SukakuExplainer's pointing and claiming."""
    lay, cands = g.lay, g.cands
    if not lay.generalized:
        return None
    for kind in units_in_se_order(lay, columns_first=False):
        for digit in range(1, g.n + 1):
            bit = 1 << (digit - 1)
            for u in kind:
                places = [c for c in lay.units[u] if cands[c] & bit]
                if not 2 <= len(places) <= MOST_PLACES:
                    continue
                removed = [(c, digit) for c in sorted(seen_by_all(lay.peer_sets, places)) if cands[c] & bit]
                if removed:
                    return g.removal("Generalized Intersection", GENERALIZED_INTERSECTION,
                                     f"Generalized Intersection: {g.sym(digit)} in {lay.names[u]} can only be in "
                                     f"{g.names(places)}", removed, places)
    return None
