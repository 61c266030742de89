"""Knight's tours on any m x n board, partial tours, counts and the other knight problems.

Start at :func:`find_tour` (theorems, then construction or search) and
:func:`verify_tour_puzzle` (book puzzles).  Squares are 0-based ``(row, col)``
with row 0 at the top; :func:`parse_square` reads ``a1`` and ``ROW,COL``.
"""
from solver.knights.board import is_knight_move, parse_square, square_name
from solver.knights.puzzle import KnightPuzzle, count_completions, parse_tour_puzzles, tour_puzzle, verify_tour_puzzle
from solver.knights.search import count_tours
from solver.knights.theory import (
    Existence,
    has_closed_tour,
    has_open_tour,
    knight_distance,
    max_nonattacking_knights,
    tour_exists,
)
from solver.knights.tours import TourResult, find_tour

__all__ = [
    "Existence",
    "KnightPuzzle",
    "TourResult",
    "count_completions",
    "count_tours",
    "find_tour",
    "has_closed_tour",
    "has_open_tour",
    "is_knight_move",
    "knight_distance",
    "max_nonattacking_knights",
    "parse_square",
    "parse_tour_puzzles",
    "square_name",
    "tour_exists",
    "tour_puzzle",
    "verify_tour_puzzle",
]
