"""Reading puzzles in every circulating form, and precise messages for bad input."""
from __future__ import annotations

from solver.parsing import ParseIssue
from solver.sudoku import Puzzle, parse_mapping, parse_text
from tests.samples import DATA, EASY_9X9, HARD_9X9, REPO

SDK_GRID = """\
#A an author line, ignored
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
"""
SS_GRID = """\
*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*
"""


def only_puzzles(items: list) -> list[Puzzle]:
    assert all(isinstance(item, Puzzle) for item in items), items
    return items


def test_one_per_line_with_labels_and_zero_blanks() -> None:
    text = f"{HARD_9X9}  hardest one\n{HARD_9X9.replace('.', '0')} # zeros\n" \
           f"{HARD_9X9.replace('.', '_')}\n"
    first, second, third = only_puzzles(parse_text(text))
    assert first.givens == second.givens == third.givens
    assert first.format() == HARD_9X9
    assert (first.label, second.label, third.label) == ("hardest one", "zeros", None)
    assert [p.line for p in (first, second, third)] == [1, 2, 3]
    assert [p.index for p in (first, second, third)] == [0, 1, 2]


def test_multi_line_grids_in_forum_styles() -> None:
    text = SDK_GRID + "\n" + SS_GRID + "\n" + "\n".join(
        HARD_9X9[r * 9:(r + 1) * 9] for r in range(9))
    puzzles = only_puzzles(parse_text(text))
    assert [p.format() for p in puzzles] == [HARD_9X9] * 3
    assert [p.line for p in puzzles] == [2, 15, 28]


def test_grids_without_blank_lines_between_them() -> None:
    rows = [HARD_9X9[r * 9:(r + 1) * 9] for r in range(9)]
    puzzles = only_puzzles(parse_text("\n".join(rows + rows)))
    assert [p.line for p in puzzles] == [1, 10]


def test_sizes_are_detected_from_the_cell_count() -> None:
    for size in (4, 6, 8, 9, 10, 12, 16, 25):
        (puzzle,) = only_puzzles(parse_text("." * size * size))
        assert puzzle.size == size
    (grid16,) = only_puzzles(parse_text("\n".join(["G" + "." * 15] * 16)))
    assert grid16.size == 16 and grid16.givens[0] == 16


def test_lower_case_letters_read_as_symbols() -> None:
    (puzzle,) = only_puzzles(parse_text("g" + "." * 255))
    assert puzzle.givens[0] == 16


def test_one_bad_line_never_stops_the_others() -> None:
    text = "\n".join([HARD_9X9, HARD_9X9[:-1], HARD_9X9[:16] + "x" + HARD_9X9[17:],
                      HARD_9X9])
    EASY_9X9, short, bad_char, last = parse_text(text)
    assert isinstance(EASY_9X9, Puzzle) and isinstance(last, Puzzle) and last.index == 3
    assert str(short) == "2: 80 cells, expected 81" and short.index == 1
    assert str(bad_char) == "3:17: unexpected character 'x' (column 17)"


def test_bad_grids_are_reported_at_their_line() -> None:
    rows = SDK_GRID.splitlines()
    rows[5] = ". 2 . | . . . | . 6"
    items = parse_text("\n".join(rows) + "\n\n" + HARD_9X9 + "\n" + "\n".join(rows[1:5]))
    issue, puzzle, short = items
    assert str(issue) == "6: grid row 4 has 8 cells, expected 9"
    assert isinstance(puzzle, Puzzle) and puzzle.line == 14
    assert str(short) == "15: grid has 3 rows, expected 9"


def test_explicit_size_box_and_symbols() -> None:
    (puzzle,) = only_puzzles(parse_text("." * 36, size=6, box=(3, 2)))
    assert (puzzle.geometry.box_rows, puzzle.geometry.box_cols) == (3, 2)
    (issue,) = parse_text("." * 36, size=9)
    assert issue.message == "36 cells, expected 81"
    (hexa,) = only_puzzles(parse_text("0" * 256, symbols="0123456789ABCDEF"))
    assert set(hexa.givens) == {1}
    (bad_box,) = parse_text("." * 81, box=(2, 4))
    assert bad_box.message == "box 2x4 does not tile a 9x9 grid"


def test_structured_mapping() -> None:
    puzzle = parse_mapping({"givens": ["1.3.", "....", "....", "...4"], "id": 12,
                            "title": "Tiny", "difficulty": "easy"}, line=5, index=2)
    assert isinstance(puzzle, Puzzle)
    assert (puzzle.size, puzzle.id, puzzle.title, puzzle.difficulty) == (4, "12", "Tiny", "easy")
    assert (puzzle.line, puzzle.index, puzzle.format()) == (5, 2, "1.3............4")
    boxed = parse_mapping({"givens": "." * 36, "box": "3x2"})
    assert (boxed.geometry.box_rows, boxed.geometry.box_cols) == (3, 2)
    jigsaw = parse_mapping({"givens": "." * 36,
                            "regions": ["AAABBB", "AABABB", "CCCDDD", "CCDCDD", "EEEFFF",
                                        "EFEEFF"]})
    assert jigsaw.geometry.is_jigsaw and jigsaw.size == 6


def test_structured_mapping_problems_name_the_key() -> None:
    unknown = parse_mapping({"givens": "." * 16, "colour": "red"}, line=3)
    assert isinstance(unknown, ParseIssue) and unknown.line == 3
    assert unknown.message.startswith("unknown key 'colour'")
    assert parse_mapping({"size": 4}).message.startswith("'givens' must be")
    assert parse_mapping({"givens": "." * 16, "box": "two"}).message.startswith("box 'two'")
    bad_region = parse_mapping({"givens": "." * 36, "regions": "A" * 7 + "B" * 29})
    assert bad_region.message == "region map has 2 regions, expected 6"


def test_every_bundled_collection_parses() -> None:
    """The collections in tests/data and bench/data: every line is one puzzle."""
    files = sorted([*DATA.glob("*.txt"), *(REPO / "bench" / "data").glob("*.txt")])
    counts = {path.name: len(only_puzzles(parse_text(path.read_text()))) for path in files}
    assert counts["top1465.txt"] == 1465 and counts["top95.txt"] == 95
    assert counts["17clue-1000.txt"] == 1000 and counts["graded-hard-60.txt"] == 60
    assert counts["17clue-300.txt"] == 300 and counts["easy50.txt"] == 50


def test_short_line_between_one_line_puzzles_does_not_swallow_the_next() -> None:
    """Regression: a stray short line used to start a 'grid' that ate the next puzzle."""
    results = parse_text("\n".join([EASY_9X9, "12345", EASY_9X9, EASY_9X9]))
    assert [type(r).__name__ for r in results] == ["Puzzle", "ParseIssue", "Puzzle", "Puzzle"]
    assert [r.line for r in results] == [1, 2, 3, 4]
    assert results[1].message.startswith("5 cells")
