"""The puzzle kinds a book can hold, each adapting one solver package to the pipeline.

A kind knows how to read its puzzles (text, structured mappings, generated
boards), how to verify one (by calling its solver) and how to describe a
verified puzzle to the book model as a format-neutral :class:`~publisher.model.Board`.
Sources, verify and build look kinds up here by the section's ``kind`` name,
so adding a puzzle type is adding one class.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from publisher.model import QUEEN, Board, HintStep
from publisher.units import parse_count_grid
from solver import knights, queens, sudoku
from solver.knights import square_name
from solver.parsing import ParseIssue
from solver.sudoku.geometry import tables
from solver.verdict import Status, Verdict


class PuzzleKind:
    """Interface of a puzzle kind (a small adapter, no algorithms of its own)."""

    name: ClassVar[str]

    def parse_text(self, text: str, hints: Mapping[str, Any]) -> list[Any]:
        """Every puzzle in a text, or a ParseIssue in its place."""
        raise NotImplementedError

    def parse_mapping(self, mapping: Mapping[str, Any], hints: Mapping[str, Any], *,
                      line: int, index: int) -> Any:
        return ParseIssue(line, f"structured (YAML/JSON) puzzles are not supported for {self.name}",
                          index=index)

    def generate(self, board: Any, *, line: int, index: int) -> Any:
        """A puzzle made by the tool from a config ``boards`` entry."""
        return ParseIssue(line, f"'boards' are not supported for {self.name}", index=index)

    def verify(self, puzzle: Any, node_limit: int) -> Verdict:
        raise NotImplementedError

    def grade(self, puzzle: Any, ceiling: float | None = None) -> tuple[sudoku.Grade | None, tuple[Any, ...]]:
        """How hard a unique puzzle is for a human solver (exact up to ``ceiling``, a lower
        bound above it) and the logical steps of that solve, which end at the first step
        rated above ``ceiling``; (None, ()) for kinds nobody grades."""
        return None, ()

    def key_step(self, puzzle: Any, steps: tuple[Any, ...]) -> str | None:
        """The hardest of a unique puzzle's logical ``steps``, as a sentence (answer hints)."""
        return None

    def size(self, puzzle: Any) -> str:
        raise NotImplementedError

    def solution_text(self, puzzle: Any, verdict: Verdict) -> str | None:
        """The solution as one string, for the JSON report."""
        raise NotImplementedError

    def to_board(self, puzzle: Any, verdict: Verdict, *, difficulty: str | None, source: str) -> Board:
        raise NotImplementedError

    def hints(self, puzzle: Any, steps: tuple[Any, ...]) -> tuple[HintStep, ...]:
        """``grade``'s steps for the book model, symbols as the cells print them."""
        return ()


