"""Front matter: the title page, the imprint on its verso, and the table of contents (its
pages reserved first, filled once the sections have their pages)."""
from __future__ import annotations

import math
from dataclasses import replace

from publisher.layout.frame import Desk, Draft
from publisher.model import Band, LayoutError, TextBlock, TextStyle
from publisher.typeset import WRAP_SPARE

#: spaces that make up a contents line's last fraction of a dot, widest first: thin, six-per-em, hair
FILL_SPACES = ("\u2009", "\u2006", "\u200a")


class FrontMatter:
    """The front matter of one booklet, added to its ``drafts``."""

    def __init__(self, desk: Desk, drafts: list[Draft]) -> None:
        self.desk, self.drafts = desk, drafts

    def title_page(self, subtitle: str | None, with_instructions: bool) -> None:
        s, spec, width = self.desk.styles, self.desk.spec, self.desk.content_width
        parts = [("title", spec.title, s.title, 0.0)]
        if subtitle:
            parts.append(("subtitle", subtitle, s.subtitle, s.title.size * 0.6))
        if spec.author:
            parts.append(("author", spec.author, s.author, s.subtitle.size * 1.2))
        if spec.instructions and with_instructions:
            parts.append(("instructions", spec.instructions, s.intro, s.author.size * 2.5))
        blocks, y = [], 0.0
        for key, text, style, space in parts:
            block = self.desk.type.block(text, style, 0.0, y + space, width)
            blocks.append(block)
            y = block.y + block.height
            if y > self.desk.usable_height:   # name the text that pushed the page over, not always the last
                raise LayoutError(f"{spec.key}.{key}", "the title page text does not fit on one page")
        # a quarter down the page, or higher when the text is long (a 300-character title)
        drop = min(self.desk.content_height * 0.25, self.desk.usable_height - y)
        self.drafts.append(Draft([replace(b, y=round(b.y + drop, 2)) for b in blocks], None))

    def imprint_page(self, text: str) -> None:
        """The title page's verso: the imprint at the foot of the page, no head or folio."""
        block = self.desk.type.block(text, self.desk.styles.imprint, 0.0, 0.0, self.desk.content_width)
        if block.height > self.desk.usable_height:
            raise LayoutError(f"{self.desk.spec.key}.imprint", "the imprint does not fit on one page")
        self.drafts.append(Draft([replace(block, y=round(self.desk.usable_height - block.height, 2))], None))

    def reserve_contents(self, entries: int) -> list[int]:
        """Pages for a table of contents of ``entries`` lines (filled by
        :meth:`fill_contents` once the sections have their pages)."""
        desk = self.desk
        heading = desk.type.block(desk.labels["contents"], desk.styles.heading, 0.0, 0.0, desk.content_width)
        per_page = max(1, int((self.desk.usable_height - heading.height - self.desk.styles.body.leading)
                              // self.desk.styles.contents.leading))
        indices = []
        for _ in range(max(1, math.ceil(entries / per_page))):
            indices.append(len(self.drafts))
            self.drafts.append(Draft([], (self.desk.labels["contents"],), opening=True))
        return indices

    def fill_contents(self, indices: list[int], entries: list[tuple[str, int]]) -> None:
        """Contents lines "title ..... page", set flush right so the page
        numbers align, dot leaders measured with the book's font."""
        style, width = self.desk.styles.contents, self.desk.content_width
        heading = self.desk.type.block(self.desk.labels["contents"], self.desk.styles.heading, 0.0, 0.0, width)
        top = heading.height + self.desk.styles.body.leading
        per_page = max(1, int((self.desk.usable_height - top) // style.leading))
        for page, index in enumerate(indices):
            blocks: list[TextBlock | Band] = [heading]
            for line, (title, number) in enumerate(entries[page * per_page:(page + 1) * per_page]):
                text = self.leader(title, str(number), style, width)
                blocks.append(TextBlock(text, style, 0.0, round(top + line * style.leading, 2), round(width, 2),
                                        style.leading, (text,), link=number))
            self.drafts[index].blocks = blocks

    def leader(self, title: str, number: str, style: TextStyle, width: float) -> str:
        """``title`` and ``number`` joined by dots to fill a line of exactly the same width as
        every other contents line, so set flush right their titles start at one left edge:
        what the whole dots leave is made up with thin and hair spaces (to within a hair's
        width, a point at 10.5 pt) between the dots and the number."""
        title = self.desk.type.one_line(title, style, width * 0.75)
        target = width * WRAP_SPARE
        dot = max(self.desk.type.width(".", style), 0.1)
        dots = max(3, int((target - self.desk.type.width(f"{title}  {number}", style)) / dot))
        while dots > 3 and not self.desk.type.fits(f"{title} {'.' * dots} {number}", style, width):
            dots -= 1
        line = f"{title} {'.' * dots}"
        slack = target - self.desk.type.width(f"{line} {number}", style)
        for space in FILL_SPACES:
            size = self.desk.type.width(space, style)
            while size > 0 and slack >= size:
                line, slack = line + space, slack - size
        return f"{line} {number}"
