"""Reading Futoshiki: Tatham's Unequal game IDs, our plain text form and structured mappings.

**Tatham's game ID** (``sgt-unequal --generate``): ``N:`` (``Na:`` in Adjacent mode, maybe
with his difficulty ``dX``; or no parameters at all), then the N*N cells row by row, each a
number (0 for empty) followed by the letters of its flags and a comma. Unequal mode: ``U``,
``R``, ``D`` or ``L`` on a cell says it is greater than its neighbour up, right, down or left.
Adjacent mode: the same letters mark the neighbours it differs from by 1 (Tatham sets them on
both cells; one is enough here), and every neighbour left unmarked differs by more. An ID
without ``a`` whose flags stand on both cells of a pair is no Unequal puzzle (a cell cannot be
greater than its neighbour and smaller): it reads, and is judged unsolvable naming the sign.

**Our text form** (docs, "Futoshiki"): the grid as 2N-1 lines. The lines of cells hold N
items, a digit or ``.``, each pair separated by one character: a space (no sign), ``<`` or
``>`` (Adjacent: ``|`` for a bar). Between two lines of cells, a line of N items separated by
spaces: ``.`` (no sign), ``^`` (the cell above is the smaller) or ``v`` (the cell above is the
greater), Adjacent ``-`` for a bar. A line ``adjacent`` before a grid puts it in Adjacent mode.
Puzzles are separated by blank lines; a ``#`` line before one is its title; a line holding a
game ID is a puzzle too.

**A mapping** (YAML/JSON): ``grid`` (our text form's lines, a list or one string), optional
``mode`` (``unequal``, the default, or ``adjacent``) and ``title``; or ``tatham`` (a game ID).
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from solver.futoshiki.puzzle import MAX_SIZE, MIN_SIZE, MODES, Futoshiki, Pair
from solver.parsing import ParseIssue, split_lines

_ID = re.compile(r"\A(?:(\d{1,2})(a)?(?:d[a-z])?:)?((?:\d+[UDLR]*,)*\d+[UDLR]*,?)\Z")
_CELL = re.compile(r"(\d+)([UDLR]*)")
#: the flag letters: (row step, column step) to the neighbour each names
_STEPS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
#: what ``puzzlepress generate`` adds to a puzzle's mapping, read over (its lines read back as puzzles)
RECORD_KEYS = ("solution", "level", "rating", "hardest", "seed")
ADJACENT_LINE = "adjacent"


def looks_like_id(text: str) -> bool:
    """Whether a word has the shape of an Unequal game ID: cells with flags, separated by commas."""
    return "," in text and _ID.match(text.strip()) is not None


def check_size(n: int) -> None:
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"a {n}x{n} grid: Futoshiki are {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}")


def read_id(text: str, *, line: int = 0, index: int = 0, title: str | None = None) -> Futoshiki:
    """An Unequal game ID -> the puzzle; ValueError naming what is wrong."""
    found = _ID.match(text.strip())
    if found is None:
        raise ValueError("not an Unequal game ID (N:cell,cell,... each a number and flags U, R, D, L)")
    size_text, adjacent_flag, body = found.groups()
    cells = [m.groups() for m in _CELL.finditer(body)]
    n = round(len(cells) ** 0.5)
    if n * n != len(cells):
        raise ValueError(f"{len(cells)} cells: an Unequal ID holds N*N")
    if size_text is not None and int(size_text) != n:
        raise ValueError(f"the parameters say {size_text} but the ID holds {len(cells)} cells, for {n}x{n}")
    check_size(n)
    adjacent = adjacent_flag is not None
    givens: list[int] = []
    signs: set[Pair] = set()
    for cell, (number, flags) in enumerate(cells):
        value = int(number)
        if value > n:
            raise ValueError(f"r{cell // n + 1}c{cell % n + 1} holds {value}, outside 1-{n}")
        givens.append(value)
        r, c = divmod(cell, n)
        for flag in flags:
            dr, dc = _STEPS[flag]
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise ValueError(f"flag {flag} of r{r + 1}c{c + 1} points off the grid")
            other = (r + dr) * n + c + dc
            signs.add((min(cell, other), max(cell, other)) if adjacent else (cell, other))
    return Futoshiki(n, tuple(givens), tuple(signs), adjacent, line, index, title)


def write_id(puzzle: Futoshiki) -> str:
    """The puzzle as Tatham's game ID (Adjacent bars flagged on both cells, as he writes them)."""
    n = puzzle.size
    flags: list[str] = [""] * (n * n)
    marked: set[Pair] = set(puzzle.signs)
    if puzzle.adjacent:
        marked |= {(b, a) for a, b in puzzle.signs}
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for letter, (dr, dc) in _STEPS.items():
            if 0 <= r + dr < n and 0 <= c + dc < n and (cell, (r + dr) * n + c + dc) in marked:
                flags[cell] += letter
    head = f"{n}a:" if puzzle.adjacent else f"{n}:"
    return head + "".join(f"{value}{flag}," for value, flag in zip(puzzle.givens, flags))


