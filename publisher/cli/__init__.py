"""The ``puzzlepress`` command line: argument parsing and exit codes only.

Exit codes are a contract (see README, "CLI contract"):
  0  success (built; every puzzle unique; a tour exists)
  1  puzzles were rejected / not unique / no tour exists
  2  usage error: the config or an input cannot be used
Every error is one line on stderr, never a traceback.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import click

from publisher import __version__

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_USAGE = 2


class UsageError(click.ClickException):
    """An input that cannot be used: printed as one line, exit code 2."""

    exit_code = EXIT_USAGE

    def show(self, file: Any = None) -> None:  # one line, no "Error:" banner noise
        click.echo(f"puzzlepress: error: {self.format_message()}", err=True)


def emit_json(obj: Any) -> None:
    """One JSON object on one line of stdout (the machine-readable contract)."""
    click.echo(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="puzzlepress")
def cli() -> None:
    """Verify puzzle sets and publish them as print-ready puzzle books."""


def _register_commands() -> None:
    from publisher.cli import build, check, chess, generate  # noqa: F401  (each module adds its commands)


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point."""
    _register_commands()
    try:
        code = cli.main(args=argv, prog_name="puzzlepress", standalone_mode=False)
    except click.exceptions.Exit as stop:
        code = stop.exit_code
    except click.ClickException as error:
        error.show()
        code = error.exit_code
    except click.exceptions.Abort:
        click.echo("puzzlepress: interrupted", err=True)
        code = 130
    except BrokenPipeError:
        code = 0
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
