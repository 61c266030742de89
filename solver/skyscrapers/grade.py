"""Rate a Skyscrapers puzzle by solving it as a person would, on the Latin square's pencil
marks, with the clue deductions a solver learns first, then a whole line's reasoning.

Techniques, in the order they are tried, and their ratings on the Sudoku levels' scale (easy
< 1.5 <= medium < 2.5 <= hard < 5.0 <= diabolical). The cut tracks Tatham's Towers levels: his
easy is clue bounds and singles (our easy); his hard adds the exhaustive look at one clue's
line and subsets in a line (our medium); his extreme adds what crosses lines (fish, forcing
from a two-candidate cell: our hard); his unreasonable needs trial and error (diabolical).

======================================  ======
Full House                               1.0
Hidden Single (row or column)            1.2
Naked Single                             1.4
Clue Bounds                              1.4
Skyline (one line's clues, exhaustive)   1.8
Naked / Hidden Pair                      2.2 / 2.3
Naked / Hidden Triple                    2.4 / 2.4
X-Wing / Swordfish (SE)                  3.2 / 3.8
Forcing (two-candidate cell)             4.2
Forcing (any cell)                       6.5
======================================  ======

**Clue Bounds**: seen from a clue of c, the cell k places in (k = 0 the nearest) holds at most
N - c + 1 + k (a taller one there leaves too few taller heights to rise c times), counting only
heights that can still be seen; a clue of 1 puts N next to it; facing clues adding up to N + 1
put N where both rising runs meet. Tried after the singles (they are cheaper to look for, and
rated alike: both easy).
"""
from __future__ import annotations

from functools import lru_cache, partial

from solver import latin
from solver.cages.engine import propagate
from solver.cages.grading import Technique, solve_steps, summary
from solver.skyscrapers.lines import supports
from solver.skyscrapers.puzzle import Skyscrapers, lines, sight
from solver.skyscrapers.verdict import Rules
from solver.sudoku import fish, singles, subsets
from solver.sudoku.candidates import Grid, Step, bits
from solver.sudoku.grade import Grade

FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE, BOUNDS, SKYLINE = 1.0, 1.2, 1.4, 1.4, 1.8
PAIRS, TRIPLES = (2.2, 2.3), (2.4, 2.4)
FORCING = (4.2, 6.5)   # a two-candidate cell, rows and columns propagated / any cell, clues too

#: Tatham's difficulty letters in order, and the level each of ours stands for
TATHAM_LEVELS = {"easy": "e", "medium": "h", "hard": "x", "diabolical": "u"}


def grid(puzzle: Skyscrapers) -> Grid:
    return latin.latin_grid(puzzle.size, puzzle.givens, puzzle.symbols)


Clue = tuple[int, int, tuple[int, ...], int]   # index, clue, cells from it, the facing clue (0: none)


def clue_bounds(g: Grid, puzzle: Skyscrapers, clued: tuple[Clue, ...]) -> Step | None:
    n = puzzle.size
    values, cands = g.values, g.cands
    for index, clue, cells, facing in clued:
        line_values = tuple(values[c] for c in cells)
        if all(line_values):
            continue
        if clue == 1 and not values[cells[0]] and cands[cells[0]] >> (n - 1) & 1:
            return g.step("Clue Bounds", BOUNDS, f"{puzzle.clue_name(index)} sees only the tallest: "
                          f"{g.name(cells[0])} = {n}", placed=[(cells[0], n)], cells=cells)
        if facing and clue + facing == n + 1:
            cell = cells[clue - 1]
            if not values[cell] and cands[cell] >> (n - 1) & 1:
                return g.step("Clue Bounds", BOUNDS, f"{puzzle.clue_name(index)} and the clue {facing} facing it "
                              f"add up to {n + 1}: {g.name(cell)} = {n}", placed=[(cell, n)], cells=cells)
        ruled_out = bound_removals(n, clue, line_values, tuple(cands[c] for c in cells))
        if ruled_out:
            return g.removal("Clue Bounds", BOUNDS, f"{puzzle.clue_name(index)} needs {clue} rising buildings",
                             [(cells[k], d) for k, d in ruled_out], cells)
    return None


