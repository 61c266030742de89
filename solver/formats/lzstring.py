"""LZ-string's ``decompressFromBase64``: how f-puzzles and SudokuPad links carry a puzzle's JSON.

LZ-string (pieroxy, lz-string 1.x) is an LZW variant over UTF-16 code units written as a bit
stream. Written here from its algorithm (the tests hold vectors of the JavaScript original):

* the Base64 text gives 6 bits a character, read from the highest bit down;
* codes are read least significant bit first: the first, the stream's first character, in 2
  bits, the others in 3 bits and more;
* the dictionary starts with the three control codes: 0 (the next 8 bits are a new
  character), 1 (the next 16 bits are one), 2 (end of the stream); each new character and each
  phrase ``previous + first character of the current`` takes the next code;
* the code width grows by one bit each time the dictionary reaches a power of two: the
  ``enlarge`` countdown, which starts at 4 after the first character and runs down once per
  new character and once per phrase.

A malformed stream (a code the dictionary does not hold yet, data ending before the end code)
raises ValueError.
"""
from __future__ import annotations

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: i for i, ch in enumerate(_ALPHABET)}


class _Bits:
    """The Base64 text as a stream of bits, highest first within each character."""

    def __init__(self, text: str) -> None:
        try:
            self.values = [_VALUE[ch] for ch in text]
        except KeyError as error:
            raise ValueError(f"{error.args[0]!r} is not a Base64 character") from None
        self.index = 0      # the character being read
        self.mask = 32      # the bit of it read next

    def read(self, width: int) -> int:
        """The next ``width`` bits as a number, the first bit read the least significant."""
        number = 0
        for place in range(width):
            if self.index >= len(self.values):
                raise ValueError("the data ends before its end code")
            if self.values[self.index] & self.mask:
                number |= 1 << place
            self.mask >>= 1
            if not self.mask:
                self.mask, self.index = 32, self.index + 1
        return number


#: The most characters a stream may expand to: LZW's output can grow with the square of its
#: input (each phrase one character longer), so a short hostile link must not fill the memory
#: (an f-puzzles JSON of a 16x16 with its constraints is well under this)
MAX_TEXT = 4_000_000


def decompress_from_base64(text: str, limit: int = MAX_TEXT) -> str:
    """The text LZ-string's ``compressToBase64`` made ``text`` from ("" for ""); ValueError
    past ``limit`` characters."""
    if not text:
        return ""
    bits = _Bits(text)
    dictionary: list[str] = ["", "", ""]          # codes 0, 1, 2 are controls
    width, enlarge = 2, 4

    def character(code: int) -> str | None:
        """A control code's new character (None for the end code), entered in the dictionary."""
        if code == 2:
            return None
        if code not in (0, 1):
            raise ValueError(f"code {code} where a new character or the end was expected")
        new = chr(bits.read(8 if code == 0 else 16))
        dictionary.append(new)
        return new

    first = character(bits.read(width))
    if first is None:
        return ""
    width = 3               # the first character's code is the fourth: codes are 3 bits from here
    previous, out, total = first, [first], 1
    while True:
        code = bits.read(width)
        if code in (0, 1, 2):
            if character(code) is None:
                return _joined(out)
            code = len(dictionary) - 1
            enlarge -= 1
            if not enlarge:
                enlarge, width = 1 << width, width + 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = previous + previous[0]
        else:
            raise ValueError(f"code {code} is not in the dictionary yet")
        out.append(entry)
        total += len(entry)
        if total > limit:
            raise ValueError(f"the data expands past {limit:,} characters")
        dictionary.append(previous + entry[0])
        enlarge -= 1
        previous = entry
        if not enlarge:
            enlarge, width = 1 << width, width + 1


def _joined(units: list[str]) -> str:
    """The UTF-16 code units as text: a character beyond U+FFFF came as two (a surrogate pair)."""
    return "".join(units).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
