"""Which core runs: the solver's hot modules compiled at install time, or their Python source.

``pip install .`` compiles (``setup.py``) the modules in :data:`MYPYC_MODULES` with mypyc,
from these very files (one source, so the two builds cannot drift apart), and two C
extensions: the packed-board primitives of :mod:`solver.sudoku.search`
(``solver/sudoku/_packed.c``: mypyc cannot speed up Python's big-int operations, which are C
calls already, so the board itself moves to machine words there) and the unary chain
searches of :mod:`solver.sudoku.chains` (``solver/sudoku/_chains.c``: compiled or not, their
Python boxes a new int for every potential reached; there a potential is an int32), and the
implication loop of its forcing chains (``solver/sudoku/_forcing.c``: the potentials reached
marked in arrays instead of looked up in dicts, only the parents the rules read built as
Python objects), and the chains of strong links of :mod:`solver.sudoku.stronglinks`
(``solver/sudoku/_stronglinks.c``: a chain's cells are a few machine words, not a big int of
81 bits and more made for every union), and the wings of almost locked sets of
:mod:`solver.sudoku.bentsets` (``solver/sudoku/_bentsets.c``: "the cells seeing all of these"
as a few words, not a set made for each). The
Python source is the reference implementation and the fallback, and both builds behave as
one: the same verdicts, solutions, counts, node figures, ratings and generated puzzles for a
seed (``tests/sudoku/test_compiled_core.py``).

The Python source runs instead of the compiled modules when

* ``PUZZLEPRESS_PURE`` is set to anything but ``""`` or ``0``;
* nothing was compiled (the install found no C compiler, so ``setup.py`` built pure Python);
* a compiled module's source changed after the build (an editable checkout being worked
  on): compiled code would run the old source, so every compiled module steps aside until
  the next ``pip install``. The build writes :data:`BUILD_RECORD` with each source's digest.

Either way the choice is made once, here, before any compiled module is imported
(``solver/__init__.py`` imports this module first); :func:`describe` says which core runs.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The modules mypyc compiles, in groups that each become one shared library (``<group>__mypyc``,
#: built side by side on two cores): what the profiles of verification, generation and grading
#: name (the search and its root pruning; the grader's candidates, technique modules and loop;
#: the cage search, its tables, the 45 rule and the cage graders). The rest of ``solver``
#: (reading, formats, tables built once per geometry, generation's bookkeeping) runs as Python
#: in both builds.
MYPYC_GROUPS: dict[str, tuple[str, ...]] = {
    "solver_sudoku": (
        "solver.sudoku.packed",
        "solver.sudoku.search",
        "solver.sudoku.pruning",
        "solver.sudoku.verdict",
        "solver.sudoku.candidates",
        "solver.sudoku.singles",
        "solver.sudoku.intersections",
        "solver.sudoku.subsets",
        "solver.sudoku.fish",
        "solver.sudoku.wings",
        "solver.sudoku.stronglinks",
        "solver.sudoku.uniqueness",
        "solver.sudoku.bentsets",
        "solver.sudoku.exclusion",
        "solver.sudoku.chains",
        "solver.sudoku.ruled",
        "solver.sudoku.grade",
    ),
    "solver_cages": (
        "solver.cages.engine",
        "solver.cages.tables",
        "solver.cages.grading",
        "solver.cages.techniques",
        "solver.killer.innies",
        "solver.killer.grade",
        "solver.kenken.grade",
    ),
}
MYPYC_MODULES: tuple[str, ...] = tuple(name for group in MYPYC_GROUPS.values() for name in group)
#: The C extensions, each beside the Python module that is its reference.
C_EXTENSIONS: dict[str, str] = {"solver.sudoku._packed": "solver/sudoku/_packed.c",
                                 "solver.sudoku._chains": "solver/sudoku/_chains.c",
                                 "solver.sudoku._forcing": "solver/sudoku/_forcing.c",
                                 "solver.sudoku._stronglinks": "solver/sudoku/_stronglinks.c",
                                 "solver.sudoku._bentsets": "solver/sudoku/_bentsets.c"}
#: Written by the build into ``solver/``: a line per compiled source, ``digest path``.
BUILD_RECORD = "_core_build.txt"
#: The environment variable that asks for pure Python.
PURE_VARIABLE = "PUZZLEPRESS_PURE"

_ROOT = Path(__file__).resolve().parent.parent


def source_digest(path: Path) -> str:
    """The digest the build record keeps of a compiled module's source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pure_asked() -> bool:
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def _recorded(record: Path) -> tuple[list[str], list[str]]:
    """The modules the build compiled, and those whose source differs from the build's (or is
    gone)."""
    names, stale = [], []
    for line in record.read_text(encoding="utf-8").splitlines():
        digest, _, path = line.partition(" ")
        names.append(path.removesuffix(".py").removesuffix(".c").replace("/", "."))
        source = _ROOT / path
        if not source.is_file() or source_digest(source) != digest:
            stale.append(path)
    return names, stale


def _decide() -> tuple[frozenset[str], str]:
    """The compiled modules that run (none for pure Python), and the words :func:`describe` gives."""
    record = _ROOT / "solver" / BUILD_RECORD
    if not record.is_file():
        return frozenset(), "pure Python (no compiled core was built at install)"
    if _pure_asked():
        return frozenset(), f"pure Python ({PURE_VARIABLE}={os.environ[PURE_VARIABLE]})"
    names, stale = _recorded(record)
    if stale:
        return frozenset(), (f"pure Python (the compiled core is older than {stale[0]}"
                             f"{f' and {len(stale) - 1} more' if len(stale) > 1 else ''}: pip install again)")
    return frozenset(names), (f"compiled (mypyc: {len(MYPYC_MODULES)} modules; C: "
                              f"{', '.join(name.rsplit('.', 1)[1] for name in C_EXTENSIONS)})")


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds a ``solver`` module as its ``.py`` source, never a compiled file beside it, unless
    it is one of the modules this build compiled and the compiled core runs (a compiled file
    left from an older build of another module list is never loaded either)."""

    def __init__(self, compiled: frozenset[str]) -> None:
        self.compiled = compiled

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("solver.") or path is None or fullname in self.compiled:
            return None
        loaders = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loaders).find_spec(fullname)
            if spec is not None:
                return spec
        return None


_COMPILED, _DESCRIPTION = _decide()
#: Whether the compiled core runs.
COMPILED = bool(_COMPILED)
if not any(isinstance(finder, _SourceOnly) for finder in sys.meta_path):
    sys.meta_path.insert(0, _SourceOnly(_COMPILED))


def describe() -> str:
    """Which core runs, for ``puzzlepress --version``: "compiled (...)" or "pure Python (why)"."""
    return _DESCRIPTION


def extension(name: str) -> ModuleType | None:
    """The C extension ``name`` when the compiled core runs, else None (use the Python code)."""
    if name not in _COMPILED:
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
