"""Reading Skyscrapers: Tatham's Towers game IDs, our plain text form and structured mappings.

**Tatham's game ID** (``sgt-towers --generate``): ``N:`` (or ``NdX:`` with his difficulty
letter, or no parameters at all), then the 4N clues separated by ``/`` (empty for none; top
left to right, bottom left to right, left top to bottom, right top to bottom), then maybe
``,`` and the givens as a grid: a digit for a given, a letter for a run of empty cells (``a``
one ... ``z`` 26), ``_`` between two digits that touch.

**Our text form** (docs, "Skyscrapers"): the grid with its clues around it, N+2 lines of N+2
items separated by spaces: the first and last lines hold the top and bottom clues, the first
and last items of the lines between them the left and right clues, the rest are cells; ``.``
is no clue or an empty cell, the four corners are ``.``. Puzzles are separated by blank lines;
``#`` starts a comment line. A line holding a game ID is a puzzle too.

**A mapping** (YAML/JSON): ``size``, ``top``, ``bottom``, ``left``, ``right`` (lists of N
clues, 0 or null for none), optional ``givens`` (N strings of N digits or ``.``), ``title``.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from solver.parsing import ParseIssue, split_lines
from solver.skyscrapers.puzzle import MAX_SIZE, MIN_SIZE, Skyscrapers

_ID = re.compile(r"\A(?:(\d{1,2})(?:d[a-z])?:)?([0-9/]*)(?:,([a-z0-9_]*))?\Z")
_GIVEN_TOKEN = re.compile(r"[1-9]\d*|[a-z]|_|.")
SIDE_KEYS = ("top", "bottom", "left", "right")
#: what ``puzzlepress generate`` adds to a puzzle's mapping, read over (its lines read back as puzzles)
RECORD_KEYS = ("solution", "level", "rating", "hardest", "seed")


def looks_like_id(text: str) -> bool:
    """Whether a line has the shape of a Towers game ID: clues separated by ``/``."""
    return "/" in text and _ID.match(text.strip()) is not None


def read_id(text: str, *, line: int = 0, index: int = 0, title: str | None = None) -> Skyscrapers:
    """A Towers game ID -> the puzzle; ValueError naming what is wrong."""
    found = _ID.match(text.strip())
    if found is None:
        raise ValueError("not a Towers game ID (N:clues/separated/by/slashes[,givens])")
    size_text, clue_text, given_text = found.groups()
    parts = clue_text.split("/")
    if len(parts) % 4:
        raise ValueError(f"{len(parts)} clues: a Towers ID has 4 per row (top, bottom, left, right)")
    n = len(parts) // 4
    if size_text is not None and int(size_text) != n:
        raise ValueError(f"the parameters say {size_text} but the ID holds {len(parts)} clues, for {n}x{n}")
    check_size(n)
    clues = []
    for part in parts:
        value = int(part) if part else 0
        if part and not 1 <= value <= n:
            raise ValueError(f"clue {part} is outside 1-{n}")
        clues.append(value)
    givens = [0] * (n * n) if given_text is None else read_givens(given_text, n)
    return Skyscrapers(n, tuple(clues), tuple(givens), line, index, title)


def read_givens(text: str, n: int) -> list[int]:
    values: list[int] = []
    for found in _GIVEN_TOKEN.finditer(text):
        token = found.group()
        if token.isdigit():
            if not 1 <= int(token) <= n:
                raise ValueError(f"given {token} is outside 1-{n}")
            values.append(int(token))
        elif token.isalpha():
            values.extend([0] * (ord(token) - ord("a") + 1))
        elif token != "_":
            raise ValueError(f"unexpected character {token!r} in the givens")
    if len(values) != n * n:
        raise ValueError(f"the givens cover {len(values)} cells, expected {n * n}")
    return values


def write_id(puzzle: Skyscrapers) -> str:
    """The puzzle as Tatham's game ID (``N:clues`` and ``,givens`` when it has any)."""
    text = f"{puzzle.size}:" + "/".join(str(c) if c else "" for c in puzzle.clues)
    if not any(puzzle.givens):
        return text
    out, blank, digit_last = [], 0, False
    for value in puzzle.givens:
        if not value:
            blank += 1
            continue
        if blank:
            out.append(_runs(blank))
            blank = 0
        elif digit_last:
            out.append("_")
        out.append(str(value))
        digit_last = True
    if blank:
        out.append(_runs(blank))
    return text + "," + "".join(out)


def _runs(blank: int) -> str:
    return "z" * (blank // 26) + (chr(ord("a") + blank % 26 - 1) if blank % 26 else "")


def check_size(n: int) -> None:
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"a {n}x{n} grid: Skyscrapers are {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}")


def as_text(puzzle: Skyscrapers) -> str:
    """Our text form: the grid with its clues around it (see the module's docstring)."""
    n, clues = puzzle.size, puzzle.clues

    def item(value: int) -> str:
        return str(value) if value else "."

    rows = [" ".join([".", *(item(clues[c]) for c in range(n)), "."])]
    for r in range(n):
        cells = (item(puzzle.givens[r * n + c]) for c in range(n))
        rows.append(" ".join([item(clues[2 * n + r]), *cells, item(clues[3 * n + r])]))
    rows.append(" ".join([".", *(item(clues[n + c]) for c in range(n)), "."]))
    title = f"# {' '.join(puzzle.title.split())}\n" if puzzle.title else ""
    return title + "\n".join(rows) + "\n"


