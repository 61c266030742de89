"""Puzzles in other programs' formats, found from their content: Tatham's game IDs (Solo,
Keen, Towers and Unequal), HoDoKu's library lines, f-puzzles and SudokuPad links and f-puzzles JSON, one a line;
and an f-puzzles puzzle as an entry of a structured (JSON) file (:func:`read_mapping`).

A text is in a foreign format when its first line that holds anything (not blank, not a
``#`` comment) is one; then every such line of it is read so. Otherwise the text is the
kind's own (:func:`read_lines` hands it to the kind's reader unchanged). A line of our own
one-line form is never taken for a foreign one: a game ID without its parameters is read as
one only when it reads as one and our reader cannot read the line itself.

Each line becomes the puzzle of the kind it describes (a Sudoku, a Killer, a KenKen) or a
:class:`~solver.parsing.ParseIssue` naming the line and what is wrong.

:func:`write` goes the other way: a puzzle as one line of a format (:data:`WRITES`), or a
ValueError naming the kind or rule the format cannot hold.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, TypeVar, Union

from solver.formats import fpuzzles, hodoku, tatham
from solver.parsing import JsonTooDeep, ParseIssue, load_json, split_lines, too_long
from solver.sudoku import Geometry, Puzzle
from solver.sudoku import parse_mapping as parse_sudoku
from solver.sudoku import parse_text as parse_sudoku_text

if TYPE_CHECKING:
    from solver.futoshiki import Futoshiki
    from solver.kenken import KenKen
    from solver.killer import Killer
    from solver.skyscrapers import Skyscrapers

#: What a foreign line reads as
Foreign = Union[Puzzle, "Killer", "KenKen", "Skyscrapers", "Futoshiki", ParseIssue]
T = TypeVar("T")


def _content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


#: The kinds our own one-line JSON names (``convert --to text`` writes a Killer or a KenKen so)
_OWN_KINDS = ("sudoku", "killer", "kenken", "skyscrapers", "futoshiki")


def _json_line(line: str) -> bool:
    """Whether a line holds f-puzzles JSON or our own mapping of a kind (or JSON nested too
    deep to read: then reading it says so)."""
    if not line.lstrip().startswith("{") or ('"grid"' not in line and '"kind"' not in line):
        return False
    try:
        value = load_json(line)
    except JsonTooDeep:
        return True
    except ValueError:
        return False
    return fpuzzles.looks_like_json(value) or _own_mapping(value)


def _own_mapping(value: object) -> bool:
    return isinstance(value, dict) and value.get("kind") in _OWN_KINDS


def _read_json_line(text: str) -> tuple[str, dict[str, Any]]:
    value = load_json(text)
    if _own_mapping(value):
        assert isinstance(value, dict)
        return str(value["kind"]), value
    return fpuzzles.read_json(value)


def is_foreign(line: str) -> bool:
    """Whether one line of a puzzle text is in a foreign format (see the module's rules)."""
    if too_long(line):
        return False   # no format's line: the kind's own reader says so
    if hodoku.looks_like(line) or fpuzzles.looks_like_link(line) or _json_line(line):
        return True
    token = line.strip().split(None, 1)[0] if line.strip() else ""
    if _towers(token) or _unequal(token):
        return True
    if not tatham.looks_like(token):
        return False
    if ":" in token:
        return True
    if not all(isinstance(found, ParseIssue) for found in parse_sudoku_text(token)):
        return False
    try:   # without its parameters, only a description that reads is one
        tatham.read(token)
    except ValueError:
        return False
    return True


def _towers(token: str) -> bool:
    """Whether a line's first word is a Towers game ID (clues separated by ``/``): one that
    reads as one, and, without its parameters, not a line our own Sudoku reader reads."""
    from solver.skyscrapers.parse import looks_like_id, read_id
    if not looks_like_id(token):
        return False
    try:
        read_id(token)
    except ValueError:
        return False
    return ":" in token or all(isinstance(found, ParseIssue) for found in parse_sudoku_text(token))


def _read_towers(text: str) -> tuple[str, dict[str, Any]]:
    from solver.skyscrapers.parse import read_id
    read_id(text)    # its problem, if any, said as the other formats say theirs
    return "skyscrapers", {"tatham": text}


def _unequal(token: str) -> bool:
    """Whether a line's first word is an Unequal game ID (cells of a number and flags ``UDLR``
    separated by commas): one that reads as one, and, without its parameters, not a line our
    own Sudoku reader reads."""
    from solver.futoshiki.parse import looks_like_id, read_id
    if not looks_like_id(token):
        return False
    try:
        read_id(token)
    except ValueError:
        return False
    return ":" in token or all(isinstance(found, ParseIssue) for found in parse_sudoku_text(token))


def _read_unequal(text: str) -> tuple[str, dict[str, Any]]:
    from solver.futoshiki.parse import read_id
    read_id(text)    # its problem, if any, said as the other formats say theirs
    return "futoshiki", {"tatham": text}


def puzzle(kind: str, mapping: Mapping[str, Any], line: int, index: int) -> Foreign:
    """The puzzle of ``kind`` its solver reads from ``mapping`` (the cage solvers loaded
    only for a cage puzzle: reading Sudoku text never pays for them)."""
    if kind == "killer":
        from solver.killer import parse_mapping as parse_killer
        return parse_killer(mapping, line=line, index=index)
    if kind == "kenken":
        from solver.kenken import parse_mapping as parse_kenken
        return parse_kenken(mapping, line=line, index=index)
    if kind == "skyscrapers":
        from solver.skyscrapers import parse_mapping as parse_skyscrapers
        return parse_skyscrapers(mapping, line=line, index=index)
    if kind == "futoshiki":
        from solver.futoshiki import parse_mapping as parse_futoshiki
        return parse_futoshiki(mapping, line=line, index=index)
    return parse_sudoku(mapping, line=line, index=index)


def _reader(line: str) -> tuple[str, Callable[[str], tuple[str, dict[str, Any]]], str, str]:
    """(the format's name, its reader, the puzzle's text, a title after it) for one line."""
    if hodoku.looks_like(line):
        return "HoDoKu library line", hodoku.read, line, ""
    if _json_line(line):
        return "JSON line", _read_json_line, line, ""
    token, _, rest = line.strip().partition(" ")
    title = rest.strip().lstrip("#").strip()
    if fpuzzles.looks_like_link(token):
        return "f-puzzles link", fpuzzles.read_link, token, title
    if _towers(token) or (":" in token and "/" in token):
        return "Towers game ID", _read_towers, token, title
    if _unequal(token):
        return "Unequal game ID", _read_unequal, token, title
    return "Tatham game ID", tatham.read, token, title


def read_line(line: str, number: int, index: int) -> Foreign:
    """One foreign line (number ``number``, the ``index``-th puzzle of its text); text after
    a game ID or a link, past a space, is its title."""
    if problem := too_long(line):
        return ParseIssue(number, problem, index=index)
    name, reader, text, title = _reader(line)
    try:
        kind, mapping = reader(text)
    except ValueError as error:
        return ParseIssue(number, f"{name}: {error}", index=index)
    if title:
        mapping["title"] = title
    return puzzle(kind, mapping, number, index)


def read_mapping(entry: Mapping[str, Any], line: int, index: int) -> Foreign | None:
    """The puzzle of a structured file's entry (a YAML/JSON mapping at ``line``) when it is an
    f-puzzles puzzle; None when it is not (the kind's own mapping)."""
    if not fpuzzles.looks_like_json(entry):
        return None
    try:
        kind, mapping = fpuzzles.read_json(entry)
    except ValueError as error:
        return ParseIssue(line, f"f-puzzles JSON: {error}", index=index)
    return puzzle(kind, mapping, line, index)


def read_text(text: str) -> list[Foreign] | None:
    """Every puzzle of a foreign text, in order; None when the text is not foreign."""
    lines = split_lines(text)
    first = next((line for line in lines if _content(line)), None)
    return list(_foreign(lines)) if first is not None and is_foreign(first) else None


def _foreign(lines: Iterable[str]) -> Iterator[Foreign]:
    index = 0
    for number, line in enumerate(lines, 1):
        if _content(line):
            yield read_line(line, number, index)
            index += 1


def read_lines(lines: Iterable[str], native: Callable[[Iterable[str]], Iterator[T]]) -> Iterator[T | Foreign]:
    """The puzzles of a text's lines (without line ends), lazily: foreign ones if its first
    line with content is foreign, else whatever ``native`` reads from the same lines."""
    lines = iter(lines)
    seen: list[str] = []
    for line in lines:
        seen.append(line)
        if _content(line):
            break
    if not seen or not is_foreign(seen[-1]):
        yield from native(chain(seen, lines))
        return
    yield from _foreign(chain(seen, lines))


#: What :func:`write` writes: f-puzzles JSON, its SudokuPad and f-puzzles links, a Tatham game
#: ID, SadMan's one-line .sdm, and our own one-line text
WRITES = ("fpuzzles", "sudokupad", "fpuzzles-link", "tatham", "sdm", "text")


def write(found: Puzzle | Killer | KenKen | Skyscrapers | Futoshiki, fmt: str) -> str:
    """One puzzle as one line of ``fmt`` (see :data:`WRITES`; a Skyscrapers' or a Futoshiki's
    ``text`` is its block of lines, a blank line after it); ValueError naming what the format
    cannot hold."""
    from solver.futoshiki import Futoshiki
    if isinstance(found, Futoshiki):
        from solver.futoshiki import parse as futoshiki_parse
        if fmt == "tatham":
            return futoshiki_parse.write_id(found)
        if fmt == "text":
            return futoshiki_parse.as_text(found)
        raise ValueError(f"{_WRITTEN[fmt]} holds no Futoshiki: write it as tatham or text")
    from solver.kenken import KenKen
    from solver.killer import Killer
    from solver.skyscrapers import Skyscrapers, write_id
    if isinstance(found, Skyscrapers):
        if fmt == "tatham":
            return write_id(found)
        if fmt == "text":
            from solver.skyscrapers.parse import as_text
            return as_text(found)
        raise ValueError(f"{_WRITTEN[fmt]} holds no Skyscrapers: write it as tatham or text")
    if not isinstance(found, (Puzzle, Killer, KenKen)):
        raise TypeError(f"{type(found).__name__} is no Sudoku, Killer or KenKen")
    if isinstance(found, KenKen):
        if fmt == "tatham":
            return tatham.keen_id(found.size, found.cages)
        if fmt == "text":
            from solver.kenken.parse import to_mapping
            return _mapping_line(to_mapping(found))
        raise ValueError(f"{_WRITTEN[fmt]} holds no KenKen (its cages are sums): write it as tatham or text")
    cages = found.cages if isinstance(found, Killer) else ()
    variant, parity = found.variant, found.parity
    if fmt in ("fpuzzles", "sudokupad", "fpuzzles-link"):
        value = fpuzzles.to_json(found.geometry, found.givens, variant=variant, parity=parity, cages=cages,
                                 title=_title(found))
        if fmt == "fpuzzles":
            return json.dumps(value, ensure_ascii=True, separators=(",", ":"), sort_keys=True)
        return fpuzzles.link(value, fpuzzles.SUDOKUPAD if fmt == "sudokupad" else fpuzzles.FPUZZLES)
    if fmt == "tatham":
        return tatham.solo_id(found.geometry, found.givens, variant=variant, cages=cages)
    if fmt == "text" and isinstance(found, Killer):
        from solver.killer.parse import to_mapping as killer_mapping
        return _mapping_line(killer_mapping(found))
    shape = "a jigsaw's regions" if found.geometry.is_jigsaw else None
    if shape is None and fmt == "text" and Geometry.boxed(found.size).regions != found.geometry.regions:
        shape = f"boxes of {found.geometry.box_rows}x{found.geometry.box_cols}"   # a line reads with the usual ones
    if fmt == "sdm" and (found.size != 9 or shape or cages):
        raise ValueError(f"{_WRITTEN[fmt]} holds 9x9 Sudoku with 3x3 boxes only, not "
                         + (shape or ("a Killer's cages" if cages else f"a {found.size}x{found.size}")))
    if variant or shape or cages:
        raise ValueError(f"{_WRITTEN[fmt]} holds no " + (f"{variant[0]} rule" if variant else shape or "cages")
                         + ": write it as fpuzzles")
    if fmt == "sdm":
        return "".join(str(v) if v else "0" for v in found.givens)
    title = _title(found)
    return found.format() + (f" # {' '.join(title.split())}" if title else "")


def _title(found: Puzzle | Killer) -> str | None:
    """What a puzzle's file called it: its title, or a text line's comment."""
    return found.title or getattr(found, "label", None)


def _mapping_line(mapping: Mapping[str, Any]) -> str:
    return json.dumps(mapping, ensure_ascii=False, separators=(", ", ": "))


_WRITTEN = {"fpuzzles": "f-puzzles JSON", "sudokupad": "a SudokuPad link", "fpuzzles-link": "an f-puzzles link",
            "tatham": "a Tatham game ID", "sdm": "a SadMan .sdm line", "text": "our one-line text"}


#: Tatham's own pages, which open a game ID after ``#`` (the Solo, Keen, Towers or Unequal one)
TATHAM_PAGES = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"


def links(found: object) -> dict[str, str]:
    """Where a puzzle can be played online, by site: ``sudokupad`` and ``fpuzzles`` (links
    carrying its f-puzzles JSON), ``tatham`` (Tatham's Solo or Keen page opening its game ID);
    the sites that cannot hold it are left out (all of them for a kind none plays)."""
    from solver.futoshiki import Futoshiki
    from solver.futoshiki import write_id as write_unequal
    from solver.kenken import KenKen
    from solver.killer import Killer
    from solver.skyscrapers import Skyscrapers, write_id
    if isinstance(found, Skyscrapers):
        return {"tatham": TATHAM_PAGES + "towers.html#" + write_id(found)}
    if isinstance(found, Futoshiki):
        return {"tatham": TATHAM_PAGES + "unequal.html#" + write_unequal(found)}
    if not isinstance(found, (Puzzle, Killer, KenKen)):
        return {}
    found_links: dict[str, str] = {}
    for site, fmt in (("sudokupad", "sudokupad"), ("fpuzzles", "fpuzzles-link"), ("tatham", "tatham")):
        try:
            line = write(found, fmt)
        except ValueError:
            continue
        page = "keen.html#" if isinstance(found, KenKen) else "solo.html#"
        found_links[site] = TATHAM_PAGES + page + line if site == "tatham" else line
    return found_links
