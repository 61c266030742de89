"""``puzzlepress check`` and ``puzzlepress solve``: Sudoku verdicts from the command line.

check: a verdict for every puzzle of every file; exit 0 when all are unique,
1 when any is not, 2 when a file cannot be read (the readable files are still
checked and reported first, so one bad path never hides the other verdicts).

solve: one puzzle (or every puzzle of a file) solved, counted, enumerated or
its n-th solution shown; exit 0 when the request has an answer (a unique
solution, at least one solution, the n-th solution exists), 1 when not or when the search
bound stopped it first, 2 for a missing or empty file and an empty argument.

With ``--json`` every result is one JSON object on one line (README, "CLI contract").
"""
from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

import click

from publisher import screening
from publisher.cli import EXIT_OK, EXIT_REJECTED, EXIT_USAGE, UsageError, cli, emit_json, one_line
from publisher.kinds import DEFAULT_KIND
from publisher.units import parse_count_grid
from solver.parsing import ParseIssue
from solver.sudoku import (
    DEFAULT_CAP,
    DEFAULT_NODE_LIMIT,
    Puzzle,
    cell_name,
    count_solutions,
    describe,
    parse_text,
    verify,
)
from solver.sudoku.rules import VARIANTS
from solver.sudoku.search import Search
from solver.sudoku.verdict import scaled_node_limit
from solver.verdict import Status, Verdict


@dataclass(frozen=True)
class TextOptions:
    """What the command line fixes for text inputs (structured inputs carry their own)."""

    size: int | None = None
    box: tuple[int, int] | None = None
    symbols: str | None = None
    variant: tuple[str, ...] = ()       # --variant x,anti_knight (a structured puzzle's own list wins)
    parity: str | None = None          # --parity: even-odd marks of a single puzzle


def load(source: str, options: TextOptions) -> list[Puzzle | ParseIssue]:
    """Every puzzle (or parse issue) of one input; raises :class:`screening.InputProblem`."""
    return list(screening.file_items(source, vars(options)))


