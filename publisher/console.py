"""User text on the console: one line, and nothing a terminal would act on.

Titles, section names, file names, reasons that quote a puzzle line and catalog rows are the
user's text (or anyone's: a config from a pull request, a catalog a team shares). Printed
as they are, a newline in a title forges a line of our own (``x\\nwrote out/forged.pdf``),
an escape sequence repaints the terminal and a right-to-left override reverses what a name
reads. Every such text reaches the console through :func:`escaped`: the controls are written
as Python writes them in a string (``\\n``, ``\\x1b``, ``\\u202e``), the rest is left as it is.
"""
from __future__ import annotations

import json
import re

#: C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional overrides
#: and isolates, and lone surrogates (the bytes of a file name that were not UTF-8)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def escaped(text: object) -> str:
    """``text`` safe to print as (part of) one console line: every control escaped."""
    return _UNSAFE.sub(_escape, str(text))


def counted(count: int, noun: str) -> str:
    """'1 puzzle', '2 puzzles', '0 puzzles': a count of an English noun that makes its plural
    with -s (every noun the console counts: puzzle, book, file, error)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def place_line(place: str, status: str, reason: str | None = None, detail: str = "") -> str:
    """``FILE:LINE: STATUS[: REASON][ (DETAIL)]``: the one shape of every line about a place in a
    file (a verdict of ``check``, ``grade``, ``build`` and ``solve``; a usage error is the same
    after ``puzzlepress: error:``), the compilers' shape that editors and CI annotators read.
    ``place`` and ``reason`` are the user's text: escaped here."""
    text = f"{escaped(place)}: {status}" + (f": {escaped(reason)}" if reason else "")
    return f"{text} ({detail})" if detail else text


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_line(obj: object) -> str:
    """One JSON object on one line, as the contract prints it: other scripts than ASCII stay
    as they are (a Vietnamese title reads as written), and every character :func:`escaped`
    escapes is a JSON ``\\u`` escape, so a label holding U+202E or U+2028 can neither reverse
    nor split the line on a console; a JSON reader reads back the same value."""
    return _UNSAFE.sub(_json_escape, json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")))
