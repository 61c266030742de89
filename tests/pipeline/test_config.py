"""config.yaml validation: every error with its key path and YAML line, defaults in one place."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from publisher.config import ConfigError, load
from publisher.spec import per_page_range
from publisher.units import parse_count_grid, parse_length, parse_page_size


def problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "config.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load(path)
    return [p.replace(str(path), "config.yaml") for p in caught.value.problems]


def test_minimal_config_gets_every_default(tmp_path: Path) -> None:
    path = tmp_path / "config.yaml"
    path.write_text('books:\n  - title: "Kiểm tra"\n    sections:\n      - {title: "Bộ 1", kind: sudoku, '
                    'puzzles: my-puzzles.txt}\n', encoding="utf-8")
    config = load(path).config
    book = config.books[0]
    assert (config.on_rejected, config.output.formats, config.output.folder) == (
        "fail", ["pdf", "docx", "rtf", "html"], "out")
    assert book.page.size == pytest.approx((595.2756, 841.8898), abs=1e-3)
    assert book.answers.placement == "separate" and not book.answers.hints and book.language == "en"


def test_all_problems_reported_at_once_in_line_order(tmp_path: Path) -> None:
    found = problems(tmp_path, """\
        books:
          - title: Book
            titel: x
            page:
              size: B7
              margins: {top: 10}
            sections:
              - title: A
                kind: sudok
                puzzles: a.txt
              - title: Q
                kind: queens
                boards:
                  - {n: 8, start: a1}
              - title: T
                kind: knights_tour
                boards:
                  - {size: 8x8, strat: a1}
        output:
          formats: [pdf, doc]
        """)
    assert found == [
        "config.yaml:3: books[0].titel: unknown key 'titel' (did you mean 'title'?)",
        "config.yaml:5: books[0].page.size: expected a page size (A4, A5, Letter, 6x9in, 5x8in, 7x10in, "
        "8x10in, 8.5x11in) or WIDTHxHEIGHT with a unit like 148x210mm, got 'B7'",
        "config.yaml:6: books[0].page.margins.top: expected a length with a unit like 15mm, 0.5in or 36pt, got 10",
        "config.yaml:9: books[0].sections[0].kind: expected kind sudoku, killer, kenken, knights_tour, queens, "
        "skyscrapers or futoshiki, got 'sudok' "
        "(did you mean 'sudoku'?)",
        "config.yaml:14: books[0].sections[1].boards[0].start: unknown key 'start' (allowed: given, n, seed, title)",
        "config.yaml:18: books[0].sections[2].boards[0].strat: unknown key 'strat' (did you mean 'start'?)",
        "config.yaml:20: output.formats[1]: Input should be 'pdf', 'docx', 'rtf', 'html' or 'cover', got 'doc' "
        "(did you mean 'docx'?)",
    ]


def test_duplicate_keys_and_missing_required(tmp_path: Path) -> None:
    found = problems(tmp_path, """\
        books:
          - title: A
            title: B
            sections:
              - puzzles: a.txt
        """)
    assert "config.yaml:3: books[0].title: duplicate key" in found
    assert "config.yaml:5: books[0].sections[0].title: required key is missing" in found


def test_section_needs_puzzles_and_boards_need_a_chess_kind(tmp_path: Path) -> None:
    found = problems(tmp_path, """\
        books:
          - title: A
            sections:
              - title: empty
              - title: S
                boards: [{size: 8x8}]
        """)
    assert found[0].startswith("config.yaml:4: books[0].sections[0]: a section needs 'puzzles'")
    assert found[1] == ("config.yaml:6: books[0].sections[1].boards: 'boards' is not a key of a sudoku section "
                        "(it belongs to knights_tour and queens)")


def test_control_characters_in_text_are_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, 'books:\n  - title: "a\\x07b"\n    sections: [{title: s, puzzles: a.txt}]\n')
    assert found == ["config.yaml:2: books[0].title: control character U+0007 in text"]


def test_not_a_mapping_and_empty_file(tmp_path: Path) -> None:
    assert problems(tmp_path, "- just\n- a list\n") == ["config.yaml:1: expected a mapping with a 'books' list"]
    assert problems(tmp_path, "") == ["config.yaml:1: expected a mapping with a 'books' list"]


@pytest.mark.parametrize("text, points", [("15mm", 42.5197), ("0.5in", 36), ("36pt", 36), ("1.5cm", 42.5197)])
def test_lengths(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points, abs=1e-3)


@pytest.mark.parametrize("text", ["15", "15 furlongs", "-3mm", ""])
def test_lengths_need_a_unit(text: str) -> None:
    with pytest.raises(ValueError, match="expected a length with a unit"):
        parse_length(text)


@pytest.mark.parametrize("text, size", [("A4", (595.28, 841.89)), ("letter", (612, 792)), ("6x9in", (432, 648)),
                                        ("148x210mm", (419.53, 595.28)), ("8.5x11in", (612, 792)),
                                        ("400x600pt", (400, 600))])
def test_page_sizes(text: str, size: tuple[float, float]) -> None:
    assert parse_page_size(text) == pytest.approx(size, abs=0.01)


def test_counts() -> None:
    assert parse_count_grid("2x3") == (2, 3)
    for bad in ("7", "0x2", "2x", "axb"):
        with pytest.raises(ValueError, match="expected WxH"):
            parse_count_grid(bad)


def test_per_page_defaults_shrink_for_small_trims_and_big_grids() -> None:
    a4, a5 = parse_page_size("A4")[0], parse_page_size("A5")[0]
    assert per_page_range(a4, 9) == ((4, 6), (6, 12))       # shared/docs/print.md: 4 to 6 puzzles, 6 to 12 answers
    assert per_page_range(a5, 9) == ((1, 2), (2, 6))
    assert per_page_range(a4, 16)[0] == (1, 2)
    assert per_page_range(a5, 25) == ((1, 1), (1, 1))
