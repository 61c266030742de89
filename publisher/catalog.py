"""The catalog: every puzzle a series has printed, so no later book repeats one.

One table of rows, one per printed puzzle: its ID and canonical form
(:mod:`solver.canonical`), its kind and size, the book, edition, section and
number it was printed as, the file and line it came from, its rating, when it
was recorded and the puzzle itself (so a repeat's reason can say how it was
moved). Lookups go by the indexed ID and are confirmed on the form, so two
forms sharing an ID never make a false repeat.

A catalog is a SQLite file (a path) or a PostgreSQL database shared by a team
(``postgresql://...``); the statements are written once, in SQL both speak
(:mod:`publisher.database` says what differs). The schema carries its version in ``puzzlepress_meta``: an older
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
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, astuple, dataclass, fields
from pathlib import Path
from typing import TypedDict

from publisher.database import LOCK_TIMEOUT_SECONDS, BadTarget, Cursor, Database, DatabaseError, open_target
from publisher.schema import Hint

__all__ = ["LOCK_TIMEOUT_SECONDS", "BookRow", "Catalog", "CatalogError", "Entry", "Recording", "book_name",
           "read_stored", "recorded_now", "stored_puzzle"]

#: The schema this program writes. 1: the first catalogs; 2: adds ``puzzle`` (the puzzle
#: as printed, read back to name how a repeat was moved); 3: variant Sudoku forms under each
#: variant's full symmetry group (rows of version 2 are put in the new forms on upgrade); 4: adds
#: ``answer_id`` and ``answer``, the form of the solution grid (:mod:`solver.answers`), so no
#: later book prints an answer the series has printed (rows recorded before are left without).
SCHEMA_VERSION = 4
#: The PostgreSQL advisory lock key of schema creation (any fixed 64-bit number; this is "puzzlepr")
_SCHEMA_LOCK = 0x70757A7A6C657072
_LOOKUP_CHUNK = 500
_INSERT_CHUNK = 5000
#: Rows a reader of every entry holds in memory at once
_STREAM_CHUNK = 2000

_META = "puzzlepress_meta"
_PUZZLES = "puzzles"


def _schema(db: Database) -> list[str]:
    """The statements that make a new catalog (the indexes after their table)."""
    return [
        f"CREATE TABLE {_META} (key VARCHAR(64) NOT NULL PRIMARY KEY, value VARCHAR(200) NOT NULL)",
        f"CREATE TABLE {_PUZZLES} (seq {db.key_column}, id VARCHAR(16) NOT NULL, form TEXT NOT NULL, "
        "kind VARCHAR(40) NOT NULL, size VARCHAR(20) NOT NULL, book TEXT NOT NULL, edition TEXT NOT NULL, "
        "section TEXT NOT NULL, number INTEGER NOT NULL, source TEXT NOT NULL, line INTEGER NOT NULL, "
        "rating FLOAT, recorded_at VARCHAR(32) NOT NULL, puzzle TEXT, answer_id VARCHAR(16), answer TEXT)",
        f"CREATE INDEX puzzles_by_id ON {_PUZZLES} (id)",
        f"CREATE INDEX puzzles_by_answer ON {_PUZZLES} (answer_id)",
        f"CREATE INDEX puzzles_by_book ON {_PUZZLES} (book, edition)",
    ]


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


#: The columns of a row, in the order of :class:`Entry`'s fields (``seq`` comes first in a SELECT)
_COLUMNS = tuple(f.name for f in fields(Entry))
_SELECT = f"SELECT seq, {', '.join(_COLUMNS)} FROM {_PUZZLES}"
_INSERT = f"INSERT INTO {_PUZZLES} ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' for _ in _COLUMNS)})"


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


class Catalog:
    """An open catalog. Use as a context manager, or call :meth:`close`."""

    def __init__(self, target: str, base: Path | None = None, *, create: bool = True,
                 reform: Reform | None = None) -> None:
        """``reform`` puts an older catalog's rows in this version's forms when it is
        upgraded (the kinds know their forms; this module does not): a catalog that needs
        it and is opened without it is refused rather than upgraded half-way."""
        try:
            self.db = open_target(target, base)
        except BadTarget as error:
            raise CatalogError(str(error)) from None
        self.name = self.db.shown
        self._reform = reform
        path = self.db.path
        if path is not None:
            _check_folder(path, self.name)
            if not create and not path.exists():
                raise CatalogError(f"catalog {self.name}: no such file")
            if path.exists() and not path.is_file():
                raise CatalogError(f"catalog {self.name}: not a file")
        with self._errors():
            self._open(create)

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Nothing stays open between calls: every call connects and closes (no pool)."""

    # ------------------------------------------------------------- schema

    def _open(self, create: bool) -> None:
        """Check the schema version; create or upgrade the schema in one transaction."""
        with self.db.transaction() as cursor:
            version = _version(self.db, cursor, self.name)
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
        with self.db.transaction(immediate=True) as cursor:
            if self.db.postgresql:
                # Two builds creating one new catalog at once: PostgreSQL's DDL takes no lock
                # on a table that does not exist yet, so both would CREATE it (a duplicate-key
                # error on pg_type); a lock held to the end of this transaction orders them.
                # (SQLite's BEGIN IMMEDIATE already does.)
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            version = _version(self.db, cursor, self.name)    # another process may have done it meanwhile
            if version is None:
                for statement in _schema(self.db):
                    cursor.execute(statement)
                cursor.execute(self.db.sql(f"INSERT INTO {_META} (key, value) VALUES (?, ?)"),
                               ("schema_version", str(SCHEMA_VERSION)))
            elif version < SCHEMA_VERSION:
                _upgrade(self.db, cursor, version, self._reform)

    # ------------------------------------------------------------ reading

    def lookup(self, ids: Iterable[str]) -> dict[str, list[Entry]]:
        """Every row with one of ``ids``, oldest first, by ID."""
        return self._rows_by("id", ids)

    def lookup_answers(self, ids: Iterable[str]) -> dict[str, list[Entry]]:
        """Every row whose answer has one of ``ids``, oldest first, by answer ID."""
        return self._rows_by("answer_id", ids)

    def _rows_by(self, column: str, ids: Iterable[str]) -> dict[str, list[Entry]]:
        found: dict[str, list[Entry]] = {}
        with self._errors(), self.db.transaction() as cursor:
            for entry in _with_ids(self.db, cursor, column, ids):
                found.setdefault(getattr(entry, column), []).append(entry)
        return found

    def entries(self, book: str | None = None) -> Iterator[Entry]:
        """Every row (or a book's), in recording order, a chunk of rows in memory at a time."""
        where, params = (" WHERE book = ?", (book,)) if book is not None else ("", ())
        with self._errors(), self.db.transaction(stream=True) as cursor:
            cursor.execute(self.db.sql(f"{_SELECT}{where} ORDER BY seq"), params)
            while rows := cursor.fetchmany(_STREAM_CHUNK):
                for row in rows:
                    yield _entry(row)

    def books(self) -> list[BookRow]:
        """Each (book, edition) with its puzzle count and when it was last recorded."""
        query = (f"SELECT book, edition, COUNT(*), MAX(recorded_at) FROM {_PUZZLES} "
                 "GROUP BY book, edition ORDER BY MIN(seq)")
        with self._errors(), self.db.transaction() as cursor:
            cursor.execute(query)
            return [BookRow(book=str(book), edition=str(edition), puzzles=int(str(count)),
                            recorded_at=str(recorded_at)) for book, edition, count, recorded_at in cursor.fetchall()]

    def count(self) -> int:
        with self._errors(), self.db.transaction() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM {_PUZZLES}")
            row = cursor.fetchone()
        return int(str(row[0])) if row else 0

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
        return _errors(self.db, self.name)


