"""Locked candidates: where a region and a row or column meet.

*Pointing*: a digit's places in a region all lie on one line, so the rest of the line loses
it (SE 2.6). *Claiming*: a digit's places on a line all lie in one region, so the rest of the
region loses it (SE 2.8). The *direct* forms (1.7 and 1.9) are those whose eliminations leave
a hidden single, and place it in the same step.

On a grid whose rule SukakuExplainer crosses with its own region kinds (windoku's window
groups, :attr:`solver.sudoku.rules.Rule.locks`), its direct forms also run over each window
with each row, column and box, both ways, after the box-and-line ones: a step whose locked
places lie in a box is Direct Pointing (1.7), every other Direct Claiming (1.9). SukakuExplainer
finds them in one pass whose first step wins, so they are tried where its pass reaches them:
after the line-first claims, within :func:`direct_claiming`.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from solver.sudoku.candidates import Grid, Step
from solver.sudoku.singles import new_hidden_single

POINTING: float = 2.6
CLAIMING: float = 2.8
DIRECT_POINTING: float = 1.7
DIRECT_CLAIMING: float = 1.9


def _locked(g: Grid, pointing: bool) -> Iterator[tuple[int, int, int, list[int], list[int]]]:
    """(digit, source unit, target unit, locked cells, cells losing the digit)."""
    lay, cands = g.lay, g.cands
    for region, line, both in lay.crossings:
        source, target = (region, line) if pointing else (line, region)
        mask = 0
        for c in both:
            mask |= cands[c]
        if not mask:
            continue
        outside = 0
        for c in lay.units[source]:
            if c not in both:
                outside |= cands[c]
        for digit in range(1, g.n + 1):
            bit = 1 << (digit - 1)
            if not mask & bit or outside & bit:
                continue
            gone = [c for c in lay.units[target] if c not in both and cands[c] & bit]
            if gone:
                locked = [c for c in both if cands[c] & bit]
                yield digit, source, target, locked, gone


def _sentence(g: Grid, pointing: bool, digit: int, source: int, target: int) -> str:
    word = "Pointing" if pointing else "Claiming"
    return (f"{word}: in {g.lay.names[source]} the {g.sym(digit)}s lie in "
            f"{g.lay.names[target]}")


def _plain(g: Grid, pointing: bool) -> Step | None:
    for digit, source, target, locked, gone in _locked(g, pointing):
        return g.removal("Pointing" if pointing else "Claiming",
                         POINTING if pointing else CLAIMING,
                         _sentence(g, pointing, digit, source, target),
                         [(c, digit) for c in gone], locked)
    return None


def _direct(g: Grid, pointing: bool) -> Step | None:
    for digit, source, target, locked, gone in _locked(g, pointing):
        trial = g.copy()
        bit = ~(1 << (digit - 1))
        for c in gone:
            trial.cands[c] &= bit
        # SE: the single is in a unit of the source's kind (another region when pointing,
        # a parallel line when claiming)
        kind = 2 if pointing else source // g.n
        single = new_hidden_single(trial, [(c, digit) for c in gone], kind)
        if single:
            cell, d, unit = single
            name = "Direct Pointing" if pointing else "Direct Claiming"
            text = (f"{g.name(cell)} = {g.sym(d)}: {_sentence(g, pointing, digit, source, target)}, "
                    f"so {g.removed_text([(c, digit) for c in gone])}, "
                    f"leaving a Hidden Single in {g.lay.names[unit]}")
            return g.step(name, DIRECT_POINTING if pointing else DIRECT_CLAIMING, text,
                          placed=[(cell, d)], named=[(c, digit) for c in gone],
                          cells=[*locked, cell])
    return None


def _kinds(g: Grid) -> tuple[tuple[Sequence[int], Sequence[int]], ...]:
    """The (source kind, target kind) pairs of units SukakuExplainer's direct intersections add
    for the rule's windows, in its order: window-column, window-row, column-window, row-window,
    box-window, window-box."""
    n, windows = g.n, g.lay.locking
    rows, columns, boxes = range(n), range(n, 2 * n), range(2 * n, 3 * n)
    return ((windows, columns), (windows, rows), (columns, windows), (rows, windows), (boxes, windows),
            (windows, boxes))


def _windowed(g: Grid) -> Step | None:
    """A direct intersection of a window and a row, column or box, SukakuExplainer's way: for
    each pair of kinds, each digit, each source unit whose places of the digit (two or more)
    all lie in a target unit, the first other unit of the source's kind that crosses the target
    and keeps one place of the digit outside it: a hidden single there."""
    units, cands = g.lay.units, g.cands
    boxes = range(2 * g.n, 3 * g.n)
    for sources, targets in _kinds(g):
        for digit in range(1, g.n + 1):
            bit = 1 << (digit - 1)
            for source in sources:
                places = [c for c in units[source] if cands[c] & bit]
                if len(places) < 2:
                    continue
                for target in targets:
                    inside = set(units[target])
                    if target == source or not inside.issuperset(places):
                        continue
                    gone = [c for c in units[target] if cands[c] & bit and c not in places]
                    for other in sources:
                        if other == source or inside.isdisjoint(units[other]):
                            continue
                        there = [c for c in units[other] if cands[c] & bit]
                        left = [c for c in there if c not in inside]
                        if len(there) > 1 and len(left) == 1 and gone:
                            cell = left[0]
                            box_first = sources == boxes
                            text = (f"{g.name(cell)} = {g.sym(digit)}: {'Pointing' if box_first else 'Claiming'}: "
                                    f"in {g.lay.names[source]} "
                                    f"the {g.sym(digit)}s lie in {g.lay.names[target]}, so "
                                    f"{g.removed_text([(c, digit) for c in gone])}, leaving a Hidden Single "
                                    f"in {g.lay.names[other]}")
                            return g.step("Direct Pointing" if box_first else "Direct Claiming",
                                          DIRECT_POINTING if box_first else DIRECT_CLAIMING, text,
                                          placed=[(cell, digit)], named=[(c, digit) for c in gone],
                                          cells=[*places, cell])
    return None


def pointing(g: Grid) -> Step | None:
    return _plain(g, True)


def claiming(g: Grid) -> Step | None:
    return _plain(g, False)


def direct_pointing(g: Grid) -> Step | None:
    return _direct(g, True)


def direct_claiming(g: Grid) -> Step | None:
    step = _direct(g, False)
    return step if step is not None or not g.lay.locking else _windowed(g)
