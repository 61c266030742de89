"""Repeats: which accepted puzzles a series has printed before, and the rows a build records.

Between verify and layout: every accepted puzzle gets its canonical form and ID
(in worker processes for big books), then is looked up in the catalog and
compared with the puzzles before it in the same build. A puzzle found either
way gets a :class:`~publisher.verify.Repeat` naming where it was printed and how
it was moved; ``on_repeat`` decides whether the book keeps it. The book's own
earlier record (same title and edition) is not a repeat: a rebuild replaces it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from publisher import interrupt
from publisher.answers import REDRAWS as ANSWER_REDRAWS
from publisher.answers import Answers, size_counts
from publisher.catalog import Catalog, Entry, book_name, read_stored, recorded_now, stored_puzzle
from publisher.config import LoadedConfig
from publisher.kinds import DEFAULT_KIND, KINDS
from publisher.progress import now_doing
from publisher.schema import JsonObject, KindPuzzle
from publisher.sources import Item, SectionInput
from publisher.verify import PARALLEL_THRESHOLD, REPEATED, Checked, Repeat, SectionResult
from publisher.workers import worker_count
from solver.answers import Answer
from solver.canonical import Form
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle
from solver.sudoku.generate import puzzle_seed
from solver.verdict import Status, Verdict

if TYPE_CHECKING:
    from publisher.kinds import AnyKind


@dataclass(frozen=True)
class Placed:
    """An accepted puzzle of the build: where it stands and what it is."""

    section: int            # index into the build's sections
    index: int              # index into that section's checked list
    book: str
    edition: str
    form: Form | None
    #: its answer's form (None for a kind whose answers are no grid)
    answer: Form | None = None


def form_of(item: Item) -> tuple[Form | None, str | None]:
    """(form, None), or (None, why not) for a grid too regular to put in form (runs in a
    worker process)."""
    try:
        return KINDS[item.kind].canonical(item.puzzle), None
    except ValueError as error:
        return None, str(error)


def identify(items: Sequence[Item], jobs: int | None) -> list[tuple[Form | None, str | None]]:
    """The forms of ``items`` in order, in worker processes when there are many."""
    workers = worker_count(jobs, len(items))
    if workers == 1 or len(items) < PARALLEL_THRESHOLD:
        return [form_of(item) for item in items]
    chunksize = max(1, min(64, len(items) // (workers * 8)))
    return list(interrupt.pool_map(form_of, items, jobs=workers, chunksize=chunksize))


def with_ids(sections: list[SectionResult], editions: Sequence[str], jobs: int | None,
             warnings: list[str], answers: Answers) -> list[Placed]:
    """Every accepted puzzle with its form and its answer's (at ``answers``' strengths); its
    ID set on its Checked (in place). Puzzles whose form cannot be made are named in
    ``warnings`` and cannot be checked."""
    spots = [(s, i) for s, section in enumerate(sections) for i, c in enumerate(section.checked) if c.accepted]
    forms = identify([sections[s].checked[i].item for s, i in spots], jobs)
    placed = []
    for (s, i), (form, problem) in zip(spots, forms):
        checked = sections[s].checked[i]
        if form is None:
            warnings.append(f"{checked.item.where}: no puzzle ID: {problem}")
        else:
            sections[s].checked[i] = replace(checked, puzzle_id=form.id)
        answer = answer_of(checked)
        placed.append(Placed(s, i, sections[s].book, editions[s], form,
                             answers.form(answer) if answer is not None else None))
    return placed


def reform(row: Entry, version: int) -> dict[str, str]:
    """What a recorded row of schema ``version`` needs in this version (a catalog's upgrade
    asks), read back from its stored puzzle: its (id, form) when its kind has changed how it
    puts such puzzles in form since (schema 3), its answer's (schema 4: the puzzle solved
    again). Empty when nothing changes or the puzzle cannot be read."""
    kind = KINDS.get(row.kind)
    outdated = version < 3 and kind is not None and kind.form_outdated(row.form)
    if kind is None or not (outdated or version < 4):
        return {}
    puzzle = _read_back(row.kind, row.puzzle)
    if puzzle is None:
        return {}
    new: dict[str, str] = {}
    if outdated:
        try:
            form = kind.canonical(puzzle)
        except ValueError:
            form = None
        if form is not None and (form.id, form.text) != (row.id, row.form):
            new.update(id=form.id, form=form.text)
    if version < 4:
        verdict = kind.verify(puzzle, UPGRADE_NODES)
        answer = kind.answer(puzzle, tuple(verdict.solution)) if verdict.accepted and verdict.solution else None
        if answer is not None:
            shape = Answers({}).form(answer)        # compared alike: the strength of a book of one
            new.update(answer_id=shape.id, answer=shape.text)
    return new


#: The search bound of a catalogued puzzle solved again on a catalog's upgrade (the default
#: ``node_limit``: it was verified within its build's).
UPGRADE_NODES = 200_000


def open_catalog(loaded: LoadedConfig, override: str | None = None) -> Catalog | None:
    """The catalog of a build or an export: ``override`` (``--catalog``, relative to here), else
    the config's ``catalog`` (relative to the config file); None for neither."""
    if override is not None:
        return Catalog(override, reform=reform)
    if loaded.config.catalog is not None:
        return Catalog(loaded.config.catalog, loaded.base, reform=reform)
    return None


