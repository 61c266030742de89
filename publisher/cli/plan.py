"""``puzzlepress plan``: every book's pages from its config, before any puzzle is generated."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import click

from publisher import render
from publisher.cli import EXIT_OK, UsageError, cli, emit_json
from publisher.console import counted, escaped
from publisher.render import COVER_FORMAT

#: the table's columns (a number is right-aligned under its heading)
COLUMNS = ("puzzles", "a page", "pages", "answers a page", "answer pages")


@cli.command()
@click.argument("config", required=False, default="config.yaml", type=click.Path(path_type=Path))
@click.option("--format", "formats", multiple=True, type=click.Choice(render.formats() + (COVER_FORMAT,)),
              help="Plan for these formats (repeatable; overrides output.formats: a playable HTML "
                   "booklet's hints need every step graded).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with every book, section and booklet.")
def plan(config: Path, formats: tuple[str, ...], as_json: bool) -> int:
    """Each book of CONFIG as a build would lay it out: every section's puzzles, grids a page and
    pages, its answers' pages, each booklet's total and the spine. Generates one puzzle a section."""
    from publisher import fonts, pageplan
    from publisher.build import loc_of
    from publisher.config import ConfigError, load
    from publisher.model import LayoutError
    from publisher.sources import SourceError

    try:
        loaded = load(config)
        try:
            books = pageplan.plan_pages(loaded, formats)
        except LayoutError as error:
            raise ConfigError([f"{loaded.where(loc_of(error.key))}: {error.message}"]) from None
    except ConfigError as error:
        raise UsageError(error.problems[0] if len(error.problems) == 1 else "; ".join(error.problems)) from None
    except (SourceError, fonts.FontError) as error:
        raise UsageError(str(error)) from None
    if as_json:
        emit_json({"version": pageplan.PLAN_VERSION, "config": str(config), "exit_code": EXIT_OK,
                   "books": [book.as_json() for book in books]})
        return EXIT_OK
    for number, book in enumerate(books):
        if number:
            click.echo()
        click.echo(escaped(book.title) + (" (an estimate: generated puzzles' own notes may move a page)"
                                          if book.estimate else ""))
        titles = [escaped(section.title) for section in book.sections]
        wide = max((_width(title) for title in titles), default=0)
        click.echo("  " + "section".ljust(wide) + "".join(f"  {heading}" for heading in COLUMNS))
        for title, section in zip(titles, book.sections):
            figures = (section.puzzles, section.per_page, section.pages, section.answers_per_page,
                       section.answer_pages)
            click.echo("  " + title + " " * (wide - _width(title))
                       + "".join(f"  {figure:>{len(heading)}}" for figure, heading in zip(figures, COLUMNS)))
        for booklet in book.booklets:
            padded = f" (the last {booklet.padding} Notes or blank)" if booklet.padding else ""
            click.echo(f"  {booklet.file}: {counted(booklet.pages, 'page')}{padded}")
        if book.service is not None and book.spine is not None:
            click.echo(f"  {book.service}: spine {book.spine:g} in on {book.paper} paper")
    return EXIT_OK


def _width(text: str) -> int:
    """Columns ``text`` takes on a terminal: wide (CJK) characters two, combining marks none."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
