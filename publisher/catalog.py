"""The catalog: every puzzle a series has printed, so no later book repeats one.

One table of rows, one per printed puzzle: its ID and canonical form
(:mod:`solver.canonical`), its kind and size, the book, edition, section and
number it was printed as, the file and line it came from, its rating, when it
was recorded and the puzzle itself (so a repeat's reason can say how it was
moved). Lookups go by the indexed ID and are confirmed on the form, so two
forms sharing an ID never make a false repeat.

A catalog is a SQLite file (a path) or a PostgreSQL database shared by a team
(``postgresql://...``); SQLAlchemy Core speaks both, so there is one set of
statements. The schema carries its version in ``puzzlepress_meta``: an older
catalog is upgraded in place (its rows put in this version's forms where a kind's
forms changed, read back from their stored puzzle), a newer one is refused with
one clear error.

Recording is one transaction: the rows of a (book, edition) replace that
book's earlier rows (a rebuild is not a repeat of itself, and never a second
copy), written under a lock every recording build takes first (SQLite: an
immediate transaction; PostgreSQL: the meta row ``FOR UPDATE``), and committed
only when the build says every output is in place. Every database failure
(locked, unreachable, read-only, corrupt, a newer schema) is a
:class:`CatalogError` with one line naming the catalog.
"""
from __future__ import annotations

import contextlib
import datetime
import functools
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypedDict

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc

from publisher.schema import Hint

#: The schema this program writes. 1: the first catalogs; 2: adds ``puzzle`` (the puzzle
#: as printed, read back to name how a repeat was moved); 3: variant Sudoku forms under each
#: variant's full symmetry group (rows of version 2 are put in the new forms on upgrade); 4: adds
#: ``answer_id`` and ``answer``, the form of the solution grid (:mod:`solver.answers`), so no
#: later book prints an answer the series has printed (rows recorded before are left without).
SCHEMA_VERSION = 4
#: The PostgreSQL advisory lock key of schema creation (any fixed 64-bit number; this is "puzzlepr")
_SCHEMA_LOCK = 0x70757A7A6C657072
#: How long a build waits for another build's recording before the catalog is "locked".
LOCK_TIMEOUT_SECONDS = 30
_LOOKUP_CHUNK = 500

_metadata = sa.MetaData()
meta_table = sa.Table(
    "puzzlepress_meta", _metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)
