"""The variant rules of a grid as a board shows and plays them, whatever kind carries them: a
variant Sudoku, or a Killer whose cages are combined with X, windoku, anti-knight ... (its
Sudoku grid keeps the rules, :attr:`solver.killer.Killer.sudoku`)."""
from __future__ import annotations

from publisher.model import SHADE_BAND, SHADE_MARK, SHADE_NONE, PairRule, PlayRules
from solver.sudoku import Puzzle
from solver.sudoku.geometry import tables


def variant_shading(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The look of the variant rules: their units (diagonals, windows) a light band, cells
    marked even a darker square, cells marked odd the band's grey; None when nothing is shaded."""
    geometry = puzzle.geometry
    n = geometry.size
    shades = [SHADE_NONE] * geometry.cells
    for unit in tables(geometry).units[3 * n:]:
        for cell in unit:
            shades[cell] = SHADE_BAND
    full = (1 << n) - 1
    for cell, mask in enumerate(tables(geometry).allowed):
        if mask != full:
            shades[cell] = SHADE_MARK if mask & 0b10 else SHADE_BAND   # digit 2 allowed: an even mark
    return tuple(shades) if any(shades) else None


def variant_play_rules(puzzle: Puzzle) -> PlayRules:
    """The variant rules as the playable page checks them (groups, pairs, marks), from the
    rules' own data: no rule is named. A rule on pairs sends its pairs and its own ``clash``
    for every two digits, so the page judges it as the solver does, whatever rule it is."""
    geometry = puzzle.geometry
    t = tables(geometry)
    digits = range(1, geometry.size + 1)
    pairs = tuple(PairRule(cells, "".join("1" if rule.clash(d1, d2) else "0" for d1 in digits for d2 in digits))
                  for rule in geometry.rules if (cells := rule.pairs(geometry)))
    symbols = puzzle.symbols
    allowed = tuple("" if mask == t.full else "".join(s for d, s in enumerate(symbols) if mask >> d & 1)
                    for mask in t.allowed)
    return PlayRules(groups=tuple(t.units[3 * geometry.size:]), pairs=pairs, order=symbols,
                     allowed=allowed if any(allowed) else ())


def variant_labels(puzzle: Puzzle) -> tuple[str, ...]:
    """The label keys of each variant rule's line and of the legend of its marks."""
    return tuple(f"rule_{name}" for name in puzzle.variant) + (
        ("rule_odd_marks",) if "o" in (puzzle.parity or "") else ())
