"""One shape for every line that names a place in a file (issue 50): ``FILE:LINE: STATUS: REASON``,
the compilers' shape editors and CI annotators read, in ``check``, ``grade``, ``build`` and
``solve`` alike; a usage error is the same shape after ``puzzlepress: error:``.

Oracles: the lines the real entry point prints for damaged inputs, read back by one regular
expression; the statuses and line numbers they name are those of the JSON contract for the same
input; ``--resume`` still reads an output of the shape before 0.2 (``FILE:LINE #N STATUS``).
"""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

from publisher.cli import EXIT_OK, EXIT_REJECTED, EXIT_USAGE
from tests.runner import Cli
from tests.samples import MULTIPLE_4X4, TOP95

#: ``[puzzlepress: error: ]FILE:LINE[:COLUMN]: TEXT``; FILE has no colon in these tests
PLACE = re.compile(r"^(?P<error>puzzlepress: error: )?(?P<file>[^:]+):(?P<line>\d+)(?::\d+)?: (?P<text>\S.*)$")


def _bank(tmp_path: Path) -> Path:
    bad = TOP95[1][:10] + "x" + TOP95[1][11:]
    bank = tmp_path / "bank.txt"
    bank.write_text(f"{TOP95[0]}\n{MULTIPLE_4X4}\n{bad}\n{'11' + '.' * 79}\n", encoding="utf-8")
    return bank


def _places(text: str) -> list[re.Match[str]]:
    return [match for line in text.splitlines() if (match := PLACE.match(line))]


def test_check_grade_build_and_solve_name_places_alike(tmp_path: Path, cli: Cli) -> None:
    bank = _bank(tmp_path)
    code, out, _ = cli("check", str(bank), "--json")
    contract = [(record["line"], record["status"]) for record in map(json.loads, out.splitlines())]
    assert code == EXIT_REJECTED and [status for _, status in contract] == [
        "unique", "multiple", "malformed", "contradictory"]

    code, out, _ = cli("check", str(bank))
    lines = out.splitlines()[:-1]     # the last is the summary
    assert code == EXIT_REJECTED and len(lines) == 4
    found = [PLACE.match(line) for line in lines]
    assert all(found), lines
    assert [(int(m["line"]), m["text"].split(":")[0].split(" ")[0]) for m in found if m] == contract
    assert all(re.search(r" \(#\d+, \d+\.\d\d ms\)$", line) for line in lines), lines

    code, out, _ = cli("grade", str(bank))
    graded = [PLACE.match(line) for line in out.splitlines()[:-1]]
    assert all(graded) and [int(m["line"]) for m in graded if m] == [line for line, _ in contract]
    assert re.search(r": unique \(#1, [\d.]+ ms\) rating \d+\.\d \w+ \(hardest: ", out.splitlines()[0])

    config = tmp_path / "book.yaml"
    config.write_text(textwrap.dedent(f"""\
        books:
          - title: Bank
            sections:
              - title: All
                puzzles: {bank.name}
        """), encoding="utf-8")
    code, out, err = cli("build", str(config), "-q")
    rejected = _places(err)
    assert code == EXIT_REJECTED and [(int(m["line"]), m["text"].split(":")[0]) for m in rejected] == [
        (line, status) for line, status in contract if status != "unique"]
    assert all(m["error"] is None and m["file"].endswith("bank.txt") for m in rejected)

    code, out, _ = cli("solve", str(bank))
    solved = _places(out)
    assert [(int(m["line"]), m["text"].split(":")[0]) for m in solved] == [(3, "malformed")]


def test_a_usage_error_is_the_same_shape_after_its_prefix(tmp_path: Path, cli: Cli) -> None:
    config = tmp_path / "book.yaml"
    config.write_text("books:\n  - title: T\n    sections:\n      - title: S\n        bogus: 1\n", encoding="utf-8")
    code, _, err = cli("build", str(config))
    (match,) = _places(err)
    assert code == EXIT_USAGE and match["error"] and match["file"].endswith("book.yaml") and match["line"] == "5"
    assert "unknown key 'bogus'" in match["text"]


def test_resume_reads_an_output_of_either_shape(tmp_path: Path, cli: Cli) -> None:
    """An output the shape before 0.2 wrote (``FILE:LINE #N STATUS``) is continued as it stands."""
    bank = _bank(tmp_path)
    out = tmp_path / "lines.txt"
    out.write_text(f"{bank}:1 #1 unique (0.10 ms)\n{bank}:2 #2 multiple: 2 solutions (0.20 ms)\n", encoding="utf-8")
    code, summary, _ = cli("check", str(bank), "-o", str(out), "--resume")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert code == EXIT_REJECTED and len(lines) == 4 and summary.strip() == "4 puzzles: 1 unique, 3 rejected"
    assert all(PLACE.match(line) for line in lines[2:]), lines
    unique = tmp_path / "unique.txt"
    unique.write_text(f"{TOP95[0]}\n{TOP95[2]}\n", encoding="utf-8")
    out.write_text(f"{unique}:1: unique (#1, 0.10 ms)\n", encoding="utf-8")
    code, summary, _ = cli("check", str(unique), "-o", str(out), "--resume")
    assert code == EXIT_OK and summary.strip() == "2 puzzles: 2 unique, 0 rejected"
