"""The play payload: layout gives it to puzzle grids only, the HTML booklet embeds
it obfuscated, and ``html.solutions: none`` leaves the answers out.

Oracles: the boards of the hand-built sample books (their answers and regions
as tests/booksamples.py made them), the JSON read back from the rendered file
and un-obfuscated twice: in Python, and in Chromium by the page's own script (its
``secret`` function, taken from the page and run there), so an obfuscation that the
Python side undoes but the page cannot fails.
"""
from __future__ import annotations

import json
import re
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from publisher.config import ConfigError, load
from publisher.kinds import KINDS
from publisher.layout import layout_book
from publisher.model import Band, Booklet, BookSpec, HintStep, PlacedGrid
from publisher.render.html import HtmlRenderer
from publisher.render.play import reveal
from publisher.sources import Item
from publisher.verify import Grading, verify_items
from tests.booksamples import vietnamese_book
from tests.samples import EASY_9X9, KIDS_4X4
from tests.sudoku_oracle import box_regions, exact_cover_solutions


def grids(booklet: Booklet) -> list[PlacedGrid]:
    return [item for page in booklet.pages for block in page.blocks if isinstance(block, Band)
            for item in block.items]


def embedded(data: bytes) -> dict:
    found = re.search(rb'<script type="application/json" id="puzzlepress-play">(.*?)</script>', data, re.DOTALL)
    assert found
    return json.loads(found.group(1))


def with_hints(spec: BookSpec) -> BookSpec:
    """The first Sudoku gets two steps, as the verify stage would attach them."""
    first = spec.sections[0]
    board = first.boards[0]
    blank = board.givens.index("")
    r, c = divmod(blank, board.cols)
    steps = (HintStep("eliminate", ((r + 1, c + 1),), (), ((r + 1, c + 1, "9"),)),
             HintStep(f"r{r + 1}c{c + 1} = {board.answer[blank]}", ((r + 1, c + 1),),
                      ((r + 1, c + 1, board.answer[blank]),)))
    section = replace(first, boards=(replace(board, hints=steps), *first.boards[1:]))
    return replace(spec, sections=(section, *spec.sections[1:]))


def test_puzzle_grids_carry_play_and_answer_grids_do_not() -> None:
    spec = vietnamese_book(answers="back")
    boards = [board for section in spec.sections for board in section.boards]
    (booklet,) = layout_book(spec)
    puzzles = [g for g in grids(booklet) if g.play is not None]
    answers = [g for g in grids(booklet) if g.play is None]
    assert [g.number for g in puzzles] == list(range(1, len(boards) + 1))
    assert [g.number for g in answers] == list(range(1, len(boards) + 1))
    for item in puzzles:
        board, play = boards[item.number - 1], item.play
        assert play is not None and play.kind == board.kind
        # a tour is judged by its moves (any tour counts): its play data carries no solution
        assert play.solution == (board.answer if board.kind != "knights_tour" else ())
        if board.kind == "sudoku":
            assert set(play.symbols) == set(board.answer) and len(play.symbols) == board.rows
            assert play.regions == board.regions
        else:
            assert play.symbols == () and play.regions is None


@pytest.mark.slow
def test_the_html_embeds_every_puzzle_with_its_answer_obfuscated() -> None:
    spec = with_hints(vietnamese_book())
    boards = [board for section in spec.sections for board in section.boards]
    puzzles, answers = layout_book(spec)
    data = HtmlRenderer().render(puzzles)
    doc = embedded(data)
    assert doc["book"] == puzzles.stem and doc["solutions"] is True
    assert [p["number"] for p in doc["puzzles"]] == list(range(1, len(boards) + 1))
    for entry in doc["puzzles"]:
        board = boards[entry["number"] - 1]
        assert f'id="page-{entry["page"]}"' in data.decode()
        if board.kind == "knights_tour":             # a tour is judged by its moves
            assert "secret" not in entry
            continue
        secret = json.loads(reveal(entry["secret"], bytes.fromhex(entry["key"])))
        assert secret["solution"] == list(board.answer)
        assert len(secret["hints"]) == len(board.hints)
    first = json.loads(reveal(doc["puzzles"][0]["secret"], bytes.fromhex(doc["puzzles"][0]["key"])))
    blank = boards[0].givens.index("")
    cell = f"h{blank // 4 + 1}c{blank % 4 + 1}"     # a Vietnamese book's hints are Vietnamese sentences
    assert first["hints"] == [[f"{cell} không thể là 9", [blank], [], [blank, "9"]],
                              [f"{cell}: điền {boards[0].answer[blank]}", [blank],
                               [blank, boards[0].answer[blank]], []]]
    english = json.loads(reveal(*(lambda e: (e["secret"], bytes.fromhex(e["key"])))(embedded(HtmlRenderer().render(
        layout_book(replace(spec, language="en"))[0]))["puzzles"][0])))
    assert english["hints"][0][0] == "eliminate"     # an English book keeps the solver's own sentences
    assert b"<script" not in HtmlRenderer().render(answers)    # the answer booklet stays static


