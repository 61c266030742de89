"""``puzzlepress convert`` (issue 47): every puzzle we read, written in another program's format,
reads back as the same puzzle with the same verdict and solution; the links decode with a
separate LZ-string implementation (PyPI's ``lzstring``) to f-puzzles JSON holding the grid,
givens, regions, cages and rules; LZ-string's compression equals the JavaScript original's
vectors; what a format cannot hold is one line, exit 2, nothing written."""
from __future__ import annotations

import json
from pathlib import Path

import lzstring
import pytest

from publisher.kinds import KINDS
from publisher.sources import parse_file
from solver import formats
from solver.formats.lzstring import compress_to_base64
from solver.kenken import KenKen
from solver.killer import Killer
from solver.parsing import ParseIssue
from solver.sudoku import Puzzle
from tests.runner import Cli
from tests.samples import DATA, REPO

FORMATS = DATA / "formats"
SOURCES = [FORMATS / "fpuzzles-links.txt", FORMATS / "tatham-solo.txt", FORMATS / "tatham-keen.txt",
           *(REPO / "puzzles" / name for name in ("9x9-hard.txt", "kids-6x6.txt", "16x16.txt", "jigsaw-9x9.yaml",
                                                 "killer-9x9.json", "kenken-6x6.json"))]


def _puzzles() -> list[Puzzle | Killer | KenKen]:
    found: list[Puzzle | Killer | KenKen] = []
    for path in SOURCES:
        found += [p for p in parse_file(path, KINDS["sudoku"], {}, route=True) if not isinstance(p, ParseIssue)]
    return found


PUZZLES = _puzzles()


def _shape(puzzle: Puzzle | Killer | KenKen) -> tuple[object, ...]:
    """What makes a puzzle the puzzle: its grid, givens, regions, rules and cages."""
    if isinstance(puzzle, KenKen):
        return ("kenken", puzzle.size, sorted((c.cells, c.total, c.op) for c in puzzle.cages))
    cages = sorted((c.cells, c.total) for c in puzzle.cages) if isinstance(puzzle, Killer) else []
    variant = () if isinstance(puzzle, Killer) else (puzzle.variant, puzzle.parity)
    regions = {tuple(c for c in range(puzzle.size ** 2) if puzzle.geometry.regions[c] == r)
               for r in range(puzzle.size)}
    return (type(puzzle).__name__, puzzle.size, puzzle.givens, frozenset(regions), variant, cages)


def _verdict(puzzle: Puzzle | Killer | KenKen) -> tuple[str, object]:
    kind = KINDS["kenken" if isinstance(puzzle, KenKen) else "killer" if isinstance(puzzle, Killer) else "sudoku"]
    verdict = kind.verify(puzzle, 200_000)
    return verdict.status.value, verdict.solution


def test_the_sources_hold_every_kind_and_rule() -> None:
    kinds = {type(p).__name__ for p in PUZZLES}
    rules = {name for p in PUZZLES if isinstance(p, Puzzle) for name in p.variant}
    assert kinds == {"Puzzle", "Killer", "KenKen"}
    assert rules == {"x", "windoku", "anti_knight", "anti_king", "non_consecutive", "even_odd"}
    assert any(isinstance(p, Puzzle) and p.geometry.is_jigsaw for p in PUZZLES)


@pytest.mark.parametrize("fmt", formats.WRITES)
def test_every_puzzle_a_format_holds_reads_back_the_same(fmt: str) -> None:
    written = 0
    for puzzle in PUZZLES:
        try:
            line = formats.write(puzzle, fmt)
        except ValueError:
            continue
        assert "\n" not in line
        if fmt == "sdm":   # SadMan's .sdm: 81 digits, read as our text
            assert len(line) == 81 and line.isdigit()
        back = formats.read_text(line) or KINDS["killer" if isinstance(puzzle, Killer) else "kenken"
                                                 if isinstance(puzzle, KenKen) else "sudoku"].parse_text(line, {})
        assert len(back) == 1 and not isinstance(back[0], ParseIssue), (line, back)
        assert _shape(back[0]) == _shape(puzzle)
        assert _verdict(back[0]) == _verdict(puzzle)
        written += 1
    assert written >= {"sdm": 9, "text": 15}.get(fmt, 20)


def test_what_a_format_cannot_hold_is_named() -> None:
    kenken = next(p for p in PUZZLES if isinstance(p, KenKen))
    anti_knight = next(p for p in PUZZLES if isinstance(p, Puzzle) and "anti_knight" in p.variant)
    jigsaw = next(p for p in PUZZLES if isinstance(p, Puzzle) and p.geometry.is_jigsaw)
    for puzzle, fmt, words in [(kenken, "fpuzzles", "holds no KenKen"), (kenken, "sudokupad", "holds no KenKen"),
                               (anti_knight, "tatham", "Solo has no anti_knight rule"),
                               (anti_knight, "text", "holds no anti_knight rule"),
                               (jigsaw, "sdm", "not a jigsaw's regions")]:
        with pytest.raises(ValueError, match=words):
            formats.write(puzzle, fmt)


def _cell(name: str) -> tuple[int, int]:
    row, col = name.upper().lstrip("R").split("C")
    return int(row) - 1, int(col) - 1


@pytest.mark.parametrize("fmt, prefix", [("sudokupad", "https://sudokupad.app/fpuzzles"),
                                         ("fpuzzles-link", "https://f-puzzles.com/?load=")])
