"""What every text parser in the solver shares: the lines of a text, and what it returns
for input it cannot read."""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ParseIssue:
    """A puzzle that could not be read: where it is and why.

    ``line`` is 1-based in the text that was parsed; ``column`` is 1-based or
    ``None`` when a column would not help. ``index`` is the puzzle's position
    among the puzzles of that text (0-based), so it can stand in a report in
    the place of the puzzle it failed to be."""

    line: int
    message: str
    column: int | None = None
    index: int = 0

    def __str__(self) -> str:
        where = f"{self.line}" if self.column is None else f"{self.line}:{self.column}"
        return f"{where}: {self.message}"


_LINE_END = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, ended by ``\n``, ``\r\n`` or a lone ``\r`` (old Mac files)
    alike, and by nothing else.

    ``str.splitlines`` also breaks at form feeds, vertical tabs, ``\x1c``-``\x1e``,
    NEL and U+2028/2029, so a stray one inside a line would shift every line number
    after it; editors count the three line ends only, and so do we."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines
