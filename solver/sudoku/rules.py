"""Rules beyond rows, columns and regions: the Sudoku variants, as data every algorithm reads.

A :class:`Rule` is a small frozen value attached to a :class:`~solver.sudoku.geometry.Geometry`
(``geometry.rules``). It says what it adds in four forms, and nothing else needs to know
which variant it is:

* ``units``: extra groups of N cells that hold every digit once (X's diagonals, windoku's
  windows). Search treats their cells as peers; the grader also finds singles and subsets in them;
* ``pairs`` with ``clash(d1, d2)``: pairs of cells that may not hold two digits related so
  (anti-knight and anti-king: equal digits; non-consecutive: digits one apart). Pairs whose
  clash is equality are plain peers to every algorithm;
* ``allowed``: the digits each cell may hold (even-odd: the parity marks);
* words for the reasons ``verify`` gives ("r1c1 and r2c3 are a knight's move apart and both hold 5").

:func:`variant_rules` turns the variant names a book uses (``x``, ``windoku``, ``anti_knight``,
``anti_king``, ``non_consecutive``, ``even_odd``) into rules, and :func:`variant_problem` says
why a combination cannot be (windoku off 9x9 boxes, even-odd without marks, rules no grid keeps). A killer cage
is one more rule of the same shape: its cells a group that may not repeat a digit (``pairs``
with equality), its sums a narrowing of ``allowed``.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol


class Shape(Protocol):
    """What a rule reads of the grid it is attached to (a :class:`~solver.sudoku.geometry.Geometry`,
    which imports this module: a rule needs only the size, so the two modules do not import
    each other)."""

    @property
    def size(self) -> int: ...

#: Every variant name, in the order they are listed and combined
VARIANTS = ("x", "windoku", "anti_knight", "anti_king", "non_consecutive", "even_odd")
#: The characters of a parity map: even, odd, unmarked
EVEN, ODD, UNMARKED = "e", "o", "."
#: Combinations with no 9x9 grid at all, too costly to prove at request time: windoku with
#: non-consecutive was proved empty by exhaustive search (9.4 million nodes, 105 s, with
#: :class:`~solver.sudoku.search.Search`; 61 million in an independent C check);
#: ``bench/variant_grids.py`` proves each entry again and finds a grid for every other pair.
#: Any set holding one of these is empty too.
NO_GRID: tuple[frozenset[str], ...] = (frozenset({"windoku", "non_consecutive"}),)


@dataclass(frozen=True)
class Rule:
    """One variant rule. Subclasses override what they add; the defaults add nothing."""

    #: the variant's name (``VARIANTS``), as configs, files and reports spell it
    name: ClassVar[str] = ""
    #: the rule in one sentence, for explanations and the printed instruction line
    text: ClassVar[str] = ""
    #: how a pair of ``pairs`` is related, for reasons: "are a knight's move apart"
    pair_words: ClassVar[str] = ""
    #: SukakuExplainer rates a grid with this rule (its switch: ``--isX`` ...), and then grades
    #: it with generalized intersections and naked sets in place of pointing, claiming and
    #: naked sets; even-odd, which it has no switch for, keeps the classic ladder
    generalized: ClassVar[bool] = True
    #: SukakuExplainer's direct intersections (Direct Pointing and Claiming) run over this rule's
    #: units and implied units as over its own region kinds (windoku's nine window groups); a
    #: diagonal is no such kind there
    locks: ClassVar[bool] = False
    #: SukakuExplainer's region type index of each of the rule's units and implied units, in
    #: order, the last repeated for the rest (windows 4, main diagonal 5, anti-diagonal 6): the
    #: order its strong-link chains are sorted in when they tie (see ``stronglinks``)
    se_regions: ClassVar[tuple[int, ...]] = (9,)
    #: the (row, column) steps from a cell to the cells it pairs with (a knight's or king's
    #: moves), in the order SukakuExplainer's chains visit them; () for a rule of other shape
    moves: ClassVar[tuple[tuple[int, int], ...]] = ()

    def units(self, geometry: Shape) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Extra (name, cells) groups holding every digit once."""
        return ()

    def pairs(self, geometry: Shape) -> tuple[tuple[int, int], ...]:
        """Pairs of cells (a < b) whose digits may not :meth:`clash`."""
        return ()

    def implied_units(self, geometry: Shape) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Groups that hold every digit once because the rule's units and the grid's do, which
        SukakuExplainer's grader reads as units too (windoku's five hidden windows); the grader
        alone reads them, the book shades and checks the rule's own units."""
        return ()

    def clash(self, d1: int, d2: int) -> bool:
        """Whether digits ``d1`` and ``d2`` may not stand in a pair of :meth:`pairs`."""
        return d1 == d2

    @property
    def pairs_are_peers(self) -> bool:
        """The pairs only forbid equal digits: they are peers like cells of one row."""
        return True

    def allowed(self, geometry: Shape) -> tuple[int, ...]:
        """The digit mask (bit d-1 for digit d) each cell may hold; () when every digit may."""
        return ()

    def mark_words(self, cell: int) -> str:
        """What an ``allowed`` mark of ``cell`` says, for reasons: "marked even"."""
        return ""


