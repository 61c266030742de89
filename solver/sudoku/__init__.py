"""Sudoku of every common size and jigsaw regions: parse, solve, count, verify, grade.

Typical use::

    from solver.sudoku import parse_text, verify
    for item in parse_text(open("hard.txt").read()):
        verdict = verify(item) if isinstance(item, Puzzle) else ...  # ParseIssue: malformed

Values are integers 1..N (0 for a blank) in row-major order; ``Puzzle.symbols``
maps them to characters. Solution orders are documented in
:mod:`solver.sudoku.search`.
"""
from solver.sudoku.candidates import Step
from solver.sudoku.geometry import Geometry, cell_name, default_symbols
from solver.sudoku.grade import Grade, explain, grade, grade_with_steps, level_for
from solver.sudoku.parse import parse_mapping, parse_text
from solver.sudoku.puzzle import Puzzle, describe, format_values
from solver.sudoku.search import DEFAULT_CAP, Count, count_solutions, iter_solutions, nth_solution, solve
from solver.sudoku.verdict import DEFAULT_NODE_LIMIT, contradictions, verify

__all__ = [
    "DEFAULT_CAP", "DEFAULT_NODE_LIMIT", "Count", "Geometry", "Grade", "Puzzle", "Step",
    "cell_name", "contradictions", "count_solutions", "default_symbols", "describe", "explain",
    "format_values", "grade", "grade_with_steps", "iter_solutions", "level_for", "nth_solution", "parse_mapping",
    "parse_text", "solve", "verify",
]
