"""Naked and hidden subsets (pairs, triples, quads) inside one unit.

Naked: k cells of a unit whose candidates together are k digits; those digits leave the rest
of the unit. Hidden: k digits of a unit that fit only in k cells; other digits leave those
cells. SE ratings: naked 3.0 / 3.6 / 5.0, hidden 3.4 / 4.0 / 5.4, and the direct hidden pair
and triple (their eliminations leave a hidden single: the step places only that single, as
in SE) 2.0 and 2.5.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from solver.sudoku.candidates import Grid, Step, bits, popcount, seen_by_all, units_in_se_order

SIZE_WORD = {2: "Pair", 3: "Triple", 4: "Quad"}
NAKED: dict[int, float] = {2: 3.0, 3: 3.6, 4: 5.0}
HIDDEN: dict[int, float] = {2: 3.4, 3: 4.0, 4: 5.4}
DIRECT_HIDDEN: dict[int, float] = {2: 2.0, 3: 2.5}


def _blanks(g: Grid, unit: tuple[int, ...]) -> int:
    return sum(1 for c in unit if not g.values[c])


def _naked(g: Grid, k: int, *, generalized: bool = False) -> Step | None:
    """k cells of a unit holding k digits between them. Plain, the digits leave the rest of
    the unit; ``generalized`` (SukakuExplainer's on a variant grid, :mod:`solver.sudoku.ruled`),
    each digit leaves every cell that sees all the set's cells holding it, units taken in SE's
    order."""
    lay, cands = g.lay, g.cands
    order = units_in_se_order(lay, columns_first=True) if generalized else (range(len(lay.units)),)
    name = f"{'Generalized ' if generalized else ''}Naked {SIZE_WORD[k]}"
    for kind in order:
        for u in kind:
            unit = lay.units[u]
            # SE looks for a naked k-set only where it is the smaller of the set and its
            # hidden complement
            if _blanks(g, unit) < 2 * k:
                continue
            pool = [c for c in unit if 1 < popcount(cands[c]) <= k]
            if len(pool) < k:
                continue
            for group in combinations(pool, k):
                mask = 0
                for c in group:
                    mask |= cands[c]
                if popcount(mask) != k:
                    continue
                if generalized:   # each digit leaves the cells that see all of the set's cells holding it
                    removed = []
                    for d in bits(mask):
                        bit = 1 << (d - 1)
                        holders = [h for h in group if cands[h] & bit]
                        removed += [(c, d) for c in sorted(seen_by_all(lay.peer_sets, holders)) if cands[c] & bit]
                else:
                    removed = [(c, d) for c in unit if c not in group for d in bits(cands[c] & mask)]
                if removed:
                    return g.removal(name, NAKED[k], f"{name}: in {lay.names[u]}, "
                                     f"{g.names(group)} hold only {g.sym_list(mask)}", removed, group)
    return None


def _hidden_sets(g: Grid, k: int, direct: bool
                 ) -> Iterator[tuple[int, tuple[int, ...], int, list[tuple[int, int]]]]:
    """(unit, cells, digits mask, eliminations) of every hidden k-subset that eliminates.

    As in SE, a plain hidden set is sought only where its naked complement is larger.
    """
    lay, cands = g.lay, g.cands
    for u, unit in enumerate(lay.units):
        if _blanks(g, unit) <= (k if direct else 2 * k):
            continue
        places: dict[int, int] = {}      # digit -> bitmask of positions in the unit
        for i, c in enumerate(unit):
            m = cands[c]
            while m:
                low = m & -m
                d = low.bit_length()
                places[d] = places.get(d, 0) | 1 << i
                m ^= low
        pool = [d for d, p in places.items() if 1 < popcount(p) <= k]
        if len(pool) < k:
            continue
        for digits in combinations(sorted(pool), k):
            where = 0
            for d in digits:
                where |= places[d]
            if popcount(where) != k:
                continue
            mask = sum(1 << (d - 1) for d in digits)
            cells = tuple(unit[i] for i in range(len(unit)) if where >> i & 1)
            removed = [(c, d) for c in cells for d in bits(cands[c] & ~mask)]
            if removed:
                yield u, cells, mask, removed


def _unit_mask(g: Grid, u: int) -> int:
    mask = 0
    for c in g.lay.units[u]:
        mask |= g.cands[c]
    return mask


def _hidden_text(g: Grid, k: int, u: int, cells: tuple[int, ...], mask: int) -> str:
    return (f"Hidden {SIZE_WORD[k]}: in {g.lay.names[u]}, {g.sym_list(mask)} fit only in "
            f"{g.names(cells)}")


def _hidden(g: Grid, k: int) -> Step | None:
    for u, cells, mask, removed in _hidden_sets(g, k, False):
        return g.removal(f"Hidden {SIZE_WORD[k]}", HIDDEN[k], _hidden_text(g, k, u, cells, mask),
                         removed, cells)
    return None


def _direct_hidden(g: Grid, k: int) -> Step | None:
    unit_cands = g.cands
    for u, cells, mask, removed in _hidden_sets(g, k, True):
        # SE: another digit of the same unit is left with one place outside the set
        single = None
        for d in bits(_unit_mask(g, u) & ~mask):
            bit = 1 << (d - 1)
            rest = [c for c in g.lay.units[u] if unit_cands[c] & bit and c not in cells]
            places = sum(1 for c in g.lay.units[u] if unit_cands[c] & bit)
            if len(rest) == 1 and places > 1:
                single = rest[0], d, u
                break
        if single:
            cell, d, unit = single
            text = (f"{g.name(cell)} = {g.sym(d)}: {_hidden_text(g, k, u, cells, mask)}, so "
                    f"{g.removed_text(removed)}, leaving a Hidden Single in {g.lay.names[unit]}")
            return g.step(f"Direct Hidden {SIZE_WORD[k]}", DIRECT_HIDDEN[k], text,
                          placed=[(cell, d)], named=removed, cells=[*cells, cell])
    return None


def naked_pair(g: Grid) -> Step | None:
    return _naked(g, 2)


def naked_triple(g: Grid) -> Step | None:
    return _naked(g, 3)


def naked_quad(g: Grid) -> Step | None:
    return _naked(g, 4)


def generalized_naked_pair(g: Grid) -> Step | None:
    return _naked(g, 2, generalized=True) if g.lay.generalized else None


def generalized_naked_triple(g: Grid) -> Step | None:
    return _naked(g, 3, generalized=True) if g.lay.generalized else None


def generalized_naked_quad(g: Grid) -> Step | None:
    return _naked(g, 4, generalized=True) if g.lay.generalized else None


def hidden_pair(g: Grid) -> Step | None:
    return _hidden(g, 2)


def hidden_triple(g: Grid) -> Step | None:
    return _hidden(g, 3)


def hidden_quad(g: Grid) -> Step | None:
    return _hidden(g, 4)


def direct_hidden_pair(g: Grid) -> Step | None:
    return _direct_hidden(g, 2)


def direct_hidden_triple(g: Grid) -> Step | None:
    return _direct_hidden(g, 3)