puzzles_table = sa.Table(
    "puzzles", _metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("id", sa.String(16), nullable=False),
    sa.Column("form", sa.Text, nullable=False),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("size", sa.String(20), nullable=False),
    sa.Column("book", sa.Text, nullable=False),
    sa.Column("edition", sa.Text, nullable=False),
    sa.Column("section", sa.Text, nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("line", sa.Integer, nullable=False),
    sa.Column("rating", sa.Float, nullable=True),
    sa.Column("recorded_at", sa.String(32), nullable=False),
    sa.Column("puzzle", sa.Text, nullable=True),
    sa.Column("answer_id", sa.String(16), nullable=True),
    sa.Column("answer", sa.Text, nullable=True),
    sa.Index("puzzles_by_id", "id"),
    sa.Index("puzzles_by_answer", "answer_id"),
    sa.Index("puzzles_by_book", "book", "edition"),
)


#: An upgrade's view of a recorded row and the schema version it is upgraded from: the columns
#: this version writes otherwise (``id`` and ``form`` where a kind's forms changed, ``answer_id``
#: and ``answer`` for a row recorded before answers were), read back from its stored puzzle;
#: empty when nothing changes (or the puzzle was not stored and cannot be read back)
Reform = Callable[["Entry", int], "dict[str, str]"]


class CatalogError(Exception):
    """A catalog that cannot be used; the message is one line naming it."""


class BookRow(TypedDict):
    """A book (title and edition) of the catalog: its puzzle count, when it was last recorded."""

    book: str
    edition: str
    puzzles: int
    recorded_at: str


@dataclass(frozen=True)
class Entry:
    """One printed puzzle, as a row of the catalog."""

    id: str
    form: str
    kind: str
    size: str
    book: str
    edition: str
    section: str
    number: int
    source: str
    line: int
    rating: float | None
    recorded_at: str
    #: the puzzle as its kind reads it back: JSON {"text": ..., "hints": {...}}; None in rows
    #: a schema-1 catalog recorded
    puzzle: str | None = None
    #: the ID and text of its answer's form (:mod:`solver.answers`); None in rows recorded
    #: before schema 4, and for kinds whose answers are no grid
    answer_id: str | None = None
    answer: str | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    @property
    def printed_as(self) -> str:
        """"'Tuyển tập Sudoku' vol. 1, section 'Hard', puzzle 37": where a reader found it."""
        return f"{book_name(self.book, self.edition)}, section '{self.section}', puzzle {self.number}"


def book_name(book: str, edition: str) -> str:
    """'Title' vol. 2 for a numbered edition, 'Title' (spring 2027) for a named one."""
    if not edition:
        return f"'{book}'"
    return f"'{book}' vol. {edition}" if edition.isdigit() else f"'{book}' ({edition})"


def recorded_now() -> str:
    """The time a recording is stamped with: SOURCE_DATE_EPOCH when set (reproducible
    builds), else now; ISO 8601 in UTC, to the second."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch and epoch.isdigit()
              else datetime.datetime.now(datetime.timezone.utc))
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def database_url(target: str, base: Path | None = None) -> tuple[str, str, Path | None]:
    """(SQLAlchemy URL, the name shown in messages, the SQLite file or None) of a config's or
    command line's ``catalog``: ``postgresql://...`` (psycopg) or a SQLite file path relative to
    ``base``. A path is never read as a URL: ``cat?mode=ro&x=1.db`` is that file (SQLAlchemy's
    ``sqlite:///`` would take ``?mode=ro`` for its options and open the file ``cat``)."""
    if target.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        try:
            url = sa.engine.make_url(target.replace("postgres://", "postgresql://", 1))
        except (ValueError, sa_exc.ArgumentError):   # 'postgresql://::::': a port that is no number
            raise CatalogError(f"catalog {target!r}: not a valid postgresql:// URL "
                               "(postgresql://USER:PASSWORD@HOST:PORT/DATABASE)") from None
        shown = url.render_as_string(hide_password=True)
        return url.set(drivername="postgresql+psycopg").render_as_string(hide_password=False), shown, None
    if "://" in target:
        raise CatalogError(f"catalog {target!r}: expected a file path or a postgresql:// URL")
    path = Path(target)
    if base is not None and not path.is_absolute():
        path = base / path
    return "sqlite://", str(target), path


class Catalog:
    """An open catalog. Use as a context manager, or call :meth:`close`."""

    def __init__(self, target: str, base: Path | None = None, *, create: bool = True,
                 reform: Reform | None = None) -> None:
        """``reform`` puts an older catalog's rows in this version's forms when it is
        upgraded (the kinds know their forms; this module does not): a catalog that needs
        it and is opened without it is refused rather than upgraded half-way."""
        self.url, self.name, path = database_url(target, base)
        self._reform = reform
        self.sqlite = path is not None
        if path is not None:
            _check_folder(path, self.name)
            if not create and not path.exists():
                raise CatalogError(f"catalog {self.name}: no such file")
            if path.exists() and not path.is_file():
                raise CatalogError(f"catalog {self.name}: not a file")
        # how long to wait for another build's lock before "locked" (SQLite: its busy timeout)
        waiting = f"-c lock_timeout={LOCK_TIMEOUT_SECONDS * 1000}"
        try:
            if path is not None:   # the file opened by name, never through a URL
                self.engine = sa.create_engine(self.url, poolclass=sa.pool.NullPool, creator=functools.partial(
                    sqlite3.connect, path, timeout=LOCK_TIMEOUT_SECONDS))
            else:
                self.engine = sa.create_engine(self.url, poolclass=sa.pool.NullPool, connect_args={
                    "connect_timeout": 10, "options": waiting})
        except ImportError:
            raise CatalogError(f"catalog {self.name}: PostgreSQL catalogs need psycopg "
                               "(pip install 'puzzlepress[postgresql]')") from None
        if self.sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_manual_transactions)
            sa.event.listen(self.engine, "begin", _sqlite_begin)
        with self._errors():
            self._open(create)

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------- schema

    def _open(self, create: bool) -> None:
        """Check the schema version; create or upgrade the schema in one transaction."""
        with self.engine.connect() as connection:
            version = _version(connection, self.name)
        if version == SCHEMA_VERSION:
            return
        if version is not None and version > SCHEMA_VERSION:
            raise CatalogError(f"catalog {self.name}: schema version {version} is newer than this "
                               f"puzzlepress knows ({SCHEMA_VERSION}); upgrade puzzlepress to use it")
        if version is None and not create:
            raise CatalogError(f"catalog {self.name}: not a puzzlepress catalog")
        if version is not None and version < SCHEMA_VERSION and self._reform is None:
            raise CatalogError(f"catalog {self.name}: schema version {version} needs its forms upgraded; "
                               "open it with puzzlepress build or puzzlepress catalog")
        with self.engine.connect().execution_options(immediate=True) as connection, connection.begin():
            if connection.dialect.name == "postgresql":
                # Two builds creating one new catalog at once: PostgreSQL's DDL takes no lock
                # on a table that does not exist yet, so both would CREATE it (a duplicate-key
                # error on pg_type); a lock held to the end of this transaction orders them.
                # (SQLite's BEGIN IMMEDIATE already does.)
                connection.execute(sa.select(sa.func.pg_advisory_xact_lock(_SCHEMA_LOCK)))
            version = _version(connection, self.name)    # another process may have done it meanwhile
            if version is None:
                _metadata.create_all(connection)
                connection.execute(meta_table.insert().values(key="schema_version", value=str(SCHEMA_VERSION)))
            elif version < SCHEMA_VERSION:
                _upgrade(connection, version, self._reform)

    # ------------------------------------------------------------ reading

    def lookup(self, ids: Iterable[str]) -> dict[str, list[Entry]]:
        """Every row with one of ``ids``, oldest first, by ID."""
        return self._rows_by(puzzles_table.c.id, ids)

    def lookup_answers(self, ids: Iterable[str]) -> dict[str, list[Entry]]:
        """Every row whose answer has one of ``ids``, oldest first, by answer ID."""
        return self._rows_by(puzzles_table.c.answer_id, ids)

    def _rows_by(self, column: sa.Column[str], ids: Iterable[str]) -> dict[str, list[Entry]]:
        wanted = sorted(set(ids))
        found: dict[str, list[Entry]] = {}
        with self._errors(), self.engine.connect() as connection:
            for start in range(0, len(wanted), _LOOKUP_CHUNK):
                chunk = wanted[start:start + _LOOKUP_CHUNK]
                query = sa.select(puzzles_table).where(column.in_(chunk)).order_by(puzzles_table.c.seq)
                for row in connection.execute(query):
                    found.setdefault(getattr(row, column.name), []).append(_entry(row))
        return found

    def entries(self, book: str | None = None) -> Iterator[Entry]:
        """Every row (or a book's), in recording order."""
        query = sa.select(puzzles_table).order_by(puzzles_table.c.seq)
        if book is not None:
            query = query.where(puzzles_table.c.book == book)
        with self._errors(), self.engine.connect() as connection:
            for row in connection.execution_options(yield_per=2000).execute(query):
                yield _entry(row)

    def books(self) -> list[BookRow]:
        """Each (book, edition) with its puzzle count and when it was last recorded."""
        t = puzzles_table.c
        query = (sa.select(t.book, t.edition, sa.func.count().label("puzzles"),
                           sa.func.max(t.recorded_at).label("recorded_at"))
                 .group_by(t.book, t.edition).order_by(sa.func.min(t.seq)))
        with self._errors(), self.engine.connect() as connection:
            return [BookRow(book=row.book, edition=row.edition, puzzles=row.puzzles, recorded_at=row.recorded_at)
                    for row in connection.execute(query)]

    def count(self) -> int:
        with self._errors(), self.engine.connect() as connection:
            return int(connection.execute(sa.select(sa.func.count()).select_from(puzzles_table)).scalar_one())

    # ------------------------------------------------------------ writing

    def recording(self, entries: Sequence[Entry], replace: Iterable[tuple[str, str]] = ()) -> Recording:
        """A transaction holding the recording lock, with the rows of every (book, edition)
        in ``replace`` deleted and ``entries`` inserted; :meth:`Recording.commit` ends it."""
        recording = Recording(self)
        recording.begin(entries, list(replace))
        return recording

    def add(self, entries: Sequence[Entry], replace: Iterable[tuple[str, str]] = ()) -> None:
        """Record ``entries`` at once (an import)."""
        self.recording(entries, replace).commit()

    def _errors(self) -> contextlib.AbstractContextManager[None]:
        return _errors(self.name)


class Recording:
    """One recording transaction (see :meth:`Catalog.recording`)."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.connection: sa.Connection | None = None
        self.transaction: sa.RootTransaction | None = None

    def begin(self, entries: Sequence[Entry], replace: list[tuple[str, str]]) -> None:
        with self.catalog._errors():
            try:
                self.connection = self.catalog.engine.connect().execution_options(immediate=True)
                self.transaction = self.connection.begin()
                connection = self.connection
                # the lock: every recording build takes the meta row first (SQLite: the
                # immediate transaction already holds the database's write lock)
                connection.execute(sa.select(meta_table.c.value).where(meta_table.c.key == "schema_version")
                                   .with_for_update())
                for book, edition in replace:
                    connection.execute(puzzles_table.delete().where(puzzles_table.c.book == book)
                                       .where(puzzles_table.c.edition == edition))
                rows = [entry.as_dict() for entry in entries]
                for start in range(0, len(rows), 5000):
                    connection.execute(puzzles_table.insert(), rows[start:start + 5000])
            except BaseException:
                self.rollback()
                raise

    def conflicts(self, ids: Iterable[str], own: set[tuple[str, str]]) -> dict[str, list[Entry]]:
        """Rows of other books with these IDs, as this transaction sees them (under the lock:
        what another build recorded since this one looked)."""
        assert self.connection is not None
        found: dict[str, list[Entry]] = {}
        wanted = sorted(set(ids))
        with self.catalog._errors():
            for start in range(0, len(wanted), _LOOKUP_CHUNK):
                query = (sa.select(puzzles_table).where(puzzles_table.c.id.in_(wanted[start:start + _LOOKUP_CHUNK]))
                         .order_by(puzzles_table.c.seq))
                for row in self.connection.execute(query):
                    if (row.book, row.edition) not in own:
                        found.setdefault(row.id, []).append(_entry(row))
        return found

    def commit(self) -> None:
        with self.catalog._errors():
            try:
                assert self.transaction is not None
                self.transaction.commit()
            finally:
                self._close()

    def rollback(self) -> None:
        try:
            if self.transaction is not None and self.transaction.is_active:
                self.transaction.rollback()
        except sa_exc.SQLAlchemyError:
            pass
        finally:
            self._close()

    def _close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(sa_exc.SQLAlchemyError):
                self.connection.close()
        self.connection = self.transaction = None


@contextlib.contextmanager
def _errors(name: str) -> Iterator[None]:
    """Turns any database failure inside it into one :class:`CatalogError` line."""
    try:
        yield
    except sa_exc.SQLAlchemyError as error:
        raise CatalogError(f"catalog {name}: {_reason(error)}") from None


def _reason(error: sa_exc.SQLAlchemyError) -> str:
    """What went wrong, in one line a user can act on (the driver's first line, named)."""
    original = getattr(error, "orig", None)
    text = str(original if original is not None else error).strip().splitlines()
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


def _sqlite_manual_transactions(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    """pysqlite begins transactions on its own and late; we issue BEGIN ourselves so a
    recording can take the write lock at its start (see _sqlite_begin)."""
    dbapi_connection.isolation_level = None


def _sqlite_begin(connection: sa.Connection) -> None:
    """BEGIN IMMEDIATE for a recording (the write lock at once, waiting up to the lock
    timeout for another build's), a plain BEGIN for reads."""
    immediate = connection.get_execution_options().get("immediate", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _check_folder(path: Path, name: str) -> None:
    """Refuse a SQLite catalog whose folder is missing, or is a file (``p4.txt/cat.db``)."""
    if path.parent.is_dir():
        return
    existing = next((ancestor for ancestor in path.parents if os.path.lexists(ancestor)), None)
    if existing is not None and not existing.is_dir():
        raise CatalogError(f"catalog {name}: {existing} is a file, not a folder")
    raise CatalogError(f"catalog {name}: folder {path.parent} does not exist")


def _version(connection: sa.Connection, name: str) -> int | None:
    """The catalog's schema version; None for an empty database (a new catalog). A database
    that is someone else's (tables of its own, none of ours) is refused: our tables are
    never added to another program's file."""
    # one look at the tables: three separate looks could each see another moment of a build
    # creating this catalog at once (no puzzlepress_meta, then both tables: "someone else's")
    tables = set(sa.inspect(connection).get_table_names())
    if meta_table.name not in tables:
        if puzzles_table.name in tables:
            raise CatalogError(f"catalog {name}: a 'puzzles' table exists but no puzzlepress_meta: "
                               "not a puzzlepress catalog")
        theirs = sorted(tables)
        if theirs:
            shown = ", ".join(theirs[:3]) + (", ..." if len(theirs) > 3 else "")
            raise CatalogError(f"catalog {name}: not a puzzlepress catalog (it holds other tables: {shown}); "
                               "name a new file or an empty database")
        return None
    value = connection.execute(sa.select(meta_table.c.value)
                               .where(meta_table.c.key == "schema_version")).scalar_one_or_none()
    if value is None or not value.isdigit():
        raise CatalogError(f"catalog {name}: schema version {value!r} is not a number: not a puzzlepress catalog")
    return int(value)


def _upgrade(connection: sa.Connection, version: int, reform: Reform | None) -> None:
    """Every step from ``version`` to :data:`SCHEMA_VERSION`, in the same transaction."""
    if version < 2:
        connection.execute(sa.text("ALTER TABLE puzzles ADD COLUMN puzzle TEXT"))
    if version < 4:
        present = {column["name"] for column in sa.inspect(connection).get_columns(puzzles_table.name)}
        for name, kind in (("answer_id", "VARCHAR(16)"), ("answer", "TEXT")):
            if name not in present:
                connection.execute(sa.text(f"ALTER TABLE puzzles ADD COLUMN {name} {kind}"))
        connection.execute(sa.text("CREATE INDEX IF NOT EXISTS puzzles_by_answer ON puzzles (answer_id)"))
    if reform is not None:
        rows = connection.execute(sa.select(puzzles_table).where(puzzles_table.c.puzzle.is_not(None))).all()
        for row in rows:
            new = reform(_entry(row), version)
            if new:
                connection.execute(puzzles_table.update().where(puzzles_table.c.seq == row.seq).values(**new))
    connection.execute(meta_table.update().where(meta_table.c.key == "schema_version")
                       .values(value=str(SCHEMA_VERSION)))


def _entry(row: sa.Row[tuple[object, ...]]) -> Entry:
    return Entry(row.id, row.form, row.kind, row.size, row.book, row.edition, row.section, row.number,
                 row.source, row.line, row.rating, row.recorded_at, row.puzzle, row.answer_id, row.answer)


def stored_puzzle(text: str, hints: Mapping[str, Hint]) -> str:
    """The ``puzzle`` column: a kind's text of the puzzle and the hints that read it back."""
    return json.dumps({"text": text, "hints": hints}, ensure_ascii=False, sort_keys=True)


def read_stored(value: str | None) -> tuple[str, dict[str, Hint]] | None:
    if not value:
        return None
    try:
        data = json.loads(value)
        return str(data["text"]), dict(data.get("hints") or {})
    except (ValueError, KeyError, TypeError):
        return None
