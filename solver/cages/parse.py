"""Cages from their two written forms, shared by Killer and KenKen.

* a list: ``[{sum: 15, cells: [r1c1, r1c2]}, ...]`` (KenKen: ``target`` and ``op``);
* a cage map: N*N labels (one string, or one string per row; ``.`` for a cell in no cage)
  plus the totals by label: ``sums: {A: 15}``, or KenKen ``targets: {A: "12x", B: 3}``.

Errors are ValueErrors whose message names the cage or label; the kind's parser turns them
into a :class:`~solver.parsing.ParseIssue` at the puzzle's line.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from solver.cages.cage import Cage, cell_name, parse_cell, parse_operation
from solver.cages.puzzle import ORIGIN_KEYS, Origin

_TARGET = re.compile(r"\A\s*(\d+)(?:\s*([-+x*/×÷\u2212]))?\s*\Z", re.IGNORECASE)


def mapping_problem(mapping: Any, keys: Sequence[str]) -> str | None:
    """What makes ``mapping`` no puzzle mapping of a kind whose keys are ``keys``: not a
    mapping, or a key the kind does not have; None when neither."""
    if not isinstance(mapping, Mapping):
        return f"expected a mapping with 'cages', got {type(mapping).__name__}"
    unknown = [str(key) for key in mapping if key not in keys]
    if unknown:
        return f"unknown key '{unknown[0]}' (expected one of {', '.join(keys)})"
    return None


def origin(mapping: Mapping[str, Any], line: int, index: int) -> dict[str, Any]:
    """The :class:`~solver.cages.puzzle.Origin` fields of a puzzle read from ``mapping`` at
    ``line`` (its ``index``-th puzzle): as keywords for the kind's puzzle."""
    return {"line": line, "index": index,
            **{key: None if mapping.get(key) is None else str(mapping[key]) for key in ORIGIN_KEYS}}


def with_origin(record: dict[str, Any], puzzle: Origin) -> dict[str, Any]:
    """``record`` (a puzzle's file form) with the names its file gave it, as they are read back."""
    for key in ORIGIN_KEYS:
        value = getattr(puzzle, key)
        if value is not None:
            record[key] = value
    return record


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    return value


def _total_and_op(value: Any, what: str, with_op: bool) -> tuple[int, str | None]:
    """``15`` or ``"12x"`` or ``{target: 12, op: x}`` -> (total, op)."""
    if isinstance(value, Mapping) and with_op:
        total = _whole(value.get("target"), f"{what} target")
        op = value.get("op")
        return total, None if op is None else parse_operation(op)
    if isinstance(value, str) and with_op:
        match = _TARGET.match(value)
        if not match:
            raise ValueError(f"{what} {value!r} is not a target like '12x' or '3'")
        return int(match.group(1)), parse_operation(match.group(2)) if match.group(2) else None
    return _whole(value, what), None


def _map_labels(value: Any, size: int) -> list[str] | None:
    """A cage map's labels, or None when ``value`` is not a map (it is a cage list)."""
    if isinstance(value, str):
        labels = [ch for ch in value if not ch.isspace()]
    elif isinstance(value, Sequence) and value and all(isinstance(row, str) for row in value):
        labels = []
        for row in value:
            labels.extend(row.split() if " " in row.strip() else [ch for ch in row if not ch.isspace()])
    else:
        return None
    if len(labels) != size * size:
        raise ValueError(f"cage map has {len(labels)} cells, expected {size * size}")
    return labels


def parse_cages(value: Any, totals: Any, size: int, *, total_key: str, totals_key: str,
                with_op: bool) -> list[Cage]:
    """The cages of a puzzle of ``size`` from its ``cages`` value (and ``totals`` for a map)."""
    labels = _map_labels(value, size)
    if labels is not None:
        return _from_map(labels, totals, size, totals_key, with_op)
    if totals is not None:
        raise ValueError(f"'{totals_key}' goes with a cage map; the cage list carries its own totals")
    if not isinstance(value, Sequence) or isinstance(value, (str, bytes)) or not value:
        raise ValueError("'cages' must be a list of cages or a cage map of N*N labels")
    cages = []
    for number, item in enumerate(value, 1):
        what = f"cage {number}"
        if not isinstance(item, Mapping):
            raise ValueError(f"{what} must be a mapping with '{total_key}' and 'cells'")
        allowed = {total_key, "cells"} | ({"op"} if with_op else set())
        unknown = [str(k) for k in item if k not in allowed]
        if unknown:
            raise ValueError(f"{what} has unknown key '{unknown[0]}' (expected {', '.join(sorted(allowed))})")
        if total_key not in item:
            raise ValueError(f"{what} has no '{total_key}'")
        total, op = _total_and_op(item[total_key], f"{what} {total_key}", with_op)
        if with_op and item.get("op") is not None:
            if op is not None:
                raise ValueError(f"{what} gives its operation twice")
            op = parse_operation(item["op"])
        cells = item.get("cells")
        if not isinstance(cells, Sequence) or isinstance(cells, str) or not cells:
            raise ValueError(f"{what} must list its 'cells', like [r1c1, r1c2]")
        try:
            indices = [parse_cell(cell, size) for cell in cells]
        except ValueError as error:
            raise ValueError(f"{what}: {error}") from None
        if len(set(indices)) != len(indices):
            raise ValueError(f"{what} lists a cell twice")
        cages.append(_cage(indices, total, op, what))
    return cages


def _cage(cells: list[int], total: int, op: str | None, what: str) -> Cage:
    if total < 1:
        raise ValueError(f"{what} total must be 1 or more, not {total}")
    return Cage(tuple(sorted(cells)), total, None if len(cells) == 1 else op)


def _from_map(labels: list[str], totals: Any, size: int, totals_key: str, with_op: bool) -> list[Cage]:
    if not isinstance(totals, Mapping):
        raise ValueError(f"a cage map needs '{totals_key}': the total of each label")
    cells_of: dict[str, list[int]] = {}
    for cell, label in enumerate(labels):
        if label != ".":
            cells_of.setdefault(label, []).append(cell)
    given = {str(k): v for k, v in totals.items()}
    missing = [label for label in cells_of if label not in given]
    if missing:
        raise ValueError(f"cage '{missing[0]}' has no total in '{totals_key}'")
    extra = [label for label in given if label not in cells_of]
    if extra:
        raise ValueError(f"'{totals_key}' names cage '{extra[0]}', which is not in the cage map")
    cages = []
    for label, cells in cells_of.items():
        total, op = _total_and_op(given[label], f"cage '{label}' total", with_op)
        cages.append(_cage(cells, total, op, f"cage '{label}'"))
    cages.sort(key=lambda cage: cage.first)
    return cages


def cage_records(cages: Sequence[Cage], size: int, total_key: str) -> list[dict[str, Any]]:
    """The list form of cages, as :func:`parse_cages` reads it back."""
    records = []
    for cage in cages:
        record: dict[str, Any] = {total_key: cage.total}
        if cage.op is not None:
            record["op"] = cage.op
        record["cells"] = [cell_name(c, size) for c in cage.cells]
        records.append(record)
    return records
