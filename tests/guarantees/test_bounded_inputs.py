"""The defects of the third hostile run (issue 44) that come in through a puzzle input or a key:
every one ends at once with the contract's answer (a verdict, or one line and exit 2), never a
hang, an internal error or a file changed that was refused."""
from __future__ import annotations

import functools
import json
import re
import subprocess
from pathlib import Path

import pytest

from solver.parsing import MAX_LINE_CHARS
from tests.runner import Cli, console, console_env
from tests.samples import KIDS_4X4

MEGABYTE_OF_DIGITS = "1" * 1_000_000


def _book(folder: Path, section: str) -> Path:
    config = folder / "config.yaml"
    config.write_text(f"books:\n  - title: T\n    sections:\n      - title: S\n{section}", encoding="utf-8")
    return config


@pytest.mark.parametrize("line", [MEGABYTE_OF_DIGITS, "3x3:" + MEGABYTE_OF_DIGITS, MEGABYTE_OF_DIGITS + ":a",
                                  "a" * 1_000_000, " " + "9 " * 500_000],
                         ids=["digits", "params-then-digits", "digits-then-colon", "letters", "spaced-digits"])
def test_a_megabyte_line_is_malformed_at_once_in_check_and_solve(guarded_cli: Cli, here: Path, line: str) -> None:
    """Defect 1: a line of 50,000 digits once took 20 s (Tatham's ID pattern backtracked)."""
    (here / "long.txt").write_text(f"{line}\n{KIDS_4X4}\n", encoding="utf-8")
    code, out, _err = guarded_cli("check", "long.txt", "--json")
    records = [json.loads(row) for row in out.splitlines()]
    assert code == 1
    assert [r["status"] for r in records] == ["malformed", "unique"]
    code, out, _err = guarded_cli("solve", "long.txt")
    assert code == 1 and "malformed" in out


def test_a_megabyte_line_in_a_section_file_and_inline(guarded_cli: Cli, here: Path) -> None:
    (here / "long.txt").write_text(MEGABYTE_OF_DIGITS + "\n", encoding="utf-8")
    for section in ("        puzzles: long.txt\n", f"        inline: ['{MEGABYTE_OF_DIGITS}']\n"):
        config = _book(here, section)
        code, out, err = guarded_cli("build", str(config), "-q")
        assert code == 1, err
        assert "malformed" in out + err
        assert not (here / "out").exists()


def test_a_line_longer_than_any_puzzle_says_so(guarded_cli: Cli, here: Path) -> None:
    """Defect 11's bound, for files as for streams: over MAX_LINE_CHARS is malformed as too long."""
    (here / "long.txt").write_text("." * (MAX_LINE_CHARS + 1) + f"\n{KIDS_4X4}\n", encoding="utf-8")
    code, out, _err = guarded_cli("check", "long.txt")
    first = out.splitlines()[0]
    assert code == 1 and "malformed" in first and f"{MAX_LINE_CHARS:,}" in first
    assert " unique" in out.splitlines()[1]


@pytest.mark.parametrize("command", ["check", "grade"])
def test_standard_input_of_dev_zero_ends_in_flat_memory(command: str) -> None:
    """Defect 11: ``check -`` reading /dev/zero grew to 3.9 GB. Now the line is malformed at
    once, and a line that never ends ends the reading of that input with one line, exit 2."""
    with open("/dev/zero", "rb") as zeros:
        done = subprocess.run(["prlimit", "--as=1500000000", *console(command, "-")], stdin=zeros,
                              capture_output=True, text=True, timeout=60, env=console_env())
    assert done.returncode == 2, done.stderr
    assert "malformed" in done.stdout.splitlines()[0]
    assert done.stderr.strip().splitlines() == [
        "puzzlepress: error: <stdin>:1: a line of more than 16,777,216 bytes: not a puzzle text; the rest is not read"]


@pytest.mark.parametrize("command", ["check", "grade", "solve"])
def test_json_nested_five_thousand_deep_is_malformed(guarded_cli: Cli, here: Path, command: str) -> None:
    """Defect 10: an f-puzzles line nested 5,000 levels deep was a RecursionError (exit 3)."""
    (here / "deep.txt").write_text('{"size": 9, "grid": ' + "[" * 5000 + "]" * 5000 + "}\n", encoding="utf-8")
    code, out, _err = guarded_cli(command, "deep.txt")
    assert code == 1
    assert "malformed: JSON line: JSON nested deeper than 64 levels" in out


