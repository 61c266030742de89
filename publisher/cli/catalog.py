"""``puzzlepress catalog``: what a series has printed (list, find, import, export).

The catalog is named by ``--catalog PATH_OR_URL`` (a SQLite file or a
``postgresql://`` URL) or the ``PUZZLEPRESS_CATALOG`` environment variable.
Exit codes (docs, "CLI contract"): 0 done (``find``: every puzzle found),
1 ``find``: some puzzle is not in the catalog, ``import``: some puzzle could not
be read and was left out, 2 the catalog or an input cannot be used.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import click

from publisher import kinds
from publisher.catalog import Catalog, CatalogError, Entry, book_name, recorded_now, stored_puzzle
from publisher.cli import EXIT_OK, EXIT_REJECTED, UsageError, cli, emit_json, one_line
from publisher.console import counted, escaped
from publisher.repeats import catalogued, form_of, identify, reform
from publisher.sources import Item, SourceError, display_path, parse_file
from solver import formats
from solver.canonical import normal_id
from solver.parsing import ParseIssue
from solver.sudoku import parse_text

kind_option = click.option("--kind", "kind_name", default=kinds.DEFAULT_KIND, show_default=True,
                           type=click.Choice(kinds.names()), help="The kind of puzzle the files hold.")
json_option = click.option("--json", "as_json", is_flag=True, help="One JSON object per line.")


def open_catalog(target: str | None, *, create: bool = False) -> Catalog:
    if not target:
        raise UsageError("name the catalog with --catalog PATH_OR_URL (or PUZZLEPRESS_CATALOG)")
    try:
        return Catalog(target, create=create, reform=reform)
    except CatalogError as error:
        raise UsageError(str(error)) from None


@cli.group("catalog")
@click.option("--catalog", "target", envvar="PUZZLEPRESS_CATALOG", metavar="PATH_OR_URL",
              help="The catalog: a SQLite file or a postgresql:// URL (default: $PUZZLEPRESS_CATALOG).")
@click.pass_context
def catalog_group(context: click.Context, target: str | None) -> None:
    """What a series has printed: list its books, find a puzzle, import or export puzzles."""
    context.obj = target


@catalog_group.command("list")
@json_option
@click.pass_obj
def list_books(target: str | None, as_json: bool) -> int:
    """Every book and edition in the catalog, with its number of puzzles."""
    with open_catalog(target) as catalog, _errors():
        books = catalog.books()
    for book in books:
        if as_json:
            emit_json({"book": book["book"], "edition": book["edition"] or None, "puzzles": book["puzzles"],
                       "recorded_at": book["recorded_at"]})
        else:
            click.echo(escaped(f"{book_name(book['book'], book['edition'])}: {book['puzzles']} puzzles "
                               f"(recorded {book['recorded_at']})"))
    if not as_json:
        click.echo(f"{counted(sum(b['puzzles'] for b in books), 'puzzle')} in {counted(len(books), 'book')}")
    return EXIT_OK


@catalog_group.command("find")
@click.argument("target_puzzle", metavar="PUZZLE_OR_FILE")
@kind_option
@json_option
@click.pass_obj
def find(target: str | None, target_puzzle: str, kind_name: str, as_json: bool) -> int:
    """Where a puzzle (an ID, one line of Sudoku, or every puzzle of a file) or any puzzle
    equivalent to it was printed."""
    with open_catalog(target) as catalog, _errors():
        wanted = normal_id(target_puzzle)
        if wanted is not None and not Path(target_puzzle).exists():
            rows = catalog.lookup([wanted]).get(wanted, [])
            _show_found("<argument>", 0, kind_name, wanted, [(row, "") for row in rows], as_json)
            return EXIT_OK if rows else EXIT_REJECTED
        items = list(_puzzles(target_puzzle, kind_name))
        forms = [form_of(item) if item.puzzle is not None else (None, item.issue) for item in items]
        known = catalog.lookup(form.id for form, _ in forms if form is not None)
    missing = 0
    for item, (form, problem) in zip(items, forms):
        if form is None:
            missing += 1
            _show_problem(item, problem or "cannot be read", as_json)
            continue
        rows = [row for row in known.get(form.id, []) if row.form == form.text]
        found = [(row, catalogued(item.kind, item.puzzle, row)[0]) for row in rows]
        missing += not found
        _show_found(item.source, item.line, item.kind, form.id, found, as_json)
    return EXIT_OK if not missing else EXIT_REJECTED


def _show_found(source: str, line: int, kind: str, puzzle_id: str, found: list[tuple[Entry, str]],
                as_json: bool) -> None:
    if as_json:
        emit_json({"source": source, "line": line, "kind": kind, "puzzle_id": puzzle_id,
                   "found": [{**_row_json(row), "reason": reason or None} for row, reason in found]})
        return
    where = f"{source}:{line} {puzzle_id}" if line else puzzle_id
    if not found:
        click.echo(escaped(f"{where}: not in the catalog"))
    for row, reason in found:
        click.echo(escaped(f"{where}: {reason or 'printed as ' + row.printed_as} ({row.source}:{row.line}, "
                           f"recorded {row.recorded_at})"))


def _show_problem(item: Item, problem: str, as_json: bool) -> None:
    if as_json:
        emit_json({"source": item.source, "line": item.line, "kind": item.kind, "puzzle_id": None,
                   "found": [], "problem": problem})
    else:
        click.echo(f"{item.where}: {one_line(problem)}")


def _row_json(row: Entry) -> dict[str, object]:
    data = row.as_dict()
    data.pop("puzzle")
    data["edition"] = row.edition or None
    return data


def _puzzles(argument: str, kind_name: str) -> Iterator[Item]:
    """Items from a file (or '-'), else the argument itself: a game ID or a link, or one line
    of Sudoku."""
    kind = kinds.get(kind_name)
    if argument == "-" or Path(argument).exists():
        try:   # a foreign format says its puzzles' kinds (a Tatham Keen ID is a KenKen)
            parsed = parse_file(argument, kind, {}, foreign=True)
        except SourceError as error:
            raise UsageError(str(error)) from None
        source = argument if argument == "-" else display_path(Path(argument))
    elif (foreign := formats.read_text(argument)) is not None:   # a game ID or a link
        parsed, source = list(foreign), "<argument>"
    elif kind_name == kinds.DEFAULT_KIND:
        parsed, source = parse_text(argument), "<argument>"
    else:
        raise UsageError(f"{argument}: no such file")
    if not parsed:
        raise UsageError(f"{source}:1: no puzzles found")
    for index, puzzle in enumerate(parsed):
        if isinstance(puzzle, ParseIssue):
            yield Item(kind.name, source, puzzle.line, index, issue=puzzle.message)
        else:
            yield Item(kinds.kind_of(puzzle).name, source, puzzle.line, index, puzzle=puzzle)


@catalog_group.command("import")
@click.argument("files", nargs=-1, required=True)
@click.option("--book", help="The book the puzzles were printed in (default: each file's name).")
@click.option("--edition", default="", help="Its volume or edition.")
@kind_option
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes for the puzzle IDs (default: all cores).")
@json_option
@click.pass_obj
def import_files(target: str | None, files: tuple[str, ...], book: str | None, edition: str, kind_name: str,
                 jobs: int | None, as_json: bool) -> int:
    """Record a back catalogue: every puzzle of FILES, numbered in file order, as printed in
    BOOK (each file its own section). Importing a book again replaces its earlier record."""
    rows: list[Entry] = []
    skipped: list[str] = []
    numbers: dict[str, int] = {}
    stamp = recorded_now()
    everything: list[tuple[str, Item]] = []
    for name in files:
        if not (Path(name).exists() or name == "-"):
            raise UsageError(f"{name}: no such file")
        everything.extend((book or Path(name).stem, item) for item in _puzzles(name, kind_name))
    readable = [item for _, item in everything if item.puzzle is not None]
    made = iter(identify(readable, jobs))
    for title, item in everything:
        form, problem = next(made) if item.puzzle is not None else (None, item.issue)
        if form is None:
            skipped.append(f"{item.where}: {problem}")
            continue
        numbers[title] = numbers.get(title, 0) + 1
        own = kinds.get(item.kind)
        text, hints = own.as_text(item.puzzle)
        rows.append(Entry(form.id, form.text, own.name, own.size(item.puzzle), title, edition,
                          Path(item.source).stem, numbers[title], item.source, item.line, None, stamp,
                          stored_puzzle(text, hints)))
    with open_catalog(target, create=True) as catalog, _errors():
        catalog.add(rows, [(title, edition) for title in numbers])
    for problem in skipped:
        click.echo(f"puzzlepress: error: {one_line(problem)}", err=True)
    if as_json:
        emit_json({"imported": len(rows), "skipped": len(skipped),
                   "books": [{"book": title, "edition": edition or None, "puzzles": count}
                             for title, count in numbers.items()]})
    else:
        click.echo(f"imported {counted(len(rows), 'puzzle')} into {counted(len(numbers), 'book')}"
                   + (f"; {len(skipped)} left out" if skipped else ""))
    return EXIT_OK if not skipped else EXIT_REJECTED


@catalog_group.command("export")
@json_option
@click.pass_obj
def export(target: str | None, as_json: bool) -> int:
    """Every recorded puzzle, in recording order (tab-separated, or JSON lines)."""
    with open_catalog(target) as catalog, _errors():
        for row in catalog.entries():
            if as_json:
                emit_json(_row_json(row))
            else:
                click.echo("\t".join(escaped(field) for field in (   # a field's tab or newline: escaped
                    row.id, row.kind, row.size, row.book, row.edition, row.section, str(row.number),
                    f"{row.source}:{row.line}", row.recorded_at)))
    return EXIT_OK


@contextlib.contextmanager
def _errors() -> Iterator[None]:
    """A catalog failure while a command works: one line, exit 2."""
    try:
        yield
    except CatalogError as error:
        raise UsageError(str(error)) from None