def find_repeats(loaded: LoadedConfig, inputs: Sequence[SectionInput], sections: list[SectionResult],
                 catalog: Catalog | None, *, ids: bool, jobs: int | None,
                 warnings: list[str]) -> tuple[list[Placed], int]:
    """The stage between verify and the spec: every accepted puzzle's form and ID, worked out
    when a catalog or the books (``ids``: a book prints them) need them, and its repeats
    against ``catalog`` and within the build marked as ``on_repeat`` says; the puzzles with
    their forms and the number of repeats found."""
    placed: list[Placed] = []
    if catalog is not None or ids:
        now_doing("working out the puzzle IDs")
        editions = [loaded.config.books[section.book].edition or "" for section in inputs]
        placed = with_ids(sections, editions, jobs, warnings, Answers(answer_sizes(inputs)))
    if catalog is None:
        return placed, 0
    now_doing("looking the puzzles up in the catalog")
    return placed, mark_repeats(sections, placed, catalog, loaded.config.on_repeat)


def mark_repeats(sections: list[SectionResult], placed: list[Placed], catalog: Catalog | None,
                 policy: str) -> int:
    """Give every repeated puzzle its Repeat (kept when ``policy`` is warn); the count."""
    earlier: dict[str, tuple[Placed, int]] = {}          # form text -> first puzzle of the build, its number
    known = catalog.lookup(p.form.id for p in placed if p.form is not None) if catalog is not None else {}
    known_answers = (catalog.lookup_answers(p.answer.id for p in placed if p.answer is not None)
                     if catalog is not None else {})
    numbers: dict[tuple[str, str], int] = {}
    found = 0
    for spot in placed:
        section = sections[spot.section]
        checked = section.checked[spot.index]
        repeat = None
        if spot.form is not None:
            first = earlier.get(spot.form.text)
            rows = [row for row in known.get(spot.form.id, ())
                    if row.form == spot.form.text and (row.book, row.edition) != (spot.book, spot.edition)]
            if rows:
                repeat = _catalogued(checked, rows[0], policy)
            elif first is not None:
                repeat = _within(checked, sections, first, policy)
        if repeat is None and (row := _answer_printed(spot, known_answers)) is not None:
            repeat = _answer_catalogued(row, policy)
        if repeat is not None:
            found += 1
            section.checked[spot.index] = checked = replace(checked, repeat=repeat)
        if checked.accepted:
            key = (spot.book, spot.edition)
            numbers[key] = numbers.get(key, 0) + 1
            if spot.form is not None and spot.form.text not in earlier:
                earlier[spot.form.text] = (spot, numbers[key])
    return found


