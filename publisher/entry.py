"""The console script's first step, kept tiny.

Python's own SIGINT handler raises ``KeyboardInterrupt`` wherever the program happens
to be, and one that escapes is printed as a traceback (so is any exception raised in a
callback the interpreter runs meanwhile, such as an import lock's). So the first thing
this module does, before the command's modules load (click, the config schema, the
solver: a good part of a second), is to install a handler that writes one line and
ends the process with 130 at once. A command installs its own while it runs
(:func:`publisher.interrupt.watching`, which keeps the outputs consistent) and gives
this one back when it ends, so the last instants (after the command returned, its
output flushed, before the process exits) are covered too.
"""
from __future__ import annotations

import os
import signal
from types import FrameType


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """End now, from outside any command: nothing has been written yet, or everything
    was written and flushed. ``os._exit`` raises nothing that could be printed, and
    the line goes straight to the descriptor (no buffer the interrupted code may hold)."""
    try:   # noqa: SIM105  (contextlib is one more import before the handler is in place)
        os.write(2, b"puzzlepress: interrupted\n")
    except OSError:   # stderr closed or gone: the exit code still says it
        pass
    os._exit(130)


if signal.getsignal(signal.SIGINT) is signal.default_int_handler:   # not when a caller ignores SIGINT (nohup, &)
    signal.signal(signal.SIGINT, _interrupted)


def main() -> int:
    """``puzzlepress``: load the command line, then run it."""
    from publisher.cli import main as run
    return run()
