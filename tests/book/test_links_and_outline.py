"""The way around a book, measured from our own PDFs (read back with pymupdf):
every puzzle's "answer p. N" is a link to the page that holds its answer,
every answer names its puzzle's page (in the puzzle booklet when the answers
are a booklet of their own), the outline lists the title page, every section
and the answer key, contents lines are links, and a booklet that must carry
no annotations has none (the words stay)."""
from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any, TypeVar, cast

import pymupdf
import pytest

from publisher.layout import layout_book
from publisher.model import BookSpec
from publisher.render import get
from tests.booksamples import PAGES, big_book, sample_book, vietnamese_book

CAPTION = re.compile(r"^(\d+)(?: · (.+))?$")


def _books() -> dict[str, BookSpec]:
    a4, letter, trim = PAGES["A4"], PAGES["Letter"], PAGES["6x9in"]
    return {
        "vi-a4": vietnamese_book(answers="both", contents=True),
        "letter": sample_book(page="Letter", answers="both", count=12),
        "6x9in": sample_book(page="6x9in", answers="both", count=7, mirrored=True),
        "large-print": sample_book(page="A4", answers="both", large_print=True, count=6),
        "hundred-letter": big_book(100, answers="both", page_width=letter[0], page_height=letter[1]),
        "hundred-a4": big_book(100, answers="back", page_width=a4[0], page_height=a4[1], contents=True),
        "hundred-6x9in": big_book(100, answers="back", page_width=trim[0], page_height=trim[1]),
        "separate-vi": vietnamese_book(answers="separate"),
        "separate-letter": sample_book(page="Letter", answers="separate", count=9),
    }


BOOKS = _books()


@cache
def _pdfs(name: str) -> tuple[tuple[str, pymupdf.Document], ...]:
    return tuple((booklet.role, pymupdf.open(stream=get("pdf")().render(booklet), filetype="pdf"))
                 for booklet in layout_book(BOOKS[name]))


_MEMO: dict[tuple[int, int, str], Any] = {}
T = TypeVar("T")


def _memo(page: pymupdf.Page, what: str, make: Callable[[], T]) -> T:
    """What a page's text says, read once (the tests ask it for every link)."""
    key = (id(page.parent), page.number, what)
    if key not in _MEMO:
        _MEMO[key] = make()
    return cast(T, _MEMO[key])


def _lines(page: pymupdf.Page) -> list[tuple[str, pymupdf.Rect]]:
    """Every text line of a page with its box."""
    return _memo(page, "lines", lambda: _read_lines(page))


def _read_lines(page: pymupdf.Page) -> list[tuple[str, pymupdf.Rect]]:
    out = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", ()):
            text = "".join(span["text"] for span in line["spans"]).strip()
            if text:
                out.append((text, pymupdf.Rect(line["bbox"])))
    return out


def _grids(page: pymupdf.Page) -> list[pymupdf.Rect]:
    """The boxes of the page's grids: the extent of every drawing of lines."""
    return [d["rect"] for d in page.get_drawings() if d["rect"].width > 20 and d["rect"].height > 20]


def _captions(page: pymupdf.Page) -> dict[int, tuple[str, pymupdf.Rect]]:
    """Caption lines ("12 · Easy", or a bare number) outside every grid (cell text is inside one)."""
    return _memo(page, "captions", lambda: _read_captions(page))


def _read_captions(page: pymupdf.Page) -> dict[int, tuple[str, pymupdf.Rect]]:
    grids = _grids(page)
    found = {}
    for text, box in _lines(page):
        match = CAPTION.match(text)
        centre = pymupdf.Point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
        folio = text == str(page.number + 1) and box.y0 > page.rect.height * 0.9
        if match and not folio and "p." not in text and "tr." not in text and not any(centre in g for g in grids):
            found.setdefault(int(match.group(1)), (text, box))
    return found


def _caption_above(page: pymupdf.Page, box: pymupdf.Rect) -> int:
    """The number of the caption over the grid a line under it belongs to: same column, nearest above."""
    candidates = [(number, rect) for number, (_text, rect) in _captions(page).items()
                  if rect.y1 <= box.y0 and rect.x0 < box.x1 and box.x0 < rect.x1]
    return max(candidates, key=lambda c: c[1].y1)[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BOOKS))
def test_every_puzzle_links_to_the_page_of_its_answer(name: str) -> None:
    spec = BOOKS[name]
    count = sum(len(section.boards) for section in spec.sections)
    (_role, doc), *_rest = _pdfs(name)
    if spec.answers == "separate":
        return    # its answers are the other file's: test_a_separate_answer_booklet_and_its_puzzles_link_both_ways
    answer_word = "lời giải tr." if spec.language == "vi" else "answer p."
    linked: dict[int, int] = {}
    for page in doc:
        lines = _lines(page)
        for link in page.get_links():
            if link.get("kind") != pymupdf.LINK_GOTO:
                continue
            rect = pymupdf.Rect(link["from"])
            text = " ".join(t for t, box in lines if box.intersects(rect))
            if answer_word not in text:
                continue
            printed = int(text.rsplit(" ", 1)[1])
            assert printed == link["page"] + 1, "the printed page is the link's target"
            linked[_caption_above(page, rect)] = link["page"]
    assert sorted(linked) == list(range(1, count + 1)), "every puzzle has a link"
    for number, target in linked.items():
        answer = doc[target]
        assert number in _captions(answer), f"page {target + 1} holds answer {number}"
        puzzle_word = "câu đố tr." if spec.language == "vi" else "puzzle p."
        assert any(text.startswith(puzzle_word) for text, _box in _lines(answer))


