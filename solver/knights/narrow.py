"""Knight's tours on long 3 x n boards in linear time: blocks joined along two lanes.

Single-move joins between the closed tours of 3-row blocks do not exist, so
this construction thinks in *paths with ports* instead.  The board is cut into
blocks of 8 to 15 columns.  Two blocks side by side (the left one ``w`` wide,
the right one starting at local column 0) are joined by the two knight moves
that cross their boundary::

    (0, w-1) - (2, 0)        (2, w-1) - (0, 0)

so a block's *left ports* are (0, 0) and (2, 0), its *right ports* (0, w-1)
and (2, w-1).  Whatever lies beyond a joined side is one path between that
side's two ports, so a block can be searched on its own, with a *virtual edge*
between the two ports of each joined side standing for everything beyond it:

* a **cap** (the outer block of a side): a cycle through the virtual edge of
  its one joined side, i.e. a path between its two ports;
* an **interior** block: a cycle through both virtual edges, i.e. two strands,
  each from a left port to a right port (the two lanes: out and back);
* the **start** block: a path from the start square through the virtual edge
  of each joined side (an open tour begins inside it and runs out and back).

Replacing each virtual edge by the side beyond it gives one cycle (cap, interior
blocks, cap) or one path from the start, and the cached searches cover every
board width: the shapes used are a handful (see :func:`side_widths` and
:func:`open_blocks`), each found once by the exhaustive search of
:mod:`solver.graphs` in milliseconds, then chained in linear time.

Colours decide the shapes: each strand of an interior block joins squares of
two columns ``w - 1`` apart, so interiors are even (8..14 columns: 4 and 6 have
no two-lane cover), caps odd (9..15: 3x7 has no port-to-port path).  A closed
tour therefore needs 18 columns at least, an open one from every valid start
27; shorter boards are left to the search (:data:`SHORTEST`).
"""
from __future__ import annotations

from functools import cache

from solver.graphs import PathProblem, search_paths
from solver.knights.blocks import Links
from solver.knights.board import Square, neighbours
from solver.knights.search import tie_ranks

ROWS = 3
#: Shortest board the construction builds, closed and open (shorter: the search).
SHORTEST = {True: 18, False: 27}
#: The block around the start: 9 columns when both sides are joined, and at an end of the board 8 or 10
#: (10 where the start lies in columns 8 or 9, beyond an 8-wide block).
MIDDLE_START, END_STARTS = 9, (8, 10)

#: first column, width, joined on the left, joined on the right, start square (block-local) or None
Block = tuple[int, int, bool, bool, Square | None]


def fits(rows: int, cols: int, *, closed: bool) -> bool:
    """True when the board has a side of 3 and the other is long enough to build."""
    return min(rows, cols) == ROWS and max(rows, cols) >= SHORTEST[closed]


