"""``puzzlepress convert FILE... --to FORMAT [-o OUT]``: every puzzle of FILES as one line of
another program's format (docs, "puzzlepress convert").

The lines are written all or none: a puzzle the format cannot hold (a KenKen as f-puzzles, an
anti-knight Sudoku as a Tatham ID) or cannot be read is one line naming its file, line and
what is wrong, exit 2, and nothing is printed or written. Exit 0 otherwise.
"""
from __future__ import annotations

from pathlib import Path

import click

from publisher.cli import EXIT_OK, UsageError, cli, one_line
from publisher.cli.check import TEXT_OPTIONS, text_options
from solver.formats import WRITES


@cli.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--to", "fmt", required=True, type=click.Choice(WRITES),
              help="fpuzzles (JSON), sudokupad or fpuzzles-link (links), tatham (game ID), "
                   "sdm (SadMan), text (our own).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the lines to FILE (all or none) instead of stdout.")
def convert(files: tuple[str, ...], fmt: str, output: Path | None, size: int | None, box: str | None,
            symbols: str | None, variant: str | None, parity: str | None) -> int:
    """Write every puzzle of FILES (as check reads them) as one line of FORMAT."""
    from publisher import kinds, screening, write
    from solver import formats
    from solver.parsing import ParseIssue

    lines: list[str] = []
    problems: list[str] = []
    failures: list[str] = []
    for source, item in screening.items(files, text_options(size, box, symbols, variant, parity), failures):
        where = f"{source}:{item.line}"
        if isinstance(item, ParseIssue):
            problems.append(f"{where}: {item.message}")
            continue
        try:
            lines.append(formats.write(item, fmt))
        except (ValueError, TypeError) as error:
            reason = error if isinstance(error, ValueError) else \
                f"a {kinds.kind_of(item).name} puzzle cannot be written as {fmt}"
            problems.append(f"{where}: {reason}")
    problems = failures + problems
    if problems:
        more = f" (and {len(problems) - 1:,} more)" if len(problems) > 1 else ""
        raise UsageError(one_line(problems[0]) + more)
    text = "".join(f"{line}\n" for line in lines)
    if output is None:
        click.echo(text, nl=False)
        return EXIT_OK
    inputs = [("standard input", write.STDIN) if name == "-" else ("a puzzle file", Path(name)) for name in files]
    try:
        write.write_atomically({output: text.encode("utf-8")}, roles={output: "the -o file"}, inputs=inputs)
    except write.WriteError as error:
        raise UsageError(str(error)) from None
    return EXIT_OK


for _option in reversed(TEXT_OPTIONS):
    convert = _option(convert)
