"""``puzzlepress check`` and ``puzzlepress solve``: Sudoku verdicts from the command line.

check: a verdict for every puzzle of every file; exit 0 when all are unique,
1 when any is not, 2 when a file cannot be read (the readable files are still
checked and reported first, so one bad path never hides the other verdicts).

solve: one puzzle (or every puzzle of a file) solved, counted, enumerated or
its n-th solution shown; exit 0 when the request has an answer (a unique
solution, at least one solution, the n-th solution exists), 1 when not or when the search
bound stopped it first, 2 for a missing or empty file and an empty argument.

With ``--json`` every result is one JSON object on one line (docs, "CLI contract").
"""
from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import click

from publisher import screening
from publisher.cli import EXIT_OK, EXIT_REJECTED, EXIT_USAGE, UsageError, cli, emit_json, one_line
from publisher.console import counted, escaped, place_line
from publisher.records import (
    Rendered,
    Task,
    accepted_line,
    check_one,
    could_begin_line,
    judge_item,
    record,
    solution_text,
    verdict_record,
    where,
)
from publisher.schema import KindPuzzle
from publisher.screening import TextOptions
from publisher.solving import Listing, nth_solution
from publisher.units import parse_count_grid
from solver import formats
from solver.formats import Foreign
from solver.parsing import ParseIssue
from solver.sudoku import DEFAULT_CAP, DEFAULT_NODE_LIMIT, Puzzle, count_solutions, describe, parse_text
from solver.sudoku.rules import VARIANTS
from solver.verdict import Status


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
    if symbols is not None and not symbols:   # not the default alphabet, silently
        raise UsageError("--symbols is empty: give the grid's symbols, e.g. --symbols 123456789")
    return TextOptions(size, _box(box), symbols, _variant(variant), parity)


def _report_failures(failures: list[str]) -> None:
    for message in failures:
        click.echo(f"puzzlepress: error: {one_line(message)}", err=True)


size_option = click.option("--size", type=click.IntRange(1, 35), default=None,
                            help="Grid size N for text inputs (default: from the cell count).")
box_option = click.option("--box", default=None, metavar="RxC",
                           help="Box shape for text inputs, e.g. 2x3 (default: the usual one).")
symbols_option = click.option("--symbols", default=None,
                               help="Symbol alphabet, e.g. 0123456789ABCDEF (0 is then a value).")
parity_option = click.option("--parity", default=None, metavar="MARKS",
                             help="Even-odd marks of the puzzle: N*N of e (even), o (odd) or . (with even_odd).")
variant_option = click.option("--variant", default=None, metavar="NAMES",
                              help=f"Variant rules, comma-separated: {', '.join(VARIANTS)}.")
node_option = click.option("--node-limit", "--limit-nodes", "node_limit", type=click.IntRange(1),
                            default=DEFAULT_NODE_LIMIT, show_default=True,
                            help="Search bound per puzzle; reaching it gives 'undetermined'.")
#: How text inputs are read (``convert`` takes them too)
TEXT_OPTIONS = (size_option, box_option, symbols_option, variant_option, parity_option)
#: What the inputs are and how far they are searched (``solve`` takes them too)
INPUT_OPTIONS = (*TEXT_OPTIONS, node_option)


@dataclass(frozen=True)
class Screening:
    """The one option set of ``check`` and ``grade``, parsed: what the inputs are, how they
    are judged, how the lines are written and where the work runs."""

    text: TextOptions
    node_limit: int
    as_json: bool
    run: screening.Run


def screening_options(command: Callable[..., int]) -> Callable[..., int]:
    """The options ``check`` and ``grade`` share, declared once and handed to the command as
    one :class:`Screening` (``screening=``)."""
    @functools.wraps(command)
    def parsed(*args: object, as_json: bool, size: int | None, box: str | None, symbols: str | None,
               variant: str | None, parity: str | None, node_limit: int, jobs: int, dask: str | None,
               output: Path | None, resume: bool, **rest: object) -> int:
        return command(*args, screening=Screening(text_options(size, box, symbols, variant, parity), node_limit,
                                                  as_json, screening.Run(jobs, dask, output, resume)), **rest)

    options = (
        click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line."),
        *INPUT_OPTIONS,
        click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
                     help="Worker processes (output keeps the input order)."),
        click.option("--dask", "dask", metavar="ADDRESS", default=None,
                     help="Run on a Dask scheduler at ADDRESS (needs puzzlepress[dask])."),
        click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help="Write the puzzles' lines to FILE as they are made (not stdout)."),
        click.option("--resume", is_flag=True,
                     help="With -o: skip the puzzles an interrupted run already wrote to FILE."),
    )
    for option in reversed(options):
        parsed = option(parsed)
    return parsed


@cli.command()
@click.argument("files", nargs=-1, required=True)
@screening_options
@click.option("--catalog", "catalog", metavar="PATH_OR_URL",
              help="Also flag puzzles this catalog (or an earlier puzzle of FILES) already holds: 'repeated'.")
