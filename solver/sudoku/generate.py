"""Seeded generation of unique Sudoku at a chosen difficulty: every size, boxes or jigsaw.

One puzzle is made from one integer seed and the request, nothing else (no
clock, no ``hash()``, no global random state), so the same request and seed
give the same puzzle on every machine and in any worker process:

1. a random full grid: the exact search of :mod:`solver.sudoku.search` on an
   empty grid with its candidates tried in a seeded random order (for jigsaw,
   first a seeded random region map, :mod:`solver.sudoku.regions`);
2. *digging*: the orbits of the symmetry (:mod:`solver.sudoku.symmetry`) in
   seeded random order, each removed when the puzzle stays unique (one bounded
   search per removed cell for a solution differing there, :func:`still_unique`).
   The dig leaves a sequence of ever sparser unique puzzles;
3. *grading along the dig*: the difficulty of a puzzle grows (almost always)
   as givens go, so the hardest puzzle of the sequence rated at most the
   ceiling is found by bisection over the sequence, each step graded with
   ``ceiling`` so a too-hard puzzle is rejected after its first step above it.
   Grading is :func:`solver.sudoku.grade.rate`, the grader's rating without its
   steps (singles placed in bulk). A hard or diabolical request grades lazily
   from below too: a puzzle that naked and hidden singles solve (one propagation
   of the search) rates 2.3 at most and is never graded, and ``rate``'s floor
   stops caring about exact ratings below the request's;
4. *more digs, then climbing*: a grid is dug in :data:`_ORDERS` removal orders
   (a dig costs a few milliseconds, a grade of a hard candidate about ten) before
   local search starts from the hardest puzzle they found -- put one orbit back,
   take another away and dig one more -- keeping a move when the puzzle stays
   unique and grades harder (or, half the time, as hard). Climbing is what makes
   diabolical puzzles (SE >= 5) come out at several per second instead of one in
   dozens of digs;
5. ``minimal`` puzzles (no single given removable): a symmetric dig almost
   never ends minimal, so :func:`minimalize` searches locally for a minimal
   pattern with the symmetry; its grade must then fall in the range as it is.

Every loop is bounded (attempts per seed, nodes per uniqueness check), so a
request that cannot be met ends with :class:`GenerationError`, never a hang.
Requests that cannot be met whatever the search are refused up front by
:func:`problem` (sizes, box shapes, symmetries the boxes do not have, levels a
size cannot reach).
"""
from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from solver.sudoku.geometry import Geometry, board, default_symbols
from solver.sudoku.grade import PLACEMENTS_TOP, Rating, rate
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.regions import jigsaw_geometry, labels
from solver.sudoku.rules import VARIANTS, variant_problem, variant_rules
from solver.sudoku.search import Search, extends, givens_board, singles_solve
from solver.sudoku.symmetry import DEFAULT_SYMMETRY, SYMMETRIES, is_symmetric, orbits, respects

