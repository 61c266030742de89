"""f-puzzles JSON and the f-puzzles and SudokuPad links that carry it (tests/data/formats/):
LZ-string's decompressFromBase64 against the JavaScript original's vectors, every rule we
print read from its f-puzzles key and each puzzle unique for our solver and the independent
oracles; what we cannot print is named, never dropped."""
from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from publisher.kinds import KINDS
from publisher.sources import parse_file
from solver import formats
from solver.cages.verdict import verify as verify_cages
from solver.formats.lzstring import decompress_from_base64
from solver.killer import Killer
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle, solve, verify
from tests import cage_oracle, sudoku_oracle, variant_oracle
from tests.samples import DATA

FORMATS = DATA / "formats"
#: tests/data/formats/fpuzzles-links.txt, line by line: (kind, variant rules)
EXPECTED = [("classic", ()), ("jigsaw", ()), ("x", ("x",)), ("six", ()), ("killer", ()),
            ("anti_knight", ("anti_knight",)), ("anti_king", ("anti_king",)),
            ("non_consecutive", ("non_consecutive",)), ("windoku", ("windoku",)), ("even_odd", ("even_odd",))]


def test_lzstring_decompresses_the_reference_vectors() -> None:
    """Vectors of lz-string 1.5.0's compressToBase64 (node): empty, one character, text beyond
    U+FFFF, long runs that widen the codes, random JSON-like text, 500 characters of U+0100 up."""
    vectors = json.loads((FORMATS / "lzstring-vectors.json").read_text())
    assert len(vectors) == 10
    for vector in vectors:
        assert decompress_from_base64(vector["base64"]) == vector["text"]


def test_lzstring_refuses_what_no_compressor_makes() -> None:
    with pytest.raises(ValueError, match="not a Base64 character"):
        decompress_from_base64("BIU!")
    with pytest.raises(ValueError, match="ends before its end code"):
        decompress_from_base64("BIUwNmD2A0")   # the start of a stream, cut


def test_lzstring_stops_a_stream_that_expands_too_far() -> None:
    vector = json.loads((FORMATS / "lzstring-vectors.json").read_text())[4]   # 93 'a's
    assert decompress_from_base64(vector["base64"], limit=93) == vector["text"]
    with pytest.raises(ValueError, match="expands past 92 characters"):
        decompress_from_base64(vector["base64"], limit=92)


def _links() -> list[Puzzle | Killer | ParseIssue]:
    found = formats.read_text((FORMATS / "fpuzzles-links.txt").read_text())
    assert found is not None
    return found


def test_links_read_with_their_rules() -> None:
    found = _links()
    assert [p.line for p in found] == list(range(3, 13))
    for puzzle, (name, variant) in zip(found, EXPECTED):
        if name == "killer":
            assert isinstance(puzzle, Killer)
            continue
        assert isinstance(puzzle, Puzzle), (name, puzzle)
        assert puzzle.variant == variant
        assert puzzle.geometry.is_jigsaw == (name == "jigsaw")
    assert found[0].title == "Norvig 8"
    assert found[0].givens == tuple(int(ch) if ch != "." else 0 for ch in (DATA / "top95.txt").read_text().split()[7])


@pytest.mark.parametrize("position", range(len(EXPECTED)))
def test_each_link_is_unique_for_the_oracles(position: int) -> None:
    name, variant = EXPECTED[position]
    puzzle = _links()[position]
    if isinstance(puzzle, Killer):
        assert verify_cages(puzzle).status.value == "unique"
        plain = cage_oracle.Plain(6, tuple(puzzle.geometry.regions),
                                  tuple((c.cells, c.total, c.op) for c in puzzle.cages))
        assert cage_oracle.verdict(plain) == "unique"
        return
    assert isinstance(puzzle, Puzzle) and verify(puzzle).status.value == "unique"
    n, regions = puzzle.size, list(puzzle.geometry.regions)
    if name != "jigsaw":
        assert regions == sudoku_oracle.box_regions(n, *((2, 3) if n == 6 else (3, 3)))
    if variant:
        assert variant_oracle.count(n, (3, 3), puzzle.givens, variant, puzzle.parity) == 1
    else:
        assert sudoku_oracle.count_exact(n, regions, puzzle.givens, 2) == 1
        assert tuple(next(sudoku_oracle.exact_cover_solutions(n, regions, puzzle.givens))) == tuple(solve(puzzle))


