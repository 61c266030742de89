"""The cage kinds' one home on the publisher side: :class:`CagedKind`, what Killer and KenKen
share as kinds (reading one JSON mapping per line, verifying and grading through
:mod:`solver.cages`, canonical forms, the board with its cages as marks, hints), and
:class:`CageGenerate`, what their ``generate`` blocks share. Each kind keeps only what
differs: its solver's parser and file form, its grid (a Killer's regions and givens), what
the playable page checks of a cage, and its own keys."""
from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Literal, Protocol, TypeVar

from pydantic import Field, model_validator

from publisher.console import json_line
from publisher.kinds.base import Kind
from publisher.kinds.variants import variant_play_rules, variant_shading
from publisher.model import Board, CageMark, HintStep
from publisher.schema import Generation, Hint, JsonObject, Recipe, Strict
from solver.answers import Answer, of_grid
from solver.cages.cage import Cage
from solver.cages.canonical import form, relation
from solver.cages.puzzle import CagePuzzle
from solver.cages.verdict import verify
from solver.canonical import Form
from solver.parsing import ParseIssue, load_json, split_lines
from solver.sudoku import Grade, Puzzle
from solver.sudoku.candidates import Step
from solver.verdict import Verdict

P = TypeVar("P", bound=CagePuzzle)

#: How a KenKen operation is printed after its target
PRINTED_OPERATIONS = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}


