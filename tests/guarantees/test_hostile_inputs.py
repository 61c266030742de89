"""Hostile inputs, one regression test per defect class of issue #12.

Every case runs through the real entry point (``publisher.cli.main``) in this
process, under an alarm that turns a hang into a failure. The oracles are the
CLI contract: the exit code, one line on stderr for a usage error (never a
traceback), the message naming the file and line, and the previous outputs
kept byte for byte when a build stops.
"""
from __future__ import annotations

import json
import os
import re
import signal
import sys
import textwrap
from pathlib import Path

import pytest

import publisher.cli
from publisher.cli import main
from publisher.workers import default_jobs, worker_count
from tests.deadline import deadline
from tests.runner import Cli
from tests.samples import EASY_9X9, HARD_9X9, REPO


def config(folder: Path, sections: str, *, book: str = "", top: str = "") -> Path:
    path = folder / "config.yaml"
    path.write_text(textwrap.dedent(top) + "books:\n  - title: Hostile\n" + textwrap.indent(
        textwrap.dedent(book), "    ") + "    sections:\n" + textwrap.indent(textwrap.dedent(sections), "      "),
        encoding="utf-8")
    return path


def sudoku_section(puzzles: str = "set.txt", extra: str = "") -> str:
    return f"- title: S\n  puzzles: {puzzles}\n{extra}"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text(f"{HARD_9X9}\n{EASY_9X9}\n", encoding="utf-8")
    return tmp_path


def outputs(folder: Path) -> dict[str, bytes]:
    out = folder / "out"
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())
            if p.is_file() and not p.is_symlink()} if out.exists() else {}


# ------------------------------------------------------------------- YAML and JSON

BOMB = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 9))


@pytest.mark.parametrize("text, problem", [
    (BOMB + "books: *a8\n", r"config\.yaml:\d+:\d+: aliases expand the document by more than 100,000 nodes"),
    ("books: &a [*a]\n", r"config\.yaml:1:\d+: an alias refers to a node that contains it"),
    ("books: " + "[" * 1000 + "]" * 1000 + "\n", r"config\.yaml:1:\d+: nesting deeper than 64 levels"),
    ("".join(" " * i + f"k{i}:\n" for i in range(900)), r"config\.yaml:\d+:\d+: nesting deeper than 64"),
    ("a0: &a0 [x]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, 300)),
     r"aliases nest the document deeper than 64 levels"),
])
def test_hostile_yaml_config_is_one_line(here: Path, guarded_cli: Cli, text: str,
                                         problem: str) -> None:
    (here / "config.yaml").write_text(text, encoding="utf-8")
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and re.search(problem, err), err


@pytest.mark.parametrize("name, text, problem", [
    ("bomb.yaml", BOMB + "puzzles: *a8\n", r"bomb\.yaml:\d+:\d+: aliases expand"),
    ("loop.yaml", "puzzles: &a [*a]\n", r"loop\.yaml:1:\d+: an alias refers"),
    ("deep.json", "[" * 5000 + "]" * 5000, r"deep\.json:1:\d+: nesting deeper than 64"),
    ("deep.yaml", "- " * 3000 + "x\n", r"deep\.yaml:1:\d+: nesting deeper than 64"),
    ("long.yaml", f"- givens: '{HARD_9X9}'\n  size: {'9' * 5000}\n", r"long\.yaml:2:\d+: a number of more than 100"),
])
def test_hostile_yaml_and_json_puzzle_files(here: Path, guarded_cli: Cli, name: str,
                                             text: str, problem: str) -> None:
    (here / name).write_text(text, encoding="utf-8")
    code, _, err = guarded_cli("check", name)
    assert code == 2 and re.search(problem, err), err
    config(here, sudoku_section(name))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and re.search(problem, err), err


# ------------------------------------------------------------------- special files

@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("special, kind", [("/dev/zero", "a device"), ("/dev/urandom", "a device"),
                                           ("fifo", "a FIFO"), (".", "a folder")])
