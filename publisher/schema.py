"""The config building blocks every kind's section model shares (so kinds never import config).

``publisher.config`` assembles the whole schema from these blocks and from the
section models the kinds register (:mod:`publisher.kinds`); a kind builds its
own section and board models from :class:`Strict`, :class:`SectionBase` and the
value types here. Nothing in this module knows a kind by name.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from publisher.units import parse_count_grid, parse_length, parse_page_size

if TYPE_CHECKING:
    from solver.sudoku.generate import Request
    from solver.sudoku.targeted import Target

#: A key path into the config, as pydantic and the YAML line map give it: ("books", 0, "title")
KeyPath = tuple[str | int, ...]
#: A kind's own solver puzzle (a Sudoku Puzzle, a Killer, a knight's-tour puzzle ...). Any: the
#: pipeline carries every kind's puzzles side by side and hands each to its own kind, found by
#: name, so nothing outside a kind reads one and no one type fits them all.
KindPuzzle = Any
#: What a kind's generator makes from a seed (Sudoku's Generated, the cage kinds' Made). Any: as
#: for KindPuzzle, only the kind that asked for it reads it.
KindMade = Any
#: A parse hint a section gives its puzzles: a size, a box shape, a symbol alphabet, a region map, variant names
Hint = int | str | tuple[int, int] | list[str] | tuple[str, ...] | None
#: A JSON object as the contracts write it (reports, records, the play data): written, never read back here
JsonObject = dict[str, object]


@runtime_checkable
class Recipe(Protocol):
    """A kind's generation request other than Sudoku's: it makes the puzzle of a seed, and
    describes a made one as the JSON line of ``puzzlepress generate``."""

    def make(self, seed: int) -> KindMade: ...

    def record(self, made: KindMade) -> JsonObject: ...


if TYPE_CHECKING:
    #: What a generation task asks for: a plain Sudoku request, one with a technique and a count
    #: of givens, or another kind's request (a Killer's, a KenKen's)
    Wanted = Request | Target | Recipe

#: Sudoku difficulty levels, easiest first (the grader's names; docs "Difficulty levels")
LEVELS = ("easy", "medium", "hard", "diabolical")

#: The longest text of a config value (a title, an instruction, a blurb) and the longest list
#: (books, sections, inline puzzles, formats ...), checked before their items are modelled
#: (docs, "Limits")
MAX_TEXT_CHARS = 10_000
MAX_LIST_ITEMS = 10_000

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff\ud800-\udfff]")


def control_character(text: str) -> str | None:
    """The first character of ``text`` no document can hold (a control character or a
    lone surrogate), as ``U+XXXX``; None when the text is printable."""
    bad = _CONTROL.search(text)
    return f"U+{ord(bad.group()):04X}" if bad else None


# ---------------------------------------------------------------- value types

def _length(value: str | float) -> float:
    return parse_length(value)


def _grid(value: object) -> tuple[int, int]:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        value = f"{value[0]}x{value[1]}"
    return parse_count_grid(str(value))


def _page_size(value: object) -> tuple[float, float]:
    return parse_page_size(str(value))


def _paths(value: object) -> list[str]:
    """A section's files: one path or glob, or a list of them."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError("expected a file name, a glob like 'sets/*.txt', or a list of them")


def _gutter(value: str | float) -> str | float:
    """'auto' or a length: one message for either mistake (not one per union member)."""
    if value == "auto":
        return value
    try:
        return parse_length(value)
    except ValueError:
        raise ValueError(f"expected 'auto' or a length with a unit like 15mm, 0.5in or 36pt, got {value!r}") from None


def _box_shape(value: object) -> object:
    if isinstance(value, str):
        try:
            parse_count_grid(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a box shape ROWSxCOLS like 2x3") from None
    return value


Length = Annotated[float, BeforeValidator(_length)]
#: a box shape "ROWSxCOLS" ("2x3"), kept as written
BoxShape = Annotated[str, BeforeValidator(_box_shape)]
Gutter = Annotated[Literal["auto"] | float, BeforeValidator(_gutter)]
PerPage = Annotated[tuple[int, int], BeforeValidator(_grid)]
PageSize = Annotated[tuple[float, float], BeforeValidator(_page_size)]
Paths = Annotated[list[str], BeforeValidator(_paths)]


class Strict(BaseModel):
    """Every config object: unknown keys are errors, values are not coerced silently, texts
    and lists are bounded before anything is made of them, and text holds no control
    characters (Word files cannot carry them)."""

    # every key's description is the docstring under it: the docs' config reference is made from them
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, use_attribute_docstrings=True)

    @field_validator("*", mode="before")
    @classmethod
    def _bounded(cls, value: object) -> object:
        if isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            raise ValueError(f"a text of {len(value):,} characters; the limit is {MAX_TEXT_CHARS:,}")
        if isinstance(value, (list, dict)) and len(value) > MAX_LIST_ITEMS:
            what = "list" if isinstance(value, list) else "mapping"
            raise ValueError(f"a {what} of {len(value):,} items; the limit is {MAX_LIST_ITEMS:,}")
        if isinstance(value, dict):   # labels: their words are texts too
            long = next((key for key, word in value.items() if isinstance(word, str) and len(word) > MAX_TEXT_CHARS),
                        None)
            if long is not None:
                raise ValueError(f"'{long}': a text of {len(value[long]):,} characters; "
                                 f"the limit is {MAX_TEXT_CHARS:,}")
        return value

    @field_validator("*", mode="after")
    @classmethod
    def _printable(cls, value: object) -> object:
        if isinstance(value, str) and (bad := _CONTROL.search(value)):
            raise ValueError(f"control character U+{ord(bad.group()):04X} in text")
        return value


class Generation(Strict):
    """A kind's ``generate`` block: what it makes from a seed. Its keys are also the options
    of ``puzzlepress generate --kind NAME``, so a section and a command make the same puzzles."""

    def request(self) -> Wanted:
        """The task :mod:`publisher.generation` runs (the kind's solver request)."""
        raise NotImplementedError


class SectionBase(Strict):
    """What every section has, whatever its kind of puzzle. A kind's section model adds
    its ``kind`` literal and its own keys, and says what it can do through class variables."""

    #: keys (besides ``puzzles`` and ``inline``) that make puzzles: "boards", "generate"
    made_by: ClassVar[tuple[str, ...]] = ()
    #: whether the kind grades its puzzles (then ``difficulty: auto`` labels them by grade)
    graded: ClassVar[bool] = False

    kind: str
    """the kind of puzzle: `sudoku` (the default), `killer`, `kenken`, `knights_tour`, `queens`, `skyscrapers` or
    `futoshiki`"""
    title: str
    """section heading, running head and answer-key grouping"""
    puzzles: Paths = []
    """a file, a glob (`sets/*.txt`) or a list of them, in any format below"""
    inline: list[str | dict[str, object]] = []
    """puzzles written in the config: strings in a text format, or mappings (structured form)"""
    instructions: str | None = None
    """printed under the section heading; without it, the one-line rule of the section's kind (and of its variants), in
    the book's language (labels `rule_sudoku`, `rule_killer`, ...)"""
    difficulty: str | None = None
    """label for puzzles that carry none (`easy`, `medium`, `hard`, `diabolical` are translated); `auto` (Sudoku only):
    every puzzle is labelled with the level of its grade (below), its own label included"""
    limit: int | None = Field(default=None, ge=1)
    """take at most this many puzzles"""
    puzzles_per_page: PerPage | None = None
    """per-section layout"""
    answers_per_page: PerPage | None = None
    """per-section layout"""

    @model_validator(mode="after")
    def _auto_difficulty(self) -> SectionBase:
        if self.difficulty == "auto" and not self.graded:
            raise ValueError(f"difficulty 'auto' labels puzzles by their grade, and {self.kind} puzzles "
                             "are not graded")
        return self

    @model_validator(mode="after")
    def _has_puzzles(self) -> SectionBase:
        made = any(getattr(self, key) for key in self.made_by)
        if not (self.puzzles or self.inline or made):
            raise ValueError("a section needs 'puzzles' (files), 'inline' puzzles"
                             + "".join(f" or '{key}'" for key in self.made_by))
        return self


class RatingRange(Strict):
    """The ratings a section accepts (Sudoku Explainer scale, both ends included)."""

    min: float | None = Field(default=None, ge=0)
    """the lowest rating accepted; none: no lower end"""
    max: float | None = Field(default=None, ge=0)
    """the highest rating accepted; none: no upper end"""

    @model_validator(mode="after")
    def _ordered(self) -> RatingRange:
        if self.min is None and self.max is None:
            raise ValueError("give min, max or both, e.g. {min: 2.5, max: 4.8}")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self
