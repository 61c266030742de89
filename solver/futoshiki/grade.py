"""Rate a Futoshiki by solving it as a person would, on the Latin square's pencil marks, with
the sign deductions a solver learns first, then sets in a line, then trials.

Techniques, in the order they are tried, and their ratings on the Sudoku levels' scale (easy
< 1.5 <= medium < 2.5 <= hard < 5.0 <= diabolical). The cut tracks Tatham's Unequal levels:
his trivial (Latin singles) and easy (each sign's bounds, followed along the chains; Adjacent:
what a placed digit says of its neighbours) are our easy; his tricky adds sets in a line
(subsets and fish; Adjacent: the neighbours' candidates) and is our medium; his extreme adds
forcing from a two-candidate cell (our hard); his recursive needs trial and error (diabolical).

======================================  ======
Full House                               1.0
Hidden Single (row or column)            1.2
Inequality Chain / Adjacency             1.3
Naked Single                             1.4
Adjacent Candidates                      1.8
Naked / Hidden Pair                      2.2 / 2.3
Naked / Hidden Triple, Quad              2.4
X-Wing / Swordfish                       2.4
Forcing (two-candidate cell)             4.2
Forcing (any cell)                       6.5
======================================  ======

**Inequality Chain**: along a chain of signs ``a > b > c``, a cell is at least one more than
the least its smaller neighbour can hold, so ``a`` is at least 3 (at least ``c``'s least + 2),
and at most one less than the most its greater neighbour can hold. The step names the whole
chain that bounds the cell.
"""
from __future__ import annotations

from functools import partial

from solver import latin
from solver.cages.engine import network, propagate, start
from solver.cages.grading import Technique, solve_steps, summary
from solver.futoshiki.puzzle import Futoshiki, Pair, neighbours
from solver.futoshiki.verdict import latin_lines, placement_rules, rules
from solver.sudoku import fish, singles, subsets
from solver.sudoku.candidates import Grid, Step, bits
from solver.sudoku.grade import Grade

FULL_HOUSE, HIDDEN_SINGLE, CHAIN, NAKED_SINGLE, CANDIDATES = 1.0, 1.2, 1.3, 1.4, 1.8
PAIRS, SETS = (2.2, 2.3), 2.4
FORCING = (4.2, 6.5)   # a two-candidate cell, rows and columns propagated / any cell, signs too

#: Tatham's difficulty letters in order, and the level each of ours stands for (his trivial
#: puzzles, Latin singles alone, are easy too)
TATHAM_LETTERS = "tekxr"
TATHAM_LEVELS = {"easy": "e", "medium": "k", "hard": "x", "diabolical": "r"}


def grid(puzzle: Futoshiki) -> Grid:
    return latin.latin_grid(puzzle.size, puzzle.givens, puzzle.symbols)


def _chain(links: dict[int, list[int]], lows: list[int], cell: int, memo: dict[int, tuple[int, list[int]]],
           depth: int) -> tuple[int, list[int]]:
    """The least digit ``cell`` can hold by the chains below it (``links[cell]``: its smaller
    neighbours) and the chain that says so (``cell`` first)."""
    if cell in memo:
        return memo[cell]
    best, path = lows[cell], [cell]
    if depth <= len(lows):           # a cycle of signs (an unsolvable puzzle) ends the walk
        for lower in links.get(cell, ()):
            least, below = _chain(links, lows, lower, memo, depth + 1)
            if least + 1 > best:
                best, path = least + 1, [cell, *below]
    memo[cell] = (best, path)
    return best, path


def inequality_chain(g: Grid, signs: tuple[Pair, ...], below: dict[int, list[int]],
                     above: dict[int, list[int]]) -> Step | None:
    """The cell of the first sign that trims it, bounded by the whole chain of signs through it
    (``below[c]``: the smaller neighbours of cell c by its signs, ``above[c]`` the greater).

    The chains' bounds are the fixpoint of each sign's own (a cell more than its smaller
    neighbour's least, less than its greater neighbour's most), so a chain trims a cell only
    where some sign does: the signs are looked at one by one, and only the chain of the first
    that trims a cell is followed, to trim it and name the chain."""
    n = g.n
    cand = latin.effective(g)
    lows = [(m & -m).bit_length() for m in cand]
    highs = [m.bit_length() for m in cand]
    values = g.values
    for greater, lesser in signs:
        if lows[greater] <= lows[lesser] and not values[greater]:
            least, path = _chain(below, lows, greater, {}, 0)
            removed = [(greater, d) for d in bits(g.cands[greater]) if d < least]
            text = " > ".join(g.name(c) for c in path)
            return g.removal("Inequality Chain", CHAIN, f"{text}: {g.name(greater)} is at least {least}", removed,
                             path)
        if highs[lesser] >= highs[greater] and not values[lesser]:
            flipped, path = _chain(above, [n + 1 - high for high in highs], lesser, {}, 0)
            most = n + 1 - flipped        # "at most" read as a "least" of n + 1 - digit
            removed = [(lesser, d) for d in bits(g.cands[lesser]) if d > most]
            text = " < ".join(g.name(c) for c in path)
            return g.removal("Inequality Chain", CHAIN, f"{text}: {g.name(lesser)} is at most {most}", removed, path)
    return None


def adjacency(g: Grid, bars: frozenset[Pair], pairs: tuple[Pair, ...]) -> Step | None:
    """Adjacent mode, from a placed digit: a barred neighbour holds one of the digits beside it,
    an unbarred one neither."""
    for a, b in pairs:
        for here, there in ((a, b), (b, a)):
            value = g.values[here]
            if not value or g.values[there]:
                continue
            barred = (a, b) in bars
            removed = [(there, d) for d in bits(g.cands[there]) if (abs(d - value) == 1) != barred]
            if removed:
                reason = (f"{g.name(here)} = {value} and a bar joins it to {g.name(there)}" if barred else
                          f"{g.name(here)} = {value} and no bar joins it to {g.name(there)}")
                return g.removal("Adjacency", CHAIN, reason, removed, [here, there])
    return None


