"""The interface of a puzzle kind: everything the pipeline asks of one, typed by its puzzle.

A kind adapts one solver package to the pipeline: its config section (a pydantic
model built from :mod:`publisher.schema`), reading its puzzles (text, structured
mappings, generated boards), verifying and grading one (by calling its solver),
and describing a verified puzzle to the book model as a format-neutral
:class:`~publisher.model.Board` whose look (shading, marks, lines) is data. The
core (config, sources, verify, build, report) only ever calls these methods on
the kind the section names; adding a kind is one module registering one class.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from pydantic import ValidationError

from publisher.console import json_line
from publisher.model import Board, HintStep
from publisher.schema import Generation, Hint, JsonObject, KindMade, Recipe, SectionBase, Strict
from solver.answers import Answer
from solver.canonical import Form
from solver.parsing import ParseIssue
from solver.sudoku import Grade, Step
from solver.verdict import Verdict

if TYPE_CHECKING:
    from publisher.schema import Wanted

P = TypeVar("P")


class Kind(ABC, Generic[P]):
    """One puzzle kind, generic over its solver's puzzle type ``P``. A small adapter:
    the algorithms are the solver's, the layout decisions the model's."""

    #: the section's ``kind`` value, the label key of the kind's name, the JSON reports' ``kind``
    name: ClassVar[str]
    #: the kind's section model (a :class:`~publisher.schema.SectionBase` with ``kind: Literal[name]``)
    section: ClassVar[type[SectionBase]]
    #: the section keys that are parse hints for every puzzle of the section
    hint_keys: ClassVar[tuple[str, ...]] = ()
    #: the solver's puzzle type (:func:`publisher.kinds.kind_of` finds a puzzle's kind by it)
    puzzle_type: ClassVar[type | None] = None
    #: what the kind makes itself: the model of a section's ``generate`` block, whose keys are
    #: also the options of ``puzzlepress generate --kind NAME``; None for a kind that makes none.
    #: Its ``request()`` is the task :mod:`publisher.generation` runs.
    generation: ClassVar[type[Generation] | None] = None
    #: whether the kind's puzzle files may be in other programs' formats (:mod:`solver.formats`:
    #: game IDs, links), found from their content; a kind whose text is not a grid's keeps its own
    reads_foreign: ClassVar[bool] = False

    def hints_of(self, section: SectionBase) -> dict[str, Hint]:
        """The parse hints a section gives its puzzles (``hint_keys``)."""
        return {key: getattr(section, key, None) for key in self.hint_keys}

    @abstractmethod
    def parse_text(self, text: str, hints: Mapping[str, Hint]) -> list[P | ParseIssue]:
        """Every puzzle in a text, or a ParseIssue in its place."""

    def parse_mapping(self, mapping: Mapping[str, object], hints: Mapping[str, Hint], *,
                      line: int, index: int) -> P | ParseIssue:
        """One puzzle of a structured (YAML/JSON) file."""
        return ParseIssue(line, f"structured (YAML/JSON) puzzles are not supported for {self.name}",
                          index=index)

    def generation_request(self, options: Mapping[str, object]) -> Wanted:
        """The generation task the command line's ``options`` ask for (keys of the
        ``generation`` model; those not given left out, so the model's defaults hold).
        ValueError, one line naming the option, for what the kind cannot make."""
        model = self.generation
        if model is None:
            raise ValueError(f"{self.name} puzzles are not generated")
        try:
            return model.model_validate(dict(options)).request()
        except ValidationError as error:
            raise ValueError(option_problem(error, self.name)) from None

    def generated_line(self, request: Wanted, made: KindMade, *, as_json: bool) -> str:
        """One made puzzle as ``puzzlepress generate`` prints it: by default one JSON object
        in the puzzle's file form (``request.record``), which reads back as a puzzle file."""
        if not isinstance(request, Recipe):
            raise TypeError(f"{self.name} has no request of its own to describe its puzzles")
        return json_line(request.record(made))

    def generate(self, board: Strict, *, line: int, index: int) -> P | ParseIssue:
        """A puzzle made by the tool from a config ``boards`` entry (the kind's board model)."""
        return ParseIssue(line, f"'boards' are not supported for {self.name}", index=index)

    @abstractmethod
    def verify(self, puzzle: P, node_limit: int) -> Verdict:
        """The solver's verdict within ``node_limit`` (the config's, meant for a 9x9 Sudoku:
        a kind scales it to its own puzzle's cost)."""

    def grade(self, puzzle: P, ceiling: float | None = None) -> tuple[Grade | None, tuple[Step, ...]]:
        """How hard a unique puzzle is for a human solver (exact up to ``ceiling``, a lower
        bound above it) and the logical steps of that solve, which end at the first step
        rated above ``ceiling``; (None, ()) for kinds nobody grades."""
        return None, ()

    def key_step(self, puzzle: P, steps: tuple[Step, ...]) -> str | None:
        """The hardest of a unique puzzle's logical ``steps``, as a sentence (answer hints)."""
        return None

    @abstractmethod
    def size(self, puzzle: P) -> str:
        """'9x9', '8x8': the board's shape for reports."""

    @abstractmethod
    def solution_text(self, puzzle: P, verdict: Verdict) -> str | None:
        """The solution as one string, for the JSON report."""

    def record(self, puzzle: P) -> JsonObject:
        """What the JSON report adds about the puzzle itself (a Sudoku's variant rules)."""
        return {}

    @abstractmethod
    def to_board(self, puzzle: P, verdict: Verdict, *, difficulty: str | None, source: str) -> Board:
        """The verified puzzle for the book model, its look as data."""

    def rule_labels(self, puzzle: P) -> tuple[str, ...]:
        """The label keys of the one-line rules a section of these puzzles prints under its
        heading when it has no instructions of its own: the kind's rule (``rule_killer``), in
        the book's language and overridable through ``labels``."""
        return (f"rule_{self.name}",)

    def hints(self, puzzle: P, steps: tuple[Step, ...]) -> tuple[HintStep, ...]:
        """``grade``'s steps for the book model, symbols as the cells print them."""
        return ()

    @abstractmethod
    def canonical(self, puzzle: P) -> Form:
        """The puzzle's canonical form under the kind's symmetries (:mod:`solver.canonical`):
        equal exactly for the same puzzle turned, mirrored or relabelled. May raise
        :class:`ValueError` for a grid too regular to put in form (a full grid)."""

    def answer(self, puzzle: P, solution: tuple[int, ...]) -> Answer | None:
        """The solved grid a book's answer key prints, to keep a book's answers apart
        (:mod:`solver.answers`); None for a kind whose answers are no grid of digits."""
        return None

    def play_links(self, puzzle: P) -> dict[str, str]:
        """Where the puzzle can be played online, by site (``sudokupad``, ``fpuzzles``,
        ``tatham``): what ``export`` lists and a QR code carries (none for a kind no site plays)."""
        from solver import formats
        return formats.links(puzzle)

    def showpiece(self, seed: int, draw: int) -> P | None:
        """A puzzle of this kind made to stand for the book (the cover's front), the same for
        the same ``seed`` and ``draw`` (a later draw when an earlier one is one of the book's
        puzzles); None for a kind that makes none."""
        return None

    def demonstration(self, like: P, grade: Grade | None, seed: int, draw: int) -> P | None:
        """A puzzle made to show how a section's puzzles are solved (its worked example, which
        on one of the book's own puzzles would give that puzzle away): the shape and rules of
        ``like`` (the section's first puzzle, graded ``grade``) and as far as the kind can its
        hardest technique; the same for the same ``seed`` and ``draw`` (a later draw when an
        earlier one is one of the book's puzzles). None for a kind that makes none."""
        return None

    def quick_key(self, puzzle: P) -> object:
        """What no symmetry of the kind changes and costs next to nothing: only puzzles of one
        key need their canonical forms compared (which costs a thousand times more)."""
        return self.size(puzzle)

    def form_outdated(self, form: str) -> bool:
        """Whether ``form`` is one an earlier puzzlepress made and this one makes differently
        (a catalog's upgrade re-derives such rows from their stored puzzle)."""
        return False

    @abstractmethod
    def as_text(self, puzzle: P) -> tuple[str, dict[str, Hint]]:
        """The puzzle in the kind's text format and the parse hints that read it back with
        :meth:`parse_text` (how a catalog keeps it)."""

    @abstractmethod
    def relation(self, new: P, old: P) -> tuple[str, ...] | None:
        """How ``new`` is ``old`` moved, in words for a repeat's reason ("rotated 90°",
        "digits relabelled"); () when identical; None when they are different puzzles."""


def option_problem(error: ValidationError, kind: str) -> str:
    """The first problem of a ``generation`` model's validation as a command-line user
    reads it: the option's name, then what is wrong with it."""
    first = error.errors()[0]
    name = next((str(part) for part in first["loc"] if isinstance(part, str)), "")
    option = f"--{name.replace('_', '-')}" if name else ""
    if first["type"] == "extra_forbidden":
        return f"{option} is not an option of --kind {kind}"
    message = str(first["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return f"{option}: {message}" if option else message
