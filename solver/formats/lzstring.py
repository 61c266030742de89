"""LZ-string's ``compressToBase64`` and ``decompressFromBase64``: how f-puzzles and SudokuPad
links carry a puzzle's JSON.

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

Compressing writes the same stream: the longest phrase of the dictionary that the text
continues with, each time, its code in the width of the moment; a character not seen before is
first written as a control code and its 8 or 16 bits.

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


class _BitWriter:
    """Bits into Base64 characters, 6 a character, the first bit written the highest."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.value = 0
        self.count = 0

    def write(self, width: int, number: int) -> None:
        """``width`` bits of ``number``, its least significant first (as the reader takes them)."""
        for _ in range(width):
            self.value = self.value << 1 | (number & 1)
            number >>= 1
            self.count += 1
            if self.count == 6:
                self.out.append(_ALPHABET[self.value])
                self.value = self.count = 0

    def text(self) -> str:
        """The characters, then one more holding the last bits (none, if they filled the last
        character: the original always writes it), padded with ``=`` to a multiple of 4."""
        self.out.append(_ALPHABET[self.value << (6 - self.count)])
        self.value = self.count = 0
        text = "".join(self.out)
        return text + "=" * (-len(text) % 4)


def compress_to_base64(text: str) -> str:
    """LZ-string's ``compressToBase64`` of ``text``: what :func:`decompress_from_base64` reads."""
    units = text.encode("utf-16-le", "surrogatepass")
    chars = [chr(units[i] | units[i + 1] << 8) for i in range(0, len(units), 2)]
    bits = _BitWriter()
    codes: dict[str, int] = {}
    unwritten: set[str] = set()   # characters in the dictionary whose bits are not written yet
    width, enlarge, size = 2, 2, 3

    def grow() -> None:
        nonlocal width, enlarge
        enlarge -= 1
        if not enlarge:
            enlarge, width = 1 << width, width + 1

    def emit(phrase: str) -> None:
        if phrase in unwritten:
            unit = ord(phrase)
            bits.write(width, 0 if unit < 256 else 1)
            bits.write(8 if unit < 256 else 16, unit)
            unwritten.discard(phrase)
            grow()
        else:
            bits.write(width, codes[phrase])
        grow()

    phrase = ""
    for char in chars:
        if char not in codes:
            codes[char], size = size, size + 1
            unwritten.add(char)
        longer = phrase + char
        if longer in codes:
            phrase = longer
            continue
        emit(phrase)
        codes[longer], size = size, size + 1
        phrase = char
    if phrase:
        emit(phrase)
    bits.write(width, 2)
    return bits.text()
