"""Locked candidates: where a region and a row or column meet.

*Pointing*: a digit's places in a region all lie on one line, so the rest of the line loses
it (SE 2.6). *Claiming*: a digit's places on a line all lie in one region, so the rest of the
region loses it (SE 2.8). The *direct* forms (1.7 and 1.9) are those whose eliminations leave
a hidden single, and place it in the same step.
"""
from __future__ import annotations

from collections.abc import Iterator

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


def pointing(g: Grid) -> Step | None:
    return _plain(g, True)


def claiming(g: Grid) -> Step | None:
    return _plain(g, False)


def direct_pointing(g: Grid) -> Step | None:
    return _direct(g, True)


def direct_claiming(g: Grid) -> Step | None:
    return _direct(g, False)
