"""No test judges the product by the product: the oracles the suite compares it with import
nothing of ``solver`` or ``publisher`` (every import counts, at the top or inside a function),
so a bug cannot sit on both sides of a comparison. The grader's position helpers
(tests/grade_positions.py) are no oracle: they build the product's own pencil-mark grids, so
they take the solver's data types, and let it propose (which cell to dig next, a 9x9 jigsaw's
grid) what the Sudoku oracle then checks; they take nothing else of it (no solve, no grade)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.samples import REPO

#: The independent oracles: each written from the rules or the published facts it checks
ORACLES = ("sudoku_oracle.py", "variant_oracle.py", "cage_oracle.py", "canonical_oracle.py", "knight_checks.py",
           "answer_oracle.py")

#: What tests/grade_positions.py may take from the solver: shapes, grids and two proposers
POSITION_TYPES = {"solver.sudoku": {"Geometry", "Puzzle", "default_symbols", "count_solutions"},
                  "solver.sudoku.candidates": {"Grid"},
                  "solver.sudoku.generate": {"full_grid"},
                  "solver.sudoku.regions": {"jigsaw_geometry"}}

PRODUCT = ("solver", "publisher")


def imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Every module the file imports, with the names it takes from it."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.ImportFrom):
            found.append(("." * node.level + (node.module or ""), ()))
    return found


def product(module: str) -> bool:
    return module.split(".")[0] in PRODUCT or module.startswith(".")


@pytest.mark.parametrize("name", ORACLES)
def test_an_oracle_imports_nothing_of_the_product(name: str) -> None:
    path = REPO / "tests" / name
    assert path.is_file(), name
    taken = [module for module, _ in imports(path) if product(module)]
    assert not taken, f"{name} imports {taken}"
    helpers = [module for module, _ in imports(path) if module.startswith("tests")]
    assert all(module.removeprefix("tests.") + ".py" in ORACLES for module in helpers), helpers


def test_the_position_helpers_take_no_judgement_from_the_solver() -> None:
    for module, names in imports(REPO / "tests" / "grade_positions.py"):
        if product(module):
            assert set(names) <= POSITION_TYPES.get(module, set()), (module, names)


def test_the_check_sees_an_import_of_the_product(tmp_path: Path) -> None:
    """The reading above finds an import wherever it is written."""
    source = tmp_path / "oracle.py"
    source.write_text("import random\n\ndef f():\n    from solver.sudoku import solve\n    import publisher.build\n")
    assert [m for m, _ in imports(source) if product(m)] == ["solver.sudoku", "publisher.build"]
