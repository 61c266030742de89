"""Grades in the build: the report's grade fields, rating ranges, sort order, ``difficulty: auto``
labels, labels that contradict a grade, and key-step hints in the answer key.

Oracles: the solver's own grade and explanation of each puzzle (computed here, independently of
the pipeline), the README's level table, and the built books read back by pdftotext and by JSON
and JUnit parsers."""
from __future__ import annotations

import json
import re
import textwrap
from functools import cache
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from publisher.cli import main
from publisher.config import ConfigError, load
from solver import queens, sudoku
from solver.sudoku.singles import NAKED_SINGLE
from tests.consumers import pdf_text
from tests.samples import DATA, REPO

SAMPLE = DATA / "se-sample.txt"
PUZZLES = [line.split()[0] for line in SAMPLE.read_text().splitlines() if line and not line.startswith("#")]
LEVEL_WORDS = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "diabolical": "Diabolical"}
VIETNAMESE = {"easy": "Dễ", "medium": "Trung bình", "hard": "Khó", "diabolical": "Rất khó"}


@cache
def grade(text: str) -> sudoku.Grade:
    """The solver's own grade of a puzzle, the oracle the build's choices are checked against."""
    return sudoku.grade(sudoku.parse_text(text)[0])


@cache
def stated(text: str) -> str:
    """A rating as the build states it (README): exact up to 5.0; above, grading stops at the
    first step rated higher (every such puzzle is diabolical) and states that lower bound."""
    found = sudoku.grade(sudoku.parse_text(text)[0], ceiling=5.0)
    assert found.complete == (grade(text).rating <= 5.0) and found.rating <= grade(text).rating
    return f"{found.rating:.1f}" if found.complete else f"at least {found.rating:.1f}"


def level_of(rating: float) -> str:
    """The README's table of levels."""
    return "easy" if rating < 1.5 else "medium" if rating < 2.5 else "hard" if rating < 5.0 else "diabolical"


def book(folder: Path, puzzles: list[str], section: str = "", *, top: str = "", name: str = "set.txt") -> Path:
    """A one-section English book of ``puzzles`` (one per line) with extra section keys."""
    (folder / name).write_text("\n".join(puzzles) + "\n", encoding="utf-8")
    extra = textwrap.indent(textwrap.dedent(section), " " * 8)
    config = folder / "config.yaml"
    config.write_text(textwrap.dedent("""\
        books:
          - title: Graded
        {top}
            sections:
              - title: Set
                puzzles: {name}
        {extra}
        output:
          formats: [pdf]
        """).format(top=textwrap.indent(textwrap.dedent(top), " " * 4), name=name, extra=extra),
        encoding="utf-8")
    return config


def build(config: Path, *extra: str) -> tuple[int, dict]:
    report = config.parent / "report.json"
    code = main(["build", str(config), "--quiet", "--report", str(report), *extra])
    return code, json.loads(report.read_text(encoding="utf-8"))


def captions(pdf: Path, words: dict[str, str]) -> dict[int, str]:
    """Puzzle number -> printed difficulty word, from the captions pdftotext reads."""
    alternatives = "|".join(sorted(map(re.escape, words.values()), key=len, reverse=True))
    return {int(n): word for n, word in re.findall(rf"(\d+) · ({alternatives})", pdf_text(pdf))}


