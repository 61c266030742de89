"""N-queens: count, enumerate, symmetry classes, a direct construction, puzzles.

Solutions are tuples of columns, one per row (row 0 at the top), 0-based.
Searches are iterative bitmask backtracking: a row's free columns are one
integer, so each step is a few machine-word operations.

Queens-completion puzzle text format (:func:`parse_queens_puzzles`)::

    # optional title line
    . . Q . . . . .
    ........          <- spaces between cells are optional
    ...

An n x n grid of ``.`` (empty) and ``Q`` (a given queen), one row per line,
row 1 at the top; puzzles are separated by blank lines.  Lines starting with
``#`` before a grid give its title.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from time import perf_counter

from solver.canonical import Form, board_form, board_relation
from solver.parsing import ParseIssue, split_lines
from solver.verdict import SolveStats, Status, Verdict


def _search(n: int, fixed: dict[int, int], cap: int | None, node_limit: int | None,
            first_row_cols: range | None = None) -> tuple[list[tuple[int, ...]], int, bool, SolveStats]:
    """Depth-first bitmask search, rows in order; ``fixed`` pins a column in some rows.

    Returns (first two solutions, count, complete, stats).  Lexicographic order."""
    began = perf_counter()
    stats = SolveStats()
    full = (1 << n) - 1
    found: list[tuple[int, ...]] = []
    count = 0
    complete = True
    cols = [0] * n
    # per row: (free-column bitmask still to try, columns, left diagonals, right diagonals)
    def choices(row: int, used: int, left: int, right: int) -> int:
        free = full & ~(used | left | right)
        if row in fixed:
            return free & (1 << fixed[row])
        if row == 0 and first_row_cols is not None:
            mask = 0
            for col in first_row_cols:
                mask |= 1 << col
            return free & mask
        return free
    if n == 0:
        return [()], 1, True, stats
    stack = [(choices(0, 0, 0, 0), 0, 0, 0)]
    while stack:
        free, used, left, right = stack[-1]
        row = len(stack) - 1
        if not free:
            stack.pop()
            stats.backtracks += 1
            continue
        bit = free & -free
        stack[-1] = (free ^ bit, used, left, right)
        stats.nodes += 1
        if node_limit is not None and stats.nodes > node_limit:
            complete = False
            break
        cols[row] = bit.bit_length() - 1
        if row == n - 1:
            count += 1
            if len(found) < 2:
                found.append(tuple(cols))
            if cap is not None and count >= cap:
                break
            continue
        used2, left2, right2 = used | bit, ((left | bit) << 1) & full, (right | bit) >> 1
        stack.append((choices(row + 1, used2, left2, right2), used2, left2, right2))
    stats.ms = (perf_counter() - began) * 1000.0
    return found, count, complete, stats


def _complete(n: int, fixed: dict[int, int], cap: int, node_limit: int | None,
              rng: random.Random | None = None) -> tuple[list[tuple[int, ...]], int, bool, SolveStats]:
    """Completions of a queens puzzle, fewest-choices row first (for verification).

    Row order (as in :func:`_search`) wastes millions of nodes on large boards
    with few givens before it meets a second solution; always branching on the
    row with the fewest free columns finds one at once and fails fast where
    the givens leave a row no place. Returns (first two solutions, count up to
    ``cap``, complete, stats); deterministic, not in lexicographic order, unless
    ``rng`` picks each row's columns in a random order (to draw a random solution)."""
    began = perf_counter()
    stats = SolveStats()
    full = (1 << n) - 1
    used = left = right = 0            # columns, r+c diagonals, c-r+n-1 diagonals
    cols = [-1] * n
    for row, col in fixed.items():
        cols[row] = col
        used |= 1 << col
        left |= 1 << (row + col)
        right |= 1 << (col - row + n - 1)

    def pick(used: int, left: int, right: int) -> tuple[int, int]:
        """The open row with the fewest free columns, and those columns (0 if none)."""
        best_row, best_free, best_count = -1, 0, n + 1
        for row in range(n):
            if cols[row] >= 0:
                continue
            free = full & ~used & ~(left >> row) & ~(right >> (n - 1 - row))
            count = free.bit_count()
            if count < best_count:
                best_row, best_free, best_count = row, free, count
                if count <= 1:
                    break
        return best_row, best_free

    found: list[tuple[int, ...]] = []
    count, complete = 0, True
    row, free = pick(used, left, right)
    if row < 0:
        return [tuple(cols)], 1, True, stats
    stack = [(row, free, used, left, right)]
    while stack:
        row, free, used, left, right = stack[-1]
        cols[row] = -1
        if not free:
            stack.pop()
            stats.backtracks += 1
            continue
        bit = free & -free
        if rng is not None:      # a random one of the free columns
            for _ in range(rng.randrange(free.bit_count())):
                bit = (free & ~(2 * bit - 1)) & -(free & ~(2 * bit - 1))
        stack[-1] = (row, free ^ bit, used, left, right)
        stats.nodes += 1
        if node_limit is not None and stats.nodes > node_limit:
            complete = False
            break
        col = bit.bit_length() - 1
        cols[row] = col
        used2, left2, right2 = used | bit, left | (1 << (row + col)), right | (1 << (col - row + n - 1))
        next_row, next_free = pick(used2, left2, right2)
        if next_row < 0:
            count += 1
            found.append(tuple(cols))
            if count >= cap:
                break
            continue
        stack.append((next_row, next_free, used2, left2, right2))
    stats.ms = (perf_counter() - began) * 1000.0
    return found[:2], count, complete, stats