SIZES = (4, 6, 8, 9, 10, 12, 16, 25)
#: The levels and their rating ranges (Sudoku Explainer scale), lower bound inclusive.
LEVELS: dict[str, tuple[float, float]] = {
    "easy": (0.0, 1.5), "medium": (1.5, 2.5), "hard": (2.5, 5.0), "diabolical": (5.0, 100.0),
}
#: The hardest level a size can reach. Every minimal 4x4 puzzle (all 3,568 of them up to
#: relabelling, enumerated once over every grid and every set of 4 to 8 givens; none has
#: more than 6) is solved by hidden singles in boxes (1.2), and more givens never make a
#: puzzle harder for singles, so every 4x4 puzzle is easy.
_MAX_LEVEL = {4: "easy"}
#: Attempts (full grids) per puzzle before a request is given up.
_ATTEMPTS = {4: 400, 6: 300, 8: 200, 9: 200, 10: 100, 12: 60, 16: 20, 25: 2}
#: Digs (removal orders) of one full grid before climbing from the hardest puzzle they found.
_ORDERS = 4
#: Climbing moves tried per attempt (each is a uniqueness check and usually a grade).
_CLIMB_MOVES = 60
#: Moves of the search for a minimal symmetric puzzle, and orbits tried to refill per move.
_MINIMAL_MOVES = 60
_REFILLS = 8
#: Node bound of one uniqueness check while digging; a check that reaches it keeps the givens.
#: Big grids get small bounds: on 16x16 a handful of checks would otherwise take seconds each,
#: and keeping those few givens costs little.
_DIG_NODES = 20_000
_DIG_NODES_BY_SIZE = {12: 5_000, 16: 1_500, 25: 300}
#: The bound under variant rules, whatever the size. A rule's pairs (anti-knight,
#: non-consecutive, ...) are not groups, so singles propagate them weakly and a check that
#: does not finish soon rarely finishes at all: generating 6 easy non-consecutive puzzles, 19
#: of 461 checks reached 20,000 nodes and took 885 ms of the 1 s all checks took, while 3,000
#: nodes still proved 425 of the 435 removals 20,000 proved (a check cut short keeps its
#: givens: the puzzles stay unique, a little fuller now and then).
_RULED_DIG_NODES = 3_000
#: Node bound of the search that proves a given needed (finds the second solution its removal allows).
_NEEDED_NODES = 20_000
#: Grids this big are made minimal by one pass over single givens (:func:`pared`), not by the
#: symmetric local search: its every move asks each of a 16x16's hundred givens again (a minimal
#: 16x16 took minutes), while one pass asks each once. Their patterns keep the symmetry only
#: where the pass left it (the record then says "none").
_PARED_FROM = 12
#: The pass's bounds for a given it could not decide, tried in turn before the grid is given up
_PARED_NODES = (20_000, 200_000)
#: Node bound when drawing a full grid; a draw that reaches it starts over from a new seed.
_GRID_NODES = 5_000
#: Under variant rules: short draws, many of them (see :func:`full_grid`).
_RULED_GRID_NODES = 300
_RULED_RESTARTS = 60
#: Node bound of the search that tells a variant combination without any full grid.
_PROOF_NODES = 2_000


class GenerationError(Exception):
    """A request that was not met within the bounds (the message is one line)."""


@dataclass(frozen=True)
class Request:
    """What to make. ``rating`` is an inclusive (low, high) range; ``level`` one of :data:`LEVELS`."""

    size: int = 9
    box: tuple[int, int] | None = None
    jigsaw: bool = False
    level: str | None = None
    rating: tuple[float, float] | None = None
    symmetry: str = DEFAULT_SYMMETRY
    minimal: bool = False
    #: variant rules (solver.sudoku.rules.VARIANTS); even_odd's marks are chosen per puzzle
    variant: tuple[str, ...] = ()

    def bounds(self) -> tuple[float, float, bool]:
        """(low, high, high_inclusive) of the ratings this request accepts."""
        if self.rating is not None:
            return self.rating[0], self.rating[1], True
        if self.level is not None:
            low, high = LEVELS[self.level]
            return low, high, False
        return 0.0, 100.0, True

    def geometry(self, rng: random.Random) -> Geometry:
        """The grid shape: fixed boxes, or a fresh random jigsaw map drawn from ``rng``."""
        if self.jigsaw:
            shape = jigsaw_geometry(self.size, rng)
        else:
            rows, cols = self.box if self.box else (None, None)
            shape = Geometry.boxed(self.size, rows, cols)
        return shape.with_rules(variant_rules(self.variant)) if self.variant else shape


