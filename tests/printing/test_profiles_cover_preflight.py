"""Print-on-demand profiles: the interior's boxes, margins and gutter, the full-wrap cover,
and preflight, all read back from the written PDFs with pymupdf (and with poppler's
``pdfinfo -box`` in the consumer tests), never from the layout's intent."""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pymupdf
import pytest
import yaml

from publisher.cli import main
from publisher.printing.interior import PrintChoice
from publisher.printing.preflight import Mark, check_cover, check_interior
from publisher.printing.profile import PAPERS, SERVICES, load_profile
from tests.consumers import require
from tests.printing.ink import ink_across
from tests.samples import DATA, REPO

INCH = 72.0
#: KDP paperback, as its help pages give them (the issue's list): the oracle for the data file
KDP_GUTTER = ((24, 150, 0.375), (151, 300, 0.5), (301, 500, 0.625), (501, 700, 0.75), (701, 828, 0.875))
KDP_SPINE = {"white": 0.002252, "cream": 0.0025, "color-standard": 0.002252, "color-premium": 0.002347}


def default_book(folder: Path, **book: Any) -> Path:
    """The embedded default book (config.yaml), its puzzle files read from the checkout,
    with ``book``'s keys set; written to ``folder``/config.yaml, output in ``folder``/out."""
    config = yaml.safe_load((REPO / "config.yaml").read_text(encoding="utf-8"))
    target = config["books"][0]
    for section in target["sections"]:
        if "puzzles" in section:
            section["puzzles"] = str(REPO / section["puzzles"])
    target.update(book)
    config["output"] = {"folder": "out", "formats": ["pdf"]}
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


def easy_book(folder: Path, count: int, *, formats: tuple[str, ...] = ("pdf",), **book: Any) -> Path:
    """A 9x9 book of ``count`` easy puzzles from tests/data (one to a page, answers at the back)."""
    lines = [line.split()[0] for name in ("graded-easy-60.txt", "easy50.txt")
             for line in (DATA / name).read_text().splitlines() if line.strip()]
    assert len(lines) >= count
    (folder / "set.txt").write_text("\n".join(lines[:count]) + "\n")
    config = {"books": [{"title": "Easy Sudoku", "author": "Test Author", "answers": "back",
                         "page": {"size": "6x9in"},
                         "layout": {"puzzles_per_page": "1x1", "answers_per_page": "1x1"},
                         "sections": [{"title": "Easy", "puzzles": "set.txt"}], **book}],
              "output": {"folder": "out", "formats": list(formats)}}
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


def build(config: Path, *args: str) -> int:
    return main(["build", str(config), "-q", *args])


#: MuPDF's bbox-log entries that put ink on the page (text is measured from the text layer)
_PAINTED = {"fill-path": "a drawing", "stroke-path": "a drawing", "fill-shade": "a drawing",
            "fill-image": "an image", "fill-imgmask": "an image"}


def marks(page: pymupdf.Page, media: Any) -> Iterator[Mark]:
    """Every run of glyphs (its line box), drawing and image of a page as MuPDF reads them, in
    PDF coordinates: a reader independent of preflight's own (PDFium)."""
    from publisher.printing.cover import Rect

    def pdf_rect(x0: float, y0: float, x1: float, y1: float) -> Rect:
        return Rect(media.x0 + x0, media.y1 - y1, media.x0 + x1, media.y1 - y0)

    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                text = span["text"].strip()
                if text:
                    yield Mark(pdf_rect(*span["bbox"]), f"text '{text[:40]}'")
    for kind, box in page.get_bboxlog():
        if kind in _PAINTED:
            yield Mark(pdf_rect(*box), _PAINTED[kind])


def boxes(doc: pymupdf.Document, index: int) -> dict[str, tuple[float, ...]]:
    page = doc[index]
    found = {}
    for key in ("MediaBox", "TrimBox", "BleedBox"):
        kind, value = doc.xref_get_key(page.xref, key)
        if kind == "array":
            found[key] = tuple(float(v) for v in value.strip("[]").split())
    return found


# ------------------------------------------------------------------ profiles as data

