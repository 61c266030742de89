"""The ``puzzlepress`` command line: argument parsing and exit codes only.

Exit codes are a contract (see README, "CLI contract"):
  0  success (built; every puzzle unique; a tour exists)
  1  puzzles were rejected / not unique / no tour exists
  2  usage error: the config or an input cannot be used
  3  internal error: a bug of ours (``--debug`` shows its traceback)
  130 interrupted (Ctrl-C); the previous outputs are kept
Every error is one line on stderr, never a traceback (except with ``--debug``).
"""
from __future__ import annotations

import json
import logging
import os
import sys
import traceback
from typing import Any

import click

from publisher import __version__, interrupt

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
DEBUG_FLAG = "--debug"


class UsageError(click.ClickException):
    """An input that cannot be used: printed as one line, exit code 2."""

    exit_code = EXIT_USAGE

    def show(self, file: Any = None) -> None:  # one line, no "Error:" banner noise
        click.echo(f"puzzlepress: error: {one_line(self.format_message())}", err=True)


def emit_json(obj: Any) -> None:
    """One JSON object on one line of stdout (the machine-readable contract)."""
    click.echo(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="puzzlepress")
@click.option(DEBUG_FLAG, is_flag=True, help="Show the traceback of an internal error (allowed anywhere).")
def cli(debug: bool) -> None:
    """Verify puzzle sets and publish them as print-ready puzzle books."""


def _register_commands() -> None:
    from publisher.cli import build, catalog, check, chess, generate, grade  # noqa: F401  (each module adds its commands)


def one_line(text: str) -> str:
    """A message safe to print on one line of any terminal (no newlines, no lone surrogates)."""
    flat = " ".join(str(text).split())
    return flat.encode("utf-8", "backslashreplace").decode("utf-8")


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point: the exit code of the command (see the module docstring)."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = DEBUG_FLAG in args or os.environ.get("PUZZLEPRESS_DEBUG") == "1"
    args = [arg for arg in args if arg != DEBUG_FLAG]
    for stream in (sys.stdout, sys.stderr):   # text from a file may hold what the terminal cannot print
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    # fontTools reports every table it drops while subsetting a font ("FFTM NOT subset"):
    # noise for a user, whose font is embedded correctly anyway.
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    _register_commands()
    try:
        with interrupt.watching():
            return _run(args)
    except KeyboardInterrupt:
        click.echo("puzzlepress: interrupted", err=True)
        if interrupt.abandoned_pool and argv is None:   # the console script: leave now, see interrupt.py
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(EXIT_INTERRUPTED)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except (Exception, RecursionError, MemoryError) as error:  # noqa: BLE001  (a bug of ours: one line, or --debug)
        if debug:
            traceback.print_exc()
        click.echo(f"puzzlepress: internal error: {one_line(f'{type(error).__name__}: {error}')}; "
                   f"please report it with {DEBUG_FLAG}", err=True)
        return EXIT_INTERNAL


def _unusable(arg: str) -> bool:
    """An argument no file name or text can hold: a NUL byte, or a surrogate that is not an
    undecodable byte of a real command line (those are U+DC80..U+DCFF, 'surrogateescape')."""
    return any(ch == "\0" or ("\ud800" <= ch <= "\udfff" and not "\udc80" <= ch <= "\udcff") for ch in arg)


def _run(args: list[str]) -> int:
    bad = next((i for i, arg in enumerate(args, 1) if _unusable(arg)), None)
    if bad is not None:
        click.echo(f"puzzlepress: error: argument {bad} holds a NUL byte or an invalid character", err=True)
        return EXIT_USAGE
    try:   # not cli.main(): it prints a blank line of its own on Ctrl-C
        with cli.make_context("puzzlepress", args) as context:
            code = cli.invoke(context)
    except click.exceptions.Exit as stop:
        code = stop.exit_code
    except click.UsageError as error:    # the parser's own errors: one line too, no "Usage:" banner
        command = error.ctx.command_path if error.ctx else "puzzlepress"
        click.echo(f"puzzlepress: error: {one_line(error.format_message()).rstrip('.')} "
                   f"(see {command} --help)", err=True)
        code = EXIT_USAGE
    except click.ClickException as error:
        error.show()
        code = error.exit_code
    except click.exceptions.Abort:
        raise KeyboardInterrupt from None
    interrupt.check()
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