def check(files: tuple[str, ...], screening: Screening, catalog: str | None) -> int:
    """Verify every puzzle in FILES (text, .yaml/.yml/.json; '-' reads stdin): Sudoku, and
    Killer or KenKen mappings with their ``kind``."""
    if catalog is not None:
        run = screening.run
        if run.jobs > 1 or run.dask or run.output or run.resume:
            raise UsageError("--catalog runs in this process, to stdout: not with --jobs, --dask, -o or --resume")
        return judge_with_catalog(files, screening, catalog)
    return judge_files(files, screening, check_one)


def judge_files(files: Iterable[str], options: Screening, render: Callable[[Task], Rendered]) -> int:
    """Judge every puzzle of every file with ``render`` (:func:`publisher.screening.screen`) and
    print its lines; then the summary line (text mode), the unreadable files, and the exit code
    of the check contract: 0 all unique, 1 any not, 2 a file could not be read (after the
    others were judged)."""
    if options.run.resume and options.run.output is None:
        raise UsageError("--resume needs -o FILE (the output of the interrupted run)")
    if options.run.output is not None:
        files = list(files)
        _check_output(files, options.run.output)
    try:
        tally = screening.screen(files, options.text, options.node_limit, render, as_json=options.as_json,
                                 accepted_line=accepted_line, begins_line=could_begin_line, emit=click.echo,
                                 run=options.run)
    except (screening.InputProblem, screening.DaskUnavailable) as error:
        raise UsageError(str(error)) from None
    if not options.as_json:
        rejected = tally.total - tally.accepted
        click.echo(f"{counted(tally.total, 'puzzle')}: {tally.accepted} unique, {rejected} rejected")
    _report_failures(tally.failures)
    if tally.failures:
        return EXIT_USAGE
    return EXIT_OK if tally.accepted == tally.total else EXIT_REJECTED


def _check_output(files: list[str], output: Path) -> None:
    """Refuse an ``-o`` file that is one of the inputs (the same path, a hard link, a
    symlink, the file on standard input) or not a regular file, before it is opened:
    opening it for writing would empty the input before a line of it was read."""
    from publisher import write
    inputs = [("standard input", write.STDIN) if name == "-" else ("a puzzle file", Path(name)) for name in files]
    try:
        write.check_outputs(inputs, [("the -o file", output)])
    except write.WriteError as error:
        raise UsageError(str(error)) from None


def judge_with_catalog(files: Iterable[str], options: Screening, target: str) -> int:
    """``check --catalog``: the verdicts, then the repeats :func:`publisher.repeats.screened`
    finds against the catalog and the puzzles before them (a repeat is ``repeated``; its JSON
    line gains ``puzzle_id`` and ``repeat_of``). Exit codes as ``check``."""
    from publisher.catalog import CatalogError
    from publisher.cli.catalog import open_catalog
    from publisher.repeats import screened

    failures: list[str] = []
    judged = [(source, item, judge_item(item, options.node_limit))
              for source, item in screening.items(files, options.text, failures)]
    with open_catalog(target) as catalog:
        try:
            found = screened(judged, catalog)
        except CatalogError as error:
            raise UsageError(str(error)) from None
    accepted = sum(one.status == Status.UNIQUE.value for one in found)
    for (source, item, verdict), one in zip(judged, found):
        if options.as_json:
            emit_json({**verdict_record(source, item, verdict), "status": one.status, "reason": one.reason,
                       "puzzle_id": one.puzzle_id, "repeat_of": one.repeat_of})
        else:
            click.echo(place_line(where(source, item), one.status, one.reason, f"#{item.index + 1}"))
    if not options.as_json:
        others = len(judged) - accepted
        click.echo(f"{counted(len(judged), 'puzzle')}: {accepted} unique, {others} rejected or repeated")
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
    if formats.is_foreign(target):
        return False
    cells = len("".join(target.split()))
    if "/" in target or os.sep in target or (bool(_FILE_SUFFIX.search(target)) and cells not in _SQUARES):
        return True
    # one word that no grid has the cells of ('nothere'): a file name, not a puzzle
    return cells not in _SQUARES and len(target.split()) == 1 and "." not in target


def _solve_sources(target: str, options: TextOptions) -> list[tuple[str, Foreign]]:
    """The puzzles named on the command line: a file (or '-'), else the argument itself."""
    if not target.strip():
        raise UsageError("no puzzle given: the argument is empty")
    if _names_a_file(target):
        try:
            found = [(target, item) for item in screening.file_items(target, options)]
        except screening.InputProblem as error:
            raise UsageError(str(error)) from None
        if not found:   # as check and build say
            raise UsageError(f"{target}:1: no puzzles found in the file")
        return found
    foreign = formats.read_text(target)
    if foreign is not None:   # a game ID or a link, the puzzle in another program's form
        return [("<argument>", item) for item in foreign]
    return [("<argument>", item) for item in
            parse_text(target, size=options.size, box=options.box, symbols=options.symbols,
                       variant=options.variant, parity=options.parity)]