@dataclass(frozen=True)
class Generated:
    """One generated puzzle with its solution, grade and the seed that makes it again alone."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    rating: float
    level: str
    hardest: str
    symmetry: str
    seed: int
    ms: float
    #: False when the rating is a lower bound (a big grid's grade ran out of budget, or "Beyond")
    rating_exact: bool = True

    def record(self) -> dict[str, Any]:
        """The machine-readable form (``puzzlepress generate --json``)."""
        g = self.puzzle.geometry
        return {
            "puzzle": self.puzzle.format(), "solution": self.puzzle.format(self.solution),
            "size": g.size, "box": None if g.is_jigsaw else f"{g.box_rows}x{g.box_cols}",
            "regions": labels(g.regions) if g.is_jigsaw else None,
            "variant": list(self.puzzle.variant), "parity": self.puzzle.parity,
            "rating": self.rating, "level": self.level, "hardest": self.hardest,
            "rating_exact": self.rating_exact,
            "symmetry": self.symmetry, "seed": self.seed, "ms": round(self.ms, 1),
        }


def parse_rating(text: str) -> tuple[float, float]:
    """``"2.5-4.8"`` -> (2.5, 4.8); a single number ``"3"`` is the range 3..3; ValueError if bad."""
    low_text, _, high_text = text.partition("-")
    try:
        low = float(low_text)
        high = float(high_text) if high_text else low
    except ValueError:
        raise ValueError(f"rating {text!r} is not a range like 2.5-4.8") from None
    return low, high


def problem(request: Request) -> str | None:
    """Why a request can never be met, decided by rule before any search; None when it can be."""
    n = request.size
    if n not in SIZES:
        return f"size {n} is not supported ({', '.join(map(str, SIZES))})"
    if request.jigsaw and request.box:
        return "a jigsaw has regions, not boxes: give --jigsaw or --box, not both"
    if request.box and request.box[0] * request.box[1] != n:
        return f"box {request.box[0]}x{request.box[1]} does not tile a {n}x{n} grid"
    if request.symmetry not in SYMMETRIES:
        return f"symmetry {request.symmetry!r} is not one of {', '.join(SYMMETRIES)}"
    if request.level is not None and request.rating is not None:
        return "give a level or a rating range, not both"
    if request.level is not None and request.level not in LEVELS:
        return f"level {request.level!r} is not one of {', '.join(LEVELS)}"
    if request.rating is not None:
        low, high = request.rating
        if not 1.0 <= low <= high <= 12.0:
            return f"rating range {low}-{high} is empty or outside the scale 1.0-12.0"
    if request.variant:
        unknown = next((name for name in request.variant if name not in VARIANTS), None)
        if unknown is not None:   # (before any geometry: it would not know the rule)
            return f"unknown variant {unknown!r} (known: {', '.join(VARIANTS)})"
        shape = None if request.jigsaw else request.geometry(random.Random(0))
        boxed_3x3 = shape is not None and (shape.box_rows, shape.box_cols) == (3, 3)
        reason = variant_problem(request.variant, n, boxed_3x3=boxed_3x3, jigsaw=request.jigsaw)
        if reason:
            return reason
        if shape is not None and not has_grid(shape):
            return f"no {n}x{n} grid keeps every rule of {' + '.join(request.variant)}"
    if not request.jigsaw:
        geometry = request.geometry(random.Random(0))
        if not respects(geometry, request.symmetry):
            return (f"{request.symmetry} does not map the {geometry.box_rows}x{geometry.box_cols} "
                    f"boxes of a {n}x{n} grid onto boxes; use rot180, mirror or none")
    top = _MAX_LEVEL.get(n)
    if top is not None:
        ceiling = LEVELS[top][1]
        low = request.bounds()[0]
        if low >= ceiling:
            return f"a {n}x{n} puzzle is never harder than {top} (rated below {ceiling})"
    return None


def puzzle_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th puzzle of a run seeded ``seed``: ``seed`` itself for the
    first, so ``--seed S --count 1`` remakes any puzzle whose seed is S; for the others a
    SHA-256 of both numbers (the same on every machine and Python version)."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"puzzlepress-generate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def count_to_two(geometry: Geometry, givens: Sequence[int], node_limit: int = _DIG_NODES) -> int | None:
    """0, 1 or 2 (meaning two or more) solutions; None when the node bound was reached first."""
    search = Search(geometry, givens, node_limit=node_limit)
    found = 0
    for _ in search.solutions():
        found += 1
        if found == 2:
            return 2
    return None if search.bounded else found


@lru_cache(maxsize=4)
def _copies(geometry: Geometry) -> dict[int, int]:
    """Cell-group bit of every candidate -> the mask of its four copies on the packed board."""
    masks: dict[int, int] = {}
    for bit, owner in enumerate(board(geometry).owner):
        if owner >= 0:
            masks[owner] = masks.get(owner, 0) | 1 << bit
    return masks


def still_unique(geometry: Geometry, givens: Sequence[int], solution: Sequence[int],
                 removed: Sequence[int], node_limit: int = _DIG_NODES) -> bool:
    """Whether a puzzle that was unique with the ``removed`` cells given still is without them.

    A second solution would have to differ from ``solution`` in a removed cell (else it
    solved the puzzle before), so one search per removed cell with that cell's value ruled
    out finds it or proves there is none -- far cheaper on big grids than counting to two,
    as most of these searches die in propagation. A search that reaches the bound counts
    as "not unique" (the cells stay given); under variant rules the bound is at most
    :data:`_RULED_DIG_NODES`."""
    if geometry.rules:
        node_limit = min(node_limit, _RULED_DIG_NODES)
    b = board(geometry)
    start = givens_board(geometry, givens)
    copies = _copies(geometry)
    for cell in removed:
        z = start & ~copies[b.cell_base + cell * b.width + solution[cell] - 1]
        if extends(geometry, z, node_limit) is not False:
            return False
    return True


@lru_cache(maxsize=64)
def has_grid(geometry: Geometry) -> bool:
    """Whether some full grid keeps the geometry's rules: False only when a short search
    proves there is none, for the rules or for three or more of them (x + anti-knight +
    anti-king on 9x9: 100 nodes; with non-consecutive too, 15,000: its subset is the quick
    proof); True when it finds a grid or cannot tell. Pairs with no grid are known by rule
    (``rules.NO_GRID``), and no single rule lacks one."""
    def proved_empty(shape: Geometry) -> bool | None:
        search = Search(shape, [0] * shape.cells, node_limit=_PROOF_NODES)
        found = next(search.solutions(), None)
        return None if search.bounded else found is None

    whole = proved_empty(geometry)
    if whole is not None:
        return not whole
    rules = geometry.rules
    return not any(proved_empty(geometry.with_rules(subset))
                   for size in range(len(rules) - 1, 2, -1) for subset in combinations(rules, size))


def full_grid(geometry: Geometry, rng: random.Random) -> tuple[int, ...] | None:
    """A random complete grid of the geometry, or None when the bounded search found none.

    Under variant rules a random search gets lost in dead subtrees far more often (an
    anti-knight grid is found within 300 nodes by about one seed in sixty, and then at
    once), so it restarts from fresh seeds with short searches instead of one long one."""
    if not geometry.rules:
        search = Search(geometry, [0] * geometry.cells, node_limit=_GRID_NODES * geometry.size // 9,
                        seed=rng.getrandbits(48))
        return next(search.solutions(), None)
    for _ in range(_RULED_RESTARTS):
        search = Search(geometry, [0] * geometry.cells, node_limit=_RULED_GRID_NODES, seed=rng.getrandbits(48))
        found = next(search.solutions(), None)
        if found is not None:
            return found
    return None


def parity_marks(geometry: Geometry, solution: Sequence[int], symmetry: str, rng: random.Random) -> str:
    """Even-odd marks for ``solution``: the even cells of whole symmetry orbits, taken in seeded
    random order until about a third of the cells are marked (printed books shade the even
    cells; an unmarked cell may hold any digit)."""
    order = orbits(symmetry, geometry.size)
    rng.shuffle(order)
    marks = ["."] * geometry.cells
    marked = 0
    for orbit in order:
        if marked >= geometry.cells // 3:
            break
        for cell in orbit:
            if solution[cell] % 2 == 0:
                marks[cell] = "e"
                marked += 1
    return "".join(marks)


def dig(geometry: Geometry, solution: Sequence[int], symmetry: str,
        rng: random.Random) -> list[tuple[int, ...]]:
    """The sequence of unique puzzles a symmetric dig passes through, fullest first.

    Orbits are tried in seeded random order; an orbit stays when removing it
    would allow a second solution (or the bounded check cannot tell)."""
    givens = list(solution)
    sequence = [tuple(givens)]
    order = orbits(symmetry, geometry.size)
    rng.shuffle(order)
    for orbit in order:
        for cell in orbit:
            givens[cell] = 0
        if still_unique(geometry, givens, solution, orbit, _DIG_NODES_BY_SIZE.get(geometry.size, _DIG_NODES)):
            sequence.append(tuple(givens))
        else:
            for cell in orbit:
                givens[cell] = solution[cell]
    return sequence


def removable(geometry: Geometry, givens: Sequence[int],
              solution: Sequence[int] | None = None) -> list[int]:
    """The givens that could go alone with the puzzle staying unique (none: it is minimal).

    A given is needed exactly when, once it is gone, some solution differs from the
    puzzle's ``solution`` there: one search with that value ruled out finds it. A search
    that reaches its bound leaves the given counted as removable, so "none" is a proof."""
    if solution is None:
        solution = next(Search(geometry, givens).solutions())
    b = board(geometry)
    copies = _copies(geometry)
    found = []
    trial = list(givens)
    for cell, value in enumerate(givens):
        if value:
            trial[cell] = 0
            z = givens_board(geometry, trial) & ~copies[b.cell_base + cell * b.width + value - 1]
            if extends(geometry, z, _NEEDED_NODES) is not True:
                found.append(cell)
            trial[cell] = value
    return found


def is_minimal(geometry: Geometry, givens: Sequence[int]) -> bool:
    """Whether no single given can be removed with the puzzle staying unique."""
    return not removable(geometry, givens)


def minimalize(geometry: Geometry, solution: Sequence[int], givens: Sequence[int], symmetry: str,
               rng: random.Random) -> tuple[int, ...] | None:
    """A minimal puzzle with the symmetry near ``givens``, or None within :data:`_MINIMAL_MOVES`.

    A symmetric dig rarely ends minimal (a given can often go alone but not with its
    mirror image). Local search: take the orbit of a removable given away, put back
    another empty orbit so the puzzle stays unique, and keep the move when it leaves no
    more removable givens than before (now and then anyway, to leave plateaus)."""
    of = {cell: orbit for orbit in orbits(symmetry, geometry.size) for cell in orbit}
    current = list(givens)
    loose = removable(geometry, current, solution)
    limit = _DIG_NODES_BY_SIZE.get(geometry.size, _DIG_NODES)
    for _ in range(_MINIMAL_MOVES):
        if not loose:
            return tuple(current)
        taken = of[rng.choice(loose)]
        trial = list(current)
        for cell in taken:
            trial[cell] = 0
        empty = sorted({of[c] for c, v in enumerate(trial) if not v and of[c] != taken})
        rng.shuffle(empty)
        for orbit in empty[:_REFILLS]:
            for cell in orbit:
                trial[cell] = solution[cell]
            if still_unique(geometry, trial, solution, taken, limit):
                break
            for cell in orbit:
                trial[cell] = 0
        else:
            continue
        now = removable(geometry, trial, solution)
        if len(now) <= len(loose) or rng.random() < 0.1:
            current, loose = trial, now
    return None


def pared(geometry: Geometry, solution: Sequence[int], givens: Sequence[int],
          rng: random.Random) -> tuple[int, ...] | None:
    """A minimal puzzle made from the unique ``givens`` by taking single givens away: each is
    tried once, in seeded random order, and goes when no other solution differs there. One
    pass is enough: a given needed once stays needed as others go (fewer givens never remove a
    solution). A given whose search reaches its bound is tried again at the next bound of
    :data:`_PARED_NODES` once the pass is over; None when one is still undecided (its need
    unproved, the puzzle is not known minimal)."""
    b, copies = board(geometry), _copies(geometry)
    current = list(givens)
    undecided = [cell for cell in range(geometry.cells) if current[cell]]
    rng.shuffle(undecided)
    for limit in _PARED_NODES:
        left = []
        for cell in undecided:
            value, current[cell] = current[cell], 0
            ruled_out = copies[b.cell_base + cell * b.width + value - 1]
            other = extends(geometry, givens_board(geometry, current) & ~ruled_out, limit)
            if other is not False:     # another solution (the given is needed), or not known yet
                current[cell] = value
                if other is None:
                    left.append(cell)
        undecided = left
        if not undecided:
            return tuple(current)
    return None


def minimal_near(geometry: Geometry, solution: Sequence[int], givens: Sequence[int], symmetry: str,
                 rng: random.Random) -> tuple[int, ...] | None:
    """A minimal puzzle from the dug ``givens``: by :func:`pared` on big grids
    (:data:`_PARED_FROM`), else by the symmetric local search of :func:`minimalize`."""
    if geometry.size >= _PARED_FROM:
        return pared(geometry, solution, givens, rng)
    return minimalize(geometry, solution, givens, symmetry, rng)


def pattern_symmetry(symmetry: str, givens: Sequence[int], size: int) -> str:
    """The symmetry a puzzle's record names: the one asked for while its pattern of givens has
    it (a big grid's minimal pass may break it), else "none"."""
    return symmetry if is_symmetric(givens, size, symmetry) else "none"


def drawn(request: Request, rng: random.Random) -> tuple[Geometry, tuple[int, ...]] | None:
    """A grid to dig: the request's geometry (a fresh jigsaw map), a random full grid of it, and
    for even-odd the marks chosen on that grid, which join the geometry's rules; None when the
    bounded search found no grid."""
    geometry = request.geometry(rng)
    solution = full_grid(geometry, rng)
    if solution is None:
        return None
    if "even_odd" in request.variant:
        marks = parity_marks(geometry, solution, request.symmetry, rng)
        geometry = geometry.with_rules(variant_rules(request.variant, marks))
    return geometry, solution


class _Attempt:
    """One full grid's worth of work toward one puzzle: dig, bisect, climb."""

    def __init__(self, request: Request, rng: random.Random) -> None:
        self.request, self.rng = request, rng
        self.low, self.high, self.inclusive = request.bounds()
        self.symbols = default_symbols(request.size)
        #: ratings below the floor need not be known exactly (hard and diabolical requests)
        self.floor = self.low if self.low > PLACEMENTS_TOP else None

    def above(self, rating: float) -> bool:
        return rating > self.high if self.inclusive else rating >= self.high

    def grade(self, geometry: Geometry, givens: tuple[int, ...]) -> Rating | None:
        """The rating of a puzzle known unique, with the request's ceiling; None when it is known
        to rate below the request's floor: at once when naked and hidden singles solve it
        (rated 2.3 at most, proved by the search's propagation alone), else by
        :func:`solver.sudoku.grade.rate` with the floor."""
        if self.floor is not None and not geometry.rules and singles_solve(geometry, givens):
            return None
        puzzle = Puzzle(geometry, self.symbols, givens)
        return rate(puzzle, ceiling=self.high if self.high < 100 else None, verified=True, floor=self.floor)

    @staticmethod
    def value(found: Rating | None) -> float:
        """A rating to compare; below every real one when it is only known to be below the floor."""
        return -1.0 if found is None else found.rating

    def run(self) -> tuple[Geometry, tuple[int, ...], tuple[int, ...], Rating] | None:
        grid = drawn(self.request, self.rng)
        if grid is None:
            return None
        geometry, solution = grid
        best: tuple[tuple[int, ...], Rating | None] | None = None
        for _ in range(_ORDERS):
            sequence = dig(geometry, solution, self.request.symmetry, self.rng)
            if self.request.minimal:
                minimal = minimal_near(geometry, solution, sequence[-1], self.request.symmetry, self.rng)
                if minimal is None:
                    continue
                sequence = [minimal]
            found = self._bisect(geometry, sequence)
            if found is None:
                continue
            givens, grade = found
            if grade is not None and grade.rating >= self.low:
                return geometry, givens, solution, grade
            if best is None or self.value(grade) > self.value(best[1]):
                best = found
        if best is None or self.request.minimal:
            return None   # (climbing moves givens around and would undo minimality)
        climbed = self._climb(geometry, solution, *best)
        if climbed is None:
            return None
        return geometry, climbed[0], solution, climbed[1]

    def _bisect(self, geometry: Geometry, sequence: list[tuple[int, ...]]
                ) -> tuple[tuple[int, ...], Rating | None] | None:
        """The sparsest puzzle of the dig rated within the ceiling (ratings grow along the dig)."""
        last = self.grade(geometry, sequence[-1])
        if last is None or not self.above(last.rating):
            return sequence[-1], last
        if self.request.minimal:
            return None   # only the end of a dig can be minimal
        lo, hi = 0, len(sequence) - 1           # sequence[lo] within (the full grid is), hi above
        best: tuple[tuple[int, ...], Rating | None] | None = None
        while hi - lo > 1:
            mid = (lo + hi) // 2
            grade = self.grade(geometry, sequence[mid])
            if grade is not None and self.above(grade.rating):
                hi = mid
            else:
                lo, best = mid, (sequence[mid], grade)
        return best

    def _climb(self, geometry: Geometry, solution: tuple[int, ...], givens: tuple[int, ...],
               grade: Rating | None) -> tuple[tuple[int, ...], Rating] | None:
        """Local search toward a harder puzzle with the same symmetry and grid.

        A move puts one empty orbit back and takes one other away, then takes away the
        first further orbit that keeps the puzzle unique (so the puzzle stays as sparse
        as the dig left it). Each removal is checked with :func:`still_unique`, which is
        valid here too: a second solution must differ in a removed cell. A move is kept
        when the rating rises (or, now and then, stays: plateaus are wide on this scale;
        puzzles known only to be below the floor all count as one plateau)."""
        all_orbits = orbits(self.request.symmetry, geometry.size)
        current, current_value = givens, self.value(grade)
        for _ in range(_CLIMB_MOVES):
            filled = [o for o in all_orbits if current[o[0]]]
            empty = [o for o in all_orbits if not current[o[0]]]
            if not empty or len(filled) < 2:
                return None
            trial = list(current)
            for cell in self.rng.choice(empty):
                trial[cell] = solution[cell]
            out = self.rng.choice(filled)
            for cell in out:
                trial[cell] = 0
            if not still_unique(geometry, trial, solution, out):
                continue
            for extra in self.rng.sample(filled, len(filled)):
                if extra == out:
                    continue
                for cell in extra:
                    trial[cell] = 0
                if still_unique(geometry, trial, solution, extra):
                    break
                for cell in extra:
                    trial[cell] = solution[cell]
            candidate = tuple(trial)
            candidate_grade = self.grade(geometry, candidate)
            value = self.value(candidate_grade)
            if (candidate_grade is not None and self.above(value)) or value < current_value:
                continue
            if value == current_value and self.rng.random() < 0.5:
                continue
            current, current_value = candidate, value
            if candidate_grade is not None and value >= self.low:
                return current, candidate_grade
        return None


def generate_one(request: Request, seed: int) -> Generated:
    """The puzzle of one seed; raises :class:`GenerationError` when the bound is reached first."""
    reason = problem(request)
    if reason:
        raise GenerationError(reason)
    start = time.perf_counter()
    rng = random.Random(seed)
    attempt = _Attempt(request, rng)
    tries = _ATTEMPTS[request.size]
    for _ in range(tries):
        made = attempt.run()
        if made is not None:
            geometry, givens, solution, grade = made
            puzzle = Puzzle(geometry, attempt.symbols, givens)
            return Generated(puzzle, solution, grade.rating, grade.level, grade.hardest,
                             pattern_symmetry(request.symmetry, givens, geometry.size),
                             seed, (time.perf_counter() - start) * 1000, grade.complete)
    raise GenerationError(f"no {describe(request)} found in {tries} attempts from seed {seed}")


def describe(request: Request) -> str:
    """The request in words for messages: 'hard 9x9 rot180 puzzle'."""
    low, high, _ = request.bounds()
    what = request.level or (f"rating {low}-{high}" if request.rating else "")
    shape = f"{request.size}x{request.size}" + (" jigsaw" if request.jigsaw else "")
    shape += "".join(f" {name}" for name in request.variant)
    extra = " minimal" if request.minimal else ""
    return " ".join(p for p in (what, shape, request.symmetry + extra, "puzzle") if p)


def generate(request: Request, seed: int, count: int) -> Iterator[Generated]:
    """``count`` puzzles, the i-th from :func:`puzzle_seed` (seed, i), in order, in this process."""
    for index in range(count):
        yield generate_one(request, puzzle_seed(seed, index))
