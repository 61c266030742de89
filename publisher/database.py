"""The two databases a catalog lives in, through their own drivers: SQLite (the standard
library's ``sqlite3``, a file) and PostgreSQL (``psycopg``, the ``[postgresql]`` extra).

The catalog is one table with a handful of statements; they are written once, in SQL both
databases speak, with ``?`` for a parameter. What differs is said here once: how to connect
and lock, the parameter mark, the DDL of the key column, how to list tables and columns,
and which errors are the database's. (SQLAlchemy did this for us before; its 29 MB served
these few lines.)
"""
from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

#: How long a build waits for another build's recording before the catalog is "locked".
LOCK_TIMEOUT_SECONDS = 30
#: URL schemes of a PostgreSQL catalog (``postgresql+psycopg`` is SQLAlchemy's spelling, kept
#: for configs written for it)
POSTGRESQL_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")

Row = tuple[object, ...]


class Cursor(Protocol):
    """What both drivers' cursors offer and the catalog uses (DB-API 2)."""

    def execute(self, query: str, params: Sequence[object] = ..., /) -> object: ...
    def executemany(self, query: str, params_seq: Sequence[Sequence[object]], /) -> object: ...
    def fetchone(self) -> Row | None: ...
    def fetchmany(self, size: int = ..., /) -> list[Row]: ...
    def fetchall(self) -> list[Row]: ...


class Connection(Protocol):
    """What both drivers' connections offer and the catalog uses (DB-API 2)."""

    def cursor(self) -> Cursor: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def close(self) -> None: ...


class DatabaseError(Exception):
    """A database failure, in one line a user can act on (the driver's first line, named)."""


class BadTarget(ValueError):
    """A catalog target that names no database we can open."""


@dataclass(frozen=True)
class Database:
    """A catalog's database: where it is, the name shown in messages (no password), and the
    dialect's few differences."""

    shown: str
    path: Path | None = None       # a SQLite file
    url: str | None = None         # a PostgreSQL connection URL

    @property
    def postgresql(self) -> bool:
        return self.url is not None

    @property
    def key_column(self) -> str:
        """The recording-order key: a row's number, given by the database."""
        return "SERIAL NOT NULL PRIMARY KEY" if self.postgresql else "INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT"

    @property
    def lock_row(self) -> str:
        """The clause that locks the rows a SELECT reads (SQLite's immediate transaction
        already holds the whole database)."""
        return " FOR UPDATE" if self.postgresql else ""

    def sql(self, query: str) -> str:
        """``query`` with this driver's parameter mark (psycopg's is ``%s``)."""
        return query.replace("?", "%s") if self.postgresql else query

    @contextlib.contextmanager
    def transaction(self, *, immediate: bool = False, stream: bool = False) -> Iterator[Cursor]:
        """A cursor in one transaction, committed when the block ends and rolled back when it
        raises. ``immediate``: the write lock is taken at the start (SQLite's BEGIN IMMEDIATE,
        waiting up to the lock timeout for another build's; PostgreSQL locks rows as they are
        written or selected FOR UPDATE). ``stream``: rows come from the server as they are
        fetched, not all at once (PostgreSQL's named cursor; SQLite's cursors always do)."""
        connection = self.connect()
        try:
            cursor = connection.cursor(name="stream") if stream and self.postgresql else connection.cursor()  # type: ignore[call-arg]
            with self.errors():
                if not self.postgresql:
                    cursor.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
            yield cursor
            with self.errors():
                connection.commit()
        except BaseException:
            with contextlib.suppress(Exception):
                connection.rollback()
            raise
        finally:
            with contextlib.suppress(Exception):
                connection.close()

    def connect(self) -> Connection:
        """A new connection with no transaction begun (SQLite: we issue BEGIN ourselves, so a
        recording can take the write lock at its start)."""
        with self.errors():
            if self.path is not None:
                return sqlite3.connect(self.path, timeout=LOCK_TIMEOUT_SECONDS,
                                       isolation_level=None)
            try:
                import psycopg
            except ImportError:
                raise DatabaseError("PostgreSQL catalogs need psycopg "
                                    "(pip install 'puzzlepress[postgresql]')") from None
            assert self.url is not None
            return psycopg.connect(self.url, connect_timeout=10,
                                   options=f"-c lock_timeout={LOCK_TIMEOUT_SECONDS * 1000}")

    def tables(self, cursor: Cursor) -> set[str]:
        """The names of the database's own tables (SQLite's internal ones left out)."""
        if self.postgresql:
            cursor.execute("SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema()")
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        return {str(row[0]) for row in cursor.fetchall()}

    def columns(self, cursor: Cursor, table: str) -> set[str]:
        if self.postgresql:
            cursor.execute("SELECT column_name FROM information_schema.columns "
                           "WHERE table_schema = current_schema() AND table_name = %s", (table,))
            return {str(row[0]) for row in cursor.fetchall()}
        cursor.execute(f"PRAGMA table_info({table})")
        return {str(row[1]) for row in cursor.fetchall()}

    @contextlib.contextmanager
    def errors(self) -> Iterator[None]:
        """A failure of the driver inside it becomes one :class:`DatabaseError` line."""
        try:
            yield
        except DatabaseError:
            raise
        except Exception as error:
            if not _is_driver_error(error):
                raise
            raise DatabaseError(reason(error)) from None


def open_target(target: str, base: Path | None = None) -> Database:
    """The database of a config's or command line's ``catalog``: ``postgresql://...`` or a
    SQLite file path relative to ``base``. A path is never read as a URL: ``cat?mode=ro&x=1.db``
    is that file."""
    scheme, separator, _rest = target.partition("://")
    if separator and scheme in POSTGRESQL_SCHEMES:
        url = "postgresql://" + _rest
        try:
            parts = urlsplit(url)
            parts.port    # noqa: B018  (a port that is no number raises here: 'postgresql://::::')
        except ValueError:
            raise BadTarget(f"catalog {target!r}: not a valid postgresql:// URL "
                            "(postgresql://USER:PASSWORD@HOST:PORT/DATABASE)") from None
        shown = url
        if parts.password is not None:
            netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
            shown = urlunsplit(parts._replace(netloc=netloc))
        return Database(shown, url=url)
    if separator:
        raise BadTarget(f"catalog {target!r}: expected a file path or a postgresql:// URL")
    path = Path(target)
    if base is not None and not path.is_absolute():
        path = base / path
    return Database(target, path=path)


def _is_driver_error(error: Exception) -> bool:
    if isinstance(error, sqlite3.Error):
        return True
    try:
        import psycopg
    except ImportError:
        return False
    return isinstance(error, psycopg.Error)


def reason(error: Exception) -> str:
    """What went wrong, in one line a user can act on (the driver's first line, named)."""
    text = str(error).strip().splitlines()
    first = text[0] if text else type(error).__name__
    lowered = first.lower()
    if "database is locked" in lowered or "lock timeout" in lowered:
        return f"locked by another process for more than {LOCK_TIMEOUT_SECONDS} s (database is locked)"
    if "readonly" in lowered or "read-only" in lowered or "permission denied" in lowered:
        return f"cannot be written ({first})"
    if "file is not a database" in lowered or "malformed" in lowered:
        return f"corrupt: not a SQLite database ({first})"
    if "unable to open database" in lowered:
        return f"cannot be opened ({first})"
    if "connection" in lowered or "could not" in lowered or "timeout" in lowered:
        return f"unreachable ({first})"
    return first
