"""Generation to a technique and a shape: puzzles whose hardest step is a named technique,
with a set number of givens (what a "learn X-Wing" chapter needs).

A :class:`Target` is a plain :class:`~solver.sudoku.generate.Request` (size, boxes or
jigsaw, symmetry, level or rating) plus what a teacher asks for on top:

* ``techniques``: names of the grading table (:data:`TECHNIQUES`, case-insensitive):
  every puzzle's hardest step, by our grader, is one of them, so its solution path uses
  it and needs nothing harder;
* ``givens``: an inclusive (min, max) count of givens (``24`` is (24, 24)).

The search reuses :mod:`solver.sudoku.generate`'s primitives (a seeded full grid, the
symmetric dig, the uniqueness check) and its two ideas: ratings grow (almost always)
along the dig, so the sparsest puzzle of the dig that is no harder than the target's
highest rating is found by bisection, each candidate graded with that ceiling; when its
hardest step is still an easier technique, a local search climbs -- swap an empty orbit
for a filled one of the same pattern, keeping the givens in their window -- while the
rating stays within the ceiling and does not fall. A target's rating window is narrow
(X-Wing is exactly 3.2), so the climb ends on the first puzzle whose hardest step is a
target technique. Every loop is bounded: a request that is not met raises
:class:`~solver.sudoku.generate.GenerationError`; one that can never be met (X-Wing on a
4x4, 12 givens on a 9x9) is refused up front by :func:`target_problem`, in one line.
"""
from __future__ import annotations

import difflib
import random
import time
from dataclasses import dataclass

from solver.sudoku.generate import (
    Generated,
    GenerationError,
    Request,
    describe,
    dig,
    drawn,
    minimal_near,
    pattern_symmetry,
    problem,
    still_unique,
)
from solver.sudoku.generate import (
    generate_one as generate_plain,
)
from solver.sudoku.geometry import Geometry, default_symbols
from solver.sudoku.grade import Grade, grade
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.symmetry import orbits

#: Ratings above every chain's usual length bonus, for the techniques whose rating grows
#: with their size (chains, loops): a target's window stops here, so the bisection ceiling
#: stays below the next family.
_CHAIN_SPREAD = 0.6


@dataclass(frozen=True)
class Technique:
    """A technique of the grading table as a target: the name its steps carry, the ratings
    its steps can have (SE scale) and the smallest grid side where its pattern fits."""

    name: str
    low: float
    high: float
    least_size: int = 4


def _chain(name: str, base: float) -> Technique:
    return Technique(name, base, round(base + _CHAIN_SPREAD, 1), 6)


#: Every technique the grader names (``Step.technique``), in the order of its table, with
#: the ratings the grader gives its steps (README "Difficulty levels").
TECHNIQUES: tuple[Technique, ...] = (
    Technique("Full House", 1.0, 1.0),
    Technique("Hidden Single", 1.2, 1.5),
    Technique("Direct Pointing", 1.7, 1.7),
    Technique("Direct Claiming", 1.9, 1.9),
    Technique("Direct Hidden Pair", 2.0, 2.0),
    Technique("Naked Single", 2.3, 2.3),
    Technique("Direct Hidden Triple", 2.5, 2.5, 6),
    Technique("Pointing", 2.6, 2.6),
    Technique("Claiming", 2.8, 2.8),
    Technique("Naked Pair", 3.0, 3.0),
    Technique("X-Wing", 3.2, 3.2),
    Technique("Hidden Pair", 3.4, 3.4),
    Technique("Naked Triple", 3.6, 3.6, 6),
    Technique("Swordfish", 3.8, 3.8, 6),
    Technique("Hidden Triple", 4.0, 4.0, 6),
    Technique("Skyscraper", 4.0, 4.0),
    Technique("2-String Kite", 4.1, 4.1),
    Technique("Turbot Fish", 4.1, 4.2),
    Technique("Grouped Skyscraper", 4.3, 4.3, 6),
    Technique("Grouped 2-String Kite", 4.3, 4.3, 6),
    Technique("Grouped Turbot Fish", 4.3, 4.3, 6),
    Technique("XY-Wing", 4.2, 4.2),
    Technique("XYZ-Wing", 4.4, 4.4),
    Technique("Unique Rectangle", 4.5, 4.8),
    Technique("Unique Loop", 4.6, 5.3, 6),
    Technique("Naked Quad", 5.0, 5.0, 8),
    Technique("Jellyfish", 5.2, 5.2, 8),
    Technique("Hidden Quad", 5.4, 5.4, 8),
    Technique("3 Strong Links", 5.4, 5.6, 6),
    Technique("Grouped 3 Strong Links", 5.7, 5.7, 6),
    Technique("WXYZ-Wing", 5.5, 5.6),
    Technique("BUG", 5.6, 5.7),
    Technique("4 Strong Links", 5.8, 6.0, 6),
    Technique("Grouped 4 Strong Links", 6.1, 6.1, 6),
    Technique("VWXYZ-Wing", 6.2, 6.4, 6),
    Technique("Aligned Pair Exclusion", 6.2, 6.2),
    Technique("UVWXYZ-Wing", 6.6, 6.6, 6),
    _chain("X-Cycle", 6.5),
    _chain("Y-Cycle", 6.5),
    _chain("Forcing X-Chain", 6.6),
    _chain("XY-Cycle", 7.0),
    _chain("Forcing XY-Chain", 7.0),
    Technique("TUVWXYZ-Wing", 7.5, 7.5, 8),
    Technique("Aligned Triplet Exclusion", 7.5, 7.5),
    _chain("Nishio Forcing Chains", 7.5),
    *(_chain(f"{kind} Forcing Chains", 8.0) for kind in ("Contradiction", "Double", "Cell", "Region")),
    *(_chain(f"Dynamic {kind} Forcing Chains", 8.5) for kind in ("Contradiction", "Double", "Cell", "Region")),
    *(_chain(f"Dynamic {kind} Forcing Chains (+)", 9.0) for kind in ("Contradiction", "Double", "Cell", "Region")),
)
_BY_NAME = {t.name.casefold(): t for t in TECHNIQUES}