def test_only_regular_files_are_read(here: Path, guarded_cli: Cli, command: str,
                                     special: str, kind: str) -> None:
    os.mkfifo(here / "fifo")
    code, _, err = guarded_cli(command, special)
    assert code == 2 and f"{special}: is {kind}, not a regular file" in err


def test_special_puzzle_files_in_a_config_name_the_config_line(here: Path,
                                                               guarded_cli: Cli) -> None:
    os.mkfifo(here / "fifo")
    config(here, sudoku_section("[set.txt, fifo]"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and re.search(r"config\.yaml:5: books\[0\]\.sections\[0\]\.puzzles: fifo: is a FIFO", err)
    config(here, sudoku_section("/dev/urandom"))
    assert guarded_cli("build", "config.yaml")[0] == 2


def test_nul_byte_in_a_path(here: Path, guarded_cli: Cli) -> None:
    config(here, sudoku_section('"a\\0b.txt"'))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and "NUL byte" in err
    assert guarded_cli("check", "a\0b.txt")[0] == 2


def test_a_file_over_the_size_limit(here: Path, guarded_cli: Cli,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from publisher import safeio
    monkeypatch.setattr(safeio, "MAX_INPUT_BYTES", 100)
    # a structured file is read whole, so the limit holds for it ...
    (here / "set.json").write_text(json.dumps([HARD_9X9, EASY_9X9]) + " " * 100, encoding="utf-8")
    code, _, err = guarded_cli("check", "set.json")
    assert code == 2 and "set.json: is" in err and "the limit is 100" in err
    # ... while a text file is screened line by line, never held whole: no limit to reach
    assert guarded_cli("check", "set.txt")[0] == 0


# ------------------------------------------------------------------- structured puzzles

@pytest.mark.parametrize("extra, problem", [
    ("box: [-3, -3]", "box [-3, -3] is not ROWSxCOLS"),
    ("box: [0, 9]", "box [0, 9] is not ROWSxCOLS"),
    ("regions: 5", "'regions' must be a string"),
    ("regions: [{a: 1}, {b: 2}]", "'regions' must be a string"),
    ("size: 100000", "'size' must be 1..35"),
    ("title: \"\\ud800\"", "title: control character U+D800"),
    ("id: \"a\\x1bb\"", "id: control character U+001B"),
])
def test_structured_puzzle_problems_are_malformed_verdicts(here: Path, guarded_cli: Cli,
                                                          extra: str, problem: str) -> None:
    (here / "p.yaml").write_text(f"- givens: '{HARD_9X9}'\n  {extra}\n", encoding="utf-8")
    config(here, sudoku_section("p.yaml"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 1 and f"p.yaml:1: malformed: {problem}" in err, err


def test_unprintable_text_is_printed_escaped_by_check(here: Path, guarded_cli: Cli) -> None:
    (here / "p.yaml").write_text(f"- givens: '{HARD_9X9}'\n  id: \"\\ud800\"\n  title: \"\\udfff\"\n", encoding="utf-8")
    code, out, _ = guarded_cli("check", "p.yaml", "--json")
    assert code == 0 and '"id": "\\ud800"' in out


# ------------------------------------------------------------------- config

@pytest.mark.parametrize("section, book, problem", [
    (sudoku_section(extra="  kind: []\n"), "", r":\d+: books\[0\]\.sections\[0\]\.kind: expected kind"),
    (sudoku_section(), "labels: {puzle: x}\n",
     r"books\[0\]\.labels: unknown label 'puzle' \(did you mean 'puzzle'\?\)"),
    (sudoku_section(), "labels: {page: Seite}\n", r"books\[0\]\.labels: unknown label 'page'"),
    (sudoku_section(), 'labels: {puzzle: "a\\x1bb"}\n',
     r"books\[0\]\.labels: label 'puzzle': control character U\+001B"),
    (sudoku_section(), "page: {size: 10000x10000mm}\n", r"books\[0\]\.page\.size: .*larger than 22 inches"),
    (sudoku_section(), "page: {margins: {inside: 20}}\n",
     r"books\[0\]\.page\.margins\.inside: expected 'auto' or a length"),
])
def test_config_values_are_one_error_each(here: Path, guarded_cli: Cli, section: str,
                                          book: str, problem: str) -> None:
    config(here, section, book=book)
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and re.search(problem, err), err


# ------------------------------------------------------------------- templates

RTF_TEMPLATE = REPO / "templates" / "rtf" / "booklet.rtf.j2"


@pytest.mark.parametrize("name, data, problem", [
    ("html/style.css.j2", b"caf\xe9\n", r"tpl/html/style\.css\.j2:1: not UTF-8 text"),
    ("html/style.css.j2", b"x\n{{ 1 / 0 }}\n", r"tpl/html/style\.css\.j2:2: template error: ZeroDivisionError"),
    ("html/style.css.j2", b"{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}\n{{ f(1) }}\n",
     r"tpl/html/style\.css\.j2:\d+: template error: the template recurses without end"),
    ("html/style.css.j2", b"a\nb {{ nothere }}\n",
     r"tpl/html/style\.css\.j2:2: template error: 'nothere' is undefined"),
    ("rtf/booklet.rtf.j2", RTF_TEMPLATE.read_bytes() + "café\n".encode(), r"wrote unescaped non-ASCII text"),
])
def test_broken_user_templates_are_one_line(here: Path, guarded_cli: Cli, name: str,
                                            data: bytes, problem: str) -> None:
    (here / "tpl" / name).parent.mkdir(parents=True)
    (here / "tpl" / name).write_bytes(data)
    config(here, sudoku_section(), top="templates: tpl\n")
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and re.search(problem, err), err
    assert not (here / "out").exists()


def test_a_fifo_template_is_refused(here: Path, guarded_cli: Cli) -> None:
    (here / "tpl" / "html").mkdir(parents=True)
    os.mkfifo(here / "tpl" / "html" / "style.css.j2")
    config(here, sudoku_section(), top="templates: tpl\n")
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and "style.css.j2: is a FIFO" in err


# ------------------------------------------------------------------- CLI

@pytest.mark.parametrize("args, code, problem", [
    (["tour", "100000x100000"], 2, "the limit is 1,000,000"),
    (["tour", "5000x5000"], 2, "the limit is 1,000,000"),
    (["tour", "3x100000000"], 2, "the limit is 1,000,000"),
    (["tour", "4x1000000"], 2, "the limit is 1,000,000"),
    (["tour", "1x" + "9" * 5000], 2, "cannot read board"),
    (["queens", "1000000000"], 2, "not in the range"),
    (["queens", "9" * 20], 2, "not in the range"),
    (["queens", "8", "--all", "--limit", "0"], 2, "not in the range"),
    (["init", "afile"], 2, "afile: exists and is not a folder"),
    (["solve", "nothere.txt"], 2, "nothere.txt: file not found"),
    (["solve", "sub/nothere"], 2, "sub/nothere: file not found"),
    (["solve", "." * 81, "--count", "--all"], 2, "choose one of --count, --nth and --all"),
    (["build", "--nope"], 2, r"No such option '--nope' \(see puzzlepress build --help\)"),
    (["tour"], 2, "Missing argument 'BOARD'"),
])
def test_cli_arguments_are_checked_before_any_work(here: Path, guarded_cli: Cli,
                                                   args: list[str], code: int, problem: str) -> None:
    (here / "afile").write_text("x", encoding="utf-8")
    got, _, err = guarded_cli(*args)
    assert got == code and re.search(problem, err), err
    assert not err.startswith("Usage:")


@pytest.mark.parametrize("args, expected", [
    (["queens", "16", "--count", "--node-limit", "20000"], "undetermined for n = 16: search bound of 20,000"),
    (["queens", "20", "--all", "--node-limit", "20000"], "undetermined for n = 20"),
    (["queens", "16", "--unique-up-to-symmetry", "--node-limit", "20000"], "undetermined for n = 16"),
    (["solve", "." * 81, "--nth", "1000000000000", "--node-limit", "2000"],
     "undetermined: search bound of 2,000 nodes reached before solution 1000000000000"),
    (["solve", "." * 81, "--all", "--limit", "1000000000", "--node-limit", "300"],
     "search bound of 300 nodes reached)"),
])
def test_enumerations_stop_at_the_bound_and_say_so(here: Path, guarded_cli: Cli,
                                                   args: list[str], expected: str) -> None:
    code, out, _ = guarded_cli(*args)
    assert expected in out and code in (0, 1)


def test_queens_counts_within_the_default_bound(guarded_cli: Cli) -> None:
    code, out, _ = guarded_cli("queens", "10", "--count")
    assert code == 0 and out.startswith("724 solutions for n = 10")   # OEIS A000170


@pytest.mark.parametrize("cells", [256, 625])
def test_long_inline_puzzles_are_not_file_names(here: Path, guarded_cli: Cli, cells: int) -> None:
    code, out, _ = guarded_cli("solve", "." * cells)
    assert code == 1 and out.startswith("<argument>:1") and "multiple" in out


def test_a_malformed_line_is_located_once(here: Path, guarded_cli: Cli) -> None:
    (here / "bad.txt").write_text("x\n", encoding="utf-8")
    code, out, _ = guarded_cli("solve", "bad.txt")
    assert code == 1 and out.splitlines() == ["bad.txt:1: malformed: unexpected character 'x' (column 1)"]


def test_check_on_an_empty_file_is_an_input_error_as_in_build(here: Path,
                                                               guarded_cli: Cli) -> None:
    (here / "empty.txt").write_text("", encoding="utf-8")
    code, _, err = guarded_cli("check", "empty.txt")
    assert code == 2 and "empty.txt:1: no puzzles found in the file" in err
    config(here, sudoku_section("empty.txt"))
    assert guarded_cli("build", "config.yaml")[0] == 2


@pytest.mark.slow
def test_jobs_are_capped(here: Path, guarded_cli: Cli) -> None:
    assert worker_count(100_000, 20_000) == 4 * default_jobs()
    assert worker_count(2000, 100) == min(100, 4 * default_jobs())
    assert worker_count(None, 3) == min(3, default_jobs())
    config(here, sudoku_section())
    assert guarded_cli("build", "config.yaml", "--jobs", "100000", "-q")[0] == 0


# ------------------------------------------------------------------- puzzle kinds

def tour_section(name: str, kind: str = "knights_tour") -> str:
    return f"- title: T\n  kind: {kind}\n  puzzles: {name}\n"


def test_tour_grid_with_a_superscript_digit(here: Path, guarded_cli: Cli) -> None:
    (here / "t.txt").write_text("1 . .\n. . ²\n. . .\n", encoding="utf-8")
    config(here, tour_section("t.txt"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 1 and "t.txt:2: malformed: column 5: unexpected '²'" in err, err


@pytest.mark.parametrize("name, text, problem", [
    ("t.txt", "open any\n" + " 1" + " ." * 99 + "\n" + (" ." * 100 + "\n") * 99, "larger than the 60x60 limit"),
    ("q.txt", ("Q" + "." * 99 + "\n") + ("." * 100 + "\n") * 99, "larger than the 60x60 limit"),
])
def test_boards_beyond_the_limit_are_malformed(here: Path, guarded_cli: Cli, name: str,
                                               text: str, problem: str) -> None:
    (here / name).write_text(text, encoding="utf-8")
    config(here, tour_section(name, "knights_tour" if name == "t.txt" else "queens"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 1 and problem in err, err


def test_a_board_too_big_for_the_page_is_a_layout_error(here: Path, guarded_cli: Cli) -> None:
    (here / "t.txt").write_text("open any\n" + " 1" + " ." * 59 + "\n" + (" ." * 60 + "\n") * 59, encoding="utf-8")
    config(here, tour_section("t.txt"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and "1x1 grids of 60x60 do not fit on A4" in err, err


def test_a_35x35_sudoku_reaches_its_bound_in_time(here: Path, guarded_cli: Cli) -> None:
    (here / "big.txt").write_text("1" + "." * (35 * 35 - 1) + "\n", encoding="utf-8")
    code, out, _ = guarded_cli("check", "big.txt")
    assert code == 1 and "big.txt:1: " in out


# ------------------------------------------------------------------- line numbers

@pytest.mark.parametrize("separator", ["\x0c", "\x0b", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_lines_split_on_newline_only(here: Path, guarded_cli: Cli, separator: str) -> None:
    broken = f"{EASY_9X9[:40]}{separator}{EASY_9X9[40:]}"
    (here / "set.txt").write_text(f"{HARD_9X9}\n{broken}\n{HARD_9X9}\n", encoding="utf-8")
    code, out, _ = guarded_cli("check", "set.txt")
    assert code == 1   # the broken line is one malformed puzzle, its neighbours keep their lines
    assert [line.split()[0] for line in out.splitlines()[:3]] == ["set.txt:1:", "set.txt:2:", "set.txt:3:"]
    (here / "t.txt").write_text(f"# a{separator}b\n1 . .\n. . .\n. . .\n\nx\n", encoding="utf-8")
    config(here, tour_section("t.txt"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 1 and "t.txt:6: malformed" in err, err


def test_yaml_lines_count_newlines_only(here: Path, guarded_cli: Cli) -> None:
    (here / "config.yaml").write_text("books:\n  - title: \"a\u2028b\x85c\"\n"
                                      "    sections: [{title: S, puzzles: set.txt}]\n"
                                      "    colour: red\n",
                                      encoding="utf-8")
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and "config.yaml:4: books[0].colour: unknown key" in err, err


def test_control_characters_in_a_puzzle_title(here: Path, guarded_cli: Cli) -> None:
    (here / "t.txt").write_text("# Tour \x1b[31m\n 1 . . . .\n . . . . .\n . . . . .\n . . . . .\n . . . . .\n",
                                encoding="utf-8")
    config(here, tour_section("t.txt"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 1 and "t.txt:2: malformed: title: control character U+001B in text" in err, err


def test_a_missing_puzzle_file_names_the_config_line(here: Path, guarded_cli: Cli) -> None:
    config(here, sudoku_section("[set.txt, nothere.txt]"))
    code, _, err = guarded_cli("build", "config.yaml")
    assert code == 2 and "config.yaml:5: books[0].sections[0].puzzles: nothere.txt: file not found" in err


# ------------------------------------------------------------------- outputs and interrupts

@pytest.mark.slow
def test_a_failed_rename_replaces_no_output(here: Path, guarded_cli: Cli,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """One output that cannot be replaced half-way through the renames: the ones already
    replaced are put back, and the error names the output, not a temporary file."""
    config(here, sudoku_section())
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    before = outputs(here)
    assert len(before) == 8
    config(here, sudoku_section().replace("title: S", "title: Changed"))
    real = os.replace
    done: list[str] = []

    def failing(src: str, dst: str) -> None:
        if str(dst).endswith("-puzzles.rtf"):
            raise PermissionError(1, "Operation not permitted")
        real(src, dst)
        done.append(str(dst))

    monkeypatch.setattr(os, "replace", failing)
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 2 and re.search(r"out/hostile-puzzles\.rtf: cannot write: Operation not permitted", err), err
    assert done and outputs(here) == before


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["symlink", "fifo", "folder"])
@pytest.mark.parametrize("where", ["report", "output"])
def test_only_regular_files_are_replaced(here: Path, guarded_cli: Cli, kind: str,
                                         where: str) -> None:
    config(here, sudoku_section())
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    before = outputs(here)
    target = here / ("report.json" if where == "report" else "out/hostile-answers.html")
    if target.exists():
        target.unlink()
        del before[target.name]
    if kind == "symlink":
        (here / "elsewhere").write_text("keep", encoding="utf-8")
        target.symlink_to(here / "elsewhere")
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.mkdir()
    code, _, err = guarded_cli("build", "config.yaml", "-q", "--report", "report.json")
    assert code == 2 and f"{target.name}: cannot write: it is a" in err, err
    assert {k: v for k, v in outputs(here).items() if k != target.name} == before
    if kind == "symlink":
        assert target.is_symlink() and (here / "elsewhere").read_text(encoding="utf-8") == "keep"


def test_a_device_report_is_refused(here: Path, guarded_cli: Cli) -> None:
    config(here, sudoku_section())
    code, _, err = guarded_cli("build", "config.yaml", "-q", "--report", "/dev/full")
    assert code == 2 and "/dev/full: cannot write: it is a device" in err
    assert os.path.exists("/dev/full") and not Path("/dev/full").is_file()


def test_stale_temporary_files_are_removed(here: Path, guarded_cli: Cli) -> None:
    (here / "out").mkdir()
    stale = [here / "out" / ".hostile-puzzles.pdf.a1b2c3d4.pp-tmp", here / "out" / ".x-answers.rtf.zzzzzzzz.pp-bak"]
    for path in stale:
        path.write_text("left by a killed build", encoding="utf-8")
    (here / "out" / ".keep-me.tmp").write_text("not ours", encoding="utf-8")
    config(here, sudoku_section())
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    assert not any(path.exists() for path in stale) and (here / "out" / ".keep-me.tmp").exists()


@pytest.mark.slow
def test_a_swallowed_ctrl_c_still_stops_the_build(here: Path, guarded_cli: Cli,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A library that catches KeyboardInterrupt (a broad except) must not let the build
    go on to replace the outputs: exit 130, the old outputs kept."""
    config(here, sudoku_section())
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    before = outputs(here)
    config(here, sudoku_section().replace("title: S", "title: Changed"))
    from publisher import render
    renderer = render.get("html")
    original = renderer.render

    def swallowing(self: object, booklet: object) -> bytes:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(1000))      # the handler runs here, between two bytecodes
        except KeyboardInterrupt:
            pass
        return original(self, booklet)

    monkeypatch.setattr(renderer, "render", swallowing)
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 130 and "interrupted" in err
    assert outputs(here) == before


def test_an_internal_error_is_exit_3_and_debug_shows_it(here: Path, capsys: pytest.CaptureFixture[str],
                                                         guarded_cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    config(here, sudoku_section())
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    before = outputs(here)
    from publisher import layout

    def bug(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug\nover two lines")

    monkeypatch.setattr("publisher.build.layout_book", bug)
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 3 and err.splitlines() == [
        "puzzlepress: internal error: ZeroDivisionError: a bug over two lines; please report it with --debug"]
    assert outputs(here) == before
    with deadline():
        code = main(["build", "config.yaml", "-q", "--debug"])
    err = capsys.readouterr().err
    assert code == 3 and "Traceback" in err and "ZeroDivisionError" in err
    assert layout is not None


def test_font_tools_noise_is_silenced(here: Path, guarded_cli: Cli) -> None:
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    assert font.exists(), "DejaVu fonts are missing: install fonts-dejavu-core (.ci/run installs it)"
    config(here, sudoku_section(), book=f"fonts: {{regular: {font}}}\n")
    code, _, err = guarded_cli("build", "config.yaml", "-q", "--format", "html")
    assert code == 0 and err == ""


def test_main_reads_sys_argv(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["puzzlepress", "--version"])
    assert publisher.cli.main() == 0 and "puzzlepress" in capsys.readouterr().out


@pytest.mark.parametrize("damage", ["truncated", "fifo"])
def test_a_damaged_or_special_font_file(here: Path, guarded_cli: Cli, damage: str) -> None:
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    assert font.exists(), "DejaVu fonts are missing: install fonts-dejavu-core (.ci/run installs it)"
    if damage == "fifo":
        os.mkfifo(here / "f.ttf")
    else:
        (here / "f.ttf").write_bytes(font.read_bytes()[:3000])
    config(here, sudoku_section(), book="fonts: {regular: f.ttf}\n")
    code, _, err = guarded_cli("build", "config.yaml")
    expected = "is not a regular file" if damage == "fifo" else "font file is damaged or incomplete: f.ttf"
    assert code == 2 and "books[0].fonts: " in err and expected in err, err