@lru_cache(maxsize=1 << 16)
def bound_removals(n: int, clue: int, values: tuple[int, ...], cands: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """What the clue's bounds rule out of its line (placed heights ``values`` and the empty
    cells' ``cands``, nearest first), as (place, height): the nearly-seen rule first, else the
    distances. A line repeats often in a solve (a step elsewhere leaves it as it was): cached."""
    where = {v: k for k, v in enumerate(values) if v}
    return _nearly_seen(values, cands, clue, where, n) or _bounds(values, cands, clue, where, n)


def _bounds(values: tuple[int, ...], cands: tuple[int, ...], clue: int, where: dict[int, int], n: int
            ) -> tuple[tuple[int, int], ...]:
    """The i-th tallest height that can still be seen (a placed one behind a taller placed one
    is not) stands at least clue - 1 - i cells away: the rise to it needs the room."""
    removed: list[tuple[int, int]] = []
    counted = 0
    nearest_taller = n                      # the nearest place of a placed height taller than this one
    for height in range(n, 0, -1):
        k = where.get(height)
        if k is not None:
            hidden = nearest_taller < k
            nearest_taller = min(nearest_taller, k)
            if hidden:
                continue
        for near in range(clue - 1 - counted):
            if not values[near] and cands[near] >> (height - 1) & 1:
                removed.append((near, height))
        counted += 1
    return tuple(removed)


def _nearly_seen(values: tuple[int, ...], cands: tuple[int, ...], clue: int, where: dict[int, int], n: int
                 ) -> tuple[tuple[int, int], ...]:
    """The tallest heights already placed, each nearer than the one above it, are all seen; when
    they are one fewer than the clue, the nearest cell is the last one seen before them, so it is
    taller than every other height standing nearer than the furthest of them: the smallest of
    those heights leave it."""
    seen = 0
    furthest = n
    for height in range(n, 0, -1):
        k = where.get(height)
        if k is None:
            break
        if k < furthest:
            furthest, seen = k, seen + 1
    if clue != seen + 1 or furthest <= 1 or values[0]:
        return ()
    removed: list[tuple[int, int]] = []
    room = furthest - 1
    for height in range(1, n + 1):
        if room <= 0:
            break
        k = where.get(height)
        if k is not None and k >= furthest:
            continue
        room -= 1
        if cands[0] >> (height - 1) & 1:
            removed.append((0, height))
    return tuple(removed)


def skyline(g: Grid, puzzle: Skyscrapers) -> Step | None:
    """The first clued line whose clues, looked at over every arrangement its candidates
    allow, rule some candidate out."""
    cand = latin.effective(g)
    for cells, near, far, near_at, far_at in lines(puzzle):
        kept = supports(tuple(cand[c] for c in cells), near, far)
        if kept is None:
            continue
        removed = [(c, d) for c, keep in zip(cells, kept) if not g.values[c] for d in bits(g.cands[c] & ~keep)]
        if removed:
            named = " and ".join(puzzle.clue_name(i) for i in (near_at, far_at) if puzzle.clues[i])
            return g.removal("Skyline", SKYLINE, f"no arrangement of the line meeting {named} allows it",
                             removed, cells)
    return None


def forcing(g: Grid, rules: Rules, bivalue: bool) -> Step | None:
    """A candidate whose trial leaves some cell empty: of a two-candidate cell, the rows and
    columns propagated (a short chain a person follows); of any cell, the clues' lines too."""
    if bivalue:
        return latin.forcing(g, partial(propagate, rules.net), True, FORCING[0], "some row or column")
    return latin.forcing(g, rules.settle, False, FORCING[1], "some row, column or clue")


def techniques(puzzle: Skyscrapers) -> tuple[Technique, ...]:
    rules = Rules.of(puzzle)
    n = puzzle.size
    clued = tuple((index, clue, sight(n, index), puzzle.clues[(index + n) % (2 * n) + 2 * n * (index // (2 * n))])
                  for index, clue in enumerate(puzzle.clues) if clue)
    return (
        (FULL_HOUSE, singles.full_house),
        (HIDDEN_SINGLE, partial(latin.rated, singles.hidden_single_line, HIDDEN_SINGLE)),
        (NAKED_SINGLE, partial(latin.rated, singles.naked_single, NAKED_SINGLE)),
        (BOUNDS, partial(clue_bounds, puzzle=puzzle, clued=clued)),
        (SKYLINE, partial(skyline, puzzle=puzzle)),
        (PAIRS[0], partial(latin.rated, subsets.naked_pair, PAIRS[0])),
        (PAIRS[1], partial(latin.rated, subsets.hidden_pair, PAIRS[1])),
        (TRIPLES[0], partial(latin.rated, subsets.naked_triple, TRIPLES[0])),
        (TRIPLES[1], partial(latin.rated, subsets.hidden_triple, TRIPLES[1])),
        (fish.RATINGS[2], fish.x_wing),
        (fish.RATINGS[3], fish.swordfish),
        (FORCING[0], partial(forcing, rules=rules, bivalue=True)),
        (FORCING[1], partial(forcing, rules=rules, bivalue=False)),
    )


def grade_with_steps(puzzle: Skyscrapers, ceiling: float | None = None) -> tuple[Grade, list[Step]]:
    """The rating of a unique puzzle and its logical steps (they end at the first step rated
    above ``ceiling``). The caller has verified it: a puzzle with no single answer ends in a
    step the grader cannot make ("Beyond")."""
    steps, complete = solve_steps(grid(puzzle), techniques(puzzle), ceiling)
    return summary(steps, complete), steps


def grade(puzzle: Skyscrapers, ceiling: float | None = None) -> Grade:
    return grade_with_steps(puzzle, ceiling)[0]
