"""Techniques valid only for a puzzle known to have one solution.

*Unique rectangle* (SE 4.5-4.8): four cells on two rows, two columns and exactly two regions
that all hold the digits {a, b} would let a and b swap (a second solution), so the extra
candidates must break the pattern (a *unique loop* of 6, 8 or 10 cells, each unit it touches
holding two of them, works the same way and rates 4.6, 4.7, 5.0): type 1 (one cell has extras: it loses a and b), type 2
(the extra cells share one extra digit: cells seeing them all lose it), type 3 (the extras
form a naked subset with other cells of a shared unit: 4.5 + 0.1 per subset size above one),
type 4 (a is confined to the two extra cells in a shared unit: they lose b).

*BUG* (bivalue universal grave, SE 5.6 / 5.7): if every blank cell had two candidates, each
digit twice per unit, the puzzle would have two solutions; the cells with more candidates
must keep one of their extra ("BUG") digits. Type 1: one such cell takes its BUG digit.
Type 2: several cells with the same single BUG digit: cells seeing them all lose it.
"""
from __future__ import annotations

from itertools import combinations

from solver.sudoku.candidates import Grid, Step, bits, popcount

UR, BUG1, BUG2 = 4.5, 5.6, 5.7


#: Longest unique loop searched (SE rates 4.6 for 6 cells, 4.7 for 8, 5.0 from 10).
MAX_LOOP = 10


def loop_rating(size: int) -> float:
    return UR + (0.5 if size >= 10 else 0.2 if size >= 8 else 0.1 if size >= 6 else 0.0)


def _loops(g: Grid) -> list[tuple[int, tuple[int, ...]]]:
    """(digits mask, cells) of every unique loop: cells all holding two digits {a, b}, at
    least one nothing else, each joined to the next through a row, column or region (never
    two links of one kind in a row), every unit it touches holding exactly two of its cells,
    one at an odd and one at an even place; the cells with extra digits are at most two, or
    share a single extra digit. Rectangles are loops of four."""
    cands, lay = g.cands, g.lay
    cell_units, units = lay.cell_units, lay.units
    found: dict[tuple[int, frozenset[int]], tuple[int, ...]] = {}
    for first, pair in enumerate(cands):
        if popcount(pair) != 2:
            continue
        members = {c for c in range(len(cands)) if cands[c] & pair == pair}

        def walk(path: list[int], last_kind: int, extras: int, extra_cells: int,
                 first: int = first, pair: int = pair, members: set[int] = members) -> None:
            here = path[-1]
            for kind in range(3):
                if kind == last_kind:
                    continue
                for nxt in units[cell_units[here][kind]]:
                    if nxt == first and len(path) >= 4 and len(path) % 2 == 0:
                        if _valid(path, cell_units):
                            key = (pair, frozenset(path))
                            if key not in found:
                                found[key] = tuple(path)
                        continue
                    if nxt not in members or nxt in path or len(path) >= MAX_LOOP:
                        continue
                    more = cands[nxt] & ~pair
                    if more and extra_cells >= 2 and popcount(extras | more) != 1:
                        continue
                    path.append(nxt)
                    walk(path, kind, extras | more, extra_cells + (1 if more else 0))
                    path.pop()

        walk([first], -1, 0, 0)
    return [(pair, cells) for (pair, _), cells in found.items()]


def _valid(path: list[int], cell_units: tuple[tuple[int, int, int], ...]) -> bool:
    odd: set[int] = set()
    even: set[int] = set()
    for i, cell in enumerate(path):
        side = odd if i % 2 else even
        for u in cell_units[cell]:
            if u in side:
                return False
            side.add(u)
    return odd == even


