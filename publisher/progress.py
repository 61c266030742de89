"""Progress for long stages: a bar on a terminal, plain lines in CI logs.

rich draws the bar (a well-kept library does this better than we would);
when stdout is not a terminal we print one line when a stage starts and one
when it ends, never carriage-return animation that garbles CI logs.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from publisher.console import counted

_doing = "starting"


def now_doing(what: str) -> None:
    """Say what the command is doing now ("rendering the books"), for the one line an out
    of memory error prints: ``out of memory while rendering the books``."""
    global _doing
    _doing = what


def doing() -> str:
    return _doing


class Progress:
    def __init__(self, stream: TextIO | None = None, *, enabled: bool = True) -> None:
        self.stream = stream or sys.stdout
        if self.stream is None:     # standard output closed: nothing can be shown
            enabled = False
        self.enabled = enabled
        self.interactive = enabled and self.stream.isatty()

    @contextmanager
    def stage(self, name: str, total: int, unit: str = "", what: str = "") -> Iterator[Callable[[int], None]]:
        """Yields ``advance(n)``; reports the stage on exit. ``what`` says more after the count
        ("generate: 60 puzzles of 'Easy' (easy, 9x9) ...")."""
        start = time.perf_counter()
        if not self.enabled:
            yield _ignore
            return
        if self.interactive:
            from rich.console import Console
            from rich.markup import escape
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar
            label = f"{name:<8}" + (f" {what}" if what else "")
            with Bar(TextColumn(escape(label)), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                     console=Console(file=self.stream), transient=True) as bar:
                task = bar.add_task(name, total=total)
                yield lambda n: bar.advance(task, n)
        else:
            shown = counted(total, unit[:-1]) if unit.endswith("s") else f"{total} {unit}"   # "1 book", "2 books"
            print(f"{name}: {shown}".rstrip() + (f" {what}" if what else "") + " ...", file=self.stream,
                  flush=True)
            yield _ignore
        print(f"{name}: done in {time.perf_counter() - start:.2f} s", file=self.stream, flush=True)


def _ignore(n: int) -> None:
    """``advance`` when nothing is shown."""
