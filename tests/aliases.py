"""Other names of one file, for the tests that an output never lands on an input."""
from __future__ import annotations

import os
from pathlib import Path


def another_name(folder: Path, target: str, alias: str, tag: str) -> str:
    """A name of ``folder``/``target`` relative to ``folder``: itself (``same``), a path through
    '..' (``dotdot``), or a new ``symlink`` or hard link (``hardlink``) named after ``tag``."""
    if alias == "same":
        return target
    if alias == "dotdot":
        return f"sub/../{target}"
    other = folder / f"alias-{tag}"
    if alias == "symlink":
        other.symlink_to(folder / target)
    else:
        os.link(folder / target, other)
    return other.name
