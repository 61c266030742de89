"""Text setting: the book's type sizes and the wrapping of text with the metrics of its own font files.

Text is wrapped with the metrics of the very files the PDF embeds, then given
slack (a narrower wrap width) because DOCX and RTF reflow it in an office
program whose metrics may differ a little.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from publisher import fonts as fontlib
from publisher.model import TextBlock, TextStyle

WRAP_SPARE = 0.92           # share of a line's width used when wrapping


@dataclass(frozen=True)
class Styles:
    """Every paragraph style of a book, by its role on the page."""

    title: TextStyle
    subtitle: TextStyle
    author: TextStyle
    heading: TextStyle
    body: TextStyle
    intro: TextStyle
    caption: TextStyle
    answer_caption: TextStyle
    note: TextStyle
    ref: TextStyle
    contents: TextStyle
    imprint: TextStyle
    header: TextStyle
    footer: TextStyle

    def all(self) -> tuple[TextStyle, ...]:
        return (self.title, self.subtitle, self.author, self.heading, self.body, self.intro, self.caption,
                self.answer_caption, self.note, self.ref, self.contents, self.imprint, self.header, self.footer)


#: large print: no word or mark a reader must read is smaller (the large-print guides' 16 pt
#: body, raised to the 18 pt many of them ask of headings, captions and small print alike)
LARGE_PRINT_MIN_TEXT = 18.0


def book_styles(large_print: bool) -> Styles:
    """Type sizes of the book; in large print every style is
    :data:`LARGE_PRINT_MIN_TEXT` or more, small print (notes, cross-references,
    running heads) included."""
    scale = 1.6 if large_print else 1.0

    def size(normal: float) -> float:
        return max(LARGE_PRINT_MIN_TEXT, normal) if large_print else normal

    return Styles(
        title=TextStyle("title", round(26 * scale, 1), bold=True, align="center"),
        subtitle=TextStyle("subtitle", round(15 * scale, 1), align="center"),
        author=TextStyle("author", round(13 * scale, 1), align="center"),
        heading=TextStyle("heading", round(16 * scale, 1), bold=True, align="left"),
        body=TextStyle("body", size(10.5), align="left"),
        intro=TextStyle("intro", size(10.5), align="center"),
        caption=TextStyle("caption", size(9.0), bold=True, align="center"),
        answer_caption=TextStyle("answer_caption", size(8.0), bold=True, align="center"),
        note=TextStyle("note", size(7.5), align="center"),
        ref=TextStyle("ref", size(7.5), align="center"),
        contents=TextStyle("contents", size(10.5), align="right", leading=round(size(10.5) * 1.6, 2)),
        imprint=TextStyle("imprint", size(8.5), align="left"),
        header=TextStyle("header", size(8.5), align="center"),
        footer=TextStyle("footer", size(9.0), align="center"),
    )


def visible(text: str) -> str:
    """``text`` without Unicode format characters (soft hyphen, zero-width
    joiners, direction marks): no renderer shapes them, so a PDF would draw a
    soft hyphen as a hyphen and a joiner as a stray glyph in the middle of a word."""
    return "".join(char for char in text if unicodedata.category(char) != "Cf")


class Typesetter:
    """Wraps and fits text with the book's font metrics; every text it sets
    goes through :func:`visible` first."""

    def __init__(self, fonts: fontlib.Fonts) -> None:
        self.fonts = fonts

    def width(self, text: str, style: TextStyle) -> float:
        return fontlib.text_width(self.fonts, text, style.size, style.bold)

    def wrap(self, text: str, style: TextStyle, width: float) -> tuple[str, ...]:
        """Greedy word wrap; explicit newlines start new lines; a word longer
        than a line is broken between characters."""
        limit = width * WRAP_SPARE
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                candidate = f"{line} {word}" if line else word
                if self.width(candidate, style) <= limit:
                    line = candidate
                    continue
                if line:
                    lines.append(line)
                line = ""
                for char in word:
                    if line and self.width(line + char, style) > limit:
                        lines.append(line)
                        line = ""
                    line += char
            lines.append(line)
        return tuple(lines)

    def fits(self, text: str, style: TextStyle, width: float) -> bool:
        return self.width(text, style) <= width * WRAP_SPARE

    def one_line(self, text: str, style: TextStyle, width: float) -> str:
        """``text`` shortened with an ellipsis until it fits one line."""
        text = visible(text)
        if self.fits(text, style, width):
            return text
        while text and not self.fits(text + "…", style, width):
            text = text[:-1]
        return text.rstrip() + "…"

    def block(self, text: str, style: TextStyle, x: float, y: float, width: float) -> TextBlock:
        text = visible(text)
        lines = self.wrap(text, style, width)
        return TextBlock(text, style, round(x, 2), round(y, 2), round(width, 2),
                         round(len(lines) * style.leading, 2), lines)


# --------------------------------------------------------------------------
