"""One puzzle's verdict (and grade) as ``check``, ``grade`` and ``solve`` report it.

The verdict is the build's (:func:`judge_item`: the bound scaled to the grid as the kind
scales it); the JSON record and the text line are the CLI contract (docs, "CLI
contract"). :func:`check_one` and :func:`grade_one` are the work of one puzzle, run here, in
worker processes or on Dask by :func:`publisher.screening.screen`, so they are plain
top-level functions of picklable tasks.
"""
from __future__ import annotations

import re
import time

from publisher import kinds
from publisher.console import escaped, json_line, place_line
from publisher.schema import JsonObject, KindPuzzle
from solver.parsing import ParseIssue, load_json
from solver.sudoku import Grade, Puzzle, Step, cell_name, grade_with_steps, verify
from solver.sudoku.verdict import scaled_node_limit
from solver.verdict import Status, Verdict

#: A puzzle the screening reads: a Sudoku from text, another kind's from a mapping, or why it is unreadable
Item = KindPuzzle | ParseIssue   # a kind's own puzzle, told apart by kinds.kind_of
#: The grade fields of a JSON line, null when the puzzle is not unique.
GRADE_FIELDS = ("rating", "level", "hardest", "steps", "techniques", "rating_exact", "grade_ms")


#: One task of a screening run: where the puzzle is, the puzzle, the node bound, JSON or text.
Task = tuple[str, Item, int, bool]
#: What a task gives back: its output (one line, or more with --explain) and whether accepted.
Rendered = tuple[str, bool]


def kind_name(item: Item) -> str:
    """The kind of a parsed item: Sudoku for text and parse issues, else its kind's name."""
    if type(item) is Puzzle or isinstance(item, ParseIssue):
        return kinds.DEFAULT_KIND
    return kinds.kind_of(item).name


def solution_text(item: Item, verdict: Verdict) -> str | None:
    """The solution as one string, as its kind writes it."""
    if type(item) is Puzzle:
        return item.format(verdict.solution) if verdict.solution else None
    return kinds.kind_of(item).solution_text(item, verdict)


def judge_item(item: Item, node_limit: int) -> Verdict:
    """The verdict ``build`` gives too: the bound scaled to the grid's size, as the kind does."""
    if isinstance(item, ParseIssue):
        return Verdict(Status.MALFORMED, item.message)
    if type(item) is Puzzle:
        return verify(item, node_limit=scaled_node_limit(node_limit, len(item.givens)))
    return kinds.kind_of(item).verify(item, node_limit)   # another kind's puzzle (Killer, KenKen)


def record(source: str, item: Item, **fields: object) -> JsonObject:
    """The fields every JSON line starts with: where the puzzle is and what it is, then ``fields``."""
    puzzle = None if isinstance(item, ParseIssue) else item
    return {"source": source, "line": item.line, "index": item.index, "kind": kind_name(item),
            "size": puzzle.size if puzzle else None,
            "label": getattr(puzzle, "label", None),
            "id": puzzle.id if puzzle else None,
            "variant": list(puzzle.variant) if isinstance(puzzle, Puzzle) else [],
            "parity": puzzle.parity if isinstance(puzzle, Puzzle) else None, **fields}


def verdict_record(source: str, item: Item, verdict: Verdict) -> JsonObject:
    """The JSON object of ``check --json`` for one puzzle (``grade --json`` adds to it)."""
    unique = verdict.status is Status.UNIQUE
    return record(
        source, item, status=verdict.status.value, reason=verdict.reason,
        solution=solution_text(item, verdict) if unique else None,
        differences=[cell_name(c, item.size) for c in verdict.differences]
        if not isinstance(item, ParseIssue) else [],
        solve_ms=round(verdict.stats.ms, 3), stats=verdict.stats.as_dict())


def where(source: str, item: Item) -> str:
    """``file:line`` of a puzzle, for a console line (a file name is the user's text: escaped)."""
    return f"{escaped(source)}:{item.line}"