def adjacent_candidates(g: Grid, bars: frozenset[Pair], pairs: tuple[Pair, ...]) -> Step | None:
    """Adjacent mode, from candidates: a digit of a cell that no candidate of its neighbour
    allows (next to it across a bar; not next to it without one) leaves it."""
    cand = latin.effective(g)
    for a, b in pairs:
        barred = (a, b) in bars
        for here, there in ((a, b), (b, a)):
            if g.values[there]:
                continue
            near = bits(cand[here])
            removed = [(there, d) for d in bits(g.cands[there])
                       if not any((abs(d - e) == 1) == barred and d != e for e in near)]
            if removed:
                what = "a bar" if barred else "no bar"
                return g.removal("Adjacent Candidates", CANDIDATES,
                                 f"{what} between {g.name(here)} and {g.name(there)}, and {g.name(here)} holds only "
                                 + ", ".join(map(str, near)), removed, [here, there])
    return None


def techniques(puzzle: Futoshiki) -> tuple[Technique, ...]:
    n = puzzle.size
    full = rules(puzzle)
    latin_only = network(n, latin_lines(n))
    if puzzle.adjacent:
        bars, pairs = frozenset(puzzle.signs), neighbours(n)
        sign_steps: tuple[Technique, ...] = (
            (CHAIN, partial(adjacency, bars=bars, pairs=pairs)),
            (CANDIDATES, partial(adjacent_candidates, bars=bars, pairs=pairs)),
        )
    else:
        below: dict[int, list[int]] = {}
        above: dict[int, list[int]] = {}
        for greater, lesser in puzzle.signs:
            below.setdefault(greater, []).append(lesser)
            above.setdefault(lesser, []).append(greater)
        sign_steps = ((CHAIN, partial(inequality_chain, signs=puzzle.signs, below=below, above=above)),)
    return (
        (FULL_HOUSE, singles.full_house),
        (HIDDEN_SINGLE, partial(latin.rated, singles.hidden_single_line, HIDDEN_SINGLE)),
        *sign_steps[:1],
        (NAKED_SINGLE, partial(latin.rated, singles.naked_single, NAKED_SINGLE)),
        *sign_steps[1:],
        (PAIRS[0], partial(latin.rated, subsets.naked_pair, PAIRS[0])),
        (PAIRS[1], partial(latin.rated, subsets.hidden_pair, PAIRS[1])),
        (SETS, partial(latin.rated, subsets.naked_triple, SETS)),
        (SETS, partial(latin.rated, subsets.hidden_triple, SETS)),
        (SETS, partial(latin.rated, subsets.naked_quad, SETS)),
        (SETS, partial(latin.rated, subsets.hidden_quad, SETS)),
        (SETS, partial(latin.rated, fish.x_wing, SETS)),
        (SETS, partial(latin.rated, fish.swordfish, SETS)),
        (FORCING[0], partial(latin.forcing, settle=partial(propagate, latin_only), bivalue=True,
                             rating=FORCING[0], what="some row or column")),
        (FORCING[1], partial(latin.forcing, settle=partial(propagate, full), bivalue=False,
                             rating=FORCING[1], what="some row, column or sign")),
    )


def solves_within(puzzle: Futoshiki, ceiling: float) -> bool:
    """Whether the grader solves the puzzle with no step rated above ``ceiling``, found faster
    than by grading (what generation asks a hundred times a puzzle): the engine's propagation
    stands for every step it covers, in one go after each harder step. Its closure is the
    closure of the grader's easy steps (singles, each sign's bounds to a fixpoint; Adjacent, on
    :func:`~solver.futoshiki.verdict.placement_rules`, what placed digits say of their
    neighbours), or in Adjacent mode from Adjacent Candidates up the closure of those too (every
    pair arc consistent), and the grader always takes the cheapest step there is: so it meets
    the same harder steps in the same states, and the answer is the grader's."""
    if ceiling < NAKED_SINGLE:
        found = grade(puzzle, ceiling)
        return found.complete and found.rating <= ceiling
    covered = CANDIDATES if puzzle.adjacent and ceiling >= CANDIDATES else NAKED_SINGLE
    net = placement_rules(puzzle) if puzzle.adjacent and covered < CANDIDATES else rules(puzzle)
    cand = start(net, puzzle.givens)
    harder = [finder for base, finder in techniques(puzzle) if covered < base <= ceiling]
    g = grid(puzzle)
    while cand is not None:
        for cell, mask in enumerate(cand):
            if g.values[cell]:
                continue
            if not mask & (mask - 1):
                g.place(cell, mask.bit_length())
            else:
                g.cands[cell] &= mask
        if g.solved():
            return True
        step = next((found for found in (finder(g) for finder in harder) if found is not None), None)
        if step is None:
            return False
        g.apply(step)
        cand = latin.effective(g)
        if not propagate(net, cand, list(range(len(cand)))):
            return False
    return False


def grade_with_steps(puzzle: Futoshiki, ceiling: float | None = None) -> tuple[Grade, list[Step]]:
    """The rating of a unique puzzle and its logical steps (they end at the first step rated
    above ``ceiling``). The caller has verified it: a puzzle with no single answer ends in a
    step the grader cannot make ("Beyond")."""
    steps, complete = solve_steps(grid(puzzle), techniques(puzzle), ceiling)
    return summary(steps, complete), steps


def grade(puzzle: Futoshiki, ceiling: float | None = None) -> Grade:
    return grade_with_steps(puzzle, ceiling)[0]
