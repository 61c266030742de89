"""Killer and KenKen in the solver (solver.cages, solver.killer, solver.kenken)."""