def _box(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    try:
        return parse_count_grid(value)
    except ValueError:
        raise UsageError(f"--box {value!r} is not ROWSxCOLS like 2x3") from None


def _variant(value: str | None) -> tuple[str, ...]:
    names = tuple(part.strip() for part in (value or "").split(",") if part.strip())
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:
        raise UsageError(f"--variant {unknown[0]!r} is not one of {', '.join(VARIANTS)}")
    return names


def text_options(size: int | None, box: str | None, symbols: str | None, variant: str | None = None,
                 parity: str | None = None) -> TextOptions:
    return TextOptions(size, _box(box), symbols, _variant(variant), parity)


def _record(source: str, item: Puzzle | ParseIssue, **fields: Any) -> dict[str, Any]:
    """The fields every JSON line starts with: where the puzzle is and what it is."""
    puzzle = None if isinstance(item, ParseIssue) else item
    return {"source": source, "line": item.line, "index": item.index, "kind": kind_name(item),
            "size": puzzle.size if puzzle else None,
            "label": getattr(puzzle, "label", None),
            "id": puzzle.id if puzzle else None,
            "variant": list(puzzle.variant) if isinstance(puzzle, Puzzle) else [],
            "parity": puzzle.parity if isinstance(puzzle, Puzzle) else None, **fields}


def verdict_record(source: str, item: Puzzle | ParseIssue, verdict: Verdict) -> dict[str, Any]:
    """The JSON object of ``check --json`` for one puzzle (``grade --json`` adds to it)."""
    unique = verdict.status is Status.UNIQUE
    return _record(
        source, item, status=verdict.status.value, reason=verdict.reason,
        solution=solution_text(item, verdict) if unique else None,
        differences=[cell_name(c, item.size) for c in verdict.differences]
        if not isinstance(item, ParseIssue) else [],
        solve_ms=round(verdict.stats.ms, 3), stats=verdict.stats.as_dict())


def solution_text(item: Any, verdict: Verdict) -> str | None:
    """The solution as one string (a Sudoku's as its kind writes it, without importing it)."""
    if type(item) is Puzzle:
        return item.format(verdict.solution) if verdict.solution else None
    from publisher import kinds
    return kinds.kind_of(item).solution_text(item, verdict)


def kind_name(item: Any) -> str:
    """The kind of a parsed item: Sudoku for text and parse issues, else its kind's name."""
    if type(item) is Puzzle or isinstance(item, ParseIssue):
        return DEFAULT_KIND
    from publisher import kinds
    return kinds.kind_of(item).name


def judge_item(item: Any, node_limit: int) -> Verdict:
    """The verdict ``build`` gives too: the bound scaled to the grid's size, as the kind does."""
    if isinstance(item, ParseIssue):
        return Verdict(Status.MALFORMED, item.message)
    if type(item) is Puzzle:
        return verify(item, node_limit=scaled_node_limit(node_limit, len(item.givens)))
    from publisher import kinds  # another kind's puzzle (Killer, KenKen): read from a mapping
    return kinds.kind_of(item).verify(item, node_limit)


def _where(source: str, item: Puzzle | ParseIssue) -> str:
    return f"{source}:{item.line}"


def verdict_line(source: str, item: Puzzle | ParseIssue, verdict: Verdict) -> str:
    """The text line of ``check`` for one puzzle."""
    reason = f": {verdict.reason}" if verdict.reason else ""
    return f"{_where(source, item)} #{item.index + 1} {verdict.status.value}{reason} ({verdict.stats.ms:.2f} ms)"


def _report_failures(failures: list[str]) -> None:
    for message in failures:
        click.echo(f"puzzlepress: error: {one_line(message)}", err=True)


size_option = click.option("--size", type=click.IntRange(1, 35), default=None,
                            help="Grid size N for text inputs (default: from the cell count).")
box_option = click.option("--box", default=None, metavar="RxC",
                           help="Box shape for text inputs, e.g. 2x3 (default: the usual one).")
symbols_option = click.option("--symbols", default=None,
                               help="Symbol alphabet, e.g. 0123456789ABCDEF (0 is then a value).")


def variant_options(command: Callable[..., int]) -> Callable[..., int]:
    """--variant and --parity: the rules every puzzle keeps beyond rows, columns and regions."""
    command = click.option("--parity", default=None, metavar="MARKS",
                           help="Even-odd marks of the puzzle: N*N of e (even), o (odd) or . (with even_odd).")(command)
    return click.option("--variant", default=None, metavar="NAMES",
                        help=f"Variant rules, comma-separated: {', '.join(VARIANTS)}.")(command)


node_option = click.option("--node-limit", "--limit-nodes", "node_limit", type=click.IntRange(1),
                            default=DEFAULT_NODE_LIMIT, show_default=True,
                            help="Search bound per puzzle; reaching it gives 'undetermined'.")


#: One task of a screening run: where the puzzle is, the puzzle, the node bound, JSON or text.
Task = tuple[str, Puzzle | ParseIssue, int, bool]
#: What a task gives back: its output (one line, or more with --explain) and whether accepted.
Rendered = tuple[str, bool]


def check_one(task: Task) -> Rendered:
    """The output of ``check`` for one puzzle (runs in a worker process or on Dask)."""
    source, item, node_limit, as_json = task
    verdict = judge_item(item, node_limit)
    text = json_text(verdict_record(source, item, verdict)) if as_json else verdict_line(source, item, verdict)
    return text, verdict.status is Status.UNIQUE


def json_text(obj: Any) -> str:
    """The text :func:`publisher.cli.emit_json` prints for ``obj`` (without the newline)."""
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


jobs_option = click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
                           help="Worker processes (output keeps the input order).")
