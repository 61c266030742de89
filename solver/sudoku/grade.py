"""Rate a puzzle on the Sudoku Explainer (SE) scale by solving it the way a person would.

SE's rule: at every step use the easiest technique that makes progress; the puzzle's rating
is the hardest step on that path. As SE does it, techniques are tried in a fixed order (about
their base ratings) and the first that finds a step supplies it; a technique whose rating
varies (chains grow with their length, loops with their size) gives its easiest step. Every
step is recorded, so the same run explains the solution.
"""
from __future__ import annotations

from collections.abc import Callable

from solver.sudoku import (
    bentsets,
    chains,
    exclusion,
    fish,
    intersections,
    ruled,
    singles,
    stronglinks,
    subsets,
    uniqueness,
    wings,
)
from solver.sudoku.candidates import Grid, Step
from solver.sudoku.outcomes import Grade, Rating
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.search import count_solutions

Finder = Callable[[Grid], "Step | None"]

#: the techniques that find nothing on a grid with a rule SukakuExplainer rates, and those that
#: find nothing on any other (:data:`FLOORS` leaves out of each grid's floors what never runs there)
_CLASSIC_ONLY: list[Finder] = []
_GENERALIZED_ONLY: list[Finder] = [ruled.generalized_intersection, subsets.generalized_naked_pair,
                                   subsets.generalized_naked_triple, subsets.generalized_naked_quad]


def _classic(finder: Finder) -> Finder:
    """A technique that SukakuExplainer replaces by its generalized form on a grid with a rule
    it rates (:mod:`solver.sudoku.ruled`), so it runs on other grids only."""
    def unless_generalized(g: Grid) -> Step | None:
        return None if g.lay.generalized else finder(g)
    _CLASSIC_ONLY.append(unless_generalized)
    return unless_generalized


#: (base rating, finder, needs a unique puzzle) in the order SE (as SukakuExplainer runs
#: it, with its strong-link chains and large wings) tries them; the first that finds a step
#: wins, so a technique listed after a harder one only runs when that one finds nothing.
TECHNIQUES: tuple[tuple[float, Finder, bool], ...] = (
    (ruled.PARITY, ruled.parity, False),
    (singles.FULL_HOUSE, singles.full_house, False),
    (singles.HIDDEN_BOX, singles.hidden_single_box, False),
    (singles.HIDDEN_LINE, singles.hidden_single_line, False),
    (singles.HIDDEN_LINE, ruled.hidden_single_ruled, False),
    (intersections.DIRECT_POINTING, intersections.direct_pointing, False),
    (intersections.DIRECT_CLAIMING, intersections.direct_claiming, False),
    (subsets.DIRECT_HIDDEN[2], subsets.direct_hidden_pair, False),
    (singles.NAKED_SINGLE, singles.naked_single, False),
    (ruled.NC_FORCING_CELL, ruled.nc_forcing_cell, False),
    (ruled.LOCKED_NC, ruled.locked_nc, False),
    (subsets.DIRECT_HIDDEN[3], subsets.direct_hidden_triple, False),
    (intersections.POINTING, _classic(intersections.pointing), False),
    (intersections.CLAIMING, _classic(intersections.claiming), False),
    (ruled.GENERALIZED_INTERSECTION, ruled.generalized_intersection, False),
    (subsets.NAKED[2], _classic(subsets.naked_pair), False),
    (subsets.NAKED[2], subsets.generalized_naked_pair, False),
    (fish.RATINGS[2], fish.x_wing, False),
    (subsets.HIDDEN[2], subsets.hidden_pair, False),
    (subsets.NAKED[3], _classic(subsets.naked_triple), False),
    (subsets.NAKED[3], subsets.generalized_naked_triple, False),
    (fish.RATINGS[3], fish.swordfish, False),
    (subsets.HIDDEN[3], subsets.hidden_triple, False),
    (stronglinks.BASE[2], stronglinks.two_links, False),
    (4.2, wings.xy_wing, False),
    (4.4, wings.xyz_wing, False),
    (uniqueness.UR, uniqueness.unique_rectangle, True),
    (subsets.NAKED[4], _classic(subsets.naked_quad), False),
    (subsets.NAKED[4], subsets.generalized_naked_quad, False),
    (fish.RATINGS[4], fish.jellyfish, False),
    (subsets.HIDDEN[4], subsets.hidden_quad, False),
    (stronglinks.BASE[3], stronglinks.three_links, False),
    (bentsets.BASE[3], bentsets.wxyz_wing, False),
    (uniqueness.BUG1, uniqueness.bug, True),
    (stronglinks.BASE[4], stronglinks.four_links, False),
    (bentsets.BASE[4], bentsets.vwxyz_wing, False),
    (exclusion.RATING, exclusion.aligned_pair_exclusion, False),
    (bentsets.BASE[5], bentsets.uvwxyz_wing, False),
    (chains.CYCLE, lambda g: chains.Chains(g).unary(), False),
    (bentsets.BASE[6], bentsets.tuvwxyz_wing, False),
    (exclusion.TRIPLET_RATING, exclusion.aligned_triplet_exclusion, False),
    (chains.NISHIO, lambda g: chains.Forcing(g, dynamic=True, nishio=True).best(), False),
    (chains.MULTIPLE, lambda g: chains.Forcing(g, dynamic=False).best(), False),
    (chains.DYNAMIC, lambda g: chains.Forcing(g, dynamic=True).best(), False),
    (chains.DYNAMIC_PLUS, lambda g: chains.Forcing(g, dynamic=True, level=1).best(), False),
)

