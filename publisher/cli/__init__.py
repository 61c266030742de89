"""The ``puzzlepress`` command line: argument parsing and exit codes only.

Exit codes are a contract (see docs, "CLI contract"):
  0  success (built; every puzzle unique; a tour exists)
  1  puzzles were rejected / not unique / no tour exists
  2  usage error: the config or an input cannot be used
  3  internal error: a bug of ours (``--debug`` shows its traceback)
  130/143/129 stopped by SIGINT (Ctrl-C) / SIGTERM / SIGHUP: the previous outputs are kept
  (a signal that comes once the new outputs are all in place ends the command with 0)
Every error is one line on stderr, never a traceback (except with ``--debug``).
"""
from __future__ import annotations

import importlib
import io
import logging
import os
import sys
import threading
import traceback
import warnings
from collections.abc import Callable
from typing import IO, Any, TextIO

import click

from publisher import __version__, interrupt, progress
from publisher.console import escaped, json_line
from solver import core

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
DEBUG_FLAG = "--debug"


class UsageError(click.ClickException):
    """An input that cannot be used: printed as one line, exit code 2."""

    exit_code = EXIT_USAGE

    def show(self, file: IO[Any] | None = None) -> None:  # Any: click's own signature; one line, no banner
        click.echo(f"puzzlepress: error: {one_line(self.format_message())}", err=True)


def emit_json(obj: object) -> None:
    """One JSON object on one line of stdout (the machine-readable contract)."""
    click.echo(json_line(obj))


#: Every command and the module that defines it (and registers it on :data:`cli` when
#: imported). A command's module is imported only when that command runs (or for the
#: command list of ``--help``): ``--version`` or ``check`` never pay for the renderers.
COMMAND_MODULES = {
    "build": "build", "init": "build", "check": "check", "solve": "check", "tour": "chess",
    "queens": "chess", "generate": "generate", "grade": "grade", "catalog": "catalog",
    "export": "export", "preflight": "preflight", "convert": "convert", "plan": "plan",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use (see :data:`COMMAND_MODULES`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMAND_MODULES))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            importlib.import_module(f"publisher.cli.{COMMAND_MODULES[cmd_name]}")
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="puzzlepress",
                      message=f"%(prog)s, version %(version)s\nsolver core: {core.describe()}")
@click.option(DEBUG_FLAG, is_flag=True, help="Show the traceback of an internal error (allowed anywhere).")
def cli(debug: bool) -> None:
    """Verify puzzle sets and publish them as print-ready puzzle books."""


def one_line(text: str) -> str:
    """A message safe to print on one line of any terminal: its runs of blanks and line ends
    one space, every other control escaped (:func:`publisher.console.escaped`)."""
    return escaped(" ".join(str(text).split()))


