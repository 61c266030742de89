"""The build pipeline end to end through the CLI: config errors, rejected puzzles,
skip policy, safe names, encodings, determinism and atomic writes.

Oracles: the exit-code contract, the files on disk (their bytes before and
after), and the outputs read back by real parsers (JSON, JUnit XML, pdftotext)."""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from publisher.cli import main
from tests.consumers import pdf_text
from tests.samples import REPO

EASY = (REPO / "puzzles" / "9x9-easy.txt").read_text(encoding="utf-8").splitlines()[1:4]
GOOD = [line.split()[0] for line in EASY]


def _multiple(puzzle: str) -> str:
    """A good puzzle with givens removed until the solution is no longer unique."""
    from solver import sudoku
    from solver.verdict import Status
    cells = list(puzzle)
    for i, ch in enumerate(cells):
        if ch != ".":
            cells[i] = "."
            if sudoku.verify(sudoku.parse_text("".join(cells))[0]).status is Status.MULTIPLE:
                return "".join(cells)
    raise AssertionError("could not make a multi-solution puzzle")


def _contradictory(puzzle: str) -> str:
    """Put a given twice in the first row (a rule broken outright)."""
    first = next(i for i, ch in enumerate(puzzle) if ch != ".")
    blank = next(i for i in range(9) if puzzle[i] == "." and i != first)
    return puzzle[:blank] + puzzle[first] + puzzle[blank + 1:]


def _unsolvable(puzzle: str) -> str:
    """A puzzle with no solution whose givens break no rule outright: one given of a
    good puzzle changed to another value that no row, column or box forbids."""
    from solver import sudoku
    from solver.verdict import Status
    for i, ch in enumerate(puzzle):
        if ch == ".":
            continue
        for digit in "123456789":
            changed = puzzle[:i] + digit + puzzle[i + 1:]
            if digit != ch and sudoku.verify(sudoku.parse_text(changed)[0]).status is Status.UNSOLVABLE:
                return changed
    raise AssertionError("no unsolvable variant found")


def write_config(folder: Path, body: str) -> Path:
    path = folder / "config.yaml"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def minimal(folder: Path, puzzles: list[str], *, title: str = "Kiểm tra", policy: str = "fail",
            formats: str = "[pdf, html]") -> Path:
    (folder / "set.txt").write_text("\n".join(puzzles) + "\n", encoding="utf-8")
    return write_config(folder, f"""\
        books:
          - title: "{title}"
            sections:
              - title: "Bộ 1"
                kind: sudoku
                puzzles: set.txt
        output:
          formats: {formats}
        on_rejected: {policy}
        """)


def run(*args: str) -> int:
    return main(["build", *args, "--quiet"])


def outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / "out").glob("*")) if p.is_file()}


@pytest.mark.consumers
def test_minimal_config_builds_both_booklets(tmp_path: Path) -> None:
    config = minimal(tmp_path, GOOD)
    assert run(str(config)) == 0
    names = sorted(outputs(tmp_path))
    assert names == ["kiem-tra-answers.html", "kiem-tra-answers.pdf",
                     "kiem-tra-puzzles.html", "kiem-tra-puzzles.pdf"]
    text = pdf_text(tmp_path / "out" / "kiem-tra-puzzles.pdf")
    assert "Kiểm tra" in text


def test_yaml_syntax_error_names_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, "books:\n  - title: [unclosed\n    sections: []\n")
    assert run(str(config)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0]
    assert f"{config.name}:3:" in err[0] or f"{config}:3:" in err[0]


def test_unknown_key_suggests_the_right_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, """\
        books:
          - title: Book
            sections:
              - title: S
                puzzels: set.txt
        """)
    assert run(str(config)) == 2
    err = capsys.readouterr().err
    assert ":5: books[0].sections[0].puzzels: unknown key 'puzzels' (did you mean 'puzzles'?)" in err


def test_bad_value_names_key_path_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "set.txt").write_text(GOOD[0] + "\n", encoding="utf-8")
    config = write_config(tmp_path, """\
        books:
          - title: Book
            sections:
              - title: S
                puzzles: set.txt
              - title: T
                puzzles: set.txt
                puzzles_per_page: 7
        """)
    assert run(str(config)) == 2
    err = capsys.readouterr().err
    assert ":8: books[0].sections[1].puzzles_per_page: expected WxH like 2x3, got '7'" in err


def test_missing_puzzle_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, """\
        books:
          - title: Book
            sections:
              - title: S
                puzzles: nowhere.txt
        """)
    assert run(str(config)) == 2
    assert "nowhere.txt: file not found" in capsys.readouterr().err


def test_empty_set_is_an_input_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = minimal(tmp_path, ["# only a comment"])
    assert run(str(config)) == 2
    assert "set.txt:1: no puzzles found" in capsys.readouterr().err


