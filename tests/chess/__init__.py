"""Knight's tours, queens and Hamiltonian paths (solver.knights, solver.queens, solver.graphs)."""
