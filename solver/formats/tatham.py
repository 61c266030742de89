"""Simon Tatham's game IDs for Solo (Sudoku, jigsaw ``j``, X ``x``, Killer ``k``) and Keen
(KenKen), as ``sgt-solo --generate`` and ``sgt-keen --generate`` print them.

A game ID is ``PARAMS:DESCRIPTION``; the description alone reads too, its parameters then
found from its shape (a keen clue list, a jigsaw or killer part after a comma).

The grammar, as Solo and Keen write and read it:

* **Solo parameters**: ``C`` or ``CxR`` (boxes of C rows by R columns, a C*R grid), then
  letters: ``j`` jigsaw (one region of C*R cells each), ``x`` both diagonals, ``k`` Killer;
  symmetry (``a``, ``m2``, ``md4``, ``r2`` ...) and difficulty (``d`` and one letter) are
  how it was made and are read over.
* **Keen parameters**: ``W`` (a W x W grid), then ``d`` and a difficulty letter and ``m``
  (multiplication only): read over too.
* **A grid** (Solo's givens, Killer's clue grid): cells in reading order, a number for a
  filled cell, a letter for a run of blanks (``a`` one ... ``z`` 26), ``_`` between two
  numbers that touch.
* **A block structure** (jigsaw regions, Killer cages, Keen cages): the grid's internal
  edges, first the vertical ones row by row, then the horizontal ones column by column; a
  letter counts the non-edges before the next edge (``_`` none, ``a`` one ... ``y`` 25),
  ``z`` 25 non-edges and no edge after them; in Keen a number after a letter repeats it.
  One further virtual edge ends the list. The cells on either side of a non-edge share a
  block.
* **Solo description**: the givens; for a jigsaw ``,`` and its regions; for a Killer
  ``,`` its cages and ``,`` the clue grid, holding each cage's sum in one of its cells.
* **Keen description**: the cages, ``,``, then one clue per cage, cages in the order of
  their first cell: ``a`` (add), ``s`` (subtract), ``m`` (multiply), ``d`` (divide) and the
  target.

Each ID becomes the mapping its kind's solver reads (``solver.sudoku``, ``solver.killer``,
``solver.kenken``); a ValueError says what is wrong with it.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

from solver.cages.cage import Cage, cell_name
from solver.sudoku.geometry import MAX_SIZE, Geometry, default_symbols

#: Keen's clue letters -> our operations
_KEEN_OPS = {"a": "+", "s": "-", "m": "x", "d": "/"}
# Every pattern here reads user text, so each runs in linear time: after the leading number
# comes a letter, never a digit a second quantifier could also take (a line of 50,000 digits
# once cost ``(\d+)([a-z0-9]*)`` a quadratic backtrack).
_SOLO_PARAMS = re.compile(r"\A(\d{1,9})(?:x(\d{1,9}))?((?:[a-z][a-z0-9]*)?)\Z")
_KEEN_PARAMS = re.compile(r"\A(\d{1,9})(?:d[a-z]|m)*\Z")
_CLUES = re.compile(r"\A(?:[amsd]\d+)+\Z")
_DESCRIPTION = re.compile(r"\A[a-z0-9_,]+\Z")
_GRID_TOKEN = re.compile(r"[1-9]\d*|[a-z]|_|.")
_RUNS = re.compile(r"([a-z_])(\d*)")
_LETTERS = re.compile(r"([a-z_])()")
_RUN_LIST = re.compile(r"\A(?:[a-z_]\d*)*\Z")
_LETTER_LIST = re.compile(r"\A[a-z_]*\Z")
_NUMBER = re.compile(r"[1-9]\d*")
_HOW_MADE = re.compile(r"(?:md|[mra])\d*|d[a-z]?")   # Solo's symmetry and difficulty letters
_KEEN_CLUE = re.compile(r"([amsd])(\d+)")

Mapping = dict[str, Any]


def _split(text: str) -> tuple[str | None, str] | None:
    """(parameters or None, description) of a text of a game ID's shape: parameters of Solo's
    or Keen's form before the first ``:``, a description of letters, digits, ``_`` and ``,``."""
    params: str | None
    params, colon, desc = text.partition(":")
    if not colon:
        params, desc = None, text
    elif not _SOLO_PARAMS.match(params):   # Keen's parameters have the same shape
        return None
    return (params, desc) if _DESCRIPTION.match(desc) else None


