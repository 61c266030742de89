"""A board's grid as every output draws it, at a cell and text size: its cells, borders,
shading, a chessboard's coordinates (where its squares carry them clear of their numbers) and
a tour's path, a cage board's cages with their totals (clear of the digits) and outlines, the
signs between a Futoshiki's cells (:mod:`publisher.signmarks`). One
home for the book's pages (:class:`publisher.layout.placing.Placer`) and the per-puzzle files
of ``puzzlepress export``, so an exported Killer prints its totals, a KenKen its targets and a
chessboard its files and ranks as the book does."""
from __future__ import annotations

from publisher import fonts as fontlib
from publisher.cagelines import cage_drawing
from publisher.grids import (
    Box,
    board_borders,
    cells,
    clear_font,
    clears,
    coordinates,
    label_boxes,
    queen_scale,
    tour_drawing,
)
from publisher.layout import fit
from publisher.model import QUEEN, QUEEN_SCALE, Board, CageDrawing, Coordinates, Grid, Ink, TextStyle
from publisher.signmarks import sign_drawing
from publisher.typeset import Typesetter

#: an answer key's digits may lose this share of their size to stay clear of its cage totals
ANSWER_SHRINK = 0.8


class GridMaker:
    """Makes boards' grids in one booklet's type, ink and rules (large print's floors; whether
    chessboards carry coordinates)."""

    def __init__(self, typesetter: Typesetter, ink: Ink, large_print: bool, coordinates: bool) -> None:
        self.type, self.ink, self.large_print, self.coordinates = typesetter, ink, large_print, coordinates

    def grid(self, board: Board, cell: float, font: float, answers: bool, label: str) -> Grid:
        """The board's grid at ``cell`` (points a square) with its texts at ``font``: the answer
        (a tour's path drawn) or the givens, named ``label`` for screen readers."""
        edges = self.edges(board, cell, font, answers)
        edge_boxes = [(mark.x, mark.y, mark.x + self.label_width(mark.text, edges.size), mark.y + edges.size)
                      for mark in edges.labels] if edges is not None else []
        return Grid(
            rows=board.rows, cols=board.cols, cells=cells(board, answers),
            borders=board_borders(board, cell),
            cell_size=cell, font_size=font, label=label,
            tour=tour_drawing(board, cell, self.widest(board, font), font, edge_boxes) if answers else None,
            shaded=board.shading, coordinates=edges, cages=self.cages(board, cell, answers, font),
            signs=sign_drawing(board, cell),
            queen_scale=queen_scale(cell, self.label_boxes(edges, cell)) if edges is not None else QUEEN_SCALE,
        )

    def clear_font(self, board: Board, cell: float, font: float, answers: bool) -> float:
        """The largest text size up to ``font`` at which the board's numbers cover none of its
        coordinates and its digits none of its cage totals (the floor at the least)."""
        if board.chessboard:
            font = self.clear_of_coordinates(board, cell, font, answers)
        if board.cages:
            font = self.clear_of_totals(board, cell, font, answers)
        return font

    def clear_of_totals(self, board: Board, cell: float, font: float, answers: bool) -> float:
        """The largest size up to ``font`` (the floor at the least; on answers, 80 % of ``font``
        too) at which the digits in the cells that carry a cage's total (the total's box and the
        digit's, ascent to descent) stand clear of it."""
        boxes = self.total_boxes(board, cell, answers)
        if not boxes:
            return font
        least = fit.floors_for(answers, self.large_print).text
        if answers:
            least = max(least, round(font * ANSWER_SHRINK, 1))
        return clear_font(self.cell_texts(board, answers), board.cols, font, least, cell, boxes,
                          self.cell_text_width, self.line_box)

    def total_boxes(self, board: Board, cell: float, answers: bool) -> dict[tuple[int, int], list[Box]]:
        """The font box of each cage total, from its cell's corner, by cell (row, column)."""
        drawing = self.cages(board, cell, answers, font=None)
        if drawing is None:
            return {}
        _cap, ascent, descent = self.line_box
        size = drawing.font_size
        boxes: dict[tuple[int, int], list[Box]] = {}
        for label in drawing.labels:
            row, col = int(label.y // cell), int(label.x // cell)
            left, base = label.x - col * cell, label.y - row * cell
            right = left + self.type.width(label.text, TextStyle("cage", size))
            boxes.setdefault((row, col), []).append((left, base - ascent * size, right, base - descent * size))
        return boxes

    @staticmethod
    def cell_texts(board: Board, answers: bool) -> tuple[str, ...]:
        """What the cells of a board print in this booklet: the answer, or the givens."""
        return board.answer if answers else board.givens

    def clear_of_coordinates(self, board: Board, cell: float, font: float, answers: bool) -> float:
        """The largest text size up to ``font`` at which a chessboard's widest number (a tour's
        "100") covers none of its coordinates, the floor at the least."""
        if not self.coordinates:
            return font
        least = fit.floors_for(answers, self.large_print).text
        edges = coordinates(board.rows, board.cols, cell, least, self.label_width)
        if edges is None:
            return font
        return clear_font(self.square_texts(board, answers), board.cols, font, least, cell,
                          self.label_boxes(edges, cell), self.cell_text_width, self.line_box)

    @staticmethod
    def square_texts(board: Board, answers: bool) -> list[str]:
        """What a chessboard's squares print as text in this booklet (a queen is a drawing)."""
        return [text if text != QUEEN else "" for text in (board.answer if answers else board.givens)]

    def edges(self, board: Board, cell: float, font: float, answers: bool) -> Coordinates | None:
        """A chessboard's files and ranks, where the book prints them and its squares carry them
        clear of their numbers at ``font``: where even the floor leaves a number over one (a
        key's "80" beside the rank "10" in a 24 pt square), the board prints none, as a square
        too small for them does."""
        if not (board.chessboard and self.coordinates):
            return None
        edges = coordinates(board.rows, board.cols, cell, fit.floors_for(answers, self.large_print).text,
                            self.label_width)
        if edges is None or not clears(self.square_texts(board, answers), board.cols, font, cell,
                                       self.label_boxes(edges, cell), self.cell_text_width, self.line_box):
            return None
        return edges

    def label_boxes(self, edges: Coordinates, cell: float) -> dict[tuple[int, int], list[Box]]:
        return label_boxes(edges, cell, self.label_width, self.line_box)

    @property
    def line_box(self) -> tuple[float, float, float]:
        return fontlib.line_box(self.type.fonts)

    def cell_text_width(self, text: str, size: float) -> float:
        """A cell text's width in the bold face (givens are bold; the wider of the two)."""
        return self.type.width(text, TextStyle("cell", size, bold=True))

    def label_width(self, text: str, size: float) -> float:
        return self.type.width(text, TextStyle("coordinate", size))

    def cages(self, board: Board, cell: float, answers: bool, font: float | None) -> CageDrawing | None:
        """The board's cages at this cell size: black on puzzles, lighter on answers; totals at
        their floor or more; outlines only where the kind draws dashed cages. An answer key
        (its digits at ``font``) leaves its totals out where they would touch its digits: in
        large print, and in cells too small to keep them clear."""
        ink = self.ink
        large = self.large_print
        floor = fit.floors_for(answers, large).totals
        totals = not (large and answers)
        if totals and answers and font is not None:      # clear at these digits' size, or left out
            totals = clears(self.cell_texts(board, answers), board.cols, font, cell,
                            self.total_boxes(board, cell, answers), self.cell_text_width, self.line_box)
        homes = self.total_homes(board, cell, font) if totals and not answers and font is not None else None
        return cage_drawing(board, cell, ink.answer_cage_grey if answers else ink.cage_grey,
                            lambda text, size: self.type.width(text, TextStyle("cage", size)),
                            least=floor, totals=totals, outlines=board.cage_look == "dashed", homes=homes,
                            ascent=self.line_box[1])

    def total_homes(self, board: Board, cell: float, font: float) -> tuple[int | None, ...] | None:
        """The cell (row-major) of each cage's total on a puzzle whose givens are set at ``font``:
        its first, unless the given printed there covers the total (large print on a 6x9 or 5x8 in
        page: 18 pt givens, the floor, and 18 pt totals in 38 pt cells cannot both fit one), then
        the first of the cage's cells whose given stands clear of it (one without a given always
        does), and None, the total left out, for a cage whose every cell is given (its sum tells a
        reader nothing). None where every total stays in its first cell (the drawing as it always was)."""
        boxes = self.total_boxes(board, cell, False)
        texts, cols = board.givens, board.cols

        def clear(index: int, box: list[Box]) -> bool:
            return clears(texts, cols, font, cell, {divmod(index, cols): box}, self.cell_text_width, self.line_box)

        homes: list[int | None] = []
        for cage in board.cages:
            box = boxes[divmod(cage.cells[0], cols)]
            homes.append(next((index for index in cage.cells if clear(index, box)), None))
        return None if homes == [cage.cells[0] for cage in board.cages] else tuple(homes)

    def widest(self, board: Board, font: float) -> float:
        """Width of the widest answer text of a board in its cells (bold, the wider face)."""
        style = TextStyle("cell", font, bold=True)
        return max((self.type.width(text, style) for text in set(board.answer)), default=0.0)