def test_kdp_data_file_holds_kdp_figures() -> None:
    kdp = load_profile("kdp")
    for low, high, inches in KDP_GUTTER:
        assert kdp.gutter_for(low) == kdp.gutter_for(high) == pytest.approx(inches * INCH)
    assert kdp.bleed == pytest.approx(0.125 * INCH) and not kdp.bleed_all_edges
    assert (kdp.margin(False), kdp.margin(True)) == pytest.approx((0.25 * INCH, 0.375 * INCH))
    assert kdp.page_limits("white", (6 * INCH, 9 * INCH)) == (24, 828)
    assert kdp.page_limits("cream", (6 * INCH, 9 * INCH)) == (24, 776)
    assert kdp.page_limits("white", (8.5 * INCH, 11 * INCH)) == (24, 590)
    assert kdp.page_limits("cream", (8.5 * INCH, 11 * INCH)) == (24, 550)
    for paper, per_page in KDP_SPINE.items():
        assert kdp.spine_width(100, paper) == pytest.approx(100 * per_page * INCH)
    assert not kdp.spine_text_allowed(79) and kdp.spine_text_allowed(80)
    assert (kdp.barcode.width, kdp.barcode.height) == pytest.approx((2 * INCH, 1.2 * INCH))


@pytest.mark.parametrize("service", SERVICES)
def test_every_profile_has_every_figure_with_its_source(service: str) -> None:
    profile = load_profile(service)
    assert profile.trim_allowed((6 * INCH, 9 * INCH))
    text = (REPO / "publisher" / "printing" / "profiles" / f"{service}.yaml").read_text()
    data = yaml.safe_load(text)   # the data file read on its own: the loader must give its figures
    for paper in PAPERS:
        least, most = profile.page_limits(paper, (6 * INCH, 9 * INCH))
        assert (least, most) == (data["min_pages"][paper], data["max_pages"][paper])
        assert profile.spine_width(200, paper) > 0
    assert re.search(r"(help\.|\.com|KDP Help)", text), "each data file names its sources"
    gutters = [inside for _, inside in profile.gutters]
    assert gutters == sorted(gutters)


# ------------------------------------------------------------------ service: none

@pytest.mark.slow
def test_service_none_changes_no_byte(tmp_path: Path) -> None:
    plain, explicit = tmp_path / "plain", tmp_path / "explicit"
    plain.mkdir()
    explicit.mkdir()
    formats = ["pdf", "docx", "rtf", "html"]
    assert build(easy_book(plain, 6, formats=tuple(formats))) == 0
    assert build(easy_book(explicit, 6, formats=tuple(formats), print={"service": "none", "paper": "cream"},
                           cover={"back_text": "ignored without a service"})) == 0
    digests = [{p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in (folder / "out").iterdir()}
               for folder in (plain, explicit)]
    assert len(digests[0]) == 4 and digests[0] == digests[1]
    assert not any("cover" in name for name in digests[0])


# ------------------------------------------------------------------ interior under a profile

def _safe_everywhere(doc: pymupdf.Document, margin: float, gutter: float) -> None:
    """Every glyph, drawing and image inside the trim less the margins, the gutter on the binding side."""
    for index in range(doc.page_count):
        found = boxes(doc, index)
        x0, y0, x1, y1 = found["TrimBox"]
        right_hand = index % 2 == 0
        for mark in marks(doc[index], _rect(found["MediaBox"])):
            r = mark.rect
            inside = r.x0 - x0 if right_hand else x1 - r.x1
            outside = x1 - r.x1 if right_hand else r.x0 - x0
            assert inside >= gutter - 0.05, (index + 1, mark.what, "gutter")
            assert outside >= margin - 0.05, (index + 1, mark.what, "outside")
            assert y1 - r.y1 >= margin - 0.05 and r.y0 - y0 >= margin - 0.05, (index + 1, mark.what)


def _rect(box: tuple[float, ...]) -> Any:
    from publisher.printing.cover import Rect
    return Rect(*box)


