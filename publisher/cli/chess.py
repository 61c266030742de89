"""``puzzlepress tour`` and ``puzzlepress queens``: the knight's tour and N-queens solvers.

Exit codes follow the CLI contract: 0 a tour / solution exists, 1 none exists,
2 usage errors (a board like ``0x5``, a square like ``a9`` on 8x8).
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import click

from publisher.cli import EXIT_OK, EXIT_REJECTED, UsageError, cli, emit_json
from solver import queens as q
from solver.knights import count_tours, find_tour, parse_square, square_name

#: Boards wider than this print a summary instead of the numbered grid.
MAX_GRID_COLS = 30
#: Counting tours is exhaustive: refuse boards where it would not finish.
MAX_COUNT_SQUARES = 30
#: Largest board ``tour`` builds (docs, "Limits"): 1000x1000 takes about 5 s and 0.3 GB,
#: 4x250000 about 20 s and 1.1 GB on the project's 2-core machine.
MAX_TOUR_SQUARES = 1_000_000
#: Largest N ``queens`` accepts (one solution is built in linear time; 1,000,000 takes 0.2 s).
MAX_QUEENS = 1_000_000
#: Largest N of the exhaustive queens requests: a search node costs time linear in N,
#: and no count beyond N = 27 is known anyway.
MAX_ENUMERATE_QUEENS = 64
#: Search bound of the exhaustive queens requests (--count, --all, --unique-up-to-symmetry):
#: about 10 s of search; n = 13 is counted within it.
QUEENS_NODE_LIMIT = 10_000_000

_BOARD = re.compile(r"^\s*([0-9]{1,9})\s*[xX*]\s*([0-9]{1,9})\s*$")


def _board(text: str) -> tuple[int, int]:
    match = _BOARD.match(text)
    if not match:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise UsageError(f"cannot read board {shown!r}: write ROWSxCOLS (at most 9 digits a side), e.g. 8x8")
    rows, cols = int(match.group(1)), int(match.group(2))
    if rows < 1 or cols < 1:
        raise UsageError(f"board {text!r} has no squares: both sides must be at least 1")
    if rows * cols > MAX_TOUR_SQUARES:
        raise UsageError(f"board {rows}x{cols} has {rows * cols:,} squares; the limit is {MAX_TOUR_SQUARES:,}")
    return rows, cols


def _numbered_grid(rows: int, cols: int, path: tuple[tuple[int, int], ...]) -> str:
    """The tour as a grid of move numbers, right-aligned in equal columns."""
    number = [[0] * cols for _ in range(rows)]
    for step, (row, col) in enumerate(path, start=1):
        number[row][col] = step
    width = len(str(rows * cols))
    return "\n".join(" ".join(f"{n:>{width}}" for n in line) for line in number)


@cli.command()
@click.argument("board")
@click.option("--start", "start_text", metavar="SQUARE",
              help="Start square: a1 (files a-z, rank 1 at the bottom) or ROW,COL (1-based, row 1 at the top).")
@click.option("--closed", is_flag=True, help="Ask for a closed tour (the last move returns to the start).")
@click.option("--count", "count", is_flag=True,
              help=f"Count the tours by exhaustive search (boards up to {MAX_COUNT_SQUARES} squares).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def tour(board: str, start_text: str | None, closed: bool, count: bool, as_json: bool) -> int:
    """Find a knight's tour on a ROWSxCOLS board (exit 1 when none exists, with the reason)."""
    rows, cols = _board(board)
    try:
        start = parse_square(start_text, rows, cols) if start_text else (0, 0)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if count:
        if rows * cols > MAX_COUNT_SQUARES:
            raise UsageError(f"--count enumerates every tour: use boards of at most "
                             f"{MAX_COUNT_SQUARES} squares, not {rows}x{cols}")
        total = count_tours(rows, cols, start=start if start_text else None, closed=closed)
        if as_json:
            emit_json({"rows": rows, "cols": cols, "start": list(start) if start_text else None,
                       "closed": closed, "count": total})
        else:
            kind = "closed (undirected)" if closed else "open (directed)"
            origin = f" from {square_name(start, rows, cols)}" if start_text and not closed else ""
            click.echo(f"{total} {kind} tours on {rows}x{cols}{origin}")
        return EXIT_OK if total else EXIT_REJECTED
    result = find_tour(rows, cols, start=start, closed=closed)
    if as_json:
        emit_json({"rows": rows, "cols": cols, "start": list(start), "closed": closed,
                   "exists": result.exists,
                   "path": [list(square) for square in result.path] if result.path else None,
                   "reason": result.reason})
    elif result.path is None:
        click.echo(f"no tour: {result.reason}")
    else:
        kind = "closed" if closed else "open"
        end = square_name(result.path[-1], rows, cols)
        click.echo(f"{kind} tour on {rows}x{cols} from {square_name(start, rows, cols)} to {end}")
        if cols <= MAX_GRID_COLS:
            click.echo(_numbered_grid(rows, cols, result.path))
        else:
            click.echo(f"{rows * cols} squares (grid not shown for more than {MAX_GRID_COLS} "
                       f"columns; use --json for the path)")
    return EXIT_OK if result.exists else EXIT_REJECTED