def unique_rectangle(g: Grid) -> Step | None:
    found: list[tuple[float, int, Step]] = []
    cands, lay = g.cands, g.lay
    for pair, corners in _loops(g):
        extra = [x for x in corners if cands[x] != pair]
        ab = g.syms(pair)
        base = loop_rating(len(corners))
        name = "Unique Rectangle" if len(corners) == 4 else "Unique Loop"
        head = f"{name} {g.names(list(corners))} on {ab}"
        if len(extra) == 1:
            removed = [(extra[0], d) for d in bits(pair)]
            found.append((base, 1, g.removal(name, base,
                                             f"{head}: {g.name(extra[0])} must break it",
                                             removed, corners)))
            continue
        extras = 0
        for x in extra:
            extras |= cands[x] & ~pair
        if popcount(extras) == 1:
            digit = extras.bit_length()
            seen = set.intersection(*(set(lay.peer_sets[x]) for x in extra))
            removed = [(c, digit) for c in sorted(seen) if cands[c] & extras and c not in extra]
            if removed:
                found.append((base, 2, g.removal(name, base,
                                                 f"{head}: one of {g.names(extra)} is "
                                                 f"{g.sym(digit)}", removed, corners)))
        if len(extra) != 2:
            continue
        x, y = extra
        shared = [u for u in lay.cell_units[x] if u in lay.cell_units[y]]
        for u in shared:
            unit = lay.units[u]
            # type 4: one digit of the pair confined to the extra cells in this unit
            for keep in bits(pair):
                bit = 1 << (keep - 1)
                if all(not cands[c] & bit for c in unit if c not in extra):
                    other = (pair & ~bit).bit_length()
                    found.append((base, 4, g.removal(
                        name, base,
                        f"{head}: {g.sym(keep)} must sit in {g.names(extra)}",
                        [(x, other), (y, other)], corners)))
            # type 3: the extra digits and k-1 other cells form a naked k-subset
            others = [c for c in unit if c not in corners and 1 < popcount(cands[c])]
            blanks = sum(1 for c in unit if not g.values[c])
            for k in range(max(2, popcount(extras)), 5):
                if 2 * k > blanks:
                    break
                for group in combinations(others, k - 1):
                    mask = extras
                    for c in group:
                        mask |= cands[c]
                    if popcount(mask) != k:
                        continue
                    removed = [(c, d) for c in unit if c not in group and c not in corners
                               for d in bits(cands[c] & mask)]
                    if removed:
                        rating = base + (k - 1) / 10
                        found.append((rating, 3, g.removal(
                            name, rating,
                            f"{head}: {g.names(extra)} act as one cell of {g.syms(extras)}, "
                            f"a naked set with {g.names(group)}", removed, corners)))
    if not found:
        return None
    found.sort(key=lambda f: (f[0], f[1]))
    return found[0][2]


def bug(g: Grid) -> Step | None:
    """BUG type 1 or 2."""
    cands, lay = g.cands, g.lay
    blank = [c for c in range(len(cands)) if not g.values[c]]
    if any(popcount(cands[c]) < 2 for c in blank):
        return None
    bug_digits: dict[int, int] = {}
    for u, unit in enumerate(lay.units):
        for d in bits(_union(cands, unit)):
            bit = 1 << (d - 1)
            places = [c for c in unit if cands[c] & bit]
            if len(places) > 2:
                for c in places:
                    if popcount(cands[c]) > 2:
                        bug_digits[c] = bug_digits.get(c, 0) | bit
    poly = [c for c in blank if popcount(cands[c]) > 2]
    if not poly or any(c not in bug_digits for c in poly):
        return None
    # removing the BUG digits must leave every unit with each digit exactly twice or never
    rest = cands[:]
    for c in poly:
        rest[c] &= ~bug_digits[c]
        if popcount(rest[c]) != 2:
            return None
    for unit in lay.units:
        for d in bits(_union(rest, unit)):
            if sum(1 for c in unit if rest[c] >> (d - 1) & 1) != 2:
                return None
    if len(poly) == 1:
        cell = poly[0]
        if popcount(bug_digits[cell]) != 1:
            return None
        digit = bug_digits[cell].bit_length()
        return g.step("BUG", BUG1, f"{g.name(cell)} = {g.sym(digit)}: BUG type 1, without "
                      f"{g.sym(digit)} every blank cell would hold two candidates and the "
                      f"puzzle two solutions", placed=[(cell, digit)], cells=[cell])
    common = bug_digits[poly[0]]
    if popcount(common) != 1 or any(bug_digits[c] != common for c in poly):
        return None
    digit = common.bit_length()
    seen = set.intersection(*(set(lay.peer_sets[c]) for c in poly))
    removed = [(c, digit) for c in sorted(seen) if cands[c] & common]
    if not removed:
        return None
    return g.removal("BUG", BUG2, f"BUG type 2: one of {g.names(poly)} is {g.sym(digit)}",
                     removed, poly)


def _union(cands: list[int], unit: tuple[int, ...]) -> int:
    mask = 0
    for c in unit:
        mask |= cands[c]
    return mask