class SudokuKind(PuzzleKind):
    name = "sudoku"

    @staticmethod
    def _hints(hints: Mapping[str, Any]) -> dict[str, Any]:
        box = hints.get("box")
        if isinstance(box, str):
            box = parse_count_grid(box)
        return {"size": hints.get("size"), "box": box, "symbols": hints.get("symbols"),
                "regions": hints.get("regions")}

    def parse_text(self, text: str, hints: Mapping[str, Any]) -> list[Any]:
        return sudoku.parse_text(text, **self._hints(hints))

    def parse_mapping(self, mapping: Mapping[str, Any], hints: Mapping[str, Any], *,
                      line: int, index: int) -> Any:
        merged = {k: v for k, v in self._hints(hints).items() if v is not None and k not in mapping}
        if "box" in merged:
            merged["box"] = "{}x{}".format(*merged["box"])
        return sudoku.parse_mapping({**merged, **mapping}, line=line, index=index)

    def verify(self, puzzle: Any, node_limit: int) -> Verdict:
        """``node_limit`` is meant for 9x9 grids; a node of a bigger grid costs about
        cells/81 times more, so it gets that many times fewer nodes: every puzzle's
        bound is reached in about the same time (README, ``node_limit``)."""
        scaled = max(1, node_limit * 81 // max(81, len(puzzle.givens)))
        return sudoku.verify(puzzle, node_limit=scaled)

    def grade(self, puzzle: Any, ceiling: float | None = None) -> tuple[sudoku.Grade, tuple[Any, ...]]:
        found, steps = sudoku.grade_with_steps(puzzle, ceiling=ceiling)
        return found, tuple(steps)

    def key_step(self, puzzle: Any, steps: tuple[Any, ...]) -> str | None:
        """The hardest step named in a few words, short enough for one line under an answer
        grid: the technique and the value it places ("Naked Single: r4c7 = 5"), or the
        technique, its digit when it works on one, and the fewest boxes, rows or columns
        holding the cells of its pattern ("X-Wing on 7 in rows 2 and 8"). None when the
        solve ended on a step that changes nothing (no technique of the grader applied)."""
        if not steps:
            return None
        step = max(steps, key=lambda s: s.rating)   # the first of the hardest
        if step.placed:
            row, col, symbol = step.placed[0]
            return f"{step.technique}: r{row}c{col} = {symbol}"
        cells = set(step.cells) or {(r, c) for r, c, _ in step.removed}   # the pattern, else the change
        if not cells:
            return None
        digits = {symbol for _, _, symbol in step.removed}
        on = f" on {next(iter(digits))}" if len(digits) == 1 else ""
        return f"{step.technique}{on} in {_units_holding(sorted(cells), puzzle.geometry)}"

    def size(self, puzzle: Any) -> str:
        return f"{puzzle.size}x{puzzle.size}"

    def solution_text(self, puzzle: Any, verdict: Verdict) -> str | None:
        return puzzle.format(verdict.solution) if verdict.solution else None

    def to_board(self, puzzle: Any, verdict: Verdict, *, difficulty: str | None, source: str) -> Board:
        symbols = puzzle.symbols
        givens = tuple(symbols[v - 1] if v else "" for v in puzzle.givens)
        answer = tuple(symbols[v - 1] for v in verdict.solution)
        return Board(kind=self.name, rows=puzzle.size, cols=puzzle.size, givens=givens, answer=answer,
                     regions=tuple(puzzle.geometry.regions), title=puzzle.title,
                     difficulty=difficulty, source=source)

    def hints(self, puzzle: Any, steps: tuple[Any, ...]) -> tuple[HintStep, ...]:
        return tuple(HintStep(step.text, tuple(step.cells), tuple(step.placed), tuple(step.removed))
                     for step in steps)


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


class KnightsTourKind(PuzzleKind):
    name = "knights_tour"

    def parse_text(self, text: str, hints: Mapping[str, Any]) -> list[Any]:
        return knights.parse_tour_puzzles(text)

    def generate(self, board: Any, *, line: int, index: int) -> Any:
        rows, cols = parse_count_grid(board.size)
        start = None
        if board.start is not None:
            try:
                start = knights.parse_square(board.start, rows, cols)
            except ValueError as error:
                return ParseIssue(line, f"start: {error}", index=index)
        return knights.tour_puzzle(rows, cols, start=start, closed=board.closed,
                                   show_every=board.show_every, show_first=board.show_first,
                                   line=line, index=index, title=board.title)

    def verify(self, puzzle: Any, node_limit: int) -> Verdict:
        return knights.verify_tour_puzzle(puzzle, node_limit=node_limit)

    def size(self, puzzle: Any) -> str:
        return f"{puzzle.rows}x{puzzle.cols}"

    def solution_text(self, puzzle: Any, verdict: Verdict) -> str | None:
        if not verdict.solution:
            return None
        return " ".join(square_name(square, puzzle.rows, puzzle.cols) for square in verdict.solution)

    def to_board(self, puzzle: Any, verdict: Verdict, *, difficulty: str | None, source: str) -> Board:
        cells = puzzle.rows * puzzle.cols
        givens = [""] * cells
        for (r, c), number in puzzle.givens:
            givens[r * puzzle.cols + c] = str(number)
        answer = [""] * cells
        for step, (r, c) in enumerate(verdict.solution, start=1):
            answer[r * puzzle.cols + c] = str(step)
        return Board(kind=self.name, rows=puzzle.rows, cols=puzzle.cols, givens=tuple(givens),
                     answer=tuple(answer), path=tuple(verdict.solution), closed=puzzle.closed,
                     title=puzzle.title, difficulty=difficulty, source=source,
                     one_of_many=verdict.status is Status.SOLVED)


class QueensKind(PuzzleKind):
    name = "queens"

    def parse_text(self, text: str, hints: Mapping[str, Any]) -> list[Any]:
        return queens.parse_queens_puzzles(text)

    def generate(self, board: Any, *, line: int, index: int) -> Any:
        given = []
        for square in board.given:
            try:
                given.append(knights.parse_square(square, board.n, board.n))
            except ValueError as error:
                return ParseIssue(line, f"given: {error}", index=index)
        return queens.QueensPuzzle(n=board.n, given=tuple(given), line=line, index=index, title=board.title)

    def verify(self, puzzle: Any, node_limit: int) -> Verdict:
        return queens.verify_queens(puzzle, node_limit=node_limit)

    def size(self, puzzle: Any) -> str:
        return f"{puzzle.n}x{puzzle.n}"

    def solution_text(self, puzzle: Any, verdict: Verdict) -> str | None:
        if not verdict.solution:
            return None
        return " ".join(square_name(square, puzzle.n, puzzle.n) for square in enumerate(verdict.solution))

    def to_board(self, puzzle: Any, verdict: Verdict, *, difficulty: str | None, source: str) -> Board:
        n = puzzle.n
        givens = [""] * (n * n)
        for r, c in puzzle.given:
            givens[r * n + c] = QUEEN
        answer = [""] * (n * n)
        for r, c in enumerate(verdict.solution):
            answer[r * n + c] = QUEEN
        return Board(kind=self.name, rows=n, cols=n, givens=tuple(givens), answer=tuple(answer),
                     title=puzzle.title, difficulty=difficulty, source=source)


KINDS: dict[str, PuzzleKind] = {k.name: k for k in (SudokuKind(), KnightsTourKind(), QueensKind())}
