"""The house rules of ``architecture.md`` that code can measure, measured with ``ast``:

* no import circle in ``publisher/`` or ``solver/`` (every import counts: at the top, inside a
  function, or only for the type checker, so a circle hidden behind TYPE_CHECKING counts too);
* no import in ``publisher/`` that runs back up the floors of the flow (:data:`FLOORS`);
* no ``from publisher.x import _private`` across modules;
* the solver never imports the publisher;
* ``Any`` in ``publisher/`` below :data:`MOST_ANY` (its aliases' uses counted), each with its reason.

``python -m tests.project.test_architecture`` prints the figures.
"""
from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tests.samples import REPO

#: The floors of ``publisher/``, lowest first: a module imports only modules on its own
#: floor or below. A name ending in ``.*`` is a package's modules; a module is on the
#: floor of its longest match.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ground: the model, its helpers, files, words and registries", (
        "publisher", "publisher.model", "publisher.units", "publisher.safeio", "publisher.yamlfile",
        "publisher.interrupt", "publisher.progress", "publisher.workers", "publisher.labels", "publisher.catalog",
        "publisher.database",
        "publisher.console", "publisher.pdfread", "publisher.qrcodes",
        "publisher.fonts", "publisher.typeset", "publisher.grids", "publisher.marks", "publisher.cagelines",
        "publisher.signmarks",
        "publisher.captions", "publisher.play", "publisher.techniques", "publisher.schema", "publisher.render",
        "publisher.printing.profile", "publisher.printing.interior", "publisher.printing.barcode")),
    ("kinds", ("publisher.kinds", "publisher.kinds.*")),
    ("config", ("publisher.config",)),
    ("sources", ("publisher.sources", "publisher.generation", "publisher.answers", "publisher.screening")),
    ("verify", ("publisher.verify", "publisher.grading", "publisher.report", "publisher.repeats", "publisher.records",
                "publisher.solving")),
    ("spec", ("publisher.spec", "publisher.coverpuzzle", "publisher.demonstration")),
    ("book model", ("publisher.layout", "publisher.layout.*")),
    ("renderers", ("publisher.render.*", "publisher.printing", "publisher.printing.cover",
                   "publisher.printing.preflight")),
    ("write", ("publisher.write",)),
    ("preflight and export", ("publisher.printing.checks", "publisher.export")),
    ("build", ("publisher.build", "publisher.pageplan")),
    ("command line", ("publisher.cli", "publisher.cli.*", "publisher.entry")),
)
#: ``publisher/`` holds fewer uses of the word ``Any`` than this, its imports counted (issue 26:
#: under 60, counted as ``grep -w Any`` counts them)
MOST_ANY = 60


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` (``publisher``, ``solver``) by dotted name."""
    return {_module_name(path): path for path in sorted((REPO / package).rglob("*.py"))}


def _imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, str, int]]:
    """(target module, imported name or "", line) of every import in a module, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, "", node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield (full, "", node.lineno) if full in known else (base, alias.name, node.lineno)


def graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports."""
    known = modules(package)
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, _, _ in _imports(name, path, known):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                edges[name].add(target)
    return edges


def circles(package: str) -> list[list[str]]:
    """The import circles of ``package``: its strongly connected groups of two or more modules."""
    edges = graph(package)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:   # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(edges[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def floor_of(module: str) -> int:
    best, floor = -1, -1
    for number, (_, names) in enumerate(FLOORS):
        for pattern in names:
            if pattern.endswith(".*"):
                matches, length = module.startswith(pattern[:-1]), len(pattern) - 1
            else:
                matches, length = module == pattern, len(pattern) + 1
            if matches and length > best:
                best, floor = length, number
    if floor < 0:
        raise AssertionError(f"{module} is on no floor of FLOORS: give it one")
    return floor


def upward() -> list[str]:
    """Every import in ``publisher/`` of a module on a higher floor than the importer's."""
    return [f"{module} ({FLOORS[floor_of(module)][0]}) imports {target} ({FLOORS[floor_of(target)][0]})"
            for module, targets in sorted(graph("publisher").items()) for target in sorted(targets)
            if floor_of(target) > floor_of(module)]


def private_imports(package: str = "publisher") -> list[str]:
    """``from x import _name`` where x is another module of ``package`` (dunders are not private)."""
    known = modules(package)
    return [f"{path.relative_to(REPO)}:{line}: from {target} import {imported}"
            for name, path in known.items() for target, imported, line in _imports(name, path, known)
            if imported.startswith("_") and not imported.startswith("__") and target.startswith(package)
            and target != name]


_ANY = re.compile(r"\bAny\b")
_ALIAS = re.compile(r"^(\w+) = Any\b", re.M)


def _code_lines(package: str) -> Iterator[tuple[Path, int, str, str]]:
    """(file, number, line, its code without the comment) of every line of ``package``."""
    for path in modules(package).values():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield path, number, line, line.split("#", 1)[0]


def any_aliases(package: str = "publisher") -> set[str]:
    """Names ``package`` binds to ``Any`` (``KindPuzzle = Any``): their uses count as ``Any``'s."""
    return {name for path in modules(package).values() for name in _ALIAS.findall(path.read_text(encoding="utf-8"))}


def any_uses(package: str = "publisher") -> int:
    """How often ``Any`` stands in the code of ``package``, imports included, comments not, and
    every use of a name bound to it counted as one (an alias hides nothing)."""
    aliases = re.compile(r"\b(?:Any|" + "|".join(map(re.escape, sorted(any_aliases(package)))) + r")\b")
    return sum(len(aliases.findall(code)) for _, _, _, code in _code_lines(package))


def any_lines(package: str = "publisher") -> list[tuple[str, str]]:
    """(file:line, text) of every line using ``Any`` itself in ``package``, imports left out, with
    the comment that says why (on the line, or the ``#:`` block just above it)."""
    found = []
    for path, number, line, code in _code_lines(package):
        if _ANY.search(code) and not code.lstrip().startswith(("from typing import", "import typing")):
            above = path.read_text(encoding="utf-8").splitlines()[:number - 1]
            block = []
            while above and above[-1].lstrip().startswith("#"):
                block.append(above.pop())
            found.append((f"{path.relative_to(REPO)}:{number}", " ".join([line.strip(), *reversed(block)])))
    return found


def test_no_import_circles() -> None:
    assert circles("publisher") == []
    assert circles("solver") == []


def test_no_import_runs_back_up_the_floors() -> None:
    assert upward() == []


def test_no_module_imports_another_modules_private_names() -> None:
    assert private_imports("publisher") == []
    assert private_imports("solver") == []


def test_the_solver_never_imports_the_publisher() -> None:
    known = modules("solver")
    assert [f"{name}: {target}" for name, path in known.items() for target, _, _ in _imports(name, path, known)
            if target.split(".")[0] == "publisher"] == []


def test_every_module_of_the_publisher_is_on_a_floor() -> None:
    for module in modules("publisher"):
        floor_of(module)


def test_any_is_rare_and_says_why() -> None:
    """Fewer than :data:`MOST_ANY` uses of ``Any`` (its aliases' uses included), and each line
    holding one says why no better type fits ("Any: ..."), in a comment on it or just above it."""
    assert any_uses() < MOST_ANY
    assert [where for where, text in any_lines() if "Any:" not in text] == []


if __name__ == "__main__":
    print(f"import circles: publisher {len(circles('publisher'))}, solver {len(circles('solver'))}")
    for group in circles("publisher") + circles("solver"):
        print("  circle:", " -> ".join(group))
    print(f"imports back up the floors of publisher/: {len(upward())}")
    for line in upward():
        print("  ", line)
    print(f"private names imported across modules: {len(private_imports())}")
    for line in private_imports():
        print("  ", line)
    print(f"Any in publisher/: {any_uses()} uses, the uses of its aliases ({', '.join(sorted(any_aliases()))}) and "
          f"imports counted ({len(any_lines())} lines use Any itself besides imports)")
