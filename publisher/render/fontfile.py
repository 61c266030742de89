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


@lru_cache(maxsize=32)
def subset(path: Path, characters: str, flavor: str | None = None) -> bytes:
    """``path`` cut down to the glyphs of ``characters``: TrueType bytes
    (``flavor`` None, hints kept for Word on Windows) or WOFF ("woff")."""
    options = ftsubset.Options()
    options.flavor = flavor
    options.hinting = flavor is None
    options.desubroutinize = True
    font = ftsubset.load_font(str(path), options)
    subsetter = ftsubset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in characters])
    subsetter.subset(font)
    out = io.BytesIO()
    ftsubset.save_font(font, out, options)
    return out.getvalue()