def tour(rows: int, cols: int, start: Square, *, closed: bool) -> list[int]:
    """A tour of a 3 x n (or n x 3) board from ``start`` as square indices
    ``row * cols + col``.  ``fits`` must hold, and for an open tour on an odd
    board ``start`` must be of the corner colour (the theorems' condition)."""
    if rows == ROWS:
        return _assemble(cols, start, closed)
    order = _assemble(rows, (start[1], start[0]), closed)
    return [(i % rows) * cols + i // rows for i in order]       # turn n x 3 back


def side_widths(width: int) -> list[int]:
    """Block widths of one side (odd ``width`` >= 9), its cap first: a cap of 9..15
    alone, else a cap of 9, interiors of 8 and a last interior of 8..14."""
    if width <= 15:
        return [width]
    rest = width - 9
    eights = rest // 8 - 1
    return [9] + [8] * eights + [rest - 8 * eights]


def _side(first: int, width: int, cap_left: bool) -> list[Block]:
    """The blocks of a side over columns ``first .. first + width - 1``, its cap at the outer end."""
    widths = side_widths(width)
    if not cap_left:
        widths.reverse()
    blocks: list[Block] = []
    x = first
    for k, w in enumerate(widths):
        is_cap = k == (0 if cap_left else len(widths) - 1)
        blocks.append((x, w, not (is_cap and cap_left), not (is_cap and not cap_left), None))
        x += w
    return blocks


def closed_blocks(cols: int) -> list[Block]:
    """A cap of 9 on the left, the rest (odd, >= 9) a side ending in a cap on the right."""
    return _side(0, 9, cap_left=True) + _side(9, cols - 9, cap_left=False)


def open_blocks(cols: int, start: Square) -> list[Block]:
    """The start block around ``start`` and the sides beyond it (``cols`` odd >= 27).

    Near an end the start block is that end's block (one side beyond it);
    elsewhere it is 9 wide, its left edge at the first odd column that keeps
    both sides at least 9 wide (odd sides, so the start keeps its colour)."""
    row, col = start
    for width in END_STARTS:
        if col < width:
            return [(0, width, False, True, (row, col))] + _side(width, cols - width, cap_left=False)
        if col >= cols - width:
            x = cols - width
            return _side(0, x, cap_left=True) + [(x, width, True, False, (row, col - x))]
    x = max(9, col - MIDDLE_START + 1)
    x += 1 - x % 2
    return (_side(0, x, cap_left=True) + [(x, MIDDLE_START, True, True, (row, col - x))]
            + _side(x + MIDDLE_START, cols - x - MIDDLE_START, cap_left=False))


@cache
def block_strands(width: int, left: bool, right: bool,
                  start: Square | None) -> tuple[tuple[int, ...], ...]:
    """Cover a 3 x ``width`` block by strands between its joined ports (and from
    ``start``), as block-local indices ``row * width + col``; found once by search."""
    adjacency = [list(a) for a in neighbours(ROWS, width)]
    virtual = ([(0, 2 * width)] if left else []) + ([(width - 1, 3 * width - 1)] if right else [])
    for a, b in virtual:
        adjacency[a].append(b)
        adjacency[b].append(a)
    problem = PathProblem(adjacency=adjacency, closed=start is None,
                          fixed={} if start is None else {0: start[0] * width + start[1]},
                          forced=tuple(virtual), tie_break=tie_ranks(ROWS, width))
    outcome = search_paths(problem, cap=1)
    if not outcome.paths:       # every block the layouts use is checked by the tests
        raise AssertionError(f"no strands on 3x{width} (left={left}, right={right}, start={start})")
    return _cut(list(outcome.paths[0]), {frozenset(e) for e in virtual}, closed=start is None)


def _cut(path: list[int], virtual: set[frozenset[int]], *, closed: bool) -> tuple[tuple[int, ...], ...]:
    """Split a path (or a cycle, which holds a virtual edge) at its virtual edges."""
    if closed:
        at = next(i for i in range(len(path)) if frozenset((path[i - 1], path[i])) in virtual)
        path = path[at:] + path[:at]
    strands, begin = [], 0
    for i in range(1, len(path)):
        if frozenset((path[i - 1], path[i])) in virtual:
            strands.append(tuple(path[begin:i]))
            begin = i
    strands.append(tuple(path[begin:]))
    return tuple(strands)


def _assemble(cols: int, start: Square, closed: bool) -> list[int]:
    """Chain the blocks' strands and the two crossing moves at every block boundary."""
    blocks = closed_blocks(cols) if closed else open_blocks(cols, start)
    links = Links(ROWS * cols)
    for x, width, left, right, local_start in blocks:
        for strand in block_strands(width, left, right, local_start):
            links.chain([(i // width) * cols + x + i % width for i in strand], closed=False)
    for x, _, _, _, _ in blocks[1:]:
        links.connect(x - 1, 2 * cols + x)
        links.connect(2 * cols + x - 1, x)
    return links.walk(start[0] * cols + start[1], ROWS * cols)