class Recording:
    """One recording transaction (see :meth:`Catalog.recording`): its connection stays open,
    holding the lock, from :meth:`begin` until :meth:`commit` or :meth:`rollback`."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._transaction: contextlib.ExitStack | None = None
        self.cursor: Cursor | None = None

    def begin(self, entries: Sequence[Entry], replace: list[tuple[str, str]]) -> None:
        db = self.catalog.db
        with self.catalog._errors():
            stack = contextlib.ExitStack()
            self.cursor = stack.enter_context(db.transaction(immediate=True))
            self._transaction = stack
            try:
                # the lock: every recording build takes the meta row first (SQLite: the
                # immediate transaction already holds the database's write lock)
                self.cursor.execute(db.sql(f"SELECT value FROM {_META} WHERE key = ?{db.lock_row}"),
                                    ("schema_version",))
                for book, edition in replace:
                    self.cursor.execute(db.sql(f"DELETE FROM {_PUZZLES} WHERE book = ? AND edition = ?"),
                                        (book, edition))
                rows = [astuple(entry) for entry in entries]
                for start in range(0, len(rows), _INSERT_CHUNK):
                    self.cursor.executemany(db.sql(_INSERT), rows[start:start + _INSERT_CHUNK])
            except BaseException:
                self.rollback()
                raise

    def conflicts(self, ids: Iterable[str], own: set[tuple[str, str]]) -> dict[str, list[Entry]]:
        """Rows of other books with these IDs, as this transaction sees them (under the lock:
        what another build recorded since this one looked)."""
        assert self.cursor is not None
        found: dict[str, list[Entry]] = {}
        with self.catalog._errors():
            for entry in _with_ids(self.catalog.db, self.cursor, "id", ids):
                if (entry.book, entry.edition) not in own:
                    found.setdefault(entry.id, []).append(entry)
        return found

    def commit(self) -> None:
        """End the transaction, keeping what it wrote (a failure to commit is a CatalogError)."""
        stack, self._transaction, self.cursor = self._transaction, None, None
        assert stack is not None
        with self.catalog._errors():
            stack.close()

    def rollback(self) -> None:
        """End the transaction, undoing what it wrote (quietly: it is called on the way out)."""
        stack, self._transaction, self.cursor = self._transaction, None, None
        if stack is not None:
            with contextlib.suppress(Exception):
                stack.__exit__(RuntimeError, RuntimeError("rolled back"), None)


@contextlib.contextmanager
def _errors(db: Database, name: str) -> Iterator[None]:
    """Turns any database failure inside it into one :class:`CatalogError` line."""
    try:
        with db.errors():
            yield
    except DatabaseError as error:
        raise CatalogError(f"catalog {name}: {error}") from None


def _with_ids(db: Database, cursor: Cursor, column: str, ids: Iterable[str]) -> Iterator[Entry]:
    """The rows whose ``column`` is one of ``ids``, oldest first within each chunk of IDs."""
    wanted = sorted(set(ids))
    for start in range(0, len(wanted), _LOOKUP_CHUNK):
        chunk = wanted[start:start + _LOOKUP_CHUNK]
        marks = ", ".join("?" for _ in chunk)
        cursor.execute(db.sql(f"{_SELECT} WHERE {column} IN ({marks}) ORDER BY seq"), chunk)
        for row in cursor.fetchall():
            yield _entry(row)


def _check_folder(path: Path, name: str) -> None:
    """Refuse a SQLite catalog whose folder is missing, or is a file (``p4.txt/cat.db``)."""
    if path.parent.is_dir():
        return
    existing = next((ancestor for ancestor in path.parents if os.path.lexists(ancestor)), None)
    if existing is not None and not existing.is_dir():
        raise CatalogError(f"catalog {name}: {existing} is a file, not a folder")
    raise CatalogError(f"catalog {name}: folder {path.parent} does not exist")


def _version(db: Database, cursor: Cursor, name: str) -> int | None:
    """The catalog's schema version; None for an empty database (a new catalog). A database
    that is someone else's (tables of its own, none of ours) is refused: our tables are
    never added to another program's file."""
    # one look at the tables: three separate looks could each see another moment of a build
    # creating this catalog at once (no puzzlepress_meta, then both tables: "someone else's")
    tables = db.tables(cursor)
    if _META not in tables:
        if _PUZZLES in tables:
            raise CatalogError(f"catalog {name}: a 'puzzles' table exists but no puzzlepress_meta: "
                               "not a puzzlepress catalog")
        theirs = sorted(tables)
        if theirs:
            shown = ", ".join(theirs[:3]) + (", ..." if len(theirs) > 3 else "")
            raise CatalogError(f"catalog {name}: not a puzzlepress catalog (it holds other tables: {shown}); "
                               "name a new file or an empty database")
        return None
    cursor.execute(db.sql(f"SELECT value FROM {_META} WHERE key = ?"), ("schema_version",))
    row = cursor.fetchone()
    value = str(row[0]) if row is not None else None
    if value is None or not value.isdigit():
        raise CatalogError(f"catalog {name}: schema version {value!r} is not a number: not a puzzlepress catalog")
    return int(value)


