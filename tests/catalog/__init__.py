"""Canonical forms, puzzle IDs and the catalog of repeats (solver.canonical, publisher.catalog)."""
