"""KenKen (Calcudoku, Keen): parse, verify, grade and generate Latin squares with cages.

Typical use::

    from solver.kenken import parse_mapping, verify
    puzzle = parse_mapping({"size": 4, "cages": [...]})
    verdict = verify(puzzle)
"""
from solver.cages.verdict import verify
from solver.kenken.parse import parse_mapping, to_mapping
from solver.kenken.puzzle import SIZES, KenKen

__all__ = ["SIZES", "KenKen", "parse_mapping", "to_mapping", "verify"]