#: Rating given to the step that ends a solve no technique here can continue.
BEYOND = 11.0
#: Default work budget of a grade (implications the chain searches may follow, over the
#: whole solve), by grid size; sizes not listed grade without a limit. Past it the grade
#: stops with a lower bound (``complete`` False), so a big grid never grades for minutes
#: (a near-minimal 16x16 needing dynamic chains took about 160 s exactly). A step costs
#: about 10 us of CPU on a 16x16 (200,000 steps: 2.0 s), so 400,000 keeps a 16x16 near 5 s
#: and 600,000 a 25x25 well under a minute. 9x9 and smaller are exact: the hardest 9x9 of
#: the SE-rated calibration set grades in a few seconds.
DEFAULT_BUDGET: dict[int, int] = {16: 400_000, 25: 600_000}


def level_for(rating: float) -> str:
    """The book's level for an SE rating: easy < 1.5 <= medium < 2.5 <= hard < 5.0 <= diabolical."""
    if rating < 1.5:
        return "easy"
    if rating < 2.5:
        return "medium"
    if rating < 5.0:
        return "hard"
    return "diabolical"


def _floors(generalized: bool) -> tuple[float, ...]:
    """floors[i]: the lowest base rating of TECHNIQUES[i:] that run on such a grid, the least
    any step they find rates there."""
    never = _CLASSIC_ONLY if generalized else _GENERALIZED_ONLY
    bases = [BEYOND if any(finder is f for f in never) else base for base, finder, _ in TECHNIQUES]
    return tuple(min(bases[i:]) for i in range(len(bases)))


#: the floors of TECHNIQUES on a grid without and with a generalized rule (``Layout.generalized``)
FLOORS: tuple[tuple[float, ...], tuple[float, ...]] = (_floors(False), _floors(True))


def _over_budget(floor: float) -> Step:
    return Step("Above budget", floor, "the grade's work budget ran out before this step was found; "
                f"it rates at least {floor}", (), (), ())


def next_step(g: Grid, assume_unique: bool = True, ceiling: float | None = None,
              first: int = 0) -> Step | None:
    """SE's choice in ``g``: the step of the first technique, in order, that finds one (a
    technique whose rating varies returns its easiest); None when nothing applies.

    With ``ceiling``, once every technique left rates above it, they are not run: the
    answer is a placeholder step ("Above ceiling", rated at their lowest base), since the
    real one is harder than ``ceiling`` whatever it is. ``first`` skips the techniques
    before that index of :data:`TECHNIQUES` (the caller knows they find nothing).
    """
    floors = FLOORS[1 if g.lay.generalized else 0]
    for i in range(first, len(TECHNIQUES)):
        _, finder, unique_only = TECHNIQUES[i]
        if ceiling is not None and floors[i] > ceiling:
            return Step("Above ceiling", floors[i],
                        f"no technique rated {ceiling} or less makes progress", (), (), ())
        if unique_only and not (assume_unique and g.lay.classic):   # a variant's rules may break the swap
            continue
        try:
            found = finder(g)
        except chains.BudgetSpent:
            return _over_budget(floors[i])
        if found is not None:
            return found
    return None


