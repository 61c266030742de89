"""Atomic writes: every output goes to a temporary file beside its target, then is
renamed into place, so an interrupted or failed build leaves every previous
output exactly as it was (a rename within one folder is atomic on POSIX)."""
from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path


def write_atomically(files: Mapping[Path, bytes]) -> None:
    """Write all ``files``; none is replaced until all temporary copies are written."""
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            staged.append((temp, target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, 0o644)
        for temp, target in staged:
            os.replace(temp, target)
        staged.clear()
    finally:
        for temp, _ in staged:
            try:
                os.unlink(temp)
            except FileNotFoundError:
                pass
