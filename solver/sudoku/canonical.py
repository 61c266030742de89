"""The canonical form of a Sudoku: one representative of every puzzle's class of equivalents.

**Classic grids** (boxes of ``R x C`` cells, ``N = R*C``): two puzzles are the
same puzzle when one becomes the other by relabelling the digits, reordering
the rows inside a band (``R`` rows sharing boxes), reordering the bands, the
same for the columns inside a stack and the stacks, and, when the boxes are
square, transposing. Every rotation and mirror image of the grid is such a
move. For 9x9 that is 2 x 6^8 x 9! = 3.4 x 10^12 grids per puzzle, too many to
try, so the least one is found by *refinement* instead:

1. The least **pattern** of givens (filled or blank, row by row; blank sorts
   first) is found row by row. Choosing which source row becomes row ``r`` is a
   branch (every row for row 0, a band's other rows after it); the columns are
   never chosen one by one: they are kept as a set of equally good orders (an
   ordered partition: stacks tied in *slots*, each stack's columns tied in
   *classes*) and every new row splits those ties. Only the rows that give the
   least row so far survive each level.
2. Among the surviving orders, the least **relabelled givens** (digits numbered
   1, 2, 3 ... in the order they first appear) picks the representative; the
   column ties left by the pattern are split by the digits the same way, and
   only where two new digits are still tied is each order tried.

The form is that least grid, compared as (pattern, digits): a total order on
the class, so its least member is unique. A blank row (or band) can be swapped
with another blank one without changing anything, so only one of them is ever
tried: an empty grid costs as little as a full puzzle.

**Jigsaw grids**: only the eight symmetries of the square keep the puzzle (the
region map turning with the cells), plus relabelling; the form is the least of
those images, the region map compared first (by shape: its names do not matter).

**Variants** (``geometry.rules``: x, windoku, anti_knight, anti_king,
non_consecutive, even_odd): each variant keeps only the grid moves that map its
rules onto themselves (:mod:`solver.sudoku.moves` finds them: 96 for X-Sudoku,
whose rows may be reordered when the columns follow and the move commutes with
turning the grid upside down; 128 for windoku; the square's eight for the
neighbour and move rules), and the form is the least image under every one of
them, parity marks moving with the cells. Parity marks alone are the puzzle's own
data: an even-odd Sudoku keeps every classic move, so its form is the classic
refinement with the marks read as part of the pattern. Relabelling is narrowed by
the rules that read digit values: non_consecutive allows only ``d -> N + 1 - d``
beside the identity, even_odd only relabellings that keep parity (evens are
numbered 2, 4, 6 ... and odds 1, 3, 5 ... by first appearance). A jigsaw (with or
without rules) keeps the square's eight symmetries.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations, product

from solver.canonical import BOARD_SYMMETRIES, BoardSymmetry, Form
from solver.sudoku.geometry import Geometry, default_symbols
from solver.sudoku.moves import GridMove, grid_moves, rule_structure
from solver.sudoku.puzzle import Puzzle

#: How many partial orders the search may weigh in all before it gives up (about a
#: second). A real puzzle needs a few hundred; only grids almost full of givens come
#: near it, whose rows all look alike until the digits are numbered.
WORK_LIMIT = 40_000

_NEW = 1 << 20   # a digit not yet numbered: after every numbered one


class CanonicalError(ValueError):
    """A grid so regular that its form would take too long to prove least (a grid all
    or nearly all given; never a puzzle with a pattern of blanks of its own)."""


class _Budget:
    """The work left before :class:`CanonicalError`; every weighed order spends one."""

    def __init__(self, limit: int = WORK_LIMIT) -> None:
        self.left = limit

    def spend(self, amount: int = 1) -> None:
        self.left -= amount
        if self.left < 0:
            raise CanonicalError("too many givens alike to put the grid in canonical form")


# Ordered partition of the columns: slots (tied stacks, in order) of stacks, each stack
# an ordered tuple of classes (tied columns). Immutable so search states can share them.
Klass = tuple[int, ...]
Stack = tuple[Klass, ...]
Slot = tuple[Stack, ...]
Columns = tuple[Slot, ...]


@dataclass(frozen=True)
class Canonical:
    """A puzzle's form and the move that produces it from the puzzle.

    Row ``r`` of the form is row ``rows[r]`` of the puzzle (of its transpose when
    ``transposed``), column ``c`` its column ``cols[c]``; value ``v`` of the
    puzzle is ``labels[v]`` in the form (blanks stay 0). Jigsaws name the board
    symmetry instead (``symmetry``; rows and cols are then empty); boxed variant
    grids the cell each puzzle cell lands on (``cells``)."""

    form: Form
    values: tuple[int, ...]
    transposed: bool
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    labels: dict[int, int]
    symmetry: str = ""
    #: a variant grid's move: the form's cell of every cell of the puzzle (empty otherwise)
    cells: tuple[int, ...] = ()


def canonical(puzzle: Puzzle) -> Canonical:
    """The canonical form of a classic or jigsaw Sudoku (see the module docstring)."""
    geometry = puzzle.geometry
    if geometry.is_jigsaw:
        return _square_images(puzzle)
    if any(_structure(geometry)):
        return _moved_images(puzzle)
    return _boxed(geometry, puzzle.givens, _marks(geometry), parity=bool(_rules(geometry)))


def outdated(text: str) -> bool:
    """Whether ``text`` is a form of the earlier scheme that put boxed variant grids in
    form under the square's eight symmetries only (its head read "N boxes"): a catalog
    made then re-derives those rows (see :mod:`publisher.catalog`, schema 3)."""
    head = text.split(" ", 2)
    return len(head) > 1 and head[0].isdigit() and head[1] == "boxes"


def _rules(geometry: Geometry) -> tuple[object, ...]:
    """The variant rules of a geometry (none on a grid that has no ``rules``)."""
    return tuple(getattr(geometry, "rules", ()))


def _rule_names(geometry: Geometry) -> list[str]:
    return sorted(str(getattr(rule, "name", "")) for rule in _rules(geometry))


def _structure(geometry: Geometry) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """The rules' extra units and related pairs (both empty for parity marks alone)."""
    return rule_structure(geometry.rules, geometry)


