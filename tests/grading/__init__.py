"""The grader (solver.sudoku.grade): each technique, its soundness, its work budget."""
