"""``puzzlepress generate``: seeded unique Sudoku, Killer or KenKen at a chosen difficulty,
as text or JSON lines (the cage kinds as JSON lines in their file form, which reads back).

Exit 0 with every puzzle written; 1 when the search bound was reached before a
puzzle met the request (one line saying which); 2 for a request that can never
be met (decided by rule before any search) or bad options.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import click

from publisher.cli import EXIT_OK, EXIT_REJECTED, UsageError, cli
from publisher.generation import DaskUnavailable, run
from publisher.progress import Progress, now_doing
from publisher.units import parse_count_grid
from publisher.verify import worker_count
from publisher.write import WriteError, write_atomically
from solver.kenken.generate import Request as KenKenRequest
from solver.killer.generate import Request as KillerRequest
from solver.sudoku.generate import (
    LEVELS,
    SIZES,
    Generated,
    GenerationError,
    Request,
    parse_rating,
)
from solver.sudoku.regions import labels
from solver.sudoku.rules import VARIANTS
from solver.sudoku.symmetry import DEFAULT_SYMMETRY, SYMMETRIES
from solver.sudoku.targeted import Target, parse_givens, target_problem, technique

#: Runs at least this long in puzzles get a progress bar (on a terminal only).
_PROGRESS_FROM = 10


def text_line(made: Generated) -> str:
    """One puzzle as a line a puzzle file holds: the givens, or for a jigsaw the structured
    YAML form (one flow mapping per line; the lines together are a YAML list)."""
    puzzle = made.puzzle
    if not puzzle.geometry.is_jigsaw and not puzzle.variant:
        return puzzle.format()
    fields = [f"size: {puzzle.size}", f'givens: "{puzzle.format()}"']
    if puzzle.geometry.is_jigsaw:
        fields.append(f'regions: "{labels(puzzle.geometry.regions)}"')
    if puzzle.variant:
        fields.append(f"variant: [{', '.join(puzzle.variant)}]")
    if puzzle.parity is not None:
        fields.append(f'parity: "{puzzle.parity}"')
    return "- {" + ", ".join(fields) + "}"


#: The kinds ``generate`` makes; the cage kinds print JSON lines only (no text form holds cages)
KINDS = ("sudoku", "killer", "kenken")


def _cage_sizes(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    low, _, high = text.partition("-")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise UsageError(f"--cages {text!r} is not a range of cells like 2-5") from None


def build_caged(kind: str, size: int | None, box: str | None, jigsaw: bool, level: str | None,
                cages: str | None, ops: bool) -> KillerRequest | KenKenRequest:
    """The request of a cage kind; UsageError (exit 2) when it can never be met."""
    sizes = _cage_sizes(cages)
    request: KillerRequest | KenKenRequest
    if kind == "kenken":
        if box or jigsaw:
            raise UsageError("a KenKen has no boxes or regions: drop --box and --jigsaw")
        request = KenKenRequest(size or 6, level, sizes, ops)
    else:
        shape = None
        if box is not None:
            try:
                shape = parse_count_grid(box)
            except ValueError:
                raise UsageError(f"--box {box!r} is not ROWSxCOLS like 2x3") from None
        request = KillerRequest(size or (shape[0] * shape[1] if shape else 9), shape, jigsaw, level, sizes)
    reason = request.problem()
    if reason:
        raise UsageError(reason)
    return request


def build_request(size: int | None, box: str | None, jigsaw: bool, level: str | None,
                  rating: str | None, symmetry: str, minimal: bool,
                  techniques: tuple[str, ...] = (), givens: str | None = None, variant: str | None = None) -> Target:
    """The request the options describe; UsageError (exit 2) when it can never be met."""
    shape = None
    if box is not None:
        try:
            shape = parse_count_grid(box)
        except ValueError:
            raise UsageError(f"--box {box!r} is not ROWSxCOLS like 2x3") from None
    if size is None:
        size = shape[0] * shape[1] if shape else 9
    try:
        bounds = parse_rating(rating) if rating is not None else None
    except ValueError as error:
        raise UsageError(str(error)) from None
    try:
        names = tuple(technique(name).name for text in techniques for name in text.split(",") if name.strip())
        counts = parse_givens(givens) if givens is not None else None
    except ValueError as error:
        raise UsageError(str(error)) from None
    rules = tuple(part.strip() for part in (variant or "").split(",") if part.strip())
    request = Target(Request(size, shape, jigsaw, level, bounds, symmetry, minimal, rules), names, counts)
    reason = target_problem(request)
    if reason:
        raise UsageError(reason)
    return request


@cli.command()
@click.option("--count", default=1, show_default=True, type=click.IntRange(min=1), help="How many puzzles.")
@click.option("--kind", "kind", type=click.Choice(KINDS), default="sudoku", show_default=True,
              help="Puzzle kind: Sudoku, Killer Sudoku or KenKen (the cage kinds print JSON lines).")
@click.option("--size", type=click.IntRange(3, 25),
              help=f"Grid size: Sudoku {', '.join(map(str, SIZES))} (default 9, or the box's); "
                   "Killer 4-16 (default 9); KenKen 3-9 (default 6).")
@click.option("--box", help="Box shape ROWSxCOLS (default: the usual one for the size).")
@click.option("--jigsaw", is_flag=True, help="Random jigsaw regions instead of boxes.")
@click.option("--level", type=click.Choice(list(LEVELS)), help="Difficulty level.")
@click.option("--rating", help="Rating range A-B on the Sudoku Explainer scale, e.g. 2.5-4.8.")
@click.option("--symmetry", default=DEFAULT_SYMMETRY, show_default=True, type=click.Choice(SYMMETRIES),
              help="Symmetry of the pattern of givens.")
@click.option("--minimal", is_flag=True, help="No given can be removed with the puzzle staying unique.")
@click.option("--variant", default=None, metavar="NAMES",
              help=f"Variant rules, comma-separated: {', '.join(VARIANTS)} (even_odd chooses its marks).")
@click.option("--technique", "techniques", multiple=True, metavar="NAME",
              help="The hardest step of every puzzle is this technique of the grading table "
                   "(any case; repeat or separate by commas for several).")
@click.option("--givens", metavar="N|A-B", help="Exactly N givens, or from A to B.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0),
              help="Seed of the run; the first puzzle's seed is this seed itself.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="Worker processes.")
@click.option("--dask", "dask_address", metavar="SCHEDULER_ADDRESS",
              help="Run the tasks on this Dask distributed scheduler (pip install 'puzzlepress[dask]').")
@click.option("--cages", "cages", metavar="MIN-MAX", help="Cells per cage of a Killer or KenKen, e.g. 2-5.")
@click.option("--ops/--no-ops", "ops", default=True, show_default=True,
              help="KenKen: print each cage's operation, or hide them (the harder form).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to FILE (atomically) instead of standard output.")
def generate(count: int, kind: str, size: int | None, box: str | None, jigsaw: bool, level: str | None,
             rating: str | None, symmetry: str, minimal: bool, variant: str | None, techniques: tuple[str, ...],
             givens: str | None, seed: int, jobs: int, dask_address: str | None, cages: str | None,
             ops: bool, as_json: bool, output: Path | None) -> int:
    """Make COUNT unique puzzles; the same options and seed always give the same puzzles."""
    request: Target | KillerRequest | KenKenRequest
    if kind == "sudoku":
        if cages is not None:
            raise UsageError("--cages is for --kind killer or kenken")
        request = build_request(size, box, jigsaw, level, rating, symmetry, minimal, techniques, givens, variant)
    else:
        if rating is not None or minimal or techniques or givens is not None or variant is not None:
            raise UsageError("--rating, --minimal, --technique, --givens and --variant are for Sudoku; give a --level")
        request = build_caged(kind, size, box, jigsaw, level, cages, ops)
    shown = Progress(sys.stderr, enabled=count >= _PROGRESS_FROM and sys.stderr is not None and sys.stderr.isatty())
    jobs = worker_count(jobs, count)
    now_doing("generating puzzles")

    def lines() -> Iterator[str]:
        with shown.stage("generate", count, "puzzles") as advance:
            for made in run(request, seed, count, jobs=jobs, dask=dask_address, progress=advance):
                if isinstance(request, (KillerRequest, KenKenRequest)):
                    yield json.dumps(request.record(made), ensure_ascii=False, separators=(", ", ": "))
                else:
                    yield (json.dumps(made.record(), ensure_ascii=False, separators=(", ", ": "))
                           if as_json else text_line(made))

    try:
        if output is None:
            for line in lines():      # each puzzle printed as it is made: flat memory for any --count
                click.echo(line)
        else:
            write_atomically({output: lambda: (line.encode() + b"\n" for line in lines())},
                             roles={output: "the -o file"})
    except DaskUnavailable as error:
        raise UsageError(str(error)) from None
    except WriteError as error:
        raise UsageError(str(error)) from None
    except GenerationError as error:
        click.echo(f"puzzlepress: {error}", err=True)
        return EXIT_REJECTED
    return EXIT_OK
