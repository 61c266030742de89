"""What every text parser in the solver shares: the lines of a text, and what it returns
for input it cannot read."""
from __future__ import annotations

import json
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


#: The longest line a puzzle of any format we read can take (a 25x25 f-puzzles JSON object
#: with every cell's candidates and cages is under 100 KB): a longer line is malformed at
#: once, and a stream never holds more of a line than this (README, "Limits").
MAX_LINE_CHARS = 1 << 20
#: The deepest nesting of JSON a puzzle line may hold (as for YAML: README, "Limits").
MAX_JSON_DEPTH = 64


def too_long(line: str) -> str | None:
    """Why ``line`` is no puzzle line of any format, when it is longer than any can be."""
    if len(line) <= MAX_LINE_CHARS:
        return None
    return f"a line of more than {MAX_LINE_CHARS:,} characters: longer than any puzzle's"


class JsonTooDeep(ValueError):
    """JSON nested deeper than :data:`MAX_JSON_DEPTH`."""


#: What nests in JSON, and its strings (whose brackets do not)
_JSON_NESTING = re.compile(r'[\[{]|[\]}]|"(?:[^"\\]|\\.)*"')


def check_json_depth(text: str, limit: int = MAX_JSON_DEPTH) -> None:
    """JsonTooDeep when the JSON ``text`` nests deeper than ``limit`` levels: one scan, before
    parsing (Python's parser recurses, so 5,000 nested brackets end in a RecursionError)."""
    depth = 0
    for found in _JSON_NESTING.finditer(text):
        ch = found.group()[0]
        if ch in "[{":
            depth += 1
            if depth > limit:
                raise JsonTooDeep(f"JSON nested deeper than {limit} levels")
        elif ch in "]}":
            depth -= 1


def load_json(text: str) -> object:
    """JSON from user text, nested at most :data:`MAX_JSON_DEPTH` levels; ValueError says
    what is wrong."""
    check_json_depth(text)
    return json.loads(text)


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
