"""Every default the config reference documents, read back through the config loader
from a config that sets none of them: the book, page, layout, answers, html, print and cover
keys, the build's own keys, a section's, a generated section's and the chessboards'. The
expected values are the documented words, lengths and page sizes worked out here from mm
(72 points to the inch, 25.4 mm to the inch), not the product's constants."""
from __future__ import annotations

import re

import pytest

from publisher.config import Config, load
from publisher.spec import stem_of
from tests.documentation import hooks

MM = 72 / 25.4

CONFIG = """\
books:
  - title: "Tuyển tập Sudoku: Vol. 2!"
    sections:
      - title: Given
        inline: ["1.3.....2..4.3.."]
      - title: Made
        generate: {}
      - {title: Tour, kind: knights_tour, boards: [{start: a1}]}
      - {title: Queens, kind: queens, boards: [{}]}
"""


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Config:
    path = tmp_path_factory.mktemp("defaults") / "config.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    return load(path).config


def test_the_build_keys(config: Config) -> None:
    assert config.output.folder == "out"
    assert config.output.formats == ["pdf", "docx", "rtf", "html"]
    assert (config.on_rejected, config.on_repeat, config.node_limit) == ("fail", "fail", 200_000)
    assert config.templates is None and config.catalog is None


def test_the_book_keys(config: Config) -> None:
    book = config.books[0]
    assert (book.language, book.labels, book.subtitle, book.author, book.edition) == ("en", {}, None, None, None)
    assert book.file_stem is None and stem_of(book) == "tuyen-tap-sudoku-vol-2"   # slug of the title
    assert book.page.size == pytest.approx((210 * MM, 297 * MM))                   # A4
    margins = book.page.margins
    assert [margins.top, margins.bottom, margins.outside, margins.inside] == pytest.approx([15 * MM] * 4)
    assert book.page.mirrored is False
    layout = book.layout
    assert (layout.section_start, layout.balance, layout.coordinates, layout.large_print, layout.puzzle_ids) == (
        "any", True, True, False, False)
    assert layout.puzzles_per_page is None and layout.answers_per_page is None   # by page and grid size
    assert book.contents is False and book.imprint is None and book.instructions is None
    assert (book.answers.placement, book.answers.hints) == ("separate", False)
    assert book.html.solutions == "embedded"
    assert (book.print.service, book.print.paper, book.print.bleed) == ("none", "white", False)
    cover = book.cover
    assert (cover.puzzle, cover.barcode, cover.front_image, cover.back_text, cover.spine_text) == (
        "auto", "auto", None, None, None)
    assert (cover.colors.background, cover.colors.text) == ("#1d3557", "#ffffff")
    assert book.fonts is None   # Roboto, installed with the package


def test_the_section_keys(config: Config) -> None:
    given = config.books[0].sections[0]
    assert given.kind == "sudoku" and given.puzzles == []
    assert (given.variant, given.sort, given.worked_example) == ([], "file", False)
    assert (given.difficulty, given.limit, given.rating, given.instructions) == (None, None, None, None)


def test_the_generate_keys(config: Config) -> None:
    made = config.books[0].sections[1].generate
    assert made is not None
    assert (made.count, made.symmetry, made.jigsaw, made.minimal, made.seed) == (10, "rot180", False, False, None)
    assert (made.level, made.rating, made.technique, made.givens) == (None, None, None, None)   # any
    request = made.request().request
    assert (request.size, request.box) == (9, None)   # 9, the usual box


def test_the_chessboard_keys(config: Config) -> None:
    tour, queens = config.books[0].sections[2].boards[0], config.books[0].sections[3].boards[0]
    assert (tour.size, tour.closed, tour.show_every, tour.show_first) == ("8x8", False, None, None)
    assert (queens.n, queens.given) == (8, [])


def test_the_reference_documents_these_defaults(config: Config) -> None:
    """The defaults these tests pin, as the config reference (made from the schema) prints them."""
    reference = hooks().config_reference()
    for key, default in (("page.size", "`A4`"), ("page.margins.top", "`15mm`"), ("page.margins.outside", "`15mm`"),
                         ("page.margins.inside", "`15mm`"), ("on_repeat", "`fail`"),
                         ("answers.placement", "`separate`"),
                         ("html.solutions", "`embedded`"), ("print.paper", "`white`"), ("generate.count", "`10`"),
                         ("generate.symmetry", "`rot180`"), ("generate.seed", "none"), ("node_limit", "`200000`"),
                         ("output.formats", "`[pdf, docx, rtf, html]`"), ("print.service", "`none`"),
                         ("cover.colors.background", "`#1d3557`"), ("cover.colors.text", "`#ffffff`"),
                         ("file_stem", "none")):
        assert re.search(rf"^\| `{re.escape(key)}` \| [^|]+ \| {re.escape(default)} \|", reference, re.MULTILINE), key
