"""Techniques valid only for a puzzle known to have one solution.

*Unique rectangle* (SE 4.5-4.8): four cells on two rows, two columns and exactly two regions
that all hold the digits {a, b} would let a and b swap (a second solution), so the extra
candidates must break the pattern: type 1 (one cell has extras: it loses a and b), type 2
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


def _rectangles(g: Grid) -> list[tuple[int, ...]]:
    """(digits mask, four corners) of every rectangle on two rows, two columns and two
    regions whose corners all hold two digits, at least one corner nothing else."""
    n, cands, cell_units = g.n, g.cands, g.lay.cell_units
    out = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                a, c = r1 * n + c1, r2 * n + c1
                if g.values[a] or g.values[c]:
                    continue
                for c2 in range(c1 + 1, n):
                    b, d = r1 * n + c2, r2 * n + c2
                    common = cands[a] & cands[b] & cands[c] & cands[d]
                    if popcount(common) < 2:
                        continue
                    ra, rb, rc, rd = (cell_units[x][2] for x in (a, b, c, d))
                    if len({ra, rb, rc, rd}) != 2 or (ra != rb and ra != rc):
                        continue
                    for pair in {cands[x] for x in (a, b, c, d)}:
                        if popcount(pair) == 2 and pair & common == pair:
                            out.append((pair, a, b, c, d))
    return out


def unique_rectangle(g: Grid) -> Step | None:
    found: list[tuple[float, int, Step]] = []
    cands, lay = g.cands, g.lay
    for pair, *corner_list in _rectangles(g):
        corners = tuple(corner_list)
        extra = [x for x in corners if cands[x] != pair]
        ab = g.syms(pair)
        head = f"Unique rectangle {g.names(list(corners))} on {ab}"
        if len(extra) == 1:
            removed = [(extra[0], d) for d in bits(pair)]
            found.append((UR, 1, g.removal("Unique Rectangle", UR,
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
                found.append((UR, 2, g.removal("Unique Rectangle", UR,
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
                    found.append((UR, 4, g.removal(
                        "Unique Rectangle", UR,
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
                        rating = UR + (k - 1) / 10
                        found.append((rating, 3, g.removal(
                            "Unique Rectangle", rating,
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