def test_what_cannot_be_printed_is_named_at_its_line() -> None:
    found = parse_file(FORMATS / "fpuzzles-unprintable.txt", KINDS["sudoku"], {})
    assert all(isinstance(issue, ParseIssue) for issue in found)
    assert [(issue.line, issue.message) for issue in found] == [
        (1, "f-puzzles link: the f-puzzles constraint 'thermometer' (2 of them) cannot be printed"),
        (2, "f-puzzles link: cell r3c4 carries a colour, which cannot be printed"),
        (3, "f-puzzles link: the f-puzzles constraint 'diagonal+' alone cannot be printed (X has both diagonals)"),
        (4, "f-puzzles link: the f-puzzles constraint 'arrow' (1 of them) cannot be printed"),
    ]


def test_an_fpuzzles_json_file_and_line(tmp_path: Path) -> None:
    killer = parse_file(FORMATS / "fpuzzles-killer.json", KINDS["killer"], {})
    assert len(killer) == 1 and isinstance(killer[0], Killer) and killer[0].line == 1
    wrong = parse_file(FORMATS / "fpuzzles-killer.json", KINDS["sudoku"], {})
    assert isinstance(wrong[0], ParseIssue) and wrong[0].message == "a killer puzzle in a sudoku section"
    data = json.loads((FORMATS / "fpuzzles-killer.json").read_text())
    data["killercage"][0]["value"] = ""
    data["title"] = "no sum"
    line = tmp_path / "one.txt"
    line.write_text("# one f-puzzles JSON a line\n" + json.dumps(data) + "\n")
    found = parse_file(line, KINDS["killer"], {})
    assert isinstance(found[0], ParseIssue) and found[0].line == 2
    assert "killer cage 1 at r1c1 has no sum" in found[0].message


@pytest.mark.parametrize("prefix", [
    "https://sudokupad.app/fpuzzles", "https://sudokupad.app/fpuz", "https://sudokupad.app/sudoku/fpuzzles",
    "https://sudokupad.app/?puzzleid=fpuzzles", "http://www.f-puzzles.com/?load=", "https://f-puzzles.com/?a=1&load="])
def test_every_form_of_a_link_reads_the_same(prefix: str) -> None:
    link = (FORMATS / "fpuzzles-links.txt").read_text().splitlines()[2]
    data = link.removeprefix("https://f-puzzles.com/?load=")
    assert data != link
    puzzle = formats.read_line(prefix + data, 1, 0)
    assert isinstance(puzzle, Puzzle) and puzzle == formats.read_line(link, 1, 0)


def test_a_link_to_another_site_is_not_read_as_one() -> None:
    assert formats.read_text("https://example.org/?load=N4IgzglgXgpiBcBOANCA") is None


def test_damaged_json_is_a_parse_issue_never_a_crash() -> None:
    """Values of the wrong type anywhere in a puzzle's JSON: a ParseIssue (or a puzzle), never
    an exception."""
    rng = random.Random(35)
    links = (FORMATS / "fpuzzles-links.txt").read_text().splitlines()[2:]
    puzzles = [json.loads(decompress_from_base64(unquote(re.split(r"load=|fpuzzles", link, maxsplit=1)[1])))
               for link in links]
    junk = [None, 0, 1, 99, "x", "", "R1C1", "R99C1", [], [1], {}, {"cells": "R1C1"}, {"cell": 5}, True, 1.5,
            [{"cells": [1]}], [None], [[1]]]

    def damage(value: object) -> None:
        while isinstance(value, (dict, list)) and value:
            key = rng.choice(list(value)) if isinstance(value, dict) else rng.randrange(len(value))
            if rng.random() < 0.4:
                value[key] = rng.choice(junk)   # type: ignore[index]
                return
            value = value[key]   # type: ignore[index]

    outcomes = set()
    for _ in range(1500):
        puzzle = copy.deepcopy(rng.choice(puzzles))
        damage(puzzle)
        outcomes.add(type(formats.read_mapping(puzzle, 1, 0)).__name__)
    assert outcomes <= {"Puzzle", "Killer", "ParseIssue", "NoneType"} and "ParseIssue" in outcomes