def as_text(puzzle: Futoshiki) -> str:
    """Our text form (see the module's docstring), a title line first when it has one."""
    n, signs = puzzle.size, set(puzzle.signs)

    def between(a: int, b: int, bar: str, lesser_first: str, greater_first: str, none: str) -> str:
        if puzzle.adjacent:
            return bar if (a, b) in signs else none
        return greater_first if (a, b) in signs else lesser_first if (b, a) in signs else none

    rows = []
    for r in range(n):
        cells = [r * n + c for c in range(n)]
        text = ""
        for k, cell in enumerate(cells):
            text += str(puzzle.givens[cell]) if puzzle.givens[cell] else "."
            if k + 1 < n:
                text += between(cell, cell + 1, "|", "<", ">", " ")
        rows.append(text.rstrip())
        if r + 1 < n:
            rows.append(" ".join(between(cell, cell + n, "-", "^", "v", ".") for cell in cells))
    head = f"# {' '.join(puzzle.title.split())}\n" if puzzle.title else ""
    mode = f"{ADJACENT_LINE}\n" if puzzle.adjacent else ""
    return head + mode + "\n".join(rows) + "\n"


def _grid(rows: list[tuple[int, str]], adjacent: bool, index: int, title: str | None) -> Futoshiki:
    """One puzzle of our text form from its lines (number, text); ValueError carrying the line."""
    first = rows[0][0]
    n = (len(rows[0][1]) + 1) // 2
    try:
        check_size(n)
    except ValueError as error:
        raise _At(first, f"{error} (the first line holds {n} cells)") from None
    if len(rows) != 2 * n - 1:
        raise _At(rows[-1][0], f"{len(rows)} lines for a grid of {n} cells a line: expected {2 * n - 1} "
                  f"({n} lines of cells and the {n - 1} lines of signs between them)")
    bar_down = "-" if adjacent else ""
    givens: list[int] = []
    signs: list[Pair] = []
    for k, (number, text) in enumerate(rows):
        r = k // 2
        if len(text) > 2 * n - 1:
            raise _At(number, f"{len(text)} characters, more than the {2 * n - 1} of {n} cells and their gaps")
        text = text.ljust(2 * n - 1)
        if k % 2 == 0:
            for c in range(n):
                ch = text[2 * c]
                if ch == ".":
                    givens.append(0)
                elif ch.isdigit() and 1 <= int(ch) <= n:
                    givens.append(int(ch))
                else:
                    raise _At(number, f"cell {c + 1} is {ch!r}: a digit 1-{n} or '.'")
                if c + 1 == n:
                    continue
                gap, cell = text[2 * c + 1], r * n + c
                if gap == ">" and not adjacent:
                    signs.append((cell, cell + 1))
                elif gap == "<" and not adjacent:
                    signs.append((cell + 1, cell))
                elif gap == "|" and adjacent:
                    signs.append((cell, cell + 1))
                elif gap != " ":
                    allowed = "' ' or '|'" if adjacent else "' ', '<' or '>'"
                    raise _At(number, f"between cells {c + 1} and {c + 2}: {gap!r}, expected {allowed}")
        else:
            items = text.split()
            if len(items) != n or any(len(item) != 1 for item in items):
                raise _At(number, f"a line of signs holds {n} items separated by spaces, got {text.strip()!r}")
            for c, item in enumerate(items):
                cell = r * n + c
                if item == "v" and not adjacent:
                    signs.append((cell, cell + n))
                elif item == "^" and not adjacent:
                    signs.append((cell + n, cell))
                elif item == bar_down and adjacent:
                    signs.append((cell, cell + n))
                elif item != ".":
                    allowed = "'.' or '-'" if adjacent else "'.', 'v' or '^'"
                    raise _At(number, f"item {c + 1} is {item!r}, expected {allowed}")
    return Futoshiki(n, tuple(givens), tuple(signs), adjacent, first, index, title)


