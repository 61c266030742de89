"""Atomic writes of a set of outputs: all of them are replaced, or none.

Every output is first written to a temporary file beside its target. Only when
all of them are on disk are the targets replaced, each by a rename (atomic
within one folder on POSIX). The old content of every target is kept as a hard
link until the last rename succeeded, so a failure half-way (an immutable file,
a full disk, Ctrl-C) puts back every target already replaced. A build killed
outright (SIGKILL) can leave our temporary files behind; the next write into
the same folder removes them, recognising them by their suffixes.

Only regular files (or new paths) are ever replaced: a symlink, a FIFO, a
device or a folder in the place of an output is an error, never overwritten.
"""
from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from publisher import interrupt

TEMP_SUFFIX = ".pp-tmp"     # a new output being written
BACKUP_SUFFIX = ".pp-bak"   # an old output kept until every rename succeeded
_OURS = re.compile(r"^\..+\.[A-Za-z0-9_]{8}(" + re.escape(TEMP_SUFFIX) + "|" + re.escape(BACKUP_SUFFIX) + ")$")


class WriteError(OSError):
    """An output that cannot be written; the message names the target, not a temp file."""

    def __init__(self, target: Path, problem: str) -> None:
        super().__init__(f"{target}: cannot write: {problem}")
        self.target, self.problem = target, problem
        self.filename, self.strerror = str(target), problem   # as any OSError names its file

    def __str__(self) -> str:
        return f"{self.target}: cannot write: {self.problem}"


def check_target(target: Path) -> None:
    """Refuse a target that exists and is not a regular file (never follows a symlink)."""
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    except ValueError:   # a NUL byte or a lone surrogate in the name
        raise WriteError(target, "not a valid file name") from None
    except OSError as error:
        raise WriteError(target, error.strerror or str(error)) from None
    if not stat.S_ISREG(mode):
        kind = ("a symbolic link" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode)
                else "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "not a regular file")
        raise WriteError(target, f"it is {kind}; outputs are written only to regular files or new paths")


def remove_stale_temps(folder: Path) -> None:
    """Delete temporary files an earlier, killed write left in ``folder`` (ours only)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if _OURS.match(name):
            path = folder / name
            try:
                if stat.S_ISREG(os.lstat(path).st_mode):
                    os.unlink(path)
            except OSError:
                pass


def _stage(target: Path, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``target``, flushed to disk."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(name, 0o644)
    return Path(name)


def _backup(target: Path) -> Path | None:
    """A second name for the old content of ``target`` (None when it does not exist).

    A hard link costs nothing and fails on an immutable file, so a target that
    cannot be replaced is found before any output is touched."""
    if not target.exists():
        return None
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=BACKUP_SUFFIX, dir=target.parent)
    os.close(fd)
    os.unlink(name)
    try:
        os.link(target, name)
    except OSError as error:   # no hard links here (another filesystem): copy instead
        if error.errno not in (errno.EXDEV, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        shutil.copy2(target, name)
    return Path(name)


def _unlink(path: Path | None) -> None:
    if path is not None:
        with contextlib.suppress(OSError):
            os.unlink(path)


def write_atomically(files: Mapping[Path, bytes], *, commit: Callable[[], None] | None = None) -> None:
    """Write all ``files`` or none: on any failure (or interrupt) every target keeps its old content.

    ``commit`` (the catalog's transaction) runs once every target is replaced, before
    the old contents are let go: if it raises, every target is put back and its error
    propagates, so outputs and the record of them change together or not at all.
    Raises :class:`WriteError` naming the target that could not be written."""
    targets = list(files)
    for target in targets:
        check_target(target)
    staged: dict[Path, Path] = {}
    backups: dict[Path, Path | None] = {}
    current = targets[0] if targets else Path(".")
    try:
        for current in targets:
            current.parent.mkdir(parents=True, exist_ok=True)
            remove_stale_temps(current.parent)
        for current in targets:
            staged[current] = _stage(current, files[current])
        for current in targets:
            check_target(current)
            backups[current] = _backup(current)
        interrupt.check()     # a Ctrl-C that some library swallowed still stops here
        with interrupt.deferred():
            _replace_all(targets, staged, backups, commit)
    except OSError as error:
        if isinstance(error, WriteError):
            raise
        raise WriteError(current, error.strerror or str(error)) from None
    except ValueError:   # a NUL byte or a lone surrogate in the name
        raise WriteError(current, "not a valid file name") from None
    finally:
        for temp in staged.values():
            _unlink(temp)
        for old in backups.values():
            _unlink(old)


def _replace_all(targets: list[Path], staged: dict[Path, Path], backups: dict[Path, Path | None],
                 commit: Callable[[], None] | None = None) -> None:
    """Rename every staged file over its target, then ``commit``; on a failure of either,
    put back every target already replaced."""
    replaced: list[Path] = []
    try:
        for target in targets:
            try:
                os.replace(staged[target], target)
            except OSError as error:
                raise WriteError(target, error.strerror or str(error)) from None
            del staged[target]
            replaced.append(target)
        if commit is not None:
            commit()
    except BaseException:
        for target in reversed(replaced):
            old = backups[target]
            try:
                if old is None:
                    os.unlink(target)
                else:
                    os.replace(old, target)
                    backups[target] = None
            except OSError:
                pass
        raise
