"""One clean line, never a traceback, and no CI command from a puzzle (issue #15).

The console script runs as a real process with its streams closed, on a full device
(/dev/full), in a deleted working folder, under an address-space limit; and under
``GITHUB_ACTIONS=true`` with titles and file names that hold workflow-command text.
Oracles: the exit code, stderr being exactly one line, and (for CI) every line that the
runner would read as a command being one of our annotations, whose escaped values decode
back to the original text.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from publisher.cli import main
from tests.samples import EASY_9X9, HARD_9X9, REPO

BAD = "44" + "." * 79


def shell(script: str, folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``script`` in sh, with ``pp`` the console script of this checkout."""
    code = f"pp() {{ {sys.executable} -c 'import sys; from publisher.entry import main; sys.exit(main())' \"$@\"; }}\n"
    return subprocess.run(["sh", "-c", code + script], cwd=folder, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO), **env})


def one_line(done: subprocess.CompletedProcess[str], code: int, pattern: str) -> None:
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert re.search(pattern, done.stderr), done.stderr


@pytest.fixture
def here(tmp_path: Path) -> Path:
    (tmp_path / "set.txt").write_text(f"{HARD_9X9}\n{EASY_9X9}\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text("books:\n  - title: T\n    sections: [{title: S, puzzles: set.txt}]\n"
                                          "output: {formats: [rtf]}\n", encoding="utf-8")
    return tmp_path


COMMANDS = ["check set.txt", "generate --count 2 --level easy", "tour 6x6", "build config.yaml"]


@pytest.mark.parametrize("command", COMMANDS)
def test_closed_stdout_is_one_line(here: Path, command: str) -> None:
    one_line(shell(f"pp {command} >&-", here), 2, r"^puzzlepress: error: standard output is closed")


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_stdout_on_a_full_device_is_one_line(here: Path, command: str) -> None:
    one_line(shell(f"pp {command} >/dev/full", here), 2, r"cannot write to standard output: No space left on device")


@pytest.mark.parametrize("command", ["check -", "solve -"])
def test_closed_stdin_is_one_line(here: Path, command: str) -> None:
    one_line(shell(f"pp {command} <&-", here), 2, r"<stdin>: standard input is closed")


@pytest.mark.parametrize("command", ["check set.txt", "init new"])
def test_a_deleted_working_folder_is_one_line(here: Path, command: str) -> None:
    (here / "gone").mkdir()
    one_line(shell(f"cd gone && rmdir ../gone && pp {command}", here), 2, r"the working folder no longer exists")


@pytest.mark.slow
def test_a_reader_that_leaves_is_not_an_error(here: Path) -> None:
    done = shell("pp generate --count 200 --level easy | head -1", here)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1 and done.stderr == ""


@pytest.mark.slow
def test_out_of_memory_is_one_line_naming_the_stage(here: Path) -> None:
    one_line(shell("ulimit -v 120000; pp tour 1000x1000 >/dev/null", here), 2,
             r"^puzzlepress: error: out of memory while running 'puzzlepress tour'$")


