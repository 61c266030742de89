"""``puzzlepress grade``: how hard every Sudoku of the files is for a human solver.

The verdicts, the output lines and the exit codes are those of ``check`` (the
same code judges the puzzles); a unique puzzle is then graded and, with
``--explain``, its solution is told step by step. A puzzle that is not unique
has no grade: its rating, level and hardest technique are null.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import click

from publisher.cli import UsageError, cli
from publisher.cli.check import (
    Rendered,
    Run,
    Task,
    box_option,
    dask_option,
    jobs_option,
    json_text,
    judge_files,
    judge_item,
    node_option,
    output_option,
    resume_option,
    size_option,
    symbols_option,
    text_options,
    variant_options,
    verdict_line,
    verdict_record,
)
from solver.parsing import ParseIssue
from solver.sudoku import Grade, Puzzle, Step, grade_with_steps
from solver.verdict import Status

#: The grade fields of a JSON line, null when the puzzle is not unique.
GRADE_FIELDS = ("rating", "level", "hardest", "steps", "techniques", "rating_exact", "grade_ms")


def _grade_fields(found: Grade | None, ms: float | None) -> dict[str, Any]:
    if found is None:
        return dict.fromkeys(GRADE_FIELDS)
    return {"rating": found.rating, "level": found.level, "hardest": found.hardest, "steps": found.steps,
            "techniques": dict(found.techniques), "rating_exact": found.complete, "grade_ms": round(ms or 0.0, 3)}


def _step_record(step: Step) -> dict[str, Any]:
    return {"technique": step.technique, "text": step.text,
            "placed": [list(move) for move in step.placed], "removed": [list(move) for move in step.removed]}


def _grade_line(found: Grade) -> str:
    return f"rating {found.rating:.1f} {found.level} (hardest: {found.hardest}, {found.steps} steps)"


def grade_one(task: tuple[Task, bool]) -> Rendered:
    """The output of ``grade`` for one puzzle (runs in a worker process or on Dask)."""
    (source, item, node_limit, as_json), explain_steps = task
    verdict = judge_item(item, node_limit)
    found, ms, steps = None, None, None
    if not isinstance(item, ParseIssue) and verdict.status is Status.UNIQUE:
        start = time.perf_counter()
        if type(item) is Puzzle:   # one solve: the grade and, with --explain, its steps
            found, solve = grade_with_steps(item)
            done: list[Any] = list(solve)
        else:                      # another kind's puzzle (Killer, KenKen), graded by its kind
            from publisher import kinds
            found, other = kinds.kind_of(item).grade(item)
            done = list(other)
        ms = (time.perf_counter() - start) * 1000
        steps = done if explain_steps else None
    accepted = verdict.status is Status.UNIQUE
    if as_json:
        record = {**verdict_record(source, item, verdict), **_grade_fields(found, ms)}
        if explain_steps:
            record["explanation"] = [_step_record(step) for step in steps] if steps is not None else None
        return json_text(record), accepted
    line = verdict_line(source, item, verdict)
    lines = [f"{line} {_grade_line(found)}" if found is not None else line]
    lines += [f"  {number}. {step.text}" for number, step in enumerate(steps or (), 1)]
    return "\n".join(lines), accepted


@cli.command(name="grade")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option("--explain", "explain_steps", is_flag=True, help="Also print the steps of the solution.")
@size_option
@box_option
@symbols_option
@variant_options
@node_option
@jobs_option
@dask_option
@output_option
@resume_option
def grade_command(files: tuple[str, ...], as_json: bool, explain_steps: bool, size: int | None,
                  box: str | None, symbols: str | None, variant: str | None, parity: str | None,
                  node_limit: int, jobs: int, dask: str | None,
                  output: Path | None, resume: bool) -> int:
    """Rate every Sudoku in FILES (Sudoku Explainer scale) and name its hardest technique."""
    if resume and explain_steps and not as_json:
        raise UsageError("--resume needs one line per puzzle: use --explain with --json")
    return judge_files(files, text_options(size, box, symbols, variant, parity), node_limit,
                       partial(_with_flag, grade_one, explain_steps), as_json=as_json,
                       run=Run(jobs, dask, output, resume))


def _with_flag(render: Callable[[tuple[Task, bool]], Rendered], flag: bool, task: Task) -> Rendered:
    return render((task, flag))
