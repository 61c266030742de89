"""``puzzlepress grade`` through the real entry point: the JSON fields, the explanation and the exit codes.

Oracles: the fields and exit codes of ``check`` (the same contract), the level thresholds of the
README computed here from the rating, and the explanation replayed on the grid: its placements
must fill exactly the blanks with the unique solution, and no step may remove a solution value."""
from __future__ import annotations

import json
from pathlib import Path

from publisher.cli import EXIT_OK, EXIT_REJECTED, EXIT_USAGE
from solver import sudoku
from tests.runner import Cli
from tests.samples import DATA, MULTIPLE_4X4

SAMPLE = DATA / "se-sample.txt"
PUZZLES = [line.split()[0] for line in SAMPLE.read_text().splitlines() if line and not line.startswith("#")]
CHECK_FIELDS = {"source", "line", "index", "kind", "size", "variant", "parity", "status", "reason", "solution",
                "solve_ms", "label", "id", "differences", "stats"}
GRADE_FIELDS = {"rating", "level", "hardest", "steps", "techniques", "rating_exact", "grade_ms"}

def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]

def level_of(rating: float) -> str:
    """The README's table of levels."""
    return "easy" if rating < 1.5 else "medium" if rating < 2.5 else "hard" if rating < 5.0 else "diabolical"

def test_grade_json_has_check_fields_and_the_grade(tmp_path: Path, cli: Cli) -> None:
    code, out, err = cli("grade", str(SAMPLE), "--json")
    assert code == EXIT_OK and err == ""
    records = json_lines(out)
    assert len(records) == len(PUZZLES)
    code, check_out, _ = cli("check", str(SAMPLE), "--json")
    checked = json_lines(check_out)
    for record, check_record in zip(records, checked):
        assert set(record) == CHECK_FIELDS | GRADE_FIELDS
        assert {k: v for k, v in record.items() if k not in GRADE_FIELDS | {"solve_ms", "stats"}} == \
               {k: v for k, v in check_record.items() if k not in {"solve_ms", "stats"}}
        assert record["status"] == "unique"
        assert record["rating"] == round(record["rating"], 1) and record["level"] == level_of(record["rating"])
        assert record["hardest"] in record["techniques"]
        assert sum(record["techniques"].values()) == record["steps"] > 0
        assert record["grade_ms"] >= 0 and record["rating_exact"] is True   # grade always rates exactly
    # the sample spans easy (SE 1.2) to diabolical (SE 7.2) puzzles: the grades must spread too
    ratings = [r["rating"] for r in records]
    assert ratings[0] < 1.5 and max(ratings) >= 5.0 and len({r["level"] for r in records}) >= 3

def test_not_unique_puzzles_have_a_verdict_and_null_grade(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "set.txt"
    path.write_text(f"{PUZZLES[0]}\n{MULTIPLE_4X4}\n{'11' + '.' * 79}\n{PUZZLES[0][:80]}\n")
    code, out, err = cli("grade", str(path), "--json", "--explain")
    assert code == EXIT_REJECTED and err == ""
    records = json_lines(out)
    assert [r["status"] for r in records] == ["unique", "multiple", "contradictory", "malformed"]
    assert records[0]["rating"] is not None and records[0]["explanation"]
    for record in records[1:]:
        assert {k: record[k] for k in GRADE_FIELDS | {"explanation"}} == dict.fromkeys(GRADE_FIELDS | {"explanation"})
    assert records[1]["differences"] and records[1]["reason"]

def test_unreadable_file_exits_2_after_grading_the_others(tmp_path: Path, cli: Cli) -> None:
    code, out, err = cli("grade", str(tmp_path / "missing.txt"), str(SAMPLE))
    assert code == EXIT_USAGE
    assert "missing.txt: file not found" in err and err.count("\n") == 1
    lines = out.splitlines()
    assert len(lines) == len(PUZZLES) + 1 and lines[-1] == f"{len(PUZZLES)} puzzles: {len(PUZZLES)} unique, 0 rejected"
    assert all(" unique " in line and " rating " in line for line in lines[:-1])

def _replay(puzzle: sudoku.Puzzle, steps: list[dict]) -> list[int]:
    """The grid after every placement of the explanation; asserts each step is sound: it
    places the solution's value in an empty cell and never removes the solution's value."""
    solution = sudoku.verify(puzzle).solution
    n, grid = puzzle.size, list(puzzle.givens)
    for step in steps:
        for row, col, symbol in step["placed"]:
            cell = (row - 1) * n + col - 1
            assert grid[cell] == 0, f"{step['text']}: r{row}c{col} is already filled"
            grid[cell] = puzzle.symbols.index(str(symbol)) + 1
            assert grid[cell] == solution[cell], f"{step['text']}: places a wrong value"
        for row, col, symbol in step["removed"]:
            assert solution[(row - 1) * n + col - 1] != puzzle.symbols.index(str(symbol)) + 1, \
                f"{step['text']}: removes the solution's value from r{row}c{col}"
    return grid

def test_explanation_replayed_solves_the_puzzle(cli: Cli) -> None:
    code, out, _ = cli("grade", str(SAMPLE), "--json", "--explain")
    assert code == EXIT_OK
    for text, record in zip(PUZZLES, json_lines(out)):
        puzzle = sudoku.parse_text(text)[0]
        steps = record["explanation"]
        assert len(steps) == record["steps"]
        assert all(set(step) == {"technique", "text", "placed", "removed"} and step["text"] for step in steps)
        assert {step["technique"] for step in steps} == set(record["techniques"])
        assert _replay(puzzle, steps) == list(sudoku.verify(puzzle).solution)   # the steps fill the grid

def test_explain_text_prints_numbered_sentences(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "one.txt"
    path.write_text(PUZZLES[4] + "\n")
    code, out, _ = cli("grade", str(path), "--explain")
    assert code == EXIT_OK
    lines = out.splitlines()
    found = sudoku.grade(sudoku.parse_text(PUZZLES[4])[0])
    assert lines[0].startswith(f"{path}:1: unique (#1, ") and f"rating {found.rating:.1f} {found.level}" in lines[0]
    numbered = lines[1:-1]
    assert len(numbered) == found.steps
    assert [line.split(".", 1)[0].strip() for line in numbered] == [str(i) for i in range(1, found.steps + 1)]
    assert lines[-1] == "1 puzzle: 1 unique, 0 rejected"   # one puzzle, no plural (issue 51)
