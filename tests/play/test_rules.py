"""The playable page judges every rule as the rule is defined (real Chromium, Selenium).

Each rule reaches the page as data (``publisher.kinds.sudoku._play_rules``): extra groups, the
pairs of cells a rule relates with its own ``Rule.clash`` tabled for every two digits, the
digits a cell may hold; a cage as its cells, total and operation. For every variant, a 6x6
and a combined one, a rule the page has never been told of (one digit twice the other), and
both cage kinds (a KenKen with its operations hidden too), the same positions go through the
page's own judging script on the page's own embedded data and through the rules written
again here and in the oracles (tests/variant_oracle.py: the diagonals, windows, knight's and
king's moves, orthogonal neighbours one apart, parity marks; tests/cage_oracle.py: a cage's
sum or operation), never through the solver's tables, so a wrong ``Rule.clash`` or cage table
fails here; the cells each calls in conflict must be the same.
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from publisher import render
from publisher.build import BuildOptions, build
from publisher.kinds import KINDS
from publisher.layout import layout_book
from solver import kenken, killer, sudoku
from solver.cages.engine import DEFAULT_NODE_LIMIT
from solver.kenken.generate import Request as KenKenRequest
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle
from solver.sudoku.generate import Request, generate_one
from solver.sudoku.rules import VARIANTS, NonConsecutive, Shape
from tests import cage_oracle, variant_oracle
from tests.booksamples import sample_book, section
from tests.samples import KIDS_4X4, REPO
from tests.sudoku_oracle import box_regions

pytestmark = pytest.mark.consumers

#: Positions per rule and puzzle: pairs of a pair rule (every two digits on each), random fillings
PAIRS_PER_RULE, RANDOM_POSITIONS = 5, 40

#: The page's judging, run in the page: puzzle ``index`` of the embedded data, each position
#: (cell -> symbol, the rest empty) through its kind's own script; the conflicting cells
JUDGE = """
const [index, positions] = arguments;
const data = JSON.parse(document.getElementById("puzzlepress-play").textContent);
const entry = data.puzzles[index];
const kind = window.PuzzlepressKinds[entry.kind]({words: data.words});
return positions.map(function (position) {
  const values = new Array(entry.rows * entry.cols).fill("");
  Object.keys(position).forEach(function (cell) { values[Number(cell)] = position[cell]; });
  const marks = kind.marks({entry: entry, rows: entry.rows, cols: entry.cols, values: values});
  return Array.from(marks.conflict).sort(function (a, b) { return a - b; });
});
"""

Position = dict[int, int]


@dataclass(frozen=True)
class Ratio(NonConsecutive):
    """A rule on pairs whose relation the page has never been told of (Kropki's black dot):
    the cells of a pair hold one digit twice the other. (It borrows the non-consecutive rule's
    name, so it reads as a known variant to the rest of the book.)"""

    dots: tuple[tuple[int, int], ...] = ()
    text: ClassVar[str] = "the cells joined by a dot hold one digit twice the other"

    def pairs(self, geometry: Shape) -> tuple[tuple[int, int], ...]:
        return self.dots

    def clash(self, d1: int, d2: int) -> bool:
        return d1 != 2 * d2 and d2 != 2 * d1


# ------------------------------------------------------------------ the solver's judgement

def sudoku_conflicts(puzzle: Puzzle, position: Position, variants: tuple[str, ...] | None = None,
                     dots: tuple[tuple[int, int], ...] = ()) -> set[int]:
    """The cells in conflict by the rules' definitions (tests/variant_oracle.py): a cell whose
    digit its rows, columns, boxes, variant groups, knight's or king's neighbours, orthogonal
    neighbours or parity mark forbid beside the other digits placed; and both cells of a dotted
    pair whose digits are not one twice the other. ``variants`` overrides the puzzle's names
    (the dotted rule borrows one)."""
    g = puzzle.geometry
    n = g.size
    names = puzzle.variant if variants is None else variants
    groups = variant_oracle.groups(n, box_regions(n, g.box_rows, g.box_cols), names)
    values = [position.get(cell, 0) for cell in range(n * n)]
    bad = {cell for cell, digit in position.items()
           if not variant_oracle.allowed(n, [0 if i == cell else v for i, v in enumerate(values)], cell, digit,
                                         groups, names, puzzle.parity)}
    for a, b in dots:
        if a in position and b in position and position[a] != 2 * position[b] and position[b] != 2 * position[a]:
            bad |= {a, b}
    return bad


def _line_conflicts(n: int, position: Position, units: list[list[int]]) -> set[int]:
    bad: set[int] = set()
    for unit in units:
        seen: dict[int, int] = {}
        for cell in unit:
            if cell in position:
                if position[cell] in seen:
                    bad |= {cell, seen[position[cell]]}
                else:
                    seen[position[cell]] = cell
    return bad


def _lines(n: int) -> list[list[int]]:
    return [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]


def killer_conflicts(puzzle: killer.Killer, position: Position) -> set[int]:
    """Rows, columns and boxes, and a full cage whose digits are not distinct or do not add
    up to its sum."""
    n = puzzle.size
    g = puzzle.geometry
    boxes = box_regions(n, g.box_rows, g.box_cols)
    bad = _line_conflicts(n, position, _lines(n) + [[c for c in range(n * n) if boxes[c] == b] for b in range(n)])
    for cage in puzzle.cages:
        if all(cell in position for cell in cage.cells):
            digits = [position[cell] for cell in cage.cells]
            if len(set(digits)) != len(digits) or not cage_oracle.meets(digits, cage.total, None):
                bad |= set(cage.cells)
    return bad


def kenken_conflicts(puzzle: kenken.KenKen, position: Position) -> set[int]:
    """Rows and columns, and a full cage whose values miss its target by its operation (by
    every operation when they are hidden; a one-cell cage holds its target)."""
    n = puzzle.size
    bad = _line_conflicts(n, position, _lines(n))
    for cage in puzzle.cages:
        if all(cell in position for cell in cage.cells):
            op = cage.op or ("+" if len(cage.cells) == 1 else "?")
            if not cage_oracle.meets([position[cell] for cell in cage.cells], cage.total, op):
                bad |= set(cage.cells)
    return bad


# ------------------------------------------------------------------ positions

def _random(rng: random.Random, n: int, count: int) -> Iterator[Position]:
    for index in range(count):
        filled = (2, 5, 12, n * n // 2)[index % 4]
        cells = rng.sample(range(n * n), min(filled, n * n))
        yield {cell: rng.randint(1, n) for cell in cells}


def sudoku_positions(puzzle: Puzzle, rng: random.Random) -> list[Position]:
    """Per rule: on a few of its pairs every two digits, two cells of its units with every two
    digits, every digit on its marked cells; then random fillings (rules together)."""
    geometry = puzzle.geometry
    n = geometry.size
    digits = range(1, n + 1)
    positions: list[Position] = []
    for rule in geometry.rules:
        pairs = list(rule.pairs(geometry))
        for a, b in rng.sample(pairs, min(PAIRS_PER_RULE, len(pairs))):
            positions += [{a: d1, b: d2} for d1 in digits for d2 in digits]
        for _name, unit in rule.units(geometry):
            a, b = rng.sample(unit, 2)
            positions += [{a: d1, b: d2} for d1 in digits for d2 in digits]
        marks = [cell for cell, mask in enumerate(rule.allowed(geometry)) if mask != (1 << n) - 1]
        positions += [{cell: d} for cell in marks for d in digits]
    return positions + list(_random(rng, n, RANDOM_POSITIONS))


def cage_positions(n: int, cages: list[tuple[int, ...]], rng: random.Random, line_distinct: bool) -> list[Position]:
    """Each cage full of random digits (distinct along its rows and columns when
    ``line_distinct``: the cage's arithmetic alone then decides), and random fillings."""
    positions: list[Position] = []
    for cells in cages:
        for _ in range(20):
            position: Position = {}
            for cell in cells:
                taken = {position[o] for o in position if line_distinct and (o // n == cell // n or o % n == cell % n)}
                position[cell] = rng.choice([d for d in range(1, n + 1) if d not in taken] or [1])
            positions.append(position)
    return positions + ([] if line_distinct else list(_random(rng, n, RANDOM_POSITIONS)))


# ------------------------------------------------------------------ the books

def variant_puzzles() -> dict[str, Puzzle]:
    made = {name: generate_one(Request(9, level="easy", variant=(name,)), 5).puzzle for name in VARIANTS}
    made["non_consecutive 6x6"] = generate_one(Request(6, level="easy", variant=("non_consecutive",)), 3).puzzle
    made["x + anti_king + even_odd"] = generate_one(Request(9, level="easy", variant=("x", "anti_king", "even_odd")),
                                                    7).puzzle
    return made


@pytest.fixture(scope="module")
def variants_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Puzzle]]:
    folder = tmp_path_factory.mktemp("rules")
    puzzles = variant_puzzles()
    records = [{"givens": p.format(), "variant": list(p.variant), "parity": p.parity, "title": name}
               for name, p in puzzles.items()]
    (folder / "variants.json").write_text(json.dumps(records), encoding="utf-8")
    (folder / "config.yaml").write_text(f"""
books:
  - title: Rules
    sections:
      - {{title: Variants, puzzles: variants.json}}
      - {{title: Killer, kind: killer, puzzles: {REPO / 'puzzles/killer-9x9.json'}, limit: 1}}
      - {{title: KenKen, kind: kenken, puzzles: {REPO / 'puzzles/kenken-6x6.json'}, limit: 1}}
      - {{title: Hidden, kind: kenken, inline: [{{{json.dumps(hidden_kenken())[1:-1]}}}]}}
output: {{formats: [html]}}
""", encoding="utf-8")
    result = build(BuildOptions(config=folder / "config.yaml", jobs=1))
    assert result.exit_code == 0, result.errors
    return folder / "out" / "rules-puzzles.html", list(puzzles.values())


def hidden_kenken() -> dict[str, object]:
    """A KenKen whose operations are hidden: the page must accept any operation that fits."""
    return kenken.to_mapping(KenKenRequest(4, ops=False).make(5).puzzle)


def _entries(page: WebDriver) -> list[dict[str, object]]:
    data = json.loads(page.find_element("id", "puzzlepress-play").get_attribute("textContent"))
    return list(data["puzzles"])


def _page_judges(page: WebDriver, index: int, positions: list[Position], symbols: str) -> list[set[int]]:
    as_symbols = [{str(cell): symbols[digit - 1] for cell, digit in position.items()} for position in positions]
    return [set(cells) for cells in page.execute_script(JUDGE, index, as_symbols)]


@pytest.fixture
def opened(browser: WebDriver, variants_page: tuple[Path, list[Puzzle]]) -> WebDriver:
    browser.get(variants_page[0].as_uri())
    return browser


def test_the_page_judges_every_variant_rule_as_it_is_defined(opened: WebDriver,
                                                              variants_page: tuple[Path, list[Puzzle]]) -> None:
    puzzles = variants_page[1]
    entries = _entries(opened)
    rng = random.Random(26)
    for index, puzzle in enumerate(puzzles):
        assert entries[index]["kind"] == "sudoku" and "rules" in entries[index]
        positions = sudoku_positions(puzzle, rng)
        expected = [sudoku_conflicts(puzzle, position) for position in positions]
        assert any(expected) and not all(expected), puzzle.variant     # the positions hold clashes and none
        judged = _page_judges(opened, index, positions, puzzle.symbols)
        wrong = [(positions[i], expected[i], judged[i]) for i in range(len(positions)) if expected[i] != judged[i]]
        assert wrong == [], (puzzle.variant, wrong[:3])


def test_the_page_judges_both_cage_kinds_by_their_arithmetic(opened: WebDriver,
                                                           variants_page: tuple[Path, list[Puzzle]]) -> None:
    entries = _entries(opened)
    first = len(variants_page[1])
    killer_puzzle = killer.parse_mapping(json.loads((REPO / "puzzles/killer-9x9.json").read_text())[0])
    kenken_puzzle = kenken.parse_mapping(json.loads((REPO / "puzzles/kenken-6x6.json").read_text())[0])
    hidden = kenken.parse_mapping(hidden_kenken())
    rng = random.Random(27)
    cases = [(killer_puzzle, killer_conflicts, False), (kenken_puzzle, kenken_conflicts, True),
             (hidden, kenken_conflicts, True)]
    for offset, (puzzle, oracle, line_distinct) in enumerate(cases):
        assert not isinstance(puzzle, ParseIssue)
        entry = entries[first + offset]
        assert entry["kind"] == ("killer" if offset == 0 else "kenken")
        assert [cells for cells, _, _ in entry["cages"]] == [list(cage.cells) for cage in puzzle.cages]
        positions = cage_positions(puzzle.size, [cage.cells for cage in puzzle.cages], rng, line_distinct)
        expected = [oracle(puzzle, position) for position in positions]  # type: ignore[operator]
        assert any(expected) and not all(expected)
        judged = _page_judges(opened, first + offset, positions, puzzle.symbols)
        wrong = [(positions[i], expected[i], judged[i]) for i in range(len(positions)) if expected[i] != judged[i]]
        assert wrong == [], (entry["kind"], wrong[:3])


def test_a_rule_the_page_was_never_told_of_is_judged_by_its_own_clash(browser: WebDriver,
                                                                      tmp_path: Path) -> None:
    """One digit twice the other on dotted pairs: no script names such a rule, yet its table
    of clashes makes the page judge it as the solver's ``clash`` does."""
    classic = sudoku.parse_text(KIDS_4X4)[0]   # a unique 4x4: its solution decides the dots
    assert not isinstance(classic, ParseIssue)
    verdict = sudoku.verify(classic, node_limit=DEFAULT_NODE_LIMIT)
    solution, n = verdict.solution, classic.size
    dots = tuple((a, b) for a in range(n * n) for b in (a + 1, a + n)
                 if b < n * n and (b == a + n or b // n == a // n) and {solution[a], solution[b]} in ({1, 2}, {2, 4}))
    assert dots
    ruled = replace(classic, geometry=classic.geometry.with_rules((Ratio(dots=dots),)))
    board = KINDS["sudoku"].to_board(ruled, verdict, difficulty=None, source="test")
    spec = replace(sample_book(count=1), sections=(section("Dots", (board,), key="books[0].sections[0]"),))
    booklet = layout_book(spec)[0]
    html = tmp_path / "dots.html"
    html.write_bytes(render.get("html")().render(booklet))
    browser.get(html.as_uri())
    positions = [{a: d1, b: d2} for a, b in dots for d1 in range(1, n + 1) for d2 in range(1, n + 1)]
    expected = [sudoku_conflicts(ruled, position, variants=(), dots=dots) for position in positions]
    assert any(expected) and not all(expected)
    assert _page_judges(browser, 0, positions, ruled.symbols) == expected