def test_out_of_memory_in_a_build_names_the_build_stage(here: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The stage of a build that ran out: the renderer here (a template producing 1 GB is
    that case, without needing the gigabyte)."""
    from publisher import render

    def huge(self: object, booklet: object) -> bytes:
        raise MemoryError

    monkeypatch.chdir(here)
    monkeypatch.setattr(render.get("rtf"), "render", huge)
    assert main(["build", "config.yaml", "-q"]) == 2
    assert capsys.readouterr().err == "puzzlepress: error: out of memory while rendering the books\n"
    assert not (here / "out").exists()


# ------------------------------------------------------------------ generate -o onto what cannot be written

@pytest.mark.slow
@pytest.mark.parametrize("target, problem", [
    ("/dev/full", "it is a device"), ("/dev/null", "it is a device"), ("link.txt", "it is a symbolic link"),
    ("a-folder", "is a directory"), ("a-file/out.txt", "a-file is not a folder"),
])
def test_generate_onto_what_cannot_be_written(here: Path, target: str, problem: str) -> None:
    (here / "link.txt").symlink_to(here / "elsewhere.txt")
    (here / "a-folder").mkdir()
    (here / "a-file").write_text("x", encoding="utf-8")
    before = sorted(p.name for p in here.iterdir())
    one_line(shell(f"pp generate --count 2 --level easy -o {target}", here), 2, re.escape(problem))
    assert sorted(p.name for p in here.iterdir()) == before


@pytest.mark.slow
def test_generate_onto_a_full_disk_leaves_no_temp(here: Path) -> None:
    one_line(shell("ulimit -f 1; trap '' XFSZ; pp generate --count 40 --level easy -o g.txt", here), 2,
             r"g\.txt: cannot write: File too large")
    assert not [p for p in here.iterdir() if p.name.startswith((".g.txt", "g.txt"))]


@pytest.mark.slow
def test_generate_into_a_read_only_folder(here: Path) -> None:
    (here / "ro").mkdir()
    if os.geteuid() == 0:   # root writes anywhere: a read-only folder is then an immutable one
        done = subprocess.run(["chattr", "+i", str(here / "ro")], capture_output=True, check=False)
        assert done.returncode == 0, f"chattr +i needs a filesystem with attributes: {done.stderr!r}"
    else:
        (here / "ro").chmod(0o555)
    try:
        one_line(shell("pp generate --level easy -o ro/g.txt", here), 2, r"ro/g\.txt: cannot write: ")
        assert list((here / "ro").iterdir()) == []
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(here / "ro")], check=False)
        (here / "ro").chmod(0o755)


# ------------------------------------------------------------------ GitHub workflow commands

HOSTILE = ["%0A::add-mask::title", "::set-output name=x::y", "a,b:c%25", "line\r\n::warning::x", "::error::z"]


def _unescape(value: str) -> str:
    return value.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def _commands(text: str) -> list[str]:
    """The lines a GitHub runner reads as workflow commands (it trims each line first)."""
    return [line.strip() for line in re.split(r"\n", text) if line.strip().startswith("::")]


ANNOTATION = re.compile(r"^::(error|warning) file=([^,]*),line=(\d+),title=puzzlepress::(.*)$")


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_titles_and_file_names_start_no_workflow_command(tmp_path: Path, hostile: str,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    name = hostile.replace("\r", "").replace("\n", "_").replace("/", "_") + ".txt"
    (tmp_path / name).write_text(f"{HARD_9X9}\n{BAD}\n", encoding="utf-8")
    title = hostile.replace("\r", "").replace("\n", " ").replace('"', "'")
    (tmp_path / "config.yaml").write_text(
        f'books:\n  - title: "{title}"\n    sections: [{{title: "{title}", puzzles: "{name}"}}]\n'
        "output: {formats: [rtf]}\non_rejected: skip\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    for command in (["build", "config.yaml"], ["check", name], ["grade", name], ["solve", name]):
        assert main(command) in (0, 1)
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        found = _commands(out) + _commands(err)
        ours = [ANNOTATION.match(line) for line in found]
        assert all(ours), f"{command}: a line the runner would obey: {found}"
        for match in ours:
            assert match is not None
            assert _unescape(match.group(2)) == name and match.group(3) == "2"
            assert "\n" not in match.group(4) and "\r" not in match.group(4)
        if command[0] == "build":
            assert len(ours) == 1 and ours[0] is not None and ours[0].group(1) == "warning"
            assert title in out      # the summary still shows the title, defused where it must be


def test_annotation_values_are_escaped_as_github_requires(tmp_path: Path) -> None:
    from publisher.report import escape_annotation
    text = "50% done\r\nnext: a, b"
    assert escape_annotation(text) == "50%25 done%0D%0Anext: a, b"
    assert escape_annotation(text, prop=True) == "50%25 done%0D%0Anext%3A a%2C b"
    assert _unescape(escape_annotation(text, prop=True)) == text
