"""Pagination, in one place: a section's grids page by page (as many full rows as fit under its
opening, a full set on later pages, the last pages balanced, the free height shared evenly),
and the answer key flowing on from section to section."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from publisher.grids import one_row
from publisher.layout import fit
from publisher.layout.frame import KEY_SPARE, Desk, Draft
from publisher.layout.placing import Placer, row_width
from publisher.layout.slots import Slots
from publisher.model import Band, LayoutError, PlacedGrid, SectionSpec, TextBlock, TextStyle


class Paginator:
    """Fills the pages of one booklet with its sections, puzzles or answers."""

    def __init__(self, desk: Desk, placer: Placer, drafts: list[Draft]) -> None:
        self.desk, self.placer, self.drafts = desk, placer, drafts
        #: each section's answer rows at a scale (:meth:`scaled`), laid out once: None where a
        #: mark would drop under its floor
        self._scaled: dict[tuple[str, int, float], list[tuple[list[PlacedGrid], Slots]] | None] = {}
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
        head = (self.desk.labels["answers"] if answers else self.desk.spec.title, section.title)
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
                pages[-1].extend(self.widened([(row, slots) for row in chunk], answers))
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
        right-hand page). Rows keep their section's sizes, one gap apart.

        No page of the key but its last is left under :data:`publisher.layout.fit.LEAST_FILL`
        where another arrangement avoids it: while one is, the sections on such pages and beside
        them are tried in their other settings (:meth:`settings`: a little smaller or larger, rows packed
        by their grids' widths), one section at a time, and the one leaving fewest short pages,
        then fewest pages, then the first short page latest, is kept. So is one that takes a
        short last page back onto the page before (an orphaned answer, the key's last page a tenth
        full); a key without a short page is laid out as it always was."""
        if self.desk.spec.section_start == "right":
            for section, first in zip(sections, firsts):
                self.section(section, first, answers=True)
            return
        chosen: list[Setting] = [None] * len(sections)
        key = self.flowed(sections, firsts, chosen)
        for _ in range(len(sections)):
            if not key.short and not key.orphaned:
                break
            around = {page + step for page in [*key.short, *key.orphaned] for step in (-1, 0, 1)}
            near = {index for index, pages in enumerate(key.pages_of) if pages & around}
            best = key
            for index in sorted(near):
                for setting in self.settings(sections[index], firsts[index]):
                    trial = self.flowed(sections, firsts, chosen[:index] + [setting] + chosen[index + 1:])
                    if trial.score < best.score:
                        best, best_at = trial, (index, setting)
            if best is key:
                break
            chosen[best_at[0]] = best_at[1]
            key = best
        self.drafts += key.drafts
        self.starts += [(title, True, len(self.drafts) - len(key.drafts) + page + 1) for title, page in key.starts]

    def flowed(self, sections: tuple[SectionSpec, ...], firsts: list[int], chosen: list[Setting]) -> Key:
        """The key's pages with each section in its chosen setting (None: as it always was, its
        last rows pulled back where a fifth smaller keeps them on its page)."""
        drafts: list[Draft] = []
        starts: list[tuple[str, int]] = []
        pages_of: list[set[int]] = []
        page: list[TextBlock | Band] = []
        y, opening = 0.0, False     # y: the bottom of what the page holds so far
        head: tuple[str, ...] = ()
        usable = self.desk.content_height * (1 - KEY_SPARE)

        def turn(new_head: tuple[str, ...], new_opening: bool) -> None:
            nonlocal page, y, head, opening
            if page:
                drafts.append(Draft(page, head, opening))
            page, y, head, opening = [], 0.0, new_head, new_opening

        for section, first, setting in zip(sections, firsts, chosen):
            section_head = (self.desk.labels["answers"], section.title)
            heading = self.desk.type.block(f"{self.desk.labels['answers']}: {section.title}", self.desk.styles.heading,
                                      0.0, 0.0, self.desk.content_width)
            rows = self.set_rows(section, first, setting)
            first_height = rows[0][1].block(rows[0][0])
            space = self.desk.styles.body.leading if page else 0.0
            if not page or y + space + heading.height + self.desk.styles.body.leading + first_height > usable:
                turn(section_head, True)
                space = 0.0
            if setting is None:
                rows = self.pulled_back(section, first, rows, usable - y - space - heading.height
                                        - self.desk.styles.body.leading)
            starts.append((section.title, len(drafts)))
            pages_of.append({len(drafts)})
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
                pages_of[-1].add(len(drafts))
                y += gap + height
                below_heading = False
        turn((), False)
        area = self.desk.content_width * self.desk.content_height
        fills = [sum(item.grid.width * item.grid.height for block in draft.blocks if isinstance(block, Band)
                     for item in block.items) / area for draft in drafts]
        short = [index for index, fill in enumerate(fills[:-1]) if fill < fit.LEAST_FILL]
        orphaned = [len(fills) - 1] if len(fills) > 1 and fills[-1] < fit.LEAST_FILL else []
        return Key(drafts, starts, pages_of, short, orphaned)

    def set_rows(self, section: SectionSpec, first: int, setting: Setting) -> list[tuple[list[PlacedGrid], Slots]]:
        """A section's answer rows in a setting (None: balanced in its slots; else its scale,
        rows packed by width)."""
        rows = self.scaled(section, first, 1.0 if setting is None else setting)
        if rows is None:
            raise LayoutError(section.key, "a mark would drop under its floor")
        return self.widened(balanced(rows) if setting is None else packed(rows, self.desk.content_width), True)

    def widened(self, rows: list[tuple[list[PlacedGrid], Slots]],
                answers: bool) -> list[tuple[list[PlacedGrid], Slots]]:
        """Rows as they print: a grid alone in its row with its caption across the text block
        where that sets it better (:meth:`Placer.widened`)."""
        return [(self.placer.widened(row, slots, answers), slots) for row, slots in rows]

    def scaled(self, section: SectionSpec, first: int, scale: float) -> list[tuple[list[PlacedGrid], Slots]] | None:
        """A section's answer rows at ``scale`` of their size, as :meth:`Placer.rows` gives them
        (None where a mark would drop under its floor), laid out once for every setting tried."""
        cached = (section.key, first, scale)
        if cached not in self._scaled:
            try:
                self._scaled[cached] = self.placer.rows(section, first, True, scale)
            except LayoutError:
                if scale == 1.0:
                    raise
                self._scaled[cached] = None
        return self._scaled[cached]

    def settings(self, section: SectionSpec, first: int) -> list[Setting]:
        """The other settings a section's answers may take to keep a key's page from being short:
        packed by their grids' widths at their size, then a little smaller or larger (nearest
        first; as large as keeps its rows as they are among them), each only where every mark
        stays above its floor and every caption reads as it did (its words, its style; it may
        wrap), and where it differs from those before."""
        usual = self.set_rows(section, first, None)
        out: list[Setting] = []
        seen = [shape_of(usual)]
        # and as large as keeps each row's grids across the text block (a step more would not)
        widest = min((self.desk.content_width - slots.hgap * (len(row) - 1)) / sum(p.grid.width for p in row)
                     for row, slots in usual)
        scales = [*KEY_SCALES, math.floor(widest * 1000) / 1000] if widest > 1.001 else list(KEY_SCALES)
        for scale in sorted(scales, key=lambda s: (abs(math.log(s)), s)):
            if self.scaled(section, first, scale) is None:      # a mark would drop under its floor
                continue
            rows = self.set_rows(section, first, scale)
            if same_captions(usual, rows) and shape_of(rows) not in seen:
                seen.append(shape_of(rows))
                out.append(scale)
        return out

    def pulled_back(self, section: SectionSpec, first: int, rows: list[tuple[list[PlacedGrid], Slots]],
                    room: float) -> list[tuple[list[PlacedGrid], Slots]]:
        """A section's answer rows, smaller where that keeps them all on the page they start on
        (``room`` under its heading): a key's section whose last row or two would turn the page
        (an orphaned row, a page a quarter full) is set up to :data:`LEAST_SHRINK` smaller and
        pulled back, every mark still above its floor; else as they were."""
        if stacked(rows) <= room:
            return rows
        for step in range(1, SHRINK_STEPS + 1):
            shrink = 1 - (1 - LEAST_SHRINK) * step / SHRINK_STEPS
            placed = self.scaled(section, first, shrink)
            if placed is None:      # a mark would drop under its floor: no smaller
                return rows
            smaller = self.widened(balanced(placed), True)
            if not same_captions(rows, smaller):     # a caption would shrink or shorten: no smaller
                return rows
            if stacked(smaller) <= room:
                return smaller
        return rows