class _At(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def parse_text(text: str) -> list[Futoshiki | ParseIssue]:
    """Every puzzle of a text: grids of our form and game ID lines, in order."""
    found: list[Futoshiki | ParseIssue] = []
    block: list[tuple[int, str]] = []
    title: str | None = None
    adjacent = False

    def close() -> None:
        nonlocal block, title, adjacent
        if block:
            try:
                found.append(_grid(block, adjacent, len(found), title))
            except _At as error:
                found.append(ParseIssue(error.line, str(error), index=len(found)))
        block, title, adjacent = [], None, False

    for number, raw in enumerate(split_lines(text), 1):
        stripped = raw.strip()
        if not stripped:
            close()
        elif stripped.startswith("#"):
            if not block:
                title = stripped.lstrip("#").strip() or None
        elif stripped == ADJACENT_LINE and not block:
            adjacent = True
        elif looks_like_id(stripped.split(None, 1)[0]) and not block:
            token, _, rest = stripped.partition(" ")
            try:
                found.append(read_id(token, line=number, index=len(found),
                                     title=rest.strip().lstrip("#").strip() or title))
            except ValueError as error:
                found.append(ParseIssue(number, f"Unequal game ID: {error}", index=len(found)))
            title, adjacent = None, False
        else:
            block.append((number, raw.rstrip()))
    close()
    return found


def parse_mapping(mapping: Mapping[str, object], *, line: int = 0, index: int = 0) -> Futoshiki | ParseIssue:
    """One puzzle of a structured file (see the module's docstring)."""
    try:
        return _from_mapping(mapping, line, index)
    except ValueError as error:
        return ParseIssue(line, str(error), index=index)


def _from_mapping(mapping: Mapping[str, object], line: int, index: int) -> Futoshiki:
    title = mapping.get("title")
    if title is not None and not isinstance(title, str):
        raise ValueError("title: expected text")
    unknown = set(mapping) - {"kind", "grid", "mode", "title", "tatham", *RECORD_KEYS}
    if unknown:
        raise ValueError(f"unknown key {sorted(unknown)[0]!r} (grid, mode, title, tatham)")
    if isinstance(mapping.get("tatham"), str):
        return read_id(str(mapping["tatham"]), line=line, index=index, title=title)
    mode = mapping.get("mode", "unequal")
    if mode not in MODES:
        raise ValueError(f"mode: {mode!r}, expected {' or '.join(MODES)}")
    grid = mapping.get("grid")
    if isinstance(grid, str):
        grid = grid.splitlines()
    if not isinstance(grid, list) or not grid or not all(isinstance(row, str) for row in grid):
        raise ValueError("grid: expected the lines of the grid (cells with signs between them; "
                         "see Futoshiki's text form), or tatham: a game ID")
    try:
        return _grid([(line, str(row).rstrip()) for row in grid], mode == "adjacent", index, title)
    except _At as error:
        raise ValueError(f"grid: {error}") from None


def to_mapping(puzzle: Futoshiki) -> dict[str, object]:
    """The puzzle's mapping, which :func:`parse_mapping` reads back."""
    lines = as_text(puzzle).splitlines()
    if puzzle.title:
        lines = lines[1:]
    if puzzle.adjacent:
        lines = lines[1:]
    mapping: dict[str, object] = {"kind": "futoshiki", "grid": lines}
    if puzzle.adjacent:
        mapping["mode"] = "adjacent"
    if puzzle.title:
        mapping["title"] = puzzle.title
    return mapping
