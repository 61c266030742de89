"""The cage techniques of a human solver, shared by Killer and KenKen graders.

They work on the Sudoku grader's :class:`~solver.sudoku.candidates.Grid` (values and
candidate bitmasks) plus the puzzle's cages and their tables (:mod:`solver.cages.tables`):

* **Cage Remainder** -- the last open cell of a cage takes what its total leaves;
* **Cage Sums** -- the first reading of a Killer cage (or of cells the 45 rule gives a total):
  its open cells' bounds (a digit too small or too large for what the others can add up to
  leaves), and for two to four open cells the digit sets that add up to the rest and of which
  every cell could hold some digit; digits in none of them leave. It reads the sums, not the
  arrangement: a set is not checked digit by digit against the cells (Tatham's own solver
  stops here too);
* **Cage Combination** -- the exact reading: only some digit sets (Killer) or value tuples (KenKen) fit a
  cage's total and its cells' candidates; digits no fitting one uses leave the cells;
* **Cage Pointing** -- a digit every fitting combination of a cage needs, whose places in
  the cage lie in one row, column or box, leaves the rest of that unit;
* **Combination Lock** -- a unit's digit whose every place lies in one cage locks the
  cage onto the combinations that put it there;
* **Forcing** -- a candidate that, tried, leaves the exact propagation of every rule (the
  search's, :mod:`solver.cages.engine`) without a possibility, is struck. The fallback
  step when no pattern above applies; rated above every pattern.

A technique is a function of ``(grid, context)`` returning a
:class:`~solver.sudoku.candidates.Step` or None; its rating is the kind's, passed in.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, product

from solver.cages.cage import Cage
from solver.cages.engine import Network, live_combos, live_tuples, propagate
from solver.cages.tables import SumTable, TupleTable
from solver.sudoku.candidates import Grid, Step, bits

Table = SumTable | TupleTable


@dataclass(frozen=True)
class Context:
    """What the cage techniques read besides the grid: the cages, their tables, the network;
    and what :func:`cage_sums` last saw of each cage where it found nothing (a grade rescans
    every cage after every step, and most cages have not changed since)."""

    cages: tuple[Cage, ...]
    tables: tuple[Table, ...]
    net: Network
    quiet: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False)


def effective(g: Grid) -> list[int]:
    """Every cell's candidates, a placed cell's value as its only one."""
    return [1 << (v - 1) if v else c for v, c in zip(g.values, g.cands)]


def cage_words(g: Grid, cage: Cage) -> str:
    return f"cage {cage.label()} at {g.name(cage.first)}"


def allowed_per_cell(table: Table, cand: Sequence[int], full: int) -> list[int] | None:
    """The digits each cell of the cage may still hold by the cage alone; None if none fit."""
    if isinstance(table, SumTable):
        alive = live_combos(table, cand, full)
        if not alive:
            return None
        union = 0
        for i, combo in enumerate(table.combos):
            if alive >> i & 1:
                union |= combo
        placed = 0
        for c in table.cells:
            m = cand[c]
            if not m & (m - 1):
                placed |= m
        return [cand[c] & union if not cand[c] & (cand[c] - 1) else cand[c] & union & ~placed
                for c in table.cells]
    alive = live_tuples(table, cand)
    if not alive:
        return None
    return [sum(1 << d for d in range(len(row)) if row[d] & alive) & cand[c]
            for c, row in zip(table.cells, table.using)]


def fitting_words(g: Grid, cage: Cage, table: Table, cand: Sequence[int], full: int) -> str:
    """The combinations still fitting a cage, as a reader writes them: ``1+5+9 or 2+4+9``."""
    if isinstance(table, SumTable):
        alive = live_combos(table, cand, full)
        sets = [bits(combo) for i, combo in enumerate(table.combos) if alive >> i & 1]
        joiner = "+"
    else:
        alive = live_tuples(table, cand)
        found = {tuple(sorted(t)) for i, t in enumerate(table.tuples) if alive >> i & 1}
        sets = [list(s) for s in sorted(found)]
        joiner = {"+": "+", "x": "x", "-": "-", "/": "/"}.get(cage.op or "", ",")
        if cage.op in ("-", "/"):
            sets = [sorted(s, reverse=True) for s in sets]
    texts = [joiner.join(g.sym(d) for d in s) for s in sets]
    if len(texts) > 4:
        return f"one of {len(texts)} combinations"
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


#: (cells, total) -> the bitmasks of the sets of that many different digits 1-9 adding up to total
_DIGIT_SETS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def digit_sets(n: int, count: int, total: int) -> tuple[int, ...]:
    """The sets of ``count`` different digits of 1..``n`` that add up to ``total``, as bitmasks."""
    key = (n, count, total)
    found = _DIGIT_SETS.get(key)
    if found is None:
        found = tuple(sum(1 << (d - 1) for d in chosen) for chosen in combinations(range(1, n + 1), count)
                      if sum(chosen) == total)
        _DIGIT_SETS[key] = found
    return found


def sums_removal(g: Grid, cells: Sequence[int], total: int) -> list[tuple[int, int]]:
    """What the :func:`cage_sums` reading strikes from open ``cells`` adding up to ``total``
    (different digits when two to four of them; bounds alone otherwise)."""
    cands = [g.cands[c] for c in cells]
    low_sum = high_sum = 0
    for m in cands:
        low_sum += (m & -m).bit_length()
        high_sum += m.bit_length()
    removed: list[tuple[int, int]] = []
    for c, m in zip(cells, cands):
        low = (m & -m).bit_length()
        high = m.bit_length()
        least = total - (high_sum - high)        # what the others leave at their largest ...
        most = total - (low_sum - low)           # ... and at their smallest
        if least > low or most < high:
            fits = ((1 << max(0, most)) - 1) & ~((1 << max(0, least - 1)) - 1)
            removed += [(c, d) for d in bits(m & ~fits)]
    if removed or not 2 <= len(cells) <= 4:
        return removed
    possible = 0
    for digits in digit_sets(g.n, len(cells), total):
        for m in cands:
            if not m & digits:
                break
        else:
            possible |= digits
    return [(c, d) for c, m in zip(cells, cands) if m & ~possible for d in bits(m & ~possible)]


def open_part(g: Grid, cage: Cage) -> tuple[list[int], int]:
    """A cage's open cells and what they add up to."""
    return ([c for c in cage.cells if not g.values[c]],
            cage.total - sum(g.values[c] for c in cage.cells if g.values[c]))