#: how an answer key's section is set (:meth:`Paginator.settings`): None as usual, else its
#: answers' scale, its rows packed by width
Setting = float | None
#: the scales tried where a key's page would be short: up to a fifth smaller (every mark above
#: its floor), or larger where the cells may grow (large print's, set at their floor; a key's
#: under its cap)
KEY_SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 1.025, 1.05, 1.075, 1.1, 1.15, 1.2, 1.3, 1.4, 1.5)


@dataclass(frozen=True)
class Key:
    """An answer key laid out: its pages, each section's (title, first page) and the pages its
    heading and rows are on (0-based, within the key), and the pages but its last under
    :data:`publisher.layout.fit.LEAST_FILL` (and its last page, when that is one of several and
    as short: a setting that takes it back onto the page before wins by its page count)."""

    drafts: list[Draft]
    starts: list[tuple[str, int]]
    pages_of: list[set[int]]
    short: list[int]
    orphaned: list[int]

    @property
    def score(self) -> tuple[int, int, int]:
        """Fewer short pages, then fewer pages, then the first short page later, is better."""
        return len(self.short), len(self.drafts), -(self.short[0] if self.short else len(self.drafts))


#: an answer key's section is set at most this much smaller to keep it on one page, in as many steps
LEAST_SHRINK = 0.8
SHRINK_STEPS = 4