def _upgrade(db: Database, cursor: Cursor, version: int, reform: Reform | None) -> None:
    """Every step from ``version`` to :data:`SCHEMA_VERSION`, in the same transaction."""
    if version < 2:
        cursor.execute(f"ALTER TABLE {_PUZZLES} ADD COLUMN puzzle TEXT")
    if version < 4:
        present = db.columns(cursor, _PUZZLES)
        for name, kind in (("answer_id", "VARCHAR(16)"), ("answer", "TEXT")):
            if name not in present:
                cursor.execute(f"ALTER TABLE {_PUZZLES} ADD COLUMN {name} {kind}")
        cursor.execute(f"CREATE INDEX IF NOT EXISTS puzzles_by_answer ON {_PUZZLES} (answer_id)")
    if reform is not None:
        cursor.execute(f"{_SELECT} WHERE puzzle IS NOT NULL ORDER BY seq")
        for row in cursor.fetchall():
            new = reform(_entry(row), version)
            if new:
                assignments = ", ".join(f"{column} = ?" for column in new)
                cursor.execute(db.sql(f"UPDATE {_PUZZLES} SET {assignments} WHERE seq = ?"), (*new.values(), row[0]))
    cursor.execute(db.sql(f"UPDATE {_META} SET value = ? WHERE key = ?"), (str(SCHEMA_VERSION), "schema_version"))


def _entry(row: Sequence[object]) -> Entry:
    """A row of :data:`_SELECT` (its ``seq`` first) as an entry."""
    return Entry(*row[1:])  # type: ignore[arg-type]


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
