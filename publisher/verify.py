"""Verify: items -> verdicts, in parallel across processes, in input order.

Each puzzle is independent, so verification spreads over worker processes;
``Executor.map`` hands results back in the order of the input, whatever the
scheduling, so reports and books never depend on timing. Unreadable items are
judged ``malformed`` here without calling a solver. A unique Sudoku is also
graded here, in the same worker, while its puzzle is at hand: the grade labels,
sorts and filters it later, and the report shows it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from publisher import interrupt
from publisher.kinds import KINDS
from publisher.schema import JsonObject
from publisher.sources import Item
from publisher.workers import worker_count
from solver.sudoku import Grade, Step
from solver.verdict import Status, Verdict

#: Below this many puzzles, starting worker processes costs more than it saves.
PARALLEL_THRESHOLD = 64


#: The status of a puzzle the solver accepted but its section's ``rating`` range does not.
OUT_OF_RANGE = "out_of_range"
#: The status of a puzzle the catalog (or an earlier puzzle of the build) already holds.
REPEATED = "repeated"


@dataclass(frozen=True)
class Repeat:
    """Where a puzzle was printed before: the reason a reader reads ("same as 'Tuyển tập
    Sudoku' vol. 1, section 'Hard', puzzle 37 (rotated 90°, digits relabelled)"), the
    earlier puzzle for the JSON report, and whether the book keeps it anyway
    (``on_repeat: warn``)."""

    reason: str
    of: JsonObject
    kept: bool = False

#: The lowest rating of the top level ("diabolical"): every rating above it gives the same
#: level, so grading may stop at the first step rated above it unless a section needs more.
#: (A diabolical puzzle costs ten times less to grade this way: 37 ms instead of 366 ms.)
LEVELS_CEILING = 5.0


@dataclass(frozen=True)
class Grading:
    """How far to grade one unique Sudoku: its rating is exact up to ``ceiling`` (above it,
    the first step rated higher ends the solve and its rating is a lower bound; None:
    exact everywhere); ``key_step`` also names the hardest step of the explanation;
    ``explain`` keeps the steps (as far as the ceiling: on-screen hints)."""

    ceiling: float | None = LEVELS_CEILING
    key_step: bool = False
    #: also every logical step of the solution (the playable HTML booklet's Hint)
    explain: bool = False


@dataclass(frozen=True)
class Checked:
    """An item with its verdict and, for a unique Sudoku, its grade.

    ``key_step`` names the hardest step of the explanation in a few words (only
    when the book prints hints); ``rejection`` is set when a section rule (the
    rating range) turns away a puzzle the solver accepted: the status is then
    :data:`OUT_OF_RANGE` and ``rejection`` the reason."""

    item: Item
    verdict: Verdict
    grade: Grade | None = None        # None: not a Sudoku, or not unique
    key_step: str | None = None
    rejection: str | None = None
    #: the solver's logical steps to the solution (Sudoku), when asked for: on-screen hints
    explanation: tuple[Step, ...] = ()
    #: the puzzle's ID (solver.canonical), when the build has a catalog or prints IDs
    puzzle_id: str | None = None
    #: printed before (the catalog or this build): see :class:`Repeat`
    repeat: Repeat | None = None

    @property
    def accepted(self) -> bool:
        return self.verdict.accepted and self.rejection is None and (self.repeat is None or self.repeat.kept)

    @property
    def status(self) -> str:
        """The verdict status as reports spell it, or ``out_of_range`` or ``repeated``."""
        if self.rejection is not None:
            return OUT_OF_RANGE
        if self.repeat is not None and not self.repeat.kept:
            return REPEATED
        return self.verdict.status.value

    @property
    def reason(self) -> str | None:
        if self.rejection is not None:
            return self.rejection
        if self.repeat is not None and not self.repeat.kept:
            return self.repeat.reason
        return self.verdict.reason

    @property
    def rating(self) -> float | None:
        return self.grade.rating if self.grade is not None else None


Judged = tuple[Verdict, Grade | None, str | None, tuple[Step, ...]]   # verdict, grade, key step, explanation


def verify_one(task: tuple[Item, int, Grading]) -> Judged:
    """Verify one item and grade it as asked when it is a unique Sudoku (runs in a
    worker process)."""
    item, node_limit, grading = task
    if item.puzzle is None:
        return Verdict(Status.MALFORMED, item.issue), None, None, ()
    kind = KINDS[item.kind]
    verdict = kind.verify(item.puzzle, node_limit)
    if verdict.status is not Status.UNIQUE:
        return verdict, None, None, ()
    # One logical solve gives the grade, the key step and the on-screen hints. The key step
    # is the hardest step, so it needs the whole solve; hints stop where grading stops (past
    # the ceiling the playable page reveals a value of the solution instead).
    found, steps = kind.grade(item.puzzle, None if grading.key_step else grading.ceiling)
    return (verdict, found, kind.key_step(item.puzzle, steps) if grading.key_step else None,
            steps if grading.explain else ())


@dataclass
class SectionResult:
    """One section's puzzles as the verify stage judged them, in the section's order."""

    book: str
    title: str
    kind: str
    checked: list[Checked]

    @property
    def accepted(self) -> list[Checked]:
        return [c for c in self.checked if c.accepted]

    @property
    def rejected(self) -> list[Checked]:
        return [c for c in self.checked if not c.accepted]


def verify_items(items: Sequence[Item], *, node_limit: int, jobs: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 grading: Sequence[Grading] = (), dask: str | None = None) -> list[Checked]:
    """Verdicts (and grades) for ``items``, in their order. ``progress(n)`` is called as
    each one is done; ``grading[i]`` says how far to grade item ``i`` (default: :class:`Grading`).
    With ``dask`` (a scheduler address) the work runs on that cluster, still in order.
    Items holding the very same puzzle object (``puzzlepress plan``'s stand-ins for a generated
    section) are judged once."""
    every = [(item, node_limit, grading[i] if i < len(grading) else Grading()) for i, item in enumerate(items)]
    first: dict[tuple[int, Grading], int] = {}     # (the puzzle object, its grading) -> its task
    tasks: list[tuple[Item, int, Grading]] = []
    for task in every:
        if first.setdefault(_judged_as(task), len(tasks)) == len(tasks):
            tasks.append(task)
    judged = _judge(tasks, jobs, dask)
    if len(tasks) == len(every):
        return _collect(items, judged, progress)
    distinct = list(judged)
    return _collect(items, (distinct[first[_judged_as(task)]] for task in every), progress)


def _judged_as(task: tuple[Item, int, Grading]) -> tuple[int, Grading]:
    """What makes two tasks one: the same puzzle object graded alike (an unread item, whose
    puzzle is None, is its own)."""
    item, _limit, how = task
    return id(item.puzzle if item.puzzle is not None else item), how


def _judge(tasks: list[tuple[Item, int, Grading]], jobs: int | None, dask: str | None) -> Iterable[Judged]:
    """Every task judged, in order: on the Dask cluster at ``dask``, in worker processes, or here."""
    if dask is not None:
        from publisher import screening
        return screening.judge(verify_one, tasks, dask=dask)
    jobs = worker_count(jobs, len(tasks))
    if jobs == 1 or len(tasks) < PARALLEL_THRESHOLD:
        return map(verify_one, tasks)
    chunksize = max(1, min(64, len(tasks) // (jobs * 8)))
    return interrupt.pool_map(verify_one, tasks, jobs=jobs, chunksize=chunksize)


def _collect(items: Sequence[Item], judged: Iterable[Judged],
             progress: Callable[[int], None] | None) -> list[Checked]:
    results: list[Checked] = []
    # ``judged`` first: zip then runs it to its end, so a pool behind it shuts down normally
    for (verdict, grade, key_step, explanation), item in zip(judged, items):
        results.append(Checked(item, verdict, grade, key_step, explanation=explanation))
        if progress:
            progress(1)
    return results