class CageSizes(Strict):
    """Cells per cage of generated puzzles, both ends included: ``{min: 2, max: 5}``, or
    ``"2-5"`` as the command line writes it."""

    min: int = Field(default=2, ge=1, le=9)
    """the fewest cells a cage may have"""
    max: int = Field(default=4, ge=1, le=9)
    """the most cells a cage may have"""

    @model_validator(mode="before")
    @classmethod
    def _range_text(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        low, _, high = value.partition("-")
        if not (low.strip().isdigit() and (high.strip() or low.strip()).isdigit()):
            raise ValueError(f"{value!r} is not a range of cells like 2-5")
        return {"min": int(low), "max": int(high or low)}

    @model_validator(mode="after")
    def _ordered(self) -> CageSizes:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self

    @property
    def bounds(self) -> tuple[int, int]:
        """(min, max), as the solver's requests take them."""
        return self.min, self.max


class CageRecipe(Recipe, Protocol):
    """A cage kind's generation request: a recipe that also says why it can never be met."""

    def problem(self) -> str | None: ...


class CageGenerate(Generation):
    """What a cage kind's ``generate`` block starts with (its own keys follow): how many, at
    which level; a request no search can meet is refused when the block is read."""

    count: int = Field(default=10, ge=1, le=10_000)
    """how many puzzles"""
    level: Literal["easy", "medium", "hard", "diabolical"] | None = None
    """`easy`, `medium`, `hard` or `diabolical`, on the Sudoku levels' ratings (a Killer cuts them at
    2.4, 3.0 and 5.0); any level without it"""

    def request(self) -> CageRecipe:
        raise NotImplementedError

    @model_validator(mode="after")
    def _possible(self) -> CageGenerate:
        reason = self.request().problem()
        if reason:
            raise ValueError(reason)
        return self


class CagedKind(Kind[P]):
    """A cage kind: Killer or KenKen. The solver does the work; the subclass names its solver's
    parser, file form and grader, and says what differs about its grid and its cages."""

    @abstractmethod
    def read(self, mapping: Mapping[str, object], *, line: int, index: int) -> P | ParseIssue:
        """One puzzle from its mapping (the solver's ``parse_mapping``)."""

    @abstractmethod
    def written(self, puzzle: P) -> JsonObject:
        """The puzzle's file form (the solver's ``to_mapping``), which :meth:`read` reads back."""

    @abstractmethod
    def steps(self, puzzle: P, ceiling: float | None) -> tuple[Grade, Sequence[Step]]:
        """The solver's grade and logical steps (``grade_with_steps``)."""

    #: how the book draws this kind's cages (:attr:`publisher.model.Board.cage_look`)
    cage_look = "dashed"
    #: Tatham's Killer and Keen game IDs read as the kind's files
    reads_foreign = True

    def regions(self, puzzle: P) -> tuple[int, ...] | None:
        """The region of every cell (a Killer's boxes or jigsaw), None for none (KenKen)."""
        return None

    def variant_grid(self, puzzle: P) -> Puzzle | None:
        """The Sudoku grid whose variant rules (X, windoku, anti-knight ...) the cages are
        combined with, for the board to show and play them; None when there are none."""
        return None

    @abstractmethod
    def operation(self, cage: Cage) -> str:
        """What the playable page checks of a full cage: "" a sum of different digits,
        "+", "-", "x", "/", or "?" (any: the puzzle hides it)."""

    # -- the Kind interface, once for both ------------------------------------------------
    def parse_text(self, text: str, hints: Mapping[str, Hint]) -> list[P | ParseIssue]:
        """One JSON mapping per line (``generate``'s lines, the text form a catalog keeps);
        blank lines and ``#`` comments are skipped. A grid of digits cannot hold cages."""
        found: list[P | ParseIssue] = []
        for number, line in enumerate(split_lines(text), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            index = len(found)
            try:
                entry = load_json(line)
            except ValueError as error:
                found.append(ParseIssue(number, f"not a JSON mapping of a puzzle ({error.args[0].split(':')[0]}); "
                                                f"cage puzzles are written as YAML or JSON", index=index))
                continue
            if not isinstance(entry, dict):
                found.append(ParseIssue(number, "expected a JSON mapping of a puzzle", index=index))
                continue
            found.append(self.parse_mapping(entry, hints, line=number, index=index))
        return found

    def parse_mapping(self, mapping: Mapping[str, object], hints: Mapping[str, Hint], *,
                      line: int, index: int) -> P | ParseIssue:
        """The section's parse hints fill in what the mapping leaves out."""
        merged = {k: v for k, v in hints.items() if v is not None and k not in mapping}
        return self.read({**merged, **mapping}, line=line, index=index)

    def verify(self, puzzle: P, node_limit: int) -> Verdict:
        return verify(puzzle, node_limit=node_limit)

    def grade(self, puzzle: P, ceiling: float | None = None) -> tuple[Grade, tuple[Step, ...]]:
        found, steps = self.steps(puzzle, ceiling)
        return found, tuple(steps)

    def key_step(self, puzzle: P, steps: tuple[Step, ...]) -> str | None:
        """The hardest step in a few words: the technique and the value it places, or the
        technique alone ("45 Rule: r1c9 = 4", "Combination Lock")."""
        if not steps:
            return None
        step = max(steps, key=lambda s: s.rating)
        if step.technique in ("Beyond", "Above ceiling"):
            return None
        if step.placed:
            row, col, symbol = step.placed[0]
            return f"{step.technique}: r{row}c{col} = {symbol}"
        return str(step.technique)

    def canonical(self, puzzle: P) -> Form:
        return form(self.name, puzzle.size, puzzle.cages, self.regions(puzzle), puzzle.givens)

    def answer(self, puzzle: P, solution: tuple[int, ...]) -> Answer:
        return of_grid(puzzle.size, solution, self.regions(puzzle))

    def relation(self, new: P, old: P) -> tuple[str, ...] | None:
        if new.size != old.size:
            return None
        return relation(new.size, (new.cages, self.regions(new), new.givens),
                        (old.cages, self.regions(old), old.givens))

    def as_text(self, puzzle: P) -> tuple[str, dict[str, Hint]]:
        return json_line(self.written(puzzle)) + "\n", {}

    def size(self, puzzle: P) -> str:
        return f"{puzzle.size}x{puzzle.size}"

    def solution_text(self, puzzle: P, verdict: Verdict) -> str | None:
        return puzzle.format(verdict.solution) if verdict.solution else None

    def record(self, puzzle: P) -> JsonObject:
        return {"cages": len(puzzle.cages)}

    def to_board(self, puzzle: P, verdict: Verdict, *, difficulty: str | None, source: str) -> Board:
        """The board with its cages as marks: cells and the printed total ("15", "12\u00d7"),
        with the total and :meth:`operation` as data for the playable page."""
        n, symbols = puzzle.size, puzzle.symbols
        marks = tuple(CageMark(cage.cells, f"{cage.total}{PRINTED_OPERATIONS.get(cage.op or '', '')}",
                               cage.total, self.operation(cage)) for cage in puzzle.cages)
        variant = self.variant_grid(puzzle)
        return Board(kind=self.name, rows=n, cols=n, givens=tuple(symbols[v - 1] if v else "" for v in puzzle.givens),
                     answer=tuple(symbols[v - 1] for v in verdict.solution), regions=self.regions(puzzle),
                     title=puzzle.title, difficulty=difficulty, source=source, cages=marks,
                     keypad=tuple(symbols[:n]), cage_look=self.cage_look, rule_labels=self.rule_labels(puzzle),
                     shading=variant_shading(variant) if variant else None,
                     rules=variant_play_rules(variant) if variant else None)

    def hints(self, puzzle: P, steps: tuple[Step, ...]) -> tuple[HintStep, ...]:
        return tuple(HintStep(step.text, tuple(step.cells), tuple(step.placed), tuple(step.removed), step.technique)
                     for step in steps)
