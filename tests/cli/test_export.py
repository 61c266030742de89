"""``puzzlepress export``: one file per puzzle and solution, the manifest, dated series.

Outputs are read back by real consumers: SVG parsed as XML and rendered by rsvg-convert
and Chromium, compared pixel by pixel with poppler's rendering of our PDF of the same
puzzle; PNG's recorded dpi and pixel size read by Pillow; fonts of the PDF by pypdf.
"""
from __future__ import annotations

import datetime as dt
import io
import json
import subprocess
import textwrap
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from publisher.cli import EXIT_OK, EXIT_REJECTED, EXIT_USAGE
from tests.consumers import CHROMIUM, require
from tests.runner import Cli
from tests.samples import REPO

SVG = "{http://www.w3.org/2000/svg}"


def export(cli: Cli, *args: str) -> tuple[int, dict, str]:
    """``puzzlepress export ARGS``: the exit code, the JSON summary it prints (if any) and stderr."""
    code, out, err = cli("export", *args)
    return code, (json.loads(out) if out.strip() else {}), err


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_svg_per_puzzle_and_solution_text_as_paths(tmp_path: Path, cli: Cli) -> None:
    code, summary, _ = export(cli, str(REPO / "puzzles/9x9-easy.txt"), "--format", "svg",
                              "--out", str(tmp_path), "--solutions")
    listed = manifest(tmp_path)["files"]
    on_disk = sorted(p.name for p in tmp_path.iterdir() if p.name != "manifest.json")
    assert code == EXIT_OK and summary["files"] == len(on_disk) == len(listed)
    assert sorted(r["file"] for r in listed) == on_disk
    puzzles = (REPO / "puzzles/9x9-easy.txt").read_text().split()
    givens = [line for line in puzzles if len(line) == 81]
    assert [r["puzzle"] for r in listed if r["role"] == "puzzle"] == [g.replace("0", ".") for g in givens]
    for record in listed:
        assert record["level"] in ("easy", "medium", "hard", "diabolical") and record["rating"] >= 1.0
        root = ET.parse(tmp_path / record["file"]).getroot()
        assert root.tag == f"{SVG}svg"
        assert not list(root.iter(f"{SVG}text")), "text is drawn as paths: no font needed"
    assert listed[0]["file"] == "9x9-easy-001.svg" and listed[1]["file"] == "9x9-easy-001-solution.svg"


def _grey(png: bytes, size: tuple[int, int]) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    flat = Image.new("RGB", image.size, "white")
    flat.paste(image.convert("RGBA"), mask=image.convert("RGBA").split()[3])
    return flat.convert("L").resize(size)


def _share(diff: Image.Image) -> float:
    """Share of pixels of a difference image off by more than a quarter of the grey scale."""
    return sum(diff.histogram()[64:]) / (diff.size[0] * diff.size[1])


def _differing(a: Image.Image, b: Image.Image) -> float:
    return _share(ImageChops.difference(a, b))


def _differing_beyond_a_pixel(a: Image.Image, b: Image.Image) -> float:
    """Pixels of ``b`` darker or lighter than every pixel of ``a`` within one pixel: poppler
    snaps strokes to the pixel grid (its rendering of our PDF differs from MuPDF's by 5 % at
    96 dpi, all of it in half-pixel line positions) and Chromium's anti-aliasing differs
    (1.3 %), so against those a line may move by one pixel."""
    darkest, lightest = a.filter(ImageFilter.MinFilter(3)), a.filter(ImageFilter.MaxFilter(3))
    return _share(ImageChops.lighter(ImageChops.subtract(darkest, b), ImageChops.subtract(b, lightest)))


