"""Lengths and page sizes as people write them in a config ("15mm", "6x9in", "A5").

Kept in one place so every figure (trim sizes, unit factors) is defined once.
"""
from __future__ import annotations

import re

from publisher.model import POINTS_PER_INCH, POINTS_PER_MM

UNITS = {"pt": 1.0, "in": POINTS_PER_INCH, "mm": POINTS_PER_MM, "cm": 10 * POINTS_PER_MM}

#: Named trims (width x height, points). Print-on-demand trims are in inches.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "A4": (210 * POINTS_PER_MM, 297 * POINTS_PER_MM),
    "A5": (148 * POINTS_PER_MM, 210 * POINTS_PER_MM),
    "Letter": (8.5 * POINTS_PER_INCH, 11 * POINTS_PER_INCH),
    "6x9in": (6 * POINTS_PER_INCH, 9 * POINTS_PER_INCH),
    "5x8in": (5 * POINTS_PER_INCH, 8 * POINTS_PER_INCH),
    "7x10in": (7 * POINTS_PER_INCH, 10 * POINTS_PER_INCH),
    "8x10in": (8 * POINTS_PER_INCH, 10 * POINTS_PER_INCH),
    "8.5x11in": (8.5 * POINTS_PER_INCH, 11 * POINTS_PER_INCH),
}

#: The largest page side accepted: 22 in, the largest page Word can hold (docs, "Limits").
MAX_PAGE_SIDE = 22 * POINTS_PER_INCH

_NUMBER = r"([0-9]{1,6}(?:\.[0-9]{1,6})?)"
_LENGTH = re.compile(rf"^\s*{_NUMBER}\s*(pt|in|mm|cm)\s*$")
_SIZE = re.compile(rf"^\s*{_NUMBER}\s*(pt|in|mm|cm)?\s*[xX×]\s*{_NUMBER}\s*(pt|in|mm|cm)\s*$")
_COUNT = re.compile(r"^\s*([0-9]{1,4})\s*[xX×]\s*([0-9]{1,4})\s*$")


def parse_length(text: str | float | int) -> float:
    """'15mm' -> 42.52 (points). A bare number is not accepted: units are never guessed."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if text == 0:
            return 0.0
        raise ValueError(f"expected a length with a unit like 15mm, 0.5in or 36pt, got {text!r}")
    match = _LENGTH.match(str(text))
    if not match:
        raise ValueError(f"expected a length with a unit like 15mm, 0.5in or 36pt, got {text!r}")
    return float(match.group(1)) * UNITS[match.group(2)]


def parse_page_size(text: str) -> tuple[float, float]:
    """'A4', 'letter', '6x9in', '148x210mm', '400pt x 600pt' -> (width, height) in points."""
    for name, size in PAGE_SIZES.items():
        if str(text).strip().lower() == name.lower():
            return size
    match = _SIZE.match(str(text))
    if match:
        w, wu, h, hu = match.groups()
        width, height = float(w) * UNITS[wu or hu], float(h) * UNITS[hu]
        if width < 72 or height < 72:
            raise ValueError(f"page size {text!r} is smaller than 1 inch")
        if width > MAX_PAGE_SIDE or height > MAX_PAGE_SIDE:
            raise ValueError(f"page size {text!r} is larger than 22 inches (the largest page Word can hold)")
        return width, height
    names = ", ".join(PAGE_SIZES)
    raise ValueError(f"expected a page size ({names}) or WIDTHxHEIGHT with a unit like 148x210mm, got {text!r}")


def parse_count_grid(text: str | int) -> tuple[int, int]:
    """'2x3' -> (2, 3): across x down. Both at least 1."""
    match = _COUNT.match(str(text))
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise ValueError(f"expected WxH like 2x3, got {str(text)!r}")
    return int(match.group(1)), int(match.group(2))
