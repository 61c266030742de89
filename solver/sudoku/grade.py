"""Rate a puzzle on the Sudoku Explainer (SE) scale by solving it the way a person would.

SE's rule: at every step use the easiest technique that makes progress; the puzzle's rating
is the hardest step on that path. As SE does it, techniques are tried in a fixed order (about
their base ratings) and the first that finds a step supplies it; a technique whose rating
varies (chains grow with their length, loops with their size) gives its easiest step. Every
step is recorded, so the same run explains the solution.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.search import count_solutions

Finder = Callable[[Grid], "Step | None"]

#: (base rating, finder, needs a unique puzzle) in the order SE (as SukakuExplainer runs
#: it, with its strong-link chains and large wings) tries them; the first that finds a step
#: wins, so a technique listed after a harder one only runs when that one finds nothing.
TECHNIQUES: tuple[tuple[float, Finder, bool], ...] = (
    (ruled.PARITY, ruled.parity, False),
    (singles.FULL_HOUSE, singles.full_house, False),
    (singles.HIDDEN_BOX, singles.hidden_single_box, False),
    (singles.HIDDEN_BOX, ruled.hidden_single_ruled, False),
    (singles.HIDDEN_LINE, singles.hidden_single_line, False),
    (intersections.DIRECT_POINTING, intersections.direct_pointing, False),
    (intersections.DIRECT_CLAIMING, intersections.direct_claiming, False),
    (subsets.DIRECT_HIDDEN[2], subsets.direct_hidden_pair, False),
    (singles.NAKED_SINGLE, singles.naked_single, False),
    (ruled.NC_FORCING_CELL, ruled.nc_forcing_cell, False),
    (ruled.LOCKED_NC, ruled.locked_nc, False),
    (subsets.DIRECT_HIDDEN[3], subsets.direct_hidden_triple, False),
    (intersections.POINTING, intersections.pointing, False),
    (intersections.CLAIMING, intersections.claiming, False),
    (subsets.NAKED[2], subsets.naked_pair, False),
    (fish.RATINGS[2], fish.x_wing, False),
    (subsets.HIDDEN[2], subsets.hidden_pair, False),
    (subsets.NAKED[3], subsets.naked_triple, False),
    (fish.RATINGS[3], fish.swordfish, False),
    (subsets.HIDDEN[3], subsets.hidden_triple, False),
    (stronglinks.BASE[2], stronglinks.two_links, False),
    (4.2, wings.xy_wing, False),
    (4.4, wings.xyz_wing, False),
    (uniqueness.UR, uniqueness.unique_rectangle, True),
    (subsets.NAKED[4], subsets.naked_quad, False),
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


@dataclass(frozen=True)
class Grade:
    """A puzzle's difficulty: the SE rating of its hardest step and what the solve used."""

    rating: float
    level: str
    hardest: str
    steps: int
    techniques: dict[str, int]
    complete: bool = True      # False when ``ceiling`` stopped the solve early


def level_for(rating: float) -> str:
    """The book's level for an SE rating: easy < 1.5 <= medium < 2.5 <= hard < 5.0 <= diabolical."""
    if rating < 1.5:
        return "easy"
    if rating < 2.5:
        return "medium"
    if rating < 5.0:
        return "hard"
    return "diabolical"


#: FLOORS[i]: the lowest base rating of TECHNIQUES[i:], the least any step they find rates.
FLOORS = tuple(min(base for base, _, _ in TECHNIQUES[i:]) for i in range(len(TECHNIQUES)))


def _over_budget(floor: float) -> Step:
    return Step("Above budget", floor, "the grade's work budget ran out before this step was found; "
                f"it rates at least {floor}", (), (), ())


def next_step(g: Grid, assume_unique: bool = True, ceiling: float | None = None) -> Step | None:
    """SE's choice in ``g``: the step of the first technique, in order, that finds one (a
    technique whose rating varies returns its easiest); None when nothing applies.

    With ``ceiling``, once every technique left rates above it, they are not run: the
    answer is a placeholder step ("Above ceiling", rated at their lowest base), since the
    real one is harder than ``ceiling`` whatever it is.
    """
    for i, (_, finder, unique_only) in enumerate(TECHNIQUES):
        if ceiling is not None and FLOORS[i] > ceiling:
            return Step("Above ceiling", FLOORS[i],
                        f"no technique rated {ceiling} or less makes progress", (), (), ())
        if unique_only and not (assume_unique and g.lay.classic):   # a variant's rules may break the swap
            continue
        try:
            found = finder(g)
        except chains.BudgetSpent:
            return _over_budget(FLOORS[i])
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
