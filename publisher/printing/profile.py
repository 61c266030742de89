"""A print-on-demand service's rules, read from its data file (``profiles/<service>.yaml``).

The figures are data, not code: each file holds one service's trims, page-count
limits by paper, gutter by page count, minimum margins with and without bleed,
spine thickness per page, the page count from which spine text is allowed and
the barcode area, each with its source in a comment. This module only turns
inches into points and answers questions about them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from publisher.model import POINTS_PER_INCH

SERVICES = ("kdp", "ingramspark", "lulu")
PAPERS = ("white", "cream", "color-standard", "color-premium")
PROFILE_DIR = Path(__file__).resolve().parent / "profiles"
TRIM_TOLERANCE = 0.01 * POINTS_PER_INCH     # a trim within 0.01 in of a listed one is that trim


@dataclass(frozen=True)
class Barcode:
    """The area the service prints its barcode in, on the back cover (points)."""

    width: float
    height: float
    from_spine: float     # its right edge this far left of the spine
    from_bottom: float    # its bottom edge this far above the bottom trim


@dataclass(frozen=True)
class Profile:
    """One service's rules, in points (page counts as counts)."""

    service: str                                   # "kdp"
    name: str                                      # "KDP", for messages
    bleed: float
    bleed_all_edges: bool                          # False: top, bottom and outside only (never the gutter)
    margin_without_bleed: float
    margin_with_bleed: float
    gutters: tuple[tuple[int, float], ...]         # (up to pages, inside margin)
    min_pages: dict[str, int]
    max_pages: dict[str, int]
    large_trim: tuple[float, float, dict[str, int]] | None   # trims beyond (w, h) hold fewer pages
    page_multiple: int
    last_page_blank: bool                          # the service wants the book's last page blank
    blank_run_middle: int | None                   # most blank pages in a row before the end (None: no limit)
    blank_run_end: int | None                      # most blank pages in a row at the end
    trims: tuple[tuple[float, float], ...]
    custom_trim: tuple[tuple[float, float], tuple[float, float]] | None
    spine_per_page: dict[str, float]
    spine_extra: float
    spine_text_min_pages: int
    spine_clearance: float
    cover_bleed: float
    cover_safe: float
    barcode: Barcode

    def margin(self, bleed: bool) -> float:
        """The least distance of any mark from the top, bottom and outside trim."""
        return self.margin_with_bleed if bleed else self.margin_without_bleed

    def gutter_for(self, pages: int) -> float:
        """The least inside margin for a book of ``pages`` pages (the last step beyond the table)."""
        return next((inside for up_to, inside in self.gutters if pages <= up_to), self.gutters[-1][1])

    def page_limits(self, paper: str, trim: tuple[float, float]) -> tuple[int, int]:
        """(fewest, most) pages the service prints on ``paper`` at ``trim``."""
        most = self.max_pages[paper]
        if self.large_trim is not None:
            width, height, limits = self.large_trim
            if trim[0] > width + TRIM_TOLERANCE or trim[1] > height + TRIM_TOLERANCE:
                most = limits[paper]
        return self.min_pages[paper], most

    def trim_allowed(self, trim: tuple[float, float]) -> bool:
        """A standard trim of the service, or within its custom range."""
        if any(abs(trim[0] - w) <= TRIM_TOLERANCE and abs(trim[1] - h) <= TRIM_TOLERANCE for w, h in self.trims):
            return True
        if self.custom_trim is None:
            return False
        (low_w, low_h), (high_w, high_h) = self.custom_trim
        return (low_w - TRIM_TOLERANCE <= trim[0] <= high_w + TRIM_TOLERANCE
                and low_h - TRIM_TOLERANCE <= trim[1] <= high_h + TRIM_TOLERANCE)

    def spine_width(self, pages: int, paper: str) -> float:
        return pages * self.spine_per_page[paper] + self.spine_extra

    def spine_text_allowed(self, pages: int) -> bool:
        return pages >= self.spine_text_min_pages

    def trims_text(self) -> str:
        """The standard trims as people write them ("6x9in, 8.5x11in, ...")."""
        return ", ".join(f"{inches(w):g}x{inches(h):g}in" for w, h in self.trims)


def inches(points: float) -> float:
    return round(points / POINTS_PER_INCH, 4)


def _pt(value: float) -> float:
    return float(value) * POINTS_PER_INCH


def _paper_counts(data: dict[str, int]) -> dict[str, int]:
    missing = [paper for paper in PAPERS if paper not in data]
    if missing:
        raise ValueError(f"no figure for paper {', '.join(missing)}")
    return {paper: int(data[paper]) for paper in PAPERS}


@cache
def load_profile(service: str) -> Profile:
    """The rules of ``service`` ("kdp", "ingramspark" or "lulu") from its data file."""
    if service not in SERVICES:
        raise ValueError(f"unknown print service {service!r}: expected {', '.join(SERVICES)}")
    data = yaml.safe_load((PROFILE_DIR / f"{service}.yaml").read_text(encoding="utf-8"))
    large = data.get("large_trim")
    custom = data.get("custom_trim")
    barcode = data["barcode"]
    blanks = data["blank_pages"]
    return Profile(
        service=service, name=str(data["name"]), bleed=_pt(data["bleed"]),
        bleed_all_edges=data["bleed_edges"] == "all",
        margin_without_bleed=_pt(data["margins"]["without_bleed"]),
        margin_with_bleed=_pt(data["margins"]["with_bleed"]),
        gutters=tuple((int(pages), _pt(inside)) for pages, inside in data["gutter"]),
        min_pages=_paper_counts(data["min_pages"]), max_pages=_paper_counts(data["max_pages"]),
        large_trim=(_pt(large["width"]), _pt(large["height"]), _paper_counts(large["max_pages"])) if large else None,
        page_multiple=int(data["page_multiple"]), last_page_blank=bool(data["last_page_blank"]),
        blank_run_middle=int(blanks["middle"]) if blanks else None,
        blank_run_end=int(blanks["end"]) if blanks else None,
        trims=tuple((_pt(w), _pt(h)) for w, h in data["trims"]),
        custom_trim=((_pt(custom["min"][0]), _pt(custom["min"][1])), (_pt(custom["max"][0]), _pt(custom["max"][1])))
        if custom else None,
        spine_per_page={paper: _pt(value) for paper, value in data["spine_per_page"].items()},
        spine_extra=_pt(data["spine_extra"]), spine_text_min_pages=int(data["spine_text_min_pages"]),
        spine_clearance=_pt(data["spine_clearance"]), cover_bleed=_pt(data["cover_bleed"]),
        cover_safe=_pt(data["cover_safe"]),
        barcode=Barcode(_pt(barcode["width"]), _pt(barcode["height"]), _pt(barcode["from_spine"]),
                        _pt(barcode["from_bottom"])),
    )