def test_non_utf8_input_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = minimal(tmp_path, GOOD)
    (tmp_path / "set.txt").write_bytes(GOOD[0].encode() + b"  # caf\xe9\n")
    assert run(str(config)) == 2
    err = capsys.readouterr().err
    assert "set.txt:1: not UTF-8" in err and "Traceback" not in err


def _mixed(tmp_path: Path, policy: str) -> tuple[Path, list[str]]:
    bad = [_contradictory(GOOD[1]), _unsolvable(GOOD[0]), _multiple(GOOD[2])]
    lines = [GOOD[0], bad[0], GOOD[1][:80], bad[1], GOOD[1], bad[2], GOOD[2]]
    return minimal(tmp_path, lines, policy=policy), lines


def test_fail_policy_names_every_bad_puzzle_and_keeps_old_outputs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = minimal(tmp_path, GOOD)
    assert run(str(config)) == 0
    before = outputs(tmp_path)
    _mixed(tmp_path, "fail")
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    assert run(str(config), "--report", str(report), "--junit", str(junit)) == 1
    assert outputs(tmp_path) == before
    err = capsys.readouterr().err
    for line, status in ((2, "contradictory"), (3, "malformed"), (4, "unsolvable"), (6, "multiple")):
        assert f"set.txt:{line}: {status}" in err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["status"] == "rejected" and data["exit_code"] == 1
    statuses = [(p["line"], p["status"]) for p in data["puzzles"]]
    assert [s for _, s in statuses].count("unique") == 3
    assert dict(statuses)[2] == "contradictory" and dict(statuses)[6] == "multiple"
    assert dict(statuses)[3] == "malformed" and dict(statuses)[4] == "unsolvable"
    assert data["outputs"] == []
    suites = ET.parse(junit).getroot()
    assert suites.get("tests") == "7" and suites.get("failures") == "4"
    failed = [case.get("line") for case in suites.iter("testcase") if case.find("failure") is not None]
    assert failed == ["2", "3", "4", "6"]


@pytest.mark.consumers
def test_skip_policy_builds_without_the_bad_ones(tmp_path: Path) -> None:
    config, _lines = _mixed(tmp_path, "skip")
    report = tmp_path / "report.json"
    assert run(str(config), "--report", str(report)) == 0
    data = json.loads(report.read_text(encoding="utf-8"))
    rejected = [p for p in data["puzzles"] if p["status"] != "unique"]
    assert [p["line"] for p in rejected] == [2, 3, 4, 6]
    assert [p["number"] for p in data["puzzles"] if p["status"] == "unique"] == [1, 2, 3]
    assert {o["format"] for o in data["outputs"]} == {"pdf", "html"}
    for o in data["outputs"]:
        import hashlib
        assert hashlib.sha256(Path(o["path"]).read_bytes()).hexdigest() == o["sha256"]
    assert "Kiểm tra" in pdf_text(tmp_path / "out" / "kiem-tra-puzzles.pdf")
    assert run(str(config), "--strict") == 1


def test_github_annotations(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    config, _ = _mixed(tmp_path, "fail")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert run(str(config)) == 1
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("::error ")]
    assert len(lines) == 4
    assert lines[0].startswith("::error file=") and ",line=2," in lines[0]


@pytest.mark.slow
@pytest.mark.parametrize("title, stem", [("../../x", "x"), ("<script>alert(1)</script>", "script-alert-1-script")])
def test_hostile_titles_stay_inside_the_output_folder(tmp_path: Path, title: str, stem: str) -> None:
    config = minimal(tmp_path, GOOD, title=title.replace('"', '\\"'))
    assert run(str(config)) == 0
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert f"out/{stem}-puzzles.html" in files
    assert not (tmp_path.parent / "x-puzzles.html").exists()
    html = (tmp_path / "out" / f"{stem}-puzzles.html").read_text(encoding="utf-8")
    assert "<script>" not in html


@pytest.mark.slow
def test_two_builds_give_identical_bytes(tmp_path: Path) -> None:
    config = minimal(tmp_path, GOOD, formats="[pdf, docx, rtf, html]")
    assert run(str(config)) == 0
    first = outputs(tmp_path)
    assert len(first) == 8
    assert run(str(config), "--jobs", "2") == 0
    assert outputs(tmp_path) == first


@pytest.mark.parametrize("failure", [KeyboardInterrupt, RuntimeError])
def test_interrupted_build_leaves_old_outputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              failure: type[BaseException]) -> None:
    config = minimal(tmp_path, GOOD, formats="[pdf, docx, rtf, html]")
    assert run(str(config)) == 0
    before = outputs(tmp_path)
    minimal(tmp_path, GOOD[:2], formats="[pdf, docx, rtf, html]")   # a changed set, then a crash
    from publisher import render
    renderer = render.get("rtf")

    def crash(self, booklet):  # a renderer failing half-way through the formats
        raise failure("simulated crash")

    monkeypatch.setattr(renderer, "render", crash)
    # Ctrl-C: reported as interrupted; a bug: one line, exit 3; nothing written either way
    assert run(str(config)) == (130 if failure is KeyboardInterrupt else 3)
    assert outputs(tmp_path) == before
    assert not [p for p in (tmp_path / "out").iterdir() if p.name.startswith(".")]