@pytest.mark.consumers
def test_svg_renders_as_our_pdf_in_rsvg_and_chromium(tmp_path: Path, cli: Cli) -> None:
    source = REPO / "puzzles/jigsaw-9x9.yaml"
    for fmt in ("svg", "pdf"):
        code, _, err = export(cli, str(source), "--format", fmt, "--out", str(tmp_path / fmt), "--solutions")
        assert code == EXIT_OK, err
    for name in ("jigsaw-9x9-001", "jigsaw-9x9-002-solution"):
        pdf = tmp_path / "pdf" / f"{name}.pdf"
        svg = tmp_path / "svg" / f"{name}.svg"
        subprocess.run([require(None, "pdftoppm"), "-r", "96", "-png", "-singlefile", str(pdf),
                        str(tmp_path / name)], capture_output=True, check=True)
        poppler = (tmp_path / f"{name}.png").read_bytes()
        size = Image.open(io.BytesIO(poppler)).size
        with pymupdf.open(pdf) as document:   # our PDF as MuPDF draws it
            base = _grey(document[0].get_pixmap(dpi=96).tobytes("png"), size)
        assert sum(base.histogram()[:128]) > size[0] * size[1] * 0.02, "the reference shows a grid"
        rsvg = subprocess.run([require(None, "rsvg-convert"), "-d", "96", "-p", "96", str(svg)],
                              capture_output=True, check=True).stdout
        assert Image.open(io.BytesIO(rsvg)).size == size, "the SVG has the PDF's size"
        assert _differing(base, _grey(rsvg, size)) < 0.01
        assert _differing_beyond_a_pixel(_grey(poppler, size), _grey(rsvg, size)) < 0.01
        shot = tmp_path / f"{name}-chromium.png"
        page = tmp_path / f"{name}.html"
        page.write_text(f'<html><body style="margin:0;background:#fff"><img src="{svg.as_uri()}" '
                        f'width="{size[0]}" height="{size[1]}"></body></html>', encoding="utf-8")
        subprocess.run([require(CHROMIUM, "chromium"), "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--window-size={size[0]},{size[1]}", f"--screenshot={shot}",
                        page.as_uri()], capture_output=True, check=True, timeout=120)
        chromium = _grey(shot.read_bytes(), size)
        assert _differing_beyond_a_pixel(base, chromium) < 0.01


KINDS_CONFIG = """\
books:
  - title: Every kind
    sections:
      - title: Killer
        kind: killer
        puzzles: {repo}/puzzles/killer-9x9.json
      - title: KenKen
        kind: kenken
        puzzles: {repo}/puzzles/kenken-6x6.json
      - title: Tours
        kind: knights_tour
        puzzles: {repo}/puzzles/knights-6x6.txt
      - title: Big
        puzzles: {repo}/puzzles/16x16.txt
      - title: X and windoku
        variant: [x, windoku]
        generate: {{count: 1, level: easy, seed: 4}}
      - title: Queens
        kind: queens
        boards: [{{n: 8}}]
"""


@pytest.mark.consumers
def test_svg_draws_what_the_pdf_draws_for_every_kind(tmp_path: Path, cli: Cli) -> None:
    """Cages and their totals, a tour's path and markers, chess coordinates, queens, shaded
    variant regions, 16x16 letters: the SVG (drawn by our SVG renderer, read by rsvg) and the
    PDF (read by MuPDF) of every puzzle and solution differ by more than a pixel's shift in under
    0.5 % of their pixels (a 16x16's many thin lines fall on half pixels: 1.5 % differ by
    anti-aliasing alone)."""
    config = tmp_path / "kinds.yaml"
    config.write_text(KINDS_CONFIG.format(repo=REPO), encoding="utf-8")
    for fmt in ("svg", "pdf"):
        code, _, err = export(cli, str(config), "--format", fmt, "--out", str(tmp_path / fmt), "--solutions")
        assert code == EXIT_OK, err
    names = sorted(path.stem for path in (tmp_path / "svg").glob("*.svg"))
    assert len(names) >= 12
    for name in names:
        with pymupdf.open(tmp_path / "pdf" / f"{name}.pdf") as document:
            pixmap = document[0].get_pixmap(dpi=96)
            size = (pixmap.width, pixmap.height)
            base = _grey(pixmap.tobytes("png"), size)
        svg = tmp_path / "svg" / f"{name}.svg"
        rsvg = subprocess.run([require(None, "rsvg-convert"), "-d", "96", "-p", "96", str(svg)],
                              capture_output=True, check=True).stdout
        assert Image.open(io.BytesIO(rsvg)).size == size, name
        assert _differing(base, _grey(rsvg, size)) < 0.02, name
        assert _differing_beyond_a_pixel(base, _grey(rsvg, size)) < 0.005, name


