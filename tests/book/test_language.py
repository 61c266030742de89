"""Every word a reader sees comes from the book's language: the label tables of English and
Vietnamese hold every key the outputs use (read from the code and templates that use them),
and the techniques the graders name, on the repository's hardest sets, are said in Vietnamese.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from publisher.labels import DEFAULT_LABELS, SCREEN_LABELS
from publisher.model import HintStep
from publisher.play import hint_sentence
from publisher.techniques import technique_name
from solver.kenken.grade import grade_with_steps as kenken_grade
from solver.kenken.parse import parse_mapping as kenken_parse
from solver.killer.grade import grade_with_steps as killer_grade
from solver.killer.parse import parse_mapping as killer_parse
from solver.parsing import ParseIssue
from solver.sudoku import Geometry, Puzzle, default_symbols, parse_text
from solver.sudoku.grade import grade_with_steps
from solver.sudoku.rules import VARIANTS, variant_rules
from solver.sudoku.targeted import TECHNIQUES
from tests.book.test_fit_and_floors import VARIETY, build_book
from tests.samples import DATA, REPO

#: how the code and the templates ask for a word: labels["key"], words.get("key" ..., w.key, and the
#: keys named as data ("play_...", "hint_...", "answer_page")
USES = (re.compile(r"""(?:labels|words|said|screen|hint_words)(?:\.get\(|\[)\s*["']([a-z_]+)["']"""),
        re.compile(r"""\bw\.([a-z_]+)"""), re.compile(r"""["']((?:play|hint)_[a-z_]+|[a-z]+_page)["']"""))


def used_keys() -> set[str]:
    """Every label key a source module or template of the outputs names, plus the ones
    made from data: each variant's rule line, each level and each kind."""
    found: set[str] = set()
    for path in [*(REPO / "publisher").rglob("*.py"), *(REPO / "templates").rglob("*.j2")]:
        text = path.read_text(encoding="utf-8")
        for pattern in USES if path.suffix == ".j2" else (USES[0], USES[2]):   # w.key: the templates' words
            found.update(pattern.findall(text))
    found |= {f"rule_{name}" for name in VARIANTS} | {"rule_odd_marks"}
    kinds = ("sudoku", "killer", "kenken", "knights_tour", "queens")
    found |= {"easy", "medium", "hard", "diabolical", *kinds}
    found |= {f"rule_{kind}" for kind in kinds} | {"rule_jigsaw"}     # each kind's one-line rule (Kind.rule_labels)
    return found


def test_english_and_vietnamese_hold_the_same_keys() -> None:
    for table in (DEFAULT_LABELS, SCREEN_LABELS):
        assert set(table["en"]) == set(table["vi"])


def test_every_key_the_outputs_use_is_in_both_languages() -> None:
    used = used_keys()
    assert len(used) > 60 and {"hint_step", "puzzle_page", "play_hint", "rule_x"} <= used
    for language in ("en", "vi"):
        words = {**DEFAULT_LABELS[language], **SCREEN_LABELS[language]}
        assert not used - set(words), (language, sorted(used - set(words)))
        assert all(words[key].strip() for key in used)


def _graded_names() -> set[str]:
    """The techniques named when grading the repository's hardest sets and its cage puzzles."""
    names: set[str] = set()
    for name in ("se-chains.txt", "graded-diabolical-60.txt", "se-sample.txt"):
        for puzzle in parse_text((DATA / name).read_text(encoding="utf-8"))[:40]:
            if isinstance(puzzle, Puzzle):
                names.update(step.technique for step in grade_with_steps(puzzle)[1])
    for parse, grade, file in ((killer_parse, killer_grade, "killer-9x9.json"),
                               (kenken_parse, kenken_grade, "kenken-6x6.json")):
        records = json.loads((REPO / "puzzles" / file).read_text(encoding="utf-8"))
        for record in records if isinstance(records, list) else records["puzzles"]:
            puzzle = parse(record)
            assert not isinstance(puzzle, ParseIssue)
            names.update(step.technique for step in grade(puzzle)[1])
    variants = REPO / "tests" / "data" / "variants" / "se-rated-variants.tsv"   # the variant-grid techniques
    for line in variants.read_text(encoding="utf-8").splitlines()[1:]:
        text, rule, _ = line.split("\t")
        geometry = Geometry.boxed(9).with_rules(variant_rules((rule,)))
        puzzle = Puzzle(geometry, default_symbols(9), tuple(0 if ch == "." else int(ch) for ch in text))
        names.update(step.technique for step in grade_with_steps(puzzle)[1])
    return names


@pytest.mark.slow
def test_every_technique_the_graders_name_is_said_in_vietnamese() -> None:
    names = _graded_names() | {technique.name for technique in TECHNIQUES} | {"Parity", "Generalized Naked Quad"}
    assert len(names) > 40 and {"Hidden Single", "X-Wing", "Full House"} <= names
    missing = sorted(name for name in names if technique_name(name, "vi") is None)
    assert not missing
    english = {"Single", "Pair", "Triple", "Quad", "Hidden", "Naked", "Grouped", "Direct", "Fish", "Kite",
               "Chains", "Forcing", "Links", "Rule", "Cage", "Loop", "Rectangle", "Wing", "Cycle", "Generalized",
               "Intersection", "Consecutive", "Parity"}
    for name in names:   # no English word of the solver's name is left in the Vietnamese one
        said = technique_name(name, "vi") or ""
        assert not english & set(re.findall(r"[A-Za-z]+", said)), (name, said)


def test_a_vietnamese_hint_names_its_technique_in_vietnamese() -> None:
    words = SCREEN_LABELS["vi"]
    step = HintStep("r1c2 = 3: Hidden Single in box 1", ((1, 1), (1, 2)), ((1, 2, "3"),), (), "Hidden Single")
    assert hint_sentence(step, words, "vi") == "Số duy nhất ẩn — h1c2: điền 3"
    unknown = HintStep("x", (), (), ((4, 4, "7"),), "A Technique Not Yet Named")
    assert hint_sentence(unknown, words, "vi") == "h4c4 không thể là 7"    # never the English name
    assert hint_sentence(step, SCREEN_LABELS["en"], "en") == "Hidden Single: r1c2: 3"
    assert technique_name("Hidden Single", "en") == "Hidden Single"   # English books keep the solver's names


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "vi"])
def test_every_section_prints_its_kinds_rule_in_the_books_language(tmp_path: Path, language: str) -> None:
    """Issue 42 item 13: a section without instructions prints its kind's one-line rule under its
    heading (a classic, a jigsaw, an X Sudoku, Killer, KenKen, tours, queens), in the book's
    language, and ``labels`` overrides it; read back from the PDF."""
    text = VARIETY.replace("PAGE", "Letter").replace("LAYOUT", "{}").replace("PRINT", "{}")
    override = "labels: {rule_queens: 'Eight queens, no two attacking.'}"
    text = text.replace("language: en", f"language: {language}\n    {override}")
    reads = build_book(text, tmp_path)
    doc = reads[0].doc
    words = DEFAULT_LABELS[language]
    expected = {"Classic": words["rule_sudoku"], "X Sudoku": words["rule_x"], "Jigsaw": words["rule_jigsaw"],
                "Big": words["rule_sudoku"], "Killer": words["rule_killer"], "KenKen": words["rule_kenken"],
                "Tours": words["rule_knights_tour"], "Queens": "Eight queens, no two attacking."}
    found = 0
    for _level, title, page in doc.get_toc():
        if title not in expected:
            continue
        lines = [" ".join(span["text"] for span in line["spans"]).strip()
                 for block in doc[page - 1].get_text("dict")["blocks"] for line in block.get("lines", ())]
        heading = lines.index(title)
        assert lines[heading + 1] == expected[title], (language, title, lines[heading + 1])   # one line, right under
        found += 1
    assert found == len(expected)
