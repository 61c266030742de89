"""``puzzlepress grade``: how hard every Sudoku of the files is for a human solver.

The verdicts, the output lines and the exit codes are those of ``check`` (the same code
judges the puzzles, with the same options); a unique puzzle is then graded and, with
``--explain``, its solution is told step by step (:func:`publisher.records.grade_one`). A
puzzle that is not unique has no grade: its rating, level and hardest technique are null.
"""
from __future__ import annotations

from functools import partial

import click

from publisher.cli import UsageError, cli
from publisher.cli.check import Screening, judge_files, screening_options
from publisher.records import Rendered, Task, grade_one


@cli.command(name="grade")
@click.argument("files", nargs=-1, required=True)
@screening_options
@click.option("--explain", "explain_steps", is_flag=True, help="Also print the steps of the solution.")
def grade_command(files: tuple[str, ...], screening: Screening, explain_steps: bool) -> int:
    """Rate every Sudoku in FILES (Sudoku Explainer scale) and name its hardest technique."""
    if screening.run.resume and explain_steps and not screening.as_json:
        raise UsageError("--resume needs one line per puzzle: use --explain with --json")
    return judge_files(files, screening, partial(_with_flag, explain_steps))


def _with_flag(flag: bool, task: Task) -> Rendered:
    return grade_one((task, flag))