def test_exported_grids_carry_cages_targets_and_coordinates_as_the_book_does(tmp_path: Path, cli: Cli) -> None:
    """An exported file draws its grid as the book's page does (one grid maker for both): a
    Killer's cage totals and a KenKen's targets, read back from the PDF, are the source's, every
    one; a knight's tour and a queens board print their files and ranks. The export built its
    own grid without cages or coordinates: a Killer printed its givens alone."""
    config = tmp_path / "kinds.yaml"
    config.write_text(KINDS_CONFIG.format(repo=REPO), encoding="utf-8")
    code, _, err = export(cli, str(config), "--format", "pdf", "--out", str(tmp_path / "pdf"))
    assert code == EXIT_OK, err
    records = [r for r in manifest(tmp_path / "pdf")["files"] if r["role"] == "puzzle"]

    def texts(record: dict) -> Counter[str]:
        with pymupdf.open(tmp_path / "pdf" / record["file"]) as document:
            spans = [span["text"].strip() for block in document[0].get_text("dict")["blocks"]
                     for line in block.get("lines", ()) for span in line["spans"] if span["text"].strip()]
        return Counter(spans[1:])       # the caption first

    killers = json.loads((REPO / "puzzles/killer-9x9.json").read_text(encoding="utf-8"))
    printed = [texts(r) for r in records if r["section"] == "Killer"]
    assert len(printed) == len(killers)
    for found, source in zip(printed, killers):
        givens = Counter(c for c in source.get("givens", "") if c not in ".0")
        assert found - givens == Counter(str(cage["sum"]) for cage in source["cages"])
    signs = {"+": "+", "-": "\u2212", "x": "\u00d7", "/": "\u00f7"}
    kenkens = json.loads((REPO / "puzzles/kenken-6x6.json").read_text(encoding="utf-8"))
    printed = [texts(r) for r in records if r["section"] == "KenKen"]
    assert len(printed) == len(kenkens)
    for found, source in zip(printed, kenkens):
        targets = Counter(f"{cage['target']}{signs[cage['op']]}" for cage in source["cages"] if cage.get("op"))
        assert Counter({text: n for text, n in found.items() if text[-1] in signs.values()}) == targets
    boards = [(r["section"], texts(r)) for r in records if r["section"] in ("Tours", "Queens")]
    assert {section for section, _ in boards} == {"Tours", "Queens"}
    for section, found in boards:
        side = 8 if section == "Queens" else 6
        assert set("abcdefgh"[:side]) | {str(rank) for rank in range(1, side + 1)} <= set(found), section


def test_png_carries_the_dpi_and_pdf_embeds_its_fonts(tmp_path: Path, cli: Cli) -> None:
    source = str(REPO / "puzzles/kids-6x6.txt")
    assert export(cli, source, "--format", "png", "--dpi", "150", "--out", str(tmp_path / "png"))[0] == EXIT_OK
    assert export(cli, source, "--format", "pdf", "--out", str(tmp_path / "pdf"))[0] == EXIT_OK
    records = manifest(tmp_path / "png")["files"]
    assert manifest(tmp_path / "png")["dpi"] == 150
    for record in records:
        image = Image.open(tmp_path / "png" / record["file"])
        assert tuple(round(v) for v in image.info["dpi"]) == (150, 150)
        page = PdfReader(tmp_path / "pdf" / record["file"].replace(".png", ".pdf")).pages[0]
        wanted = (float(page.mediabox.width) * 150 / 72, float(page.mediabox.height) * 150 / 72)
        assert all(abs(got - want) <= 1 for got, want in zip(image.size, wanted)), "the page at 150 dpi"
        fonts = page["/Resources"]["/Font"]
        assert fonts
        for ref in fonts.values():
            font = ref.get_object()
            if "/DescendantFonts" in font:
                font = font["/DescendantFonts"][0].get_object()
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), "every font is embedded"


