"""The model's shapes as PNG pictures, for the formats with no vector drawing (DOCX, RTF).

PDF and HTML draw the queen and a tour as vectors; Word and RTF tables cannot,
so they embed these pictures of the very same geometry (the model's
:data:`~publisher.model.QUEEN_SHAPE` and :class:`~publisher.model.Tour`) in
the same greys. Pillow (installed with reportlab) rasterises at four times
the resolution and scales down for smooth edges; its PNG writer stores no
time or tool version, so equal shapes give equal bytes on every run.
"""
from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from publisher.model import QUEEN_SHAPE, CageDrawing, Coordinates, SignDrawing, Tour

#: pixels per point of the delivered picture: 300 dpi at its printed size, what print services
#: (KDP) ask of a DOCX interior's pictures
RESOLUTION = 300 / 72
#: supersampling factor for anti-aliased edges
SUPERSAMPLE = 3


def pixels(points: float) -> int:
    """Pixels for ``points`` of the printed picture: :data:`RESOLUTION` or a little more."""
    return max(1, math.ceil(points * RESOLUTION - 1e-9))


def _grey(level: float) -> tuple[int, int, int, int]:
    value = round(level * 255)
    return (value, value, value, 255)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=9)
    return out.getvalue()


def _finish(image: Image.Image, width: int, height: int) -> bytes:
    return _png(image.resize((width, height), Image.Resampling.LANCZOS))


@lru_cache(maxsize=16)
def queen_png(grey: float, points: float) -> bytes:
    """The model's queen, filled in ``grey``, on a transparent square printed ``points`` wide."""
    pixels_wide = pixels(points)
    side = pixels_wide * SUPERSAMPLE
    image = Image.new("RGBA", (side, side), (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    for polygon in QUEEN_SHAPE:
        draw.polygon([(x * side, y * side) for x, y in polygon], fill=_grey(grey))
    return _finish(image, pixels_wide, pixels_wide)


def tour_png(tour: Tour, width: float, height: float, path_grey: float, marker_grey: float) -> bytes:
    """The tour over a grid of ``width`` x ``height`` points, on a transparent
    background: segments with round ends in the path grey, a circle round the
    start and a square round the end in the marker grey."""
    scale = RESOLUTION * SUPERSAMPLE
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = Image.new("RGBA", size, (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    line, half = max(1, round(tour.width * scale)), tour.width * scale / 2
    colour = _grey(path_grey)
    for x1, y1, x2, y2 in tour.segments:
        draw.line([(x1 * scale, y1 * scale), (x2 * scale, y2 * scale)], fill=colour, width=line)
        for x, y in ((x1, y1), (x2, y2)):
            draw.ellipse([x * scale - half, y * scale - half, x * scale + half, y * scale + half], fill=colour)
    marker, stroke = tour.marker * scale, max(1, round(tour.marker_width * scale))
    ink = _grey(marker_grey)
    sx, sy = tour.start[0] * scale, tour.start[1] * scale
    draw.ellipse([sx - marker, sy - marker, sx + marker, sy + marker], outline=ink, width=stroke)
    ex, ey = tour.end[0] * scale, tour.end[1] * scale
    draw.rectangle([ex - marker, ey - marker, ex + marker, ey + marker], outline=ink, width=stroke)
    return _finish(image, pixels(width), pixels(height))


def _dashed(draw: ImageDraw.ImageDraw, segment: tuple[float, ...], dash: tuple[float, float],
            scale: float, colour: tuple[int, int, int, int], width: int) -> None:
    """One axis-aligned segment as dashes of ``dash`` (on, off) points, from its start."""
    x1, y1, x2, y2 = (v * scale for v in segment)
    length = abs(x2 - x1) + abs(y2 - y1)
    on, off = dash[0] * scale, dash[1] * scale
    dx, dy = (x2 - x1) / length if length else 0.0, (y2 - y1) / length if length else 0.0
    at = 0.0
    while at < length:
        end = min(at + on, length)
        draw.line([(x1 + dx * at, y1 + dy * at), (x1 + dx * end, y1 + dy * end)], fill=colour, width=width)
        at = end + off


def cages_png(cages: CageDrawing, width: float, height: float, font: Path) -> bytes:
    """The model's cages over a grid of ``width`` x ``height`` points, on a transparent
    background: the dashed outlines and the totals (in the book's ``font``), in their grey."""
    scale = RESOLUTION * SUPERSAMPLE
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = Image.new("RGBA", size, (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    colour = _grey(cages.grey)
    stroke = max(1, round(cages.width * scale))
    for segment in cages.segments:
        _dashed(draw, segment, cages.dash, scale, colour, stroke)
    face = ImageFont.truetype(str(font), max(1, round(cages.font_size * scale)))
    for label in cages.labels:
        draw.text((label.x * scale, label.y * scale), label.text, font=face, fill=colour, anchor="ls")
    return _finish(image, pixels(width), pixels(height))


def signs_png(signs: SignDrawing, width: float, height: float) -> bytes:
    """The model's signs over a grid of ``width`` x ``height`` points, on a transparent
    background: white patches cutting the table's lines, the chevrons and bars in black (the
    picture stands in front of the table)."""
    scale = RESOLUTION * SUPERSAMPLE
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = Image.new("RGBA", size, (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    for x, y, w, h in signs.clear:
        draw.rectangle([x * scale, y * scale, (x + w) * scale, (y + h) * scale], fill=(255, 255, 255, 255))
    stroke = max(1, round(signs.width * scale))
    for points in signs.strokes:
        draw.line([(x * scale, y * scale) for x, y in points], fill=(0, 0, 0, 255), width=stroke, joint="curve")
    bar = max(1, round(signs.bar_width * scale))
    for x1, y1, x2, y2 in signs.bars:
        draw.line([(x1 * scale, y1 * scale), (x2 * scale, y2 * scale)], fill=(0, 0, 0, 255), width=bar)
    return _finish(image, pixels(width), pixels(height))


def coordinates_png(marks: Coordinates, width: float, height: float, font: Path, grey: float) -> bytes:
    """A chessboard's files and ranks over a grid of ``width`` x ``height``
    points, on a transparent background: the model's labels in the book's
    font (``font``), each capital centred in its line box as the PDF sets it."""
    scale = RESOLUTION * SUPERSAMPLE
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = Image.new("RGBA", size, (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    face = ImageFont.truetype(str(font), max(1, round(marks.size * scale)))
    cap = -face.getbbox("H", anchor="ls")[1] / scale        # points
    for label in marks.labels:
        baseline = label.y + marks.size / 2 + cap / 2
        draw.text((label.x * scale, baseline * scale), label.text, font=face, fill=_grey(grey), anchor="ls")
    return _finish(image, pixels(width), pixels(height))


@lru_cache(maxsize=256)
def qr_png(rows: tuple[str, ...], module: float) -> bytes:
    """A QR code's modules, black on white, a whole number of pixels a module (at least
    :data:`RESOLUTION`): no module edge is resampled, so a scanner sees square modules."""
    per = pixels(module)
    image = Image.new("1", (len(rows[0]) * per, len(rows) * per), 1)
    draw = ImageDraw.Draw(image)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark == "1":
                draw.rectangle((c * per, r * per, (c + 1) * per - 1, (r + 1) * per - 1), fill=0)
    return _png(image)