@pytest.mark.slow
@pytest.mark.parametrize("size, trim", [("6x9in", (6, 9)), ("8.5x11in", (8.5, 11))])
def test_kdp_bleed_interior_boxes_and_safe_area(tmp_path: Path, size: str, trim: tuple[float, float]) -> None:
    config = default_book(tmp_path, page={"size": size, "margins": {"inside": "0.2in", "top": "0.3in",
                                                                    "bottom": "0.3in", "outside": "0.3in"}},
                          answers="back", print={"service": "kdp", "paper": "white", "bleed": True})
    assert build(config) == 0
    pdf = next((tmp_path / "out").glob("*-puzzles.pdf"))
    with pymupdf.open(pdf) as doc:
        count = doc.page_count
        assert count >= 24 and count % 2 == 0
        width, height = trim[0] * INCH, trim[1] * INCH
        for index in range(count):
            found = boxes(doc, index)
            assert found["MediaBox"] == pytest.approx((0, 0, width + 9, height + 18), abs=0.01)
            assert found["BleedBox"] == pytest.approx(found["MediaBox"], abs=0.01)
            left = 0.0 if index % 2 == 0 else 9.0       # page 1 is a right-hand page: bleed on its right
            assert found["TrimBox"] == pytest.approx((left, 9, left + width, 9 + height), abs=0.01)
        gutter = next(g for low, high, g in KDP_GUTTER if low <= count <= high) * INCH
        _safe_everywhere(doc, 0.375 * INCH, gutter)
        # the gutter is the table's for this page count: the binding side is no wider than it needs
        nearest = min(_binding_distance(doc, index) for index in range(count))
        assert nearest == pytest.approx(gutter, abs=2.0)
        assert not any(doc[i].get_links() or doc[i].first_annot for i in range(count))
    assert check_interior(pdf.read_bytes(), pdf.name, PrintChoice(load_profile("kdp"), "white", True)) == []
    with pymupdf.open(tmp_path / "out" / "tuyen-tap-sudoku-cover.pdf") as doc:   # built beside it, same run
        media = boxes(doc, 0)["MediaBox"]
        assert media[2] / INCH == pytest.approx(0.25 + 2 * trim[0] + count * KDP_SPINE["white"], abs=0.01)
        assert media[3] / INCH == pytest.approx(trim[1] + 0.25, abs=0.01)


def _binding_distance(doc: pymupdf.Document, index: int) -> float:
    found = boxes(doc, index)
    x0, _, x1, _ = found["TrimBox"]
    rects = [m.rect for m in marks(doc[index], _rect(found["MediaBox"]))]
    if not rects:
        return float("inf")
    return min(r.x0 - x0 for r in rects) if index % 2 == 0 else min(x1 - r.x1 for r in rects)