def _check(puzzle: Puzzle) -> None:
    count = count_solutions(puzzle, cap=1)
    if int(count) == 0:
        raise ValueError("puzzle has no solution")
    if count.capped:
        raise ValueError("puzzle has more than one solution")


#: Spell "the size's default budget" (None means no limit).
DEFAULT = -1


def _limit(puzzle: Puzzle, budget: int | None) -> int | None:
    return DEFAULT_BUDGET.get(puzzle.size) if budget == DEFAULT else budget


def _solve(puzzle: Puzzle, assume_unique: bool, ceiling: float | None, budget: int | None = DEFAULT
           ) -> tuple[list[Step], bool]:
    """The steps of the logical solve, and whether it reached the end (not cut by ``ceiling``
    or by the work ``budget``)."""
    _check(puzzle)
    g = Grid(puzzle)
    steps: list[Step] = []
    with chains.budget(_limit(puzzle, budget)):
        while not g.solved():
            step = next_step(g, assume_unique, ceiling)
            if step is None:
                steps.append(Step("Beyond", BEYOND, "no technique of this grader makes progress",
                                  (), (), ()))
                return steps, False
            steps.append(step)
            if step.technique == "Above budget" or (ceiling is not None and step.rating > ceiling):
                return steps, False
            g.apply(step)
    return steps, True


def explain(puzzle: Puzzle, assume_unique: bool = True) -> list[Step]:
    """Every step of the logical solve, easiest technique first at each point.

    Raises ValueError when the puzzle has no solution or more than one.
    """
    return _solve(puzzle, assume_unique, None)[0]


def grade(puzzle: Puzzle, ceiling: float | None = None, assume_unique: bool = True,
          budget: int | None = DEFAULT) -> Grade:
    """The SE rating of ``puzzle`` and the techniques its solve uses.

    With ``ceiling``, stop at the first step rated above it: the returned rating is then that
    step's, already above ``ceiling`` (a quick "is it at most this hard" test), and
    ``complete`` is False. Techniques that can only rate above ``ceiling`` are not run then:
    the step is "Above ceiling", rated at the least they could give (still above ``ceiling``).
    A puzzle the techniques here cannot finish is rated ``BEYOND`` (11.0) with hardest
    technique "Beyond". Raises ValueError when the puzzle has no solution or more than one.

    ``budget`` bounds the implications the chain searches follow over the whole solve
    (default: :data:`DEFAULT_BUDGET` for the grid size; None: no limit). When it runs out the
    grade stops there, ``complete`` False, with the hardest step so far or the least the
    techniques still to try could rate ("Above budget"), whichever is higher: a lower bound
    of the exact rating.
    """
    return grade_with_steps(puzzle, ceiling, assume_unique, budget)[0]


def grade_with_steps(puzzle: Puzzle, ceiling: float | None = None, assume_unique: bool = True,
                     budget: int | None = DEFAULT) -> tuple[Grade, list[Step]]:
    """:func:`grade` and the steps it took, from one solve: a build that grades a puzzle and
    also prints or embeds its steps pays for one logical solve, not two. With ``ceiling``,
    the steps end at the first one rated above it (see :func:`grade`)."""
    steps, complete = _solve(puzzle, assume_unique, ceiling, budget)
    counts: dict[str, int] = {}
    hardest: Step | None = None
    for step in steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
        if hardest is None or step.rating > hardest.rating:
            hardest = step
    rating = hardest.rating if hardest else 0.0
    found = Grade(rating, level_for(rating), hardest.technique if hardest else "", len(steps),
                  counts, complete and (hardest is None or hardest.technique != "Beyond"))
    return found, steps