@pytest.mark.slow
def test_report_has_rating_level_and_hardest(tmp_path: Path) -> None:
    chosen = [*PUZZLES[:3], PUZZLES[-1]]
    (tmp_path / "set.txt").write_text("\n".join(chosen) + "\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(textwrap.dedent("""\
        books:
          - title: Mixed
            sections:
              - {title: S, puzzles: set.txt}
              - {title: Q, kind: queens, boards: [{n: 8, given: [d8, h2]}]}
        output: {formats: [html]}
        """), encoding="utf-8")
    code, report = build(config)
    assert code == 0
    sudokus = [p for p in report["puzzles"] if p["kind"] == "sudoku"]
    assert len(sudokus) == 4
    for record, text in zip(sudokus[:3], PUZZLES[:3]):   # rated below 5.0: exact
        found = grade(text)
        assert (record["rating"], record["level"], record["hardest"]) == (found.rating, found.level, found.hardest)
        assert record["level"] == level_of(record["rating"]) and record["rating_exact"] is True
    diabolical = sudokus[3]   # above 5.0: a lower bound, the level exact
    assert grade(chosen[3]).level == diabolical["level"] == "diabolical" and diabolical["rating_exact"] is False
    assert f"at least {diabolical['rating']:.1f}" == stated(chosen[3])
    (queen,) = [p for p in report["puzzles"] if p["kind"] == "queens"]
    assert queens.count_solutions(8) == 92 and queen["status"] == "unique"
    assert (queen["rating"], queen["level"], queen["hardest"], queen["rating_exact"]) == (None, None, None, None)


@pytest.mark.slow
def test_rating_range_rejects_with_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ratings = [grade(text).rating for text in PUZZLES]
    outside = [i for i, r in enumerate(ratings) if not 2.5 <= r <= 4.8]
    assert outside and len(outside) < len(PUZZLES)
    config = book(tmp_path, PUZZLES, "rating: {min: 2.5, max: 4.8}")
    code, report = build(config, "--junit", str(tmp_path / "junit.xml"))
    assert code == 1 and report["status"] == "rejected" and not (tmp_path / "out").exists()
    err = capsys.readouterr().err
    shown = "set.txt"
    for i in outside:
        assert f"{shown}:{i + 1}: out_of_range: rated {stated(PUZZLES[i])}, section allows 2.5-4.8\n" in err
    statuses = [p["status"] for p in report["puzzles"]]
    assert [i for i, s in enumerate(statuses) if s == "out_of_range"] == outside
    assert set(statuses) == {"unique", "out_of_range"}
    assert report["sections"][0]["rejected"] == {"out_of_range": len(outside)}
    failures = ET.parse(tmp_path / "junit.xml").getroot().iter("failure")
    assert [f.get("type") for f in failures] == ["out_of_range"] * len(outside)

    # on_rejected: skip leaves them out and builds the rest, numbered in order
    config.write_text(config.read_text(encoding="utf-8") + "on_rejected: skip\n", encoding="utf-8")
    code, report = build(config)
    assert code == 0 and report["sections"][0]["accepted"] == len(PUZZLES) - len(outside)
    numbers = [p["number"] for p in report["puzzles"]]
    assert [n for n in numbers if n is not None] == list(range(1, len(PUZZLES) - len(outside) + 1))
    assert all(numbers[i] is None for i in outside)


def test_only_one_end_of_the_range(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ratings = [grade(text).rating for text in PUZZLES]
    config = book(tmp_path, PUZZLES, "rating: {max: 2.0}")
    code, report = build(config)
    assert code == 1
    rejected = {p["line"]: p["reason"] for p in report["puzzles"] if p["status"] == "out_of_range"}
    assert rejected == {i + 1: f"rated {stated(PUZZLES[i])}, section allows up to 2"
                        for i, r in enumerate(ratings) if r > 2.0}


@pytest.mark.consumers
def test_sort_by_difficulty_and_auto_labels(tmp_path: Path) -> None:
    """Hardest first in the file; the book numbers them easiest first, labelled by level."""
    order = sorted(range(len(PUZZLES)), key=lambda i: -grade(PUZZLES[i]).rating)
    shuffled = [PUZZLES[i] for i in order]
    grades = [grade(text) for text in shuffled]
    config = book(tmp_path, shuffled, "difficulty: auto\nsort: difficulty", top="answers: back")
    code, report = build(config)
    assert code == 0
    by_number = sorted(report["puzzles"], key=lambda p: p["number"])
    expected = sorted(range(len(shuffled)), key=lambda i: grades[i].rating)   # stable: ties keep file order
    assert [p["line"] for p in by_number] == [i + 1 for i in expected]
    assert [p["rating"] for p in by_number] == sorted(g.rating for g in grades)
    printed = captions(tmp_path / "out" / "graded-puzzles.pdf", LEVEL_WORDS)
    assert printed == {n: LEVEL_WORDS[grades[i].level] for n, i in enumerate(expected, 1)}


@pytest.mark.consumers
def test_auto_labels_are_translated(tmp_path: Path) -> None:
    config = book(tmp_path, PUZZLES[:1] + PUZZLES[-1:], "difficulty: auto", top="language: vi")
    levels = [grade(text).level for text in PUZZLES[:1] + PUZZLES[-1:]]
    assert levels == ["easy", "diabolical"]
    assert build(config)[0] == 0
    assert captions(tmp_path / "out" / "graded-puzzles.pdf", VIETNAMESE) == {1: "Dễ", 2: "Rất khó"}


@pytest.mark.slow
def test_label_two_levels_off_warns_and_fails_under_strict(tmp_path: Path) -> None:
    easy, hard = PUZZLES[0], PUZZLES[-1]
    assert (grade(easy).level, grade(hard).level) == ("easy", "diabolical")
    (tmp_path / "set.yaml").write_text(textwrap.dedent(f"""\
        - givens: "{easy}"
          difficulty: easy
        - givens: "{hard}"
          difficulty: easy
        - givens: "{hard}"
          difficulty: hard
        """), encoding="utf-8")
    (tmp_path / "plain.txt").write_text(f"{easy}\n{hard}\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(textwrap.dedent("""\
        books:
          - title: Labels
            sections:
              - {title: A, puzzles: set.yaml}
              - {title: B, puzzles: plain.txt, difficulty: easy}
              - {title: C, puzzles: plain.txt, difficulty: medium}
        output: {formats: [html]}
        """), encoding="utf-8")
    rating = stated(hard)
    code, report = build(config)
    assert code == 0 and report["status"] == "built"
    # the sections print the same puzzles again: their answers are warned about too (issue 51)
    shared = [w for w in report["warnings"] if "a reader finds one solution twice" in w]
    assert len(shared) == 5 and all(w.count(".yaml:") + w.count(".txt:") == 2 for w in shared)
    labelled = [w for w in report["warnings"] if w not in shared]
    assert [re.sub(r"^.*?(set\.yaml|plain\.txt)", r"\1", w) for w in labelled] == [
        f"set.yaml:3: labelled easy in its file but graded diabolical (rating {rating})",
        f"plain.txt:2: labelled easy by its section but graded diabolical (rating {rating})",
        f"plain.txt:2: labelled medium by its section but graded diabolical (rating {rating})",
    ]   # one level apart is no warning: set.yaml:5 (hard, diabolical), plain.txt:1 in C (medium, easy)
    code, report = build(config, "--strict")
    assert code == 1 and report["status"] == "rejected" and len(report["warnings"]) == 3 + 5


@pytest.mark.consumers
def test_default_book_builds_without_warnings_and_labels_by_grade(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    code = main(["build", str(REPO / "config.yaml"), "--out", str(tmp_path), "--format", "pdf", "--strict",
                 "--quiet", "--report", str(report)])
    data = json.loads(report.read_text(encoding="utf-8"))
    assert code == 0 and data["warnings"] == []
    printed = captions(tmp_path / "tuyen-tap-sudoku-puzzles.pdf", VIETNAMESE)
    nine = [p for p in data["puzzles"] if p["size"] == "9x9" and "Jigsaw" not in p["section"]]
    assert len(nine) == 24 and all(p["level"] for p in nine)
    # the 9x9 sets are what their section titles promise
    promised = {"Dễ": "easy", "Trung bình": "medium", "Khó": "hard"}
    assert all(p["level"] == promised[p["section"].rsplit("— ", 1)[1]] for p in nine)
    assert {p["number"]: printed[p["number"]] for p in nine} == {p["number"]: VIETNAMESE[p["level"]] for p in nine}


def _check_key_step(line: str, text: str) -> None:
    """``line`` names the hardest step of ``text``'s explanation, and names it truly: the value
    it places is the solution's, or the units it names hold every cell of the step's pattern."""
    puzzle = sudoku.parse_text(text)[0]
    step = max(sudoku.explain(puzzle), key=lambda s: s.rating)
    assert line.startswith(f"{step.technique}"), (line, step)
    if step.placed:
        match = re.fullmatch(rf"{re.escape(step.technique)}: r(\d+)c(\d+) = (\d)", line)
        assert match, line
        row, col, digit = map(int, match.groups())
        assert (row, col, str(digit)) in step.placed
        assert sudoku.verify(puzzle).solution[(row - 1) * 9 + col - 1] == digit
        return
    match = re.fullmatch(rf"{re.escape(step.technique)}(?: on (\d))? in (row|rows|column|columns|box|boxes) (.+)",
                         line)
    assert match, line
    digit, unit, numbers = match.groups()
    removed = {symbol for _, _, symbol in step.removed}
    assert (digit is not None) == (len(removed) == 1) and (digit is None or digit in removed)
    named = {int(n) for n in re.findall(r"\d+", numbers)}
    cells = step.cells or tuple((r, c) for r, c, _ in step.removed)
    where = {"row": lambda r, c: r, "column": lambda r, c: c,
             "box": lambda r, c: (r - 1) // 3 * 3 + (c - 1) // 3 + 1}[unit.rstrip("s").replace("boxe", "box")]
    assert {where(r, c) for r, c in cells} == named, (line, cells)


@pytest.mark.consumers
def test_answer_hints_name_the_key_step(tmp_path: Path) -> None:
    hard = [line.split()[0] for line in (REPO / "puzzles" / "9x9-hard.txt").read_text().splitlines()[1:]]
    medium = [line.split()[0] for line in (REPO / "puzzles" / "9x9-medium.txt").read_text().splitlines()[1:3]]
    puzzles = hard + medium
    config = book(tmp_path, puzzles, top="answers: {placement: back, hints: true}")
    config.write_text(config.read_text(encoding="utf-8").replace("formats: [pdf]", "formats: [pdf, html]"),
                      encoding="utf-8")
    assert build(config)[0] == 0
    text = " ".join(pdf_text(tmp_path / "out" / "graded-puzzles.pdf").split())   # (a line may wrap in two)
    html = (tmp_path / "out" / "graded-puzzles.html").read_text(encoding="utf-8").replace("<br/>", " ")
    lines = re.findall(r"Key step: ([^<]+)", html)
    # a puzzle solved by singles alone gets no line: naming "Hidden Single" teaches nothing
    worth = [p for p in puzzles if max(s.rating for s in sudoku.explain(sudoku.parse_text(p)[0])) > NAKED_SINGLE]
    assert worth and len(lines) == len(worth)
    for line, puzzle in zip(lines, worth):
        _check_key_step(line.strip(), puzzle)
        assert f"Key step: {line.strip()}" in text
    # without hints, no key-step line
    config.write_text(config.read_text(encoding="utf-8").replace("hints: true", "hints: false"), encoding="utf-8")
    assert build(config)[0] == 0
    assert "Key step" not in pdf_text(tmp_path / "out" / "graded-puzzles.pdf")


def test_grade_keys_are_validated_with_lines(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(textwrap.dedent("""\
        books:
          - title: T
            answers: bck
            sections:
              - {title: A, puzzles: a.txt, rating: {min: 4.8, max: 2.5}}
              - {title: B, kind: queens, difficulty: auto, boards: [{n: 8}]}
              - {title: C, puzzles: a.txt, sort: rating}
          - title: U
            answers: {placement: back, hints: yes, hint: true}
            sections:
              - {title: A, puzzles: a.txt, rating: {}}
        """), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load(config)
    problems = [p.replace(str(config), "config.yaml") for p in caught.value.problems]
    assert problems == [
        ("config.yaml:3: books[0].answers: expected separate, back or both (or a mapping with 'placement' "
         "and 'hints'), got 'bck' (did you mean 'back'?)"),
        "config.yaml:5: books[0].sections[0].rating: min 4.8 is above max 2.5",
        ("config.yaml:6: books[0].sections[1]: difficulty 'auto' labels puzzles by their grade, and queens "
         "puzzles are not graded"),
        "config.yaml:7: books[0].sections[2].sort: Input should be 'file' or 'difficulty', got 'rating'",
        "config.yaml:9: books[1].answers.hint: unknown key 'hint' (did you mean 'hints'?)",
        "config.yaml:11: books[1].sections[0].rating: give min, max or both, e.g. {min: 2.5, max: 4.8}",
    ]
    loaded = load(_valid(tmp_path)).config.books[0]
    assert (loaded.answers.placement, loaded.answers.hints) == ("back", True)
    assert (loaded.sections[0].sort, loaded.sections[0].rating.min, loaded.sections[0].rating.max) == \
        ("difficulty", 2.5, None)


def _valid(folder: Path) -> Path:
    path = folder / "valid.yaml"
    path.write_text("books:\n  - title: V\n    answers: {placement: back, hints: true}\n    sections:\n"
                    "      - {title: A, puzzles: a.txt, difficulty: auto, sort: difficulty, rating: {min: 2.5}}\n",
                    encoding="utf-8")
    return path