def test_short_booklets_get_blank_pages_said_in_the_summary_or_fail_under_strict(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = easy_book(tmp_path, 5, print={"service": "kdp"}, answers="separate")
    assert main(["build", str(config)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"easy-sudoku-puzzles\.pdf: \d+ pages; \d+ pages \(Notes pages, then blank ones\) added at "
                     r"the end to reach KDP's minimum of 24", out)
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-answers.pdf") as doc:
        assert doc.page_count == 24
        texts = [doc[i].get_text().split() for i in range(24)]
        assert texts[23] == [] and not doc[23].get_drawings()
        # KDP's review refuses more than 10 blank pages in a row at the end: the padding before
        # those is Notes pages (heading and folio), numbered as every other page
        blanks_at_end = next(i for i, words in enumerate(reversed(texts)) if words)
        assert blanks_at_end == 10
        notes = [i + 1 for i, words in enumerate(texts) if "Notes" in words]
        assert notes and notes == list(range(notes[0], 15))
        assert all(sorted(texts[n - 1]) == sorted(["Notes", str(n)]) for n in notes)
    # a separate answer booklet is a printed book of its own: its own cover, for its own page count
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-answers-cover.pdf") as doc:
        assert boxes(doc, 0)["MediaBox"][2] / INCH == pytest.approx(12.25 + 24 * KDP_SPINE["white"], abs=0.01)
        assert "Answers" in doc[0].get_text()
    assert main(["preflight", str(config)]) == 0
    assert capsys.readouterr().out.strip().endswith("preflight: 4 files checked, every rule passed")
    before = (tmp_path / "out" / "easy-sudoku-puzzles.pdf").read_bytes()
    assert main(["build", str(config), "--strict"]) == 1
    assert "--strict" in capsys.readouterr().err
    assert (tmp_path / "out" / "easy-sudoku-puzzles.pdf").read_bytes() == before


def test_trim_the_service_does_not_print_is_a_config_error(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    config = easy_book(tmp_path, 2, page={"size": "3x5in"}, print={"service": "ingramspark"})
    assert build(config) == 2
    assert re.search(r"config\.yaml:\d+: books\[0\]\.page\.size: IngramSpark does not print a 3x5 in trim",
                     capsys.readouterr().err)


@pytest.mark.parametrize("service, all_edges", [("lulu", True), ("ingramspark", False)])
def test_other_services_bleed_and_margins(tmp_path: Path, service: str, all_edges: bool) -> None:
    config = easy_book(tmp_path, 4, print={"service": service, "bleed": True})
    assert build(config) == 0
    profile = load_profile(service)
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-puzzles.pdf") as doc:
        b = profile.bleed
        for index in (0, 1):
            found = boxes(doc, index)
            width = 6 * INCH + (2 * b if all_edges else b)
            assert found["MediaBox"][2] == pytest.approx(width, abs=0.01)
            left = b if all_edges or index % 2 else 0.0
            assert found["TrimBox"][0] == pytest.approx(left, abs=0.01)
        _safe_everywhere(doc, profile.margin(True), profile.gutter_for(doc.page_count))
        last = doc[doc.page_count - 1]
        assert doc.page_count % 2 == 0
        if service == "ingramspark":   # "the final page should be blank"
            assert not last.get_text().strip() and not last.get_drawings()


# ------------------------------------------------------------------ the cover

def _cover_case(tmp_path: Path, count: int, **book: Any) -> tuple[Path, int]:
    config = easy_book(tmp_path, count, print={"service": "kdp", "paper": "cream", "bleed": True},
                       cover={"back_text": "Sixty easy puzzles.\nWith answers.", "colors": {"background": "#204060"}},
                       **book)
    assert build(config) == 0
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-puzzles.pdf") as doc:
        pages = doc.page_count
    return tmp_path / "out" / "easy-sudoku-cover.pdf", pages


def _spine_glyphs(cover: Path, pages: int) -> list[Any]:
    spine = pages * KDP_SPINE["cream"] * INCH
    left = 9 + 6 * INCH
    with pymupdf.open(cover) as doc:
        media = _rect(boxes(doc, 0)["MediaBox"])
        return [m.rect for m in marks(doc[0], media) if m.what != "a drawing"
                and left <= (m.rect.x0 + m.rect.x1) / 2 <= left + spine]


def test_cover_of_a_thin_book_has_its_size_an_empty_barcode_area_and_no_spine_text(tmp_path: Path) -> None:
    cover, pages = _cover_case(tmp_path, 20)
    assert pages < 79
    width = 0.125 * 2 + 6 * 2 + pages * KDP_SPINE["cream"]
    with pymupdf.open(cover) as doc:
        assert doc.page_count == 1
        found = boxes(doc, 0)
        assert found["MediaBox"][2] / INCH == pytest.approx(width, abs=0.01)
        assert found["MediaBox"][3] / INCH == pytest.approx(9.25, abs=0.01)
        assert found["TrimBox"] == pytest.approx((9, 9, found["MediaBox"][2] - 9, 657), abs=0.01)
        # barcode area: 2 x 1.2 in, 0.25 in from the spine and the bottom trim, nothing drawn in it
        right = 9 + 6 * INCH - 0.25 * INCH
        area = (right - 2 * INCH, 9 + 0.25 * INCH, right, 9 + 0.25 * INCH + 1.2 * INCH)
        for mark in marks(doc[0], _rect(found["MediaBox"])):
            r = mark.rect
            assert not (r.x0 < area[2] - 0.01 and r.x1 > area[0] + 0.01 and r.y0 < area[3] - 0.01
                        and r.y1 > area[1] + 0.01), mark.what
        assert "Sixty easy puzzles." in doc[0].get_text() and "Easy Sudoku" in doc[0].get_text()
        assert not doc[0].get_links() and doc[0].first_annot is None
    assert _spine_glyphs(cover, pages) == []


@pytest.mark.slow
def test_cover_of_a_thick_book_carries_spine_text_clear_of_the_folds(tmp_path: Path) -> None:
    cover, pages = _cover_case(tmp_path, 72)
    assert pages > 100
    glyphs = _spine_glyphs(cover, pages)
    assert glyphs
    spine = pages * KDP_SPINE["cream"] * INCH
    left = 9 + 6 * INCH
    with pymupdf.open(cover) as doc:   # the glyphs' ink, rendered: clear of both folds, centred
        ink = ink_across(doc[0], pymupdf.Rect(left, 9, left + spine, 9 + 9 * INCH), (0x20, 0x40, 0x60))
    assert ink is not None
    assert ink[0] >= left + 0.0625 * INCH and ink[1] <= left + spine - 0.0625 * INCH
    assert (ink[0] + ink[1]) / 2 == pytest.approx(left + spine / 2, abs=0.5)
    data = cover.read_bytes()
    chosen = PrintChoice(load_profile("kdp"), "cream", True)
    assert check_cover(data, cover.name, chosen, pages, (6 * INCH, 9 * INCH)) == []
    # the same cover checked against a page count it was not built for fails on its size
    wrong = check_cover(data, cover.name, chosen, pages + 40, (6 * INCH, 9 * INCH))
    assert [v.rule for v in wrong][:1] == ["cover-size"]


def test_low_resolution_front_image_is_a_warning_naming_the_file(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image
    Image.new("RGB", (600, 900), "#336699").save(tmp_path / "front.png")
    config = easy_book(tmp_path, 16, print={"service": "kdp"}, cover={"front_image": "front.png"})
    assert main(["build", str(config)]) == 0
    assert re.search(r"warning: front\.png: 600x900 px is \d+ dpi at its printed size", capsys.readouterr().out)
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-cover.pdf") as doc:
        assert doc[0].get_image_info()
    assert main(["build", str(config), "--strict", "-q"]) == 1
    assert "--strict: front.png: 600x900 px" in capsys.readouterr().err
    (tmp_path / "front.png").write_text("not a picture")
    assert main(["build", str(config), "-q"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"config\.yaml:\d+: books\[0\]\.cover\.front_image: front\.png: not an image we can read", err)
    assert "Traceback" not in err


# ------------------------------------------------------------------ poppler agrees

def _pdfinfo_boxes(pdf: Path, page: int) -> dict[str, tuple[float, ...]]:
    out = subprocess.run([require(None, "pdfinfo"), "-box", "-f", str(page), "-l", str(page), str(pdf)],
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for name, *numbers in re.findall(r"Page\s+\d+\s+(\w+Box):\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", out):
        found[name] = tuple(float(n) for n in numbers)
    if not found:   # a one-page file prints its boxes without the page number
        for name, *numbers in re.findall(r"^(\w+Box):\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", out, re.M):
            found[name] = tuple(float(n) for n in numbers)
    return found


@pytest.mark.consumers
def test_poppler_reads_the_same_boxes(tmp_path: Path) -> None:
    cover, pages = _cover_case(tmp_path, 72)
    interior = tmp_path / "out" / "easy-sudoku-puzzles.pdf"
    right, left = _pdfinfo_boxes(interior, 1), _pdfinfo_boxes(interior, 2)
    assert right["MediaBox"] == pytest.approx((0, 0, 441, 666), abs=0.01)
    assert right["TrimBox"] == pytest.approx((0, 9, 432, 657), abs=0.01)
    assert left["TrimBox"] == pytest.approx((9, 9, 441, 657), abs=0.01)
    assert left["BleedBox"] == pytest.approx((0, 0, 441, 666), abs=0.01)
    wrap = _pdfinfo_boxes(cover, 1)
    assert wrap["MediaBox"][2] / INCH == pytest.approx(12.25 + pages * KDP_SPINE["cream"], abs=0.01)
    assert wrap["TrimBox"] == pytest.approx((9, 9, wrap["MediaBox"][2] - 9, 657), abs=0.01)


# ------------------------------------------------------------------ preflight

def test_preflight_passes_what_a_profile_build_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = easy_book(tmp_path, 6, print={"service": "kdp", "bleed": True})
    assert build(config) == 0
    assert main(["preflight", str(config)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == "preflight: 2 files checked, every rule passed"
    # the pass names what it checked: the figures KDP's form asks, read here from the PDFs' own
    # boxes and KDP's published spine thickness (issue 51, item 6)
    interior, cover = tmp_path / "out" / "easy-sudoku-puzzles.pdf", tmp_path / "out" / "easy-sudoku-cover.pdf"
    with pymupdf.open(interior) as doc:
        pages, (x0, y0, x1, y1) = doc.page_count, boxes(doc, 0)["TrimBox"]
    with pymupdf.open(cover) as doc:
        wrap = boxes(doc, 0)["MediaBox"]
    spine = f"{round(pages * KDP_SPINE['white'], 4):g}"
    assert [line.split(": ", 2)[:2] for line in out[:2]] == [["preflight", str(interior)], ["preflight", str(cover)]]
    assert [line.split(": ", 2)[2] for line in out[:2]] == [
        f"KDP interior: {(x1 - x0) / INCH:g} x {(y1 - y0) / INCH:g} in, {pages} pages, "
        f"white paper, with bleed, gutter {next(g for low, high, g in KDP_GUTTER if low <= pages <= high):g} in, "
        f"spine {spine} in",
        f"KDP cover: {round(wrap[2] / INCH, 4):g} x {round(wrap[3] / INCH, 4):g} in "
        f"with its bleed, spine {spine} in ({pages} interior pages on white paper)"], out
    assert main(["preflight", str(config), "--json"]) == 0
    files = json.loads(capsys.readouterr().out)["files"]
    assert files[0]["size_in"] == [6, 9] and files[0]["interior_pages"] == pages and files[0]["bleed"] is True
    assert files[1]["spine_in"] == float(spine) and files[1]["pages"] == 1


def test_preflight_names_every_violation_of_a_book_with_thin_margins(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    config = easy_book(tmp_path, 6, page={"size": "6x9in", "mirrored": True,
                                          "margins": {"top": "0.25in", "bottom": "0.25in", "inside": "0.2in",
                                                      "outside": "0.2in"}})
    assert build(config) == 0
    capsys.readouterr()
    junit = tmp_path / "preflight.xml"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert main(["preflight", str(config), "--service", "kdp", "--junit", str(junit)]) == 1
    out = capsys.readouterr().out.splitlines()
    lines = [line for line in out if not line.startswith(("::", "preflight:"))]
    pdf = str(tmp_path / "out" / "easy-sudoku-puzzles.pdf")
    assert all(line.startswith(f"{pdf}: ") for line in lines)
    assert re.search(r": page 3: page number '3' 0\.\d+ in from the bottom trim, KDP needs 0\.25 in without bleed",
                     "\n".join(lines))
    # the first mark past the gutter line on page 3: the heading, or the grid that fills the text block beside it
    assert any(re.search(r": page 3: (text 'Easy' 0\.200|a drawing 0\.1\d\d) in from the binding edge \(gutter\), "
                         r"KDP needs 0\.375 in for 11 pages", line) for line in lines)
    assert f"{pdf}: 11 pages; KDP needs 24 to 828 pages on white paper" in lines
    # one line per page and rule: never two for the same page and rule
    keys = [(re.search(r": (page \d+): ", line) or re.search("(.)", "-")).group(1)
            + (re.search(r" from the ([^,]+),", line) or re.search("(.)", "-")).group(1) for line in lines]
    assert len(keys) == len(set(keys))
    annotations = [line for line in out if line.startswith("::error file=")]
    assert len(annotations) == len(lines) and "title=preflight margin-bottom page 3::" in "\n".join(annotations)
    root = ET.parse(junit).getroot()
    assert int(root.get("failures")) >= 4
    failed = {case.get("name").rsplit(": ", 1)[1] for case in root.iter("testcase") if case.find("failure") is not None}
    assert {"gutter", "margin-top", "margin-bottom", "page-count"} <= failed
    # built without a print profile, the book keeps its links (contents, cross-references): preflight names them
    assert "annotations" in failed and "fonts" not in failed


def test_preflight_names_runs_of_blank_pages(tmp_path: Path) -> None:
    """KDP: at most 2 blank pages in a row before the end and 10 at the end; measured on a PDF
    written here by reportlab, not by our layout (page 1-3 and 7-9 printed)."""
    from reportlab.pdfgen import canvas
    path = tmp_path / "runs.pdf"
    pdf = canvas.Canvas(str(path), pagesize=(6 * INCH, 9 * INCH), invariant=1)
    for number in range(1, 25):
        if number in (1, 2, 3, 7, 8, 9):
            pdf.drawString(2 * INCH, 4 * INCH, f"page {number}")
        pdf.showPage()
    pdf.save()
    found = [v for v in check_interior(path.read_bytes(), "runs.pdf", PrintChoice(load_profile("kdp"), "white", False))
             if v.rule == "blank-pages"]
    assert [str(v) for v in found] == [
        "runs.pdf: page 4: 3 blank pages in a row before the end (pages 4-6), KDP accepts at most 2",
        "runs.pdf: page 10: 15 blank pages in a row at the end (pages 10-24), KDP accepts at most 10"]
    assert [v.rule for v in check_interior(path.read_bytes(), "runs.pdf",
                                           PrintChoice(load_profile("lulu"), "white", False))
            if v.rule == "blank-pages"] == []


def test_preflight_json_and_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = easy_book(tmp_path, 4)
    assert main(["preflight", str(config)]) == 2
    assert "has no print.service; name one with --service" in capsys.readouterr().err
    assert main(["preflight", str(config), "--service", "lulu"]) == 2
    assert "not built yet (run puzzlepress build first)" in capsys.readouterr().err
    assert build(config) == 0
    capsys.readouterr()
    assert main(["preflight", str(config), "--service", "lulu", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "failed" and report["exit_code"] == 1 and report["version"] == 1
    (interior,) = report["files"]
    assert interior["kind"] == "interior" and interior["service"] == "Lulu"
    assert {v["rule"] for v in interior["violations"]} >= {"page-count", "margin-top"}


def test_preflight_reads_boxes_back_not_the_layout(tmp_path: Path) -> None:
    """A bled interior checked as if built without bleed, and the reverse, fails on its boxes."""
    config = easy_book(tmp_path, 6, print={"service": "kdp", "bleed": True})
    assert build(config) == 0
    data = (tmp_path / "out" / "easy-sudoku-puzzles.pdf").read_bytes()
    kdp = load_profile("kdp")
    as_plain = check_interior(data, "x.pdf", PrintChoice(kdp, "white", False))
    assert "page-boxes" in {v.rule for v in as_plain}
    assert check_interior(data, "x.pdf", PrintChoice(kdp, "white", True)) == []


@pytest.mark.slow
def test_a_340_page_book_with_a_fixed_half_inch_gutter_fails_preflight(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    lines = (DATA / "17clue-300.txt").read_text().split()[:280]
    (tmp_path / "set.txt").write_text("\n".join(lines) + "\n")
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump({"books": [{
        "title": "Big", "answers": "back", "page": {"size": "6x9in", "mirrored": True,
                                                    "margins": {"inside": "0.5in", "outside": "0.5in"}},
        "layout": {"puzzles_per_page": "1x1", "answers_per_page": "2x3"},
        "sections": [{"title": "Hard", "puzzles": "set.txt"}]}], "output": {"folder": "out", "formats": ["pdf"]}}))
    assert build(config) == 0
    with pymupdf.open(tmp_path / "out" / "big-puzzles.pdf") as doc:
        pages = doc.page_count
    assert 301 <= pages <= 500
    capsys.readouterr()
    junit = tmp_path / "p.xml"
    assert main(["preflight", str(config), "--service", "kdp", "--junit", str(junit)]) == 1
    gutter = [line for line in capsys.readouterr().out.splitlines() if "(gutter)" in line]
    needs = rf"0\.[45]\d+ in from the binding edge \(gutter\), KDP needs 0\.625 in for {pages} pages"
    assert gutter and all(re.search(needs, line) for line in gutter)
    assert any(case.find("failure") is not None and case.get("name").endswith(": gutter")
               for case in ET.parse(junit).getroot().iter("testcase"))


@pytest.mark.slow
def test_a_generated_300_puzzle_book_builds_interior_and_cover_in_one_command(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump({"books": [{
        "title": "Three Hundred Sudoku", "author": "puzzlepress", "answers": "back", "page": {"size": "6x9in"},
        "print": {"service": "kdp", "paper": "white"},
        "sections": [{"title": "Easy", "generate": {"count": 300, "level": "easy", "seed": 7}}]}],
        "output": {"folder": "out", "formats": ["pdf", "cover"]}}))
    assert build(config) == 0
    with pymupdf.open(tmp_path / "out" / "three-hundred-sudoku-puzzles.pdf") as doc:
        pages = doc.page_count
    with pymupdf.open(tmp_path / "out" / "three-hundred-sudoku-cover.pdf") as doc:
        width = boxes(doc, 0)["MediaBox"][2] / INCH
    assert pages > 79
    assert width == pytest.approx(0.25 + 12 + pages * KDP_SPINE["white"], abs=0.01)
    assert _spine_glyphs_white(tmp_path / "out" / "three-hundred-sudoku-cover.pdf", pages)


def _spine_glyphs_white(cover: Path, pages: int) -> list[Any]:
    spine = pages * KDP_SPINE["white"] * INCH
    left = 9 + 6 * INCH
    with pymupdf.open(cover) as doc:
        media = _rect(boxes(doc, 0)["MediaBox"])
        return [m.rect for m in marks(doc[0], media) if m.what != "a drawing"
                and left <= (m.rect.x0 + m.rect.x1) / 2 <= left + spine]


@pytest.mark.slow
def test_docx_and_rtf_follow_the_profile_margins(tmp_path: Path) -> None:
    import docx
    config = easy_book(tmp_path, 16, formats=("pdf", "docx", "rtf"), print={"service": "kdp"},
                       page={"size": "6x9in", "margins": {"top": "0.1in", "bottom": "0.1in", "inside": "0.1in",
                                                          "outside": "0.1in"}})
    assert build(config) == 0
    with pymupdf.open(tmp_path / "out" / "easy-sudoku-puzzles.pdf") as doc:
        pages = doc.page_count
    gutter = load_profile("kdp").gutter_for(pages)
    document = docx.Document(str(tmp_path / "out" / "easy-sudoku-puzzles.docx"))
    emu = 914400
    for section in document.sections:
        assert section.page_width / emu == pytest.approx(6) and section.page_height / emu == pytest.approx(9)
        assert section.left_margin / emu * INCH >= gutter            # the inside margin (mirrored)
        assert section.right_margin / emu >= 0.25 and section.top_margin / emu > 0.25
        assert section.bottom_margin / emu > 0.25
    assert document.settings.element.find(
        "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}mirrorMargins") is not None
    rtf = (tmp_path / "out" / "easy-sudoku-puzzles.rtf").read_text()
    assert "\\margmirror" in rtf
    left = int(re.search(r"\\margl(\d+)", rtf).group(1))
    assert left / 20 >= gutter and int(re.search(r"\\margr(\d+)", rtf).group(1)) / 20 >= 0.25 * INCH


def test_preflight_finds_links_transparency_and_unembedded_fonts(tmp_path: Path) -> None:
    """A PDF written by another tool: a link, a half-transparent fill and Helvetica (not embedded)."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(6 * INCH, 9 * INCH))
    for _ in range(24):
        canvas.setFont("Helvetica", 12)
        canvas.drawString(100, 300, "plain text")
        canvas.setFillAlpha(0.5)
        canvas.rect(100, 100, 50, 50, fill=1, stroke=0)
        canvas.linkURL("https://example.com", (100, 100, 150, 150))
        canvas.showPage()
    canvas.save()
    found = check_interior(buffer.getvalue(), "other.pdf", PrintChoice(load_profile("kdp"), "white", False))
    rules = {v.rule for v in found}
    assert {"annotations", "transparency", "fonts"} <= rules
    assert "other.pdf: page 1: font Helvetica is not embedded" in [str(v) for v in found]
    assert not {"gutter", "margin-top", "margin-bottom", "margin-outside"} & rules
