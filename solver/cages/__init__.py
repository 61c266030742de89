"""What cage puzzles (Killer Sudoku, KenKen) share: cages, their tables, the exact search."""
from solver.cages.cage import OPERATIONS, Cage, cage_map, cage_name, cell_name, parse_cell

__all__ = ["OPERATIONS", "Cage", "cage_map", "cage_name", "cell_name", "parse_cell"]