def test_out_and_format_override_the_config(tmp_path: Path) -> None:
    config = minimal(tmp_path, GOOD)
    other = tmp_path / "elsewhere"
    assert run(str(config), "--out", str(other), "--format", "docx") == 0
    assert sorted(p.name for p in other.iterdir()) == ["kiem-tra-answers.docx", "kiem-tra-puzzles.docx"]


@pytest.mark.slow
def test_init_then_build(tmp_path: Path) -> None:
    assert main(["init", str(tmp_path / "new")]) == 0
    assert run(str(tmp_path / "new" / "config.yaml")) == 0
    assert (tmp_path / "new" / "out" / "my-first-sudoku-book-puzzles.pdf").exists()
    assert main(["init", str(tmp_path / "new")]) == 2


def test_version() -> None:
    from publisher import __version__
    assert main(["--version"]) == 0
    assert __version__.count(".") == 2


def _with_templates(tmp_path: Path, template: str) -> Path:
    config = minimal(tmp_path, GOOD, formats="[html]")
    (tmp_path / "mytemplates" / "html").mkdir(parents=True)
    (tmp_path / "mytemplates" / "html" / "booklet.html.j2").write_text(template, encoding="utf-8")
    config.write_text(config.read_text(encoding="utf-8") + "templates: mytemplates\n", encoding="utf-8")
    return config


def test_user_template_folder_is_searched_first(tmp_path: Path) -> None:
    config = _with_templates(tmp_path, "<p>{{ booklet.title }}: {{ pages|length }} pages</p>\n")
    assert run(str(config)) == 0
    html = (tmp_path / "out" / "kiem-tra-puzzles.html").read_text(encoding="utf-8")
    assert html.startswith("<p>Kiểm tra: ") and html.strip().endswith("pages</p>")


def test_broken_user_template_is_one_line_naming_the_file(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    config = _with_templates(tmp_path, "<p>\n{% for page in pages %}\n</p>\n")
    assert run(str(config)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "booklet.html.j2:" in err[0] and "template error" in err[0]
    assert not (tmp_path / "out").exists()


def test_ci_logs_get_plain_progress_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = minimal(tmp_path, GOOD)
    assert main(["build", str(config)]) == 0
    out = capsys.readouterr().out
    assert "\r" not in out and "\x1b[" not in out            # no animation in a log file
    assert "verify: 3 puzzles ..." in out and "render: 4 files ..." in out
    assert "Tuyển tập" not in out and "Kiểm tra / Bộ 1: 3 accepted" in out


@pytest.mark.slow
def test_terminal_gets_a_progress_bar(tmp_path: Path) -> None:
    """On a terminal (a pseudo-terminal here) the bar is drawn in place; it is transient."""
    screen = _on_a_terminal(minimal(tmp_path, GOOD), REPO)
    assert "Built" in screen
    drawn = re.findall(r"\r\x1b\[2K(verify\s[^\r\n]*)", screen)      # every redraw of the verify bar
    assert drawn and re.fullmatch(r"verify\s.*\[#+\] 3/3 \d+:\d\d", drawn[-1]), drawn
    assert "\r\x1b[2Kverify: done in" in screen             # erased before its stage's last line


def _on_a_terminal(config: Path, folder: Path) -> str:
    """What ``puzzlepress build CONFIG`` shows on a (pseudo-)terminal; it must succeed."""
    import os
    import pty
    import subprocess
    import sys
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-c", "import sys; from publisher.cli import main; "
                              f"sys.exit(main(['build', {str(config)!r}]))"],
                             stdout=follower, stderr=subprocess.DEVNULL, cwd=folder)
    os.close(follower)
    chunks = []
    while True:                       # read as it runs: a full pty buffer would block the child
        try:
            chunk = os.read(leader, 65536)
        except OSError:               # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert child.wait(timeout=120) == 0
    return b"".join(chunks).decode("utf-8", "replace")


