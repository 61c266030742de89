"""``puzzlepress generate``: seeded unique Sudoku, Killer or KenKen at a chosen difficulty,
as text or JSON lines (the cage kinds as JSON lines in their file form, which reads back).

Exit 0 with every puzzle written; 1 when the search bound was reached before a
puzzle met the request (one line saying which); 2 for a request that can never
be met (decided by rule before any search) or bad options.
"""
from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import click

from publisher import kinds
from publisher.answers import Answers, kept_apart
from publisher.cli import EXIT_OK, EXIT_REJECTED, UsageError, cli
from publisher.generation import DaskUnavailable, derived_seed, run
from publisher.progress import Progress, now_doing
from publisher.sources import MAX_BUILD_PUZZLES, request_size
from publisher.workers import worker_count
from publisher.write import WriteError, write_atomically
from solver.sudoku.generate import LEVELS, SIZES, GenerationError
from solver.sudoku.rules import VARIANTS
from solver.sudoku.symmetry import DEFAULT_SYMMETRY, SYMMETRIES

#: Runs at least this long in puzzles get a progress bar (on a terminal only).
_PROGRESS_FROM = 10

#: The kinds that make puzzles themselves (``--kind``), in the registry's order
MAKERS = tuple(name for name in kinds.names() if kinds.get(name).generation is not None)


@cli.command()
@click.option("--count", default=1, show_default=True, type=click.IntRange(min=1), help="How many puzzles.")
@click.option("--kind", "kind_name", type=click.Choice(MAKERS), default=kinds.DEFAULT_KIND, show_default=True,
              help="Puzzle kind: Sudoku, Killer Sudoku or KenKen (the cage kinds print JSON lines).")
@click.option("--size", type=click.IntRange(3, 25),
              help=f"Grid size: Sudoku {', '.join(map(str, SIZES))} (default 9, or the box's); "
                   "Killer 4-16 (default 9); KenKen 3-9 (default 6).")
@click.option("--box", help="Box shape ROWSxCOLS (default: the usual one for the size).")
@click.option("--jigsaw", is_flag=True, help="Random jigsaw regions instead of boxes.")
@click.option("--level", type=click.Choice(list(LEVELS)), help="Difficulty level.")
@click.option("--rating", help="Rating range A-B on the Sudoku Explainer scale, e.g. 2.5-4.8.")
@click.option("--symmetry", type=click.Choice(SYMMETRIES),
              help=f"Symmetry of the pattern of givens (Sudoku; default {DEFAULT_SYMMETRY}).")
@click.option("--minimal", is_flag=True, help="No given can be removed with the puzzle staying unique.")
@click.option("--variant", default=None, metavar="NAMES",
              help=f"Variant rules, comma-separated: {', '.join(VARIANTS)} (even_odd chooses its marks).")
@click.option("--technique", "techniques", multiple=True, metavar="NAME",
              help="The hardest step of every puzzle is this technique of the grading table "
                   "(any case; repeat or separate by commas for several).")
@click.option("--givens", metavar="N|A-B", help="Exactly N givens, or from A to B.")
@click.option("--seed", type=click.IntRange(min=0),
              help="Seed of the run; the first puzzle's seed is this seed itself (default: one derived "
                   "from the other options, said on standard error).")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="Worker processes.")
@click.option("--dask", "dask_address", metavar="SCHEDULER_ADDRESS",
              help="Run the tasks on this Dask distributed scheduler (pip install 'puzzlepress[dask]').")
@click.option("--cages", "cages", metavar="MIN-MAX", help="Cells per cage of a Killer or KenKen, e.g. 2-5.")
@click.option("--ops/--no-ops", "ops", default=None,
              help="KenKen: print each cage's operation (the default), or hide them (the harder form).")
@click.option("--mode", type=click.Choice(["unequal", "adjacent"]),
              help="Futoshiki: signs < > (unequal, the default) or Adjacent's bars between digits 1 apart.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle per line.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to FILE (atomically) instead of standard output.")
def generate(count: int, kind_name: str, size: int | None, box: str | None, jigsaw: bool, level: str | None,
             rating: str | None, symmetry: str | None, minimal: bool, variant: str | None,
             techniques: tuple[str, ...], givens: str | None, seed: int | None, jobs: int, dask_address: str | None,
             cages: str | None, ops: bool | None, mode: str | None, as_json: bool, output: Path | None) -> int:
    """Make COUNT unique puzzles; the same options and seed always give the same puzzles."""
    kind = kinds.get(kind_name)
    # the options given, under the keys of the kind's ``generate`` block (which says what it takes)
    given = {"size": size, "box": box, "jigsaw": jigsaw or None, "level": level, "rating": rating,
             "symmetry": symmetry, "minimal": minimal or None, "variant": variant,
             "technique": [name.strip() for text in techniques for name in text.split(",") if name.strip()] or None,
             "givens": givens, "cages": cages, "ops": ops, "mode": mode}
    try:
        request = kind.generation_request({key: value for key, value in given.items() if value is not None})
    except ValueError as error:
        raise UsageError(str(error)) from None
    derived = seed is None
    if seed is None:   # the same options, the same puzzles; another level or size, other grids
        seed = derived_seed("generate", kind_name, repr(request))
    # every answer its own (publisher.answers), for as many puzzles as one build holds
    apart = (kept_apart(Answers({request_size(request): count}), lambda made: kind.answer(made.puzzle, made.solution),
                        "--count") if count <= MAX_BUILD_PUZZLES else None)
    shown = Progress(sys.stderr, enabled=count >= _PROGRESS_FROM and sys.stderr is not None and sys.stderr.isatty())
    jobs = worker_count(jobs, count)
    now_doing("generating puzzles")

    def lines() -> Iterator[str]:
        with shown.stage("generate", count, "puzzles") as advance:
            for made in run(request, seed, count, jobs=jobs, dask=dask_address, progress=advance, fresh=apart):
                yield kind.generated_line(request, made, as_json=as_json)

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
    if derived:   # said once every puzzle is out: a failed run stays one line, a reader that left hears nothing
        click.echo(f"puzzlepress: seed {seed} (--seed {seed} makes these puzzles again)", err=True)
    return EXIT_OK
