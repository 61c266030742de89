"""``puzzlepress export``: one SVG, PNG or PDF per puzzle (and per solution) with a JSON manifest.

Exit 0 with every file written; 1 when a puzzle was rejected (nothing is written); 2 for
bad options or an input that cannot be used. The files and the manifest are one output
set: all of them are written, or none (the folder is left as it was).
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import click

from publisher.cli import EXIT_OK, EXIT_REJECTED, UsageError, cli, emit_json, one_line
from publisher.console import counted
from publisher.yamlfile import YamlSyntaxError, load_with_nodes

if TYPE_CHECKING:
    from publisher.config import LoadedConfig

MANIFEST = "manifest.json"
#: --format choices (publisher.export.FORMATS, named here so the CLI starts without the renderers)
FORMATS = ("svg", "png", "pdf")


def _is_config(path: Path) -> bool:
    """A YAML file whose top level is a mapping with ``books`` is a config; anything else
    (a .txt/.sdk puzzle set, a YAML list of puzzles) is a puzzle file."""
    if path.suffix.lower() not in (".yaml", ".yml"):
        return False
    from publisher import safeio
    try:
        data, _node = load_with_nodes(safeio.read_text(path, role="the source"))
    except (safeio.InputError, YamlSyntaxError, ValueError):
        return True     # let the config loader report it with its line
    return isinstance(data, dict) and "books" in data


def _loaded(source: Path) -> LoadedConfig:
    from publisher.config import Config, LoadedConfig, load

    if not source.is_file():
        raise UsageError(f"{source}: no such file")
    if _is_config(source):
        return load(source)
    title = source.stem
    section: dict[str, object] = {"title": title, "puzzles": [source.name]}
    kind = _foreign_kind(source)
    if kind is not None:
        section["kind"] = kind
    config = Config.model_validate({"books": [{"title": title, "sections": [section]}]})
    return LoadedConfig(config=config, path=source, lines={})


def _foreign_kind(source: Path) -> str | None:
    """The kind of a puzzle file's first puzzle when the file is in another program's format
    that says it (a Tatham game ID of Keen, Towers or Unequal, our own JSON lines): its section
    is of that kind, not the default Sudoku one. None otherwise (the file's own reader decides)."""
    from publisher import safeio
    from publisher.kinds import KINDS
    from solver import formats
    try:
        found = formats.read_text(safeio.read_text(source, role="the source"))
    except (safeio.InputError, ValueError):
        return None
    first = found[0] if found else None
    return next((kind.name for kind in KINDS.values()
                 if kind.puzzle_type is not None and isinstance(first, kind.puzzle_type)), None)


@cli.command()
@click.argument("source", type=click.Path(path_type=Path))
@click.option("--format", "fmt", required=True, type=click.Choice(FORMATS), help="File format.")
@click.option("--out", required=True, type=click.Path(path_type=Path, file_okay=False), help="Output folder.")
@click.option("--dpi", default=300, show_default=True, type=click.IntRange(min=36, max=2400),
              help="PNG resolution (recorded in the file).")
@click.option("--solutions", is_flag=True, help="Also one file per solution (NAME-solution.EXT).")
@click.option("--daily", metavar="YYYY-MM-DD", help="Name the files by consecutive dates from this day.")
@click.option("--week", metavar="L1,...,L7", help="With --daily: the level of each weekday, Monday first.")
@click.option("--print-date", is_flag=True, help="With --daily: print the date in each caption.")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes for verification.")
def export(source: Path, fmt: str, out: Path, dpi: int, solutions: bool, daily: str | None,
           week: str | None, print_date: bool, jobs: int | None) -> int:
    """One file per puzzle of SOURCE (a config or a puzzle file), named by book, section and
    number (or by date), and OUT/manifest.json listing them."""
    from publisher import safeio
    from publisher.config import ConfigError
    from publisher.export import ExportError, collect, dated, export_files, manifest_bytes, parse_week
    from publisher.schema import LEVELS
    from publisher.sources import SourceError
    from publisher.write import WriteError, write_atomically

    first = None
    if daily is not None:
        try:
            first = dt.date.fromisoformat(daily)
        except ValueError:
            raise UsageError(f"--daily {daily!r} is not a date like 2027-01-01") from None
    if (week or print_date) and first is None:
        raise UsageError("--week and --print-date need --daily")
    try:
        levels = parse_week(week, LEVELS) if week else None
        with safeio.recording() as read:      # the config and every puzzle file: no export may be one
            collected = collect(_loaded(source), jobs=jobs)
    except ValueError as error:
        raise UsageError(str(error)) from None
    except ConfigError as error:
        raise UsageError("; ".join(error.problems)) from None
    except SourceError as error:
        raise UsageError(str(error)) from None
    if collected.rejected:
        for line in collected.rejected:
            click.echo(one_line(line), err=True)
        click.echo(f"puzzlepress: {counted(len(collected.rejected), 'rejected puzzle')}; nothing exported", err=True)
        return EXIT_REJECTED
    entries = collected.entries
    if first is not None:
        try:
            entries = dated(entries, first, levels)
        except ValueError as error:
            raise UsageError(str(error)) from None
        if not entries:
            raise UsageError(f"no puzzle of level {levels[first.weekday()] if levels else '?'} "
                             f"for {first.isoformat()}")
    try:
        files, records = export_files(entries, fmt, dpi=dpi, solutions=solutions, with_date=print_date,
                                      fonts=collected.fonts, language=collected.language, labels=collected.labels)
    except ExportError as error:
        raise UsageError(str(error)) from None
    outputs = {out / name: data for name, data in files.items()}
    outputs[out / MANIFEST] = manifest_bytes(records, fmt, dpi if fmt == "png" else None)
    try:
        write_atomically(outputs, roles={path: f"the exported {path.name}" for path in outputs},
                         inputs=[("the source", source), *read])
    except WriteError as error:
        raise UsageError(str(error)) from None
    emit_json({"status": "exported", "format": fmt, "files": len(files), "manifest": str(out / MANIFEST),
               "unused": len(collected.entries) - len(entries)})
    return EXIT_OK