def cage_sums(g: Grid, ctx: Context, rating: float) -> Step | None:
    for index, cage in enumerate(ctx.cages):
        seen = tuple(g.cands[c] if not g.values[c] else -g.values[c] for c in cage.cells)
        if ctx.quiet.get(index) == seen:
            continue
        cells, total = open_part(g, cage)
        removed = sums_removal(g, cells, total) if len(cells) >= 2 else []
        if not removed:
            ctx.quiet[index] = seen
        else:
            return g.removal("Cage Sums", rating,
                             f"the open cells {g.names(cells)} of {cage_words(g, cage)} add up to {total}",
                             removed, cage.cells)
    return None


def cage_remainder(g: Grid, ctx: Context, rating: float) -> Step | None:
    cand = effective(g)
    full = (1 << g.n) - 1
    for cage, table in zip(ctx.cages, ctx.tables):
        open_cells = [c for c in cage.cells if not g.values[c]]
        if len(open_cells) != 1 or len(cage.cells) == 1:
            continue
        allowed = allowed_per_cell(table, cand, full)
        if allowed is None:
            continue
        mask = allowed[cage.cells.index(open_cells[0])]
        if mask and not mask & (mask - 1):
            cell, digit = open_cells[0], mask.bit_length()
            return g.step("Cage Remainder", rating,
                          f"{g.name(cell)} = {g.sym(digit)}: the last open cell of {cage_words(g, cage)}",
                          placed=[(cell, digit)], cells=cage.cells)
    return None


def cage_combination(g: Grid, ctx: Context, rating: float) -> Step | None:
    cand = effective(g)
    full = (1 << g.n) - 1
    for cage, table in zip(ctx.cages, ctx.tables):
        if all(g.values[c] for c in cage.cells):
            continue
        allowed = allowed_per_cell(table, cand, full)
        if allowed is None:
            continue
        removed = [(c, d) for c, mask in zip(cage.cells, allowed) if not g.values[c]
                   for d in bits(g.cands[c] & ~mask)]
        if removed:
            return g.removal("Cage Combination", rating,
                             f"{cage_words(g, cage)} can only be {fitting_words(g, cage, table, cand, full)}",
                             removed, cage.cells)
    return None


