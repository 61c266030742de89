"""Font files cut to what a booklet prints, for the formats that embed them (HTML, DOCX).

PDF viewers, browsers and Word need only the glyphs a book prints: a subset
is a tenth of the file. fontTools keeps the file's own timestamp
(``recalc_timestamp`` is off) and zlib is deterministic, so the same input
gives the same bytes.
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from fontTools import subset as ftsubset
from fontTools.ttLib import TTFont


@lru_cache(maxsize=32)
def subset(path: Path, characters: str, flavor: str | None = None, centred_caps: bool = False) -> bytes:
    """``path`` cut down to the glyphs of ``characters``: TrueType bytes
    (``flavor`` None, hints kept for Word on Windows) or WOFF ("woff").
    ``centred_caps`` rewrites the vertical metrics (see :func:`_centre_caps`)."""
    options = ftsubset.Options()
    options.flavor = flavor
    options.hinting = flavor is None
    options.desubroutinize = True
    font = ftsubset.load_font(str(path), options)
    subsetter = ftsubset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in characters])
    subsetter.subset(font)
    if centred_caps:
        _centre_caps(font)
    out = io.BytesIO()
    ftsubset.save_font(font, out, options)
    return out.getvalue()


#: OS/2 fsSelection bit 7: line boxes use the typographic ascender and descender
USE_TYPO_METRICS = 1 << 7


def _centre_caps(font: TTFont) -> None:
    """Ascent and descent that put the middle of a capital (or a digit) at the
    middle of every line box, as the PDF places text: ascent (em + cap
    height) / 2, descent (em - cap height) / 2, in the hhea and the typo
    metrics (the one browsers use with USE_TYPO_METRICS set). A browser then
    centres cell digits and sets each line of text where the PDF does,
    without a per-font correction in the style sheet."""
    em = font["head"].unitsPerEm
    os2 = font["OS/2"]
    cap = getattr(os2, "sCapHeight", 0) or round(em * 0.7)
    ascent, descent = round((em + cap) / 2), round((em - cap) / 2)
    hhea = font["hhea"]
    hhea.ascent, hhea.descent, hhea.lineGap = ascent, -descent, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
    os2.fsSelection |= USE_TYPO_METRICS   # (the win metrics stay: Windows clips glyphs to them)
