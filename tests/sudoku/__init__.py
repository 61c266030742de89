"""The Sudoku engine (solver.sudoku): reading, the exact search, variants, generation."""
