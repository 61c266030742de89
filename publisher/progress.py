"""Progress for long stages: a bar on a terminal, plain lines in CI logs.

On a terminal one line is redrawn in place (carriage return, erase line) at most ten times a
second and erased when the stage ends, so only the "done" line stays. We draw it ourselves:
it is a single line of text, and the library we used for it (rich) brought 15 MB of
syntax highlighting and markdown along. When stdout is not a terminal we print one line
when a stage starts and one when it ends, never carriage-return animation that garbles
CI logs.
"""
from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from publisher.console import counted, escaped

_doing = "starting"

#: How often the bar may be redrawn (seconds): a terminal over ssh pays for every redraw
REDRAW_EVERY = 0.1
#: Erase the whole line the cursor is on (ECMA-48 EL 2)
_ERASE_LINE = "\x1b[2K"


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
            bar = _Bar(self.stream, f"{name:<8}" + (f" {what}" if what else ""), total)
            try:
                yield bar.advance
            finally:
                bar.erase()
        else:
            shown = counted(total, unit[:-1]) if unit.endswith("s") else f"{total} {unit}"   # "1 book", "2 books"
            print(f"{name}: {shown}".rstrip() + (f" {what}" if what else "") + " ...", file=self.stream,
                  flush=True)
            yield _ignore
        print(f"{name}: done in {time.perf_counter() - start:.2f} s", file=self.stream, flush=True)


class _Bar:
    """One line on a terminal: ``verify   [#######       ] 12/60 0:03``, the label cut to
    leave the bar room on a narrow terminal."""

    def __init__(self, stream: TextIO, label: str, total: int) -> None:
        self.stream, self.label, self.total = stream, escaped(label), max(total, 0)
        self.done = 0
        self.start = self.drawn_at = time.monotonic()
        self.draw()

    def advance(self, n: int) -> None:
        self.done = min(self.done + n, self.total) if self.total else self.done + n
        now = time.monotonic()
        if now - self.drawn_at >= REDRAW_EVERY or self.done == self.total:
            self.drawn_at = now
            self.draw()

    def line(self, width: int) -> str:
        """The bar's text for a terminal ``width`` columns wide (never wider: a wrapped line
        could not be redrawn in place)."""
        seconds = int(time.monotonic() - self.start)
        tail = f" {self.done}/{self.total} {seconds // 60}:{seconds % 60:02d}"
        room = width - 1 - len(tail)
        label = self.label[:max(room - 12, 0)]
        cells = max(room - len(label) - 3, 0)
        filled = cells * self.done // self.total if self.total else 0
        return f"{label} [{'#' * filled}{' ' * (cells - filled)}]{tail}"[:width - 1]

    def draw(self) -> None:
        width = shutil.get_terminal_size(fallback=(80, 24)).columns
        self.stream.write(f"\r{_ERASE_LINE}{self.line(width)}")
        self.stream.flush()

    def erase(self) -> None:
        self.stream.write(f"\r{_ERASE_LINE}")
        self.stream.flush()


def _ignore(n: int) -> None:
    """``advance`` when nothing is shown."""
