"""DOCX and RTF of a variety book (Killer, KenKen, tours, queens; Letter), read back as an editor
does (issue 42, items 16-18): LibreOffice converts them to PDF, pymupdf measures the pages.

- the cage, tour and coordinate pictures stand on their grids: the grid's top and bottom frame
  lines run along the picture's edges (their centres within 0.35 pt), on pages with a running
  head and without, so a top-row total is never under the line;
- every picture of the DOCX is 300 dpi or more at its printed size (its pixels over its extent);
- a cross-reference is as large in the DOCX and the RTF as in our own PDF.
"""
from __future__ import annotations

import re
import zipfile
from collections import Counter
from pathlib import Path

import pymupdf
import pytest

from publisher.render import get
from tests.book.test_fit_and_floors import VARIETY, build_book
from tests.consumers import libreoffice_to_pdf

pytestmark = [pytest.mark.slow, pytest.mark.consumers]

#: how far a frame line's centre may stand from its picture's edge, points
ALIGNED = 0.35
EMU_PER_INCH = 914400


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("office-pictures")
    reads = build_book(VARIETY.replace("PAGE", "Letter").replace("LAYOUT", "{}").replace("PRINT", "{}"), folder)
    out: dict[str, Path] = {}
    sources = []
    for read in reads:
        path = folder / f"{read.booklet.role}.pdf"
        path.write_bytes(get("pdf")().render(read.booklet))
        out[f"{read.booklet.role}.pdf"] = path
        for fmt in ("docx", "rtf"):
            source = folder / f"{read.booklet.role}-{fmt}.{fmt}"
            source.write_bytes(get(fmt)().render(read.booklet))
            out[f"{read.booklet.role}.{fmt}"] = source
            sources.append(source)
    fonts = tuple(sorted({Path(f) for read in reads for f in (read.booklet.fonts.regular, read.booklet.fonts.bold)}))
    for source, pdf in zip(sources, libreoffice_to_pdf(sources, folder / "lo", fonts)):
        out[f"{source.stem.replace('-', '.')}.lo.pdf"] = pdf
    return out


def frame_lines(page: pymupdf.Page, picture: pymupdf.Rect) -> tuple[list[float], list[float]]:
    """Offsets from the picture's top and bottom edges of the horizontal lines (or thin filled
    rectangles) that run across its left part: the grid's frame lines near those edges."""
    tops, bottoms = [], []
    probe = picture.x0 + min(20.0, picture.width / 4)
    for drawing in page.get_drawings():
        for item in drawing["items"]:
            if item[0] == "l" and abs(item[1].y - item[2].y) < 0.01:
                y, x0, x1 = item[1].y, min(item[1].x, item[2].x), max(item[1].x, item[2].x)
            elif item[0] == "re" and item[1].height < 4:
                y, x0, x1 = (item[1].y0 + item[1].y1) / 2, item[1].x0, item[1].x1
            else:
                continue
            if x0 <= probe <= x1:
                if abs(y - picture.y0) < 4:
                    tops.append(y - picture.y0)
                if abs(y - picture.y1) < 4:
                    bottoms.append(y - picture.y1)
    return tops, bottoms


@pytest.mark.parametrize("fmt", ["docx", "rtf"])
def test_pictures_stand_on_their_grids(office: dict[str, Path], fmt: str) -> None:
    checked = 0
    for role in ("puzzles", "answers"):
        doc = pymupdf.open(office[f"{role}.{fmt}.lo.pdf"])
        for page in doc:
            for info in page.get_image_info():
                picture = pymupdf.Rect(info["bbox"])
                if picture.width < 100:
                    continue        # a queen in its square (a grid's overlay is as large as the grid)
                tops, bottoms = frame_lines(page, picture)
                assert tops and bottoms, (fmt, role, page.number + 1, picture)
                assert min(map(abs, tops)) <= ALIGNED and min(map(abs, bottoms)) <= ALIGNED, \
                    (fmt, role, page.number + 1, sorted(tops), sorted(bottoms))
                checked += 1
    assert checked >= 8      # Killer and KenKen cages, tours, coordinates


def test_docx_pictures_are_300_dpi_at_their_printed_size(office: dict[str, Path]) -> None:
    checked = 0
    for role in ("puzzles", "answers"):
        with zipfile.ZipFile(office[f"{role}.docx"]) as z:
            document = z.read("word/document.xml").decode()
            links = z.read("word/_rels/document.xml.rels").decode()
            rels = dict(re.findall(r'Id="(rId\d+)"[^>]*Target="([^"]+)"', links))
            for cx, rid in re.findall(r'<wp:extent cx="(\d+)" cy="\d+"/>.*?r:embed="(rId\d+)"', document):
                png = z.read("word/" + rels[rid])
                assert png[:8] == b"\x89PNG\r\n\x1a\n"
                pixels = int.from_bytes(png[16:20], "big")
                dpi = pixels / (int(cx) / EMU_PER_INCH)
                assert dpi >= 300 - 0.5, (role, rels[rid], pixels, int(cx) / EMU_PER_INCH)
                checked += 1
    assert checked >= 10      # cages, tours, coordinates and queens


def ref_sizes(pdf: Path) -> Counter[float]:
    """The sizes of the cross-reference lines ("answer p. 3", "puzzle p. 12") in a PDF."""
    sizes: Counter[float] = Counter()
    for page in pymupdf.open(pdf):
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", ()):
                for span in line["spans"]:
                    if re.fullmatch(r"(answer|puzzle) p\. \d+", span["text"].strip()):
                        sizes[round(span["size"], 1)] += 1
    return sizes


@pytest.mark.parametrize("fmt", ["docx", "rtf"])
def test_cross_references_are_as_large_as_in_the_pdf(office: dict[str, Path], fmt: str) -> None:
    for role in ("puzzles", "answers"):
        ours, theirs = ref_sizes(office[f"{role}.pdf"]), ref_sizes(office[f"{role}.{fmt}.lo.pdf"])
        assert ours and set(theirs) == set(ours), (fmt, role, ours, theirs)