#: Index in TECHNIQUES of the first technique after the singles (full house, hidden singles,
#: and the two variant-only ones among them), where :func:`rate` hands over to next_step.
_AFTER_SINGLES = 1 + next(i for i, (_, finder, _) in enumerate(TECHNIQUES[1:])
                          if finder is intersections.direct_pointing)
_SINGLE_NAMES = {singles.FULL_HOUSE: "Full House", singles.HIDDEN_BOX: "Hidden Single",
                 singles.HIDDEN_LINE: "Hidden Single"}


def _full_houses(g: Grid) -> bool:
    """Place every full house, again and again until none is left; whether any was placed."""
    values, cands, units = g.values, g.cands, g.lay.units
    placed = False
    again = True
    while again:
        again = False
        for unit in units:
            blank = -1
            for c in unit:
                if not values[c]:
                    if blank >= 0:
                        break
                    blank = c
            else:
                if blank >= 0 and cands[blank]:
                    g.place(blank, (cands[blank] & -cands[blank]).bit_length())
                    placed = again = True
    return placed


def _hidden_singles(g: Grid, hidden: range) -> bool:
    """Place full houses of every unit and hidden singles of the units ``hidden`` to their
    fixpoint; whether anything was placed beyond the full houses already gone."""
    values, cands, units = g.values, g.cands, g.lay.units
    placed = False
    again = True
    while again:
        again = _full_houses(g)
        for u in hidden:
            unit = units[u]
            once = twice = 0
            for c in unit:
                m = cands[c]
                twice |= once & m
                once |= m
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for c in unit:
                    if cands[c] & bit:
                        if not values[c]:
                            g.place(c, bit.bit_length())
                            placed = again = True
                        break
    return placed


def _singles(g: Grid, ceiling: float | None) -> tuple[float, float | None]:
    """Apply the singles SE would apply now, to their fixpoint: the hardest single used (0.0
    for none), and the rating of the "Above ceiling" step SE would stop at instead (or None).

    Full houses, hidden singles in regions and in lines are placements of solution digits,
    so their fixpoint is the same in whatever order they are placed, and SE reaches it before
    it tries anything harder. SE takes a full house while there is one, a hidden single in a
    region only when no full house is left, one in a line only when neither is: so a hidden
    single in a region is used iff the full houses' fixpoint leaves one, and in a line iff
    the fixpoint of both leaves one. Where SE would next look at a technique whose floor is
    above ``ceiling`` (:func:`next_step`), the phase stops with that floor."""
    n = g.n
    top = 0.0
    # each phase with the TECHNIQUES it stands for: parity and full house; the box's hidden
    # single; the line's and (on a variant grid, not graded here) the rule unit's
    for looked, placed, rating in ((range(2), _full_houses, singles.FULL_HOUSE),
                                   (range(2, 3), lambda g: _hidden_singles(g, range(2 * n, 3 * n)),
                                    singles.HIDDEN_BOX),
                                   (range(3, 5), lambda g: _hidden_singles(g, range(3 * n)), singles.HIDDEN_LINE)):
        if g.solved():
            break
        if ceiling is not None:
            over = next((FLOORS[0][i] for i in looked if FLOORS[0][i] > ceiling), None)
            if over is not None:
                return top, over
        if placed(g):
            top = rating
    return top, None


#: Index in TECHNIQUES of the first technique that can rate above a naked single: every
#: technique before it only places a solution digit (the direct ones place the hidden single
#: their eliminations would leave, and remove nothing).
_AFTER_PLACEMENTS = 1 + next(i for i, (_, finder, _) in enumerate(TECHNIQUES)
                             if finder is singles.naked_single)
#: The most a step of TECHNIQUES[:_AFTER_PLACEMENTS] rates.
PLACEMENTS_TOP = max(base for base, _, _ in TECHNIQUES[:_AFTER_PLACEMENTS])