def _answer_printed(spot: Placed, known: dict[str, list[Entry]]) -> Entry | None:
    """The first row of another book that printed ``spot``'s answer (or one alike it)."""
    if spot.answer is None:
        return None
    return next((row for row in known.get(spot.answer.id, ())
                 if row.answer == spot.answer.text and (row.book, row.edition) != (spot.book, spot.edition)), None)


def _answer_catalogued(row: Entry, policy: str) -> Repeat:
    of: JsonObject = {"id": row.id, "book": row.book, "edition": row.edition or None, "section": row.section,
                      "number": row.number, "source": row.source, "line": row.line, "recorded_at": row.recorded_at}
    return Repeat(f"the answer of {row.printed_as} (its solution grid, or one alike it)", of, kept=policy == "warn")


def how(kind: str, puzzle: KindPuzzle, old: KindPuzzle | None) -> str:
    """' (rotated 90°, digits relabelled)', ' (the same givens)', or '' when the earlier
    puzzle cannot be read back (a schema-1 row)."""
    if old is None:
        return ""
    words = KINDS[kind].relation(puzzle, old)
    if words is None:
        return ""
    return f" ({', '.join(words)})" if words else " (the same givens)"


def _read_back(kind: str, stored: str | None) -> KindPuzzle | None:
    text = read_stored(stored)
    if text is None:
        return None
    parsed = KINDS[kind].parse_text(*text)
    return parsed[0] if len(parsed) == 1 and not isinstance(parsed[0], ParseIssue) else None


def catalogued(kind: str, puzzle: KindPuzzle, row: Entry) -> tuple[str, JsonObject]:
    """The reason and the JSON ``repeat_of`` of a puzzle the catalog holds as ``row``."""
    of: JsonObject = {"id": row.id, "book": row.book, "edition": row.edition or None, "section": row.section,
          "number": row.number, "source": row.source, "line": row.line, "recorded_at": row.recorded_at}
    return f"same as {row.printed_as}{how(kind, puzzle, _read_back(row.kind, row.puzzle))}", of


def _catalogued(checked: Checked, row: Entry, policy: str) -> Repeat:
    reason, of = catalogued(checked.item.kind, checked.item.puzzle, row)
    return Repeat(reason, of, kept=policy == "warn")


def _within(checked: Checked, sections: list[SectionResult], first: tuple[Placed, int], policy: str) -> Repeat:
    spot, number = first
    earlier = sections[spot.section].checked[spot.index]
    moved = how(checked.item.kind, checked.item.puzzle, earlier.item.puzzle)
    where = f"{book_name(spot.book, spot.edition)}, section '{sections[spot.section].title}', puzzle {number}"
    of: JsonObject = {"id": earlier.puzzle_id, "book": spot.book, "edition": spot.edition or None,
          "section": sections[spot.section].title, "number": number, "source": earlier.item.source,
          "line": earlier.item.line, "recorded_at": None}
    return Repeat(f"same as {where} of this build ({earlier.item.where}){moved}", of, kept=policy == "warn")


def entries(sections: list[SectionResult], placed: list[Placed]) -> list[Entry]:
    """The rows a successful build records: every printed puzzle with its book number."""
    stamp = recorded_now()
    numbers: dict[tuple[str, str], int] = {}
    rows = []
    for spot in placed:
        checked = sections[spot.section].checked[spot.index]
        if not checked.accepted:
            continue
        key = (spot.book, spot.edition)
        numbers[key] = numbers.get(key, 0) + 1
        if spot.form is None:
            continue
        kind = KINDS[checked.item.kind]
        text, hints = kind.as_text(checked.item.puzzle)
        rows.append(Entry(spot.form.id, spot.form.text, checked.item.kind, kind.size(checked.item.puzzle),
                          spot.book, spot.edition, sections[spot.section].title, numbers[key],
                          checked.item.source, checked.item.line, checked.rating, stamp,
                          stored_puzzle(text, hints), spot.answer.id if spot.answer else None,
                          spot.answer.text if spot.answer else None))
    return rows