dask_option = click.option("--dask", "dask", metavar="ADDRESS", default=None,
                           help="Run on a Dask scheduler at ADDRESS (needs puzzlepress[dask]).")
output_option = click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
                             help="Write the puzzles' lines to FILE as they are made (not stdout).")
resume_option = click.option("--resume", is_flag=True,
                             help="With -o: skip the puzzles an interrupted run already wrote to FILE.")


@cli.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@size_option
@box_option
@symbols_option
@variant_options
@node_option
@jobs_option
@dask_option
@output_option
@resume_option
@click.option("--catalog", "catalog", metavar="PATH_OR_URL",
              help="Also flag puzzles this catalog (or an earlier puzzle of FILES) already holds: 'repeated'.")
def check(files: tuple[str, ...], as_json: bool, size: int | None, box: str | None,
          symbols: str | None, variant: str | None, parity: str | None, node_limit: int, jobs: int,
          dask: str | None, output: Path | None, resume: bool, catalog: str | None) -> int:
    """Verify every puzzle in FILES (text, .yaml/.yml/.json; '-' reads stdin): Sudoku, and
    Killer or KenKen mappings with their ``kind``."""
    if catalog is not None:
        if jobs > 1 or dask or output or resume:
            raise UsageError("--catalog runs in this process, to stdout: not with --jobs, --dask, -o or --resume")
        return judge_with_catalog(files, text_options(size, box, symbols, variant, parity), node_limit, catalog,
                                  as_json)
    return judge_files(files, text_options(size, box, symbols, variant, parity), node_limit, check_one,
                       as_json=as_json,
                       run=Run(jobs, dask, output, resume))


@dataclass(frozen=True)
class Run:
    """Where a screening runs and where its lines go (``--jobs``, ``--dask``, ``-o``, ``--resume``)."""

    jobs: int = 1
    dask: str | None = None
    output: Path | None = None
    resume: bool = False


#: A text line's verdict: ``file:line #k status...``.
_TEXT_STATUS = re.compile(r"^.*:\d+ #\d+ (\w+)")


def _accepted(line: str, as_json: bool) -> bool:
    """Whether an earlier run's output line says its puzzle was accepted (for --resume)."""
    if as_json:
        try:
            return bool(json.loads(line).get("status") == Status.UNIQUE.value)
        except (ValueError, AttributeError):
            raise UsageError(f"--resume: {line[:60]!r} is not a line of check --json") from None
    match = _TEXT_STATUS.match(line)
    if match is None:
        raise UsageError(f"--resume: {line[:60]!r} is not a line of check") from None
    return match.group(1) == Status.UNIQUE.value


def judge_files(files: Iterable[str], options: TextOptions, node_limit: int,
                render: Callable[[Task], Rendered], *, as_json: bool, run: Run = Run()) -> int:
    """Judge every puzzle of every file with ``render`` (streamed, in order, wherever ``run``
    says) and print its lines; then the summary line (text mode), the unreadable files, and
    the exit code of the check contract: 0 all unique, 1 any not, 2 a file could not be read
    (after the others were judged). With ``run.resume`` the lines already in ``run.output``
    count as done: their puzzles are read but not judged again, the rest is appended."""
    if run.resume and run.output is None:
        raise UsageError("--resume needs -o FILE (the output of the interrupted run)")
    failures: list[str] = []
    done: list[str] = []
    if run.resume and run.output is not None:
        try:
            done = screening.resume_point(run.output)
        except screening.InputProblem as error:
            raise UsageError(str(error)) from None
    total = len(done)
    accepted = sum(_accepted(line, as_json) for line in done)
    tasks = ((source, item, node_limit, as_json)
             for source, item in islice(screening.items(files, vars(options), failures), len(done), None))
    sink = None
    try:
        if run.output is not None:
            sink = run.output.open("a" if run.resume else "w", encoding="utf-8")
        for text, ok in screening.judge(render, tasks, jobs=run.jobs, dask=run.dask):
            total += 1
            accepted += ok
            if sink is not None:
                sink.write(text + "\n")
                sink.flush()
            else:
                click.echo(text)
    except screening.DaskUnavailable as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        if sink is None and run.output is not None:
            raise UsageError(f"{run.output}: cannot write: {error.strerror or error}") from None
        raise
    finally:
        if sink is not None:
            sink.close()
    if not as_json:
        click.echo(f"{total} puzzles: {accepted} unique, {total - accepted} rejected")
    _report_failures(failures)
    if failures:
        return EXIT_USAGE
    return EXIT_OK if accepted == total else EXIT_REJECTED