class SearchBound(Exception):
    """An enumeration reached its node limit before it was complete (never a silent hang)."""

    def __init__(self, node_limit: int) -> None:
        super().__init__(f"search bound of {node_limit:,} nodes reached")
        self.node_limit = node_limit


def count_solutions(n: int, *, node_limit: int | None = None) -> int:
    """Number of ways to place n non-attacking queens (OEIS A000170).

    Counts only first-row queens in the left half and doubles them (the mirror
    image of a solution has its first queen in the other half), plus the
    middle column once for odd n. Raises :class:`SearchBound` when the two
    searches together need more than ``node_limit`` nodes."""
    if n <= 1:
        return 1 if n == 1 else 0
    _, half, complete, stats = _search(n, {}, None, node_limit, range(n // 2))
    middle = 0
    if complete and n % 2:
        rest = None if node_limit is None else node_limit - stats.nodes
        _, middle, complete, _ = _search(n, {}, None, rest, range(n // 2, n // 2 + 1))
    if not complete and node_limit is not None:
        raise SearchBound(node_limit)
    return 2 * half + middle


def iter_solutions(n: int, *, node_limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every solution, in lexicographic order, lazily (iterative, no recursion).

    Raises :class:`SearchBound` (after the solutions found so far) when more than
    ``node_limit`` nodes would be needed."""
    if n < 1:
        return
    full = (1 << n) - 1
    cols = [0] * n
    stack = [(full, 0, 0, 0)]
    nodes = 0
    while stack:
        free, used, left, right = stack[-1]
        row = len(stack) - 1
        free &= ~(used | left | right)
        if not free:
            stack.pop()
            continue
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            raise SearchBound(node_limit)
        bit = free & -free
        stack[-1] = (free ^ bit, used, left, right)
        cols[row] = bit.bit_length() - 1
        if row == n - 1:
            yield tuple(cols)
            continue
        stack.append((full, used | bit, ((left | bit) << 1) & full, (right | bit) >> 1))


def symmetries(solution: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The solution under the 8 symmetries of the square (some may coincide)."""
    n = len(solution)
    images = []
    current = solution
    for _ in range(4):
        images.append(current)
        images.append(tuple(reversed(current)))                  # mirror top-bottom
        rotated = [0] * n                                         # rotate a quarter turn
        for row, col in enumerate(current):
            rotated[col] = n - 1 - row
        current = tuple(rotated)
    return images


def distinct_solutions(n: int, *, node_limit: int | None = None) -> list[tuple[int, ...]]:
    """One representative (the lexicographically least image) of every class of
    solutions under rotation and reflection (OEIS A002562 counts them)."""
    return [s for s in iter_solutions(n, node_limit=node_limit) if s == min(symmetries(s))]


def count_distinct(n: int) -> int:
    return len(distinct_solutions(n))


def one_solution(n: int) -> tuple[int, ...] | None:
    """A solution by explicit construction in linear time (None for n = 2, 3).

    The classic construction (Bernhardsson 1991; Hoffman, Loessi and Moore
    1969): even columns then odd columns, repaired for n mod 6 = 2 or 3."""
    if n in (2, 3) or n < 1:
        return None
    evens = list(range(2, n + 1, 2))
    odds = list(range(1, n + 1, 2))
    if n % 6 == 2:
        odds = [3, 1] + odds[3:] + [5] if n > 2 else odds
    elif n % 6 == 3:
        evens = evens[1:] + [2]
        odds = odds[2:] + [1, 3]
    return tuple(c - 1 for c in evens + odds)


@dataclass(frozen=True)
class QueensPuzzle:
    """A queens-completion puzzle: place the other queens around the given ones."""

    n: int
    given: tuple[tuple[int, int], ...]
    line: int = 0
    index: int = 0
    title: str | None = None


def _name(square: tuple[int, int], n: int) -> str:
    row, col = square
    return f"{chr(ord('a') + col)}{n - row}" if n <= 26 else f"{row + 1},{col + 1}"


def _attack(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    if a[0] == b[0]:
        return "same row"
    if a[1] == b[1]:
        return "same column"
    if abs(a[0] - b[0]) == abs(a[1] - b[1]):
        return "diagonal"
    return None


def verify_queens(puzzle: QueensPuzzle, *, node_limit: int = 200_000) -> Verdict:
    """Does the puzzle have exactly one completion?  Contradictory givens are named."""
    n = puzzle.n
    if n < 1:
        return Verdict(Status.MALFORMED, f"board size {n} is not positive")
    for square in puzzle.given:
        if not (0 <= square[0] < n and 0 <= square[1] < n):
            return Verdict(Status.CONTRADICTORY, f"queen at {square} is off the {n}x{n} board")
    givens = list(dict.fromkeys(puzzle.given))     # in the order given, for the message
    for i, a in enumerate(givens):
        for b in givens[i + 1:]:
            how = _attack(a, b)
            if how:
                return Verdict(Status.CONTRADICTORY,
                               f"queens at {_name(a, n)} and {_name(b, n)} attack each other ({how})")
    found, count, complete, stats = _complete(n, dict(givens), 2, node_limit)
    if count >= 2:
        first, second = found
        differ = tuple((row, col) for row, col in enumerate(first) if second[row] != col)
        return Verdict(Status.MULTIPLE, f"more than one way to place the queens (rows "
                       f"{', '.join(str(n - r) for r, _ in differ)} differ)",
                       first, second, differ, stats)
    if not complete:
        return Verdict(Status.UNDETERMINED, f"search stopped after {node_limit} nodes", stats=stats)
    if count == 0:
        return Verdict(Status.UNSOLVABLE, "the given queens cannot be completed to a full solution",
                       stats=stats)
    return Verdict(Status.UNIQUE, None, found[0], stats=stats)


#: Largest queens puzzle read from text: no bigger board fits a page.
MAX_PUZZLE_N = 60
#: Nodes a uniqueness proof may take while a puzzle is made: a given whose removal cannot be
#: proved harmless within them stays (a 60x60 board is made in under a second)
MAKE_NODE_LIMIT = 20_000


def random_solution(n: int, rng: random.Random) -> tuple[int, ...] | None:
    """A solution drawn by ``rng`` (None for n = 2, 3): the fewest-choices search with the
    columns of each row in random order, restarted whenever it wanders."""
    if n in (2, 3) or n < 1:
        return None
    while True:
        found, count, _, _ = _complete(n, {}, 1, MAKE_NODE_LIMIT, rng)
        if count:
            return found[0]


def make_puzzle(n: int, seed: int, *, title: str | None = None, line: int = 0, index: int = 0) -> QueensPuzzle:
    """A queens puzzle whose answer is the only one, seeded: a random solution, then its
    queens taken away in a random order while the rest still has one completion. No given left
    can go (within :data:`MAKE_NODE_LIMIT` nodes a proof, past it the queen stays, so the answer
    is unique either way): on 8x8 two or three queens, on 60x60 about forty."""
    rng = random.Random(seed)
    solution = random_solution(n, rng)
    if solution is None:
        raise ValueError(f"no {n}x{n} board has a queens solution")
    given = dict(enumerate(solution))
    order = list(given)
    rng.shuffle(order)
    for row in order:
        rest = {r: c for r, c in given.items() if r != row}
        _, count, complete, _ = _complete(n, rest, 2, MAKE_NODE_LIMIT)
        if complete and count == 1:
            given = rest
    return QueensPuzzle(n, tuple(sorted(given.items())), line=line, index=index, title=title)


def parse_queens_puzzles(text: str) -> list[QueensPuzzle | ParseIssue]:
    """Read puzzles in the format of the module docstring; bad ones become ParseIssues."""
    results: list[QueensPuzzle | ParseIssue] = []
    block: list[tuple[int, str]] = []
    title: str | None = None
    for number, raw in enumerate(split_lines(text) + [""], start=1):
        line = raw.rstrip()
        if line.strip().startswith("#") and not block:
            title = line.strip().lstrip("#").strip() or None
            continue
        if line.strip():
            block.append((number, line))
            continue
        if block:
            results.append(_read_grid(block, title, len(results)))
            block, title = [], None
    return results


def _read_grid(block: list[tuple[int, str]], title: str | None,
               index: int) -> QueensPuzzle | ParseIssue:
    n = len(block)
    given: list[tuple[int, int]] = []
    width = None
    for row, (number, line) in enumerate(block):
        cells = [(col + 1, ch) for col, ch in enumerate(line) if not ch.isspace()]
        for column, ch in cells:
            if ch not in ".Qq":
                return ParseIssue(number, f"unexpected {ch!r}: use '.' for empty and 'Q' for a queen",
                                  column, index)
        if width is not None and len(cells) != width:
            return ParseIssue(number, f"row has {len(cells)} cells, the first row has {width}",
                              None, index)
        width = len(cells)
        given.extend((row, col) for col, (_, ch) in enumerate(cells) if ch in "Qq")
    if width != n:
        return ParseIssue(block[0][0], f"the grid is {width} wide and {n} tall: a queens board "
                          "is square", None, index)
    if n > MAX_PUZZLE_N:
        return ParseIssue(block[0][0], f"a {n}x{n} board is larger than the {MAX_PUZZLE_N}x{MAX_PUZZLE_N} "
                          "limit of queens puzzles", None, index)
    return QueensPuzzle(n, tuple(given), block[0][0], index, title)


def canonical_form(puzzle: QueensPuzzle) -> Form:
    """The least of the puzzle's images under the eight symmetries of the board (queens
    attack along the same lines on a turned or mirrored board: the same puzzle)."""
    text, _ = board_form(puzzle.n, puzzle.n, _queen_marks(puzzle))
    return Form("queens", text)


def relation(new: QueensPuzzle, old: QueensPuzzle) -> tuple[str, ...] | None:
    """How ``new`` is ``old`` turned or mirrored, in words; () when identical; None when
    they are different puzzles."""
    words = board_relation((old.n, old.n, _queen_marks(old)), (new.n, new.n, _queen_marks(new)))
    if words is None:
        return None
    return (words,) if words else ()


def _queen_marks(puzzle: QueensPuzzle) -> dict[tuple[int, int], str]:
    return dict.fromkeys(puzzle.given, "Q")
