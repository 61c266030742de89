"""Sources: a section's files, inline puzzles and generated boards -> items carrying file:line.

This stage only reads. A puzzle it cannot read becomes an item with an
``issue`` (reported later as ``malformed``), so one bad line never hides the
others. Files that cannot be used at all (missing, not UTF-8, no puzzles in
them) raise :class:`SourceError`: the build cannot go on without them.
"""
from __future__ import annotations

import glob
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from publisher import generation, safeio
from publisher.answers import Answers, kept_apart, size_counts
from publisher.config import LoadedConfig, Section
from publisher.kinds import KINDS, Kind, for_entry, kind_of
from publisher.progress import Progress
from publisher.schema import Hint, KeyPath, KindPuzzle, control_character
from publisher.workers import worker_count
from publisher.yamlfile import YamlSyntaxError, json_entries, load_with_nodes
from solver import formats
from solver.parsing import ParseIssue
from solver.sudoku.generate import GenerationError

if TYPE_CHECKING:
    from publisher.schema import Wanted

STRUCTURED_SUFFIXES = {".yaml", ".yml", ".json"}


class SourceError(Exception):
    """An input that cannot be used; the message is one 'file:line: problem' line."""


@dataclass(frozen=True)
class Item:
    """One puzzle as read, before verification."""

    kind: str
    source: str                 # file as shown to the user (relative to the working folder)
    line: int                   # 1-based line where the puzzle starts
    index: int                  # 0-based position within its file (or inline list / boards)
    puzzle: KindPuzzle = None   # its kind's solver puzzle; None when it could not be read
    issue: str | None = None    # why it could not be read
    difficulty: str | None = None
    #: the seed a generated puzzle was made from (a catalogued one is drawn again from it)
    seed: int | None = None

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"


