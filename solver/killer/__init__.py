"""Killer Sudoku: a Sudoku of any box shape or jigsaw whose cages carry sums.

Typical use::

    from solver.killer import parse_mapping, verify
    puzzle = parse_mapping({"size": 9, "cages": [{"sum": 15, "cells": ["r1c1", "r1c2"]}, ...]})
    verdict = verify(puzzle)
"""
from solver.cages.verdict import verify
from solver.killer.parse import parse_mapping, to_mapping
from solver.killer.puzzle import SIZES, Killer

__all__ = ["SIZES", "Killer", "parse_mapping", "to_mapping", "verify"]
