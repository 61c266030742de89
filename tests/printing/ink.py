"""Ink read from a rendering: what a printer's rip would put on paper, not what the PDF's text
layer says (a reader's glyph boxes are line boxes, a third taller than most lines' ink)."""
from __future__ import annotations

import pymupdf


def ink_across(page: pymupdf.Page, clip: pymupdf.Rect, background: tuple[int, int, int],
               dpi: int = 1200) -> tuple[float, float] | None:
    """Where the ink in ``clip`` starts and ends from left to right (points): ``clip`` rendered
    alone at ``dpi``, the columns holding a pixel far from the ``background`` colour (RGB)."""
    pix = page.get_pixmap(dpi=dpi, clip=clip, alpha=False)
    data, stride, n = pix.samples, pix.stride, pix.n
    columns = [x for x in range(pix.width)
               if any(max(abs(data[y * stride + x * n + k] - background[k]) for k in range(3)) > 60
                      for y in range(0, pix.height, 2))]
    if not columns:
        return None
    per_pixel = clip.width / pix.width
    return clip.x0 + columns[0] * per_pixel, clip.x0 + (columns[-1] + 1) * per_pixel
