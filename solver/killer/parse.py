"""Killer Sudoku puzzles from their structured form (YAML or JSON mapping), and back.

``{size: 9, cages: [{sum: 15, cells: [r1c1, r1c2, r2c1]}, ...]}``, or a cage map of N*N
labels with ``sums: {A: 15, ...}``; the grid keys of a Sudoku (``box``, ``regions``,
``symbols``), ``givens`` (optional; none by default) and the variant rules the cages are
combined with (``variant: [killer, x]``, ``parity`` for even-odd) read as for Sudoku.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.cages.parse import cage_records, mapping_problem, origin, parse_cages, with_origin
from solver.killer.puzzle import SIZES, Killer
from solver.parsing import ParseIssue
from solver.sudoku.parse import parse_mapping as parse_sudoku
from solver.sudoku.puzzle import Puzzle
from solver.sudoku.regions import labels as region_labels

#: Keys a Killer mapping may have. ``kind`` selects the kind in a mixed file (``killer``, or
#: ``sudoku`` with ``variant: [killer]``);
#: ``solution`` and the grade keys are what ``generate`` writes and are not checked here.
MAPPING_KEYS = ("kind", "variant", "parity", "size", "box", "regions", "symbols", "givens", "cages", "sums",
                "cover", "id", "title", "difficulty", "solution", "rating", "level", "hardest", "seed")
_GRID_KEYS = ("size", "box", "regions", "symbols", "givens", "parity")


def _size_hint(mapping: Mapping[str, Any]) -> int | None:
    """The size when no givens say it: ``size``, else the side of a region or cage map."""
    size = mapping.get("size")
    if size is not None:
        return size if isinstance(size, int) and not isinstance(size, bool) else None
    for key in ("regions", "cages"):
        value = mapping.get(key)
        if isinstance(value, str) or (isinstance(value, list) and value and all(isinstance(r, str) for r in value)):
            cells = sum(len("".join(r.split())) for r in ([value] if isinstance(value, str) else value))
            side = round(cells ** 0.5)
            return side if side * side == cells else None
    return 9


def parse_mapping(mapping: Mapping[str, Any], *, line: int = 0, index: int = 0) -> Killer | ParseIssue:
    """One Killer from its mapping, or the :class:`ParseIssue` saying what is wrong."""
    def issue(message: str) -> ParseIssue:
        return ParseIssue(line, message, None, index)

    problem = mapping_problem(mapping, MAPPING_KEYS)
    if problem:
        return issue(problem)
    if "cages" not in mapping:
        return issue("a Killer Sudoku needs 'cages'")
    variant = mapping.get("variant", [])
    if not isinstance(variant, list) or not all(isinstance(name, str) for name in variant):
        return issue(f"'variant' must be a list of variant names, not {variant!r}")
    grid = {key: mapping[key] for key in _GRID_KEYS if mapping.get(key) is not None}
    others = [name for name in variant if name != "killer"]
    if others:
        grid["variant"] = others
    if "givens" not in grid:
        size = _size_hint(mapping)
        if size is None or size not in SIZES:
            return issue(f"'size' must be a whole number {SIZES.start}-{SIZES.stop - 1}, not "
                         f"{mapping.get('size')!r}")
        grid["size"] = size
        grid["givens"] = "." * (size * size)
    sudoku = parse_sudoku(grid, line=line, index=index)
    if isinstance(sudoku, ParseIssue):
        return sudoku
    n = sudoku.size
    if n not in SIZES:
        return issue(f"a Killer Sudoku is {SIZES.start}x{SIZES.start} to {SIZES.stop - 1}x{SIZES.stop - 1}, "
                     f"not {n}x{n}")
    cover = mapping.get("cover", True)
    if not isinstance(cover, bool):
        return issue(f"'cover' must be true or false, not {cover!r}")
    try:
        cages = parse_cages(mapping["cages"], mapping.get("sums"), n, total_key="sum",
                            totals_key="sums", with_op=False)
    except ValueError as error:
        return issue(str(error))
    return Killer(sudoku.geometry, sudoku.symbols, sudoku.givens, tuple(cages), cover, **origin(mapping, line, index))


def grid_mapping(puzzle: Puzzle | Killer) -> dict[str, Any]:
    """The grid keys of a puzzle: size, and its box shape or jigsaw regions, givens if any."""
    g = puzzle.geometry
    record: dict[str, Any] = {"size": g.size}
    if g.is_jigsaw:
        record["regions"] = region_labels(g.regions)
    else:
        record["box"] = f"{g.box_rows}x{g.box_cols}"
    if any(puzzle.givens):
        record["givens"] = puzzle.format()
    return record


def to_mapping(puzzle: Killer) -> dict[str, Any]:
    """The mapping :func:`parse_mapping` reads back as ``puzzle`` (list form of the cages)."""
    record: dict[str, Any] = {"kind": "killer", **grid_mapping(puzzle)}
    if puzzle.variant:
        record["variant"] = ["killer", *puzzle.variant]
        if puzzle.parity is not None:
            record["parity"] = puzzle.parity
    if not puzzle.cover:
        record["cover"] = False
    record["cages"] = cage_records(puzzle.cages, puzzle.size, "sum")
    return with_origin(record, puzzle)