def judge_with_catalog(files: Iterable[str], options: TextOptions, node_limit: int, target: str,
                       as_json: bool) -> int:
    """``check --catalog``: the verdicts, then every unique puzzle looked up in the catalog
    and compared with the puzzles before it; a repeat is reported as ``repeated`` (its
    JSON line gains ``puzzle_id`` and ``repeat_of``). Exit codes as ``check``."""
    from publisher import kinds
    from publisher.catalog import CatalogError
    from publisher.cli.catalog import open_catalog
    from publisher.repeats import catalogued, how

    sudoku = kinds.get(DEFAULT_KIND)

    failures: list[str] = []
    judged = [(source, item, judge_item(item, node_limit))
              for source, item in screening.items(files, vars(options), failures)]
    forms: list[Any] = []
    for _, item, verdict in judged:
        try:
            forms.append(sudoku.canonical(item) if isinstance(item, Puzzle) and verdict.status is Status.UNIQUE
                         else None)
        except ValueError:
            forms.append(None)
    with open_catalog(target) as catalog:
        try:
            known = catalog.lookup(form.id for form in forms if form is not None)
        except CatalogError as error:
            raise UsageError(str(error)) from None
    earlier: dict[str, tuple[str, Puzzle]] = {}
    accepted = 0
    for (source, item, verdict), form in zip(judged, forms):
        status, reason, repeat_of = verdict.status.value, verdict.reason, None
        if form is not None and isinstance(item, Puzzle):
            rows = [row for row in known.get(form.id, []) if row.form == form.text]
            if rows:
                reason, repeat_of = catalogued(DEFAULT_KIND, item, rows[0])
                status = "repeated"
            elif form.text in earlier:
                where, first = earlier[form.text]
                status, reason = "repeated", f"same as {where}{how(DEFAULT_KIND, item, first)}"
                repeat_of = {"id": form.id, "source": where.rsplit(":", 1)[0], "line": first.line}
            else:
                earlier[form.text] = (_where(source, item), item)
        accepted += status == Status.UNIQUE.value
        if as_json:
            emit_json({**verdict_record(source, item, verdict), "status": status, "reason": reason,
                       "puzzle_id": form.id if form is not None else None, "repeat_of": repeat_of})
        else:
            shown = f": {reason}" if reason else ""
            click.echo(f"{_where(source, item)} #{item.index + 1} {status}{shown}")
    if not as_json:
        click.echo(f"{len(judged)} puzzles: {accepted} unique, {len(judged) - accepted} rejected or repeated")
    _report_failures(failures)
    if failures:
        return EXIT_USAGE
    return EXIT_OK if accepted == len(judged) else EXIT_REJECTED


#: Cell counts of the grid sizes an inline puzzle can have (N*N for N = 1..35).
_SQUARES = {n * n for n in range(1, 36)}
_FILE_SUFFIX = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}$")


def _names_a_file(target: str) -> bool:
    """Whether the argument of ``solve`` is a file name rather than an inline puzzle:
    an existing path, or one that looks like a path (a folder separator, or a suffix
    like '.txt' on a text whose length is no grid's cell count)."""
    if target == "-" or os.path.lexists(target):   # lexists is False for unusable names
        return True
    cells = len("".join(target.split()))
    if "/" in target or os.sep in target or (bool(_FILE_SUFFIX.search(target)) and cells not in _SQUARES):
        return True
    # one word that no grid has the cells of ('nothere'): a file name, not a puzzle
    return cells not in _SQUARES and len(target.split()) == 1 and "." not in target


