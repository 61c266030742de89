"""Reading inputs safely: only regular files, never more than a size limit.

A config, puzzle file or template named on the command line can be anything
the file system holds: a FIFO (reading it blocks for ever), a device
(``/dev/zero`` never ends), a folder, a name with a NUL byte. Every input is
opened here without blocking, checked to be a regular file, and read up to
:data:`MAX_INPUT_BYTES`, so each of those is one clear line instead of a hang
or a MemoryError.
"""
from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import BinaryIO

#: The largest config, puzzle file or template read (docs, "Limits").
MAX_INPUT_BYTES = 16 * 1024 * 1024
#: The largest built PDF ``preflight`` reads back (a book's interior or cover; docs, "Limits").
MAX_PDF_BYTES = 1024 * 1024 * 1024
#: The largest font file or cover image read (a CJK TrueType font is about 20 MB; docs, "Limits").
MAX_BINARY_BYTES = 128 * 1024 * 1024


class InputError(Exception):
    """An input that cannot be read; the message is one 'file: problem' line."""


#: (role, path) of every file read while :func:`recording` is active: the run's inputs,
#: which no output may overwrite (``publisher.write.check_collisions``).
_read: ContextVar[list[tuple[str, Path]] | None] = ContextVar("inputs_read", default=None)


@contextmanager
def recording() -> Iterator[list[tuple[str, Path]]]:
    """Collect the (role, path) of every input read inside the block."""
    found: list[tuple[str, Path]] = []
    token = _read.set(found)
    try:
        yield found
    finally:
        _read.reset(token)


def note_input(role: str, path: Path | str) -> None:
    """Record an input read some other way (a font opened by fontTools, an image)."""
    found = _read.get()
    if found is not None:
        found.append((role, Path(path)))


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _open_regular(path: Path | str, shown: str) -> int:
    """A descriptor of the regular file ``path``; :class:`InputError` naming ``shown`` otherwise."""
    if "\0" in str(path):
        raise InputError(f"{shown!r}: a file name cannot contain a NUL byte")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except ValueError:   # a name the file system cannot encode (a lone surrogate)
        raise InputError(f"{shown!r}: not a valid file name") from None
    except FileNotFoundError:
        raise InputError(f"{shown}: file not found") from None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise InputError(f"{shown[:60]}...: file name too long") from None
        raise InputError(f"{shown}: cannot read: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
    except OSError as error:
        os.close(fd)
        raise InputError(f"{shown}: cannot read: {error.strerror or error}") from None
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise InputError(f"{shown}: is {_kind(info.st_mode)}, not a regular file")
    return fd


def open_regular(path: Path | str, shown: str | None = None, *, role: str = "an input") -> BinaryIO:
    """The regular file ``path`` opened for reading, for inputs read as a stream (a puzzle bank
    ``check`` screens line by line): the checks of :func:`read_bytes`, but no size limit, since
    a stream never holds the whole file."""
    shown = str(path) if shown is None else shown
    note_input(role, path)
    fd = _open_regular(path, shown)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def read_bytes(path: Path | str, shown: str | None = None, *, limit: int | None = None,
               role: str = "an input") -> bytes:
    """The content of the regular file ``path`` (at most ``limit`` bytes, by default
    :data:`MAX_INPUT_BYTES`); :class:`InputError` naming ``shown`` otherwise. ``role`` names
    the input in the run's list of inputs (see :func:`recording`)."""
    shown = str(path) if shown is None else shown
    note_input(role, path)
    limit = MAX_INPUT_BYTES if limit is None else limit
    fd = _open_regular(path, shown)
    try:
        info = os.fstat(fd)
        if info.st_size > limit:
            raise InputError(f"{shown}: is {info.st_size:,} bytes; the limit is {limit:,}")
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise InputError(f"{shown}: is more than {limit:,} bytes; the limit is {limit:,}")
        return b"".join(chunks)
    except OSError as error:
        raise InputError(f"{shown}: cannot read: {error.strerror or error}") from None
    finally:
        os.close(fd)


def read_stream(stream: BinaryIO | None, shown: str, *, limit: int | None = None) -> bytes:
    """At most ``limit`` bytes (by default :data:`MAX_INPUT_BYTES`) of an open binary stream
    (None: a closed standard input)."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    if stream is None:
        raise InputError(f"{shown}: standard input is closed")
    try:
        data: bytes = stream.read(limit + 1)
    except (OSError, ValueError) as error:   # ValueError: a closed file object
        raise InputError(f"{shown}: cannot read: {getattr(error, 'strerror', None) or error}") from None
    if len(data) > limit:
        raise InputError(f"{shown}: is more than {limit:,} bytes; the limit is {limit:,}")
    return data


def decode_utf8(data: bytes, shown: str) -> str:
    """UTF-8 text (a BOM is allowed), else :class:`InputError` naming the line of the bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = len(re.findall(rb"\r\n|\r|\n", data[: error.start])) + 1
        raise InputError(f"{shown}:{line}: not UTF-8 text (byte 0x{data[error.start]:02x}); "
                         "save the file as UTF-8") from None


def read_text(path: Path | str, shown: str | None = None, *, limit: int | None = None,
              role: str = "an input") -> str:
    """A regular UTF-8 text file, bounded in size (see :func:`read_bytes`)."""
    shown = str(path) if shown is None else shown
    return decode_utf8(read_bytes(path, shown, limit=limit, role=role), shown)
