"""Atomic writes of a run's outputs: every output is replaced, or none is.

One call, :func:`write_atomically`, writes the whole output set of a command
(a build's books, its JSON report and JUnit file; ``generate -o``; ``init``'s
starter). In order:

1. **Check** before anything is written: no output may be the same file as an
   input of the run (the file on standard input included) or as another output
   (:func:`check_collisions`, by inode, so symlinks, hard links and ``..`` are
   seen through), and every target must be a regular file or a new path
   (:func:`check_target`); :func:`check_outputs` is both, for a command that
   writes as it goes (``check -o``) as for this one.
2. **Lock** each output folder (``.puzzlepress.lock``, ``flock``): a second
   command writing into the same folder waits, saying so, instead of racing.
3. **Stage** every output in a temporary file beside its target, flushed to
   disk, with the mode (and group) the target will have: the umask for a new
   file, the replaced file's own mode and group otherwise. Outputs whose
   content is a function (a report that describes the others) are made after
   the rest are staged. A failure here (a full disk) removes every temp file.
4. **Commit**: rename each staged file over its target, with signals held back
   (:func:`publisher.interrupt.deferred`), so SIGINT/SIGTERM/SIGHUP cannot split
   the set; if a rename fails, every target already replaced is put back from
   its hard-link backup. After the commit the set is complete and the command
   exits 0 even if a signal came meanwhile.

SIGKILL cannot be caught: killed before the commit, a command leaves the old
outputs and some temporary files (``.NAME.XXXXXXXX.pp-tmp``/``.pp-bak``), which
the next write into the folder removes; killed during the commit (the renames,
microseconds each on a local disk), some outputs can be new and the rest old,
until the next complete write.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from publisher import interrupt
from publisher.console import escaped

TEMP_SUFFIX = ".pp-tmp"     # a new output being written
BACKUP_SUFFIX = ".pp-bak"   # an old output kept until every rename succeeded
LOCK_NAME = ".puzzlepress.lock"
_OURS = re.compile(r"^\..+\.[A-Za-z0-9_]{8}(" + re.escape(TEMP_SUFFIX) + "|" + re.escape(BACKUP_SUFFIX) + ")$")

#: An output's content: bytes, or a function making them (or a stream of chunks, written as
#: they come: ``generate -o`` of a billion puzzles) once every other output is staged.
Content = bytes | Callable[[], bytes | Iterable[bytes]]
#: (role, path) of one input or output of a run; the role names it in messages ("the config").
Named = tuple[str, Path]

#: Called between the steps of a write (tests only: they send signals or slow the renames
#: here); the argument names the step, e.g. "stage 0", "rename 2", "committed".
step_hook: Callable[[str], None] | None = None
#: Seconds to sleep before each rename (tests only, like :data:`step_hook`, for subprocesses).
_SLOW_RENAMES = "PUZZLEPRESS_TEST_RENAME_DELAY"


class WriteError(OSError):
    """An output that cannot be written; the message names the target, not a temp file."""

    def __init__(self, target: Path, problem: str) -> None:
        super().__init__(f"{target}: cannot write: {problem}")
        self.target, self.problem = target, problem
        self.filename, self.strerror = str(target), problem   # as any OSError names its file

    def __str__(self) -> str:
        return f"{self.target}: cannot write: {self.problem}"


class CollisionError(WriteError):
    """An output that is the same file as an input or another output of the run."""

    def __init__(self, target: Path, role: str, other: Path, other_role: str) -> None:
        super().__init__(target, f"{role} would be the same file as {other_role} ({other}); nothing was written")
        self.role, self.other, self.other_role = role, other, other_role

    def __str__(self) -> str:
        return f"{self.target}: {self.problem}"


# ------------------------------------------------------------------ checks

#: An input read from standard input ('-' on a command line): the file behind descriptor 0.
STDIN = Path("-")


def _identity(path: Path, *, stdin: bool = False) -> tuple[object, ...]:
    """What makes two paths the same file: device and inode when it exists (symlinks and
    hard links resolved), else the real path it would be created at. With ``stdin``,
    :data:`STDIN` is the file standard input reads (``check - -o p.txt < p.txt``)."""
    try:
        info = os.fstat(0) if stdin and path == STDIN else os.stat(path)
    except (OSError, ValueError):
        try:
            return ("new", os.path.realpath(path))
        except (OSError, ValueError):
            return ("new", os.path.abspath(path))
    return ("file", info.st_dev, info.st_ino)


def check_collisions(inputs: Iterable[Named], outputs: Iterable[Named]) -> None:
    """Refuse (:class:`CollisionError`) an output that is the same file as an input of the
    run or as another output. Inputs that do not exist are no file and collide with nothing.

    Every command calls this (through :func:`write_atomically`) with its full lists, so a
    new output or input kind joins the check by being listed, nothing else."""
    seen: dict[tuple[object, ...], Named] = {}
    for role, path in inputs:
        key = _identity(path, stdin=True)
        if key[0] == "file":
            seen.setdefault(key, (role, path))
    for role, path in outputs:
        key = _identity(path)
        if key in seen:
            other_role, other = seen[key]
            raise CollisionError(path, role, other, other_role)
        seen[key] = (role, path)


def check_outputs(inputs: Iterable[Named], outputs: Sequence[Named]) -> None:
    """Every check an output gets before anything is written, for every command that writes
    (``build``, ``generate -o``, ``check``/``grade -o``, ``preflight --junit``, ``export``,
    ``init``): no output is an input of the run (the same path, a hard link, a symlink, the
    file on standard input) or another output (:func:`check_collisions`), and each is a
    regular file or a new path in a folder that can exist (:func:`check_target`)."""
    check_collisions(inputs, outputs)
    for _role, target in outputs:
        check_target(target)
        _check_folder(target)


def check_target(target: Path) -> None:
    """Refuse a target that exists and is not a regular file (never follows a symlink)."""
    try:
        mode = os.lstat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
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


def _check_folder(target: Path) -> None:
    """Refuse a target whose folder cannot exist: an ancestor that is a file, a device..."""
    for ancestor in target.parents:
        try:
            mode = os.stat(ancestor).st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as error:
            raise WriteError(target, error.strerror or str(error)) from None
        if not stat.S_ISDIR(mode):
            raise WriteError(target, f"{ancestor} is not a folder")
        return


# ------------------------------------------------------------------ folders and locks

def _make_folders(folder: Path, created: list[Path]) -> None:
    """Create ``folder`` and its missing parents, recording each one made (to undo)."""
    missing = []
    for path in (folder, *folder.parents):
        if os.path.isdir(path):
            break
        missing.append(path)
    for path in reversed(missing):
        try:
            os.mkdir(path)
        except FileExistsError:
            if not os.path.isdir(path):
                raise
            continue
        created.append(path)


def _on_wait(folder: Path) -> None:
    print(f"puzzlepress: waiting for another puzzlepress command writing to {escaped(folder)} to finish",
          file=sys.stderr, flush=True)


#: Told once when a command has to wait for another one's lock on a folder.
on_wait: Callable[[Path], None] = _on_wait


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the folder's lock file (waiting for another holder); the file is removed on
    release, so a folder is left as it was (a waiter re-checks it locked the live file)."""
    path = folder / LOCK_NAME
    told = False
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | os.O_CLOEXEC, 0o600)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not told:
                    on_wait(folder)
                    told = True
                fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path, follow_symlinks=False))
            except FileNotFoundError:
                same = False
        except BaseException:
            os.close(fd)
            raise
        if same:
            break
        os.close(fd)     # the holder removed the file we waited on: lock the new one
    try:
        yield
    finally:
        with interrupt.deferred():      # a signal now must not leave the lock file behind
            _step("unlock")
            with contextlib.suppress(OSError):
                os.unlink(path)
            os.close(fd)