def _solve_sources(target: str, options: TextOptions) -> list[tuple[str, Puzzle | ParseIssue]]:
    """The puzzles named on the command line: a file (or '-'), else the argument itself."""
    if not target.strip():
        raise UsageError("no puzzle given: the argument is empty")
    if _names_a_file(target):
        try:
            found = [(target, item) for item in load(target, options)]
        except screening.InputProblem as error:
            raise UsageError(str(error)) from None
        if not found:   # as check and build say
            raise UsageError(f"{target}:1: no puzzles found in the file")
        return found
    return [("<argument>", item) for item in
            parse_text(target, size=options.size, box=options.box, symbols=options.symbols,
                       variant=options.variant, parity=options.parity)]


def _show_grid(puzzle: Puzzle, values: tuple[int, ...]) -> None:
    click.echo(describe(values, puzzle.geometry, puzzle.symbols))


@cli.command()
@click.argument("target", metavar="PUZZLE_OR_FILE")
@click.option("--count", "count", is_flag=True, help="Count solutions (up to --limit).")
@click.option("--nth", type=click.IntRange(1), default=None,
              help="Show the K-th solution in increasing row-major order.")
@click.option("--all", "show_all", is_flag=True, help="List solutions (up to --limit).")
@click.option("--limit", type=click.IntRange(1), default=DEFAULT_CAP, show_default=True,
              help="Cap for --count and --all.")
@click.option("--json", "as_json", is_flag=True, help="JSON lines instead of grids.")
@size_option
@box_option
@symbols_option
@variant_options
@node_option
def solve(target: str, count: bool, nth: int | None, show_all: bool, limit: int, as_json: bool,
          size: int | None, box: str | None, symbols: str | None, variant: str | None, parity: str | None,
          node_limit: int) -> int:
    """Solve a puzzle given inline (one line of symbols) or every puzzle of a file."""
    if count + show_all + (nth is not None) > 1:
        raise UsageError("choose one of --count, --nth and --all")
    mode = "count" if count else "all" if show_all else None
    answered = True
    for source, item in _solve_sources(target, text_options(size, box, symbols, variant, parity)):
        if isinstance(item, ParseIssue):
            answered = False
            verdict = judge_item(item, node_limit)
            if as_json:
                emit_json(verdict_record(source, item, verdict))
            else:
                click.echo(f"{_where(source, item)}: malformed: {item.message}")
            continue
        if not isinstance(item, Puzzle):       # a cage puzzle: its solution, or why there is none
            if nth is not None or mode is not None:
                raise UsageError("--count, --nth and --all work on Sudoku only")
            answered &= _solve_caged(source, item, node_limit, as_json)
        elif nth is not None:
            answered &= _solve_nth(source, item, nth, node_limit, as_json)
        elif mode == "count":
            answered &= _solve_count(source, item, limit, node_limit, as_json)
        elif mode == "all":
            answered &= _solve_all(source, item, limit, node_limit, as_json)
        else:
            answered &= _solve_one(source, item, node_limit, as_json)
    return EXIT_OK if answered else EXIT_REJECTED


def _solve_one(source: str, puzzle: Puzzle, node_limit: int, as_json: bool) -> bool:
    verdict = judge_item(puzzle, node_limit)
    if as_json:
        emit_json(verdict_record(source, puzzle, verdict))
    else:
        click.echo(f"{_where(source, puzzle)}")
        _show_grid(puzzle, verdict.solution or puzzle.givens)
        reason = f": {verdict.reason}" if verdict.reason else ""
        click.echo(f"{verdict.status.value}{reason} ({verdict.stats.ms:.2f} ms)")
    return verdict.status is Status.UNIQUE