@dataclass(frozen=True)
class Diagonals(Rule):
    name: ClassVar[str] = "x"
    text: ClassVar[str] = "each main diagonal holds every digit once"
    se_regions: ClassVar[tuple[int, ...]] = (5, 6)

    def units(self, geometry: Shape) -> tuple[tuple[str, tuple[int, ...]], ...]:
        n = geometry.size
        return (("the main diagonal", tuple(i * n + i for i in range(n))),
                ("the anti-diagonal", tuple(i * n + n - 1 - i for i in range(n))))


@dataclass(frozen=True)
class Windows(Rule):
    name: ClassVar[str] = "windoku"
    text: ClassVar[str] = "each of the four shaded windows holds every digit once"
    locks: ClassVar[bool] = True
    se_regions: ClassVar[tuple[int, ...]] = (4,)

    def units(self, geometry: Shape) -> tuple[tuple[str, tuple[int, ...]], ...]:
        n = geometry.size
        starts = (1, 5)
        return tuple((f"window {k + 1}", tuple((top + r) * n + left + c for r in range(3) for c in range(3)))
                     for k, (top, left) in enumerate((t, left) for t in starts for left in starts))

    def implied_units(self, geometry: Shape) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The rows 1, 5, 9 and the columns 1, 5, 9 (those no window crosses) cut the grid into
        five more 3x3 groups, each also holding every digit once: the grid's nine of each less
        the four windows' nine."""
        n = geometry.size
        outside, inside = (0, 4, 8), ((1, 2, 3), (5, 6, 7))
        shapes = [(outside, cols) for cols in inside] + [(rows, outside) for rows in inside] + [(outside, outside)]
        return tuple((f"hidden window {k + 1}", tuple(r * n + c for r in rows for c in cols))
                     for k, (rows, cols) in enumerate(shapes))