def display_path(path: Path) -> str:
    """A path as a user wants to see it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:   # another drive (Windows)
        return str(path)
    return str(path) if relative.startswith("..") else relative


def read_text(path: Path | str) -> str:
    """A puzzle file (or ``-``: standard input) as text: UTF-8 (a BOM is allowed),
    else a clear SourceError naming the file and line."""
    try:
        if str(path) == "-":
            stdin = getattr(sys.stdin, "buffer", None)   # None: standard input is closed
            return safeio.decode_utf8(safeio.read_stream(stdin, "<stdin>"), "<stdin>")
        return safeio.read_text(path, display_path(Path(path)), role="a puzzle file")
    except safeio.InputError as error:
        raise SourceError(str(error)) from None


def parse_file(path: Path | str, kind: Kind[KindPuzzle], hints: Mapping[str, Hint], *,
               route: bool = False, foreign: bool = False) -> list[KindPuzzle | ParseIssue]:
    """Every puzzle of one file (or ParseIssue in its place), in file order.

    Text formats go to the kind's text parser; ``.yaml``/``.yml``/``.json`` files
    hold a list of mappings, a mapping with a ``puzzles`` list, or one mapping,
    each keeping the line where it starts (JSON is read as YAML for the lines).
    With ``route``, a mapping whose ``kind`` names another kind is read by that kind
    (without the hints, which are ``kind``'s): ``check`` reads mixed files so.
    A text in another program's format (:mod:`solver.formats`) says its puzzles' kinds: a
    puzzle of another kind than ``kind`` is a ParseIssue (a section holds its own kind),
    unless ``route`` or ``foreign`` (the catalog's import takes each as its format says)."""
    text = read_text(path)
    if Path(str(path)).suffix.lower() not in STRUCTURED_SUFFIXES:
        return parse_text(text, kind, hints, any_kind=route or foreign)
    shown = display_path(Path(path))
    try:
        fast = json_entries(text) if Path(str(path)).suffix.lower() == ".json" else None
        data, node = load_with_nodes(text) if fast is None else (None, None)
    except YamlSyntaxError as error:
        raise SourceError(f"{shown}:{error}") from None
    if fast is not None:
        return _entries(*fast, kind, hints, route=route, foreign=foreign)
    if isinstance(data, dict) and "puzzles" in data and node is not None:
        node = next(value for key, value in node.value if key.value == "puzzles")
        data = data["puzzles"]
    if isinstance(data, dict):
        data, node = [data], yaml.SequenceNode("tag:yaml.org,2002:seq", [node])
    if not isinstance(data, list) or node is None:      # None: an empty document
        raise SourceError(f"{shown}:1: expected a list of puzzles (or a mapping with a 'puzzles' list)")
    return _entries(data, [entry.start_mark.line + 1 for entry in node.value], kind, hints,
                    route=route, foreign=foreign)


def _entries(data: list[object], lines: list[int], kind: Kind[KindPuzzle], hints: Mapping[str, Hint], *,
             route: bool, foreign: bool) -> list[KindPuzzle | ParseIssue]:
    """The puzzles of a structured file's entries (each at its line)."""
    found = []
    for index, (entry, line) in enumerate(zip(data, lines)):
        outside = formats.read_mapping(entry, line, index) if kind.reads_foreign and isinstance(entry, dict) \
            else None
        if outside is not None:   # an f-puzzles JSON puzzle
            found.append(outside if route or foreign else own_kind(outside, kind))
        elif isinstance(entry, dict):
            own = for_entry(entry, kind) if route else kind
            found.append(own.parse_mapping(entry, hints if own is kind else {}, line=line, index=index))
        elif isinstance(entry, str):
            found.append(_one(parse_text(entry, kind, hints, any_kind=route or foreign), line, index))
        else:
            found.append(ParseIssue(line, "expected a puzzle string or mapping", index=index))
    return found


def parse_text(text: str, kind: Kind[KindPuzzle], hints: Mapping[str, Hint], *,
               any_kind: bool = False) -> list[KindPuzzle | ParseIssue]:
    """The puzzles of a text: in another program's format when its content says so (for a kind
    that reads them), else in the kind's own; a foreign puzzle of another kind is a ParseIssue
    unless ``any_kind``."""
    found = formats.read_text(text) if kind.reads_foreign else None
    if found is None:
        return kind.parse_text(text, hints)
    return [p if any_kind else own_kind(p, kind) for p in found]


def own_kind(parsed: KindPuzzle | ParseIssue, kind: Kind[KindPuzzle]) -> KindPuzzle | ParseIssue:
    """A puzzle a foreign format made, if it is of ``kind`` (the section's); else a
    ParseIssue at its line: a section holds puzzles of its own kind."""
    if isinstance(parsed, ParseIssue):
        return parsed
    other = kind_of(parsed)
    if other.name == kind.name:
        return parsed
    return ParseIssue(parsed.line, f"a {other.name} puzzle in a {kind.name} section", index=parsed.index)


def _one(parsed: list[KindPuzzle | ParseIssue], line: int, index: int) -> KindPuzzle | ParseIssue:
    """The single puzzle of an embedded string (a YAML entry, an inline config entry)."""
    if len(parsed) != 1:
        return ParseIssue(line, f"expected one puzzle in the entry, found {len(parsed)}", index=index)
    puzzle = parsed[0]
    if isinstance(puzzle, ParseIssue):
        return ParseIssue(line + puzzle.line - 1, puzzle.message, puzzle.column, index)
    return replace(puzzle, line=line, index=index)


def section_files(patterns: list[str], base: Path, where: str) -> list[Path]:
    """Files named by a section, globs expanded in sorted order, each file once."""
    files: list[Path] = []
    for pattern in patterns:
        full = base / pattern
        if glob.has_magic(pattern):
            matches = sorted(Path(p) for p in glob.glob(str(full), recursive=True) if Path(p).is_file())
            if not matches:
                raise SourceError(f"{where}: no file matches '{pattern}'")
            files.extend(matches)
        else:
            files.append(full)
    unique = dict.fromkeys(files)
    return list(unique)


#: Text a puzzle carries into the book (and to the terminal): it must be printable.
_TEXT_FIELDS = ("title", "label", "id", "difficulty")


def _unprintable(parsed: KindPuzzle | ParseIssue) -> ParseIssue | None:
    """A ParseIssue for a puzzle whose title, label or id holds a control character."""
    for name in _TEXT_FIELDS:
        text = getattr(parsed, name, None)
        if isinstance(text, str) and (bad := control_character(text)):
            return ParseIssue(getattr(parsed, "line", 0), f"{name}: control character {bad} in text",
                              index=getattr(parsed, "index", 0))
    return None


def _item(kind: str, source: str, parsed: KindPuzzle | ParseIssue, line: int, index: int,
          difficulty: str | None) -> Item:
    parsed = _unprintable(parsed) or parsed
    if isinstance(parsed, ParseIssue):
        where = parsed.line or line
        issue = parsed.message if parsed.column is None else f"column {parsed.column}: {parsed.message}"
        return Item(kind, source, where, index, issue=issue, difficulty=difficulty)
    return Item(kind, source, getattr(parsed, "line", line) or line, index, puzzle=parsed, difficulty=difficulty)


def _request(section: Section) -> Wanted | None:
    """What a section's ``generate`` key asks for (a Sudoku section adds its variant rules)."""
    spec = getattr(section, "generate", None)
    return None if spec is None else getattr(section, "generation_request", spec.request)()


def request_size(request: Wanted) -> str:
    """The size ("9x9") of the grids a request makes (a targeted request's own request's)."""
    size = getattr(request, "size", None) or getattr(getattr(request, "request", None), "size", 0)
    return f"{size}x{size}"


def section_seed(loaded: LoadedConfig, loc: KeyPath, seed: int | None) -> int:
    """A generated section's seed: its own, else one derived from its book's title and
    edition and the section's place and title (stable: the same book, the same puzzles)."""
    if seed is not None:
        return seed
    book = loaded.config.books[int(loc[1])]
    section = book.sections[int(loc[3])]
    return generation.derived_seed("section", book.title, book.edition or "", loc[3], section.title or "")


def _level_words(spec: object, request: Wanted) -> str:
    """'easy', 'rated 2.5-4.8' or 'any level': what a generated section asks, for its progress."""
    level = getattr(spec, "level", None)
    rating = getattr(request, "rating", None) or getattr(getattr(request, "request", None), "rating", None)
    if level:
        return str(level)
    return f"rated {rating[0]:g}-{rating[1]:g}" if rating else "any level"


def _generated(loaded: LoadedConfig, loc: KeyPath, section: Section, config_file: str,
               jobs: int, answers: Answers, progress: Progress, stand_ins: bool = False) -> list[Item]:
    """The puzzles of a section's ``generate`` key, located at that key's line; labelled
    with their graded level unless the section names a difficulty. Seeded, so a rebuild makes
    the same puzzles (and the same book bytes), in ``jobs`` worker processes or one; a puzzle
    whose answer ``answers`` holds already is drawn again (:mod:`publisher.answers`).
    With ``stand_ins`` only the first is made, and stands for all of them (one puzzle object
    in every item: ``puzzlepress plan`` lays out their pages without the wait)."""
    spec = getattr(section, "generate", None)
    request = _request(section)
    if spec is None or request is None:
        return []
    line = loaded.line_of(loc + ("generate",))
    kind = KINDS[section.kind]
    fresh = kept_apart(answers, lambda made: kind.answer(made.puzzle, made.solution),
                       f"{config_file}:{line}")
    what = f"of '{section.title}' ({_level_words(spec, request)}, {request_size(request)})"
    count = 1 if stand_ins else spec.count
    try:
        with progress.stage("generate", count, "puzzles", what) as advance:
            made = list(generation.run(request, section_seed(loaded, loc, spec.seed), count, jobs=jobs,
                                       fresh=fresh, progress=advance))
    except GenerationError as error:
        raise SourceError(f"{config_file}:{line}: generate: {error}") from None
    if stand_ins:
        one = replace(made[0].puzzle, line=line, index=0)
        return [Item(section.kind, config_file, line, index, puzzle=one, difficulty=section.difficulty or made[0].level,
                     seed=made[0].seed) for index in range(spec.count)]
    return [Item(section.kind, config_file, line, index, puzzle=replace(m.puzzle, line=line, index=index),
                 difficulty=section.difficulty or m.level, seed=m.seed) for index, m in enumerate(made)]


def read_section(loaded: LoadedConfig, loc: KeyPath, section: Section, *, jobs: int = 1) -> list[Item]:
    """Every item of one section, in file order then inline then boards, then generated ones
    (in ``jobs`` worker processes, their answers apart); ``limit`` applied."""
    read = _read_items(loaded, loc, section)
    return _completed(loaded, loc, section, read, jobs, Answers(size_counts(_planned(section, read))),
                      Progress(enabled=False))


def _read_items(loaded: LoadedConfig, loc: KeyPath, section: Section) -> list[Item]:
    """The items of one section's files, inline puzzles and boards, in that order."""
    kind = KINDS[section.kind]
    hints = kind.hints_of(section)
    items: list[Item] = []
    listed = loaded.where(loc + ("puzzles",))
    for path in section_files(section.puzzles, loaded.base, listed):
        shown = display_path(path)
        try:
            found_in_file = parse_file(path, kind, hints)
        except SourceError as error:   # a file that cannot be opened: name the config line listing it
            if str(error).startswith(f"{shown}:") and str(error)[len(shown) + 1:].split(":")[0].isdigit():
                raise
            raise SourceError(f"{listed}: {error}") from None
        _variant_fits(loaded, loc, kind, hints, path, found_in_file)
        found = [_item(kind.name, shown, p, p.line, i, section.difficulty) for i, p in enumerate(found_in_file)]
        if not found:
            raise SourceError(f"{shown}:1: no puzzles found in the file")
        items.extend(found)

    config_file = display_path(loaded.path)
    for index, entry in enumerate(section.inline):
        line = loaded.line_of(loc + ("inline", index))
        if isinstance(entry, dict):
            parsed = kind.parse_mapping(entry, hints, line=line, index=index)
        else:
            parsed = _one(parse_text(entry, kind, hints), line, index)
        items.append(_item(kind.name, config_file, parsed, line, index, section.difficulty))

    for index, board in enumerate(getattr(section, "boards", [])):
        line = loaded.line_of(loc + ("boards", index))
        items.append(_item(kind.name, config_file, kind.generate(board, line=line, index=index),
                           line, index, section.difficulty))
    return items


def _planned(section: Section, read: list[Item]) -> list[tuple[str, int]]:
    """(size, count) of the puzzles a section will hold: those read, then those generated,
    up to its ``limit``."""
    kind = KINDS[section.kind]
    sizes = [kind.size(item.puzzle) for item in read if item.puzzle is not None]
    spec, request = getattr(section, "generate", None), _request(section)
    if spec is not None and request is not None:
        sizes += [request_size(request)] * spec.count
    return [(size, 1) for size in sizes[: section.limit or None]]


def _completed(loaded: LoadedConfig, loc: KeyPath, section: Section, read: list[Item], jobs: int,
               answers: Answers, progress: Progress, stand_ins: bool = False) -> list[Item]:
    """A section's items: those read, then its generated ones; ``limit`` applied."""
    items = read + _generated(loaded, loc, section, display_path(loaded.path), jobs, answers, progress, stand_ins)
    if not items:
        raise SourceError(f"{loaded.where(loc)}: the section has no puzzles")
    return items[: section.limit] if section.limit else items


def _variant_fits(loaded: LoadedConfig, loc: KeyPath, kind: Kind, hints: Mapping[str, Hint], path: Path,
                  found: Sequence[object]) -> None:
    """A section's ``variant`` that the grids of its file cannot have (windoku on a 4x4) is an
    error of that key (docs: the config error names it), not a ``malformed`` verdict for
    every puzzle: a puzzle that cannot be read with the section's variant rules but can
    without them (its own ``variant``, which wins, unchanged) names the key and the puzzle."""
    if not hints.get("variant") or not any(isinstance(one, ParseIssue) for one in found):
        return
    plain = parse_file(path, kind, {**hints, "variant": []})
    for with_rules, without in zip(found, plain):
        if isinstance(with_rules, ParseIssue) and not isinstance(without, ParseIssue):
            size = getattr(without, "size", "?")
            raise SourceError(f"{loaded.where(loc + ('variant',))}: {with_rules.message} "
                              f"({display_path(path)}:{with_rules.line} is a {size}x{size} grid)")


#: The most puzzles one build reads (docs, "Limits"): a build holds every puzzle, its
#: verdict, grade and boards in memory until the books are written (bench/memory.py:
#: about 25 KiB a 4x4 puzzle building PDF and HTML), so this keeps a build within 4 GB.
MAX_BUILD_PUZZLES = 100_000


@dataclass(frozen=True)
class SectionInput:
    """One config section (section ``index`` of book ``book``) and the items read for it."""

    book: int
    index: int
    section: Section
    items: list[Item]

    @property
    def loc(self) -> KeyPath:
        return ("books", self.book, "sections", self.index)


def read_sources(loaded: LoadedConfig, *, jobs: int | None = 1, progress: Progress | None = None,
                 stand_ins: bool = False) -> list[SectionInput]:
    """Stage 1: every section's puzzles read (or generated, in worker processes as ``--jobs``
    asks: seeded, so the same puzzles however many) into items with file:line; with
    ``stand_ins``, a generated section's first puzzle stands for all of them (see :func:`_generated`)."""
    sections = [(b, s, section) for b, book in enumerate(loaded.config.books)
                for s, section in enumerate(book.sections)]
    most = max((spec.count for *_, section in sections if (spec := getattr(section, "generate", None))), default=1)
    workers = worker_count(jobs, most)
    read: list[SectionInput] = []
    total = 0
    parts = []
    for b, s, section in sections:
        parts.append(_read_items(loaded, ("books", b, "sections", s), section))
    # the puzzles of every size the build will hold: the strength its answers are kept apart at
    answers = Answers(size_counts(pair for (*_, section), part in zip(sections, parts)
                                  for pair in _planned(section, part)))
    for (b, s, section), part in zip(sections, parts):
        loc = ("books", b, "sections", s)
        read.append(SectionInput(b, s, section, _completed(loaded, loc, section, part, workers, answers,
                                                           progress or Progress(enabled=False), stand_ins)))
        total += len(read[-1].items)
        if total > MAX_BUILD_PUZZLES:   # stop before verifying and laying out what cannot fit in memory
            raise SourceError(f"{loaded.where(loc)}: the books would hold more than "
                              f"{MAX_BUILD_PUZZLES:,} puzzles, the most one build takes (docs, Limits); "
                              "split them into several configs")
    return read
