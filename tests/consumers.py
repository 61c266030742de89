"""Real consumers of our outputs, for tests: poppler, LibreOffice, Chromium.

Each helper runs the real program on a file we wrote and returns what a
reader would get from it (text, page count, page size, fonts). Tests use them
to check outputs the way users' programs see them, not the way we wrote them.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image

from publisher.model import Band, Booklet, PlacedGrid

LIBREOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")

#: the Debian package that provides each program the tests run (.ci/run installs them)
PACKAGES = {"pdftotext": "poppler-utils", "pdfinfo": "poppler-utils", "pdffonts": "poppler-utils",
            "pdftoppm": "poppler-utils", "pdfimages": "poppler-utils", "soffice": "libreoffice-writer",
            "chromium": "chromium", "chromedriver": "chromium-driver", "rsvg-convert": "librsvg2-bin",
            "zbarimg": "zbar-tools"}


def require(program: str | None, name: str) -> str:
    """The path of a consumer program, or the test FAILS (never skips) with one line saying
    what to install: a machine without the consumers must not pass these tests silently."""
    found = program or shutil.which(name)
    if not found:
        pytest.fail(f"{name} is not installed: install the Debian package {PACKAGES[name]} "
                    "(.ci/run installs every consumer the tests need)", pytrace=False)
    return found

_INFILTERS = {".docx": "MS Word 2007 XML", ".rtf": "Rich Text Format"}


def _run(args: list[str], timeout: float = 180) -> str:
    args = [require(None, args[0]) if "/" not in args[0] else args[0], *args[1:]]
    done = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=True)
    return done.stdout


def pdf_text(pdf: Path, *, first: int | None = None, last: int | None = None) -> str:
    """The text layer as pdftotext extracts it (UTF-8)."""
    args = ["pdftotext", "-enc", "UTF-8"]
    if first:
        args += ["-f", str(first)]
    if last:
        args += ["-l", str(last)]
    return _run(args + [str(pdf), "-"])


def pdf_info(pdf: Path) -> dict[str, str]:
    info = {}
    for line in _run(["pdfinfo", str(pdf)]).splitlines():
        key, _, value = line.partition(":")
        info[key.strip()] = value.strip()
    return info


def pdf_page_count(pdf: Path) -> int:
    return int(pdf_info(pdf)["Pages"])


def pdf_page_size(pdf: Path) -> tuple[float, float]:
    """(width, height) in points of page 1, as pdfinfo reports it."""
    size = pdf_info(pdf)["Page size"]          # "595.276 x 841.89 pts (A4)"
    width, _, rest = size.partition(" x ")
    return float(width), float(rest.split()[0])


def pdf_fonts(pdf: Path) -> list[dict[str, str]]:
    """Rows of `pdffonts`: name, type, emb (yes/no)."""
    lines = _run(["pdffonts", str(pdf)]).splitlines()[2:]
    rows = []
    for line in lines:
        parts = line.split()
        # name type [type2] encoding emb sub uni object ID
        rows.append({"name": parts[0], "emb": parts[-5], "line": line})
    return rows


def pdf_page_png(pdf: Path, out_prefix: Path, *, page: int = 1, dpi: int = 60) -> Path:
    """Render one page to PNG (for looking at it as a reader would)."""
    _run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile",
          str(pdf), str(out_prefix)])
    return out_prefix.with_suffix(".png")


def barcodes(image: Path) -> list[str]:
    """Every barcode and QR code zbar reads in an image, as ``TYPE:DATA`` lines (EAN-13, its
    EAN-5 add-on and QR-Code among them)."""
    done = subprocess.run([require(None, "zbarimg"), "-q", "-Sean5.enable", str(image)],
                          capture_output=True, text=True, timeout=120)
    if done.returncode not in (0, 4):   # 4: no code found
        raise RuntimeError(f"zbarimg {image}: exit {done.returncode}")
    return [line for line in done.stdout.splitlines() if line]


def libreoffice_to_pdf(files: list[Path], outdir: Path, fonts: tuple[Path, ...] = ()) -> list[Path]:
    """Convert DOCX/RTF files to PDF with headless LibreOffice, forcing the import
    filter (a broken file would otherwise open silently as plain text).

    LibreOffice exits 0 even when it fails, so the caller gets the paths and
    must check that they exist; a fresh profile per call avoids clashes.
    ``fonts`` are installed in that profile only (``user/fonts``): a reader
    who has the book's font, which RTF can name but not carry."""
    office = require(LIBREOFFICE, "soffice")
    outdir.mkdir(parents=True, exist_ok=True)
    results = []
    by_suffix: dict[str, list[Path]] = {}
    for f in files:
        by_suffix.setdefault(f.suffix.lower(), []).append(f)
    with tempfile.TemporaryDirectory() as profile:
        if fonts:
            folder = Path(profile) / "user" / "fonts"
            folder.mkdir(parents=True)
            for font in fonts:
                shutil.copyfile(font, folder / Path(font).name)
        for suffix, group in by_suffix.items():
            _run([office, f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
                  f"--infilter={_INFILTERS[suffix]}", "--convert-to", "pdf", "--outdir", str(outdir),
                  *map(str, group)], timeout=300)
    for f in files:
        results.append(outdir / (f.stem + ".pdf"))
    return results