@cli.command()
@click.argument("n", type=click.IntRange(1, MAX_QUEENS))
@click.option("--count", "count", is_flag=True, help="Count the solutions.")
@click.option("--all", "show_all", is_flag=True, help="List the solutions (see --limit).")
@click.option("--limit", type=click.IntRange(1), default=None, metavar="K", help="With --all: at most K solutions.")
@click.option("--unique-up-to-symmetry", "distinct", is_flag=True,
              help="Only one solution of each class under rotation and reflection.")
@click.option("--node-limit", type=click.IntRange(1), default=QUEENS_NODE_LIMIT, show_default=True,
              help="Search bound of --count, --all and --unique-up-to-symmetry.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def queens(n: int, count: bool, show_all: bool, limit: int | None, distinct: bool, node_limit: int,
           as_json: bool) -> int:
    """Place N non-attacking queens: one solution, a count, or a list."""
    if limit is not None and not show_all:
        raise UsageError("--limit K needs --all")
    if (count or show_all or distinct) and n > MAX_ENUMERATE_QUEENS:
        raise UsageError(f"--count, --all and --unique-up-to-symmetry search exhaustively: "
                         f"N at most {MAX_ENUMERATE_QUEENS}, not {n}")
    try:
        return _queens(n, count, show_all, limit, distinct, node_limit, as_json)
    except q.SearchBound as bound:
        if as_json:
            emit_json({"n": n, "count": None, "solutions": [], "bounded": True, "reason": str(bound)})
        else:
            click.echo(f"undetermined for n = {n}: {bound} (raise --node-limit)")
        return EXIT_REJECTED


def _queens(n: int, count: bool, show_all: bool, limit: int | None, distinct: bool, node_limit: int,
            as_json: bool) -> int:
    if distinct:
        solutions = q.distinct_solutions(n, node_limit=node_limit)
        total: int | None = len(solutions)
    elif show_all:
        solutions = _first(q.iter_solutions(n, node_limit=node_limit), limit)
        total = q.count_solutions(n, node_limit=node_limit) if count else None
    else:
        one = q.one_solution(n)
        solutions = [one] if one is not None else []
        total = q.count_solutions(n, node_limit=node_limit) if count else None
    if show_all and limit is not None:
        solutions = solutions[:limit]
    elif distinct and not show_all:
        solutions = solutions[:1]
    if as_json:
        emit_json({"n": n, "count": total, "solutions": [list(s) for s in solutions]})
    else:
        if total is not None:
            noun = "distinct solutions" if distinct else "solutions"
            click.echo(f"{total} {noun} for n = {n}")
        for solution in solutions:
            click.echo(_queens_board(solution) if n <= MAX_GRID_COLS else
                       " ".join(str(c + 1) for c in solution[:MAX_GRID_COLS]) + " ...")
            click.echo("")
        if not solutions:
            click.echo(f"no solution for n = {n}")
    found = bool(solutions) or bool(total)
    return EXIT_OK if found else EXIT_REJECTED


def _first(iterator: Iterator[tuple[int, ...]], limit: int | None) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for solution in iterator:
        if limit is not None and len(out) >= limit:
            break
        out.append(solution)
    return out


def _queens_board(solution: tuple[int, ...]) -> str:
    n = len(solution)
    return "\n".join(" ".join("Q" if c == col else "." for c in range(n)) for col in solution)