#: The fewest givens a unique puzzle of a size can have, where it is known (9x9: 17,
#: McGuire et al. 2012; 6x6 with 2x3 boxes: 8; 4x4: 4); other sizes: side - 1 (with fewer,
#: two symbols never given could be swapped).
_LEAST_GIVENS = {4: 4, 6: 8, 9: 17}
#: Full grids tried per puzzle, and climbing moves per grid.
_ATTEMPTS = {4: 400, 6: 300, 8: 200, 9: 200, 10: 100, 12: 40, 16: 10, 25: 2}
_CLIMB_MOVES = 80


def technique(name: str) -> Technique:
    """The table's technique called ``name`` (any case); ValueError with a did-you-mean."""
    found = _BY_NAME.get(name.strip().casefold())
    if found is None:
        close = difflib.get_close_matches(name.strip().casefold(), list(_BY_NAME), n=1, cutoff=0.6)
        hint = f" (did you mean '{_BY_NAME[close[0]].name}'?)" if close else " (see the grading table)"
        raise ValueError(f"technique {name!r} is not in the grading table{hint}")
    return found


def parse_givens(text: str) -> tuple[int, int]:
    """``"24"`` -> (24, 24); ``"22-26"`` -> (22, 26); ValueError if bad."""
    low_text, _, high_text = text.partition("-")
    try:
        low = int(low_text)
        high = int(high_text) if high_text else low
    except ValueError:
        raise ValueError(f"givens {text!r} is not a count like 24 or a range like 22-26") from None
    return low, high


@dataclass(frozen=True)
class Target:
    """A request with a technique and a count of givens on top (either may be absent)."""

    request: Request
    techniques: tuple[str, ...] = ()       # canonical names from TECHNIQUES
    givens: tuple[int, int] | None = None  # inclusive

    @property
    def plain(self) -> bool:
        """Nothing beyond the request: generated exactly as the request alone."""
        return not self.techniques and self.givens is None

    def window(self) -> tuple[float, float]:
        """The ratings an accepted puzzle may have: the techniques' ratings within the
        request's level or range."""
        low, high, inclusive = self.request.bounds()
        if not inclusive:      # a level's upper end is exclusive; ratings have one decimal
            high = round(high - 0.1, 1)
        if self.techniques:
            own = [technique(name) for name in self.techniques]
            low = max(low, min(t.low for t in own))
            high = min(high, max(t.high for t in own))
        return low, high


def _reachable_counts(size: int, symmetry: str) -> frozenset[int]:
    """Every count of givens the symmetry's orbits can add up to (subset sums)."""
    sums = 1
    for orbit in orbits(symmetry, size):
        sums |= sums << len(orbit)
    return frozenset(k for k in range(size * size + 1) if sums >> k & 1)