def test_default_grids_per_page_shrink_to_fit_but_configured_ones_fail_loudly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = """\
        books:
          - title: Tours
            page: {size: A5}
            {layout}
            sections:
              - title: Big boards
                kind: knights_tour
                boards:
                  - {size: 14x14, start: a1, closed: true}
                  - {size: 14x14, start: c3}
        output: {formats: [pdf]}
        """
    config = write_config(tmp_path, body.replace("{layout}", ""))
    report = tmp_path / "report.json"
    assert run(str(config), "--report", str(report)) == 0
    pages = {o["role"]: o["pages"] for o in json.loads(report.read_text())["outputs"]}
    assert pages["answers"] >= 2                       # 3-digit numbers: one 14x14 answer per A5 page
    config = write_config(tmp_path, body.replace("{layout}", "layout: {answers_per_page: 2x3}"))
    assert run(str(config)) == 2
    assert ":4: books[0].layout.answers_per_page: 2x3 grids of 14x14 do not fit on A5" in capsys.readouterr().err


def test_unwritable_output_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = minimal(tmp_path, GOOD)
    (tmp_path / "out").write_text("a file where the output folder should be", encoding="utf-8")
    assert run(str(config)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot write" in err[0] and "Traceback" not in err[0]
    assert run(str(tmp_path / "config.yaml"), "--out", str(tmp_path / "ok"),
               "--report", str(tmp_path / "out" / "r.json")) == 2
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.consumers
def test_sections_can_open_on_right_hand_pages_in_every_format(tmp_path: Path) -> None:
    """layout.section_start: right puts a blank left-hand page (no running head, no folio)
    before a section that would open on the left; Word, LibreOffice and Chromium keep it."""
    from tests.consumers import chromium_to_pdf, libreoffice_to_pdf, pdf_page_count
    (tmp_path / "set.txt").write_text("\n".join(GOOD) + "\n", encoding="utf-8")
    config = write_config(tmp_path, """\
        books:
          - title: Recto
            layout: {section_start: right, puzzles_per_page: 1x1}
            sections:
              - {title: One, puzzles: set.txt}
              - {title: Two, puzzles: set.txt, limit: 2}
        output: {formats: [pdf, docx, rtf, html]}
        """)
    report = tmp_path / "report.json"
    assert run(str(config), "--report", str(report)) == 0
    pages = {o["format"]: o["pages"] for o in json.loads(report.read_text())["outputs"] if o["role"] == "puzzles"}
    # title (1), blank (2), One on 3-5, blank (6), Two on 7-8
    assert set(pages.values()) == {8}
    out = tmp_path / "out"
    pdf = out / "recto-puzzles.pdf"
    assert pdf_page_count(pdf) == 8
    blank = [page for page in range(1, 9) if not pdf_text(pdf, first=page, last=page).strip()]
    assert blank == [2, 6]
    assert "One" in pdf_text(pdf, first=3, last=3) and "Two" in pdf_text(pdf, first=7, last=7)
    converted = [libreoffice_to_pdf([out / f"recto-puzzles.{ext}"], tmp_path / ext)[0] for ext in ("docx", "rtf")]
    for result in converted:
        assert pdf_page_count(result) == 8, result
        assert not pdf_text(result, first=2, last=2).strip() and "Two" in pdf_text(result, first=7, last=7)
    printed = chromium_to_pdf(out / "recto-puzzles.html", tmp_path / "html.pdf")
    assert pdf_page_count(printed) == 8 and not pdf_text(printed, first=6, last=6).strip()


def test_yaml_puzzle_file_syntax_error_names_line_and_column(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "set.yaml").write_text(f"- givens: \"{GOOD[0]}\"\n- givens: [unclosed\n", encoding="utf-8")
    config = write_config(tmp_path, """\
        books:
          - title: Book
            sections:
              - {title: S, puzzles: set.yaml}
        """)
    assert run(str(config)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "set.yaml:3:1: YAML syntax error" in err[0], err


GENERATED = """\
books:
  - title: Made here
    sections:
      - {title: "Easy [one]", generate: {count: 3, level: easy}}
      - {title: Cages, kind: killer, generate: {count: 1, level: easy, size: 6}}
output: {formats: [pdf]}
"""


def test_generation_shows_progress_from_its_first_second(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 51: 13-17 s of generation passed with nothing on screen. Each generated section
    now says what it makes (its count, title, level and size) before it starts."""
    config = tmp_path / "made.yaml"
    config.write_text(GENERATED, encoding="utf-8")
    assert main(["build", str(config), "--out", str(tmp_path / "out")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == ["generate: 3 puzzles of 'Easy [one]' (easy, 9x9) ...", lines[1],
                         "generate: 1 puzzle of 'Cages' (easy, 6x6) ...", lines[3]]
    assert all(line.startswith("generate: done in ") for line in (lines[1], lines[3]))
    assert lines[4] == "verify: 4 puzzles ..."


@pytest.mark.slow
def test_a_terminal_sees_generation_as_a_bar(tmp_path: Path) -> None:
    config = tmp_path / "made.yaml"
    config.write_text(GENERATED, encoding="utf-8")
    screen = _on_a_terminal(config, tmp_path)
    assert "\x1b[" in screen and "generate" in screen and "'Easy [one]' (easy, 9x9)" in screen
    assert "Built" in screen
