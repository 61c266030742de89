"""f-puzzles' JSON, and the links that carry it: ``https://f-puzzles.com/?load=`` or
``https://sudokupad.app/fpuzzles`` followed by LZ-string's ``compressToBase64`` of the JSON.

The JSON is ``{"size": 9, "grid": [[{"value": 5, "given": true}, ...], ...], ...}``: a row of
cells a row, each with its ``value`` (a given when ``given``), its ``region`` when the grid's
regions are not the boxes, and the player's pencil marks (read over: a solve's notes, not the
puzzle). The rules it may carry and we print: ``diagonal+`` with ``diagonal-`` (X),
``antiknight``, ``antiking``, ``nonconsecutive``, ``odd``/``even`` cells (even-odd),
``extraregion`` as the four windoku windows, ``killercage`` (a Killer). Anything else it
carries (thermometers, arrows, colours, little killers, a lone diagonal ...) is a ValueError
naming it: a puzzle is never read without one of its constraints. :func:`to_json` and
:func:`link` write them back.
"""
from __future__ import annotations

import json
import math
import re
import urllib.parse
from collections.abc import Mapping, Sequence
from typing import Any

from solver.cages.cage import Cage
from solver.formats.lzstring import compress_to_base64, decompress_from_base64
from solver.parsing import load_json
from solver.sudoku.geometry import Geometry, default_symbols

_LINK = re.compile(r"https?://(?:www\.)?(?:f-puzzles\.com/\?(?:[^\s#]*&)?load=|sudokupad\.app/"
                   r"(?:sudoku/)?(?:\?puzzleid=)?(?:fpuzzles|fpuz))(?P<data>[^\s&#]+)")
#: keys that describe the puzzle without a rule, read over
_ABOUT = {"size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts",
          "disabledlogic", "truecandidatesoptions"}
_TOGGLES = {"antiknight": "anti_knight", "antiking": "anti_king", "nonconsecutive": "non_consecutive"}
_RULES = {"diagonal+", "diagonal-", "odd", "even", "extraregion", "killercage", *_TOGGLES}
_CELL_KEYS = {"value", "given", "region", "centerPencilMarks", "cornerPencilMarks"}
_CELL = re.compile(r"\AR(\d+)C(\d+)\Z", re.IGNORECASE)

Fields = dict[str, Any]


def looks_like_link(text: str) -> bool:
    """Whether a line starts with an f-puzzles or SudokuPad (f-puzzles form) link."""
    return _LINK.match(text.strip()) is not None


def looks_like_json(value: object) -> bool:
    """Whether a decoded JSON value is an f-puzzles puzzle (a mapping with ``size`` and ``grid``)."""
    return isinstance(value, Mapping) and "grid" in value and "size" in value


def read_link(text: str) -> tuple[str, Fields]:
    """A link -> (kind name, the mapping that kind's solver reads)."""
    match = _LINK.match(text.strip())
    if match is None:
        raise ValueError("not an f-puzzles (?load=) or SudokuPad (/fpuzzles) link")
    data = urllib.parse.unquote(match.group("data")).replace(" ", "+")
    try:
        decoded = load_json(decompress_from_base64(data))
    except ValueError as error:
        raise ValueError(f"the link's data is not LZ-string Base64 of a JSON puzzle ({error})") from None
    return read_json(decoded)


