"""Reading puzzles the ways they circulate: one per line, multi-line grids, structured mappings.

Text rules (see :func:`parse_text`):

* **One puzzle per line**: N*N cell characters, then optionally whitespace or
  ``#`` and a comment that becomes the puzzle's ``label``.
* **Multi-line grids**: N rows of N cells; spaces, ``|`` and ``+`` between
  cells are ignored and lines made only of ``-+|=*`` and spaces are skipped
  (the .sdk/.ss forum style). A grid ends after its N-th row.
* Blank lines separate puzzles; lines starting with ``#`` are comments.
* ``[Name]`` lines start a section (SadMan's ``.sdk``): puzzles are read outside any section and
  in ``[Puzzle]`` ones; the others (``[State]``, a player's progress) are read over.
* A blank cell is ``.``, ``_`` or ``0`` (``0`` only when it is not a symbol).

Every problem becomes a :class:`ParseIssue` in the puzzle's place, naming the
line (and the column of a bad character), and reading carries on.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.parsing import ParseIssue, split_lines, too_long
from solver.sudoku.geometry import MAX_SIZE, Geometry, default_symbols
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.rules import variant_problem, variant_rules

#: Cell counts of the sizes recognised without an explicit size: 4, 6, 8, 9, 10, 12, 16, 25.
_KNOWN_SIZES = (4, 6, 8, 9, 10, 12, 16, 25)
_BLANKS = "._0"
_GRID_SEPARATORS = "|+"
_RULE_CHARACTERS = set("-+|=* \t")
_MAPPING_KEYS = ("givens", "size", "box", "regions", "symbols", "variant", "parity", "id", "title", "difficulty")
#: What a ``puzzlepress generate --json`` line holds besides those: ``puzzle`` is its givens,
#: the rest describe the puzzle and are read over, so a saved line reads back as it was made
_RECORD_KEYS = ("puzzle", "solution", "rating", "level", "hardest", "rating_exact", "symmetry", "seed", "ms")


class _Problem(Exception):
    """A parse problem inside one puzzle; turned into a ParseIssue at the puzzle's boundary."""

    def __init__(self, message: str, line: int, column: int | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


@dataclass(frozen=True)
class _Options:
    """What the caller fixed for every puzzle of a text; None means "detect"."""

    size: int | None = None
    box: tuple[int, int] | None = None
    symbols: str | None = None
    regions: Sequence[Hashable] | None = None
    variant: tuple[str, ...] = ()      # variant rule names (solver.sudoku.rules.VARIANTS)
    parity: str | None = None          # even-odd marks, N*N of e/o/.

    def size_for(self, cells: int, line: int) -> int:
        """The grid size for a puzzle of ``cells`` cells (a one-line puzzle)."""
        size = self.size or (len(self.symbols) if self.symbols else None)
        if size is not None:
            if cells != size * size:
                raise _Problem(f"{cells} cells, expected {size * size}", line)
            return size
        for known in _KNOWN_SIZES:
            if cells == known * known:
                return known
        nearest = min(_KNOWN_SIZES, key=lambda k: abs(k * k - cells))
        raise _Problem(f"{cells} cells, expected {nearest * nearest}", line)

    def geometry(self, size: int, line: int) -> Geometry:
        try:
            if self.regions is not None:
                shape = Geometry.jigsaw(size, self.regions)
            elif self.box is not None:
                shape = Geometry.boxed(size, *self.box)
            else:
                shape = Geometry.boxed(size)
        except ValueError as error:
            raise _Problem(str(error), line) from None
        if not self.variant and self.parity is None:
            return shape
        reason = variant_problem(self.variant, size, boxed_3x3=(shape.box_rows, shape.box_cols) == (3, 3),
                                 jigsaw=shape.is_jigsaw, parity=self.parity)
        if reason:
            raise _Problem(reason, line)
        if "even_odd" in self.variant and self.parity is None:
            raise _Problem("the variant even_odd needs its 'parity' marks (N*N of e, o or .)", line)
        return shape.with_rules(variant_rules(self.variant, self.parity))

    def alphabet(self, size: int, line: int) -> str:
        symbols = self.symbols or _default(size, line)
        if len(symbols) != size or len(set(symbols)) != size:
            raise _Problem(f"symbols '{symbols}' must be {size} different characters", line)
        return symbols


def _default(size: int, line: int) -> str:
    try:
        return default_symbols(size)
    except ValueError as error:
        raise _Problem(str(error), line) from None


def _values(cells: Sequence[tuple[int, int, str]], symbols: str) -> tuple[int, ...]:
    """Cell characters (line, column, char) to values; blanks to 0, letters case-insensitively
    unless the alphabet itself mixes cases."""
    lookup = {ch: i + 1 for i, ch in enumerate(symbols)}
    if symbols == symbols.upper():
        lookup.update({ch.lower(): v for ch, v in lookup.items()})
    values = []
    for line, column, ch in cells:
        value = lookup.get(ch)
        if value is None:
            if ch not in _BLANKS or ch in lookup:
                raise _Problem(f"unexpected character '{ch}' (column {column})", line, column)
            value = 0
        values.append(value)
    return tuple(values)


def _strip_comment(text: str) -> tuple[str, str | None]:
    """Split a line at ``#``: (content, comment or None)."""
    head, mark, comment = text.partition("#")
    return head.rstrip(), (comment.strip() or None) if mark else None


@dataclass
class _Grid:
    """A multi-line grid being collected, row by row."""

    line: int
    width: int
    rows: list[list[tuple[int, int, str]]] = field(default_factory=list)


class _TextReader:
    """Walks a text once, emitting puzzles and issues in order."""

    def __init__(self, options: _Options) -> None:
        self.options = options
        self.results: list[Puzzle | ParseIssue] = []   # made since the caller last took them
        self.made = 0                                   # puzzles and issues made in all
        self.grid: _Grid | None = None
        self.skipping = False   # after a bad grid row: ignore rows until the grid's block ends
        self.section: str | None = None   # the [Section] the lines are in (None: none yet)

    def read(self, text: str) -> list[Puzzle | ParseIssue]:
        lines = split_lines(text)
        for number, raw in enumerate(lines, 1):
            self._line(number, raw)
        self._end_block(len(lines) + 1)
        return self.results

    def stream(self, lines: Iterable[str]) -> Iterator[Puzzle | ParseIssue]:
        """Like :meth:`read` over lines (without their line ends), yielding each result as
        soon as its last line is read: memory stays that of one puzzle, whatever the input."""
        number = 0
        for number, raw in enumerate(lines, 1):
            self._line(number, raw)
            if self.results:
                yield from self.results
                self.results.clear()
        self._end_block(number + 1)
        yield from self.results
        self.results.clear()

    def _add(self, item: Puzzle | ParseIssue) -> None:
        self.results.append(item)
        self.made += 1

    def _emit_issue(self, problem: _Problem) -> None:
        self._add(ParseIssue(problem.line, problem.message, problem.column, self.made))

    def _puzzle(self, cells: Sequence[tuple[int, int, str]], size: int, line: int,
                label: str | None) -> None:
        options = self.options
        symbols = options.alphabet(size, line)
        givens = _values(cells, symbols)
        geometry = options.geometry(size, line)
        self._add(Puzzle(geometry, symbols, givens, line, self.made, label))

    def _line(self, number: int, raw: str) -> None:
        if problem := too_long(raw):
            self._end_block(number)
            self._emit_issue(_Problem(problem, number))
            return
        stripped = raw.strip()
        if not stripped:
            self._end_block(number)
            return
        if stripped.startswith("#"):
            return
        if stripped.startswith("[") and stripped.endswith("]"):
            self._end_block(number)
            self.section = stripped[1:-1].strip().lower()
            return
        if self.section not in (None, "puzzle"):
            return
        content, comment = _strip_comment(raw)
        if set(content) <= _RULE_CHARACTERS:
            return
        if (self.grid is not None or self.skipping) and self._whole_line(content):
            self._end_block(number)   # a full one-line puzzle never continues a broken grid
        if self.grid is None and self._one_line(number, content, comment):
            self.skipping = False
        elif not self.skipping:
            self._grid_row(number, content)

    def _whole_line(self, content: str) -> bool:
        token = content.split(None, 1)[0]
        return not any(ch in _GRID_SEPARATORS for ch in token) and self._looks_whole(token)

    def _one_line(self, number: int, content: str, comment: str | None) -> bool:
        """Read ``content`` as a whole puzzle if it is one; False means it is a grid row."""
        if not self._whole_line(content):
            return False
        lead = len(content) - len(content.lstrip())
        token, *rest = content.split(None, 1)
        cells = [(number, lead + i + 1, ch) for i, ch in enumerate(token)]
        label = " ".join(part.strip() for part in (*rest, comment) if part) or None
        try:
            self._puzzle(cells, self.options.size_for(len(cells), number), number, label)
        except _Problem as problem:
            self._emit_issue(problem)
        return True

    def _looks_whole(self, token: str) -> bool:
        """Whether a line's first token is a whole puzzle rather than a grid row.

        A row of an N x N grid has at most N (<= 25) cells; a whole puzzle has
        N*N. The only clash among common sizes is 16 characters (a 4x4 puzzle
        or a 16x16 row): it is a 4x4 puzzle when every character fits one.
        """
        size = self.options.size or (len(self.options.symbols) if self.options.symbols else None)
        if size is not None:
            return len(token) > size
        if len(token) == 16:
            return set(token) <= set("1234" + _BLANKS)
        return len(token) > 25

    def _grid_row(self, number: int, content: str) -> None:
        cells = [(number, i + 1, ch) for i, ch in enumerate(content)
                 if not ch.isspace() and ch not in _GRID_SEPARATORS]
        grid = self.grid
        if grid is None:
            grid = self.grid = _Grid(number, len(cells))
            expected = self.options.size
            if expected is not None and len(cells) != expected:
                self._fail(_Problem(f"grid row has {len(cells)} cells, expected {expected}", number))
                return
        elif len(cells) != grid.width:
            self._fail(_Problem(f"grid row {len(grid.rows) + 1} has {len(cells)} cells, "
                                f"expected {grid.width}", number))
            return
        grid.rows.append(cells)
        if len(grid.rows) == grid.width:
            self.grid = None
            try:
                self._puzzle([c for row in grid.rows for c in row], grid.width, grid.line, None)
            except _Problem as problem:
                self._emit_issue(problem)

    def _fail(self, problem: _Problem) -> None:
        self._emit_issue(problem)
        self.grid = None
        self.skipping = True

    def _end_block(self, number: int) -> None:
        grid = self.grid
        if grid is not None and len(grid.rows) == 1:
            # a lone short line between one-line puzzles: most likely a truncated puzzle
            self._emit_issue(_Problem(f"{grid.width} cells: not a puzzle line, and no grid "
                                      "rows follow it", grid.line))
        elif grid is not None:
            self._emit_issue(_Problem(f"grid has {len(grid.rows)} rows, expected {grid.width}",
                                      grid.line))
        self.grid = None
        self.skipping = False


def _region_labels(regions: str | Sequence[Any] | None) -> Sequence[Hashable] | None:
    """A region map as given (one string, or one string per row, or labels) -> a label list."""
    if regions is None:
        return None
    if isinstance(regions, str):
        return [ch for ch in regions if not ch.isspace()]
    labels: list[Hashable] = []
    for row in regions:
        if isinstance(row, str):
            labels.extend(ch for ch in row if not ch.isspace())
        elif isinstance(row, (list, tuple)):
            labels.extend(row)
        else:
            labels.append(row)
    return labels


def parse_text(text: str, *, size: int | None = None, box: tuple[int, int] | None = None,
               symbols: str | None = None, regions: str | Sequence[Any] | None = None,
               variant: Sequence[str] = (), parity: str | None = None) -> list[Puzzle | ParseIssue]:
    """Every puzzle in ``text``, in order; a :class:`ParseIssue` in the place of each bad one.

    ``size`` is detected from the cell count when not given (or from ``symbols``);
    ``box`` overrides the default box shape; ``regions`` (N*N labels) makes every
    puzzle a jigsaw; ``variant`` names the rules every puzzle keeps besides rows,
    columns and regions, and ``parity`` the even-odd marks (N*N of ``e``, ``o``, ``.``).
    """
    options = _Options(size, (box[0], box[1]) if box else None, symbols, _region_labels(regions),
                       tuple(variant), "".join(parity.split()) if parity is not None else None)
    return _TextReader(options).read(text)


def iter_lines(lines: Iterable[str], *, size: int | None = None, box: tuple[int, int] | None = None,
               symbols: str | None = None, regions: str | Sequence[Any] | None = None,
               variant: Sequence[str] = (), parity: str | None = None) -> Iterator[Puzzle | ParseIssue]:
    """:func:`parse_text` over an iterable of lines (no line ends), lazily: a file of ten
    million puzzles is read one puzzle at a time. Same results, same order."""
    options = _Options(size, (box[0], box[1]) if box else None, symbols, _region_labels(regions),
                       tuple(variant), "".join(parity.split()) if parity is not None else None)
    return _TextReader(options).stream(lines)


def _parse_box(value: Any) -> tuple[int, int]:
    """'2x3' or [2, 3] -> (2, 3); each side 1..MAX_SIZE (checked before any grid is built)."""
    box: tuple[int, int] | None = None
    if isinstance(value, str):
        rows, sep, cols = value.lower().partition("x")
        rows, cols = rows.strip(), cols.strip()
        if sep and rows.isascii() and rows.isdigit() and cols.isascii() and cols.isdigit() \
                and len(rows) <= 3 and len(cols) <= 3:
            box = int(rows), int(cols)
    elif isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        box = int(value[0]), int(value[1])
    if box is None or not all(1 <= side <= MAX_SIZE for side in box):
        raise ValueError(f"box {value!r} is not ROWSxCOLS like '2x3' or [2, 3] (sides 1..{MAX_SIZE})")
    return box


def _region_map_shape(regions: Any) -> bool:
    """True when ``regions`` is a string or a list of strings, numbers or lists of them."""
    def label(value: Any) -> bool:
        return isinstance(value, (str, int)) and not isinstance(value, bool)
    return isinstance(regions, str) or (isinstance(regions, (list, tuple)) and all(
        label(row) or (isinstance(row, (list, tuple)) and all(label(v) for v in row)) for row in regions))


def _optional_text(mapping: Mapping[str, Any], key: str) -> str | None:
    value = mapping.get(key)
    return None if value is None else str(value)


def parse_mapping(mapping: Mapping[str, Any], *, line: int = 0,
                  index: int = 0) -> Puzzle | ParseIssue:
    """One puzzle from its structured form (a YAML/JSON mapping).

    Keys: ``givens`` (text in any form :func:`parse_text` reads, or a list of
    row strings), ``size``, ``box`` ("2x3" or [2, 3]), ``regions`` (N*N labels
    as one string or row strings), ``symbols``, ``variant`` (a list of rule names),
    ``parity`` (N*N marks ``e``/``o``/``.``, one string or row strings), ``id``, ``title``,
    ``difficulty``.
    ``line`` is where the mapping starts in its file, for messages.
    """
    def issue(message: str) -> ParseIssue:
        return ParseIssue(line, message, None, index)

    if not isinstance(mapping, Mapping):
        return issue(f"expected a mapping with 'givens', got {type(mapping).__name__}")
    unknown = [str(key) for key in mapping if key not in _MAPPING_KEYS + _RECORD_KEYS]
    if unknown:
        return issue(f"unknown key '{unknown[0]}' (expected one of {', '.join(_MAPPING_KEYS)})")
    givens = mapping.get("givens", mapping.get("puzzle"))
    if isinstance(givens, (list, tuple)) and all(isinstance(row, str) for row in givens):
        givens = "\n".join(givens)
    if not isinstance(givens, str) or not givens.strip():
        return issue("'givens' must be a non-empty string or a list of row strings")
    size = mapping.get("size")
    if size is not None and (not isinstance(size, int) or isinstance(size, bool)):
        return issue(f"'size' must be a whole number, not {size!r}")
    symbols = _optional_text(mapping, "symbols")
    try:
        box = _parse_box(mapping["box"]) if mapping.get("box") is not None else None
    except ValueError as error:
        return issue(str(error))
    if size is not None and not 1 <= size <= MAX_SIZE:
        return issue(f"'size' must be 1..{MAX_SIZE}, not {size}")
    regions = mapping.get("regions")
    if regions is not None and not _region_map_shape(regions):
        return issue("'regions' must be a string of N*N region labels or a list of row strings")
    if regions is not None and size is None:
        labels = _region_labels(regions)
        size = round(len(labels) ** 0.5) if labels else None
    variant = mapping.get("variant", ())
    if isinstance(variant, str):
        variant = [part.strip() for part in variant.split(",") if part.strip()]
    if not isinstance(variant, (list, tuple)) or not all(isinstance(v, str) for v in variant):
        return issue("'variant' must be a list of variant names like [x, anti_knight]")
    parity = mapping.get("parity")
    if isinstance(parity, (list, tuple)) and all(isinstance(row, str) for row in parity):
        parity = "".join(parity)
    if parity is not None and not isinstance(parity, str):
        return issue("'parity' must be a string of N*N marks e (even), o (odd) or . (unmarked)")
    results = parse_text(givens, size=size, box=box, symbols=symbols, regions=regions,
                         variant=variant, parity=parity)
    if len(results) != 1:
        return issue(f"'givens' holds {len(results)} puzzles, expected 1")
    result = results[0]
    if isinstance(result, ParseIssue):
        where = f" (givens line {result.line})" if "\n" in givens.strip() else ""
        return issue(result.message + where)
    return Puzzle(result.geometry, result.symbols, result.givens, line, index, result.label,
                  _optional_text(mapping, "id"), _optional_text(mapping, "title"),
                  _optional_text(mapping, "difficulty"))
