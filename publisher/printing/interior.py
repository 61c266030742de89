"""The interior under a print profile: the rules layout obeys, and what a build checks and says.

The profile (data) becomes the model's :class:`PrintRules`: the safe distance
from the trim (with or without bleed), the gutter table, the page minimum
and page multiple, the bleed. Layout finds the gutter for the final page count
and pads with blank pages; this module names what the user must hear about
(pages added, a trim the service does not print, too many pages).
"""
from __future__ import annotations

from dataclasses import dataclass

from publisher.model import Bleed, Booklet, PrintRules
from publisher.printing.profile import Profile, inches, load_profile


@dataclass(frozen=True)
class PrintChoice:
    """A book's ``print`` block with its profile loaded."""

    profile: Profile
    paper: str
    bleed: bool

    def rules(self, trim: tuple[float, float]) -> PrintRules:
        p = self.profile
        minimum, _most = p.page_limits(self.paper, trim)
        return PrintRules(service=p.name, safe=p.margin(self.bleed), gutters=p.gutters, min_pages=minimum,
                          page_multiple=p.page_multiple, blank_last_page=p.last_page_blank,
                          blank_run_end=p.blank_run_end,
                          bleed=Bleed(p.bleed, p.bleed_all_edges) if self.bleed else None)


def choice(service: str, paper: str, bleed: bool) -> PrintChoice | None:
    """The profile of a ``print`` block; None for ``service: none``."""
    return None if service == "none" else PrintChoice(load_profile(service), paper, bleed)


def trim_problem(chosen: PrintChoice, trim: tuple[float, float]) -> str | None:
    """Why the service cannot print this trim (None when it can)."""
    p = chosen.profile
    if p.trim_allowed(trim):
        return None
    custom = ""
    if p.custom_trim is not None:
        (low_w, low_h), (high_w, high_h) = p.custom_trim
        custom = (f", or a custom trim from {inches(low_w):g}x{inches(low_h):g}in "
                  f"to {inches(high_w):g}x{inches(high_h):g}in")
    return (f"{p.name} does not print a {inches(trim[0]):g}x{inches(trim[1]):g} in trim: choose one of "
            f"{p.trims_text()}{custom}")


def page_count_problem(chosen: PrintChoice, booklet: Booklet) -> str | None:
    """A booklet with more pages than the service binds on its paper and trim."""
    _least, most = chosen.profile.page_limits(chosen.paper, (booklet.page_width, booklet.page_height))
    if booklet.page_count <= most:
        return None
    return (f"the {booklet.role} booklet has {booklet.page_count} pages; {chosen.profile.name} binds at most "
            f"{most} on {chosen.paper} paper at this trim (split the book or choose a larger trim)")


def padding_note(chosen: PrintChoice, booklet: Booklet, file_name: str) -> str | None:
    """What the build summary says when blank pages were added to reach the service's minimum
    (one blank page that only makes the count even is ordinary book-making, not news)."""
    added = booklet.blank_pages_added
    laid_out = booklet.page_count - added
    minimum = booklet.print_rules.min_pages if booklet.print_rules else 0
    if laid_out >= minimum:
        return None
    limit = chosen.profile.blank_run_end
    kind = "blank pages" if limit is None or added <= limit else "pages (Notes pages, then blank ones)"
    return (f"{file_name}: {laid_out} pages; {added} {kind} added at the end to reach "
            f"{chosen.profile.name}'s minimum of {minimum}")
