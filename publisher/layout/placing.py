"""Grids placed in their slots: a section's boards as numbered grids with their captions, notes,
cross-reference lines, cages, coordinates, worked-example steps and what the screen plays,
in rows of one shape; and a row placed as a band on the page."""
from __future__ import annotations

import math
from dataclasses import replace
from itertools import pairwise

from publisher import qrcodes
from publisher.captions import caption_parts, fit_caption, head
from publisher.grids import (
    cells,
    one_row,
    text_ratio,
)
from publisher.layout.frame import Desk, ink_of
from publisher.layout.gridmaker import GridMaker
from publisher.layout.slots import SlotMaker, Slots
from publisher.model import (
    Band,
    Board,
    CrossRef,
    PlacedGrid,
    QrCode,
    SectionSpec,
    TextStyle,
)
from publisher.play import play_for
from publisher.typeset import visible

#: what makes two boards of a section print alike: rows, columns, kind and text ratio
Shape = tuple[int, int, str, float]


class Placer:
    """Places one booklet's grids: every board of a section as a :class:`PlacedGrid` in its slot."""

    def __init__(self, desk: Desk, slots: SlotMaker) -> None:
        self.desk, self.slots = desk, slots
        self.grids = GridMaker(desk.type, ink_of(desk.spec), desk.spec.large_print, desk.spec.coordinates)

    def rows(self, section: SectionSpec, first_number: int, answers: bool,
             shrink: float = 1.0) -> list[tuple[list[PlacedGrid], Slots]]:
        """Grids in rows of their shape's ``across``, each with its slots; a
        row also ends where the board shape changes, so each band holds grids
        of one shape, and after a demonstration's grids, so the puzzles start a
        row of their own. Answer cells are capped by their puzzle's, and by
        ``shrink`` of their usual size (LayoutError where that drops a mark under
        its floor; over 1, set that much larger, :meth:`SlotMaker.grown`)."""
        rows: list[tuple[list[PlacedGrid], Slots]] = []
        sizes = self.sizes(section, answers, shrink)
        for number, board in numbered(section, first_number, answers):
            slots, cell, font = sizes[self.shape(board, answers)]
            placed = self.placed(board, number, section, answers, slots, cell, font)
            for item in (placed, *self.worked(board, number, answers, slots, placed)):
                if (rows and rows[-1][1] is slots and len(rows[-1][0]) < slots.across
                        and (rows[-1][0][0].number is None) == (number is None)
                        and one_row(rows[-1][0][0].grid, item.grid)):
                    rows[-1][0].append(item)
                else:
                    rows.append(([item], slots))
        return rows

    def shape(self, board: Board, answers: bool) -> Shape:
        """What makes two boards of a section print alike: sides, kind and text ratio."""
        return board.rows, board.cols, board.kind, text_ratio(board, answers, self.desk.spec.large_print)

    def sizes(self, section: SectionSpec, answers: bool,
              shrink: float = 1.0) -> dict[Shape, tuple[Slots, float, float]]:
        """The slots, cell and text size of each shape of a section (answers: their cells at most
        ``shrink`` of their usual size, or over 1 that much larger). Its chessboards print at one
        size whatever their sides, so their numbers are set at one size too, the smallest any of
        them needs (a lone 6x6 tour beside 8x8 ones does not shout its numbers); in an answer key
        their squares are one size too, the smallest any of them gets, where that keeps every
        board's marks (so boards of different sides share a row: an 8x8 a 6x9 in page narrows
        beside a 6x6 at the key's largest cell)."""
        sizes: dict[Shape, tuple[Slots, float, float]] = {}
        chess: set[Shape] = set()
        boards = section.printed(answers)
        for board in boards:
            shape = self.shape(board, answers)
            if shape not in sizes:
                slots = self.slots.for_shape(section, answers, board)
                cap = self.slots.answer_cap(section, board) if answers else None
                cell, font = self.slots.grid_size(board, slots, answers, cap)
                if shrink < 1.0:
                    cell, font = self.slots.grid_size(board, slots, answers, cell * shrink)
                elif shrink > 1.0 and answers:
                    cell, font = self.slots.grown(board, cell, shrink, cap)
                sizes[shape] = (slots, cell, font)
            if board.chessboard:
                chess.add(shape)
        unified = False
        if chess and answers:
            squares = {shape: board for board in boards if (shape := self.shape(board, answers)) in chess}
            cell = min(sizes[shape][1] for shape in squares)
            unified = any(sizes[shape][1] != cell for shape in squares) and \
                all(cell >= self.slots.least_cell(board, True) - 1e-6 for board in squares.values())
            if unified:
                sizes.update({shape: (sizes[shape][0], cell, self.slots.font_of(board, cell, True))
                              for shape, board in squares.items()})
        if shrink != 1.0 or unified:     # captions wrap at the grids' new widths (never cut for it)
            sizes = self.rewrapped(section, answers, sizes)
        if chess:
            font = min(self.grids.clear_of_coordinates(board, *sizes[self.shape(board, answers)][1:], answers)
                       for board in boards if board.chessboard)
            sizes.update({shape: (*sizes[shape][:2], font) for shape in chess})
        # a cage's total and the digit of its cell stand clear of each other (their font boxes, as
        # an editor measures them): a puzzle's givens are set no larger than keeps them so (large
        # print's 18 pt totals clear no centred digit in any cell a page holds); an answer key's
        # digits lose a fifth of their size at most, and where even that leaves them touching its
        # totals, the totals are left out (:meth:`cages`)
        for shape in {self.shape(board, answers) for board in boards if board.cages}:
            slots, cell, font = sizes[shape]
            least = min(self.grids.clear_of_totals(board, cell, font, answers) for board in boards
                        if board.cages and self.shape(board, answers) == shape)
            sizes[shape] = (slots, cell, least)
        return sizes

    def rewrapped(self, section: SectionSpec, answers: bool,
                  sizes: dict[Shape, tuple[Slots, float, float]]) -> dict[Shape, tuple[Slots, float, float]]:
        """Sizes set smaller (or larger) than their slots were made for, each slot's caption boxes holding
        the lines its captions take at its narrowest grid (shapes sharing a slot still share it)."""
        narrowest: dict[int, float] = {}
        for (_rows, cols, *_rest), (slots, cell, _font) in sizes.items():
            narrowest[id(slots)] = min(narrowest.get(id(slots), math.inf), cols * cell)
        wrapped = {id(slots): self.slots.rewrapped(section, answers, slots, narrowest[id(slots)])
                   for slots, _cell, _font in sizes.values()}
        return {shape: (wrapped[id(slots)], cell, font) for shape, (slots, cell, font) in sizes.items()}

    def worked(self, board: Board, number: int | None, answers: bool, slots: Slots,
               placed: PlacedGrid) -> list[PlacedGrid]:
        """The board's worked examples in this booklet, after its own grid: each step on the
        position it was found in (givens bold, values found so far grey, the value the step
        places circled), the candidates of the cells it involves small, the eliminated ones
        struck, its pattern shaded; captioned "12 · Key step" (or "12 · Step 3 of 40", and
        "Example · Key step" on a demonstration) with the step's sentence on the note line."""
        if not board.worked or (board.worked_in == "answers") != answers:
            return []
        out = []
        total = len(board.worked)
        for index, step in enumerate(board.worked, 1):
            texts = tuple(mark.placed if mark is not None and mark.placed else value
                          for value, mark in zip(step.values, step.marks))
            position = replace(board, givens=board.givens, answer=texts)
            word = self.desk.labels["key_step"] if total == 1 else f"{self.desk.labels['step']} {index}/{total}"
            marks = step.marks
            if self.desk.spec.large_print:   # candidates cannot print at 18 pt in a cell: the circled value stays
                marks = tuple(mark if mark is not None and mark.placed else None for mark in marks)
            heading = f"{head(number, self.desk.labels)} · {word}"
            named = f"{word} {number}" if number is not None else heading
            grid = replace(placed.grid, cells=cells(position, True), marks=marks, shaded=step.pattern,
                           tour=None, label=f"{named}: {visible(self.desk.said(step.step))}")
            width = max(grid.width, slots.width)
            lines = self.sentence(visible(self.desk.said(step.step)), grid.width, slots) if slots.noted else ()
            caption = self.desk.type.one_line(heading, placed.caption_style, width)
            out.append(replace(placed, caption=caption, caption_lines=(), caption_parts=(),
                               grid=grid, note=" ".join(lines), note_lines=lines,
                               note_style=self.note_style(slots) if lines else None,
                               caption_height=slots.caption_box(1, len(lines)), play=None))
        return out

    def placed(self, board: Board, number: int | None, section: SectionSpec, answers: bool,
               slots: Slots, cell: float, font: float) -> PlacedGrid:
        """The board's own grid: numbered, naming its other half's page and played on screen
        (a puzzle's); a demonstration (``number`` None) names none and is not played."""
        labels = self.desk.labels
        style = slots.caption or (self.desk.styles.answer_caption if answers else self.desk.styles.caption)
        grid_width = board.cols * cell
        kind = labels.get(board.kind, board.kind)
        parts = caption_parts(board, number, labels)
        lines, style = fit_caption(parts, style, grid_width, self.desk.type, self.slots.caption_floor(answers, style),
                                   slots.caption_lines)
        caption = " ".join(lines)
        word = labels["solution"] if answers else labels["puzzle"]
        named = f"{word} {number}" if number is not None else labels["example"]
        grid = self.grids.grid(board, cell, font, answers, f"{named}, {board.rows}x{board.cols} {kind}")
        note, note_style = "", None
        note_lines: tuple[str, ...] = ()
        # a key step under a puzzle would give it away
        text = self.slots.note(board) if answers and slots.noted else ""
        if text:
            note_style = self.note_style(slots)
            note_lines = self.sentence(text, grid_width, slots)
            note = " ".join(note_lines)
        ref_style = slots.ref or self.desk.styles.ref
        drop = 0.0 if answers else self.under_edge(ref_style)
        ref = CrossRef("", 0, "", "", ref_style, below=not answers, drop=drop) if number is not None else None
        play = None if answers or number is None else play_for(board, self.desk.spec.play_solutions,
                                                               self.desk.hint_words, self.desk.spec.language)
        link = self.slots.qr_link(board, number) if slots.qr and number is not None else None
        qr = None
        if link is not None:   # under the grid and its cross-reference, at the grid's right edge
            rows = qrcodes.modules(link)
            side = len(rows) * qrcodes.MODULE
            foot = slots.caption_box(len(lines), len(note_lines)) + grid.height + slots.below   # the band's
            left = grid.width - side if side <= grid.width else (grid.width - side) / 2   # centred under a narrow grid
            qr = QrCode(link, rows, qrcodes.MODULE, _floor(left), _floor(foot - side))
        return PlacedGrid(number, caption, style, grid, 0.0, 0.0, slots.caption_box(len(lines), len(note_lines)),
                          note, note_style, play=play,
                          caption_parts=parts, note_lines=note_lines,
                          caption_lines=lines if len(lines) > 1 else (), ref=ref, below=slots.below, qr=qr)

    def widened(self, row: list[PlacedGrid], slots: Slots, answers: bool) -> list[PlacedGrid]:
        """A row of one grid with its caption fitted across the text block where that sets it
        better than its grid's width does (on fewer lines, larger, or whole where it was cut):
        nothing stands beside a lone grid (it is centred on the text block), so its caption may
        run wider than the grid; its caption box, and the code under it, follow. Rows of more
        grids (and a worked step's heading) stay as they are."""
        if len(row) != 1 or not row[0].caption_parts:
            return row
        item = row[0]
        room = self.desk.content_width
        if room <= item.grid.width:
            return row
        style = slots.caption or (self.desk.styles.answer_caption if answers else self.desk.styles.caption)
        lines, sized = fit_caption(item.caption_parts, style, room, self.desk.type,
                                   self.slots.caption_floor(answers, style), slots.caption_lines)
        if lines == item.captions and sized == item.caption_style:
            return row
        height = slots.caption_box(len(lines), len(item.note_lines))
        qr = item.qr
        if qr is not None:    # the code keeps its place under the grid
            qr = replace(qr, y=_floor(height + item.grid.height + item.below - qr.side))
        return [replace(item, caption=" ".join(lines), caption_style=sized, caption_height=height,
                        caption_lines=lines if len(lines) > 1 else (), caption_width=round(room, 2), qr=qr)]

    def under_edge(self, style: TextStyle) -> float:
        """How far under a grid's edge a line of ``style`` (its capitals centred in its leading, as
        every format sets a line) starts so that its font box clears the edge: none where the
        leading holds the ascent."""
        cap, ascent, _descent = self.grids.line_box
        return max(0.0, round(ascent * style.size - style.leading / 2 - cap * style.size / 2, 2))

    def note_style(self, slots: Slots) -> TextStyle:
        """The note lines' style at the slots' size (the cross-reference's)."""
        note = self.desk.styles.note
        return note if slots.ref is None or slots.ref.size == note.size else replace(note, size=slots.ref.size,
                                                                                      leading=slots.ref.leading)

    def sentence(self, text: str, width: float, slots: Slots) -> tuple[str, ...]:
        """``text`` wrapped to the grid's width in the note style, every line of it (the slots
        hold the section's longest note): PDF and HTML draw each line, DOCX and RTF let the
        whole sentence (the lines joined) reflow in its paragraph."""
        return tuple(self.desk.type.wrap(text, self.note_style(slots), width))

    def band(self, row: list[PlacedGrid], y: float, slots: Slots, centred: bool = True) -> Band:
        """Place a row of grids centred in their slots, a short row (the end of a
        section, a change of grid shape) centred as a whole (offsets relative to
        the content box; :func:`~publisher.layout.frame.pages` moves them onto the page). ``centred``
        False puts the row's top at ``y`` (the answer key's flowing rows). A row its slots do not
        hold (an answer key's rows packed by their grids' own widths, :func:`packed`) stands
        centred as a whole, its grids the slots' column gap apart."""
        block_height = slots.block(row)
        top = y + (slots.height - block_height) / 2 if centred else y
        pitch = slots.width + slots.hgap
        shift = (slots.across - len(row)) * pitch / 2
        if len(row) <= slots.across and all(p.grid.width <= slots.width + 0.01 for p in row):
            xs = [shift + i * pitch + (slots.width - p.grid.width) / 2 for i, p in enumerate(row)]
        else:
            xs = [(self.desk.content_width - row_width(row, slots.hgap)) / 2]
            for before, _after in pairwise(row):
                xs.append(xs[-1] + before.grid.width + slots.hgap)
        # the grids of a row stand at one height, each caption box right above its own grid
        box = max(p.caption_height for p in row)
        items = tuple(replace(p, x=round(x, 2), y=round(top + box - p.caption_height, 2))
                      for p, x in zip(row, xs))
        gaps = [b.x - a.x - a.grid.width for a, b in pairwise(items)]
        gap = round(min(gaps, default=pitch - row[0].grid.width), 2)
        width = round(items[-1].x + items[-1].grid.width - items[0].x, 2)
        return Band(items, items[0].x, round(top, 2), width, round(block_height, 2), gap)


def row_width(row: list[PlacedGrid], gap: float) -> float:
    """The width of a row of grids ``gap`` apart."""
    return sum(p.grid.width for p in row) + gap * (len(row) - 1)


def numbered(section: SectionSpec, first_number: int, answers: bool) -> list[tuple[int | None, Board]]:
    """The boards a section prints in a booklet with their numbers, ``first_number`` on: its
    demonstration (in the puzzle booklet, first) has none."""
    numbers = iter(range(first_number, first_number + len(section.boards)))
    return [(None if board is section.demonstration else next(numbers), board) for board in section.printed(answers)]


def _floor(points: float) -> float:
    """``points`` to the model's 0.01 pt, rounded down: a code placed flush with its grid's edge
    or its band's foot stays inside them."""
    return math.floor(points * 100) / 100
