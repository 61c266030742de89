"""Font files of a book: the defaults, user TTFs, glyph coverage and text widths.

Layout wraps text with the metrics of the very files the PDF embeds, and
refuses to build a book whose fonts lack a character it must print: a PDF
viewer would show an empty box there, and text extraction would still
"succeed", so nothing downstream would notice.
"""
from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont, TTLibError

from publisher import safeio
from publisher.model import Fonts

#: sfnt versions of TrueType-outline fonts. CFF-based OpenType ("OTTO") is
#: refused: reportlab can only embed TrueType outlines.
_TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true")


class FontError(ValueError):
    """A font file that cannot be used (missing, unreadable, not TrueType)."""


@dataclass(frozen=True)
class _Metrics:
    """What layout needs of one font file, read once per process."""

    family: str
    units_per_em: int
    advances: dict[int, int]     # code point -> advance width in font units
    default_advance: int         # advance of .notdef, for characters the font lacks


def _roboto_dir() -> Path:
    import font_roboto

    return Path(font_roboto.__file__).resolve().parent / "files"


def default_fonts() -> Fonts:
    """Roboto Regular and Bold from the ``font-roboto`` wheel: installed by pip
    with the package, so no system font is assumed, and it covers Vietnamese,
    Greek and Cyrillic."""
    files = _roboto_dir()
    return Fonts(regular=files / "Roboto-Regular.ttf", bold=files / "Roboto-Bold.ttf",
                 family="Roboto", fallback_family="Arial", installed=False)


def _check_truetype(path: Path) -> bytes:
    """The font file's bytes, read as every input is (:mod:`publisher.safeio`: a regular file
    only, so a FIFO or a device is never opened for long, within a size limit), if it is a
    TrueType font."""
    if not path.exists():
        safeio.note_input("a font", path)
        raise FontError(f"font file not found: {path}")
    if not path.is_file():
        safeio.note_input("a font", path)
        raise FontError(f"font file is not a regular file: {path}")
    try:
        data = safeio.read_bytes(path, limit=safeio.MAX_BINARY_BYTES, role="a font")
    except safeio.InputError as error:
        raise FontError(f"font file cannot be read: {error}") from None
    if data[:4] not in _TRUETYPE_TAGS:
        raise FontError(f"not a TrueType (.ttf) font: {path}")
    return data


@cache
def _metrics(path: Path) -> _Metrics:
    data = _check_truetype(path)
    try:
        font = TTFont(io.BytesIO(data), lazy=True)
        names = font["name"]
        family = str(names.getDebugName(16) or names.getDebugName(1) or path.stem)
        glyph_width = {name: advance for name, (advance, _lsb) in font["hmtx"].metrics.items()}
        cmap = font.getBestCmap() or {}
        units = int(font["head"].unitsPerEm)
    except Exception as error:  # noqa: BLE001  (fontTools raises many kinds of error on a damaged file)
        kind = "" if isinstance(error, (TTLibError, KeyError, AssertionError, struct.error)) else \
            f"{type(error).__name__}: "
        raise FontError(f"font file is damaged or incomplete: {path}: {kind}{error}") from None
    advances = {code: glyph_width.get(glyph, 0) for code, glyph in cmap.items()}
    return _Metrics(family, units, advances, glyph_width.get(".notdef", units // 2))


def load_fonts(regular: Path, bold: Path | None = None) -> Fonts:
    """A user's TTF files as book fonts. Without a bold file the regular one
    serves for both (givens then differ from solved digits by size and grey).
    Raises :class:`FontError` naming the file when one cannot be used."""
    regular, bold = Path(regular), Path(bold) if bold is not None else Path(regular)
    family = _metrics(regular).family
    _metrics(bold)
    return Fonts(regular=regular, bold=bold, family=family)


def missing_glyphs(fonts: Fonts, text: str) -> list[str]:
    """Characters of ``text`` that the regular or the bold file cannot draw, in
    order of first appearance. Whitespace and control characters are ignored
    (they are never drawn as glyphs)."""
    files = (_metrics(fonts.regular), _metrics(fonts.bold))
    missing: list[str] = []
    for char in dict.fromkeys(text):
        if char.isspace() or not char.isprintable():
            continue
        if any(ord(char) not in metrics.advances for metrics in files):
            missing.append(char)
    return missing


def text_width(fonts: Fonts, text: str, size: float, bold: bool = False) -> float:
    """Width in points of ``text`` set in one line at ``size`` (no kerning)."""
    metrics = _metrics(fonts.bold if bold else fonts.regular)
    advances, default = metrics.advances, metrics.default_advance
    units = sum(advances.get(ord(char), default) for char in text)
    return units * size / metrics.units_per_em


@cache
def _glyph_heights(path: Path) -> tuple[int, dict[int, tuple[int, int]]]:
    """Units per em and, per code point, the lowest and highest point of its glyph's outline
    (font units; (0, 0) for a glyph without one, a space): the ink, not the line box."""
    _check_truetype(path)
    font = TTFont(str(path), lazy=True)
    glyphs = font["glyf"]
    heights: dict[int, tuple[int, int]] = {}
    for code, name in (font.getBestCmap() or {}).items():
        glyph = glyphs[name]
        heights[code] = (int(glyph.yMin), int(glyph.yMax)) if glyph.numberOfContours else (0, 0)
    return int(font["head"].unitsPerEm), heights


@cache
def _line_box(path: Path) -> tuple[float, float, float]:
    """Cap height, ascent and descent (negative) per point of a font file: the box PDF readers
    give its glyphs. The PDF's font descriptor declares the OS/2 typographic ascender and
    descender (the PDF renderer writes those: Roboto's 1.048 and -0.271 em, where its hhea
    says 0.928 and -0.244), so that is the box an editor's check measures; the hhea metrics
    only where a font has no OS/2 table."""
    _check_truetype(path)
    font = TTFont(str(path), lazy=True)
    units = int(font["head"].unitsPerEm)
    os2 = font.get("OS/2")
    cap = getattr(os2, "sCapHeight", 0) or 0.7 * units
    if os2 is None:
        return cap / units, font["hhea"].ascent / units, font["hhea"].descent / units
    return cap / units, os2.sTypoAscender / units, os2.sTypoDescender / units


def line_box(fonts: Fonts, bold: bool = False) -> tuple[float, float, float]:
    """(cap height, ascent, descent) per point of the book's regular (or bold) face."""
    return _line_box(fonts.bold if bold else fonts.regular)


def ink_extent(fonts: Fonts, text: str, bold: bool = False) -> tuple[float, float]:
    """How far below and above the baseline the ink of ``text`` reaches, per point of type
    (below negative): what decides the size of a line that must fit a narrow band (the
    spine), where the line box's ascent and descent would leave a third of it unused."""
    units, heights = _glyph_heights(fonts.bold if bold else fonts.regular)
    found = [heights.get(ord(char), (0, 0)) for char in text]
    return min((low for low, _ in found), default=0) / units, max((high for _, high in found), default=0) / units