def _placements(g: Grid) -> None:
    """Apply every technique of TECHNIQUES[:_AFTER_PLACEMENTS] to their common fixpoint.

    Each places a solution digit, and one it finds stays found (or its cell filled) as other
    solution digits are placed, so the fixpoint is the same whatever their order: the state
    SE reaches before it tries anything rated above a naked single. The cheap ones run to
    their fixpoint first; the costly direct searches run only where those find nothing."""
    cands = g.cands
    direct = [finder for _, finder, _ in TECHNIQUES[:_AFTER_PLACEMENTS]
              if finder in (intersections.direct_pointing, intersections.direct_claiming,
                            subsets.direct_hidden_pair)]
    while not g.solved():
        _hidden_singles(g, range(3 * g.n))
        naked = [(c, m.bit_length()) for c, m in enumerate(cands) if m and not m & (m - 1)]
        if naked:
            for cell, digit in naked:
                if cands[cell]:
                    g.place(cell, digit)
            continue
        for finder in direct:   # the first that finds a step (a loop: mypyc would run them all)
            step = finder(g)
            if step is not None:
                g.apply(step)
                break
        else:
            return


def rate(puzzle: Puzzle, ceiling: float | None = None, budget: int | None = DEFAULT,
         verified: bool = False, floor: float | None = None) -> Rating | None:
    """:func:`grade`'s rating, level, hardest technique and ``complete`` flag, found faster:
    the generator rates thousands of candidates and needs no steps.

    The singles are placed in bulk (:func:`_singles`), and only between them does SE's
    technique order run, from the first technique after the singles; the path through the
    harder techniques, so every rating, is the one :func:`grade` takes
    (``bench/grading_identity.py`` checks it on the 3,205 calibration puzzles). Variant grids
    (whose rules add steps among the singles) are graded by :func:`grade` itself.
    ``verified``: the caller has proved the puzzle unique, so the check is skipped.

    ``floor`` (above :data:`PLACEMENTS_TOP`, 2.3): the caller only needs ratings of at least
    ``floor``; the answer is None when the rating is below it. The steps that only place
    digits then go in bulk (:func:`_placements`): their order changes nothing rated above
    them, which run exactly where SE runs them, so a rating of ``floor`` or more is exact."""
    if floor is not None and floor <= PLACEMENTS_TOP:
        raise ValueError(f"floor {floor} must be above {PLACEMENTS_TOP}")
    if not puzzle.geometry.rules and not verified:
        _check(puzzle)
    if puzzle.geometry.rules:
        found = grade(puzzle, ceiling, True, budget)
        if floor is not None and found.rating < floor:
            return None
        return Rating(found.rating, found.level, found.hardest, found.complete)
    g = Grid(puzzle)
    if floor is not None:
        return _rate_above(g, puzzle, ceiling, budget, floor)
    top, hardest = 0.0, ""
    with chains.budget(_limit(puzzle, budget)):
        while True:
            single, over = _singles(g, ceiling)
            if single > top:
                top, hardest = single, _SINGLE_NAMES[single]
            if over is not None:
                if over > top:
                    top, hardest = over, "Above ceiling"
                return Rating(top, level_for(top), hardest, False)
            if g.solved():
                return Rating(top, level_for(top), hardest)
            step = next_step(g, True, ceiling, _AFTER_SINGLES)
            if step is None:
                return Rating(BEYOND, level_for(BEYOND), "Beyond", False)
            if step.rating > top:
                top, hardest = step.rating, step.technique
            if step.technique == "Above budget" or (ceiling is not None and step.rating > ceiling):
                return Rating(top, level_for(top), hardest, False)
            g.apply(step)


def _rate_above(g: Grid, puzzle: Puzzle, ceiling: float | None, budget: int | None,
                floor: float) -> Rating | None:
    """:func:`rate` with a ``floor``: placements in bulk, the rest as SE runs them."""
    top, hardest = 0.0, ""
    with chains.budget(_limit(puzzle, budget)):
        while True:
            _placements(g)
            if g.solved():
                break
            step = next_step(g, True, ceiling, _AFTER_PLACEMENTS)
            if step is None:
                return Rating(BEYOND, level_for(BEYOND), "Beyond", False)
            if step.rating > top:
                top, hardest = step.rating, step.technique
            if step.technique == "Above budget" or (ceiling is not None and step.rating > ceiling):
                return Rating(top, level_for(top), hardest, False) if top >= floor else None
            g.apply(step)
    return Rating(top, level_for(top), hardest) if top >= floor else None