def _solve_caged(source: str, puzzle: Any, node_limit: int, as_json: bool) -> bool:
    from publisher import kinds
    kind = kinds.kind_of(puzzle)
    verdict = kind.verify(puzzle, node_limit)
    if as_json:
        emit_json(verdict_record(source, puzzle, verdict))
    else:
        click.echo(f"{_where(source, puzzle)}")
        text = (kind.solution_text(puzzle, verdict) if verdict.solution else None) or ""
        for row in range(len(text) // puzzle.size):
            click.echo(" ".join(text[row * puzzle.size:(row + 1) * puzzle.size]))
        reason = f": {verdict.reason}" if verdict.reason else ""
        click.echo(f"{verdict.status.value}{reason} ({verdict.stats.ms:.2f} ms)")
    return verdict.status is Status.UNIQUE


def _solve_count(source: str, puzzle: Puzzle, cap: int, node_limit: int, as_json: bool) -> bool:
    start = time.perf_counter()
    count = count_solutions(puzzle, cap, node_limit=node_limit)
    ms = (time.perf_counter() - start) * 1000
    if as_json:
        emit_json(_record(source, puzzle, count=int(count), capped=count.capped,
                          bounded=count.bounded, solve_ms=round(ms, 3)))
    else:
        click.echo(f"{_where(source, puzzle)}: {count} solutions ({ms:.2f} ms)")
    return count > 0 and not count.bounded   # the search bound first: the count is unknown


def _lexicographic(puzzle: Puzzle, node_limit: int) -> Search:
    """The solutions in increasing row-major order, under the search bound."""
    return Search(puzzle.geometry, puzzle.givens, lexicographic=True, node_limit=node_limit)


def _solve_nth(source: str, puzzle: Puzzle, nth: int, node_limit: int, as_json: bool) -> bool:
    start = time.perf_counter()
    search = _lexicographic(puzzle, node_limit)
    solution = None
    for index, found in enumerate(search.solutions(), 1):
        if index == nth:
            solution = found
            break
    ms = (time.perf_counter() - start) * 1000
    bounded = solution is None and search.bounded
    if as_json:
        emit_json(_record(source, puzzle, nth=nth, solution=puzzle.format(solution)
                          if solution else None, bounded=bounded, solve_ms=round(ms, 3)))
    elif solution:
        click.echo(f"{_where(source, puzzle)}: solution {nth} ({ms:.2f} ms)")
        _show_grid(puzzle, solution)
    elif bounded:
        click.echo(f"{_where(source, puzzle)}: undetermined: search bound of {node_limit:,} nodes reached "
                   f"before solution {nth} ({ms:.2f} ms)")
    else:
        click.echo(f"{_where(source, puzzle)}: fewer than {nth} solutions ({ms:.2f} ms)")
    return solution is not None


def _solve_all(source: str, puzzle: Puzzle, limit: int, node_limit: int, as_json: bool) -> bool:
    search = _lexicographic(puzzle, node_limit)
    stream = search.solutions()
    found = 0
    more = False
    for solution in stream:
        if found == limit:
            more = True
            break
        found += 1
        if as_json:
            emit_json(_record(source, puzzle, number=found, solution=puzzle.format(solution)))
        else:
            click.echo(f"{_where(source, puzzle)}: solution {found}")
            _show_grid(puzzle, solution)
    if as_json:
        if search.bounded and not more:
            emit_json(_record(source, puzzle, bounded=True, found=found))
    elif more:
        click.echo(f"(stopped at --limit {limit}; there are more)")
    elif search.bounded:
        click.echo(f"(stopped after {found:,} solutions: search bound of {node_limit:,} nodes reached)")
    elif not found:
        click.echo(f"{_where(source, puzzle)}: no solution")
    return found > 0 and (more or not search.bounded)   # the search bound first: the list is incomplete
