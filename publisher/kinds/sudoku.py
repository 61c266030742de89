"""Sudoku: classic boxes of every common size, jigsaw regions, and the rule variants.

The section model (parse hints, rating range, sort order, ``generate``), the
reading of text and structured files through :mod:`solver.sudoku`, verification
with the node bound scaled to the grid, grading with the key step, and the board
the book model draws.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal, TypedDict

from pydantic import BeforeValidator, Field, field_validator, model_validator

from publisher.console import json_line
from publisher.kinds.base import Kind
from publisher.kinds.variants import variant_labels, variant_play_rules, variant_shading
from publisher.model import (
    Board,
    CellMarks,
    HintStep,
    WorkedStep,
)
from publisher.schema import BoxShape, Generation, Hint, JsonObject, KindMade, RatingRange, SectionBase, Strict
from publisher.units import parse_count_grid
from solver import sudoku
from solver.answers import Answer, of_grid
from solver.canonical import Form
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle, Step
from solver.sudoku import canonical as sudoku_canonical
from solver.sudoku.generate import Generated, GenerationError, generate_one, parse_rating, puzzle_seed
from solver.sudoku.generate import Request as GenerateRequest
from solver.sudoku.geometry import tables
from solver.sudoku.regions import labels as region_labels
from solver.sudoku.rules import VARIANTS, variant_problem
from solver.sudoku.singles import NAKED_SINGLE
from solver.sudoku.targeted import Target, parse_givens, target_problem, technique
from solver.sudoku.targeted import generate_one as generate_target
from solver.sudoku.verdict import scaled_node_limit
from solver.sudoku.worked import positions as worked_positions
from solver.verdict import Verdict

if TYPE_CHECKING:
    from publisher.schema import Wanted


class GivensRange(Strict):
    """How many givens a generated puzzle has, both ends included."""

    min: int = Field(ge=0)
    """the fewest givens"""
    max: int = Field(ge=0)
    """the most givens"""


def _techniques(value: object) -> object:
    """One technique name or a list of them; each must name a row of the grading table."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise ValueError("expected a technique name like 'X-Wing' or a list of them")
    return [technique(name).name for name in names]


def _givens(value: object) -> object:
    """``24`` is exactly 24 givens; ``{min: 22, max: 26}`` a range (``"22-26"`` on the command line)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return {"min": value, "max": value}
    if isinstance(value, str):
        low, high = parse_givens(value)
        return {"min": low, "max": high}
    return value


class Generate(Generation):
    """Puzzles a Sudoku section makes itself (docs "Generated Sudoku"); the same keys
    and meanings as ``puzzlepress generate``, so a section and a command make the same puzzles."""

    count: int = Field(default=10, ge=1, le=10_000)
    """how many puzzles"""
    level: Literal["easy", "medium", "hard", "diabolical"] | None = None
    """`easy` (SE rating < 1.5), `medium` (1.5 to < 2.5), `hard` (2.5 to < 5.0) or `diabolical` (5.0 and up); any
    level when neither this nor `rating` is given"""
    rating: str | RatingRange | None = None
    """a rating range instead of a level: `"2.5-4.8"` or `{min: 2.5, max: 4.8}` (SE scale, both ends included)"""
    symmetry: Literal["none", "rot180", "rot90", "mirror", "diagonal"] = "rot180"
    """pattern of the givens: `none`, `rot180`, `rot90`, `mirror` (left-right), `diagonal`"""
    size: int | None = None
    """4, 6, 8, 9, 10, 12, 16 (25 best effort); without it, 9, or the size of `box`"""
    box: BoxShape | None = None
    """the box shape `RxC` (`2x3`); without it, the usual box of the size"""
    jigsaw: bool = False
    """a fresh random region map per puzzle (N connected regions of N cells)"""
    minimal: bool = False
    """no given can be removed with the puzzle staying unique"""
    seed: int | None = Field(default=None, ge=0)
    """the same keys and seed make the same puzzles (and the same book bytes) on every build and machine; without one,
    a seed derived from the book's title and edition and the section's place and title (each section its own, stable
    across builds)"""
    technique: Annotated[list[str], BeforeValidator(_techniques)] | None = None
    """a technique of the grading table ("Difficulty levels"; any case: `x-wing`), or a list of them: every puzzle's
    hardest step, by our grader, is that technique (or one of the list), so its solution path uses it and needs
    nothing harder; with `level` or `rating` too, the technique's rating must fall in it"""
    givens: Annotated[GivensRange, BeforeValidator(_givens)] | None = None
    """how many givens: `24` (exactly) or `{min: 22, max: 26}`"""

    def request(self) -> Target:
        shape = parse_count_grid(self.box) if self.box else None
        size = self.size or (shape[0] * shape[1] if shape else 9)
        bounds = None
        if isinstance(self.rating, str):
            bounds = parse_rating(self.rating)
        elif self.rating is not None:
            bounds = (self.rating.min or 1.0, self.rating.max if self.rating.max is not None else 12.0)
        plain = GenerateRequest(size, shape, self.jigsaw, self.level, bounds, self.symmetry, self.minimal)
        givens = (self.givens.min, self.givens.max) if self.givens is not None else None
        return Target(plain, tuple(self.technique or ()), givens)

    @model_validator(mode="after")
    def _possible(self) -> Generate:
        reason = target_problem(self.request())
        if reason:
            raise ValueError(reason)
        return self