def _show_grid(puzzle: Puzzle, values: tuple[int, ...]) -> None:
    click.echo(describe(values, puzzle.geometry, puzzle.symbols))


def _inputs(command: Callable[..., int]) -> Callable[..., int]:
    for option in reversed(INPUT_OPTIONS):
        command = option(command)
    return command


@cli.command()
@click.argument("target", metavar="PUZZLE_OR_FILE")
@click.option("--count", "count", is_flag=True, help="Count solutions (up to --limit).")
@click.option("--nth", type=click.IntRange(1), default=None,
              help="Show the K-th solution in increasing row-major order.")
@click.option("--all", "show_all", is_flag=True, help="List solutions (up to --limit).")
@click.option("--limit", type=click.IntRange(1), default=DEFAULT_CAP, show_default=True,
              help="Cap for --count and --all.")
@click.option("--json", "as_json", is_flag=True, help="JSON lines instead of grids.")
@_inputs
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
                click.echo(place_line(where(source, item), "malformed", item.message))
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
        click.echo(f"{where(source, puzzle)}")
        _show_grid(puzzle, verdict.solution or puzzle.givens)
        reason = f": {escaped(verdict.reason)}" if verdict.reason else ""
        click.echo(f"{verdict.status.value}{reason} ({verdict.stats.ms:.2f} ms)")
    return verdict.status is Status.UNIQUE


def _solve_caged(source: str, puzzle: KindPuzzle, node_limit: int, as_json: bool) -> bool:
    verdict = judge_item(puzzle, node_limit)
    if as_json:
        emit_json(verdict_record(source, puzzle, verdict))
    else:
        click.echo(f"{where(source, puzzle)}")
        text = solution_text(puzzle, verdict) or ""
        for row in range(len(text) // puzzle.size):
            click.echo(" ".join(text[row * puzzle.size:(row + 1) * puzzle.size]))
        reason = f": {escaped(verdict.reason)}" if verdict.reason else ""
        click.echo(f"{verdict.status.value}{reason} ({verdict.stats.ms:.2f} ms)")
    return verdict.status is Status.UNIQUE


def _solve_count(source: str, puzzle: Puzzle, cap: int, node_limit: int, as_json: bool) -> bool:
    start = time.perf_counter()
    count = count_solutions(puzzle, cap, node_limit=node_limit)
    ms = (time.perf_counter() - start) * 1000
    if as_json:
        emit_json(record(source, puzzle, count=int(count), capped=count.capped,
                         bounded=count.bounded, solve_ms=round(ms, 3)))
    else:
        click.echo(f"{where(source, puzzle)}: {count} solutions ({ms:.2f} ms)")
    return count > 0 and not count.bounded   # the search bound first: the count is unknown


def _solve_nth(source: str, puzzle: Puzzle, nth: int, node_limit: int, as_json: bool) -> bool:
    found = nth_solution(puzzle, nth, node_limit)
    if as_json:
        emit_json(record(source, puzzle, nth=nth, solution=puzzle.format(found.solution)
                         if found.solution else None, bounded=found.bounded, solve_ms=round(found.ms, 3)))
    elif found.solution:
        click.echo(f"{where(source, puzzle)}: solution {nth} ({found.ms:.2f} ms)")
        _show_grid(puzzle, found.solution)
    elif found.bounded:
        click.echo(f"{where(source, puzzle)}: undetermined: search bound of {node_limit:,} nodes reached "
                   f"before solution {nth} ({found.ms:.2f} ms)")
    else:
        click.echo(f"{where(source, puzzle)}: fewer than {nth} solutions ({found.ms:.2f} ms)")
    return found.solution is not None


def _solve_all(source: str, puzzle: Puzzle, limit: int, node_limit: int, as_json: bool) -> bool:
    listing = Listing(puzzle, limit, node_limit)
    found = 0
    for solution in listing.solutions():
        found += 1
        if as_json:
            emit_json(record(source, puzzle, number=found, solution=puzzle.format(solution)))
        else:
            click.echo(f"{where(source, puzzle)}: solution {found}")
            _show_grid(puzzle, solution)
    if as_json:
        if listing.bounded and not listing.more:
            emit_json(record(source, puzzle, bounded=True, found=found))
    elif listing.more:
        click.echo(f"(stopped at --limit {limit}; there are more)")
    elif listing.bounded:
        click.echo(f"(stopped after {found:,} solutions: search bound of {node_limit:,} nodes reached)")
    elif not found:
        click.echo(f"{where(source, puzzle)}: no solution")
    return found > 0 and (listing.more or not listing.bounded)   # the search bound first: the list is incomplete
