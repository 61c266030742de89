"""The flow-format rules shared by DOCX and RTF, on small hand-made pages."""
from __future__ import annotations

from dataclasses import replace

import pytest

from publisher.model import Page, TextBlock, TextStyle
from publisher.render.flow import OfficeTextError, band_segments, check_text, furniture, sections
from tests.office_books import bands, booklets

STYLE = TextStyle("header", 9)


def _text(text: str, y: float = 10) -> TextBlock:
    return TextBlock(text, STYLE, 0, y, 100, STYLE.leading, (text,))


def _page(number: int, head: str | None, foot: str | None) -> Page:
    return Page(number, (), 0, 0, 100, 100, _text(head) if head else None, _text(foot, 90) if foot else None)


def _split(*looks: tuple[str | None, str | None]) -> list[list[int]]:
    pages = tuple(_page(n, head, foot) for n, (head, foot) in enumerate(looks, start=1))
    booklet = replace(booklets("6x9in")[0], pages=pages)
    return [[p.number for p in s.pages] for s in sections(booklet)]


def test_a_section_per_running_head_with_the_title_page_opening_the_first() -> None:
    looks = [(None, None), ("A", "2"), ("A", "3"), ("B", "4"), ("B", "5"), ("B", "6")]
    assert _split(*looks) == [[1, 2, 3], [4, 5, 6]]
    booklet = replace(booklets("6x9in")[0], pages=tuple(_page(n, *look) for n, look in enumerate(looks, 1)))
    first, second = sections(booklet)
    assert first.title_page and not second.title_page


def test_alternating_heads_still_give_every_page_its_own_head() -> None:
    assert _split(("A", "1"), ("B", "2"), ("A", "3")) == [[1], [2], [3]]


def test_folio_keeps_the_text_around_the_page_number() -> None:
    folio = furniture(_page(7, None, "Trang 7 / sách")).folio
    assert (folio.prefix, folio.suffix, folio.numbered) == ("Trang ", " / sách", True)
    assert not furniture(_page(7, None, "—")).folio.numbered


def test_spacer_columns_only_where_grids_leave_a_gap() -> None:
    band = next(b for b in bands(booklets("vietnamese-a4")[0]) if len(b.items) == 2)
    left, right = band.items
    segments = band_segments(band)
    assert [s.item for s in segments] == [left, None, right]
    assert segments[1].width == pytest.approx(right.x - (left.x + left.grid.width))
    moved = replace(right, x=left.x + left.grid.width + 1e-9)       # float noise is no gap
    assert [s.item for s in band_segments(replace(band, items=(left, moved)))] == [left, moved]


def test_text_check_names_the_field_and_the_characters() -> None:
    assert check_text("tab\tand\nnewline are fine", "x") == "tab\tand\nnewline are fine"
    with pytest.raises(OfficeTextError, match=r"sections\[2\]\.title.*U\+0007.*U\+DC00"):
        check_text("bell\x07 and a lone \udc00", "sections[2].title")