#: How many times a generated puzzle the series already holds is made again before the
#: repeat stands (each draw is a new seed, derived from the last: rebuilds draw the same).
REDRAWS = 20
Remake = Callable[[int, Item, int], "Checked | None"]


def draw_again(sections: list[SectionResult], placed: list[Placed], catalog: Catalog | None,
               remake: Remake, answers: Answers) -> int:
    """Generated puzzles marked as repeats are made again from seeds derived from their own
    (``remake(section, item, seed)``: the verified, graded puzzle, or None when that seed
    makes none the section accepts) until one is new to the catalog and to the build; the number of
    puzzles drawn again."""
    taken = {p.form.text for p in placed
             if p.form is not None and sections[p.section].checked[p.index].accepted}
    taken_answers = {p.answer for p in placed if p.answer is not None and sections[p.section].checked[p.index].accepted}
    drawn = 0
    for position, spot in enumerate(placed):
        checked = sections[spot.section].checked[spot.index]
        if checked.repeat is None or checked.repeat.kept or checked.item.seed is None:
            continue
        seed = checked.item.seed
        for attempt in range(1, REDRAWS + 1):
            seed = puzzle_seed(seed, attempt)
            fresh = remake(spot.section, checked.item, seed)
            if fresh is None:
                continue
            form, _ = form_of(fresh.item)
            if form is None or form.text in taken:
                continue
            rows = catalog.lookup([form.id]).get(form.id, []) if catalog is not None else []
            if any(row.form == form.text and (row.book, row.edition) != (spot.book, spot.edition) for row in rows):
                continue
            answer = answer_of(fresh)
            moved = replace(spot, form=form, answer=answers.form(answer) if answer is not None else None)
            if moved.answer is not None and (moved.answer in taken_answers or (
                    catalog is not None and _answer_printed(moved, catalog.lookup_answers([moved.answer.id])))):
                continue
            sections[spot.section].checked[spot.index] = replace(fresh, puzzle_id=form.id)
            placed[position] = moved
            taken.add(form.text)
            if moved.answer is not None:
                taken_answers.add(moved.answer)
            drawn += 1
            break
    return drawn


def answer_of(checked: Checked) -> Answer | None:
    """An accepted puzzle's solved grid (None for a kind whose answers are no grid)."""
    solution = checked.verdict.solution
    return KINDS[checked.item.kind].answer(checked.item.puzzle, tuple(solution)) if solution else None


def _answer_place(checked: Checked, title: str) -> str:
    """Where a puzzle with an answer is, as a warning names it."""
    item = checked.item
    if item.seed is None:
        return f"{item.where} (section '{title}')"
    return f"section '{title}', generated puzzle {item.index + 1} ({item.where})"


def answer_sizes(inputs: Sequence[SectionInput]) -> dict[str, int]:
    """How many puzzles of each size the build holds (the strength its answers are kept apart at,
    as :func:`publisher.sources.read_sources` counted them)."""
    return size_counts((KINDS[item.kind].size(item.puzzle), 1) for section in inputs for item in section.items
                       if item.puzzle is not None)


def shared_answers(sections: list[SectionResult], sizes: Mapping[str, int], remake: Remake) -> list[str]:
    """The warnings of puzzles whose answer an earlier one of the build shares, or one alike
    it (:mod:`publisher.answers`): those read first, in build order, each warned about
    naming both places; then the generated ones (apart from each other already, as they
    were made): one that shares a read puzzle's answer is made again from seeds derived from
    its own (``remake``, as :func:`draw_again`), in place."""
    answers = Answers(sizes)
    warnings = []
    spots = [(s, i) for s, section in enumerate(sections) for i, c in enumerate(section.checked) if c.accepted]
    read = [(s, i) for s, i in spots if sections[s].checked[i].item.seed is None]
    made = [(s, i) for s, i in spots if sections[s].checked[i].item.seed is not None]
    for s, i in read + made:
        checked = sections[s].checked[i]
        answer = answer_of(checked)
        if answer is None:
            continue
        earlier = answers.hold(answer, _answer_place(checked, sections[s].title))
        if earlier is None:
            continue
        if checked.item.seed is None:
            warnings.append(f"{checked.item.where}: the answer of {earlier} (or one alike it: turned, mirrored, "
                            "relabelled, its bands or stacks moved): a reader finds one solution twice")
            continue
        fresh = _answer_redrawn(s, sections[s].title, checked, answers, remake)
        if fresh is None:
            warnings.append(f"{checked.item.where}: generated puzzle {checked.item.index + 1} has the same "
                            f"answer as {earlier}; no other draw of its seed was accepted")
        else:
            sections[s].checked[i] = fresh
    return warnings