def _required(table: Table, cand: Sequence[int], full: int) -> int:
    """The digits every fitting combination of a cage uses (a bitmask)."""
    if isinstance(table, SumTable):
        alive = live_combos(table, cand, full)
        need = full
        for i, combo in enumerate(table.combos):
            if alive >> i & 1:
                need &= combo
        return need if alive else 0
    alive = live_tuples(table, cand)
    need = full if alive else 0
    for i, values in enumerate(table.tuples):
        if alive >> i & 1:
            mask = 0
            for v in values:
                mask |= 1 << (v - 1)
            need &= mask
    return need


def cage_pointing(g: Grid, ctx: Context, rating: float) -> Step | None:
    cand = effective(g)
    full = (1 << g.n) - 1
    lay = g.lay
    for cage, table in zip(ctx.cages, ctx.tables):
        need = _required(table, cand, full)
        for digit in bits(need):
            bit = 1 << (digit - 1)
            places = [c for c in cage.cells if cand[c] & bit]
            if any(g.values[c] == digit for c in places):
                continue
            shared = set.intersection(*(set(lay.cell_units[c]) for c in places)) if places else set()
            for u in sorted(shared):
                if u >= len(lay.units):
                    continue
                removed = [(c, digit) for c in lay.units[u] if c not in cage.cells and g.cands[c] & bit]
                if removed:
                    return g.removal("Cage Pointing", rating,
                                     f"{cage_words(g, cage)} needs {g.sym(digit)} "
                                     f"({fitting_words(g, cage, table, cand, full)}), "
                                     f"and only {g.names(places)} in {lay.names[u]} can hold it", removed, places)
    return None


def combination_lock(g: Grid, ctx: Context, rating: float) -> Step | None:
    cand = effective(g)
    full = (1 << g.n) - 1
    lay = g.lay
    owner = {c: i for i, cage in enumerate(ctx.cages) for c in cage.cells}
    for u, unit in enumerate(lay.units):
        for digit in range(1, g.n + 1):
            bit = 1 << (digit - 1)
            places = [c for c in unit if g.cands[c] & bit]
            if len(places) < 2 or any(g.values[c] == digit for c in unit):
                continue
            homes = {owner.get(c, -1) for c in places}
            if len(homes) != 1 or -1 in homes:
                continue
            k = homes.pop()
            cage, table = ctx.cages[k], ctx.tables[k]
            # one of ``places`` holds the digit: try each, keep what some choice allows
            allowed = [0] * len(cage.cells)
            for place in places:
                trial = cand[:]
                trial[place] = bit
                for other in places:
                    if other != place:
                        trial[other] &= ~bit
                each = allowed_per_cell(table, trial, full)
                if each is not None:
                    allowed = [a | b for a, b in zip(allowed, each)]
            removed = [(c, d) for c, mask in zip(cage.cells, allowed) if not g.values[c]
                       for d in bits(g.cands[c] & ~mask)]
            if removed:
                return g.removal("Combination Lock", rating,
                                 f"{g.sym(digit)} of {lay.names[u]} can only go in {cage_words(g, cage)} "
                                 f"({g.names(places)}), which locks the cage's combinations", removed, cage.cells)
    return None


def sum_fits(cells: Sequence[int], cand: Sequence[int], total: int, apart: Sequence[tuple[int, int]],
             parity: bool = False) -> list[int]:
    """The digits each of ``cells`` may hold in some assignment from ``cand`` adding up to
    ``total`` (with ``parity``: to a total of that parity), with the index pairs ``apart``
    holding different digits. Meant for a handful of cells."""
    options = [bits(cand[c]) for c in cells]
    allowed = [0] * len(cells)
    for values in product(*options):
        s = sum(values)
        if (s % 2 != total % 2) if parity else (s != total):
            continue
        if any(values[i] == values[j] for i, j in apart):
            continue
        for i, v in enumerate(values):
            allowed[i] |= 1 << (v - 1)
    return allowed


def forcing(g: Grid, ctx: Context, ratings: tuple[float, float]) -> Step | None:
    """The first candidate (cells with fewest candidates first) whose trial fails."""
    cand = effective(g)
    order = sorted((c for c in range(len(cand)) if not g.values[c]), key=lambda c: (g.cands[c].bit_count(), c))
    for cell in order:
        for digit in bits(g.cands[cell]):
            trial = cand[:]
            trial[cell] = 1 << (digit - 1)
            if not propagate(ctx.net, trial, [cell]):
                rating = ratings[0] if g.cands[cell].bit_count() == 2 else ratings[1]
                return g.removal("Forcing", rating,
                                 f"{g.name(cell)} = {g.sym(digit)} leaves some cage, row, column or box "
                                 f"with no possibility", [(cell, digit)], [cell])
    return None
