"""The HTML renderer, checked by a strict parser, fontTools and headless Chromium.

Oracles: the puzzles come from the BookSpec (givens and answers as the sample
books built them, numbered in book order), page counts and sizes from the
booklet model, glyph coverage from fontTools reading the embedded fonts back,
and pages from what Chromium prints.
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from fontTools.ttLib import TTFont

from publisher.layout import layout_book
from publisher.model import QUEEN, Band, Board, Booklet, BookSpec
from publisher.render import BUILTIN_TEMPLATES, RenderContext, formats, get
from publisher.render import html as html_module
from publisher.render.html import HtmlRenderer, printed_text
from tests.booksamples import PAGES, sample_book, vietnamese_book
from tests.consumers import (
    CHROMIUM,
    chromium_to_pdf,
    pdf_fonts,
    pdf_page_count,
    pdf_page_png,
    pdf_page_size,
    pdf_text,
    require,
)
from tests.samples import REPO

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SVG_LEAVES = {"path", "circle", "rect"}


@dataclass
class Parsed:
    """What a reader of the file finds: the language, title, puzzle tables, text."""

    lang: str | None = None
    title: str = ""
    h1: str = ""
    tables: dict[int, list[str]] = field(default_factory=dict)       # puzzle number -> cell texts
    table_labels: dict[int, str] = field(default_factory=dict)       # puzzle number -> aria-label
    cell_labels: dict[int, list[str]] = field(default_factory=dict)  # puzzle number -> cell aria-labels
    queens: dict[int, list[bool]] = field(default_factory=dict)      # puzzle number -> cell holds an svg
    captions: dict[int, str] = field(default_factory=dict)
    pages: int = 0
    urls: list[str] = field(default_factory=list)


class StrictParser(HTMLParser):
    """Fails on any unbalanced or unknown-order tag, and collects :class:`Parsed`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.out = Parsed()
        self.figure: int | None = None
        self.in_cell = False
        self.capture: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.out.urls += [v for k, v in attrs if k in ("src", "href") and v]
        if tag == "html":
            self.out.lang = a.get("lang")
        elif tag == "section" and "page" in (a.get("class") or "").split():
            self.out.pages += 1
        elif tag == "figure":
            self.figure = int(a["data-number"])
        elif tag == "table" and self.figure is not None:
            self.out.tables[self.figure] = []
            self.out.table_labels[self.figure] = a.get("aria-label", "")
            self.out.cell_labels[self.figure] = []
            self.out.queens[self.figure] = []
        elif tag == "td":
            self.in_cell = True
            self.out.tables[self.figure].append("")
            self.out.cell_labels[self.figure].append(a.get("aria-label", ""))
            self.out.queens[self.figure].append(False)
        elif tag == "svg" and self.in_cell:
            self.out.queens[self.figure][-1] = True
        elif tag in ("title", "h1", "figcaption"):
            self.capture = tag
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        assert tag in VOID | SVG_LEAVES, f"<{tag}/> is not a void element"
        self.handle_starttag(tag, attrs)
        if tag in SVG_LEAVES:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()
        if tag == "td":
            self.in_cell = False
        elif tag == "figure":
            self.figure = None
        if tag == self.capture:
            self.capture = None

    def handle_data(self, data: str) -> None:
        if self.in_cell:
            self.out.tables[self.figure][-1] += data
        elif self.capture == "title":
            self.out.title += data
        elif self.capture == "h1":
            self.out.h1 += data
        elif self.capture == "figcaption":
            self.out.captions[self.figure] = self.out.captions.get(self.figure, "") + data


def parse(data: bytes) -> Parsed:
    parser = StrictParser()
    parser.feed(data.decode("utf-8"))
    parser.close()
    assert parser.stack == [], f"unclosed tags: {parser.stack}"
    return parser.out


def boards_by_number(spec: BookSpec) -> dict[int, Board]:
    """The book's puzzles numbered 1.. in section order: the numbering a reader sees."""
    boards = [board for section in spec.sections for board in section.boards]
    return dict(enumerate(boards, start=1))