def target_problem(target: Target) -> str | None:
    """Why a target can never be met, decided by rule before any search; None when it can."""
    request = target.request
    reason = problem(request)
    if reason:
        return reason
    n = request.size
    for name in target.techniques:
        try:
            wanted = technique(name)
        except ValueError as error:
            return str(error)
        if n < wanted.least_size:
            return f"{wanted.name} needs a grid of at least {wanted.least_size}x{wanted.least_size}; " \
                   f"its pattern does not fit a {n}x{n} grid"
        alone = Request(n, request.box, request.jigsaw, None, (wanted.low, wanted.high), request.symmetry)
        if problem(alone):   # the size can never be that hard (a 4x4 is always easy)
            return f"{wanted.name} (rated {_rating_text(wanted)}) never appears in a {n}x{n} puzzle: " \
                   f"{problem(alone)}"
    low, high = target.window()
    if target.techniques and low > high:
        names = " or ".join(target.techniques)
        return f"{names} rates outside the requested {_bounds_text(request)}"
    if target.givens is not None:
        least, most = target.givens
        floor = _LEAST_GIVENS.get(n, n - 1)
        if least > most:
            return f"givens {least}-{most}: the minimum is above the maximum"
        if most < floor:
            return f"a {n}x{n} puzzle needs at least {floor} givens to be unique; {most} cannot be"
        if least >= n * n:
            return f"a {n}x{n} puzzle has {n * n} cells; {least} givens leave nothing to solve"
        counts = _reachable_counts(n, request.symmetry)
        if not any(least <= k <= most for k in counts):
            return f"{request.symmetry} symmetry places givens in groups; no count from {least} to {most} is possible"
    return None


def _bounds_text(request: Request) -> str:
    low, high, _ = request.bounds()
    return request.level or f"rating {low}-{high}"


def _rating_text(t: Technique) -> str:
    return f"{t.low}" if t.low == t.high else f"{t.low}-{t.high}"