def _answer_redrawn(section: int, title: str, checked: Checked, answers: Answers, remake: Remake) -> Checked | None:
    """A generated puzzle made again until its answer is one the build does not hold."""
    seed = checked.item.seed
    assert seed is not None
    for attempt in range(1, ANSWER_REDRAWS + 1):
        seed = puzzle_seed(seed, attempt)
        fresh = remake(section, checked.item, seed)
        if fresh is None:
            continue
        answer = answer_of(fresh)
        if answer is None or answers.hold(answer, _answer_place(fresh, title)) is None:
            return fresh
    return None


@dataclass(frozen=True)
class Screened:
    """A judged puzzle of ``check --catalog``: its status once the catalog and the puzzles
    before it have been asked ("repeated" for a repeat), why, its ID and the earlier puzzle."""

    status: str
    reason: str | None
    puzzle_id: str | None
    repeat_of: JsonObject | None        # the earlier puzzle, for the JSON line (catalogued's)


def screened(judged: Sequence[tuple[str, KindPuzzle, Verdict]], catalog: Catalog) -> list[Screened]:
    """Every unique Sudoku of ``judged`` (source, puzzle, verdict) looked up in ``catalog`` and
    compared with the puzzles before it: a repeat's status is "repeated", with the reason and
    the earlier puzzle; every other keeps its verdict. CatalogError when the catalog cannot be read."""
    sudoku = KINDS[DEFAULT_KIND]
    forms: list[Form | None] = []
    for _, item, verdict in judged:
        try:
            forms.append(sudoku.canonical(item) if isinstance(item, Puzzle) and verdict.status is Status.UNIQUE
                         else None)
        except ValueError:
            forms.append(None)
    known = catalog.lookup(form.id for form in forms if form is not None)
    earlier: dict[str, tuple[str, Puzzle]] = {}
    out = []
    for (source, item, verdict), form in zip(judged, forms):
        status, reason, repeat_of = verdict.status.value, verdict.reason, None
        if form is not None:
            rows = [row for row in known.get(form.id, []) if row.form == form.text]
            if rows:
                reason, repeat_of = catalogued(DEFAULT_KIND, item, rows[0])
                status = REPEATED
            elif form.text in earlier:
                where, first = earlier[form.text]
                status, reason = REPEATED, f"same as {where}{how(DEFAULT_KIND, item, first)}"
                repeat_of = {"id": form.id, "source": where.rsplit(":", 1)[0], "line": first.line}
            else:
                earlier[form.text] = (f"{source}:{item.line}", item)
        out.append(Screened(status, reason, form.id if form is not None else None, repeat_of))
    return out


def in_book(kind: AnyKind, puzzle: object, sections: Sequence[SectionResult]) -> bool:
    """Whether ``puzzle`` (one made for the book: its cover's, a section's demonstration) is one
    of the accepted puzzles of its kind in ``sections``, turned, mirrored or relabelled: the
    quick key first, the canonical forms only where it matches."""
    key, form = kind.quick_key(puzzle), None
    for section in sections:
        if section.kind != kind.name:
            continue
        for checked in section.accepted:
            other = checked.item.puzzle
            if kind.quick_key(other) != key:
                continue
            form = form or kind.canonical(puzzle)
            try:
                if kind.canonical(other) == form:
                    return True
            except ValueError:    # a grid too regular to put in form: not the made puzzle either
                continue
    return False