def write_config(tmp_path: Path) -> Path:
    config = tmp_path / "daily.yaml"
    config.write_text(textwrap.dedent(f"""\
        books:
          - title: The Daily
            sections:
              - title: Easy
                puzzles: {REPO / 'puzzles/9x9-easy.txt'}
                generate: {{count: 3, level: easy, seed: 1}}
              - title: Medium
                generate: {{count: 3, level: medium, seed: 2}}
              - title: Hard
                generate: {{count: 3, level: hard, seed: 3}}
        """), encoding="utf-8")
    return config


@pytest.mark.slow
def test_daily_series_rises_across_the_week(tmp_path: Path, cli: Cli) -> None:
    week = "easy,easy,medium,medium,hard,hard,easy"
    out = tmp_path / "out"
    code, summary, err = export(cli, str(write_config(tmp_path)), "--format", "svg", "--out", str(out),
                                "--daily", "2027-01-04", "--week", week, "--print-date", "--solutions")
    assert code == EXIT_OK, err
    records = [r for r in manifest(out)["files"] if r["role"] == "puzzle"]
    days = [dt.date.fromisoformat(r["date"]) for r in records]
    assert days[0] == dt.date(2027, 1, 4) and days == [days[0] + dt.timedelta(days=i) for i in range(len(days))]
    assert [r["level"] for r in records] == [week.split(",")[d.weekday()] for d in days]
    assert len(records) >= 7 and records[0]["file"] == "2027-01-04.svg"
    assert summary["unused"] == 3 + 3 + 3 + 8 - len(records)
    assert len({r["puzzle"] for r in records}) == len(records)   # no puzzle twice


def test_bad_requests_leave_the_folder_as_it_was(tmp_path: Path, cli: Cli) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").mkdir()        # a folder where the manifest goes: the write fails
    code, _, err = export(cli, str(REPO / "puzzles/kids-4x4.txt"), "--format", "pdf", "--out", str(out))
    assert code == EXIT_USAGE and err.count("\n") == 1 and sorted(p.name for p in out.iterdir()) == ["manifest.json"]
    assert export(cli, str(REPO / "puzzles/kids-4x4.txt"), "--format", "pdf", "--out", str(out),
                  "--week", "easy")[0] == EXIT_USAGE
    bad = tmp_path / "bad.txt"
    bad.write_text("1234" * 4 + "\n", encoding="utf-8")
    code, _, err = export(cli, str(bad), "--format", "svg", "--out", str(tmp_path / "none"))
    assert code in (EXIT_REJECTED, EXIT_USAGE) and not (tmp_path / "none").exists()


def test_a_series_never_repeats_what_the_catalog_holds(tmp_path: Path, cli: Cli) -> None:
    """A book recorded in the catalog; a daily export of the same puzzles from a config on that
    catalog stops (on_repeat: fail) or leaves them out (skip)."""
    def config(name: str, policy: str) -> Path:
        path = tmp_path / f"{name}.yaml"
        path.write_text(textwrap.dedent(f"""\
            catalog: series.db
            on_repeat: {policy}
            books:
              - title: {name}
                sections:
                  - title: Kids
                    puzzles: {REPO / 'puzzles/kids-4x4.txt'}
            output: {{folder: out-{name}, formats: [pdf]}}
            """), encoding="utf-8")
        return path
    assert cli("build", str(config("printed", "warn")), "-q").code == EXIT_OK
    code, _, err = export(cli, str(config("daily", "fail")), "--format", "svg", "--out", str(tmp_path / "a"),
                          "--daily", "2027-01-01")
    assert code == EXIT_REJECTED and "repeat" in err and not (tmp_path / "a").exists()
    code, _, err = export(cli, str(config("daily", "skip")), "--format", "svg",
                          "--out", str(tmp_path / "b"), "--daily", "2027-01-01")
    assert code == EXIT_USAGE and "no puzzle of the section was accepted" in err   # all printed before