class StreamFailed(Exception):
    """Standard output (or error) could not be written: a full device, a closed pipe."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


class CommandGuard(io.TextIOBase):
    """Standard output and error as every command writes them.

    A write that fails (``>/dev/full``, a reader that left) raises :class:`StreamFailed`,
    which the entry point turns into one line and an exit code, never a traceback. Under
    GitHub Actions (``defuse``), where any output line that starts with ``::`` (after
    blanks) is a workflow command, a puzzle file named ``::add-mask::x`` or a title
    ``::set-output ...`` would steer the CI job: every line through here that would read
    as a command gets its leading ``::`` broken to ``: :``. Our own annotations go to
    :attr:`raw`, the stream underneath (see :func:`command_stream`)."""

    def __init__(self, raw: TextIO, *, defuse: bool) -> None:
        super().__init__()
        self.raw, self.defuse = raw, defuse
        self._line = ""

    def write(self, text: str) -> int:
        if not self.defuse:
            self._guarded(self.raw.write, text)
            return len(text)
        self._line += text
        *lines, self._line = self._line.split("\n")
        if lines:
            self._guarded(self.raw.write, "".join(_defuse(line) + "\n" for line in lines))
        return len(text)

    def flush(self) -> None:
        if self._line:
            line, self._line = self._line, ""
            self._guarded(self.raw.write, _defuse(line))
        self._guarded(self.raw.flush)

    @staticmethod
    def _guarded(call: Callable[..., object], *args: object) -> None:
        try:
            call(*args)
        except OSError as error:
            raise StreamFailed(error) from None

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.raw, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return getattr(self.raw, "errors", None) or "backslashreplace"

    def writable(self) -> bool:
        return True


def _defuse(line: str) -> str:
    stripped = line.lstrip()
    if not stripped.startswith("::"):
        return line
    return line[: len(line) - len(stripped)] + ": :" + stripped[2:]


def github_actions() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def command_stream() -> TextIO:
    """Where workflow commands (annotations) of ours are printed: stdout itself, under the
    :class:`CommandGuard` that defuses every other line."""
    out = sys.stdout
    if isinstance(out, CommandGuard):
        out.flush()
        return out.raw
    return out


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
    threading.excepthook = _thread_error
    problem = _environment_problem()
    if problem:
        if sys.stderr is not None:
            print(f"puzzlepress: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    streams = sys.stdout, sys.stderr
    sys.stdout = CommandGuard(sys.stdout, defuse=github_actions())
    if sys.stderr is not None:
        sys.stderr = CommandGuard(sys.stderr, defuse=github_actions())
    try:
        with warnings.catch_warnings():   # a library's warning is no line of ours (its source line neither)
            if not debug:
                warnings.simplefilter("ignore")
            code = _main(args, debug, console=argv is None)
        sys.stdout.flush()
    except StreamFailed as failed:    # standard output on a full device, or gone
        code = _stdout_failed(failed.error)
    finally:
        sys.stdout, sys.stderr = streams
        for stream in (sys.stdout, sys.stderr):
            with _quiet_os_errors():
                if stream is not None:
                    stream.flush()
    return code


class _quiet_os_errors:
    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> bool:
        return kind is not None and issubclass(kind, OSError)


def _thread_error(args: threading.ExceptHookArgs) -> None:
    """An error in a helper thread (a process pool's manager): one line, never a traceback."""
    if args.exc_type is SystemExit or sys.stderr is None:
        return
    if issubclass(args.exc_type, MemoryError):
        message = f"puzzlepress: error: out of memory while {one_line(progress.doing())}"
    else:
        message = f"puzzlepress: internal error: {one_line(f'{args.exc_type.__name__}: {args.exc_value}')}"
    with _quiet_os_errors():
        print(message, file=sys.stderr, flush=True)


def _environment_problem() -> str | None:
    """What makes every command impossible before it starts: no working folder, no stdout."""
    try:
        os.getcwd()
    except OSError:
        return "the working folder no longer exists (it was deleted or moved); cd into a folder first"
    if sys.stdout is None:
        return "standard output is closed; redirect it (>/dev/null to discard it) instead of closing it"
    return None


def _stdout_failed(error: OSError) -> int:
    """Standard output (or error) cannot be written: a broken pipe (the reader left, as
    ``| head`` does: not an error) or anything else (a full device: one line, exit 2).
    What is still buffered is dropped (the descriptor pointed at /dev/null), so the
    interpreter's last flush stays quiet."""
    with _quiet_os_errors():
        devnull = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.__stdout__, sys.stdout):
            with _quiet_os_errors():
                if stream is not None:
                    os.dup2(devnull, stream.fileno())
        os.close(devnull)
    if isinstance(error, BrokenPipeError):
        return EXIT_OK
    if sys.stderr is not None:
        with _quiet_os_errors():
            print(f"puzzlepress: error: cannot write to standard output: {error.strerror or error}",
                  file=sys.stderr, flush=True)
    # exit 2 promises the previous outputs; once the new ones are all in place, that is 0
    return EXIT_OK if interrupt.was_committed() else EXIT_USAGE


def _main(args: list[str], debug: bool, *, console: bool) -> int:
    interrupt.forget_commit()
    try:
        with interrupt.watching(ignore_after_commit=console):
            try:
                return _run(args)
            except (KeyboardInterrupt, StreamFailed):
                raise
            except BaseException as error:   # a signal that broke a worker pool, say
                interrupt.check()
                raise error
    except StreamFailed:
        raise
    except interrupt.Interrupted as stop:
        return _interrupted(stop.signum, stop.after_commit, console)
    except KeyboardInterrupt:
        return _interrupted(2, interrupt.was_committed(), console)
    except MemoryError:
        click.echo(f"puzzlepress: error: out of memory while {one_line(progress.doing())}", err=True)
        return EXIT_USAGE
    except (Exception, RecursionError) as error:  # noqa: BLE001  (a bug of ours: one line, or --debug)
        return _internal(error, debug)


def _internal(error: BaseException, debug: bool) -> int:
    if debug:
        traceback.print_exception(error)
    click.echo(f"puzzlepress: internal error: {one_line(f'{type(error).__name__}: {error}')}; "
               f"please report it with {DEBUG_FLAG}", err=True)
    return EXIT_INTERNAL


def _interrupted(signum: int, after_commit: bool, console: bool) -> int:
    """The exit code and line of a command stopped by a signal: 128 + the signal while the
    previous outputs are kept; 0 when the new ones were already all in place."""
    code = EXIT_OK if after_commit else 128 + signum
    click.echo("puzzlepress: interrupted after every output was written" if after_commit
               else "puzzlepress: interrupted", err=True)
    if interrupt.abandoned_pool and console:   # the console script: leave now, see interrupt.py
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def _unusable(arg: str) -> bool:
    """An argument no file name or text can hold: a NUL byte, or a surrogate that is not an
    undecodable byte of a real command line (those are U+DC80..U+DCFF, 'surrogateescape')."""
    return any(ch == "\0" or ("\ud800" <= ch <= "\udfff" and not "\udc80" <= ch <= "\udcff") for ch in arg)


def _run(args: list[str]) -> int:
    bad = next((i for i, arg in enumerate(args, 1) if _unusable(arg)), None)
    if bad is not None:
        click.echo(f"puzzlepress: error: argument {bad} holds a NUL byte or an invalid character", err=True)
        return EXIT_USAGE
    progress.now_doing(f"running 'puzzlepress {args[0]}'" if args else "starting")
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
