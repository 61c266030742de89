"""A book's ISBN and its Bookland barcode: EAN-13 of the ISBN-13, with the optional five-digit
price add-on (EAN-5), as a bookshop's scanner and a print service read them.

The symbol is laid out in modules (the narrowest bar, 0.33 mm at 100 %), from GS1's tables:
a left guard 101, six digits in the L or G set as the first digit (which has no bars of its
own) says, a centre guard 01010, six digits in the R set, a right guard 101: 95 modules, with
quiet zones of 11 modules before and 7 after. The add-on follows 9 modules later: a start
01011 (its first module a space), five digits in the L or G set as its checksum says, 01
between them: 48 modules, with a quiet zone of 5 after. Only the
numbers are decided here; the cover draws them (:mod:`publisher.printing.cover`).
"""
from __future__ import annotations

from dataclasses import dataclass

#: the narrowest bar at 100 % (mm), and the magnifications a printer may use
MODULE_MM = 0.33
MAGNIFICATIONS = (2.0, 1.85, 1.7, 1.5, 1.35, 1.2, 1.1, 1.0, 0.9, 0.85, 0.8)
#: the symbol at 100 %: bars 22.85 mm high (the guards 5 modules longer), 37.29 x 25.93 mm with
#: its quiet zones and the digits under it
BAR_MM = 22.85
WIDTH_MM, HEIGHT_MM = 37.29, 25.93
QUIET_LEFT, QUIET_RIGHT = 11, 7
ADDON_GAP = 8          # modules between the EAN-13's right guard and the add-on (whose first is a space too)
ADDON_QUIET = 5

_L = ("0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011")
_R = tuple("".join("1" if bit == "0" else "0" for bit in code) for code in _L)
_G = tuple(code[::-1] for code in _R)
#: which set each of the left six digits uses, by the first digit
_FIRST = ("LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL")
#: which set each add-on digit uses, by the add-on's checksum
_ADDON = ("GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL", "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG")


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch not in "- ")


def _ean_check(twelve: str) -> int:
    return (10 - sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(twelve)) % 10) % 10


def isbn13(text: str) -> str:
    """The 13 digits of an ISBN written as ISBN-13 or ISBN-10 (hyphens and spaces allowed);
    ValueError naming what is wrong, the check digit it should have included."""
    digits = _digits(text).upper()
    if len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        check = (11 - sum(int(d) * (10 - i) for i, d in enumerate(digits[:9])) % 11) % 11
        expected = "X" if check == 10 else str(check)
        if digits[9] != expected:
            raise ValueError(f"{text!r}: the check digit of this ISBN-10 is {expected}, not {digits[9]}")
        twelve = "978" + digits[:9]
        return twelve + str(_ean_check(twelve))
    if len(digits) != 13 or not digits.isdigit():
        raise ValueError(f"{text!r} is not an ISBN: 13 digits (978-...), or an ISBN-10")
    if digits[:3] not in ("978", "979"):
        raise ValueError(f"{text!r}: an ISBN-13 starts with 978 or 979")
    expected = str(_ean_check(digits[:12]))
    if digits[12] != expected:
        raise ValueError(f"{text!r}: the check digit is {expected}, not {digits[12]}")
    return digits


def price_code(text: str) -> str:
    """A five-digit price add-on ('52495': US$ 24.95; '90000': no price given); ValueError else."""
    digits = _digits(text)
    if len(digits) != 5 or not digits.isdigit():
        raise ValueError(f"{text!r} is not a price code: five digits, such as 52495 (US$ 24.95) or 90000")
    return digits


def shown_isbn(text: str) -> str:
    """How the ISBN is printed: as the config hyphenates it (the registration group, the
    publisher, the title and the check digit), else its 13 digits."""
    written = text.strip().upper()
    return written if written.count("-") == 4 and len(_digits(written)) == 13 else isbn13(text)


def ean13(digits: str) -> str:
    """The 95 modules of an EAN-13, '1' a bar."""
    sets = _FIRST[int(digits[0])]
    left = "".join((_L if kind == "L" else _G)[int(d)] for kind, d in zip(sets, digits[1:7]))
    return "101" + left + "01010" + "".join(_R[int(d)] for d in digits[7:]) + "101"


def ean5(code: str) -> str:
    """The modules of a five-digit add-on."""
    checksum = (3 * sum(int(d) for d in code[::2]) + 9 * sum(int(d) for d in code[1::2])) % 10
    parts = [(_L if kind == "L" else _G)[int(d)] for kind, d in zip(_ADDON[checksum], code)]
    return "01011" + "01".join(parts)


@dataclass(frozen=True)
class Bar:
    """A bar: its left edge and width in modules from the symbol's left edge, and whether it is
    a guard bar (which runs down between the digits under the symbol)."""

    x: int
    width: int
    guard: bool


def bars(modules: str, start: int, guards: frozenset[int] = frozenset()) -> list[Bar]:
    """The runs of '1' in ``modules`` as bars, ``start`` modules in; a run starting at a module
    of ``guards`` (a guard pattern's) is a guard bar."""
    found: list[Bar] = []
    x = 0
    while x < len(modules):
        if modules[x] == "1":
            end = x
            while end < len(modules) and modules[end] == "1":
                end += 1
            found.append(Bar(start + x, end - x, x in guards))
            x = end
        else:
            x += 1
    return found


#: the EAN-13's guard modules: start, centre and end
GUARDS = frozenset({0, 2, 46, 48, 92, 94})


def symbol_modules(addon: bool) -> int:
    """The symbol's width in modules, quiet zones included."""
    return QUIET_LEFT + 95 + (ADDON_GAP + len(ean5("00000")) + ADDON_QUIET if addon else QUIET_RIGHT)