def verdict_line(source: str, item: Item, verdict: Verdict) -> str:
    """The text line of ``check`` for one puzzle, in the shape of every line that names a place
    in a file (:func:`place_line`), the puzzle's number in its file and the time after it:
    ``p.txt:3: multiple: 2 solutions differ at r1c1, r1c2 (#2, 0.56 ms)``."""
    return place_line(where(source, item), verdict.status.value, verdict.reason,
                      f"#{item.index + 1}, {verdict.stats.ms:.2f} ms")


def check_one(task: Task) -> Rendered:
    """The output of ``check`` for one puzzle (runs in a worker process or on Dask)."""
    source, item, node_limit, as_json = task
    verdict = judge_item(item, node_limit)
    text = json_line(verdict_record(source, item, verdict)) if as_json else verdict_line(source, item, verdict)
    return text, verdict.status is Status.UNIQUE


def _grade_fields(found: Grade | None, ms: float | None) -> dict[str, object]:
    if found is None:
        return dict.fromkeys(GRADE_FIELDS)
    return {"rating": found.rating, "level": found.level, "hardest": found.hardest, "steps": found.steps,
            "techniques": dict(found.techniques), "rating_exact": found.complete, "grade_ms": round(ms or 0.0, 3)}


def _step_record(step: Step) -> dict[str, object]:
    return {"technique": step.technique, "text": step.text,
            "placed": [list(move) for move in step.placed], "removed": [list(move) for move in step.removed]}


def grade_one(task: tuple[Task, bool]) -> Rendered:
    """The output of ``grade`` for one puzzle, its steps too when the flag says so (runs in a
    worker process or on Dask): the verdict and line of ``check``, then the grade."""
    (source, item, node_limit, as_json), explain_steps = task
    verdict = judge_item(item, node_limit)
    found, ms, steps = None, None, None
    if not isinstance(item, ParseIssue) and verdict.status is Status.UNIQUE:
        start = time.perf_counter()
        if type(item) is Puzzle:   # one solve: the grade and, with --explain, its steps
            found, solve = grade_with_steps(item)
            done: list[Step] = list(solve)
        else:                      # another kind's puzzle (Killer, KenKen), graded by its kind
            found, other = kinds.kind_of(item).grade(item)
            done = list(other)
        ms = (time.perf_counter() - start) * 1000
        steps = done if explain_steps else None
    accepted = verdict.status is Status.UNIQUE
    if as_json:
        fields = {**verdict_record(source, item, verdict), **_grade_fields(found, ms)}
        if explain_steps:
            fields["explanation"] = [_step_record(step) for step in steps] if steps is not None else None
        return json_line(fields), accepted
    line = verdict_line(source, item, verdict)
    if found is not None:
        line += f" rating {found.rating:.1f} {found.level} (hardest: {found.hardest}, {found.steps} steps)"
    return "\n".join([line, *(f"  {number}. {step.text}" for number, step in enumerate(steps or (), 1))]), accepted


#: A text line's verdict: ``file:line: status...`` (and ``file:line #k status...``, the shape
#: before 0.2, so ``--resume`` continues an output an earlier version wrote)
_TEXT_STATUS = re.compile(r"^.*?:\d+(?:: | #\d+ )(\w+)")


def could_begin_line(cut: str, as_json: bool, sources: list[str]) -> bool:
    """Whether ``cut`` can be the start of a line ``check`` or ``grade`` writes for one of
    ``sources`` (what an interrupted run leaves of its last line)."""
    starts = ['{"source": '] if as_json else [f"{escaped(source)}:" for source in sources]
    return any(cut.startswith(start) or start.startswith(cut) for start in starts)


def accepted_line(line: str, as_json: bool) -> bool:
    """Whether an earlier run's output line says its puzzle was accepted (for ``--resume``);
    ValueError for a line that no run of ``check`` or ``grade`` wrote."""
    if as_json:
        try:
            record = load_json(line)
        except ValueError:
            record = None
        if not isinstance(record, dict):
            raise ValueError(f"--resume: {line[:60]!r} is not a line of check --json")
        return record.get("status") == Status.UNIQUE.value
    match = _TEXT_STATUS.match(line)
    if match is None:
        raise ValueError(f"--resume: {line[:60]!r} is not a line of check")
    return match.group(1) == Status.UNIQUE.value