class SudokuSection(SectionBase):
    made_by: ClassVar[tuple[str, ...]] = ("generate",)
    graded: ClassVar[bool] = True

    kind: Literal["sudoku"] = "sudoku"
    """`sudoku` (the default): Sudoku of any size, jigsaw regions and the rule variants"""
    sort: Literal["file", "difficulty"] = "file"
    """Sudoku only. `difficulty`: easiest (lowest rating) first; equal ratings keep their order; puzzle numbers follow
    the sorted order"""
    rating: RatingRange | None = None
    """Sudoku only. `{min: 2.5, max: 4.8}` (either end may be left out; both included): a puzzle rated outside is
    rejected as `out_of_range` ("rated 4.9, section allows 2.5-4.8"; above 5.0 "rated at least 7.1, ...", see
    "Difficulty levels"), like any rejected puzzle under `on_rejected`"""
    generate: Generate | None = None
    """Sudoku made by the tool, seeded (`generate` keys below), beside or instead of `puzzles`"""
    size: int | None = Field(default=None, ge=4, le=36)
    """a parse hint: the grid size, for files whose cell count does not tell it"""
    box: str | None = None
    """a parse hint: the box shape `RxC` (`2x3`), for sizes with more than one"""
    symbols: str | None = Field(default=None, min_length=1)
    """a parse hint: the symbol string (`0123456789ABCDEF` makes 0 a value)"""
    regions: str | None = None
    """a jigsaw region map (N x N labels) for every puzzle of the section"""
    variant: list[Literal[VARIANTS]] = []  # type: ignore[valid-type]
    """Sudoku variant rules every puzzle keeps (`x`, `windoku`, `anti_knight`, `anti_king`, `non_consecutive`,
    `even_odd`; see "Sudoku variants"), also for `generate`; a puzzle file's own `variant` wins"""
    worked_example: bool | Literal["full"] = False
    """Sudoku only. `true`: the section opens, in the puzzle booklet, with a demonstration puzzle ("Example",
    unnumbered, in no answer key and not played on screen) followed by its key step drawn on a grid (see
    `answers.hints: drawn`); `full`: by every step of its solution, one grid per step ("Example · Step 3/40"), as
    many to a page as the section's puzzles. The demonstration is made for the section (the size, boxes, variant
    rules and symbols of its first puzzle, needing its hardest technique at its level; seeded from the book, so the
    same book gets the same one) and is never one of the book's puzzles, turned, mirrored or relabelled: a worked
    example on a real puzzle would give it away"""

    @field_validator("box")
    @classmethod
    def _box(cls, value: str | None) -> str | None:
        if value is not None:
            parse_count_grid(value)
        return value

    @model_validator(mode="after")
    def _variant_fits(self) -> SudokuSection:
        """Variant rules the section's grids cannot have are an error of the ``variant`` key."""
        if not self.variant:
            return self
        box = parse_count_grid(self.box) if self.box else None
        size = self.size or (box[0] * box[1] if box else 9)
        jigsaw = self.regions is not None or (self.generate is not None and self.generate.jigsaw)
        if self.generate is not None and self.generate.box:
            box = parse_count_grid(self.generate.box)
        reason = variant_problem(self.variant, size, jigsaw=jigsaw, boxed_3x3=box in (None, (3, 3)) and size == 9)
        if reason is None and self.generate is not None:
            reason = target_problem(self.generation_request())
        if reason:
            raise ValueError(f"variant: {reason}")
        return self

    def generation_request(self) -> Target:
        """What ``generate`` makes, under the section's variant rules."""
        assert self.generate is not None
        target = self.generate.request()
        return replace(target, request=replace(target.request, variant=tuple(self.variant)))


