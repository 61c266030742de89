"""Scan to play (issue 47): ``layout.qr`` prints a QR code under each puzzle, in every print
format, that a phone reads from print. zbar reads every page of the PDF, of the DOCX and RTF
through LibreOffice and of the HTML printed by Chromium, rendered at 300 dpi; the links it finds
are checked against the puzzles themselves, decoded by a second LZ-string (PyPI's ``lzstring``):
one code for each puzzle a site plays, none for the others, each module at least 0.4 mm."""
from __future__ import annotations

import json
from pathlib import Path

import lzstring
import pymupdf
import pytest
import yaml

from publisher import qrcodes
from publisher.cli import main
from publisher.kinds import KINDS
from publisher.model import QR_QUIET, Band
from publisher.sources import parse_file
from solver import formats
from solver.parsing import ParseIssue
from tests.consumers import barcodes, chromium_to_pdf, libreoffice_to_pdf
from tests.samples import REPO
from tests.stages import booklets_of

SETS = {"sudoku": "9x9-easy.txt", "killer": "killer-9x9.json", "kenken": "kenken-6x6.json",
        "knights_tour": "knights-6x6.txt"}


def _book(folder: Path, qr: object, size: str = "A4") -> Path:
    for name in SETS.values():
        (folder / name).write_bytes((REPO / "puzzles" / name).read_bytes())
    sections = [{"title": kind, "kind": kind, "puzzles": name} for kind, name in SETS.items()]
    config = folder / "config.yaml"
    config.write_text(yaml.safe_dump({"books": [{"title": "Scan", "page": {"size": size}, "layout": {"qr": qr},
                                                 "sections": sections}]}), encoding="utf-8")
    return config


def _scanned(pdf: Path, folder: Path) -> list[str]:
    """Every QR code zbar reads on every page of ``pdf`` rendered at 300 dpi."""
    found: list[str] = []
    with pymupdf.open(pdf) as doc:
        for number, page in enumerate(doc):
            png = folder / f"{pdf.stem}-{number}.png"
            page.get_pixmap(dpi=300, colorspace=pymupdf.csGRAY).save(png)
            found += [line.split(":", 1)[1] for line in barcodes(png) if line.startswith("QR-Code:")]
    return found


def _givens(link: str) -> tuple[str, int]:
    """The givens and the number of cages an f-puzzles or SudokuPad link carries, read with
    another LZ-string."""
    data = json.loads(lzstring.LZString().decompressFromBase64(link.split("fpuzzles", 1)[1]))
    givens = "".join(str(cell["value"]) if cell.get("given") else "." for row in data["grid"] for cell in row)
    return givens, len(data.get("killercage", []))


def _puzzles(folder: Path, kind: str) -> list:
    """The puzzles of the copied set of ``kind``, read as the build reads them."""
    return [p for p in parse_file(folder / SETS[kind], KINDS[kind], {}) if not isinstance(p, ParseIssue)]


@pytest.mark.consumers
@pytest.mark.slow
def test_every_print_format_carries_a_code_a_phone_reads_for_each_puzzle(tmp_path: Path) -> None:
    config = _book(tmp_path, "sudokupad")
    assert main(["build", str(config), "-q"]) == 0
    out = tmp_path / "out"
    sudoku = sorted("".join(str(v) if v else "." for v in p.givens) for p in _puzzles(tmp_path, "sudoku"))
    killers = _puzzles(tmp_path, "killer")
    kenkens = sorted(formats.write(p, "tatham") for p in _puzzles(tmp_path, "kenken"))
    pdfs = {"pdf": out / "scan-puzzles.pdf", "html": chromium_to_pdf(out / "scan-puzzles.html", tmp_path / "h.pdf")}
    for ext in ("docx", "rtf"):
        (tmp_path / ext).mkdir()
        pdfs[ext] = libreoffice_to_pdf([out / f"scan-puzzles.{ext}"], tmp_path / ext)[0]
    for fmt, pdf in pdfs.items():
        links = _scanned(pdf, tmp_path)
        pads = [link for link in links if link.startswith("https://sudokupad.app/fpuzzles")]
        keens = sorted(link.split("#", 1)[1] for link in links if "/keen.html#" in link)
        assert len(links) == len(sudoku) + len(killers) + len(kenkens), fmt   # no code for a tour
        assert len(pads) == len(sudoku) + len(killers), fmt                   # a KenKen goes to Tatham's page
        read = [_givens(link) for link in pads]
        assert sorted(givens for givens, cages in read if not cages) == sudoku, fmt
        assert sorted(cages for _, cages in read if cages) == sorted(len(k.cages) for k in killers), fmt
        assert keens == kenkens, fmt


@pytest.mark.consumers
def test_a_publishers_own_address_carries_the_number(tmp_path: Path) -> None:
    config = _book(tmp_path, {"url": "https://example.org/scan#p{n}"}, size="6x9in")
    assert main(["build", str(config), "-q"]) == 0
    links = _scanned(tmp_path / "out" / "scan-puzzles.pdf", tmp_path)
    total = sum(1 for _ in (tmp_path / SETS["sudoku"]).read_text().splitlines()) + 4 + 4 + 8
    assert sorted(links, key=lambda link: int(link.rsplit("p", 1)[1])) == \
        [f"https://example.org/scan#p{n}" for n in range(1, len(links) + 1)]
    assert len(links) <= total


def test_modules_are_at_least_the_printable_floor_and_the_fit_counts_the_codes(tmp_path: Path) -> None:
    """Each module at least 0.4 mm; every puzzle a site plays has its code under its grid, inside
    its band, clear of the grid and its caption; no tour and no answer carries one."""
    config = _book(tmp_path, "sudokupad", size="5x8in")
    playable = sum(len(_puzzles(tmp_path, kind)) for kind in ("sudoku", "killer", "kenken"))
    coded = 0
    for booklet in booklets_of(config):
        for page in booklet.pages:
            for above, below in zip(page.blocks, page.blocks[1:]):     # a quiet zone under each code, too
                if isinstance(above, Band):
                    assert below.y - (above.y + above.height) >= QR_QUIET * qrcodes.MODULE
            for band in (block for block in page.blocks if isinstance(block, Band)):
                for item in band.items:
                    if booklet.role == "answers" or item.number > playable:   # the tours come last
                        assert item.qr is None
                        continue
                    assert item.qr is not None
                    coded += 1
                    assert item.qr.module * 25.4 / 72 >= 0.4
                    assert item.qr.y >= item.caption_height + item.grid.height
                    assert item.y + item.qr.y + item.qr.side <= band.y + band.height + 1e-6
                    assert item.qr.x + item.qr.side <= item.grid.width + 1e-6
    assert coded == playable