class _Search:
    """One seed's search for a targeted puzzle: dig, bisect within the window, climb."""

    def __init__(self, target: Target, rng: random.Random) -> None:
        self.target, self.request, self.rng = target, target.request, rng
        self.low, self.high = target.window()
        self.least, self.most = target.givens or (0, target.request.size ** 2)
        self.names = frozenset(target.techniques)
        self.symbols = default_symbols(self.request.size)

    def grade(self, geometry: Geometry, givens: tuple[int, ...]) -> Grade:
        return grade(Puzzle(geometry, self.symbols, givens), ceiling=self.high)

    def fits(self, givens: tuple[int, ...]) -> bool:
        return self.least <= sum(1 for v in givens if v) <= self.most

    def accepts(self, found: Grade) -> bool:
        return (found.complete and self.low <= found.rating <= self.high
                and (not self.names or found.hardest in self.names))

    def count(self, givens: tuple[int, ...] | list[int]) -> int:
        return sum(1 for v in givens if v)

    def distance(self, givens: tuple[int, ...] | list[int]) -> int:
        """How many givens a puzzle is outside the window (0: inside)."""
        count = self.count(givens)
        return max(0, count - self.most, self.least - count)

    def run(self) -> tuple[Geometry, tuple[int, ...], tuple[int, ...], Grade] | None:
        grid = drawn(self.request, self.rng)
        if grid is None:
            return None
        geometry, solution = grid
        sequence = dig(geometry, solution, self.request.symmetry, self.rng)
        if self.request.minimal:
            minimal = minimal_near(geometry, solution, sequence[-1], self.request.symmetry, self.rng)
            sequence = [minimal] if minimal is not None else []
            if not sequence or not self.fits(sequence[0]):
                return None
        window = [givens for givens in sequence if self.fits(givens)]
        if window:
            found = self._bisect(geometry, window)
            if found is None:
                return None
            givens, graded = found
            if self.accepts(graded):
                return geometry, givens, solution, graded
            start: tuple[tuple[int, ...], Grade | None] = (givens, graded)
        else:   # the dig jumped over the window (orbits of two) or stopped above it
            start = (min(sequence, key=self.distance), None)
        if self.request.minimal:
            return None      # climbing moves givens and would undo minimality
        climbed = self._climb(geometry, solution, *start)
        if climbed is None:
            return None
        return geometry, climbed[0], solution, climbed[1]

    def _bisect(self, geometry: Geometry,
                window: list[tuple[int, ...]]) -> tuple[tuple[int, ...], Grade] | None:
        """The sparsest puzzle of the window rated within the ceiling (None: all above)."""
        last = self.grade(geometry, window[-1])
        if last.rating <= self.high:
            return window[-1], last
        first = self.grade(geometry, window[0])
        if first.rating > self.high:
            return None
        lo, hi, best = 0, len(window) - 1, (window[0], first)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            graded = self.grade(geometry, window[mid])
            if graded.rating > self.high:
                hi = mid
            else:
                lo, best = mid, (window[mid], graded)
        return best

    def _move(self, geometry: Geometry, solution: tuple[int, ...], current: tuple[int, ...],
              all_orbits: list[tuple[int, ...]]) -> tuple[int, ...] | None:
        """One step of the local search: an empty orbit put back, then filled ones taken
        away (each checked with :func:`~solver.sudoku.generate.still_unique`) until the
        count is no more than before, or within the window and, half the time, earlier."""
        filled = [o for o in all_orbits if current[o[0]]]
        empty = [o for o in all_orbits if not current[o[0]]]
        if not empty or len(filled) < 2:
            return None
        trial = list(current)
        back = self.rng.choice(empty)
        for cell in back:
            trial[cell] = solution[cell]
        count = self.count(trial)
        before = count - len(back)
        removed = False
        for out in self.rng.sample(filled, len(filled)):
            if count - len(out) < self.least:
                continue
            for cell in out:
                trial[cell] = 0
            if not still_unique(geometry, trial, solution, out):
                for cell in out:
                    trial[cell] = solution[cell]
                continue
            removed, count = True, count - len(out)
            if count <= self.most and (count <= before or self.rng.random() < 0.5):
                break
        return tuple(trial) if removed else None

    def _climb(self, geometry: Geometry, solution: tuple[int, ...], givens: tuple[int, ...],
               graded: Grade | None) -> tuple[tuple[int, ...], Grade] | None:
        """Local search toward a puzzle the target accepts.

        Outside the givens window (``graded`` None) a move is kept when it brings the
        count closer; inside, when the puzzle stays within the ceiling and its rating does
        not fall (an equal one half the time: plateaus are wide on this scale)."""
        all_orbits = orbits(self.request.symmetry, geometry.size)
        current, current_grade = givens, graded
        for _ in range(_CLIMB_MOVES):
            candidate = self._move(geometry, solution, current, all_orbits)
            if candidate is None:
                continue
            if current_grade is None:
                if self.distance(candidate) > self.distance(current):
                    continue
                if self.distance(candidate):
                    current = candidate
                    continue
            elif not self.fits(candidate):
                continue
            candidate_grade = self.grade(geometry, candidate)
            if candidate_grade.rating > self.high:
                continue
            if self.accepts(candidate_grade):
                return candidate, candidate_grade
            if current_grade is not None and (candidate_grade.rating < current_grade.rating or (
                    candidate_grade.rating == current_grade.rating and self.rng.random() < 0.5)):
                continue
            current, current_grade = candidate, candidate_grade
        return None


def generate_one(target: Target, seed: int) -> Generated:
    """The targeted puzzle of one seed (a plain target: exactly the request's puzzle);
    raises :class:`GenerationError` when the bounds are reached first."""
    if target.plain:
        return generate_plain(target.request, seed)
    reason = target_problem(target)
    if reason:
        raise GenerationError(reason)
    start = time.perf_counter()
    rng = random.Random(seed)
    search = _Search(target, rng)
    tries = _ATTEMPTS[target.request.size]
    for _ in range(tries):
        made = search.run()
        if made is not None:
            geometry, givens, solution, graded = made
            return Generated(Puzzle(geometry, search.symbols, givens), solution, graded.rating, graded.level,
                             graded.hardest, pattern_symmetry(target.request.symmetry, givens, geometry.size), seed,
                             (time.perf_counter() - start) * 1000)
    raise GenerationError(f"no {describe_target(target)} found in {tries} attempts from seed {seed}")


def describe_target(target: Target) -> str:
    """The target in words for messages: 'X-Wing 9x9 rot180 puzzle with 24 givens'."""
    words = describe(target.request)
    if target.techniques:
        words = f"{' or '.join(target.techniques)} {words}"
    if target.givens is not None:
        least, most = target.givens
        words += f" with {least} givens" if least == most else f" with {least}-{most} givens"
    return words

