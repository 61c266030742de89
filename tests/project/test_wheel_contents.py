"""The wheel holds the whole product: every module and data file of the tree, nothing left out.

An editable install (the test command's) reads the checkout, so a module missing from the
wheel passes every other test while ``pip install . && puzzlepress build`` fails for a user.
This test builds a wheel the way pip does for a user (or takes the one ``.ci/run`` built,
``PUZZLEPRESS_TEST_WHEEL``) and compares its files with the tree's: every ``.py`` under
``publisher/`` and ``solver/``, every data file there (print profiles, starter files,
``py.typed``) and every template under ``templates/`` (shipped as ``publisher/templates/``);
and the compiled core beside them: every module :mod:`solver.core` names, compiled, with the
build record whose digests are the tree's sources (so ``solver.core`` loads them).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from solver import core
from tests.samples import REPO

#: what a build reads from the checkout
SOURCES = ("pyproject.toml", "setup.py", "README.md", "solver", "publisher", "templates")
#: folders inside the packages that are not part of the product (a checkout's byproducts)
NOT_SHIPPED = {"__pycache__"}
#: what a build makes (an editable install leaves it in the tree): checked apart from the tree
BUILT_SUFFIXES = (".pyc", ".so", ".pyd")


def _tree_files() -> set[str]:
    """The files the wheel must hold, as paths inside the wheel."""
    files: set[str] = set()
    for package in ("publisher", "solver"):
        for path in (REPO / package).rglob("*"):
            if (path.is_file() and not NOT_SHIPPED & set(path.relative_to(REPO).parts)
                    and path.suffix not in BUILT_SUFFIXES and path.name != core.BUILD_RECORD):
                files.add(path.relative_to(REPO).as_posix())
    for path in (REPO / "templates").rglob("*"):
        if path.is_file():
            files.add("publisher/templates/" + path.relative_to(REPO / "templates").as_posix())
    return files


def _build_wheel(folder: Path) -> Path:
    """A wheel built as ``pip install .`` builds one, from a copy of the sources (a build
    writes ``build/`` and ``*.egg-info`` beside them, which must not touch the checkout)."""
    source = folder / "source"
    source.mkdir()
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, source / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder / "dist"),
                           str(source)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    (wheel,) = (folder / "dist").glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("PUZZLEPRESS_TEST_WHEEL")
    return Path(given) if given else _build_wheel(tmp_path_factory.mktemp("wheel"))


def _wheel_files(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return {name for name in archive.namelist() if ".dist-info/" not in name and not name.endswith("/")}


def _compiled(name: str) -> bool:
    return name.endswith(BUILT_SUFFIXES[1:]) or name == f"solver/{core.BUILD_RECORD}"


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_data_file_of_the_tree(wheel: Path) -> None:
    tree, shipped = _tree_files(), {name for name in _wheel_files(wheel) if not _compiled(name)}
    assert not tree - shipped, f"left out of the wheel: {sorted(tree - shipped)}"
    assert not shipped - tree, f"in the wheel but not in the tree: {sorted(shipped - tree)}"


@pytest.mark.slow
def test_the_wheel_s_files_are_the_tree_s_bytes(wheel: Path) -> None:
    """Not an old copy: the wheel's files are the checkout's, byte for byte."""
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(_tree_files()):
            path = REPO / ("templates/" + name.removeprefix("publisher/templates/")
                           if name.startswith("publisher/templates/") else name)
            assert archive.read(name) == path.read_bytes(), name


@pytest.mark.slow
def test_the_wheel_holds_the_compiled_core_built_from_the_tree_s_sources(wheel: Path) -> None:
    """One compiled file per module solver.core names (mypyc's and the C extensions), mypyc's
    shared library, and the record: its digests are the tree's sources, or the installed
    package would run them as pure Python."""
    files = _wheel_files(wheel)
    compiled = {name.split(".", 1)[0].replace("/", ".") for name in files if name.endswith((".so", ".pyd"))}
    libraries = {f"{group}__mypyc" for group in core.MYPYC_GROUPS}
    assert set(core.MYPYC_MODULES) | set(core.C_EXTENSIONS) | libraries == compiled
    with zipfile.ZipFile(wheel) as archive:
        record = archive.read(f"solver/{core.BUILD_RECORD}").decode()
    recorded = dict(reversed(line.split(" ", 1)) for line in record.splitlines())
    sources = [name.replace(".", "/") + ".py" for name in core.MYPYC_MODULES] + list(core.C_EXTENSIONS.values())
    assert sorted(recorded) == sorted(sources)
    for source, digest in recorded.items():
        assert core.source_digest(REPO / source) == digest, source


@pytest.mark.slow
def test_the_wheel_declares_the_console_script(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (entry_points,) = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = archive.read(entry_points).decode()
    assert "[console_scripts]" in text and "puzzlepress = publisher.entry:main" in text


def test_the_tree_s_own_list_is_not_empty() -> None:
    """The comparison above is only as good as this list: it must see the kinds, the
    templates and the profiles the product needs."""
    files = _tree_files()
    for needed in ("publisher/kinds/__init__.py", "publisher/entry.py", "solver/sudoku/search.py",
                   "publisher/templates/html/play/sudoku.js.j2", "publisher/printing/profiles/kdp.yaml",
                   "publisher/starter/config.yaml", "publisher/py.typed", "solver/py.typed"):
        assert needed in files, needed
