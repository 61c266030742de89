"""Square names, knight distances and non-attacking knights against independent oracles."""
from __future__ import annotations

import itertools
import re
from collections import deque

import pytest

from solver.knights import knight_distance, max_nonattacking_knights, parse_square, square_name


@pytest.mark.parametrize("text, expected", [
    ("a1", (7, 0)), ("h8", (0, 7)), ("A1", (7, 0)), ("e4", (4, 4)),
    ("1,1", (0, 0)), ("8,8", (7, 7)), (" 3 , 2 ", (2, 1)),
])
def test_parse_square_on_8x8(text: str, expected: tuple[int, int]) -> None:
    assert parse_square(text, 8, 8) == expected


@pytest.mark.parametrize("text", ["a9", "i1", "0,1", "9,1", "a0", "", "zz", "1;2", "a-1"])
def test_parse_square_rejects_with_a_message(text: str) -> None:
    with pytest.raises(ValueError, match=f"square '{re.escape(text)}'") as caught:
        parse_square(text, 8, 8)
    assert str(caught.value)


def test_square_names_round_trip() -> None:
    for rows, cols in [(8, 8), (5, 26), (12, 3)]:
        for square in itertools.product(range(rows), range(cols)):
            assert parse_square(square_name(square, rows, cols), rows, cols) == square
    assert square_name((0, 0), 30, 30) == "1,1"


def _bfs(rows: int, cols: int, a, b):
    dist = {a: 0}
    queue = deque([a])
    while queue:
        r, c = queue.popleft()
        for dr, dc in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]:
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in dist:
                dist[nxt] = dist[(r, c)] + 1
                queue.append(nxt)
    return dist.get(b)


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 5), (2, 2), (2, 7), (3, 3), (3, 8), (4, 4),
                                        (4, 9), (5, 5), (5, 9), (6, 7), (8, 8), (9, 12)])
def test_knight_distance_matches_breadth_first_search(rows: int, cols: int) -> None:
    squares = list(itertools.product(range(rows), range(cols)))
    for a in squares:
        for b in squares:
            assert knight_distance(rows, cols, a, b) == _bfs(rows, cols, a, b), (a, b)


def test_known_distances() -> None:
    assert knight_distance(8, 8, (7, 0), (6, 1)) == 4          # corner to diagonal neighbour
    assert knight_distance(3, 3, (0, 0), (1, 1)) is None       # the centre of 3x3 is unreachable
    assert knight_distance(1000, 1000, (0, 0), (999, 999)) == _far_corner(1000)


def _far_corner(n: int) -> int:
    # 2n/3 rounded up to the right parity: (n-1, n-1) needs ceil(2(n-1)/3) moves, same colour -> even
    moves = -(-2 * (n - 1) // 3)
    return moves + (moves % 2)


def _max_independent(rows: int, cols: int) -> int:
    squares = list(itertools.product(range(rows), range(cols)))
    attacks = {s: {t for t in squares if sorted((abs(s[0] - t[0]), abs(s[1] - t[1]))) == [1, 2]}
               for s in squares}
    best = 0
    for mask in range(1 << len(squares)):
        chosen = [s for i, s in enumerate(squares) if mask >> i & 1]
        if len(chosen) > best and all(not (attacks[s] & set(chosen)) for s in chosen):
            best = len(chosen)
    return best


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 6), (2, 2), (2, 3), (2, 5), (2, 6), (2, 7),
                                        (3, 3), (3, 4), (4, 4)])
def test_max_nonattacking_knights_matches_brute_force(rows: int, cols: int) -> None:
    assert max_nonattacking_knights(rows, cols) == _max_independent(rows, cols)
    assert max_nonattacking_knights(cols, rows) == _max_independent(rows, cols)


def test_max_nonattacking_knights_on_big_boards() -> None:
    assert max_nonattacking_knights(8, 8) == 32
    assert max_nonattacking_knights(2, 8) == 8
    assert max_nonattacking_knights(7, 7) == 25