@pytest.mark.parametrize("name", ["vi-a4", "letter", "large-print"])
def test_answers_in_their_own_booklet_name_the_puzzle_booklets_page(name: str) -> None:
    spec = BOOKS[name]
    puzzle_doc, answer_doc = (doc for _role, doc in _pdfs(name))
    first_key = min(index for index, page in enumerate(puzzle_doc) for t, _b in _lines(page)
                    if t.startswith(("puzzle p.", "câu đố tr.")))
    puzzle_pages = {number: index + 1 for index, page in enumerate(puzzle_doc) if index < first_key
                    for number in _captions(page)}
    word = "câu đố tr." if spec.language == "vi" else "puzzle p."
    named = {}
    for page in answer_doc:
        for text, box in _lines(page):
            if text.startswith(word):
                named[_caption_above(page, pymupdf.Rect(box.x0, box.y1, box.x1, box.y1 + 1))] = int(text.split()[-1])
    assert named == puzzle_pages


def _remote_links(doc: pymupdf.Document) -> list[tuple[int, str, pymupdf.Rect, str, str]]:
    """(page index, the link's text, its box, file, named destination) of every link to another
    file, read with pymupdf (which reads a GoToR action to a named destination as
    ``file#nameddest=NAME``) and its action checked with pypdf, a second reader."""
    from pypdf import PdfReader
    reader = PdfReader(io.BytesIO(doc.tobytes()))
    out = []
    for index, page in enumerate(doc):
        actions = [annot.get_object()["/A"] for annot in reader.pages[index].get("/Annots", ())]
        remote = [a for a in actions if a["/S"] == "/GoToR"]
        links = [link for link in page.get_links() if link.get("file")]
        assert len(remote) == len(links)
        for link, action in zip(links, remote):
            file, _, dest = link["file"].partition("#nameddest=")
            assert (action["/F"], action["/D"]) == (file, "/" + dest)
            rect = pymupdf.Rect(link["from"])
            centre = pymupdf.Point((rect.x0 + rect.x1) / 2, (rect.y0 + rect.y1) / 2)
            text = " ".join(t for t, box in _lines(page) if centre in box)
            out.append((index, text, rect, file, dest))
    return out


def _named_pages(doc: pymupdf.Document) -> dict[str, int]:
    """The document's named destinations and the 0-based page each opens (pypdf)."""
    from pypdf import PdfReader
    reader = PdfReader(io.BytesIO(doc.tobytes()))
    return {name.lstrip("/"): reader.get_destination_page_number(dest)
            for name, dest in reader.named_destinations.items()}


@pytest.mark.parametrize("name", ["separate-vi", "separate-letter"])
def test_a_separate_answer_booklet_and_its_puzzles_link_both_ways(name: str) -> None:
    """Answers in a file of their own: every puzzle names its answer's page in the answer
    booklet and links there (a GoToR to that file's named page), and every answer links back
    to its puzzle's page in the puzzle booklet; each printed page number is the target's."""
    spec = BOOKS[name]
    count = sum(len(section.boards) for section in spec.sections)
    (_, puzzles), (_, answers) = _pdfs(name)
    words = {"puzzles": "lời giải tr." if spec.language == "vi" else "answer p.",
             "answers": "câu đố tr." if spec.language == "vi" else "puzzle p."}
    stems = {"puzzles": f"{spec.stem}-answers.pdf", "answers": f"{spec.stem}-puzzles.pdf"}
    for role, doc, other in (("puzzles", puzzles, answers), ("answers", answers, puzzles)):
        named = _named_pages(other)
        linked: dict[int, int] = {}
        for index, text, rect, file, dest in _remote_links(doc):
            assert text.startswith(words[role]) and file == stems[role]
            target = named[dest]
            assert int(text.rsplit(" ", 1)[1]) == target + 1, "the printed page is the link's target"
            below = pymupdf.Rect(rect.x0, rect.y1, rect.x1, rect.y1 + 1)
            number = _caption_above(doc[index], rect if role == "puzzles" else below)
            assert number in _captions(other[target]), f"{other.name} page {target + 1} holds {number}"
            linked[number] = target
        assert sorted(linked) == list(range(1, count + 1)), f"every grid of the {role} links"


