"""What the cage kinds (Killer, KenKen) share on the publisher side: the ``generate`` block's
cage sizes, the cages as the book model's marks, and their logical steps as hints."""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import Field, model_validator

from publisher.model import CageMark, HintStep
from publisher.schema import Strict
from solver.cages.cage import Cage
from solver.parsing import ParseIssue, split_lines

P = TypeVar("P")

#: How a KenKen operation is printed after its target
PRINTED_OPERATIONS = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}


class CageSizes(Strict):
    """Cells per cage of generated puzzles, both ends included: ``{min: 2, max: 5}``, or
    ``"2-5"`` as the command line writes it."""

    min: int = Field(default=2, ge=1, le=9)
    max: int = Field(default=4, ge=1, le=9)

    @model_validator(mode="before")
    @classmethod
    def _range_text(cls, value: Any) -> Any:
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


def cage_marks(cages: Sequence[Cage], operation: Callable[[Cage], str]) -> tuple[CageMark, ...]:
    """The cages as the model draws them: cells and the printed total ("15", "12\u00d7"),
    with the total and ``operation(cage)`` as data for the playable page."""
    return tuple(CageMark(cage.cells, f"{cage.total}{PRINTED_OPERATIONS.get(cage.op or '', '')}",
                          cage.total, operation(cage)) for cage in cages)


def hint_steps(steps: Sequence[Any]) -> tuple[HintStep, ...]:
    return tuple(HintStep(step.text, tuple(step.cells), tuple(step.placed), tuple(step.removed))
                 for step in steps)


def key_step(steps: Sequence[Any]) -> str | None:
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


def json_lines(text: str, parse: Callable[[Mapping[str, Any], int, int], P | ParseIssue]) -> list[P | ParseIssue]:
    """Puzzles of a text holding one JSON mapping per line (what ``generate`` prints, and
    the text form a catalog keeps); blank lines and ``#`` comments are skipped."""
    found: list[P | ParseIssue] = []
    for number, line in enumerate(split_lines(text), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        index = len(found)
        try:
            entry = json.loads(line)
        except ValueError as error:
            found.append(ParseIssue(number, f"not a JSON mapping of a puzzle ({error.args[0].split(':')[0]}); "
                                            f"cage puzzles are written as YAML or JSON", index=index))
            continue
        if not isinstance(entry, dict):
            found.append(ParseIssue(number, "expected a JSON mapping of a puzzle", index=index))
            continue
        found.append(parse(entry, number, index))
    return found


def as_json_line(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n"