@pytest.mark.parametrize("command", ["check", "grade", "solve"])
def test_a_file_that_cannot_be_read_is_one_line(guarded_cli: Cli, command: str) -> None:
    """Defect 10: /proc/self/mem is a regular file whose read fails (EIO): exit 3 before."""
    code, _out, err = guarded_cli(command, "/proc/self/mem")
    assert code == 2
    assert err.strip() == "puzzlepress: error: /proc/self/mem: cannot read: Input/output error"


@pytest.mark.parametrize("nested", [False, True])
def test_a_key_of_control_characters_is_named_escaped(guarded_cli: Cli, here: Path, nested: bool) -> None:
    """Defect 3: at the top level an IndexError (exit 3); in a book the wrong key ('0')."""
    key = '"\\e[2J\\e[HFORGED": 1'
    config = here / "config.yaml"
    book = "  - title: T\n    sections: [{title: S, puzzles: p.txt}]\n"
    config.write_text((f"books:\n{book}    {key}\n" if nested else f"{key}\nbooks:\n{book}"), encoding="utf-8")
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2
    where = "books[0]." if nested else ""
    assert f"{where}\\x1b[2J\\x1b[HFORGED: unknown key '\\x1b[2J\\x1b[HFORGED'" in err
    assert "\x1b" not in err


def test_a_key_that_looks_like_a_union_member_is_still_the_users(guarded_cli: Cli, here: Path) -> None:
    config = here / "config.yaml"
    config.write_text("books:\n  - title: T\n    sections: [{title: S, puzzles: p.txt, 'Book[': 1}]\n",
                      encoding="utf-8")
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2
    assert "config.yaml:3: books[0].sections[0].Book[: unknown key 'Book['" in err


@pytest.mark.parametrize("character", ["\u202e", "\u2028", "\x85", "\u2066"])
def test_json_lines_escape_what_a_console_would_act_on(guarded_cli: Cli, here: Path, character: str) -> None:
    """Defect 7: ``check --json`` printed U+202E and U+2028 raw in labels."""
    (here / "p.txt").write_text(f"{KIDS_4X4} # Bài {character}evil\n", encoding="utf-8")
    code, out, _err = guarded_cli("check", "p.txt", "--json")
    assert code == 0
    assert character not in out
    assert f"\\u{ord(character):04x}" in out
    assert json.loads(out)["label"] == f"Bài {character}evil"   # the same value, read back
    assert "Bài" in out                                        # other scripts stay as written


@pytest.mark.parametrize("content", [bytes(range(256)) * 20, b"hello\nworld\npartial", b"not ours at all"],
                         ids=["binary", "text-lines", "one-cut-line"])
def test_resume_leaves_a_refused_file_as_it_was(guarded_cli: Cli, here: Path, content: bytes) -> None:
    """Defect 8: ``check --resume -o FILE`` cut a binary FILE to its last newline, then refused it."""
    output = here / "earlier.out"
    output.write_bytes(content)
    code, _out, err = guarded_cli("check", "p.txt", "--resume", "-o", str(output))
    assert code == 2
    assert "not an output of an earlier run" in err or "is not a line of check" in err
    assert output.read_bytes() == content


def test_resume_still_drops_a_cut_last_line_of_its_own(guarded_cli: Cli, here: Path) -> None:
    (here / "two.txt").write_text(f"{KIDS_4X4}\n{KIDS_4X4[::-1]}\n", encoding="utf-8")
    output = here / "earlier.out"
    plain = guarded_cli("check", "two.txt", "-o", str(output))
    whole = output.read_text(encoding="utf-8")
    first = whole.splitlines(keepends=True)[0]
    output.write_text(first + whole.splitlines()[1][:10], encoding="utf-8")   # interrupted mid-line
    code, _out, _err = guarded_cli("check", "two.txt", "--resume", "-o", str(output))
    assert code == plain.code
    timeless = functools.partial(re.sub, r", [0-9.]+ ms\)", ")")
    assert timeless(output.read_text(encoding="utf-8")) == timeless(whole)


def _million_books(folder: Path) -> Path:
    config = folder / "config.yaml"
    config.write_text("books:\n" + "  - 1\n" * 1_000_000, encoding="utf-8")   # 6 MB, under the 16 MiB limit
    return config


def test_a_config_of_a_million_items_is_refused_in_flat_memory(tmp_path: Path) -> None:
    """Defect 2: a 4 MB list of a million books was killed at 150 s with 2.58 GB."""
    config = _million_books(tmp_path)
    done = subprocess.run(["prlimit", "--as=1500000000", *console("build", str(config))],
                          capture_output=True, text=True, timeout=60, env=console_env())
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"puzzlepress: error: {config}:49999:5: more than 50,000 values (the limit of a config)"]


