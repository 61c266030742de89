"""The console script's first step, kept tiny: a Ctrl-C that comes while the command's
modules are still loading (click, the config schema, the solver: a good part of a second)
ends the command as one that comes later does, with one line and exit 130, never a
traceback. Later signals are :mod:`publisher.interrupt`'s."""
from __future__ import annotations

import sys


def main() -> int:
    """``puzzlepress``: load the command line, then run it."""
    try:
        from publisher.cli import main as run
    except KeyboardInterrupt:
        if sys.stderr is not None:
            print("puzzlepress: interrupted", file=sys.stderr, flush=True)
        return 130
    return run()