@pytest.fixture(scope="module")
def vi_book() -> tuple[BookSpec, tuple[Booklet, ...], dict[str, bytes]]:
    spec = vietnamese_book()
    booklets = layout_book(spec)
    renderer = HtmlRenderer()
    return spec, booklets, {b.role: renderer.render(b) for b in booklets}


def test_found_in_the_registry_by_its_name() -> None:
    assert get("html") is HtmlRenderer
    assert "html" in formats() and HtmlRenderer.extension == "html"


@pytest.mark.slow
def test_parses_cleanly_with_language_title_and_no_external_request(vi_book) -> None:
    _spec, booklets, files = vi_book
    for booklet in booklets:
        data = files[booklet.role]
        assert data.startswith(b"<!doctype html>\n")
        assert b'<meta charset="utf-8"/>' in data
        found = parse(data)
        root = ElementTree.fromstring(data.removeprefix(b"<!doctype html>\n"))   # well-formed XML too
        assert root.get("lang") == "vi"
        assert len(root.findall("./body/section")) == booklet.page_count
        assert found.lang == "vi"
        assert found.title == booklet.title
        assert found.pages == booklet.page_count
        # no request leaves the file: links lead to its own pages or the other booklet's (cross-references)
        stems = {b.stem for b in booklets}
        for url in found.urls:
            place, _hash, page = url.partition("#page-")
            assert page.isdigit() and (place == "" or place.removesuffix(".html") in stems), url
        assert b"http" not in data.lower()
    assert parse(files["puzzles"]).h1 == "Tuyển tập Sudoku"


def test_every_puzzle_and_answer_is_a_table_holding_its_board(vi_book) -> None:
    spec, _booklets, files = vi_book
    boards = boards_by_number(spec)
    for role, attribute in (("puzzles", "givens"), ("answers", "answer")):
        found = parse(files[role])
        assert sorted(found.tables) == sorted(boards)
        for number, board in boards.items():
            expected = getattr(board, attribute)
            assert found.tables[number] == [("" if v == QUEEN else v) for v in expected], (role, number)
            assert found.queens[number] == [v == QUEEN for v in expected]
            assert found.captions[number].split()[0] == str(number)
            assert str(number) in found.table_labels[number]
            # each cell says where it is and what it holds
            cols = board.cols
            for i, (label, value) in enumerate(zip(found.cell_labels[number], expected)):
                where = f"r{i // cols + 1}c{i % cols + 1}"
                assert label == (f"{where}: queen" if value == QUEEN else f"{where}: {value}" if value else where)


def test_user_text_is_escaped() -> None:
    title = "<script>alert(1)</script> & Co"
    spec = sample_book(count=2, title=title)
    data = HtmlRenderer().render(layout_book(spec)[0])
    assert b"<script>" not in data
    assert b"&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in data
    found = parse(data)
    assert found.title == title
    assert found.h1 == title


