"""RTF renderer and its escaper, checked with striprtf (an independent RTF reader) and by structure."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from striprtf.striprtf import rtf_to_text

from publisher.render import BUILTIN_TEMPLATES, RenderContext, RenderError, get
from publisher.render.flow import OfficeTextError
from publisher.render.picture import queen_png
from publisher.render.rtf import RtfFragment, RtfRenderer, rtf_escape
from tests.office_books import all_booklets, booklets, placed_grids

BOOKLETS = dict(all_booklets())


@pytest.fixture(scope="module")
def rendered() -> dict[str, bytes]:
    return {name: RtfRenderer().render(booklet) for name, booklet in BOOKLETS.items()}


def _plain(rtf: str) -> str:
    """What an RTF reader shows, with surrogate pairs joined back into characters."""
    return rtf_to_text(rtf).encode("utf-16", "surrogatepass").decode("utf-16")


def test_registered_under_its_format_name() -> None:
    assert get("rtf") is RtfRenderer
    assert RtfRenderer.extension == "rtf"


def test_escapes_follow_the_rtf_spec() -> None:
    # values from the RTF spec / formats.md: signed 16-bit UTF-16 units, surrogate pairs beyond the BMP
    assert rtf_escape("đ") == "\\u273?"
    assert rtf_escape("ố") == "\\u7889?"
    assert rtf_escape("\U0001F600") == "\\u-10179?\\u-8704?"
    assert rtf_escape("a{b}\\c") == "a\\{b\\}\\\\c"
    assert rtf_escape(12) == "12"
    assert rtf_escape(RtfFragment("\\b x")) == "\\b x"


@given(st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=40))
def test_any_text_survives_a_real_rtf_reader(text: str) -> None:
    escaped = rtf_escape(text)
    assert escaped.isascii()
    assert _plain("{\\rtf1\\ansi\\uc1 " + escaped + "}") == text


@pytest.mark.slow
@pytest.mark.parametrize("name", BOOKLETS)
def test_ascii_balanced_and_readable(rendered: dict[str, bytes], name: str) -> None:
    booklet = BOOKLETS[name]
    text = rendered[name].decode("ascii")                       # ASCII only, or this raises
    assert text.startswith("{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1")
    depth = 0
    for brace in re.sub(r"\\[\\{}]", "", text):
        if brace in "{}":
            depth += 1 if brace == "{" else -1
            assert depth >= 0
    assert depth == 0
    plain = _plain(text)
    for page in booklet.pages:
        for block in page.blocks:
            for line in getattr(block, "lines", ()):
                assert line in plain
    for _page, _band, item in placed_grids(booklet):
        assert item.caption in plain


@pytest.mark.parametrize("name", BOOKLETS)
def test_page_size_margins_breaks_and_page_field(rendered: dict[str, bytes], name: str) -> None:
    booklet = BOOKLETS[name]
    text = rendered[name].decode("ascii")
    assert f"\\paperw{round(booklet.page_width * 20)}\\paperh{round(booklet.page_height * 20)}" in text
    assert f"\\margl{round(booklet.margins.inside * 20)}\\margr{round(booklet.margins.outside * 20)}" in text
    assert ("\\margmirror" in text) == booklet.mirrored
    assert text.count("\\pagebb") + text.count("\\sect\\sectd") == booklet.page_count - 1
    assert "{\\field{\\*\\fldinst PAGE}" in text
    assert "\\titlepg" in text                                       # the title page has no footer
    assert "\\brdrth" not in text and "\\brdrs\\brdrw45" in text      # thick lines as LibreOffice draws them


def test_grid_rows_are_exact_and_cells_hold_the_grid() -> None:
    booklet = booklets("vietnamese-a4")[1]                            # answers: givens and solved digits
    text = RtfRenderer().render(booklet).decode("ascii")
    _page, _band, item = next(g for g in placed_grids(booklet) if g[2].grid.rows == 9)
    rows = re.findall(r"\\trowd.*?\\row", text, re.S)
    grid_rows = [r for r in rows if f"\\trrh-{round(item.grid.cell_size * 20)}\\" in r][:item.grid.rows]
    grid = item.grid
    roles = set()
    for r, row in enumerate(grid_rows):
        cells = re.findall(r"\\intbl(\\s\d+[^ ]*) ([^\\]*)\\cell", row)[:grid.cols]
        model = grid.cells[r * grid.cols:(r + 1) * grid.cols]
        assert [t for _fmt, t in cells] == [c.text for c in model]
        for (fmt, _t), cell in zip(cells, model):
            assert ("\\b" in fmt) == (cell.role.value == "given")
            assert ("\\cf2" in fmt) == (cell.role.value == "solved")
            roles.add(cell.role.value)
    assert {"given", "solved"} <= roles


@pytest.mark.slow
def test_queens_are_the_model_shape_and_the_book_font_comes_first() -> None:
    """Queens are the model's drawing as pictures (black given, grey placed);
    the font table names a family every reader has (see Fonts.office_family)."""
    booklet = booklets("vietnamese-a4")[1]
    text = RtfRenderer().render(booklet).decode("ascii")
    # the shipped Roboto is on no reader's system and LibreOffice honours no \\falt: the table names Arial,
    # which Word has and LibreOffice maps to Liberation Sans (Roboto's widths within 2 %), Roboto as the alternative
    assert not booklet.fonts.installed
    assert f"{{\\f0\\fswiss\\fcharset0 Arial{{\\*\\falt {booklet.fonts.family}}};}}" in text
    own = replace(booklet, fonts=replace(booklet.fonts, installed=True))
    assert (f"{{\\f0\\fswiss\\fcharset0 {booklet.fonts.family}{{\\*\\falt Arial}};}}"
            in RtfRenderer().render(own).decode("ascii"))
    pictures = set(re.findall(r"\\pict\\pngblip\\picw\d+\\pich\d+\\picwgoal\d+\\pichgoal\d+ ([0-9a-f]+)}\\cell", text))
    sides = {item.grid.cell_size * item.grid.queen_scale for page in booklet.pages for block in page.blocks
             for item in getattr(block, "items", ()) if any(cell.is_queen for cell in item.grid.cells)}
    assert sides and all({queen_png(0.0, side).hex(), queen_png(booklet.ink.solved_grey, side).hex()} <= pictures
                         for side in sides)


@pytest.mark.slow
def test_identical_bytes_twice() -> None:
    booklet = booklets("vietnamese-a4")[0]
    assert RtfRenderer().render(booklet) == RtfRenderer().render(booklet)


@pytest.mark.slow
def test_a_user_template_folder_wins(tmp_path: Path) -> None:
    user = tmp_path / "mine"
    (user / "rtf").mkdir(parents=True)
    (user / "rtf" / "booklet.rtf.j2").write_text("{\\rtf1\\ansi MY {{ booklet.title }}\\par}", encoding="utf-8")
    booklet = booklets("vietnamese-a4")[0]
    context = RenderContext(template_dirs=(user, BUILTIN_TEMPLATES))
    assert RtfRenderer(context).render(booklet) == b"{\\rtf1\\ansi MY Tuy\\u7875?n t\\u7853?p Sudoku\\par}"
    assert RtfRenderer().render(booklet).startswith(b"{\\rtf1\\ansi\\ansicpg1252")


@pytest.mark.slow
def test_unescaped_text_in_a_template_fails_loudly(tmp_path: Path) -> None:
    (tmp_path / "rtf").mkdir()
    (tmp_path / "rtf" / "booklet.rtf.j2").write_text("{\\rtf1 Lời giải}", encoding="utf-8")
    with pytest.raises(RenderError, match="non-ASCII"):
        RtfRenderer(RenderContext(template_dirs=(tmp_path,))).render(booklets("vietnamese-a4")[0])


def test_control_characters_are_refused_naming_the_field() -> None:
    booklet = booklets("vietnamese-a4")[0]
    with pytest.raises(OfficeTextError, match="author"):
        RtfRenderer().render(replace(booklet, author="A\x00B"))