def remove_stale_temps(folder: Path) -> None:
    """Delete temporary files an earlier, killed write left in ``folder`` (ours only;
    called with the folder's lock held, so no live command's files are among them)."""
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


# ------------------------------------------------------------------ staging

def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _keep_owner(temp: int, old: os.stat_result | None, mode: int) -> int:
    """Give the staged file the group (and, for root, the owner) of the file it replaces;
    the mode to set. A group that cannot be kept loses its permission bits: the file must
    never become readable by people who could not read the old one."""
    if old is None:
        return mode
    mine = os.fstat(temp)
    if (mine.st_uid, mine.st_gid) == (old.st_uid, old.st_gid):
        return mode
    for owner in ((old.st_uid, old.st_gid), (-1, old.st_gid)):
        try:
            os.fchown(temp, *owner)
        except OSError:
            continue
        if os.fstat(temp).st_gid == old.st_gid:
            return mode
    return mode & ~0o070


def _stage(target: Path, data: bytes | Iterable[bytes], mask: int) -> Path:
    """``data`` in a new temporary file beside ``target``, flushed to disk, with the mode
    (and group) of the file it replaces, or the umask's for a new file. Nothing is left
    behind when it fails (a full disk)."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        try:
            old: os.stat_result | None = os.stat(target, follow_symlinks=False)
        except FileNotFoundError:
            old = None
        mode = stat.S_IMODE(old.st_mode) & 0o777 if old is not None else 0o666 & ~mask
        mode = _keep_owner(fd, old, mode)
        for chunk in [data] if isinstance(data, bytes) else data:
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view):]
        os.fsync(fd)
        os.fchmod(fd, mode)
    except BaseException:
        os.close(fd)
        _unlink(Path(name))
        raise
    os.close(fd)
    return Path(name)


def _backup(target: Path) -> Path | None:
    """A second name for the old content of ``target`` (None when it does not exist).

    A hard link costs nothing and fails on an immutable file, so a target that
    cannot be replaced is found before any output is touched."""
    if not os.path.lexists(target):
        return None
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=BACKUP_SUFFIX, dir=target.parent)
    os.close(fd)
    os.unlink(name)
    try:
        os.link(target, name, follow_symlinks=False)
    except OSError as error:   # no hard links here (another filesystem): copy instead
        if error.errno not in (errno.EXDEV, errno.EOPNOTSUPP, errno.EMLINK, errno.EPERM):
            raise
        shutil.copy2(target, name)
    return Path(name)


def _unlink(path: Path | None) -> None:
    if path is not None:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _step(name: str) -> None:
    if step_hook is not None:
        step_hook(name)


# ------------------------------------------------------------------ the write

def write_atomically(files: Mapping[Path, Content], *, roles: Mapping[Path, str] | None = None,
                     inputs: Sequence[Named] = (), commit: Callable[[], None] | None = None) -> None:
    """Write all ``files`` or none: on any failure (or signal) every target keeps its old content.

    ``roles`` names each output in messages ("the JSON report (--report)"; default "an
    output"); ``inputs`` are the run's inputs, which no output may be (see
    :func:`check_collisions`). A callable content is called after the others are staged.
    ``commit`` (the catalog's transaction) runs once every target is replaced, before the
    old contents are let go: if it raises, every target is put back and its error
    propagates, so the outputs and the record of them change together or not at all.
    Raises :class:`WriteError` naming the target that could not be written."""
    roles = roles or {}
    targets = list(files)
    check_outputs(inputs, [(roles.get(target, "an output"), target) for target in targets])
    created: list[Path] = []
    current = targets[0] if targets else Path(".")
    done = False
    try:
        with contextlib.ExitStack() as locks:
            folders: dict[str, Path] = {}
            for current in targets:
                _make_folders(current.parent, created)
                folders.setdefault(os.path.realpath(current.parent), current.parent)
            for real in sorted(folders):        # one order for every command: no deadlock
                current = next(t for t in targets if os.path.realpath(t.parent) == real)   # named in errors
                locks.enter_context(_locked(folders[real]))
                remove_stale_temps(folders[real])
            _write_locked(files, targets, commit)
            done = True
    except OSError as error:
        if isinstance(error, WriteError):
            raise
        raise WriteError(current, error.strerror or str(error)) from None
    except ValueError:   # a NUL byte or a lone surrogate in the name
        raise WriteError(current, "not a valid file name") from None
    finally:
        if not done:
            with interrupt.deferred():
                for folder in reversed(created):     # folders made for outputs never written
                    with contextlib.suppress(OSError):
                        os.rmdir(folder)


def _write_locked(files: Mapping[Path, Content], targets: list[Path], commit: Callable[[], None] | None) -> None:
    staged: dict[Path, Path] = {}
    backups: dict[Path, Path | None] = {}
    mask = _umask()
    current = targets[0] if targets else Path(".")
    try:
        order = [t for t in targets if not callable(files[t])] + [t for t in targets if callable(files[t])]
        for index, current in enumerate(order):
            _step(f"stage {index}")
            content = files[current]
            staged[current] = _stage(current, content() if callable(content) else content, mask)
        for current in targets:
            check_target(current)
            backups[current] = _backup(current)
        _step("staged")
        interrupt.check()     # a signal that some library swallowed still stops here
        with interrupt.deferred():
            _replace_all(targets, staged, backups, commit)
            interrupt.committed()
        _step("committed")
    except OSError as error:
        if isinstance(error, WriteError):
            raise
        raise WriteError(current, error.strerror or str(error)) from None
    finally:
        # a signal during the clean-up (after the commit it ends the command with exit 0) is held
        # until every temp file and backup is gone, or it would leave them beside the new outputs
        with interrupt.deferred():
            _step("clean up")
            for temp in staged.values():
                _unlink(temp)
            for old in backups.values():
                _unlink(old)


def _replace_all(targets: list[Path], staged: dict[Path, Path], backups: dict[Path, Path | None],
                 commit: Callable[[], None] | None = None) -> None:
    """Rename every staged file over its target, then ``commit``; on a failure of either, put
    back every target already replaced."""
    replaced: list[Path] = []
    delay = float(os.environ.get(_SLOW_RENAMES, "0") or 0)
    try:
        for index, target in enumerate(targets):
            _step(f"rename {index}")
            if delay:
                time.sleep(delay)
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