def _moves(geometry: Geometry) -> tuple[GridMove, ...]:
    """The grid moves that keep the rules of a boxed variant grid."""
    n = geometry.size
    return grid_moves(n, geometry.box_rows or n, geometry.box_cols or n, *_structure(geometry))


def _marks(geometry: Geometry) -> str:
    """The even-odd marks of a variant grid (one e, o or . per cell), "" without them."""
    return next((str(marks) for rule in _rules(geometry) if (marks := getattr(rule, "marks", ""))), "")


def form_of(puzzle: Puzzle) -> Form:
    return canonical(puzzle).form


def _first_appearance(values: Sequence[int]) -> tuple[tuple[int, ...], dict[int, int]]:
    labels: dict[int, int] = {}
    out = []
    for value in values:
        if value:
            value = labels.setdefault(value, len(labels) + 1)
        out.append(value)
    return tuple(out), labels


def _text(values: Sequence[int], n: int) -> str:
    symbols = default_symbols(n)
    return "".join(symbols[v - 1] if v else "." for v in values)


# ------------------------------------------------------------------ classic

#: a parity mark's share of a cell's pattern code (blank, then given; unmarked cells first)
_MARK_CODES = {".": 0, "e": 2, "o": 4}


def _boxed(geometry: Geometry, givens: tuple[int, ...], marks: str = "", *, parity: bool = False) -> Canonical:
    """Boxes taller than wide are read transposed (a 6x6 of 3x2 boxes is a 6x6 of 2x3
    boxes turned a quarter: the same puzzle); square boxes are tried both ways. Each
    cell's pattern code is whether it holds a given, plus its parity mark when the
    grid has marks (they move with the cells); ``parity``: relabel keeping parity."""
    n = geometry.size
    box_rows, box_cols = geometry.box_rows or n, geometry.box_cols or n
    codes = tuple(int(bool(v)) + _MARK_CODES[marks[cell]] if marks else int(bool(v))
                  for cell, v in enumerate(givens))

    def turned(cells: Sequence[int]) -> tuple[int, ...]:
        return tuple(cells[c * n + r] for r in range(n) for c in range(n))

    straight, transpose = (False, givens, codes), (True, turned(givens), turned(codes))
    if box_rows == box_cols:
        grids = [straight, transpose]
    elif box_rows > box_cols:
        grids = [transpose]
        box_rows, box_cols = box_cols, box_rows
    else:
        grids = [straight]
    stacks = tuple(tuple(range(s * box_cols, (s + 1) * box_cols)) for s in range(n // box_cols))
    start: Columns = (tuple((stack,) for stack in stacks),)
    budget = _Budget()
    leaves = _least_pattern([(flag, shown) for flag, _, shown in grids], n, box_rows, start, budget)
    values, transposed, rows, cols, labels = _least_digits(leaves, [(flag, g) for flag, g, _ in grids], n, budget,
                                                           parity)
    head = f"{n} {box_rows}x{box_cols}"
    if marks:
        source = turned(range(n * n)) if transposed else tuple(range(n * n))
        head += " even_odd " + "".join(marks[source[rows[r] * n + c]] for r in range(n) for c in cols)
    form = Form("sudoku", f"{head} {_text(values, n)}")
    return Canonical(form, values, transposed, rows, cols, labels)


def _label(digit: int, numbering: dict[int, int], parity: bool) -> int:
    """The next label of a digit met first: 1, 2, 3 ...; keeping parity, odds 1, 3, 5 ...
    and evens 2, 4, 6 ... each in the order they are met."""
    if not parity:
        return len(numbering) + 1
    same = sum(1 for label in numbering.values() if label % 2 == digit % 2)
    return 2 * same + (1 if digit % 2 else 2)


Leaf = tuple[bool, tuple[int, ...], Columns]


def _row_choices(grid: tuple[int, ...], n: int, box_rows: int, rows: tuple[int, ...]) -> list[int]:
    """The source rows that may become the next row: any row of an unused band at a band's
    start, else the current band's unused rows; one blank row (or blank band) stands for all
    (``grid`` holds the cells' pattern codes: a blank row is all 0)."""
    def blank(row: int) -> bool:
        return not any(grid[row * n:(row + 1) * n])

    r = len(rows)
    if r % box_rows == 0:
        used = {row // box_rows for row in rows}
        bands = [b for b in range(n // box_rows) if b not in used]
        blank_bands = [b for b in bands if all(blank(b * box_rows + i) for i in range(box_rows))]
        bands = [b for b in bands if b not in blank_bands] + blank_bands[:1]
        candidates = [b * box_rows + i for b in bands for i in range(box_rows)]
    else:
        band = rows[r - r % box_rows] // box_rows
        candidates = [band * box_rows + i for i in range(box_rows) if band * box_rows + i not in rows]
    blanks = [row for row in candidates if blank(row)]
    kept = {row for row in candidates if not blank(row)}
    if blanks:   # one blank row per band suffices
        by_band: dict[int, int] = {}
        for row in blanks:
            by_band.setdefault(row // box_rows, row)
        kept.update(by_band.values())
    return [row for row in candidates if row in kept]


def _split_by_pattern(columns: Columns, codes: Sequence[int]) -> tuple[tuple[int, ...], Columns]:
    """The least pattern a row can show under ``columns`` (its cells' codes, least first
    within each class of tied columns), and the ties it leaves."""
    pattern: list[int] = []
    slots: list[Slot] = []
    for slot in columns:
        shown: list[tuple[tuple[int, ...], Stack]] = []
        for stack in slot:
            classes: list[Klass] = []
            bits: list[int] = []
            for klass in stack:
                for code in sorted({codes[c] for c in klass}):
                    part = tuple(c for c in klass if codes[c] == code)
                    classes.append(part)
                    bits.extend([code] * len(part))
            shown.append((tuple(bits), tuple(classes)))
        shown.sort(key=lambda pair: pair[0])
        group: list[Stack] = []
        for i, (bits_, stack_) in enumerate(shown):
            group.append(stack_)
            if i + 1 == len(shown) or shown[i + 1][0] != bits_:
                slots.append(tuple(group))
                pattern.extend(bits_ * len(group))
                group = []
    return tuple(pattern), tuple(slots)


def _least_pattern(grids: list[tuple[bool, tuple[int, ...]]], n: int, box_rows: int,
                   start: Columns, budget: _Budget) -> list[Leaf]:
    """Every (transposed, row order, column ties) giving the least pattern of givens."""
    frontier: list[Leaf] = [(transposed, (), start) for transposed, _ in grids]
    by_flag = dict(grids)
    codes = {flag: [grid[r * n:(r + 1) * n] for r in range(n)] for flag, grid in grids}
    for _ in range(n):
        best: tuple[int, ...] | None = None
        survivors: list[Leaf] = []
        for transposed, rows, columns in frontier:
            for row in _row_choices(by_flag[transposed], n, box_rows, rows):
                budget.spend()
                pattern, split = _split_by_pattern(columns, codes[transposed][row])
                if best is None or pattern < best:
                    best, survivors = pattern, []
                if pattern == best:
                    survivors.append((transposed, rows + (row,), split))
        frontier = survivors
    return frontier


State = tuple[bool, tuple[int, ...], Columns, dict[int, int]]


def _split_by_digits(columns: Columns, digits: Sequence[int], labels: dict[int, int],
                     budget: _Budget, parity: bool) -> list[tuple[tuple[int, ...], Columns, dict[int, int]]]:
    """Every least way a row's digits can be shown under ``columns`` (new digits tied in a
    class, or tied stacks holding new digits, give one way per order), each with its
    labelled row, the ties it leaves and the digit labels after it."""
    if len(columns) == len(digits):   # no ties left: one way
        numbering = dict(labels)
        keys = []
        for slot in columns:
            d = digits[slot[0][0][0]]
            if d and d not in numbering:
                numbering[d] = _label(d, numbering, parity)
            keys.append(numbering[d] if d else 0)
        return [(tuple(keys), columns, numbering)]
    options: list[tuple[list[int], list[Slot], dict[int, int]]] = [([], [], labels)]
    for slot in columns:
        # a stack's ways: its blank classes stay tied; given cells sort by label, new last
        stack_ways: list[list[tuple[tuple[int, ...], Stack]]] = []
        for stack in slot:
            per_class: list[list[tuple[tuple[int, ...], tuple[Klass, ...]]]] = []
            for klass in stack:
                if not digits[klass[0]]:
                    per_class.append([((0,) * len(klass), (klass,))])
                    continue
                old = sorted((c for c in klass if digits[c] in labels), key=lambda c: labels[digits[c]])
                new = [c for c in klass if digits[c] not in labels]
                class_keys = tuple(labels[digits[c]] for c in old) + (_NEW,) * len(new)
                budget.spend(_factorial(len(new)))
                per_class.append([(class_keys, tuple((c,) for c in (*old, *order))) for order in permutations(new)])
            ways: list[tuple[tuple[int, ...], Stack]] = []
            for combination in product(*per_class):
                stack_keys = tuple(k for part, _ in combination for k in part)
                ways.append((stack_keys, tuple(k for _, classes in combination for k in classes)))
            stack_ways.append(ways)
        next_options = []
        for choice in product(*stack_ways):
            ordered = sorted(choice, key=lambda pair: pair[0])
            groups: list[list[tuple[tuple[int, ...], Stack]]] = []
            for pair in ordered:
                if groups and groups[-1][0][0] == pair[0]:
                    groups[-1].append(pair)
                else:
                    groups.append([pair])
            # tied stacks showing new digits: each order is a different numbering
            for g in groups:
                if _NEW in g[0][0]:
                    budget.spend(_factorial(len(g)) * len(options))
            group_ways: list[list[tuple[tuple[tuple[int, ...], Stack], ...]]] = [
                [tuple(g)] if _NEW not in g[0][0] else list(permutations(g)) for g in groups]
            for arrangement in product(*group_ways):
                for keys, slots, known in options:
                    labelled = list(keys)
                    new_slots = list(slots)
                    numbering = dict(known)
                    for group, g in zip(arrangement, groups):
                        stacks_here: list[tuple[tuple[tuple[int, ...], Stack], ...]] = (
                            [(pair,) for pair in group] if _NEW in g[0][0] or len(group) == 1 else [tuple(group)])
                        for tied in stacks_here:
                            new_slots.append(tuple(stack for _, stack in tied))
                            for _, stack in tied:
                                for klass in stack:
                                    for c in klass:
                                        d = digits[c]
                                        if d and d not in numbering:
                                            numbering[d] = _label(d, numbering, parity)
                                        labelled.append(numbering[d] if d else 0)
                    next_options.append((labelled, new_slots, numbering))
        options = next_options
    return [(tuple(keys), tuple(slots), known) for keys, slots, known in options]


def _least_digits(leaves: list[Leaf], grids: list[tuple[bool, tuple[int, ...]]], n: int, budget: _Budget,
                  parity: bool) -> tuple[tuple[int, ...], bool, tuple[int, ...], tuple[int, ...], dict[int, int]]:
    """Among orders of equal pattern, the one whose digits, numbered by first appearance,
    read least. The column ties left at the end are blank in every row, so any order of
    them gives the same grid."""
    by_flag = dict(grids)
    frontier: list[tuple[Leaf, dict[int, int], tuple[int, ...]]] = [(leaf, {}, ()) for leaf in leaves]
    for r in range(n):
        best: tuple[int, ...] | None = None
        survivors: list[tuple[Leaf, dict[int, int], tuple[int, ...]]] = []
        for (transposed, rows, columns), labels, values in frontier:
            grid = by_flag[transposed]
            digits = grid[rows[r] * n:(rows[r] + 1) * n]
            for keys, split, known in _split_by_digits(columns, digits, labels, budget, parity):
                if best is None or keys < best:
                    best, survivors = keys, []
                if keys == best:
                    survivors.append(((transposed, rows, split), known, values + keys))
        frontier = survivors
    (transposed, rows, columns), labels, values = frontier[0]
    cols = tuple(c for slot in columns for stack in slot for klass in stack for c in klass)
    return values, transposed, rows, cols, labels


def _factorial(k: int) -> int:
    return math.factorial(k) if k < 13 else WORK_LIMIT + 1


# -------------------------------------------------- jigsaw and variant grids

def _square_images(puzzle: Puzzle) -> Canonical:
    """The least image under the eight symmetries of the square: the region map (by shape),
    then a variant's parity marks, then the givens numbered as the rules allow."""
    n = puzzle.size
    names = _rule_names(puzzle.geometry)
    marks = _marks(puzzle.geometry)
    best: tuple[tuple[tuple[int, ...], str, tuple[int, ...], tuple[int, ...]], str, dict[int, int]] | None = None
    for symmetry in BOARD_SYMMETRIES:
        regions = [0] * (n * n)
        values = [0] * (n * n)
        moved_marks = ["."] * (n * n) if marks else []
        for cell in range(n * n):
            r, c = symmetry.image(*divmod(cell, n), n, n)
            regions[r * n + c] = puzzle.geometry.regions[cell] + 1
            values[r * n + c] = puzzle.givens[cell]
            if marks:
                moved_marks[r * n + c] = marks[cell]
        shapes, _ = _first_appearance(regions)
        for labelled, labels in _numberings(values, n, names):
            key = (shapes, "".join(moved_marks), tuple(int(bool(v)) for v in labelled), labelled)
            if best is None or key < best[0]:
                best = (key, symmetry.name, labels)
    assert best is not None
    (shapes, moved, _, labelled), name, labels = best
    head = f"{n} jigsaw"
    if names:
        head += f" {'+'.join(names)}" + (f" {moved}" if moved else "")
    return Canonical(Form("sudoku", f"{head} {_text(shapes, n)} {_text(labelled, n)}"), labelled, False, (), (),
                     labels, name)


def _moved_images(puzzle: Puzzle) -> Canonical:
    """The least image of a boxed variant under the grid moves that keep its rules (see
    :mod:`solver.sudoku.moves`): the parity marks first, then the pattern of givens, then
    the givens numbered as the rules allow. Boxes taller than wide are read transposed,
    as a classic grid's are (every rule here reads the same turned a quarter)."""
    n = puzzle.size
    geometry = puzzle.geometry
    names = _rule_names(geometry)
    givens, marks = list(puzzle.givens), _marks(geometry)
    box_rows, box_cols = geometry.box_rows or n, geometry.box_cols or n
    units, pairs = _structure(geometry)
    transposed = box_rows > box_cols
    if transposed:
        flip = [c * n + r for r in range(n) for c in range(n)]
        givens = [givens[flip[cell]] for cell in range(n * n)]
        marks = "".join(marks[flip[cell]] for cell in range(n * n)) if marks else ""
        units = tuple(tuple(flip[c] for c in unit) for unit in units)
        pairs = tuple((flip[a], flip[b]) for a, b in pairs)
        box_rows, box_cols = box_cols, box_rows
    best: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], GridMove, dict[int, int]] | None = None
    for move in grid_moves(n, box_rows, box_cols, units, pairs):
        source = move.sources()
        moved = "".join([marks[cell] for cell in source]) if marks else ""
        values = [givens[cell] for cell in source]
        pattern = tuple([int(v != 0) for v in values])
        if best is not None and (moved, pattern) > best[0][:2]:   # worse before the digits are read
            continue
        for labelled, labels in _numberings(values, n, names):
            key = (moved, pattern, labelled)
            if best is None or key < best[0]:
                best = (key, move, labels)
    assert best is not None
    (moved_marks, _, labelled), move, labels = best
    head = f"{n} {box_rows}x{box_cols} {'+'.join(names)}" + (f" {moved_marks}" if moved_marks else "")
    image = move.cell_map()
    cells = tuple(image[c * n + r] if transposed else image[r * n + c] for r in range(n) for c in range(n))
    return Canonical(Form("sudoku", f"{head} {_text(labelled, n)}"), labelled, transposed != move.transposed,
                     (), (), labels, cells=cells)


def _numberings(values: Sequence[int], n: int, rules: Sequence[str]) -> list[tuple[tuple[int, ...], dict[int, int]]]:
    """The canonical numberings of one arrangement under the relabellings the rules allow:
    any (first appearance), parity-keeping (evens and odds each by first appearance), and
    for non_consecutive the identity or the reversal (both tried)."""
    if "non_consecutive" in rules:
        keep = {v: v for v in range(1, n + 1)}
        choices = [keep]
        if n % 2 == 1 or "even_odd" not in rules:
            choices.append({v: n + 1 - v for v in range(1, n + 1)})
        return [(tuple(mapping[v] if v else 0 for v in values), mapping) for mapping in choices]
    if "even_odd" in rules:
        labels: dict[int, int] = {}
        counts = {0: 0, 1: 0}
        for value in values:
            if value and value not in labels:
                parity = value % 2
                counts[parity] += 1
                labels[value] = 2 * counts[parity] - parity   # odd: 1, 3, 5 ...; even: 2, 4, 6 ...
        return [(tuple(labels[v] if v else 0 for v in values), labels)]
    return [_first_appearance(values)]


# ---------------------------------------------------------------- relations

def relation(new: Puzzle, old: Puzzle) -> tuple[str, ...] | None:
    """How ``new`` is ``old`` moved, in words ("rotated 90°", "bands reordered", "digits
    relabelled"), () for the same givens, or None when they are not the same puzzle.

    A single symmetry of the square (a rotation or a mirror image) is named when one
    does it, as a reader would see it; otherwise the grid moves that take ``old`` to
    the common canonical form and back out to ``new``."""
    if new.size != old.size or new.geometry.is_jigsaw != old.geometry.is_jigsaw:
        return None
    names = _rule_names(new.geometry)
    if names != _rule_names(old.geometry):
        return None
    if new.givens == old.givens and new.geometry == old.geometry:
        return ()
    a, b = canonical(old), canonical(new)
    if a.form != b.form:
        return None
    n = new.size
    target_regions = _first_appearance([k + 1 for k in new.geometry.regions])[0]
    for symmetry in BOARD_SYMMETRIES:
        moved = [0] * (n * n)
        regions = [0] * (n * n)
        for cell in range(n * n):
            r, c = symmetry.image(*divmod(cell, n), n, n)
            moved[r * n + c] = old.givens[cell]
            regions[r * n + c] = old.geometry.regions[cell] + 1
        if _first_appearance(regions)[0] != target_regions:
            continue
        mapping = _relabelling(moved, new.givens)
        if mapping is not None and _allowed(mapping, n, names) and _marks_moved(old, new, symmetry):
            return tuple(word for word in (symmetry.words, *_digit_words(mapping)) if word)
    if new.geometry.is_jigsaw:   # only the symmetries of the square move these
        return None
    digits = _digit_words(_compose_labels(a.labels, b.labels))
    if a.cells:   # a variant: old's cells to the form, and from it back to new's
        back = {form_cell: cell for cell, form_cell in enumerate(b.cells)}
        return _cell_move_words([back[a.cells[cell]] for cell in range(n * n)], old.geometry) + digits
    return _grid_moves(a, b, old.geometry) + digits


def _cell_move_words(image: Sequence[int], geometry: Geometry) -> tuple[str, ...]:
    """The words of the grid move that sends cell ``i`` to cell ``image[i]``."""
    n = geometry.size
    transposed = image[1] // n != image[0] // n          # row 0's cells land in one column
    if transposed:
        move = GridMove(True, tuple(image[c] // n for c in range(n)), tuple(image[r * n] % n for r in range(n)))
    else:
        move = GridMove(False, tuple(image[r * n] // n for r in range(n)), tuple(image[c] % n for c in range(n)))
    return move.words(geometry.box_rows or n, geometry.box_cols or n)


def _allowed(mapping: dict[int, int], n: int, rules: Sequence[str]) -> bool:
    """Whether a digit map is a relabelling the rules allow (see :func:`_numberings`)."""
    if "non_consecutive" in rules:
        return all(k == v for k, v in mapping.items()) or all(v == n + 1 - k for k, v in mapping.items())
    if "even_odd" in rules:
        return all(k % 2 == v % 2 for k, v in mapping.items())
    return True


def _marks_moved(old: Puzzle, new: Puzzle, symmetry: BoardSymmetry) -> bool:
    """Whether the symmetry carries old's parity marks onto new's (true without marks)."""
    before, after = _marks(old.geometry), _marks(new.geometry)
    if not before and not after:
        return True
    n = old.size
    moved = ["."] * (n * n)
    for cell, mark in enumerate(before):
        r, c = symmetry.image(*divmod(cell, n), n, n)
        moved[r * n + c] = mark
    return "".join(moved) == after


def _relabelling(moved: Sequence[int], target: Sequence[int]) -> dict[int, int] | None:
    """The digit map taking ``moved`` onto ``target`` cell by cell, or None."""
    mapping: dict[int, int] = {}
    used: dict[int, int] = {}
    for x, y in zip(moved, target):
        if bool(x) != bool(y):
            return None
        if x and (mapping.setdefault(x, y) != y or used.setdefault(y, x) != x):
            return None
    return mapping


def _digit_words(mapping: dict[int, int]) -> tuple[str, ...]:
    return ("digits relabelled",) if any(k != v for k, v in mapping.items()) else ()


def _compose_labels(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    back = {label: value for value, label in b.items()}
    return {value: back[label] for value, label in a.items()}


def _grid_moves(a: Canonical, b: Canonical, geometry: Geometry) -> tuple[str, ...]:
    """The moves taking puzzle A to puzzle B through their common form: row ``a.rows[r]``
    of A (of its transpose, if the form was read that way) lands on row ``b.rows[r]`` of B."""
    n = geometry.size
    box_rows, box_cols = sorted((geometry.box_rows or n, geometry.box_cols or n))   # the form's boxes
    if geometry.box_rows == geometry.box_cols:
        box_rows = box_cols
    words = ["transposed"] if a.transposed != b.transposed else []
    both = a.transposed and b.transposed   # then the form's rows are the columns of both
    for name, span, ours, theirs in (("columns" if both else "rows", box_rows, a.rows, b.rows),
                                     ("rows" if both else "columns", box_cols, a.cols, b.cols)):
        group = "bands" if name == "rows" else "stacks"
        moves = dict(zip(ours, theirs))
        if any(x // span != y // span for x, y in moves.items()):
            words.append(f"{group} reordered")
        if any(x % span != y % span for x, y in moves.items()):
            words.append(f"{name} reordered within {group}")
    return tuple(words)
