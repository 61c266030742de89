"""puzzlepress solver: pure puzzle algorithms, standard library only.

Usable on its own, without the publisher: Sudoku of every box size and jigsaw
regions (:mod:`solver.sudoku`), knight's tours (:mod:`solver.knights`),
N-queens (:mod:`solver.queens`) and Hamiltonian paths (:mod:`solver.graphs`).
Every verifier answers with a :class:`solver.verdict.Verdict`.
"""

from solver import core as core  # first: it decides whether the compiled modules or their source run