def text_line(made: Generated) -> str:
    """One generated puzzle as a line a puzzle file holds: the givens, or for a jigsaw or a
    variant the structured YAML form (one flow mapping per line; the lines together are a
    YAML list)."""
    puzzle = made.puzzle
    if not puzzle.geometry.is_jigsaw and not puzzle.variant:
        return puzzle.format()
    fields = [f"size: {puzzle.size}", f'givens: "{puzzle.format()}"']
    if puzzle.geometry.is_jigsaw:
        fields.append(f'regions: "{region_labels(puzzle.geometry.regions)}"')
    if puzzle.variant:
        fields.append(f"variant: [{', '.join(puzzle.variant)}]")
    if puzzle.parity is not None:
        fields.append(f'parity: "{puzzle.parity}"')
    return "- {" + ", ".join(fields) + "}"


class TextHints(TypedDict):
    """The parse hints of a Sudoku, as :func:`solver.sudoku.parse_text` takes them."""

    size: int | None
    box: tuple[int, int] | None
    symbols: str | None
    regions: str | None
    variant: tuple[str, ...]
    parity: str | None


#: the puzzle :meth:`SudokuKind.showpiece` makes
SHOWPIECE = GenerateRequest(size=9, level="medium")


class SudokuKind(Kind[Puzzle]):
    name = "sudoku"
    puzzle_type = Puzzle
    reads_foreign = True
    section = SudokuSection
    hint_keys = ("size", "box", "symbols", "regions", "variant")
    generation = Generate

    def generation_request(self, options: Mapping[str, object]) -> Target:
        """Every kind's, plus ``variant``: the rules a section sets for all its puzzles
        (generated ones too), which the command line gives with the rest (``x,windoku``)."""
        rest = dict(options)
        names = tuple(part.strip() for part in str(rest.pop("variant", None) or "").split(",") if part.strip())
        target = super().generation_request(rest)
        assert isinstance(target, Target)   # the Generate block's request
        target = replace(target, request=replace(target.request, variant=names))
        reason = target_problem(target)
        if reason:
            raise ValueError(f"--variant: {reason}" if names else reason)
        return target

    def generated_line(self, request: Wanted, made: KindMade, *, as_json: bool) -> str:
        """The JSON record (``--json``), or the line of a puzzle file."""
        if as_json:
            return json_line(made.record())
        return text_line(made)

    @staticmethod
    def _hints(hints: Mapping[str, Hint]) -> TextHints:
        def text(key: str) -> str | None:
            value = hints.get(key)
            return value if isinstance(value, str) else None

        size, box, variant = hints.get("size"), hints.get("box"), hints.get("variant")
        if isinstance(box, str):
            box = parse_count_grid(box)
        shape = (box[0], box[1]) if isinstance(box, tuple) and len(box) == 2 and isinstance(box[0], int) \
            and isinstance(box[1], int) else None
        names = tuple(name for name in variant if isinstance(name, str)) if isinstance(variant, (list, tuple)) else ()
        return TextHints(size=size if isinstance(size, int) else None, box=shape, symbols=text("symbols"),
                         regions=text("regions"), variant=names, parity=text("parity"))

    def parse_text(self, text: str, hints: Mapping[str, Hint]) -> list[Puzzle | ParseIssue]:
        return sudoku.parse_text(text, **self._hints(hints))

    def parse_mapping(self, mapping: Mapping[str, object], hints: Mapping[str, Hint], *,
                      line: int, index: int) -> Puzzle | ParseIssue:
        own = self._hints(hints)
        box = own["box"]
        given: dict[str, object] = {"size": own["size"], "box": f"{box[0]}x{box[1]}" if box else None,
                                    "symbols": own["symbols"], "regions": own["regions"],
                                    "variant": list(own["variant"]), "parity": own["parity"]}
        merged = {k: v for k, v in given.items() if v not in (None, []) and k not in mapping}
        return sudoku.parse_mapping({**merged, **mapping}, line=line, index=index)

    def verify(self, puzzle: Puzzle, node_limit: int) -> Verdict:
        """The bound scaled to the grid's size (:func:`solver.sudoku.verdict.scaled_node_limit`)."""
        return sudoku.verify(puzzle, node_limit=scaled_node_limit(node_limit, len(puzzle.givens)))

    def grade(self, puzzle: Puzzle, ceiling: float | None = None) -> tuple[sudoku.Grade, tuple[Step, ...]]:
        found, steps = sudoku.grade_with_steps(puzzle, ceiling=ceiling)
        return found, tuple(steps)

    def key_step(self, puzzle: Puzzle, steps: tuple[Step, ...]) -> str | None:
        """The hardest step named in a few words, short enough for one line under an answer
        grid: the technique and the value it places ("Naked Single: r4c7 = 5"), or the
        technique, its digit when it works on one, and the fewest boxes, rows or columns
        holding the cells of its pattern ("X-Wing on 7 in rows 2 and 8"). None for a puzzle
        solved by singles alone (naming "Hidden Single" teaches a reader nothing) and when
        the solve ended on a step that changes nothing (no technique of the grader applied)."""
        if not steps:
            return None
        step = max(steps, key=lambda s: s.rating)   # the first of the hardest
        if step.rating <= NAKED_SINGLE:
            return None      # solved by singles alone: no step is worth naming
        if step.placed:
            row, col, symbol = step.placed[0]
            return f"{step.technique}: r{row}c{col} = {symbol}"
        cells = set(step.cells) or {(r, c) for r, c, _ in step.removed}   # the pattern, else the change
        if not cells:
            return None
        digits = {symbol for _, _, symbol in step.removed}
        on = f" on {next(iter(digits))}" if len(digits) == 1 else ""
        return f"{step.technique}{on} in {_units_holding(sorted(cells), puzzle.geometry)}"

    def size(self, puzzle: Puzzle) -> str:
        return f"{puzzle.size}x{puzzle.size}"

    def record(self, puzzle: Puzzle) -> JsonObject:
        return {"variant": list(puzzle.variant), "parity": puzzle.parity}

    def solution_text(self, puzzle: Puzzle, verdict: Verdict) -> str | None:
        return puzzle.format(verdict.solution) if verdict.solution else None

    def to_board(self, puzzle: Puzzle, verdict: Verdict, *, difficulty: str | None, source: str) -> Board:
        symbols = puzzle.symbols
        givens = tuple(symbols[v - 1] if v else "" for v in puzzle.givens)
        answer = tuple(symbols[v - 1] for v in verdict.solution)
        rules = puzzle.geometry.rules
        return Board(kind=self.name, rows=puzzle.size, cols=puzzle.size, givens=givens, answer=answer,
                     regions=tuple(puzzle.geometry.regions), title=puzzle.title,
                     difficulty=difficulty, source=source,
                     keypad=tuple(sorted(set(answer), key=_keypad_order)),
                     shading=variant_shading(puzzle),
                     rules=variant_play_rules(puzzle) if rules else None,
                     rule_labels=self.rule_labels(puzzle))

    def rule_labels(self, puzzle: Puzzle) -> tuple[str, ...]:
        """A classic Sudoku's rule, or a jigsaw's (its regions), then each variant rule and the
        legend of its marks; a variant's rule line says what it adds to the classic rules."""
        base = ("rule_jigsaw",) if puzzle.geometry.is_jigsaw else () if puzzle.variant else ("rule_sudoku",)
        return base + variant_labels(puzzle)

    def worked(self, puzzle: Puzzle, steps: tuple[Step, ...], full: bool) -> tuple[WorkedStep, ...]:
        """The key step (the first of the hardest) or every step, each drawn on the position
        it was found in: the candidates of the cells it involves, struck where it removes
        them, the value it places circled, its pattern's cells shaded."""
        if not steps:
            return ()
        key = max(steps, key=lambda s: s.rating)
        n, symbols = puzzle.size, puzzle.symbols
        side = math.isqrt(n - 1) + 1
        out = []
        for position in worked_positions(puzzle, steps):
            step = position.step
            if not full and step is not key:
                continue
            index = {(r, c): (r - 1) * n + c - 1 for r in range(1, n + 1) for c in range(1, n + 1)}
            struck: dict[int, set[int]] = {}
            for r, c, symbol in step.removed:
                struck.setdefault(index[(r, c)], set()).add(symbols.index(symbol))
            placed = {index[(r, c)]: symbol for r, c, symbol in step.placed}
            involved = {index[cell] for cell in step.cells} | set(struck) | set(placed)
            marks: list[CellMarks | None] = []
            for cell in range(n * n):
                if cell in placed:
                    marks.append(CellMarks(side, placed=placed[cell]))
                elif cell in involved and not position.values[cell]:
                    marks.append(CellMarks(side, tuple((d - 1, symbols[d - 1]) for d in position.candidates[cell]),
                                           tuple(sorted(struck.get(cell, ())))))
                else:
                    marks.append(None)
            pattern = {index[cell] for cell in step.cells}
            shown = tuple(symbols[v - 1] if v else "" for v in position.values)
            out.append(WorkedStep(self.hints(puzzle, (step,))[0], shown, tuple(marks),
                                  tuple(cell in pattern for cell in range(n * n))))
        return tuple(out)

    def showpiece(self, seed: int, draw: int) -> Puzzle:
        """A classic 9x9 of medium level: the grid every puzzle book's front reads as."""
        return generate_one(SHOWPIECE, puzzle_seed(seed, draw)).puzzle

    def demonstration(self, like: Puzzle, grade: sudoku.Grade | None, seed: int, draw: int) -> Puzzle | None:
        """A puzzle of ``like``'s size, boxes (a jigsaw: regions of its own), variant rules and
        symbols whose hardest step is ``like``'s hardest technique (a complete grade's) at its
        level, else of its level, else of any level: the first of these the generator meets."""
        geometry = like.geometry
        box = (geometry.box_rows, geometry.box_cols) if geometry.box_rows and geometry.box_cols else None
        request = GenerateRequest(size=like.size, box=box, jigsaw=geometry.is_jigsaw, variant=like.variant)
        targets = [Target(replace(request, level=grade.level))] if grade is not None else []
        if grade is not None and grade.complete:
            targets.insert(0, Target(replace(request, level=grade.level), (grade.hardest,)))
        for target in [*targets, Target(request)]:
            if target_problem(target) is not None:
                continue
            try:
                made = generate_target(target, puzzle_seed(seed, draw)).puzzle
            except GenerationError:
                continue
            return replace(made, symbols=like.symbols)
        return None

    def quick_key(self, puzzle: Puzzle) -> object:
        """The size, the count of givens of each digit (sorted) and of each row and column
        (sorted, the two sides sorted): no turn, mirror, row or band swap or relabelling
        changes them."""
        size, givens = puzzle.size, puzzle.givens
        rows = tuple(sorted(sum(1 for v in givens[r * size:(r + 1) * size] if v) for r in range(size)))
        cols = tuple(sorted(sum(1 for v in givens[c::size] if v) for c in range(size)))
        digits = tuple(sorted(givens.count(d) for d in range(1, size + 1)))
        return (size, digits, *sorted((rows, cols)))

    def canonical(self, puzzle: Puzzle) -> Form:
        return sudoku_canonical.form_of(puzzle)

    def form_outdated(self, form: str) -> bool:
        return sudoku_canonical.outdated(form)

    def answer(self, puzzle: Puzzle, solution: tuple[int, ...]) -> Answer:
        return of_grid(puzzle.size, solution, puzzle.geometry.regions)

    def relation(self, new: Puzzle, old: Puzzle) -> tuple[str, ...] | None:
        return sudoku_canonical.relation(new, old)

    def as_text(self, puzzle: Puzzle) -> tuple[str, dict[str, Hint]]:
        geometry = puzzle.geometry
        hints: dict[str, Hint] = {"size": puzzle.size, "symbols": puzzle.symbols}
        if geometry.is_jigsaw:
            hints["regions"] = "".join(_REGION_NAMES[region] for region in geometry.regions)
        else:
            hints["box"] = f"{geometry.box_rows}x{geometry.box_cols}"
        if puzzle.variant:
            hints["variant"] = list(puzzle.variant)
            hints["parity"] = puzzle.parity
        return puzzle.format(), hints

    def hints(self, puzzle: Puzzle, steps: tuple[Step, ...]) -> tuple[HintStep, ...]:
        return tuple(HintStep(step.text, tuple(step.cells), tuple(step.placed), tuple(step.removed), step.technique)
                     for step in steps)


def _keypad_order(symbol: str) -> tuple[int, str]:
    """Keypad order: digits before letters (0 first when it is a value), then by code point."""
    return (0 if symbol.isdigit() else 1, symbol)


#: one character per jigsaw region, for a region map written as text
_REGION_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_PLURAL = {"row": "rows", "column": "columns", "box": "boxes", "region": "regions"}


def _units_holding(cells: list[tuple[int, int]], geometry: sudoku.Geometry) -> str:
    """'row 4', 'rows 2 and 8', 'boxes 1, 4 and 7': the fewest units of one kind (boxes or
    regions, then rows, then columns) that hold every cell (1-based (row, col))."""
    n, names = geometry.size, tables(geometry).unit_names
    kinds = (sorted({2 * n + geometry.regions[(r - 1) * n + c - 1] for r, c in cells}),
             sorted({r - 1 for r, _ in cells}), sorted({n + c - 1 for _, c in cells}))
    units = min(kinds, key=len)
    if len(units) == 1:
        return names[units[0]]
    word = names[units[0]].split(" ", 1)[0]
    labels = [names[u].split(" ", 1)[1] for u in units]
    return f"{_PLURAL.get(word, word)} {', '.join(labels[:-1])} and {labels[-1]}"