def test_links_decode_with_another_lzstring_to_the_puzzle(fmt: str, prefix: str) -> None:
    """The JSON a link carries, decoded by PyPI's lzstring, checked against the puzzle's own
    data: given digits, regions, cage cells and sums, each rule's key."""
    other = lzstring.LZString()
    keys = {"x": ("diagonal+", "diagonal-"), "anti_knight": ("antiknight",), "anti_king": ("antiking",),
            "non_consecutive": ("nonconsecutive",), "windoku": ("extraregion",), "even_odd": ("odd", "even")}
    for puzzle in PUZZLES:
        if isinstance(puzzle, KenKen):
            continue
        line = formats.write(puzzle, fmt)
        assert line.startswith(prefix)
        data = json.loads(other.decompressFromBase64(line[len(prefix):]))
        n = puzzle.size
        assert data["size"] == n
        values = [cell.get("value", 0) if cell.get("given") else 0 for row in data["grid"] for cell in row]
        assert tuple(values) == puzzle.givens
        if any("region" in cell for row in data["grid"] for cell in row):
            labels = [cell["region"] for row in data["grid"] for cell in row]
            assert len({(labels[a] == labels[b]) == (puzzle.geometry.regions[a] == puzzle.geometry.regions[b])
                        for a in range(n * n) for b in range(n * n)}) == 1
        if isinstance(puzzle, Killer):
            cages = sorted((tuple(sorted(_cell(c)[0] * n + _cell(c)[1] for c in cage["cells"])), int(cage["value"]))
                           for cage in data["killercage"])
            assert cages == sorted((c.cells, c.total) for c in puzzle.cages)
        else:
            for name in puzzle.variant:
                assert any(data.get(key) for key in keys[name]), (name, sorted(data))
            if puzzle.parity:
                marks = {_cell(item["cell"]): mark for mark in ("odd", "even") for item in data.get(mark, [])}
                assert {(c // n, c % n): "odd" if m == "o" else "even"
                        for c, m in enumerate(puzzle.parity) if m != "."} == marks


def test_lzstring_compresses_as_the_javascript_original() -> None:
    """tests/data/formats/lzstring-vectors.json: lz-string 1.5.0's compressToBase64 (node),
    beyond U+FFFF too."""
    for vector in json.loads((FORMATS / "lzstring-vectors.json").read_text()):
        assert compress_to_base64(vector["text"]) == vector["base64"]


def test_convert_writes_every_line_or_one_error(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    hard = (REPO / "puzzles" / "9x9-hard.txt").read_text(encoding="utf-8")
    (tmp_path / "hard.txt").write_text(hard, encoding="utf-8")
    (tmp_path / "kenken.json").write_bytes((REPO / "puzzles" / "kenken-6x6.json").read_bytes())
    code, out, err = cli("convert", "hard.txt", "--to", "tatham")
    assert code == 0 and not err
    assert len(out.splitlines()) == sum(1 for line in hard.splitlines() if line.strip() and not line.startswith("#"))
    assert all(line.startswith("3x3:") for line in out.splitlines())
    (tmp_path / "old.txt").write_text("kept\n", encoding="utf-8")
    code, out, err = cli("convert", "hard.txt", "kenken.json", "--to", "sudokupad", "-o", "old.txt")
    assert code == 2 and not out
    assert err == ("puzzlepress: error: kenken.json:2: a SudokuPad link holds no KenKen (its cages are sums): "
                   "write it as tatham or text (and 3 more)\n")
    assert (tmp_path / "old.txt").read_text(encoding="utf-8") == "kept\n"
    code, out, err = cli("convert", "hard.txt", "kenken.json", "--to", "tatham", "-o", "new.txt")
    assert code == 0 and not out and not err
    lines = (tmp_path / "new.txt").read_text(encoding="utf-8").splitlines()
    assert [line.split(":")[0] for line in lines[-4:]] == ["6"] * 4
    code, _out, err = cli("convert", "hard.txt", "--to", "text", "-o", "hard.txt")
    assert code == 2 and "hard.txt" in err
    assert (tmp_path / "hard.txt").read_text(encoding="utf-8") == hard


def test_export_lists_where_each_puzzle_plays(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "easy.txt").write_bytes((REPO / "puzzles" / "9x9-easy.txt").read_bytes())
    code, _out, err = cli("export", "easy.txt", "--format", "svg", "--out", "svg", "--solutions")
    assert code == 0, err
    records = json.loads((tmp_path / "svg" / "manifest.json").read_text(encoding="utf-8"))["files"]
    puzzles = [r for r in records if r["role"] == "puzzle"]
    assert puzzles and all("links" not in r for r in records if r["role"] == "solution")
    other = lzstring.LZString()
    for record in puzzles:
        links = record["links"]
        assert set(links) == {"sudokupad", "fpuzzles", "tatham"}
        data = json.loads(other.decompressFromBase64(links["sudokupad"].split("fpuzzles", 1)[1]))
        givens = "".join(str(cell["value"]) if cell.get("given") else "." for row in data["grid"] for cell in row)
        assert givens == record["puzzle"]
        assert links["tatham"].startswith(formats.TATHAM_PAGES + "solo.html#3x3:")


@pytest.mark.parametrize("name", ["tatham-solo.txt", "tatham-keen.txt"])
def test_game_ids_are_written_as_tathams_programs_write_them(name: str) -> None:
    """Every ID ``sgt-solo``/``sgt-keen --generate`` made (tests/data/formats/) is written back
    with its description byte for byte (the parameters drop the letters of how it was made:
    difficulty and symmetry), and reads back as the same puzzle."""
    lines = [line.strip() for line in (FORMATS / name).read_text().splitlines() if line.strip()[:1] not in ("", "#")]
    for line in lines:
        original = formats.read_text(line)[0]
        written = formats.write(original, "tatham")
        assert written.split(":", 1)[1] == line.split(":", 1)[1]
        assert _shape(formats.read_text(written)[0]) == _shape(original)
    assert len(lines) >= 8
