"""Font files: defaults from pip, user TTFs, glyph coverage and widths, checked
against reportlab's own TTF reader (an independent parser of the same files)."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import registerFont, stringWidth
from reportlab.pdfbase.ttfonts import TTFont as ReportlabTTFont

from publisher.fonts import FontError, default_fonts, load_fonts, missing_glyphs, text_width

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
DEJAVU_MONO = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")

#: every Vietnamese letter: 12 vowels x 6 tones and đ, lower and upper case (146)
_LOWER = unicodedata.normalize("NFC", "".join(
    base + tone for base in "aăâeêioôơuưy" for tone in ("", "\u0300", "\u0301", "\u0303", "\u0309", "\u0323")
)) + "đ"
VIETNAMESE = _LOWER + _LOWER.upper()


def test_default_fonts_are_the_roboto_files_installed_by_pip() -> None:
    fonts = default_fonts()
    assert fonts.regular.name == "Roboto-Regular.ttf" and fonts.regular.is_file()
    assert fonts.bold.name == "Roboto-Bold.ttf" and fonts.bold.is_file()
    assert fonts.family == "Roboto"
    assert "site-packages" in str(fonts.regular) or "dist-packages" in str(fonts.regular)


def test_roboto_covers_vietnamese_greek_and_cyrillic() -> None:
    text = VIETNAMESE + "Αλφάβητο Ωμέγα Кириллица Ёжик Tuyển tập Sudoku Điền các số"
    assert len(set(VIETNAMESE)) == 146
    assert missing_glyphs(default_fonts(), text) == []


def test_missing_glyphs_agrees_with_reportlab_cmap() -> None:
    fonts = default_fonts()
    rl = ReportlabTTFont("cmap-oracle", str(fonts.regular))
    rl_bold = ReportlabTTFont("cmap-oracle-bold", str(fonts.bold))
    text = "".join(chr(code) for code in range(0x20, 0x3000))
    expected = [c for c in text if c.isprintable() and not c.isspace()
                and not (ord(c) in rl.face.charToGlyph and ord(c) in rl_bold.face.charToGlyph)]
    found = missing_glyphs(fonts, text)
    assert found == expected
    assert "\u265b" in found and "数" not in text


def test_missing_glyphs_names_each_character_once_in_order_and_ignores_whitespace() -> None:
    assert missing_glyphs(default_fonts(), "a♛\tb\n数♛ 数") == ["♛", "数"]


def test_a_glyph_missing_only_in_bold_is_missing() -> None:
    mono = load_fonts(DEJAVU, DEJAVU_MONO)
    only_in_sans = [c for c in "ḀḁṼṽẞ₿℗⅓" if not missing_glyphs(load_fonts(DEJAVU), c)
                    and missing_glyphs(load_fonts(DEJAVU_MONO), c)]
    assert only_in_sans, "DejaVu Sans has letters DejaVu Sans Mono lacks (formats.md)"
    assert missing_glyphs(mono, "".join(only_in_sans)) == only_in_sans


@pytest.mark.parametrize("text", ["Tuyển tập Sudoku", "123456789", "Lời giải · Rất khó", "WAVE Ωμέγα"])
@pytest.mark.parametrize("bold", [False, True])
def test_text_width_matches_reportlab(text: str, bold: bool) -> None:
    fonts = default_fonts()
    font = ReportlabTTFont(f"width-oracle-{bold}", str(fonts.bold if bold else fonts.regular))
    registerFont(font)
    assert text_width(fonts, text, 12.0, bold) == pytest.approx(stringWidth(text, font.fontName, 12.0), abs=0.02)


def test_text_width_scales_with_size_and_bold_is_wider() -> None:
    fonts = default_fonts()
    assert text_width(fonts, "Sudoku", 20) == pytest.approx(2 * text_width(fonts, "Sudoku", 10))
    assert text_width(fonts, "Sudoku", 10, bold=True) > text_width(fonts, "Sudoku", 10)
    assert text_width(fonts, "", 10) == 0


def test_load_fonts_reads_the_family_from_the_name_table() -> None:
    fonts = load_fonts(DEJAVU)
    assert fonts.family == "DejaVu Sans"
    assert fonts.regular == fonts.bold == DEJAVU


def test_load_fonts_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FontError, match=r"not found.*nope\.ttf"):
        load_fonts(tmp_path / "nope.ttf")


def test_load_fonts_not_truetype(tmp_path: Path) -> None:
    fake = tmp_path / "fake.ttf"
    fake.write_text("this is not a font")
    with pytest.raises(FontError, match=r"not a TrueType.*fake\.ttf"):
        load_fonts(fake)


def test_load_fonts_truncated_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(default_fonts().regular.read_bytes()[:2000])
    with pytest.raises(FontError, match=r"broken\.ttf"):
        load_fonts(broken)


def test_load_fonts_bad_bold_is_named(tmp_path: Path) -> None:
    with pytest.raises(FontError, match=r"bold-missing\.ttf"):
        load_fonts(DEJAVU, tmp_path / "bold-missing.ttf")