def test_a_ten_megabyte_title_is_refused_by_its_length(guarded_cli: Cli, here: Path) -> None:
    config = _book(here, "        puzzles: p.txt\n")
    config.write_text(config.read_text(encoding="utf-8").replace("title: T", "title: " + "T" * 10_000_000),
                      encoding="utf-8")
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2
    assert err.strip() == (f"puzzlepress: error: {config}:2: books[0].title: "
                           "a text of 10,000,000 characters; the limit is 10,000")


@pytest.mark.parametrize("key, items", [("books", 10_001), ("inline", 10_001)])
def test_a_long_list_is_refused_before_its_items_are_read(guarded_cli: Cli, here: Path, key: str,
                                                          items: int) -> None:
    if key == "books":
        config = here / "config.yaml"
        config.write_text("books: [" + ", ".join(["1"] * items) + "]\n", encoding="utf-8")
        where = "books"
    else:
        config = _book(here, "        inline: [" + ", ".join([f"'{KIDS_4X4}'"] * items) + "]\n")
        where = "books[0].sections[0].inline"
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2
    assert err.strip().endswith(f"{where}: a list of {items:,} items; the limit is 10,000")


def test_errors_stop_after_a_screenful_with_a_count(cli: Cli, here: Path) -> None:
    """Defect 2: 100,000 wrong items printed 100,000 lines (and took 97 s to collect)."""
    config = here / "config.yaml"
    config.write_text("books:\n" + "  - 1\n" * 5_000, encoding="utf-8")
    code, _out, err = cli("build", str(config))
    lines = err.strip().splitlines()
    assert code == 2
    assert len(lines) == 21
    assert all("Input should be a valid dictionary" in line for line in lines[:20])
    assert lines[-1] == "puzzlepress: error: ... and 4,980 more problems (5,000 in all)"


@pytest.mark.parametrize("name", ["cat?mode=ro&x=1.db", "c#at.db", "c%20at.db", "cat?.db"])
def test_a_catalog_path_is_a_path(guarded_cli: Cli, here: Path, name: str) -> None:
    """Defect 6: ``cat?mode=ro&x=1.db`` recorded into a new file ``cat``, and SQLAlchemy's raw
    SAWarning with a line of our source reached stderr."""
    config = _book(here, "        puzzles: p.txt\n")
    config.write_text(f"catalog: {json.dumps(name)}\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
    code, _out, err = guarded_cli("build", str(config), "-q")
    assert code == 0, err
    assert sorted(path.name for path in here.iterdir() if path.suffix not in (".yaml", ".txt")
                  and path.name != "out") == [name]
    code, out, err = guarded_cli("check", "p.txt", "--catalog", name)
    assert code == 1 and "repeated" in out   # the build recorded it: the check finds it there
    assert "Warning" not in err and "warn" not in err.lower()


def test_a_label_is_a_text_with_a_bound(guarded_cli: Cli, here: Path) -> None:
    config = here / "config.yaml"
    config.write_text("books:\n  - title: T\n    labels: {puzzle: " + "x" * 20_000 + "}\n"
                      "    sections: [{title: S, puzzles: p.txt}]\n", encoding="utf-8")
    code, _out, err = guarded_cli("build", str(config))
    assert code == 2
    assert err.strip().endswith("books[0].labels: 'puzzle': a text of 20,000 characters; the limit is 10,000")


@pytest.mark.parametrize("name", ["killer-9x9.json", "kenken-6x6.json"])
def test_a_json_bank_is_read_by_json_with_the_lines_yaml_gave(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """A 16 MB JSON bank of 9,345 Killers was refused after 34 s of composing it as YAML (a
    million values): JSON is now read by its own parser, each entry at the line it starts on."""
    from publisher import kinds, sources
    from tests.samples import REPO
    path = REPO / "puzzles" / name
    kind = kinds.get("killer" if "killer" in name else "kenken")
    fast = sources.parse_file(path, kind, {})
    monkeypatch.setattr(sources, "json_entries", lambda text: None)
    assert [(p.line, p.index, p.cages) for p in fast] == \
        [(p.line, p.index, p.cages) for p in sources.parse_file(path, kind, {})]


@pytest.mark.parametrize("text, read", [("[1, 2,]", None), ("[1, 2] x", None), ("{}", None), (" [ ] ", ([], [])),
                                        ('[\n{"a": 1},\r\n\r[2]]', ([{"a": 1}, [2]], [2, 4]))])
def test_what_is_not_a_strict_json_array_is_left_to_yaml(text: str, read: object) -> None:
    from publisher.yamlfile import json_entries
    assert json_entries(text) == read