def read_json(value: object) -> tuple[str, Fields]:
    """An f-puzzles JSON puzzle -> (kind name, the mapping that kind's solver reads)."""
    if not looks_like_json(value):
        raise ValueError("an f-puzzles puzzle is a JSON object with 'size' and 'grid'")
    assert isinstance(value, Mapping)
    _refuse_unprintable(value)
    size = value["size"]
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 16:
        raise ValueError(f"'size' must be a whole number 1 to 16, not {size!r}")
    givens, labels = _grid(value["grid"], size)
    box_rows = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    boxes = [(r // box_rows) * box_rows + c // (size // box_rows) for r in range(size) for c in range(size)]
    mapping: Fields = {"size": size, "givens": givens}
    if _partition(labels) == _partition(boxes):
        mapping["box"] = f"{box_rows}x{size // box_rows}"
    else:
        mapping["regions"] = [str(label) for label in labels]
    variant, parity = _variants(value, size)
    if isinstance(value.get("title"), str) and value["title"].strip():
        mapping["title"] = value["title"].strip()
    cages = value.get("killercage") or []
    if parity is not None:
        mapping["parity"] = parity
    if cages:
        records = _cages(cages, size)
        covered = sum(len(record["cells"]) for record in records) == size * size
        mapping.update({"kind": "killer", "cages": records, "cover": covered})
        if variant:
            mapping["variant"] = ["killer", *variant]
        return "killer", mapping
    if variant:
        mapping["variant"] = variant
    return "sudoku", mapping


def _refuse_unprintable(value: Mapping[str, Any]) -> None:
    """A ValueError naming the first constraint (in key order) we cannot print."""
    for key, item in value.items():
        if key in _ABOUT or key in _RULES or not item:
            continue
        count = f" ({len(item)} of them)" if isinstance(item, list) else ""
        raise ValueError(f"the f-puzzles constraint '{key}'{count} cannot be printed")
    if bool(value.get("diagonal+")) != bool(value.get("diagonal-")):
        one = "diagonal+" if value.get("diagonal+") else "diagonal-"
        raise ValueError(f"the f-puzzles constraint '{one}' alone cannot be printed (X has both diagonals)")


def _grid(grid: object, size: int) -> tuple[str, list[object]]:
    """The givens (one symbol or ``.`` a cell) and each cell's region label."""
    if not isinstance(grid, list) or len(grid) != size or not all(
            isinstance(row, list) and len(row) == size for row in grid):
        raise ValueError(f"'grid' must be {size} rows of {size} cells")
    symbols = default_symbols(size)
    box_rows = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    givens, labels = [], []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            name = f"r{r + 1}c{c + 1}"
            if not isinstance(cell, Mapping):
                raise ValueError(f"cell {name} must be a JSON object")
            extra = [key for key, item in cell.items() if key not in _CELL_KEYS and item]
            if extra:
                what = "a colour" if extra[0] in ("c", "highlight") else f"'{extra[0]}'"
                raise ValueError(f"cell {name} carries {what}, which cannot be printed")
            value = cell.get("value")
            if cell.get("given") and value is not None:
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= size:
                    raise ValueError(f"cell {name}: value {value!r} is not 1 to {size}")
                givens.append(symbols[value - 1])
            else:
                givens.append(".")   # blank, or the player's entry
            if "region" in cell and cell["region"] is None:
                raise ValueError(f"cell {name} is in no region, which cannot be printed")
            if "region" in cell and (not isinstance(cell["region"], int) or isinstance(cell["region"], bool)):
                raise ValueError(f"cell {name}: region {cell['region']!r} is not a region number")
            labels.append(cell["region"] if "region" in cell else
                          (r // box_rows) * box_rows + c // (size // box_rows))
    return "".join(givens), labels


def _listed(value: object, what: str) -> list[Any]:
    """A JSON list (None or absent: empty), else a ValueError naming it."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {type(value).__name__}")
    return value


def _partition(labels: Sequence[object]) -> list[int]:
    """Labels renumbered by first appearance: equal for the same regions however numbered."""
    order: dict[object, int] = {}
    return [order.setdefault(label, len(order)) for label in labels]


def _cell(name: object, size: int) -> tuple[int, int]:
    match = _CELL.match(name) if isinstance(name, str) else None
    if match is None or not (1 <= int(match.group(1)) <= size and 1 <= int(match.group(2)) <= size):
        raise ValueError(f"cell {name!r} is not like 'R1C1' inside the {size}x{size} grid")
    return int(match.group(1)), int(match.group(2))


def _variants(value: Mapping[str, Any], size: int) -> tuple[list[str], str | None]:
    """The variant rules (our names) and the even-odd marks the JSON sets."""
    variant = ["x"] if value.get("diagonal+") and value.get("diagonal-") else []
    variant += [ours for key, ours in _TOGGLES.items() if value.get(key)]
    windows = _listed(value.get("extraregion") or None, "'extraregion'")
    if windows:
        found = {frozenset(_cell(name, size) for name in _listed(window.get("cells"), "an extra region's 'cells'"))
                 for window in windows if isinstance(window, Mapping)}
        windoku = {frozenset((top + i, left + j) for i in range(3) for j in range(3))
                   for top in (2, 6) for left in (2, 6)}
        if size != 9 or found != windoku or len(windows) != 4:
            raise ValueError(f"the f-puzzles constraint 'extraregion' ({len(windows)} of them) cannot be "
                             "printed: only the four windoku windows of a 9x9 are")
        variant.append("windoku")
    marks = ["."] * (size * size)
    for key, mark in (("odd", "o"), ("even", "e")):
        for item in _listed(value.get(key) or None, f"'{key}'"):
            row, col = _cell(item.get("cell") if isinstance(item, Mapping) else item, size)
            marks[(row - 1) * size + col - 1] = mark
    parity = "".join(marks) if value.get("odd") or value.get("even") else None
    if parity is not None:
        variant.append("even_odd")
    return variant, parity


def _cages(cages: object, size: int) -> list[Fields]:
    records = []
    for number, cage in enumerate(_listed(cages, "'killercage'"), 1):
        if not isinstance(cage, Mapping):
            raise ValueError(f"killer cage {number} must be a JSON object")
        cells = [_cell(name, size) for name in _listed(cage.get("cells"), f"killer cage {number}'s 'cells'")]
        where = f"killer cage {number}" + (f" at r{cells[0][0]}c{cells[0][1]}" if cells else "")
        total = str(cage.get("value") or "").strip()
        if not total.isdigit():
            raise ValueError(f"{where} has no sum ({cage.get('value')!r}): a cage without its sum "
                             "cannot be printed")
        records.append({"sum": int(total), "cells": [f"r{r}c{c}" for r, c in cells]})
    return records


# -------------------------------------------------------------------- writing

#: SudokuPad's and f-puzzles' link prefixes, followed by LZ-string Base64 of the JSON
SUDOKUPAD = "https://sudokupad.app/fpuzzles"
FPUZZLES = "https://f-puzzles.com/?load="
_TOGGLE_KEYS = {ours: key for key, ours in _TOGGLES.items()}


def _name(cell: int, size: int) -> str:
    return f"R{cell // size + 1}C{cell % size + 1}"


def to_json(geometry: Geometry, givens: Sequence[int], *, variant: Sequence[str] = (), parity: str | None = None,
            cages: Sequence[Cage] = (), title: str | None = None) -> Fields:
    """The f-puzzles JSON of a Sudoku (boxes or jigsaw regions, its variant rules and even-odd
    marks) or a Killer (``cages``): what :func:`read_json` reads back as the same puzzle.
    ValueError for what f-puzzles cannot hold (a grid over 16x16)."""
    size = geometry.size
    if size > 16:
        raise ValueError(f"f-puzzles holds grids up to 16x16, not {size}x{size}")
    box_rows = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    default = [(r // box_rows) * box_rows + c // (size // box_rows) for r in range(size) for c in range(size)]
    regions = None if _partition(geometry.regions) == _partition(default) else _partition(geometry.regions)
    grid = []
    for r in range(size):
        row = []
        for c in range(size):
            cell: Fields = {}
            if givens[r * size + c]:
                cell = {"value": givens[r * size + c], "given": True}
            if regions is not None:
                cell["region"] = regions[r * size + c]
            row.append(cell)
        grid.append(row)
    value: Fields = {"size": size, "grid": grid}
    if title:
        value["title"] = title
    for name in variant:
        if name == "x":
            value["diagonal+"] = value["diagonal-"] = True
        elif name in _TOGGLE_KEYS:
            value[_TOGGLE_KEYS[name]] = True
        elif name == "windoku":
            value["extraregion"] = [{"cells": [f"R{top + i}C{left + j}" for i in range(3) for j in range(3)]}
                                    for top in (2, 6) for left in (2, 6)]
    if parity is not None:
        for key, mark in (("odd", "o"), ("even", "e")):
            marked = [{"cell": _name(cell, size)} for cell, found in enumerate(parity) if found == mark]
            if marked:
                value[key] = marked
    if cages:
        value["killercage"] = [{"cells": [_name(cell, size) for cell in cage.cells], "value": str(cage.total)}
                               for cage in cages]
    return value


def link(value: Fields, prefix: str = SUDOKUPAD) -> str:
    """The link that opens the f-puzzles JSON ``value`` (SudokuPad's by default, or ``FPUZZLES``)."""
    return prefix + compress_to_base64(json.dumps(value, separators=(",", ":"), sort_keys=True))
