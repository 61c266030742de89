"""`puzzlepress build` and `puzzlepress init`."""
from __future__ import annotations

import os
from pathlib import Path

import click

from publisher import render
from publisher.cli import EXIT_OK, EXIT_USAGE, UsageError, cli, command_stream, github_actions, one_line
from publisher.console import escaped, place_line
from publisher.render import COVER_FORMAT
from publisher.write import WriteError, write_atomically

STARTER = Path(__file__).resolve().parent.parent / "starter"


@cli.command()
@click.argument("config", required=False, default="config.yaml", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), help="Output folder (overrides output.folder).")
@click.option("--format", "formats", multiple=True, type=click.Choice(render.formats() + (COVER_FORMAT,)),
              help="Only these formats (repeatable; overrides output.formats).")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on any rejected puzzle or warning.")
@click.option("--report", type=click.Path(path_type=Path), help="Write the JSON build report here.")
@click.option("--junit", type=click.Path(path_type=Path), help="Write JUnit XML (a testcase per puzzle) here.")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes for verification (default: all cores).")
@click.option("--dask", "dask", metavar="ADDRESS", default=None,
              help="Verify on the Dask scheduler at ADDRESS (needs puzzlepress[dask]).")
@click.option("--catalog", "catalog", metavar="PATH_OR_URL",
              help="Check against (and record into) this catalog instead of the config's.")
@click.option("--no-record", is_flag=True, help="Check against the catalog but record nothing (pull requests).")
@click.option("--quiet", "-q", is_flag=True, help="Print only errors.")
def build(config: Path, out: Path | None, formats: tuple[str, ...], strict: bool, report: Path | None,
          junit: Path | None, jobs: int | None, dask: str | None, catalog: str | None, no_record: bool,
          quiet: bool) -> int:
    """Verify every puzzle of CONFIG (default ./config.yaml) and write the books."""
    from publisher import report as reports
    from publisher.build import BuildOptions
    from publisher.build import build as run_build
    from publisher.progress import Progress

    options = BuildOptions(config=config, out=out, formats=formats, strict=strict, jobs=jobs,
                           progress=Progress(enabled=not quiet), report=report, junit=junit,
                           catalog=catalog, record=not no_record, dask=dask)
    from publisher.screening import DaskUnavailable
    try:
        result = run_build(options)
    except DaskUnavailable as error:
        raise UsageError(str(error)) from None
    if github_actions():
        reports.annotations(result, command_stream())
    for message in result.errors:
        click.echo(f"puzzlepress: error: {one_line(message)}", err=True)
    for _, checked in result.rejected():
        if result.status != "built":
            click.echo(place_line(checked.item.where, checked.status, checked.reason), err=True)
    if not quiet and result.status != "error":
        click.echo(reports.summary(result))
    return result.exit_code


@cli.command()
@click.argument("folder", required=False, default=".", type=click.Path(path_type=Path))
def init(folder: Path) -> int:
    """Write a starter config.yaml and a sample puzzle set into FOLDER (default: here)."""
    targets = [(STARTER / "config.yaml", folder / "config.yaml"),
               (STARTER / "puzzles" / "starter.txt", folder / "puzzles" / "starter.txt")]
    if os.path.lexists(folder) and not folder.is_dir():
        raise UsageError(f"{folder}: exists and is not a folder (choose another folder)")
    existing = [str(t) for _, t in targets if os.path.lexists(t)]
    if existing:
        raise UsageError(f"{existing[0]} already exists; not overwriting (choose another folder)")
    try:    # both files or neither (a full disk, a file where 'puzzles' goes): one output set
        write_atomically({target: source.read_bytes() for source, target in targets},
                         roles={target: f"the starter {target.name}" for _, target in targets},
                         inputs=[("a file of the starter kit", source) for source, _ in targets])
    except WriteError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"{error.filename or folder}: cannot write: {error.strerror or error}") from None
    click.echo(f"Wrote {escaped(targets[0][1])} and {escaped(targets[1][1])}.\n"
               f"Next: puzzlepress build {escaped(targets[0][1])}")
    return EXIT_OK


__all__ = ["EXIT_USAGE", "build", "init"]