@pytest.mark.parametrize("name", ["separate-vi", "separate-letter"])
def test_the_html_booklets_link_to_each_others_pages(name: str) -> None:
    """The same links in HTML: every cross-reference is a link to the page anchor of the
    other booklet's file, on a page that holds that grid's number (read with html.parser)."""
    from html.parser import HTMLParser

    class Pages(HTMLParser):
        """The numbers captioned on each page, and each cross-reference link with the number
        of the grid (figure) it belongs to."""

        def __init__(self) -> None:
            super().__init__()
            self.page, self.number, self.where = "", 0, ""
            self.numbers: dict[str, set[int]] = {}
            self.links: list[tuple[int, str]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag == "section" and "page" in (a.get("class") or "").split():
                self.page = a["id"] or ""
                self.numbers[self.page] = set()
            if tag == "figcaption" or (tag == "p" and "rf" in (a.get("class") or "").split()):
                self.where = tag
            if tag == "a" and self.where == "p":
                self.links.append((self.number, a["href"] or ""))

        def handle_endtag(self, tag: str) -> None:
            if tag == self.where:
                self.where = ""

        def handle_data(self, data: str) -> None:
            match = CAPTION.match(data.strip())
            if self.where == "figcaption" and match:
                self.number = int(match.group(1))
                self.numbers[self.page].add(self.number)

    spec = BOOKS[name]
    read = {}
    for booklet in layout_book(spec):
        parser = Pages()
        parser.feed(get("html")().render(booklet).decode("utf-8"))
        read[booklet.role] = parser
    count = sum(len(section.boards) for section in spec.sections)
    for role, other in (("puzzles", "answers"), ("answers", "puzzles")):
        links = read[role].links
        assert sorted(number for number, _href in links) == list(range(1, count + 1))
        for number, href in links:
            file, _, anchor = href.partition("#")
            assert file == f"{spec.stem}-{other}.html"
            assert number in read[other].numbers[anchor], "each grid's link opens the page of its other half"


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_every_answer_caption_carries_its_number_right_above_the_cross_reference(name: str) -> None:
    """As on the puzzle page: the line right above an answer's "puzzle p. N" is its caption,
    the puzzle's number first (a note such as "one possible answer" comes after, next to the grid)."""
    spec = BOOKS[name]
    word = "câu đố tr." if spec.language == "vi" else "puzzle p."
    seen = 0
    for _role, doc in _pdfs(name):
        for page in doc:
            lines = _lines(page)
            for text, box in lines:
                if not text.startswith(word):
                    continue
                above = [(t, b) for t, b in lines
                         if b.y0 + b.y1 < box.y0 + box.y0 and b.x0 < box.x1 and box.x0 < b.x1]
                caption, caption_box = max(above, key=lambda line: line[1].y1)
                assert CAPTION.match(caption), (page.number + 1, caption, text)
                assert box.y0 - caption_box.y1 < box.height, "no line or gap between caption and reference"
                seen += 1
    keys = 2 if spec.answers == "both" else 1     # the key at the back and the answer booklet
    assert seen == keys * sum(len(section.boards) for section in spec.sections)


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_the_outline_lists_the_title_every_section_and_the_answer_key(name: str) -> None:
    spec = BOOKS[name]
    for role, doc in _pdfs(name):
        toc = doc.get_toc()
        titles = [title for _level, title, _page in toc]
        assert titles[0] == spec.title and toc[0][2] == 1
        for section in spec.sections:
            entries = [(level, page) for level, title, page in toc if title == section.title]
            assert entries, section.title
            for _level, page in entries:   # the section's heading is on the page the bookmark opens
                assert any(section.title in text for text, _box in _lines(doc[page - 1]))
        answers_word = "Lời giải" if spec.language == "vi" else "Answers"
        if role == "puzzles" and spec.answers in ("back", "both"):
            assert answers_word in titles
        if spec.contents:
            assert ("Mục lục" if spec.language == "vi" else "Contents") in titles


@pytest.mark.parametrize("name", ["vi-a4", "hundred-a4"])
def test_contents_lines_are_links_to_their_pages(name: str) -> None:
    (_role, doc), *_rest = _pdfs(name)
    contents = next(page for page in doc if any(t in ("Contents", "Mục lục") for t, _b in _lines(page)))
    links = [link for link in contents.get_links() if link.get("kind") == pymupdf.LINK_GOTO]
    entries = [(text, box) for text, box in _lines(contents) if re.search(r"\.{3,}\s* \d+$", text)]
    assert entries and len(links) == len(entries)
    for text, box in entries:
        (link,) = [link for link in links if pymupdf.Rect(link["from"]).intersects(box)]
        assert link["page"] + 1 == int(text.rsplit(" ", 1)[1])


@pytest.mark.slow
def test_a_booklet_without_links_carries_no_annotations_but_keeps_the_words() -> None:
    for booklet in (replace(laid, links=False) for laid in layout_book(sample_book(answers="both", count=4,
                                                                                      contents=True))):
        doc = pymupdf.open(stream=get("pdf")().render(booklet), filetype="pdf")
        assert all(not list(page.annots()) and not page.get_links() for page in doc)
        text = " ".join(page.get_text() for page in doc)
        assert "answer p." in text or booklet.role == "answers"
        assert "puzzle p." in text
        html = get("html")().render(booklet).decode("utf-8")
        assert "<a " not in html
