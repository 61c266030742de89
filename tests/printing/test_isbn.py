"""The ISBN barcode on the cover (issue 47): ``cover.isbn`` (ISBN-13, or an ISBN-10 made one)
draws an EAN-13 with its human-readable line and the optional five-digit price add-on in the
service's barcode area; zbar reads both from a 300 dpi rendering; the imprint page prints the
ISBN; a wrong ISBN is a config error naming the key and the check digit it should have."""
from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from publisher.cli import main
from publisher.printing import barcode
from tests.consumers import barcodes, pdf_page_png
from tests.printing.test_cover import cover_book

MM = 72 / 25.4


@pytest.mark.parametrize("text, digits", [("978-0-306-40615-7", "9780306406157"), ("0-306-40615-2", "9780306406157"),
                                          ("979 10 90636 07 1", "9791090636071"), ("080442957X", "9780804429573")])
def test_isbns_read_as_their_thirteen_digits(text: str, digits: str) -> None:
    assert barcode.isbn13(text) == digits


@pytest.mark.parametrize("isbn, words", [("978-0-306-40615-6", "the check digit is 7, not 6"),
                                         ("0-306-40615-3", "the check digit of this ISBN-10 is 2, not 3"),
                                         ("977-0-306-40615-7", "starts with 978 or 979"),
                                         ("978030640615", "not an ISBN")])
def test_a_wrong_isbn_is_a_config_error_naming_the_check_digit(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               isbn: str, words: str) -> None:
    config = cover_book(tmp_path, (("Warm-up", "easy", 4),), isbn=isbn)
    assert main(["build", str(config)]) == 2
    err = capsys.readouterr().err
    assert "books[0].cover.isbn:" in err and words in err and len(err.strip().splitlines()) == 1


def test_a_price_code_needs_its_isbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = cover_book(tmp_path, (("Warm-up", "easy", 4),), price_code="52495")
    assert main(["build", str(config)]) == 2
    assert "price_code is the add-on of an ISBN's barcode: give isbn too" in capsys.readouterr().err


@pytest.mark.consumers
@pytest.mark.parametrize("isbn, price", [("978-0-306-40615-7", "52495"), ("0-306-40615-2", None),
                                         ("9791090636071", "90000")])
def test_the_barcode_scans_from_the_printed_cover(tmp_path: Path, isbn: str, price: str | None) -> None:
    keys = {"isbn": isbn, **({"price_code": price} if price else {})}
    config = cover_book(tmp_path, (("Warm-up", "easy", 8),), **keys)
    assert main(["build", str(config), "-q"]) == 0
    cover = next((tmp_path / "out").glob("*-cover.pdf"))
    png = pdf_page_png(cover, tmp_path / "cover", dpi=300)
    found = barcodes(png)
    expected = [f"EAN-13:{barcode.isbn13(isbn)}"] + ([f"EAN-5:{price}"] if price else [])
    assert sorted(found) == sorted(expected)
    with pymupdf.open(cover) as doc:   # in the barcode area (KDP: 2 x 1.2 in, 0.25 in from the spine and foot)
        page = doc[0]
        words = [w for w in page.get_text("words") if w[4].startswith(("ISBN", barcode.isbn13(isbn)[1:7]))]
        trim_bottom = page.rect.height - 0.125 * 72
        spine_x = 0.125 * 72 + 6 * 72
        assert words and all(spine_x - (0.25 + 2.0) * 72 <= w[0] and w[2] <= spine_x - 0.25 * 72 and
                             trim_bottom - (0.25 + 1.2) * 72 <= w[1] and w[3] <= trim_bottom - 0.25 * 72 for w in words)
    interior = next(p for p in (tmp_path / "out").glob("*.pdf") if "cover" not in p.name)
    with pymupdf.open(interior) as doc:
        assert f"ISBN {barcode.shown_isbn(isbn)}" in doc[1].get_text()   # the imprint, the title page's verso