def _block(rows: list[tuple[int, str]], index: int, title: str | None) -> Skyscrapers | ParseIssue:
    """One puzzle of our text form from its lines (number, text)."""
    first = rows[0][0]
    grid = [(number, text.split()) for number, text in rows]
    side = len(grid[0][1])
    n = side - 2
    try:
        check_size(n)
    except ValueError as error:
        return ParseIssue(first, f"{error} (the first line has {side} items: N clues and 2 corners)", index=index)
    if len(grid) != side:
        return ParseIssue(rows[-1][0], f"{len(grid)} lines for a grid of {side} items a line: expected {side} "
                          f"(the clues above, {n} rows, the clues below)", index=index)
    values: list[list[int]] = []
    for number, items in grid:
        if len(items) != side:
            return ParseIssue(number, f"{len(items)} items, expected {side}", index=index)
        row = []
        for column, item in enumerate(items):
            if item == ".":
                row.append(0)
            elif item.isdigit() and 1 <= int(item) <= n:
                row.append(int(item))
            else:
                return ParseIssue(number, f"item {column + 1} is {item!r}: a clue or a height is 1-{n}, "
                                  "'.' for none", index=index)
        values.append(row)
    for r, c in ((0, 0), (0, side - 1), (side - 1, 0), (side - 1, side - 1)):
        if values[r][c]:
            return ParseIssue(grid[r][0], f"a corner holds {values[r][c]}: the corners are '.'", index=index)
    clues = (values[0][1:-1] + values[-1][1:-1] + [values[r][0] for r in range(1, n + 1)]
             + [values[r][-1] for r in range(1, n + 1)])
    givens = [v for r in range(1, n + 1) for v in values[r][1:-1]]
    return Skyscrapers(n, tuple(clues), tuple(givens), first, index, title)


def parse_text(text: str) -> list[Skyscrapers | ParseIssue]:
    """Every puzzle of a text: blocks of our form and game ID lines, in order."""
    found: list[Skyscrapers | ParseIssue] = []
    block: list[tuple[int, str]] = []
    title: str | None = None

    def close() -> None:
        nonlocal block, title
        if block:
            found.append(_block(block, len(found), title))
        block, title = [], None

    for number, raw in enumerate(split_lines(text), 1):
        stripped = raw.strip()
        if not stripped:
            close()
        elif stripped.startswith("#"):
            if not block:
                title = stripped.lstrip("#").strip() or None
        elif looks_like_id(stripped.split(None, 1)[0]) and not block:
            token, _, rest = stripped.partition(" ")
            try:
                found.append(read_id(token, line=number, index=len(found),
                                     title=rest.strip().lstrip("#").strip() or None))
            except ValueError as error:
                found.append(ParseIssue(number, f"Towers game ID: {error}", index=len(found)))
            title = None
        else:
            block.append((number, stripped))
    close()
    return found


def parse_mapping(mapping: Mapping[str, object], *, line: int = 0, index: int = 0) -> Skyscrapers | ParseIssue:
    """One puzzle of a structured file (see the module's docstring)."""
    try:
        return _from_mapping(mapping, line, index)
    except ValueError as error:
        return ParseIssue(line, str(error), index=index)


def _from_mapping(mapping: Mapping[str, object], line: int, index: int) -> Skyscrapers:
    title = mapping.get("title")
    if title is not None and not isinstance(title, str):
        raise ValueError("title: expected text")
    if isinstance(mapping.get("tatham"), str):
        return read_id(str(mapping["tatham"]), line=line, index=index, title=title)
    size = mapping.get("size")
    if not isinstance(size, int) or isinstance(size, bool):
        raise ValueError("size: expected the grid's side, 3 to 9")
    check_size(size)
    clues: list[int] = []
    for key in SIDE_KEYS:
        side = mapping.get(key, [0] * size)
        if not isinstance(side, list) or len(side) != size:
            raise ValueError(f"{key}: expected a list of {size} clues (0 or null for none)")
        for value in side:
            if value is None:
                value = 0
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= size:
                raise ValueError(f"{key}: {value!r} is no clue of a {size}x{size} grid (1-{size}, 0 for none)")
            clues.append(value)
    givens = [0] * (size * size)
    rows = mapping.get("givens")
    if rows is not None:
        if not isinstance(rows, list) or len(rows) != size or not all(isinstance(r, str) for r in rows):
            raise ValueError(f"givens: expected {size} rows of {size} digits or '.'")
        givens = []
        for r, row in enumerate(rows):
            cells = row.replace(" ", "")
            if len(cells) != size or any(ch != "." and not (ch.isdigit() and 1 <= int(ch) <= size) for ch in cells):
                raise ValueError(f"givens: row {r + 1} {row!r} is not {size} of 1-{size} or '.'")
            givens += [0 if ch == "." else int(ch) for ch in cells]
    unknown = set(mapping) - {"kind", "size", "title", "givens", "tatham", *SIDE_KEYS, *RECORD_KEYS}
    if unknown:
        raise ValueError(f"unknown key {sorted(unknown)[0]!r} (size, top, bottom, left, right, givens, title)")
    return Skyscrapers(size, tuple(clues), tuple(givens), line, index, title)


def to_mapping(puzzle: Skyscrapers) -> dict[str, object]:
    """The puzzle's mapping, which :func:`parse_mapping` reads back."""
    n = puzzle.size
    mapping: dict[str, object] = {"kind": "skyscrapers", "size": n}
    for k, key in enumerate(SIDE_KEYS):
        mapping[key] = list(puzzle.clues[k * n:(k + 1) * n])
    if any(puzzle.givens):
        mapping["givens"] = ["".join(str(v) if v else "." for v in puzzle.givens[r * n:(r + 1) * n])
                             for r in range(n)]
    if puzzle.title:
        mapping["title"] = puzzle.title
    return mapping