def looks_like(text: str) -> bool:
    """Whether one line has a game ID's shape (its parameters or not): only its letters,
    digits, ``_`` and ``,``, and a run letter somewhere (a line of digits is our own form)."""
    split = _split(text.strip())
    return split is not None and any(ch.isalpha() or ch == "_" for ch in split[1])


def read(text: str) -> tuple[str, Mapping]:
    """A game ID -> (kind name, the mapping that kind's solver reads)."""
    text = text.strip()
    if "#" in text:
        raise ValueError("a random seed ('PARAMS#SEED') is not a puzzle: give the game ID "
                         "('PARAMS:DESCRIPTION') that the game shows for it")
    split = _split(text)
    if split is None:
        raise ValueError("not a Tatham game ID (PARAMS:DESCRIPTION of letters, digits, '_' and ',')")
    params, desc = split
    parts = desc.split(",")
    if params is not None:
        keen = _KEEN_PARAMS.match(params)
        if keen and len(parts) == 2 and _CLUES.match(parts[1]):
            return _keen(desc, int(keen.group(1)))
        return _solo(params, parts)
    if len(parts) == 2 and _CLUES.match(parts[1]):
        return _keen_any_size(desc)
    return _solo(None, parts)


def _grid(text: str, area: int, largest: int, what: str) -> list[int]:
    """A Solo grid: numbers, letter runs of blanks, ``_`` separators -> ``area`` values."""
    values: list[int] = []
    for found in _GRID_TOKEN.finditer(text):
        token = found.group()
        if token.isdigit():
            if len(token) > len(str(largest)) or int(token) > largest:
                raise ValueError(f"{what}: {token} is more than {largest}")
            values.append(int(token))
        elif token.isalpha():
            values.extend([0] * (ord(token) - ord("a") + 1))
        elif token != "_":
            raise ValueError(f"{what}: unexpected character {token!r}")
        if len(values) > area:
            break
    if len(values) != area:
        raise ValueError(f"{what} has {len(values)} cells, expected {area}")
    return values


def _blocks(text: str, side: int, what: str, *, repeats: bool) -> list[int]:
    """A block structure -> each cell's block, numbered by the block's first cell."""
    edges = 2 * side * (side - 1)
    parent = list(range(side * side))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    if not (_RUN_LIST if repeats else _LETTER_LIST).match(text):
        raise ValueError(f"{what}: unexpected character in {text!r}")
    counts: list[int] = []
    for letter, repeat in (_RUNS if repeats else _LETTERS).findall(text):
        times = 1 if not repeat else int(repeat) if len(repeat) <= len(str(edges)) else edges + 2
        if len(counts) + times > edges + 1:   # every run but a 'z' ends at an edge
            raise ValueError(f"{what} describes more edges than a {side}x{side} grid has")
        counts.extend([0 if letter == "_" else ord(letter) - ord("a") + 1] * times)
    position = 0
    for count in counts:
        runs, advance = (25, False) if count == 26 else (count, True)
        for _ in range(runs):
            if position >= edges:
                raise ValueError(f"{what} describes more edges than a {side}x{side} grid has")
            a, b = _edge_cells(position, side)
            low, high = sorted((root(a), root(b)))
            parent[high] = low
            position += 1
        position += advance
    if position != edges + 1:
        raise ValueError(f"{what} describes {position - 1} edges, a {side}x{side} grid has {edges}")
    return [root(cell) for cell in range(side * side)]


def _edge_cells(position: int, side: int) -> tuple[int, int]:
    """The two cells an internal edge parts: vertical edges row by row, then horizontal
    edges column by column."""
    inner = side - 1
    if position < side * inner:
        row, col = divmod(position, inner)
        return row * side + col, row * side + col + 1
    col, row = divmod(position - side * inner, inner)
    return row * side + col, (row + 1) * side + col


def _cells(block: list[int], side: int) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for cell, label in enumerate(block):
        found.setdefault(label, []).append(cell_name(cell, side))
    return found