def chromium_to_pdf(html: Path, out: Path) -> Path:
    """Print an HTML file to PDF with headless Chromium (honours @page size)."""
    chromium = require(CHROMIUM, "chromium")
    with tempfile.TemporaryDirectory() as profile:
        _run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              f"--user-data-dir={profile}", "--no-pdf-header-footer",
              f"--print-to-pdf={out}", html.resolve().as_uri()], timeout=180)
    return out


def chromium_screenshot(html: Path, out: Path, width: int, height: int) -> Image.Image:
    """What ``chromium --headless --screenshot`` sees of a page at ``width`` x ``height``: the
    picture a link preview or a static screenshot takes at load, as a grey ("L") image."""
    chromium = require(CHROMIUM, "chromium")
    with tempfile.TemporaryDirectory() as profile:
        _run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              f"--user-data-dir={profile}", f"--window-size={width},{height}", f"--screenshot={out}",
              html.resolve().as_uri()], timeout=120)
    with Image.open(out) as image:
        return image.convert("L")


def pages_in_every_format(booklet: Booklet, folder: Path, dpi: int) -> dict[str, list[Image.Image]]:
    """The booklet rendered as PDF, DOCX, RTF and HTML, each read by its real consumer
    (LibreOffice, Chromium) to PDF and rasterised by poppler at ``dpi``, as grey pages
    ("L" images); every consumer must keep the booklet's page count."""
    from publisher.render import get
    pdfs: dict[str, Path] = {}
    for fmt in ("pdf", "docx", "rtf", "html"):
        path = folder / f"book.{fmt}"
        path.write_bytes(get(fmt)().render(booklet))
        pdfs[fmt] = path
    fonts = tuple({Path(booklet.fonts.regular), Path(booklet.fonts.bold)})
    pdfs["docx"], = libreoffice_to_pdf([pdfs["docx"]], folder / "docx")
    pdfs["rtf"], = libreoffice_to_pdf([pdfs["rtf"]], folder / "rtf", fonts)
    pdfs["html"] = chromium_to_pdf(pdfs["html"], folder / "html.pdf")
    images: dict[str, list[Image.Image]] = {}
    for fmt, pdf in pdfs.items():
        assert pdf_page_count(pdf) == booklet.page_count, fmt
        prefix = folder / f"png-{fmt}"
        subprocess.run([require(None, "pdftoppm"), "-r", str(dpi), "-gray", "-png", str(pdf), str(prefix)], check=True)
        images[fmt] = [Image.open(p).convert("L") for p in sorted(folder.glob(f"png-{fmt}-*.png"))]
    return images


def placed_grids(booklet: Booklet) -> list[tuple[int, PlacedGrid]]:
    """(page index, grid) of every grid of the booklet, in page order."""
    return [(index, item) for index, page in enumerate(booklet.pages) for block in page.blocks
            if isinstance(block, Band) for item in block.items]
