"""Pagination, in one place: a section's grids page by page (as many full rows as fit under its
opening, a full set on later pages, the last pages balanced, the free height shared evenly),
and the answer key flowing on from section to section."""
from __future__ import annotations

import math
from dataclasses import replace

from publisher.layout.frame import KEY_SPARE, Desk, Draft
from publisher.layout.placing import Placer
from publisher.layout.slots import Slots
from publisher.model import Band, LayoutError, PlacedGrid, SectionSpec, TextBlock


class Paginator:
    """Fills the pages of one booklet with its sections, puzzles or answers."""

    def __init__(self, desk: Desk, placer: Placer, drafts: list[Draft]) -> None:
        self.desk, self.placer, self.drafts = desk, placer, drafts
        #: (section title, answers?, first page number) of every section, for the contents
        self.starts: list[tuple[str, bool, int]] = []

    def opening_on_right(self) -> None:
        """A blank verso where needed so the next page is a right-hand page."""
        if len(self.drafts) % 2 == 1:
            self.blank()

    def blank(self) -> None:
        """A blank page: no running head, no folio."""
        self.drafts.append(Draft([], None))

    def section(self, section: SectionSpec, first_number: int, answers: bool) -> None:
        """One section on new pages: heading and instructions, then its grids.

        Every page keeps the grids' size: the opening page holds as many full
        rows as fit under its heading and instructions (none when they fill
        it), later pages a full set (balanced: the last pages share the rest
        evenly). On every page the free height is shared evenly above, between
        and below its rows (:func:`spread`), so a short last page is as
        intended as a full one; facing pages of one shape holding as many rows
        put them at the same heights. A section mixing board shapes lays out
        each run of one shape with that shape's slots; a run starts on the page
        the previous one left, as far as it fits."""
        head = (f"{self.desk.labels['answers']} · {section.title}" if answers
                else f"{self.desk.spec.title} · {section.title}")
        blocks, top = self.desk.opening(section, answers)
        if top > self.desk.usable_height:
            key = "instructions" if section.instructions and not answers else "title"
            raise LayoutError(f"{section.key}.{key}", "the section heading and instructions do not fit on one page")
        rows = self.placer.rows(section, first_number, answers)
        if self.desk.spec.section_start == "right" and len(self.drafts) % 2 == 1:
            self.blank()
        self.starts.append((section.title, answers, len(self.drafts) + 1))
        pages: list[list[tuple[list[PlacedGrid], Slots]]] = [[]]
        used = top                                   # height the opening page's stack takes so far
        for run, slots in runs(rows):
            block = max(slots.block(row) for row in run)
            room = self.desk.usable_height - used - (slots.vgap if pages[-1] else 0.0)
            fitting = max(0, min(slots.down, int((room + slots.vgap + 1e-6) // (block + slots.vgap))))
            for index, chunk in enumerate(self.chunks(run, fitting, slots.down, slots.across)):
                if index:
                    pages.append([])
                    used = 0.0
                if chunk:
                    used += (slots.vgap if pages[-1] else 0.0) + len(chunk) * block + (len(chunk) - 1) * slots.vgap
                pages[-1].extend((row, slots) for row in chunk)
        tops = [spread(page_rows, top if index == 0 else 0.0, self.desk.bottom(bool(index == 0)))
                for index, page_rows in enumerate(pages)]
        for index, (page_rows, ys) in enumerate(zip(pages, tops)):
            page_blocks: list[TextBlock | Band] = list(blocks) if index == 0 else []
            page_blocks += [self.placer.band(row, y, slots, centred=False) for (row, slots), y in zip(page_rows, ys)]
            self.drafts.append(Draft(page_blocks, head, opening=index == 0))

    def chunks(self, rows: list[list[PlacedGrid]], first: int, down: int,
               across: int) -> list[list[list[PlacedGrid]]]:
        """The section's rows page by page: ``first`` rows fit under the
        opening, ``down`` on every later page. Balanced (``layout.balance``),
        the same number of pages share the grids as evenly as they can (8
        grids at 6 a page: 4 + 4, never 6 + 2; 13 at 4 a page: 4 + 3 + 3 + 3,
        never a last page of one grid), each page's grids in rows of ``across``;
        rows a change of shape cut short are shared whole."""
        if not self.desk.spec.balance or len(rows) <= first:
            return [rows[:first]] + [rows[i:i + down] for i in range(first, len(rows), down)]
        if any(len(row) < across for row in rows[:-1]):
            return [rows[a:b] for a, b in _shares(len(rows), first, down)]
        grids = [item for row in rows for item in row]
        pages = [grids[a:b] for a, b in _shares(len(grids), first * across, down * across)]
        return [[page[i:i + across] for i in range(0, len(page), across)] for page in pages]

    def answer_key(self, sections: tuple[SectionSpec, ...], firsts: list[int]) -> None:
        """The answers of every section, flowing on: a section's heading and
        answers follow the previous section's on the same page while they fit
        (a new page only for ``section_start: right``, which opens each on a
        right-hand page). Rows keep their section's sizes, one gap apart."""
        if self.desk.spec.section_start == "right":
            for section, first in zip(sections, firsts):
                self.section(section, first, answers=True)
            return
        page: list[TextBlock | Band] = []
        y, head, opening = 0.0, "", False     # y: the bottom of what the page holds so far
        usable = self.desk.content_height * (1 - KEY_SPARE)

        def turn(new_head: str, new_opening: bool) -> None:
            nonlocal page, y, head, opening
            if page:
                self.drafts.append(Draft(page, head, opening))
            page, y, head, opening = [], 0.0, new_head, new_opening

        for section, first in zip(sections, firsts):
            section_head = f"{self.desk.labels['answers']} · {section.title}"
            heading = self.desk.type.block(f"{self.desk.labels['answers']}: {section.title}", self.desk.styles.heading,
                                      0.0, 0.0, self.desk.content_width)
            rows = balanced(self.placer.rows(section, first, True))
            first_height = rows[0][1].block(rows[0][0])
            space = self.desk.styles.body.leading if page else 0.0
            if not page or y + space + heading.height + self.desk.styles.body.leading + first_height > usable:
                turn(section_head, True)
                space = 0.0
            self.starts.append((section.title, True, len(self.drafts) + 1))
            page.append(replace(heading, y=round(y + space, 2)))
            opening = True      # a page with a heading of its own carries no running head
            y += space + heading.height + self.desk.styles.body.leading
            below_heading = True
            for row, slots in rows:
                height = slots.block(row)
                gap = 0.0 if below_heading else slots.vgap
                if page and y + gap + height > usable:
                    turn(section_head, False)
                    gap = 0.0
                page.append(self.placer.band(row, y + gap, slots, centred=False))
                y += gap + height
                below_heading = False
        turn("", False)


def balanced(rows: list[tuple[list[PlacedGrid], Slots]]) -> list[tuple[list[PlacedGrid], Slots]]:
    """The rows of each run of one shape sharing its grids evenly: four answers three across
    are two and two, never three and an orphan (as many rows as before, none longer)."""
    out: list[tuple[list[PlacedGrid], Slots]] = []
    for run, slots in runs(rows):
        items = [item for row in run for item in row]
        if any(len(row) < slots.across for row in run[:-1]):
            out += [(row, slots) for row in run]     # a row cut short by its grids' shapes: kept
            continue
        for start, end in _shares(len(items), slots.across, slots.across):
            out.append((items[start:end], slots))
    return out


def _shares(total: int, first: int, later: int) -> list[tuple[int, int]]:
    """(start, end) of each page's share of ``total`` things: as few pages as ``first`` on the
    first and ``later`` on each after need, the things shared as evenly as those pages allow."""
    pages = 1 + math.ceil((total - first) / later)
    shares, start = [], 0
    for index in range(pages):
        take = min(first if index == 0 else later, math.ceil((total - start) / (pages - index)))
        shares.append((start, start + take))
        start += take
    return shares


def spread(rows: list[tuple[list[PlacedGrid], Slots]], top: float, bottom: float) -> list[float]:
    """Tops of a page's rows between ``top`` and ``bottom``: the free height
    shared equally above the first row, between the rows and below the last
    (never less than each run's own gap between its rows)."""
    if not rows:
        return []
    heights = [slots.block(row) for row, slots in rows]
    free = bottom - top - sum(heights)
    least = min(slots.vgap for _row, slots in rows) if len(rows) > 1 else 0.0
    gap = max(free / (len(rows) + 1), least if free >= least * (len(rows) - 1) else 0.0)
    edge = max(0.0, (free - gap * (len(rows) - 1)) / 2)
    ys, y = [], top + edge
    for height in heights:
        ys.append(round(y, 2))
        y += height + gap
    return ys


def runs(rows: list[tuple[list[PlacedGrid], Slots]]) -> list[tuple[list[list[PlacedGrid]], Slots]]:
    """Consecutive rows that share their slots (one board shape), grouped."""
    runs: list[tuple[list[list[PlacedGrid]], Slots]] = []
    for row, slots in rows:
        if runs and runs[-1][1] is slots:
            runs[-1][0].append(row)
        else:
            runs.append(([row], slots))
    return runs