def _solo_params(params: str, parts: list[str]) -> tuple[int, str | None, bool, bool, bool]:
    """Solo's parameters -> (the grid's side, its box "CxR" when not square, jigsaw, X, Killer),
    read as Solo reads them: ``9j`` and ``3x3j`` are both a 9x9 jigsaw, ``3`` a 3x3-boxed 9x9."""
    match = _SOLO_PARAMS.match(params)
    if not match:
        raise ValueError(f"'{params}' are not Solo parameters like 3x3, 9j or 3x3xk")
    rows = int(match.group(1))
    cols = int(match.group(2)) if match.group(2) is not None else rows
    letters = _HOW_MADE.sub("", match.group(3))
    unknown = set(letters) - set("jxk")
    if unknown:
        raise ValueError(f"Solo parameter '{sorted(unknown)[0]}' is not one of j (jigsaw), x (X), k (Killer)")
    jigsaw, xtype, killer = "j" in letters, "x" in letters, "k" in letters
    expected = 1 + jigsaw + 2 * killer
    if len(parts) != expected:
        raise ValueError(f"'{params}' needs {expected} part(s) separated by ',', found {len(parts)}")
    side = rows if jigsaw and match.group(2) is None else rows * cols
    box = f"{rows}x{cols}" if not jigsaw and rows != cols else None
    return side, box, jigsaw, xtype, killer


def _solo(params: str | None, parts: list[str]) -> tuple[str, Mapping]:
    if params is not None:
        side, box, jigsaw, xtype, killer = _solo_params(params, parts)
    else:   # the description alone: its cell count gives the side, its parts jigsaw and Killer
        if len(parts) not in (1, 2, 3, 4):
            raise ValueError(f"a Solo description has 1 to 4 parts separated by ',', found {len(parts)}")
        cells = sum(ord(ch) - ord("a") + 1 for ch in parts[0] if ch.isalpha()) + \
            len(_NUMBER.findall(parts[0]))
        side, box, xtype = round(cells ** 0.5), None, False
        jigsaw, killer = len(parts) in (2, 4), len(parts) >= 3
    if not 2 <= side <= MAX_SIZE:
        raise ValueError(f"a {side}x{side} grid: Sudoku sides are 2 to {MAX_SIZE}")
    givens = _grid(parts[0], side * side, side, "givens")
    symbols = default_symbols(side)
    mapping: Mapping = {"size": side, "givens": "".join(symbols[v - 1] if v else "." for v in givens)}
    if box is not None:
        mapping["box"] = box
    if jigsaw:
        mapping["regions"] = _blocks(parts[1], side, "jigsaw regions", repeats=False)
    if not killer:
        if xtype:
            mapping["variant"] = ["x"]
        return "sudoku", mapping
    cages = _blocks(parts[-2], side, "killer cages", repeats=False)
    clues = _grid(parts[-1], side * side, side * side * side, "killer sums")
    records = []
    for first, members in _cells(cages, side).items():
        sums = [clues[cell] for cell, label in enumerate(cages) if label == first and clues[cell]]
        if len(sums) != 1:
            raise ValueError(f"killer cage at {members[0]} has {len(sums)} sums, expected 1")
        records.append({"sum": sums[0], "cells": members})
    mapping.update({"kind": "killer", "cages": records})
    if xtype:
        mapping["variant"] = ["killer", "x"]
    if not any(givens):
        del mapping["givens"]
    return "killer", mapping


def _keen(desc: str, side: int) -> tuple[str, Mapping]:
    if not 2 <= side <= MAX_SIZE:   # before a grid of side * side cells is made
        raise ValueError(f"a {side}x{side} grid: Keen sides here are 2 to {MAX_SIZE}")
    blocks_part, clue_part = desc.split(",")
    blocks = _blocks(blocks_part, side, "keen cages", repeats=True)
    clues = _KEEN_CLUE.findall(clue_part)
    cages = _cells(blocks, side)
    if len(clues) != len(cages):
        raise ValueError(f"keen clues: {len(clues)} for {len(cages)} cages")
    records = []
    for (letter, target), members in zip(clues, cages.values()):
        records.append({"target": int(target), "op": _KEEN_OPS[letter], "cells": members})
    return "kenken", {"kind": "kenken", "size": side, "cages": records}


