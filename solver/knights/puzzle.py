"""Knight's-tour puzzles: squares with move numbers given, the reader fills the rest.

Text format (:func:`parse_tour_puzzles`)::

    # Euler's puzzle            <- optional title line(s) starting with '#'
    closed any                  <- optional header: open|closed and unique|any
    1  .  .  .  .
    .  .  .  2  .
    ...

A grid of whitespace-separated move numbers (1 .. rows*cols) or ``.`` for an
empty square, row 1 at the top, every row the same width; puzzles are
separated by blank lines.  Without a header a puzzle is ``open unique``: its
answer must be unique.  ``any`` marks a task ("complete this tour") where
every completion is an answer.

Puzzles made from a generated tour (:func:`tour_puzzle`) follow one rule:
showing only the start or the first k moves is a task (any completion is an
answer, as in Euler's puzzle); showing every k-th number is a puzzle whose
answer must be unique, so extra numbers are shown where the every-k-th ones
alone would allow a second tour.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from solver.knights.board import Square, is_knight_move, square_name
from solver.knights.search import search_tours
from solver.knights.theory import knight_distance, tour_exists
from solver.knights.tours import find_tour
from solver.parsing import ParseIssue, split_lines
from solver.verdict import SolveStats, Status, Verdict


@dataclass(frozen=True)
class KnightPuzzle:
    """A board with some squares numbered by the move that visits them."""

    rows: int
    cols: int
    givens: tuple[tuple[Square, int], ...]
    closed: bool = False
    require_unique: bool = True
    line: int = 0
    index: int = 0
    title: str | None = None


def _contradiction(puzzle: KnightPuzzle) -> str | None:
    """The first rule the givens break before any search, or None."""
    rows, cols = puzzle.rows, puzzle.cols
    total = rows * cols
    name = lambda square: square_name(square, rows, cols)  # noqa: E731
    by_square: dict[Square, int] = {}
    by_number: dict[int, Square] = {}
    for square, number in puzzle.givens:
        if not (0 <= square[0] < rows and 0 <= square[1] < cols):
            return f"square {square} is off the {rows}x{cols} board"
        if not 1 <= number <= total:
            return f"number {number} at {name(square)} is out of range 1..{total}"
        if square in by_square and by_square[square] != number:
            return f"two numbers on {name(square)}: {by_square[square]} and {number}"
        if number in by_number and by_number[number] != square:
            return f"number {number} is on two squares: {name(by_number[number])} and {name(square)}"
        by_square[square] = number
        by_number[number] = square
    ordered = sorted(by_number.items())
    pairs = list(itertools.pairwise(ordered))
    if puzzle.closed and len(ordered) > 1:
        (first, a), (last, b) = ordered[0], ordered[-1]
        pairs.append(((last, b), (first + total, a)))
    for (n1, s1), (n2, s2) in pairs:
        moves = n2 - n1
        label = f"{n1 if n1 <= total else n1 - total} at {name(s1)} and " \
                f"{n2 if n2 <= total else n2 - total} at {name(s2)}"
        if moves == 1 and not is_knight_move(s1, s2):
            return f"consecutive numbers {label} are not a knight's move apart"
        distance = knight_distance(rows, cols, s1, s2)
        if distance is None:
            return f"numbers {label}: a knight cannot get from one to the other on this board"
        if distance > moves:
            return (f"numbers {label} are {distance} knight moves apart, "
                    f"but only {moves} moves separate them")
        if (distance - moves) % 2:
            return (f"numbers {label}: {moves} moves always change the square colour "
                    f"{'an odd' if moves % 2 else 'an even'} number of times, "
                    f"but the squares are {'the same' if distance % 2 == 0 else 'different'} colours")
    start = by_number.get(1)
    existence = tour_exists(rows, cols, closed=puzzle.closed, start=start)
    if not existence.exists:
        return existence.reason
    return None


def _differences(a: tuple[Square, ...], b: tuple[Square, ...]) -> tuple[Square, ...]:
    number_a = {square: i for i, square in enumerate(a)}
    return tuple(sorted(square for i, square in enumerate(b) if number_a[square] != i))


def verify_tour_puzzle(puzzle: KnightPuzzle, *, node_limit: int = 200_000) -> Verdict:
    """Check a puzzle: contradictions first, then search (see :class:`Verdict`)."""
    rows, cols = puzzle.rows, puzzle.cols
    if rows < 1 or cols < 1:
        return Verdict(Status.MALFORMED, f"a {rows}x{cols} board has no squares")
    reason = _contradiction(puzzle)
    if reason:
        return Verdict(Status.CONTRADICTORY, reason)
    numbers = {number for _, number in puzzle.givens}
    if not puzzle.require_unique and numbers <= {1}:
        start = puzzle.givens[0][0] if puzzle.givens else (0, 0)
        tour = find_tour(rows, cols, start=start, closed=puzzle.closed)
        return Verdict(Status.SOLVED, None, tour.path)
    fixed = {number - 1: square for square, number in puzzle.givens}
    outcome = search_tours(rows, cols, closed=puzzle.closed, fixed=fixed,
                           cap=2 if puzzle.require_unique else 1, node_limit=node_limit)
    paths = [tuple(divmod(i, cols) for i in p) for p in outcome.paths]
    stats: SolveStats = outcome.stats
    if puzzle.require_unique and outcome.count >= 2:
        diff = _differences(paths[0], paths[1])
        where = ", ".join(square_name(s, rows, cols) for s in diff[:6])
        return Verdict(Status.MULTIPLE, f"more than one tour fits the givens (they differ at {where}"
                       f"{', ...' if len(diff) > 6 else ''})", paths[0], paths[1], diff, stats)
    if not outcome.complete:
        return Verdict(Status.UNDETERMINED, f"search stopped after {node_limit} nodes",
                       paths[0] if paths else None, stats=stats)
    if outcome.count == 0:
        return Verdict(Status.UNSOLVABLE, "no tour passes the given numbers", stats=stats)
    status = Status.UNIQUE if puzzle.require_unique else Status.SOLVED
    return Verdict(status, None, paths[0], stats=stats)


def count_completions(puzzle: KnightPuzzle, *, cap: int, node_limit: int | None = None) -> int:
    """Number of tours that fit the givens, counting stops at ``cap`` (0 if contradictory)."""
    if _contradiction(puzzle):
        return 0
    fixed = {number - 1: square for square, number in puzzle.givens}
    return search_tours(puzzle.rows, puzzle.cols, closed=puzzle.closed, fixed=fixed, cap=cap,
                        node_limit=node_limit).count


def tour_puzzle(rows: int, cols: int, *, start: Square | None = None, closed: bool = False,
                show_every: int | None = None, show_first: int | None = None,
                line: int = 0, index: int = 0, title: str | None = None) -> KnightPuzzle | ParseIssue:
    """A book puzzle cut from a generated tour (deterministic: the same tour every time).

    Shows the start only, the first ``show_first`` moves (a task: any
    completion answers it), or every ``show_every``-th number plus the last
    (a puzzle: the answer must be unique; where another tour would also fit,
    further numbers of the source tour are shown until none does)."""
    for label, value in (("show_every", show_every), ("show_first", show_first)):
        if value is not None and value < 1:
            return ParseIssue(line, f"{label} must be at least 1, not {value}", None, index)
    tour = find_tour(rows, cols, start=start if start is not None else (0, 0), closed=closed)
    if not tour.exists or tour.path is None:
        return ParseIssue(line, tour.reason or "no tour", None, index)
    path = tour.path
    shown = {1}
    if show_first is not None:
        shown.update(range(1, min(show_first, len(path)) + 1))
    if show_every is not None:
        shown.update(range(1, len(path) + 1, show_every))
        shown.add(len(path))
    givens = tuple((path[number - 1], number) for number in sorted(shown))
    puzzle = KnightPuzzle(rows, cols, givens, closed, show_every is not None, line, index, title)
    return _until_unique(puzzle, path) if show_every is not None else puzzle


#: Search bound of the uniqueness loop when making a puzzle. Smaller than the
#: verifier's default so that a puzzle this loop proves unique is proved again,
#: node for node, by verification under any bound at least this large.
GENERATION_NODE_LIMIT = 20_000


def _until_unique(puzzle: KnightPuzzle, path: tuple[Square, ...],
                  node_limit: int = GENERATION_NODE_LIMIT) -> KnightPuzzle:
    """Add numbers from the source tour until the answer is provably unique.

    Where another tour fits, the first number where it leaves the source tour
    is revealed, which rules that tour out. Where the search cannot decide
    within ``node_limit`` (big boards, sparse numbers), the middles of the
    widest gaps between shown numbers are revealed, which shortens every
    stretch the search must bridge. Either way the loop ends, at worst with
    every number shown, and the search is deterministic, so verification
    repeats the proof."""
    while True:
        verdict = verify_tour_puzzle(puzzle, node_limit=node_limit)
        if verdict.status is Status.MULTIPLE:
            other = verdict.other_solution if verdict.solution == path else verdict.solution
            step = next(i for i, square in enumerate(other) if square != path[i])
            reveal = [step + 1]
        elif verdict.status is Status.UNDETERMINED:
            numbers = sorted(number for _, number in puzzle.givens)
            gaps = sorted(((b - a, a) for a, b in itertools.pairwise(numbers) if b - a > 1),
                          key=lambda gap: (-gap[0], gap[1]))
            reveal = [start + width // 2 for width, start in gaps[: max(1, len(gaps) // 4)]]
        else:
            return puzzle
        givens = tuple(sorted(puzzle.givens + tuple((path[n - 1], n) for n in reveal), key=lambda g: g[1]))
        puzzle = KnightPuzzle(puzzle.rows, puzzle.cols, givens, puzzle.closed, True,
                              puzzle.line, puzzle.index, puzzle.title)


#: Largest side of a knight's-tour puzzle read from text (as for generated boards): the
#: givens' distance tables grow with squares x givens, and no bigger grid fits a page.
MAX_PUZZLE_SIDE = 60


def parse_tour_puzzles(text: str) -> list[KnightPuzzle | ParseIssue]:
    """Read puzzles in the format of the module docstring; bad ones become ParseIssues."""
    results: list[KnightPuzzle | ParseIssue] = []
    block: list[tuple[int, str]] = []
    titles: list[str] = []
    for number, raw in enumerate(split_lines(text) + [""], start=1):
        stripped = raw.strip()
        if stripped.startswith("#") and not block:
            titles.append(stripped.lstrip("#").strip())
        elif stripped:
            block.append((number, raw))
        elif block:
            results.append(_read_puzzle(block, " ".join(t for t in titles if t) or None,
                                        len(results)))
            block, titles = [], []
    return results


_HEADER_WORDS = {"open": ("closed", False), "closed": ("closed", True),
                 "unique": ("unique", True), "any": ("unique", False)}


def _read_puzzle(block: list[tuple[int, str]], title: str | None,
                 index: int) -> KnightPuzzle | ParseIssue:
    settings = {"closed": False, "unique": True}
    first_line, first = block[0]
    words = first.split()
    if words and all(word.lower() in _HEADER_WORDS for word in words):
        for word in words:
            key, value = _HEADER_WORDS[word.lower()]
            settings[key] = value
        block = block[1:]
        if not block:
            return ParseIssue(first_line, "header without a grid", None, index)
    width = None
    givens: list[tuple[Square, int]] = []
    for row, (number, raw) in enumerate(block):
        cells = _tokens(raw)
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            return ParseIssue(number, f"row has {len(cells)} squares, the first row has {width}",
                              None, index)
        for col, (column, token) in enumerate(cells):
            if token == ".":
                continue
            if not (token.isascii() and token.isdigit()) or len(token) > 9:
                return ParseIssue(number, f"unexpected {token!r}: use a move number or '.'",
                                  column + 1, index)
            givens.append(((row, col), int(token)))
    rows, cols = len(block), width or 0
    if rows > MAX_PUZZLE_SIDE or cols > MAX_PUZZLE_SIDE:
        return ParseIssue(block[0][0], f"a {rows}x{cols} board is larger than the "
                          f"{MAX_PUZZLE_SIDE}x{MAX_PUZZLE_SIDE} limit of tour puzzles", None, index)
    total = rows * cols
    for (square, move) in givens:
        if not 1 <= move <= total:
            number, raw = block[square[0]]
            return ParseIssue(number, f"number {move} is out of range 1..{total}",
                              _tokens_column(raw, square[1]), index)
    return KnightPuzzle(rows, cols, tuple(givens), settings["closed"], settings["unique"],
                        block[0][0], index, title)


def _tokens(raw: str) -> list[tuple[int, str]]:
    """Whitespace-separated tokens with their 0-based offsets in the line."""
    out = []
    pos = 0
    for token in raw.split():
        at = raw.index(token, pos)
        out.append((at, token))
        pos = at + len(token)
    return out


def _tokens_column(raw: str, col: int) -> int:
    return _tokens(raw)[col][0] + 1
