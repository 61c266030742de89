"""QR codes: the modules of a link, as segno (a small, well-kept pure-Python encoder) makes them.

The smallest symbol that holds the link, at the highest error correction that keeps that size
(a printed page gets scuffed and folded): a SudokuPad link of a 9x9 (about 370 characters) is a
version 13 symbol, 69 modules, about 29 mm at 0.42 mm a module; a short link of the publisher's
own (``https://example.org/book#p12``) version 3, 29 modules. Same link, same modules.
"""
from __future__ import annotations

from functools import lru_cache

import segno

#: the smallest module a phone's camera reads from print (points: 0.42 mm, over the 0.4 mm floor)
MODULE = 0.42 * 72 / 25.4


@lru_cache(maxsize=4096)
def modules(link: str) -> tuple[str, ...]:
    """The symbol's rows, ``"1"`` a dark module, without its quiet zone."""
    code = segno.make(link, error="L", boost_error=True, micro=False)
    return tuple("".join("1" if dark else "0" for dark in row) for row in code.matrix)
