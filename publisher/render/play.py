"""The data a playable HTML booklet embeds: one JSON document for the page's script.

Every grid of the puzzle booklet that layout gave a :class:`~publisher.model.Play`
payload becomes one entry, found on the page by its page number and puzzle
number (a puzzle's answer is never on the same page). What would give the
answer away -- the solution and the solving steps behind Check and Hint -- is
not written as plain text: it is XOR-ed with a per-puzzle key and base64
encoded (obfuscation, not secrecy: the page must be able to read it back, but
a glance at the source or a search for a row of digits reveals nothing). The
key is derived from the book and the puzzle, so rebuilds give the same bytes.
"""
from __future__ import annotations

import base64
import hashlib
import json
import zlib

from publisher.model import Band, Booklet, HintStep, PlacedGrid, Play
from publisher.schema import JsonObject

KEY_BYTES = 16


#: CSS pixels a cell is kept to on a small screen: a finger-sized 36 px up to 9x9, down to 22 px for
#: 16x16 and bigger boards (they could not be played otherwise). A page scaled to a narrow screen
#: scrolls rather than go below it; the phone reader shrinks a grid to fit the height no further
#: than this, though never past the screen's width (a 12x12 at 360 px gets 29 px)
TAP_LARGE, TAP_SMALL, TAP_SMALL_FROM = 36.0, 22.0, 16


def tap_size(side: int) -> float:
    """The smallest on-screen cell (CSS px) of a board of ``side`` cells a row."""
    if side <= 9:
        return TAP_LARGE
    if side >= TAP_SMALL_FROM:
        return TAP_SMALL
    return round(TAP_LARGE - (TAP_LARGE - TAP_SMALL) * (side - 9) / (TAP_SMALL_FROM - 9), 1)


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _xor(raw: bytes, key: bytes) -> bytes:
    """``raw`` XOR ``key`` repeated, as one big-integer operation (a thousand
    puzzles' hints are megabytes: a per-byte Python loop would dominate the render)."""
    stream = (key * (len(raw) // len(key) + 1))[:len(raw)]
    return (int.from_bytes(raw, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(raw), "big")


def obfuscate(data: str, key: bytes) -> str:
    """``data`` as UTF-8, raw-deflated, XOR-ed with ``key`` repeated, base64 encoded."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(data.encode("utf-8")) + packer.flush()
    return base64.b64encode(_xor(packed, key)).decode("ascii")


def reveal(blob: str, key: bytes) -> str:
    """The inverse of :func:`obfuscate` (what the page's script does)."""
    return zlib.decompress(_xor(base64.b64decode(blob), key), -15).decode("utf-8")


def _step(step: HintStep, cols: int) -> list[object]:
    """A step as compactly as JSON allows (a book embeds tens of thousands):
    ``[text, [cell, ...], [cell, symbol, ...] placed, [cell, symbol, ...] removed]``
    with every cell as its 0-based row-major index."""
    def flat(changes: tuple[tuple[int, int, str], ...]) -> list[int | str]:
        return [x for r, c, symbol in changes for x in ((r - 1) * cols + c - 1, symbol)]

    return [step.text, [(r - 1) * cols + c - 1 for r, c in step.cells], flat(step.placed), flat(step.removed)]


def _fingerprint(item: PlacedGrid) -> str:
    """Changes when the puzzle changes, so saved progress of another puzzle with
    the same number (a rebuilt book) is not restored onto this one."""
    cells = "\x1f".join(cell.text or cell.role.value for cell in item.grid.cells)
    return hashlib.sha256(f"{item.grid.rows}x{item.grid.cols}\x1e{cells}".encode()).hexdigest()[:16]


def _entry(stem: str, page: int, item: PlacedGrid, play: Play) -> JsonObject:
    entry: JsonObject = {"page": page, "number": item.number, "kind": play.kind, "id": _fingerprint(item),
                             "rows": item.grid.rows, "cols": item.grid.cols, "cell": item.grid.cell_size,
                             "tap": tap_size(max(item.grid.rows, item.grid.cols))}
    if item.grid.coordinates is not None:   # a lettered chessboard: its squares are named as printed (b3)
        entry["files"] = list(item.grid.coordinates.files(item.grid.rows))
    if play.symbols:
        entry["symbols"] = list(play.symbols)
    if play.regions is not None:
        entry["regions"] = list(play.regions)
    if play.closed:
        entry["closed"] = True
    if play.cages:
        entry["cages"] = [[list(cells), total, operation] for cells, total, operation in play.cages]
    if play.rules is not None:
        rules = play.rules
        entry["rules"] = {"groups": [list(g) for g in rules.groups], "order": rules.order,
                          "pairs": [{"cells": [list(pair) for pair in rule.cells], "clash": rule.clash}
                                    for rule in rules.pairs], "allowed": list(rules.allowed)}
    if play.solution:   # a tour has none: it is judged by its moves, any tour counts
        key = hashlib.sha256(f"{stem}\x1f{item.number}\x1f{entry['id']}".encode()).digest()[:KEY_BYTES]
        secret = {"solution": list(play.solution), "hints": [_step(s, item.grid.cols) for s in play.hints]}
        entry["key"] = key.hex()
        entry["secret"] = obfuscate(_compact(secret), key)
        entry["hints"] = len(play.hints)              # how many, so the page knows whether to offer Hint
    return entry


def play_data(booklet: Booklet) -> JsonObject | None:
    """The JSON document of a playable booklet, or None when it has nothing to
    play (the answer booklet): then the page carries no script at all."""
    puzzles = [_entry(booklet.stem, page.number, item, item.play)
               for page in booklet.pages for block in page.blocks if isinstance(block, Band)
               for item in block.items if item.play is not None]
    if not puzzles:
        return None
    return {"book": booklet.stem, "puzzles": puzzles, "solutions": any("secret" in p for p in puzzles),
            "page_width": booklet.page_width, "words": dict(booklet.screen_words)}