#: The page's own ``secret`` function, cut out of its inline script and run on every entry
#: of the embedded data; the decoded JSON of each (null for an entry with no secret)
PAGE_DECODES = """
const done = arguments[arguments.length - 1];
const script = Array.from(document.scripts).map(function (s) { return s.textContent; })
  .find(function (text) { return text.includes("function secret(p)"); });
const start = script.indexOf("function secret(p)");
let end = script.indexOf("{", start), depth = 0;
for (; end < script.length; end++) {      // to the brace that closes the function's body
  if (script[end] === "{") { depth++; } else if (script[end] === "}" && --depth === 0) { break; }
}
const source = script.slice(start, end + 1);
const secret = new Function("return " + source)();
const data = JSON.parse(document.getElementById("puzzlepress-play").textContent);
Promise.all(data.puzzles.map(function (entry) {
  return entry.secret ? secret({entry: entry, secret: null}) : null;
})).then(done, function (error) { done("failed: " + error); });
"""


@pytest.mark.consumers
def test_the_page_itself_decodes_what_the_python_side_reads(browser: WebDriver, tmp_path: Path) -> None:
    spec = with_hints(vietnamese_book())
    boards = [board for section in spec.sections for board in section.boards]
    html = tmp_path / "book.html"
    html.write_bytes(HtmlRenderer().render(layout_book(spec)[0]))
    doc = embedded(html.read_bytes())
    browser.get(html.as_uri())
    decoded = browser.execute_async_script(PAGE_DECODES)
    assert isinstance(decoded, list) and len(decoded) == len(doc["puzzles"]), decoded
    for entry, secret in zip(doc["puzzles"], decoded):
        board = boards[entry["number"] - 1]
        if "secret" not in entry:
            assert secret is None and board.kind == "knights_tour"
            continue
        assert secret["solution"] == list(board.answer)
        assert secret == json.loads(reveal(entry["secret"], bytes.fromhex(entry["key"])))
    assert decoded[0]["hints"] and len(decoded[0]["hints"]) == len(boards[0].hints)


def test_solutions_none_leaves_out_every_answer() -> None:
    spec = with_hints(vietnamese_book(play_solutions=False))
    puzzles = layout_book(spec)[0]
    assert all(g.play is None or (g.play.solution == () and g.play.hints == ()) for g in grids(puzzles))
    doc = embedded(HtmlRenderer().render(puzzles))
    assert doc["solutions"] is False
    assert not any("secret" in p or "key" in p for p in doc["puzzles"])


def test_html_solutions_is_a_checked_config_key(tmp_path: Path) -> None:
    path = tmp_path / "config.yaml"
    body = """\
        books:
          - title: T
            html:
              solutions: {value}
            sections:
              - title: S
                inline: [".3.22......44.2."]
        """
    path.write_text(textwrap.dedent(body.format(value="none")), encoding="utf-8")
    assert load(path).config.books[0].html.solutions == "none"
    path.write_text(textwrap.dedent(body.format(value="hidden")), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load(path)
    assert any(":4:" in p and "solutions" in p for p in caught.value.problems), caught.value.problems


def test_the_verify_stage_explains_only_the_items_asked_for() -> None:
    """The steps' placements, applied to the givens, fill the grid with the solution
    the independent exact-cover solver finds (or stop at the grader's "Beyond")."""
    texts = (EASY_9X9, KIDS_4X4, "12" + "." * 79)                  # the last has many solutions
    puzzles = [KINDS["sudoku"].parse_text(text, {})[0] for text in texts]
    items = [Item("sudoku", "set.txt", i + 1, i, puzzle=p) for i, p in enumerate(puzzles)]
    asked = [Grading(explain=True), Grading(), Grading(explain=True)]
    checked = verify_items(items, node_limit=200_000, jobs=1, grading=asked)
    assert [len(c.explanation) > 0 for c in checked] == [True, False, False]   # the third is not unique
    (solution,) = exact_cover_solutions(9, box_regions(9, 3, 3), [int(ch) if ch != "." else 0 for ch in EASY_9X9])
    grid = list(EASY_9X9)
    hints = KINDS["sudoku"].hints(puzzles[0], checked[0].explanation)
    for step in hints:
        for r, c, symbol in step.placed:
            assert grid[(r - 1) * 9 + c - 1] == "."
            grid[(r - 1) * 9 + c - 1] = symbol
    assert "".join(grid) == "".join(map(str, solution))
