"""Facing pages and padding: facing pages of one shape put their rows at the same heights, and
a print profile's page count is reached with Notes pages, then blank ones."""
from __future__ import annotations

from dataclasses import replace

from publisher.layout import fit
from publisher.layout.frame import Desk, Draft
from publisher.model import Band, PrintRules, TextBlock

#: a page of one row may leave this share of its text block empty above or below it
ONE_ROW_BAND = 0.25


def align_spreads(desk: Desk, drafts: list[Draft]) -> None:
    """Facing pages (an even page and the odd one after it) whose rows are
    of the same shapes put them at the same heights: the heights of the more
    constrained page (under a heading), when they fit the other."""
    for left in range(1, len(drafts) - 1, 2):     # draft index of an even page number
        pair = drafts[left], drafts[left + 1]
        bands = [[b for b in draft.blocks if isinstance(b, Band)] for draft in pair]
        shapes = [[(len(b.items), b.height, b.items[0].grid.width) for b in found] for found in bands]
        if not bands[0] or shapes[0] != shapes[1]:
            continue
        ys = [[b.y for b in found] for found in bands]
        if ys[0] == ys[1]:
            continue
        for source, target in ((0, 1), (1, 0)) if ys[0][0] >= ys[1][0] else ((1, 0), (0, 1)):
            if _fits_heights(desk, pair[target], bands[target], ys[source]):
                moved = dict(zip(map(id, bands[target]), ys[source]))
                pair[target].blocks = [replace(b, y=moved[id(b)], items=tuple(
                    replace(item, y=round(item.y + moved[id(b)] - b.y, 2)) for item in b.items))
                    if isinstance(b, Band) else b for b in pair[target].blocks]
                break


def _fits_heights(desk: Desk, draft: Draft, bands: list[Band], ys: list[float]) -> bool:
    """Whether ``draft``'s bands fit at the heights ``ys``: under its text, above its bottom, and
    leaving no empty band taller than an editor allows (between or around two or more rows
    :data:`publisher.layout.fit.MOST_BAND`, around one :data:`ONE_ROW_BAND`) that the page's own
    heights did not leave already (a later page beside an opening with a rule line)."""
    texts = [b for b in draft.blocks if isinstance(b, TextBlock)]
    below_text = max((b.y + b.height for b in texts), default=0.0)
    bottom = desk.bottom(bool(texts))
    last = ys[-1] + bands[-1].height
    if ys[0] < below_text - 1e-6 or last > bottom + 1e-6:
        return False
    most = (fit.MOST_BAND if len(bands) > 1 else ONE_ROW_BAND) * desk.content_height
    return _widest_gap(bands, ys, below_text, bottom) <= max(most, _widest_gap(bands, [b.y for b in bands],
                                                                                below_text, bottom)) + 1e-6


def _widest_gap(bands: list[Band], ys: list[float], top: float, bottom: float) -> float:
    """The tallest empty stretch above, between and below bands standing at ``ys``."""
    edges = [top, *[edge for b, y in zip(bands, ys) for edge in (y, y + b.height)], bottom]
    return max(edges[i + 1] - edges[i] for i in range(0, len(edges) - 1, 2))


def notes_page(desk: Desk) -> Draft:
    """A page headed "Notes" with its folio: padding that is not blank."""
    heading = desk.type.block(desk.labels["notes"], desk.styles.heading, 0.0, 0.0, desk.content_width)
    return Draft([heading], (desk.labels["notes"],), opening=True)


#: a book without a print service that asks for more pages (``book.pages``) ends in at most
#: this many blank pages (the back of its last leaf); Notes pages come before them
BLANK_RUN_WITHOUT_SERVICE = 1


def pad(desk: Desk, drafts: list[Draft], rules: PrintRules | None, pages: int | None = None) -> None:
    """Pages at the end up to the service's minimum and page multiple (and a blank last
    page where the service wants one), and up to ``pages`` (``book.pages``): blank, but
    "Notes" pages first where the book would otherwise end in more blank pages in a row than
    the service accepts (without a service, :data:`BLANK_RUN_WITHOUT_SERVICE`)."""
    if rules is not None and rules.blank_last_page and (drafts[-1].blocks or drafts[-1].head is not None):
        drafts.append(Draft([], None))
    target = max(rules.min_pages if rules else 1, pages or 1, len(drafts))
    added = target + -target % (rules.page_multiple if rules else 1) - len(drafts)
    trailing = next((i for i, d in enumerate(reversed(drafts)) if d.blocks or d.head is not None),
                    len(drafts))
    limit = rules.blank_run_end if rules else BLANK_RUN_WITHOUT_SERVICE
    notes = 0 if limit is None else max(0, min(added, trailing + added - limit))
    for _ in range(notes):
        drafts.append(notes_page(desk))
    for _ in range(added - notes):
        drafts.append(Draft([], None))
