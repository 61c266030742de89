"""What the cage kinds (Killer, KenKen) share on the publisher side: the ``generate`` block's
cage sizes, the cages as the book model's marks, and their logical steps as hints."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field, model_validator

from publisher.model import CageMark, HintStep
from publisher.schema import Strict
from solver.cages.cage import Cage

#: How a KenKen operation is printed after its target
PRINTED_OPERATIONS = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}


class CageSizes(Strict):
    """Cells per cage of generated puzzles, both ends included."""

    min: int = Field(default=2, ge=1, le=9)
    max: int = Field(default=4, ge=1, le=9)

    @model_validator(mode="after")
    def _ordered(self) -> CageSizes:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self


def cage_marks(cages: Sequence[Cage]) -> tuple[CageMark, ...]:
    """The cages as the model draws them: cells and the printed total ("15", "12\u00d7")."""
    return tuple(CageMark(cage.cells, f"{cage.total}{PRINTED_OPERATIONS.get(cage.op or '', '')}")
                 for cage in cages)


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
