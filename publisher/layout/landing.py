"""``book.pages``: the puzzle booklet laid out to land on the page count its book asks for.

A self-publisher prices and designs a paperback for a page count (120 pages) before the book
exists. Layout by fit picks each section's grids a page within the conventions' range for
its trim and board size (:data:`publisher.spec.PER_PAGE_RANGES`); here each section whose
grids a page nobody configured may take any other count of that range, for its puzzles and
(where the key is in this booklet) its answers, every mark still above its floor. The counts
are chosen so the book lays out in the asked pages or a few fewer, and the rest is padding
(:func:`publisher.layout.spreads.pad`: Notes pages, then blank ones, as the service allows).
A count it cannot make is one error naming ``pages`` and the nearest counts it can.

Each choice is first measured on its section alone (its pages change by about as much in the
book), the best combinations are then laid out whole, and the first that lands wins: the
same book, the same choice, the same bytes.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from publisher.model import Booklet, BookSpec, LayoutError, SectionSpec

#: the most pages of padding (Notes, then blank) a landed book may end in: a few Notes pages
#: are a puzzle book's habit; more reads as filler (KDP's review refuses more than 10 blank)
PADDING_MOST = 10
#: whole-book layouts tried before the nearest counts are reported
ATTEMPTS = 6

Layout = Callable[[BookSpec], Booklet]


@dataclass(frozen=True)
class Option:
    """One section's grids a page set to ``count`` for its puzzles or its answers: ``pages``
    more (or, negative, fewer) than the fitted arrangement takes, measured on the section alone."""

    section: int
    answers: bool
    count: int
    pages: int


def landed(spec: BookSpec, lay: Layout) -> Booklet:
    """The puzzle booklet of ``spec`` on exactly ``spec.pages`` pages (``lay`` lays one out)."""
    target = spec.pages
    assert target is not None
    _check_count(spec, target)
    free = replace(spec, pages=None)
    fitted = lay(free).page_count
    if target - PADDING_MOST <= fitted <= target:
        booklet = lay(spec)
        if booklet.page_count == target:
            return booklet
    totals = _reachable(free, fitted, lay)
    near = sorted((t for t in totals if target - PADDING_MOST <= t <= target and t != fitted),
                  key=lambda t: (target - t, len(totals[t])))
    for total in near[:ATTEMPTS]:
        booklet = lay(_chosen(spec, totals[total]))
        if booklet.page_count == target:
            return booklet
    raise LayoutError(f"{spec.key}.pages", _nearest(target, sorted(totals)))


def _check_count(spec: BookSpec, target: int) -> None:
    """A count the book's print service does not bind: an error naming the counts it does."""
    rules = spec.print_rules
    if rules is None:
        return
    if target < rules.min_pages:
        raise LayoutError(f"{spec.key}.pages", f"{target} pages: {rules.service} binds at least {rules.min_pages}")
    if target % rules.page_multiple:
        below, step = target - target % rules.page_multiple, rules.page_multiple
        raise LayoutError(f"{spec.key}.pages", f"{target} pages: {rules.service} binds a multiple of {step}; "
                                               f"ask for {below} or {below + step}")


def _options(spec: BookSpec, lay: Layout) -> list[list[Option]]:
    """Every section's other grids-a-page counts, one list per section and half (puzzles,
    answers), each measured as the pages it adds to that section laid out alone."""
    key_here = spec.answers in ("back", "both")
    groups: list[list[Option]] = []
    for index, section in enumerate(spec.sections):
        sides = {side for side, _puzzles, _answers in section.per_page_ranges}
        if spec.large_print or len(sides) != 1 or any(board.chessboard for board in section.boards):
            continue          # one grid a page, or fitted by rules of their own (chessboards, mixed sizes)
        halves = [answers for answers in ((False, True) if key_here else (False,))
                  if ("answers_per_page" if answers else "puzzles_per_page") in section.per_page_defaults]
        if not halves:
            continue          # both halves configured: nothing to choose (and no layout to measure)
        alone = replace(spec, sections=(section,), contents=False, imprint=None, pages=None)
        base = lay(alone).page_count
        for answers in halves:
            _side, puzzles, answered = section.per_page_ranges[0]
            fewest, most = answered if answers else puzzles
            group = []
            for count in range(fewest, min(most, len(section.boards)) + 1):
                try:
                    pages = lay(replace(alone, sections=(_narrowed(section, answers, count),))).page_count - base
                except LayoutError:    # the count would push a mark under its floor
                    continue
                group.append(Option(index, answers, count, pages))
            if group:
                groups.append(group)
    return groups


def _reachable(spec: BookSpec, fitted: int, lay: Layout) -> dict[int, tuple[Option, ...]]:
    """Each page count the options reach (by their pages measured alone), with the fewest options
    that reach it (the fitted arrangement wherever it serves)."""
    totals: dict[int, tuple[Option, ...]] = {fitted: ()}
    for group in _options(spec, lay):
        grown = dict(totals)
        for total, chosen in totals.items():
            for option in group:
                reached, with_it = total + option.pages, (*chosen, option)
                if option.pages and (reached not in grown or len(with_it) < len(grown[reached])):
                    grown[reached] = with_it
        totals = grown
    return totals


def _narrowed(section: SectionSpec, answers: bool, count: int) -> SectionSpec:
    """``section`` fitted with exactly ``count`` grids a page for its puzzles or answers."""
    ranges = tuple((side, puzzles, (count, count)) if answers else (side, (count, count), others)
                   for side, puzzles, others in section.per_page_ranges)
    return replace(section, per_page_ranges=ranges)


def _chosen(spec: BookSpec, options: tuple[Option, ...]) -> BookSpec:
    """``spec`` with every option's section narrowed to it."""
    sections = list(spec.sections)
    for option in options:
        sections[option.section] = _narrowed(sections[option.section], option.answers, option.count)
    return replace(spec, sections=tuple(sections))


def _nearest(target: int, totals: list[int]) -> str:
    """The error of a count the book cannot land on: the counts it takes and the nearest it can."""
    fewer = [t + PADDING_MOST for t in totals if t + PADDING_MOST < target]
    more = [t for t in totals if t > target]
    near = " or ".join(str(n) for n in (max(fewer, default=None), min(more, default=None)) if n is not None)
    return (f"{target} pages: the book takes {min(totals)} to {max(totals) + PADDING_MOST} (its grids a page "
            f"within the conventions, then up to {PADDING_MOST} Notes or blank pages); the nearest it can make: {near}")