def same_captions(rows: list[tuple[list[PlacedGrid], Slots]], others: list[tuple[list[PlacedGrid], Slots]]) -> bool:
    """Whether two settings of a section's rows print every caption alike (its words, its style)."""
    def captions(of: list[tuple[list[PlacedGrid], Slots]]) -> list[tuple[str, TextStyle]]:
        return [(item.caption, item.caption_style) for row, _slots in of for item in row]
    return captions(rows) == captions(others)


def shape_of(rows: list[tuple[list[PlacedGrid], Slots]]) -> list[tuple[tuple[float, float], ...]]:
    """What a section's rows print: each row's grid sizes."""
    return [tuple((item.grid.width, item.grid.height) for item in row) for row, _slots in rows]


def packed(rows: list[tuple[list[PlacedGrid], Slots]], width: float) -> list[tuple[list[PlacedGrid], Slots]]:
    """A section's answers in rows by their grids' own widths: as many a row as fit ``width``
    their slots' column gap apart (mixed chessboards of one square size side by side, a larger
    setting fewer across), each run of grids that may share a row in as few rows as that
    allows, shared as evenly as they fit."""
    runs: list[tuple[list[PlacedGrid], Slots]] = []
    for row, slots in rows:
        for item in row:
            last = runs[-1][0][-1] if runs else None
            if last is not None and one_row(last.grid, item.grid) and (last.number is None) == (item.number is None):
                runs[-1][0].append(item)
            else:
                runs.append(([item], slots))
    out: list[tuple[list[PlacedGrid], Slots]] = []
    for items, slots in runs:
        greedy: list[list[PlacedGrid]] = []
        for item in items:
            if greedy and row_width([*greedy[-1], item], slots.hgap) <= width + 1e-6:
                greedy[-1].append(item)
            else:
                greedy.append([item])
        even = [items[a:b] for a, b in _shares(len(items), math.ceil(len(items) / len(greedy)),
                                                math.ceil(len(items) / len(greedy)))]
        fits = len(even) == len(greedy) and all(row_width(row, slots.hgap) <= width + 1e-6 for row in even)
        out += [(row, slots) for row in (even if fits else greedy)]
    return out


def stacked(rows: list[tuple[list[PlacedGrid], Slots]]) -> float:
    """The height of rows stacked one gap apart."""
    return sum(slots.block(row) for row, slots in rows) + sum(slots.vgap for _row, slots in rows[1:])


def balanced(rows: list[tuple[list[PlacedGrid], Slots]]) -> list[tuple[list[PlacedGrid], Slots]]:
    """The rows of each run of one shape sharing its grids evenly: four answers three across
    are two and two, never three and an orphan (as many rows as before, none longer)."""
    out: list[tuple[list[PlacedGrid], Slots]] = []
    for slotted, slots in runs(rows):
        for run in _one_shape(slotted):     # a mixed section's 6x6 answers apart from its 4x4 ones
            items = [item for row in run for item in row]
            if any(len(row) < slots.across for row in run[:-1]):
                out += [(row, slots) for row in run]     # a row cut short by its grids' shapes: kept
                continue
            for start, end in _shares(len(items), slots.across, slots.across):
                out.append((items[start:end], slots))
    return out


def _one_shape(rows: list[list[PlacedGrid]]) -> list[list[list[PlacedGrid]]]:
    """Consecutive rows of grids of one shape, grouped: the rows of a mixed section share one
    set of slots, and its last row of one shape (the fourth 6x6 KenKen before two 4x4 ones)
    is cut short by the next shape, not by its own count."""
    groups: list[list[list[PlacedGrid]]] = []
    for row in rows:
        shape = {(item.grid.rows, item.grid.cols) for item in row}
        if groups and shape == {(item.grid.rows, item.grid.cols) for item in groups[-1][-1]} and len(shape) == 1:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


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