@pytest.mark.slow
def test_identical_bytes_on_every_render(vi_book) -> None:
    _spec, booklets, files = vi_book
    html_module._subset_woff.cache_clear()            # subset the fonts again, from scratch
    for booklet in booklets:
        assert HtmlRenderer().render(booklet) == files[booklet.role]
    # and in another process, with another string hash seed
    script = ("import hashlib, sys; from publisher.layout import layout_book; "
              "from publisher.render.html import HtmlRenderer; from tests.booksamples import vietnamese_book; "
              "print(*(hashlib.sha256(HtmlRenderer().render(b)).hexdigest() for b in layout_book(vietnamese_book())))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          cwd=REPO, env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert done.stdout.split() == [hashlib.sha256(files[b.role]).hexdigest() for b in booklets]


def test_embedded_fonts_are_small_subsets_covering_every_printed_character(vi_book) -> None:
    spec, booklets, files = vi_book
    for booklet in booklets:
        data = files[booklet.role].decode("utf-8")
        faces = re.findall(r"font-weight: (\d+); src: url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", data)
        assert [weight for weight, _ in faces] == ["400", "700"]
        needed = {ord(ch) for ch in printed_text(booklet) if not ch.isspace()}
        assert {ord(ch) for ch in "Tuyển tập Sudoku" if ch != " "} <= needed
        for (_weight, encoded), source in zip(faces, (spec.fonts.regular, spec.fonts.bold)):
            woff = base64.b64decode(encoded)
            font = TTFont(io.BytesIO(woff))
            assert font.flavor == "woff"
            assert needed <= set(font.getBestCmap()), "a printed character is missing from the embedded font"
            assert len(woff) < source.stat().st_size / 4


@pytest.mark.slow
def test_a_user_template_folder_overrides_the_built_in_one(tmp_path: Path) -> None:
    user = tmp_path / "mytemplates"
    (user / "html").mkdir(parents=True)
    (user / "html" / "style.css.j2").write_text(
        "@page { size: {{ booklet.page_width|pt }} {{ booklet.page_height|pt }}; margin: 0; }\n"
        "body { font-family: serif; } /* house style */\n", encoding="utf-8")
    booklet = layout_book(sample_book(count=2))[0]
    data = HtmlRenderer(RenderContext((user, BUILTIN_TEMPLATES))).render(booklet).decode("utf-8")
    assert "/* house style */" in data
    assert "#808080" not in data                          # the built-in style sheet was replaced
    assert "<table class=\"grid" in data                  # the other templates still come from built-in
    assert "/* house style */" not in HtmlRenderer().render(booklet).decode("utf-8")


def _page_givens(booklet: Booklet, page: int) -> Counter[str]:
    """The givens (or answers) the model puts on one page, as characters
    (queens are drawn as shapes, not text)."""
    counts: Counter[str] = Counter()
    for block in booklet.pages[page - 1].blocks:
        if isinstance(block, Band):
            for item in block.items:
                counts.update("".join(cell.text for cell in item.grid.cells if not cell.is_queen))
    return counts


def _print_and_check(booklet: Booklet, data: bytes, tmp_path: Path) -> Path:
    """Chromium prints the file: the model's page count and size, the fonts we
    embedded, every title and given in the text layer of its page."""
    source = tmp_path / f"{booklet.stem}.html"
    source.write_bytes(data)
    pdf = chromium_to_pdf(source, tmp_path / f"{booklet.stem}.pdf")
    assert pdf_page_count(pdf) == booklet.page_count
    width, height = pdf_page_size(pdf)
    assert width == pytest.approx(booklet.page_width, abs=0.5)
    assert height == pytest.approx(booklet.page_height, abs=0.5)
    assert {row["emb"] for row in pdf_fonts(pdf)} == {"yes"}
    assert all(re.match(r"[A-Z]{6}\+Roboto-(Regular|Bold)$", row["name"]) for row in pdf_fonts(pdf))
    for page in range(1, booklet.page_count + 1):
        text = pdf_text(pdf, first=page, last=page)
        printed = Counter(ch for ch in text if not ch.isspace())
        expected = _page_givens(booklet, page)
        assert not expected - printed, f"page {page} lacks {expected - printed}"
        header = booklet.pages[page - 1].header
        if header:
            assert " ".join(header.text.split()) in " ".join(text.split())
    return pdf


@pytest.mark.consumers
def test_chromium_prints_the_vietnamese_book_page_for_page(vi_book, tmp_path: Path) -> None:
    spec, booklets, files = vi_book
    for booklet in booklets:
        pdf = _print_and_check(booklet, files[booklet.role], tmp_path)
        assert spec.title in pdf_text(pdf, first=1, last=1).replace("\n", " ")
        png = pdf_page_png(pdf, tmp_path / f"{booklet.role}-page2", page=2)
        assert png.stat().st_size > 1000


@pytest.mark.parametrize("page, options", [
    ("A4", {"answers": "back"}),
    ("Letter", {"large_print": True, "per_page": (1, 1)}),
    ("6x9in", {"mirrored": True, "answers": "both"}),
])
@pytest.mark.consumers
def test_chromium_prints_each_page_size(page: str, options: dict, tmp_path: Path) -> None:
    spec = sample_book(page, count=6, **options)
    booklet = layout_book(spec)[0]
    assert (booklet.page_width, booklet.page_height) == PAGES[page]
    pdf = _print_and_check(booklet, HtmlRenderer().render(booklet), tmp_path)
    assert "Sample Sudoku" in pdf_text(pdf, first=1, last=1)


_MEASURE = """<script>
document.fonts.ready.then(() => {
const out = [];
for (const figure of document.querySelectorAll("figure.pz")) {
  const page = figure.closest(".page").getBoundingClientRect();
  const cells = figure.querySelectorAll("td");
  const first = cells[0].getBoundingClientRect(), last = cells[cells.length - 1].getBoundingClientRect();
  const weights = Array.from(cells, (cell) => +getComputedStyle(cell).fontWeight);
  out.push([+figure.dataset.number, first.left - page.left, first.top - page.top, first.width, first.height,
            last.right - page.left, last.bottom - page.top, weights]);
}
document.body.insertAdjacentHTML("beforeend", "<pre id=geometry>" + JSON.stringify(out) + "</pre>");
});
</script>"""


def _measure_in_chromium(data: bytes, tmp_path: Path) -> list[list]:
    """Lay the file out in headless Chromium and read back where every grid's
    first and last cell landed (CSS px, relative to their page box) and the
    font weight of every cell, once the
    embedded fonts are loaded (the virtual time budget lets that promise run)."""
    source = tmp_path / "measure.html"
    source.write_bytes(data.replace(b"</body>", _MEASURE.encode() + b"</body>"))
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([require(CHROMIUM, "chromium"), "--headless", "--no-sandbox", "--disable-gpu",
                               "--no-first-run", f"--user-data-dir={profile}", "--virtual-time-budget=10000",
                               "--dump-dom", source.as_uri()],
                              capture_output=True, text=True, timeout=120, check=True)
    return json.loads(re.search(r"<pre id=\"geometry\">(.*?)</pre>", done.stdout).group(1))


@pytest.mark.consumers
def test_chromium_draws_square_cells_where_the_model_puts_the_grid(vi_book, tmp_path: Path) -> None:
    _spec, booklets, files = vi_book
    px = 0.75                                                      # points per CSS pixel
    placed = {item.number: item for page in booklets[0].pages for block in page.blocks
              if isinstance(block, Band) for item in block.items}
    measured = _measure_in_chromium(files["puzzles"], tmp_path)
    assert sorted(row[0] for row in measured) == sorted(placed)
    for number, left, top, cell_w, cell_h, right, bottom, _weights in measured:
        item = placed[number]
        grid_top = item.y + item.caption_height
        assert (left * px, top * px) == (pytest.approx(item.x, abs=0.6), pytest.approx(grid_top, abs=0.6))
        assert (right * px, bottom * px) == (pytest.approx(item.x + item.grid.width, abs=0.6),
                                             pytest.approx(grid_top + item.grid.height, abs=0.6))
        assert cell_w * px == pytest.approx(item.grid.cell_size, abs=0.6)
        assert cell_h * px == pytest.approx(item.grid.cell_size, abs=0.6)


@pytest.mark.consumers
def test_chromium_sets_givens_bold_and_solved_cells_regular(vi_book, tmp_path: Path) -> None:
    spec, _booklets, files = vi_book
    boards = boards_by_number(spec)
    measured = _measure_in_chromium(files["answers"], tmp_path)
    assert sorted(row[0] for row in measured) == sorted(boards)
    for number, *_geometry, weights in measured:
        board = boards[number]
        expected = [700 if given and given != QUEEN else 400 for given in board.givens]
        assert weights == expected, number