def _offsets_pairs(n: int, offsets: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    found = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in offsets:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n:
                    a, b = r * n + c, r2 * n + c2
                    found.add((min(a, b), max(a, b)))
    return tuple(sorted(found))


@dataclass(frozen=True)
class AntiKnight(Rule):
    name: ClassVar[str] = "anti_knight"
    text: ClassVar[str] = "cells a knight's move apart hold different digits"
    pair_words: ClassVar[str] = "are a knight's move apart"

    moves: ClassVar[tuple[tuple[int, int], ...]] = ((2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2),
                                                    (-1, -2))

    def pairs(self, geometry: Shape) -> tuple[tuple[int, int], ...]:
        return _offsets_pairs(geometry.size, self.moves)


@dataclass(frozen=True)
class AntiKing(Rule):
    name: ClassVar[str] = "anti_king"
    text: ClassVar[str] = "diagonally touching cells hold different digits"
    pair_words: ClassVar[str] = "touch diagonally"

    moves: ClassVar[tuple[tuple[int, int], ...]] = ((1, 1), (1, -1), (-1, -1), (-1, 1))

    def pairs(self, geometry: Shape) -> tuple[tuple[int, int], ...]:
        return _offsets_pairs(geometry.size, self.moves)


@dataclass(frozen=True)
class NonConsecutive(Rule):
    name: ClassVar[str] = "non_consecutive"
    text: ClassVar[str] = "orthogonally neighbouring cells never hold consecutive digits"
    pair_words: ClassVar[str] = "are neighbours"
    #: SukakuExplainer keeps its classic ladder (pointing, claiming, naked sets) for a grid whose
    #: only rule is non-consecutive: its switch leaves the grid a plain Latin square with boxes
    #: to it (``isVLatin``), and only the rules that add regions or peers change the ladder
    generalized: ClassVar[bool] = False

    def pairs(self, geometry: Shape) -> tuple[tuple[int, int], ...]:
        return _offsets_pairs(geometry.size, ((0, 1), (1, 0)))

    def clash(self, d1: int, d2: int) -> bool:
        return abs(d1 - d2) == 1

    @property
    def pairs_are_peers(self) -> bool:
        return False


@dataclass(frozen=True)
class Parity(Rule):
    """Even-odd: ``marks`` has one character per cell, ``e`` (even), ``o`` (odd) or ``.``."""

    name: ClassVar[str] = "even_odd"
    text: ClassVar[str] = "a cell marked with a circle holds an even digit"
    generalized: ClassVar[bool] = False
    marks: str = ""

    def allowed(self, geometry: Shape) -> tuple[int, ...]:
        n = geometry.size
        full = (1 << n) - 1
        even = sum(1 << (d - 1) for d in range(2, n + 1, 2))
        return tuple(even if m == EVEN else full & ~even if m == ODD else full for m in self.marks)

    def mark_words(self, cell: int) -> str:
        return "marked even" if self.marks[cell] == EVEN else "marked odd"


_BY_NAME: dict[str, type[Rule]] = {rule.name: rule for rule in (Diagonals, Windows, AntiKnight, AntiKing,
                                                                 NonConsecutive, Parity)}


def variant_problem(names: Sequence[str], size: int, *, boxed_3x3: bool, jigsaw: bool,
                    parity: str | None = None) -> str | None:
    """Why ``names`` cannot be the rules of this grid; None when they can."""
    for name in names:
        if name not in _BY_NAME:
            return f"unknown variant {name!r} (known: {', '.join(VARIANTS)})"
    if len(set(names)) != len(names):
        return "a variant is named twice"
    if "windoku" in names and (size != 9 or jigsaw or not boxed_3x3):
        return "windoku has its windows on a 9x9 grid with 3x3 boxes only" + (" (not a jigsaw)" if jigsaw else "")
    empty = next((rules for rules in NO_GRID if rules <= set(names)), None)
    if empty is not None:
        together = " + ".join(sorted(empty, key=VARIANTS.index))
        return f"no {size}x{size} grid keeps every rule of {together} (proved by exhaustive search)"
    if parity is not None:
        if "even_odd" not in names:
            return "parity marks are given but the variant even_odd is not"
        if len(parity) != size * size:
            return f"parity has {len(parity)} marks, expected {size * size} (e, o or . per cell)"
        bad = next((ch for ch in parity if ch not in (EVEN, ODD, UNMARKED)), None)
        if bad is not None:
            return f"parity mark {bad!r} is not e (even), o (odd) or . (unmarked)"
    return None


def variant_rules(names: Sequence[str], parity: str | None = None) -> tuple[Rule, ...]:
    """The rules of the variant ``names`` (checked by :func:`variant_problem`), in
    :data:`VARIANTS` order so the same set always makes the same geometry."""
    rules: list[Rule] = []
    for name in sorted(set(names), key=VARIANTS.index):
        rules.append(Parity(parity or "") if name == "even_odd" else _BY_NAME[name]())
    return tuple(rules)


def variant_names(rules: Sequence[Rule]) -> tuple[str, ...]:
    """The names of ``rules``, in :data:`VARIANTS` order."""
    return tuple(sorted({rule.name for rule in rules}, key=VARIANTS.index))


def parity_of(rules: Sequence[Rule]) -> str | None:
    """The parity marks among ``rules``, or None."""
    return next((rule.marks for rule in rules if isinstance(rule, Parity)), None)
