"""What pyproject.toml cannot say: the package list is found, and the compiled core is optional.

setuptools' ``packages.find`` can only find a package where its folder is, and the
templates live at the top level (users look for them there) but ship inside the
package as ``publisher.templates``. So the list is discovery plus that one mapping.

The compiled core (:mod:`solver.core` names its modules): mypyc compiles the hot solver
modules from their own source and the packed-board primitives build from C. Compiling is an
extra, never a condition of installing: without mypyc or without a working C compiler, or
with ``PUZZLEPRESS_PURE`` set, the build leaves the extensions out and the same package
installs as pure Python. Only a build whose every extension compiled writes the record
(``solver/_core_build.txt``) that lets :mod:`solver.core` load them.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
PACKAGES = find_packages(include=["solver", "solver.*", "publisher", "publisher.*"])


def _core_module() -> ModuleType:
    """solver/core.py read by path: importing the package would start its import hook."""
    spec = importlib.util.spec_from_file_location("_puzzlepress_core_names", HERE / "solver" / "core.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


CORE = _core_module()
MYPYC_SOURCES = [name.replace(".", "/") + ".py" for name in CORE.MYPYC_MODULES]
#: mypyc's groups as its ``separate`` option takes them: (sources, shared library name)
MYPYC_GROUPS = [([name.replace(".", "/") + ".py" for name in modules], group)
                for group, modules in CORE.MYPYC_GROUPS.items()]
C_FLAGS = ["-O2"]


def _extensions() -> list[Extension]:
    """The compiled core's extensions, or none (a pure build)."""
    if os.environ.get(CORE.PURE_VARIABLE, "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("puzzlepress: mypyc is not installed; building pure Python", file=sys.stderr)
        return []
    cwd = os.getcwd()
    os.chdir(HERE)   # mypyc names modules by their paths from the project root
    try:
        # no config file: the project's [tool.mypy] checks solver and publisher; this is the compile
        compiled = mypycify(["--config-file=", *MYPYC_SOURCES], opt_level="2", separate=MYPYC_GROUPS,
                            verbose=False)
    except Exception as error:  # noqa: BLE001 -- any failure of the optional compile means a pure build
        print(f"puzzlepress: mypyc failed ({error}); building pure Python", file=sys.stderr)
        return []
    finally:
        os.chdir(cwd)
    for extension in compiled:
        extension.sources = [source if os.path.isabs(source) else str(HERE / source)
                             for source in extension.sources]
        extension.include_dirs = [d if os.path.isabs(d) else str(HERE / d) for d in extension.include_dirs]
    native = [Extension(name, [str(HERE / source)], extra_compile_args=C_FLAGS)
              for name, source in CORE.C_EXTENSIONS.items()]
    return [*compiled, *native]


class OptionalBuildExt(build_ext):
    """Builds every extension or none: a failed compile leaves the pure-Python package."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1   # the two cores of a developer's machine

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 -- no compiler, no headers: the pure build stands
            for path in self.get_outputs():
                Path(path).unlink(missing_ok=True)
            print(f"puzzlepress: the compiled core did not build ({error}); installed as pure Python",
                  file=sys.stderr)
            return
        self._write_record()

    def _write_record(self) -> None:
        """solver/_core_build.txt: the digest of every compiled module's source, beside them."""
        base = HERE if self.inplace else Path(self.build_lib)
        lines = [f"{CORE.source_digest(HERE / source)} {source}"
                 for source in [*MYPYC_SOURCES, *CORE.C_EXTENSIONS.values()]]
        (base / "solver").mkdir(parents=True, exist_ok=True)
        (base / "solver" / CORE.BUILD_RECORD).write_text("\n".join(lines) + "\n", encoding="utf-8")

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        if self.extensions:
            base = HERE if self.inplace else Path(self.build_lib)
            outputs.append(str(base / "solver" / CORE.BUILD_RECORD))
        return outputs


setup(packages=[*PACKAGES, "publisher.templates"], package_dir={"publisher.templates": "templates"},
      ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