def _keen_any_size(desc: str) -> tuple[str, Mapping]:
    """A Keen description without its parameters: the one size its cages fit."""
    for side in range(3, 17):
        try:
            return _keen(desc, side)
        except ValueError:
            continue
    raise ValueError("keen description fits no grid size from 3 to 16")


# -------------------------------------------------------------------- writing

def _runs(blank: int) -> str:
    """A run of ``blank`` blank cells as Solo's letters ('a' one ... 'z' 26)."""
    return "z" * (blank // 26) + (chr(ord("a") + blank % 26 - 1) if blank % 26 else "")


def _write_grid(values: Sequence[int]) -> str:
    """A Solo grid: numbers, letter runs of blanks, '_' between two numbers that touch."""
    out: list[str] = []
    blank, number_last = 0, False
    for value in values:
        if not value:
            blank += 1
            continue
        if blank:
            out.append(_runs(blank))
            blank, number_last = 0, False
        if number_last:
            out.append("_")
        out.append(str(value))
        number_last = True
    out.append(_runs(blank))
    return "".join(out)


def _write_blocks(block: Sequence[object], side: int, *, repeats: bool = False) -> str:
    """A block structure: the internal edges (vertical row by row, then horizontal column by
    column, then one virtual edge), each run of non-edges before an edge as a letter; with
    ``repeats`` (Keen) three or more of one letter in a row as the letter and their count."""
    edges = [block[a] != block[b] for a, b in (_edge_cells(p, side) for p in range(2 * side * (side - 1)))]
    out: list[str] = []
    run = 0
    for edge in (*edges, True):
        if not edge:
            run += 1
            continue
        while run >= 25:   # 'z': 25 non-edges and no edge
            out.append("z")
            run -= 25
        out.append(chr(ord("a") + run - 1) if run else "_")
        run = 0
    if not repeats:
        return "".join(out)
    return "".join(f"{letter}{count}" if count > 2 else letter * count
                   for letter, count in ((key, len(list(group))) for key, group in itertools.groupby(out)))


def solo_id(geometry: Geometry, givens: Sequence[int], *, variant: Sequence[str] = (),
            cages: Sequence[Cage] = ()) -> str:
    """The game ID ``sgt-solo`` reads for a Sudoku (boxes or jigsaw, X) or a Killer (``cages``);
    ValueError for a rule Solo does not have."""
    other = [name for name in variant if name != "x"]
    if other:
        raise ValueError(f"Tatham's Solo has no {other[0]} rule")
    side = geometry.size
    # boxes always as RxC: "3" and then "x" for X would read as "3x", three rows of no width
    params = f"{side}j" if geometry.is_jigsaw else f"{geometry.box_rows}x{geometry.box_cols}"
    params += "x" * ("x" in variant) + "k" * bool(cages)
    parts = [_write_grid(givens)]
    if geometry.is_jigsaw:
        parts.append(_write_blocks(geometry.regions, side))
    if cages:
        owner = [0] * (side * side)
        sums = [0] * (side * side)
        for number, cage in enumerate(cages, 1):
            for cell in cage.cells:
                owner[cell] = number
            sums[cage.first] = cage.total
        if 0 in owner:
            raise ValueError("Tatham's Killer needs cages that cover the grid")
        parts += [_write_blocks(owner, side), _write_grid(sums)]
    return f"{params}:{','.join(parts)}"


def keen_id(side: int, cages: Sequence[Cage]) -> str:
    """The game ID ``sgt-keen`` reads for a KenKen (its operations shown)."""
    if not 3 <= side <= 9:
        raise ValueError(f"Tatham's Keen has grids of 3x3 to 9x9, not {side}x{side}")
    owner = [0] * (side * side)
    for number, cage in enumerate(cages, 1):
        for cell in cage.cells:
            owner[cell] = number
    ops = {"+": "a", "-": "s", "x": "m", "/": "d"}
    clues = []
    for cage in sorted(cages, key=lambda cage: cage.first):   # Keen lists them by their first cell
        if cage.op is None and len(cage.cells) > 1:
            raise ValueError("Tatham's Keen always shows a cage's operation")
        clues.append(f"{ops[cage.op or '+']}{cage.total}")
    return f"{side}:{_write_blocks(owner, side, repeats=True)},{''.join(clues)}"
