"""Output guarantees (issue #15, README "Output guarantees"): nothing lost, nothing leaked.

One test per defect class, parametrised over the class: every output option against
every input role and every way of naming the same file; every signal at every step of
the swap; a full disk; two commands writing into one folder; file modes and groups.
The oracles are the files on disk (bytes, inodes, modes, what is left in the folder)
and the exit codes of the CLI contract.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from publisher import interrupt, write
from tests.aliases import another_name
from tests.runner import Cli
from tests.samples import HARD_9X9, REPO

CONFIG = """\
books:
  - title: Kept
    {fonts}
    sections:
      - title: "{title}"
        puzzles: set.txt
{top}output: {{formats: [rtf]}}
"""


def config(folder: Path, *, title: str = "S", fonts: str = "", top: str = "") -> Path:
    path = folder / "config.yaml"
    path.write_text(CONFIG.format(title=title, fonts=fonts, top=top), encoding="utf-8")
    return path


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text(f"{HARD_9X9}\n", encoding="utf-8")
    config(tmp_path)
    return tmp_path


def state(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (temp files, lock files, reports included) and its digest."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


BOOKS = ("out/kept-puzzles.rtf", "out/kept-answers.rtf")


# ------------------------------------------------------------------ collisions

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

#: input role -> (how the config is set up, the file that plays the role)
INPUTS: dict[str, tuple[dict[str, str], str]] = {
    "the config": ({}, "config.yaml"),
    "a puzzle file": ({}, "set.txt"),
    "a template": ({"top": "templates: tpl\n"}, "tpl/rtf/extra.txt"),
    "a font": ({"fonts": "fonts: {regular: f.ttf}"}, "f.ttf"),
}
OPTIONS = ["--report", "--junit", "--out"]


def _name_for(here: Path, target: str, alias: str) -> str:
    """Another name of ``target``: itself, a symlink to it, a hard link, a path through '..'."""
    return another_name(here, target, alias, alias)


CASES = [(option, alias) for option in OPTIONS for alias in ("same", "symlink", "hardlink", "dotdot")
         if (option, alias) != ("--out", "same")]   # a book named like an input: the test after this one


@pytest.mark.parametrize("role", sorted(INPUTS))
@pytest.mark.parametrize("option, alias", CASES)
def test_an_output_that_is_an_input_is_refused(here: Path, guarded_cli: Cli,
                                               option: str, role: str, alias: str) -> None:
    """Every output option against every input role, the input named directly, through a
    symlink, a hard link or '..': exit 2, one line naming both roles, nothing written."""
    setup, target = INPUTS[role]
    (here / "sub").mkdir()
    (here / "tpl" / "rtf").mkdir(parents=True)
    (here / "tpl" / "rtf" / "extra.txt").write_text("a template file\n", encoding="utf-8")
    (here / "f.ttf").write_bytes(FONT.read_bytes())
    config(here, **setup)
    if option == "--out":   # the book output out/kept-puzzles.rtf is another name of the input
        (here / "out").mkdir()
        book = here / "out" / "kept-puzzles.rtf"
        if alias == "symlink":
            book.symlink_to(here / target)
        else:
            os.link(here / target, book)
        args = ["--out", "sub/../out" if alias == "dotdot" else "out"]
    else:
        args = [option, _name_for(here, target, alias)]
    before = state(here)
    code, _, err = guarded_cli("build", "config.yaml", "-q", *args)
    assert code == 2, err
    assert re.search(r"would be the same file as " + re.escape(role), err), err
    assert state(here) == before                      # nothing written, not even a temp file


def test_a_book_output_named_like_a_puzzle_file_is_refused(here: Path, guarded_cli: Cli) -> None:
    (here / "out").mkdir()
    os.replace(here / "set.txt", here / "out" / "kept-answers.rtf")
    (here / "config.yaml").write_text((here / "config.yaml").read_text(encoding="utf-8")
                                      .replace("set.txt", "out/kept-answers.rtf"), encoding="utf-8")
    before = state(here)
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 2 and "the RTF answers booklet would be the same file as a puzzle file" in err, err
    assert state(here) == before


def test_the_config_is_never_a_book_output(here: Path, guarded_cli: Cli) -> None:
    """The book output named like the config (a config saved as out/kept-puzzles.rtf)."""
    (here / "out").mkdir()
    os.replace(here / "config.yaml", here / "out" / "kept-puzzles.rtf")
    (here / "out" / "kept-puzzles.rtf").write_text(CONFIG.format(title="S", fonts="", top="")
                                                   .replace("set.txt", "../set.txt")
                                                   .replace("formats: [rtf]", "formats: [rtf], folder: ."),
                                                   encoding="utf-8")
    before = state(here)
    code, _, err = guarded_cli("build", "out/kept-puzzles.rtf", "-q")
    assert code == 2 and "the RTF puzzles booklet would be the same file as the config" in err, err
    assert state(here) == before


@pytest.mark.parametrize("first, second", [("--report", "--junit"), ("--report", "--out"), ("--junit", "--out")])
@pytest.mark.parametrize("alias", ["same", "symlink", "dotdot"])
def test_two_outputs_that_are_one_file_are_refused(here: Path, guarded_cli: Cli,
                                                   first: str, second: str, alias: str) -> None:
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    (here / "sub").mkdir()
    before = state(here)
    book = "out/kept-puzzles.rtf"
    if second == "--out":
        args = [first, book if alias == "same" else ("sub/../" + book if alias == "dotdot" else "l.rtf"),
                "--out", "out"]
        if alias == "symlink":
            (here / "l.rtf").symlink_to(here / book)
    else:
        args = [first, "r.json", second, _name_for(here, "r.json", alias) if alias != "symlink" else "l.json"]
        if alias == "symlink":
            (here / "l.json").symlink_to(here / "r.json")
    before = state(here)
    code, _, err = guarded_cli("build", "config.yaml", "-q", *args)
    assert code == 2 and "would be the same file as the" in err, err
    assert state(here) == before


def test_the_check_is_one_function_of_inputs_and_outputs(here: Path) -> None:
    with pytest.raises(write.CollisionError, match="would be the same file as the config"):
        write.check_collisions([("the config", here / "config.yaml")], [("the -o file", here / "config.yaml")])


# ------------------------------------------------------------------ reports in the set

@pytest.mark.parametrize("option", ["--report", "--junit"])
@pytest.mark.parametrize("place", ["folder", "under a file", "device", "symlink"])
def test_a_report_that_cannot_be_written_keeps_the_books(here: Path, guarded_cli: Cli,
                                                         option: str, place: str) -> None:
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    config(here, title="Changed")
    (here / "a-file").write_text("x", encoding="utf-8")
    (here / "a-folder").mkdir()
    (here / "link.json").symlink_to(here / "elsewhere.json")
    path = {"folder": "a-folder", "under a file": "a-file/r.json", "device": "/dev/full",
            "symlink": "link.json"}[place]
    before = state(here)
    code, _, err = guarded_cli("build", "config.yaml", "-q", option, path)
    assert code == 2 and "cannot write" in err, err
    assert state(here) == before and not (here / "elsewhere.json").exists()


def test_the_report_lists_the_books_it_was_written_with(here: Path, guarded_cli: Cli) -> None:
    assert guarded_cli("build", "config.yaml", "-q", "--report", "r.json", "--junit", "j.xml")[0] == 0
    report = json.loads((here / "r.json").read_text(encoding="utf-8"))
    assert {o["path"]: o["sha256"] for o in report["outputs"]} == {
        book: hashlib.sha256((here / book).read_bytes()).hexdigest() for book in BOOKS}
    assert report["timings"]["write"] >= 0 and (here / "j.xml").read_text(encoding="utf-8").startswith("<?xml")


def test_a_failed_book_still_leaves_the_report_saying_why(here: Path, guarded_cli: Cli) -> None:
    (here / "out" / "kept-answers.rtf").mkdir(parents=True)
    code, _, err = guarded_cli("build", "config.yaml", "-q", "--report", "r.json")
    assert code == 2 and "out/kept-answers.rtf: cannot write: it is a folder" in err
    report = json.loads((here / "r.json").read_text(encoding="utf-8"))
    assert report["status"] == "error" and report["exit_code"] == 2 and report["outputs"] == []
    assert not (here / "out" / "kept-puzzles.rtf").exists()


# ------------------------------------------------------------------ signals during the swap

def _files(folder: Path, n: int) -> dict[Path, bytes]:
    return {folder / f"f{i}.txt": f"new {i}\n".encode() for i in range(n)}


def _steps(n: int) -> list[str]:
    return [*(f"stage {i}" for i in range(n)), "staged", *(f"rename {i}" for i in range(n)), "committed",
            "clean up", "unlock"]


SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


@pytest.mark.parametrize("step", _steps(3))
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_a_signal_at_every_step_of_the_swap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            sig: signal.Signals, step: str) -> None:
    """Before the renames: every old file kept, exit 128 + the signal. From the first rename
    on: the signal waits, every new file is in place, exit 0. Never a mix, never a temp."""
    files = _files(tmp_path, 3)
    for path in files:
        path.write_text("old\n", encoding="utf-8")

    def hook(name: str) -> None:
        if name == step:
            os.kill(os.getpid(), sig)
            time.sleep(0.01)           # the handler runs here (or is held back by the commit)

    monkeypatch.setattr(write, "step_hook", hook)
    with interrupt.watching(), pytest.raises(interrupt.Interrupted) as stopped:
        write.write_atomically(files)
    contents = {path.read_bytes() for path in files}
    if step.startswith(("rename", "committed", "clean up", "unlock")):
        assert stopped.value.exit_code == 0 and contents == {f"new {i}\n".encode() for i in range(3)}
        assert all(path.read_bytes() == data for path, data in files.items())
    else:
        assert stopped.value.exit_code == 128 + sig and contents == {b"old\n"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f0.txt", "f1.txt", "f2.txt"]


@pytest.mark.parametrize("step, code, new", [("stage 1", 143, False), ("staged", 143, False),
                                             ("rename 1", 0, True), ("committed", 0, True)])
def test_the_exit_code_tells_which_set_is_on_disk(here: Path, guarded_cli: Cli,
                                                  monkeypatch: pytest.MonkeyPatch, step: str, code: int,
                                                  new: bool) -> None:
    assert guarded_cli("build", "config.yaml", "-q", "--report", "r.json")[0] == 0
    old = state(here)
    config(here, title="Changed")
    monkeypatch.setattr(write, "step_hook", lambda name: os.kill(os.getpid(), signal.SIGTERM)
                        if name == step else None)
    got, _, err = guarded_cli("build", "config.yaml", "-q", "--report", "r.json")
    said = "puzzlepress: interrupted after every output was written" if new else "puzzlepress: interrupted"
    assert got == code and err.splitlines() == [said], err   # README, "Exit codes": the line says which set
    after = state(here)
    changed = {name for name in after if after[name] != old.get(name)} - {"config.yaml"}
    assert changed == ({*BOOKS, "r.json"} if new else set())


# ------------------------------------------------------------------ a full disk

def small_disk(folder: Path, blocks: int, *args: str) -> subprocess.CompletedProcess[str]:
    """The CLI in a process with a file-size limit (``ulimit -f``, 512-byte blocks): past
    it the kernel refuses writes with EFBIG, as a full disk refuses them with ENOSPC."""
    code = "import sys; from publisher.entry import main; sys.exit(main())"
    return subprocess.run(["sh", "-c", f"ulimit -f {blocks}; trap '' XFSZ; exec \"$@\"", "sh",
                           sys.executable, "-c", code, *args], cwd=folder, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})


@pytest.mark.slow
def test_a_full_disk_while_staging_leaves_nothing(here: Path, guarded_cli: Cli) -> None:
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
    config(here, title="Changed")
    before = state(here)
    done = small_disk(here, 3, "build", "config.yaml", "-q", "--report", "r.json")   # booklets: ~5 KB
    assert done.returncode == 2 and "cannot write: File too large" in done.stderr, done.stderr
    after = state(here)
    assert json.loads((here / "r.json").read_text(encoding="utf-8"))["status"] == "error"   # it says why
    del after["r.json"]
    assert after == before


def test_a_full_disk_under_init_leaves_nothing(tmp_path: Path) -> None:
    done = small_disk(tmp_path, 1, "init", "new")
    assert done.returncode == 2 and "cannot write" in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_init_with_a_file_where_its_folder_goes_writes_nothing(tmp_path: Path,
                                                               guarded_cli: Cli) -> None:
    (tmp_path / "new").mkdir()
    (tmp_path / "new" / "puzzles").write_text("not a folder", encoding="utf-8")
    code, _, err = guarded_cli("init", str(tmp_path / "new"))
    assert code == 2 and "puzzles is not a folder" in err, err
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["puzzles"]


def test_a_write_error_names_the_target_and_removes_the_temp(tmp_path: Path) -> None:
    (tmp_path / "ro").mkdir()
    files = {tmp_path / "a.txt": b"a", tmp_path / "ro" / "b.txt": b"b"}
    real = os.write

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    os.write = full   # type: ignore[assignment]
    try:
        with pytest.raises(write.WriteError, match=r"a\.txt: cannot write: No space left on device"):
            write.write_atomically(files)
    finally:
        os.write = real
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["ro"]


# ------------------------------------------------------------------ two commands, one folder

def test_two_writers_into_one_folder_wait_for_each_other(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The order forced, no clock: writer a holds the folder's lock (stopped inside its write,
    its files staged) until writer b, told it waits, is about to block on that lock (the real
    ``flock``, watched); so every step of b's write comes after all of a's, b's set is the one
    left, whole, and nothing of the lock or the temps stays."""
    a_holds, b_blocks = threading.Event(), threading.Event()
    waited: list[Path] = []
    steps: list[tuple[str, str]] = []
    real_flock = fcntl.flock

    def flock(fd: int, operation: int) -> None:
        if threading.current_thread().name == "b" and not operation & fcntl.LOCK_NB:
            b_blocks.set()
        real_flock(fd, operation)

    def hold(step: str) -> None:
        steps.append((threading.current_thread().name, step))
        if step == "staged" and threading.current_thread().name == "a":
            a_holds.set()
            assert b_blocks.wait(timeout=20), "writer b never blocked on the lock"

    monkeypatch.setattr(write, "on_wait", waited.append)
    monkeypatch.setattr(write, "step_hook", hold)
    monkeypatch.setattr(fcntl, "flock", flock)
    errors: list[BaseException] = []

    def writer(tag: str) -> None:
        try:
            write.write_atomically({tmp_path / f"f{i}.txt": f"{tag} {i}".encode() for i in range(6)})
        except BaseException as error:   # noqa: BLE001  (reported by the test below)
            errors.append(error)

    a, b = (threading.Thread(target=writer, args=(tag,), name=tag) for tag in "ab")
    a.start()
    assert a_holds.wait(timeout=20)
    b.start()
    for thread in (a, b):
        thread.join(timeout=20)
        assert not thread.is_alive()
    assert not errors and waited == [tmp_path]
    names = [name for name, _ in steps]
    assert names == sorted(names) and steps[names.index("b") - 1] == ("a", "unlock"), steps
    assert {(tmp_path / f"f{i}.txt").read_text(encoding="utf-8") for i in range(6)} == {f"b {i}" for i in range(6)}
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"f{i}.txt" for i in range(6)]   # no lock, no temp


# ------------------------------------------------------------------ modes and groups

@pytest.mark.parametrize("mask", [0o077, 0o027, 0o022, 0o002])
def test_new_outputs_follow_the_umask(here: Path, guarded_cli: Cli, mask: int) -> None:
    old = os.umask(mask)
    try:
        assert guarded_cli("build", "config.yaml", "-q", "--report", "r.json")[0] == 0
        assert guarded_cli("generate", "-o", "g.txt", "--level", "easy")[0] == 0
        assert guarded_cli("init", "starter")[0] == 0
    finally:
        os.umask(old)
    for name in (*BOOKS, "r.json", "g.txt", "starter/config.yaml", "starter/puzzles/starter.txt"):
        assert stat.S_IMODE(os.stat(here / name).st_mode) == 0o666 & ~mask, name
    assert stat.S_IMODE(os.stat(here / "out").st_mode) == 0o777 & ~mask


def _other_group() -> int | None:
    """A group this process may give its files: any as root, else a supplementary group."""
    if os.geteuid() == 0:
        return 4242
    groups = [g for g in os.getgroups() if g != os.getegid()]
    return groups[0] if groups else None


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o604, 0o660])
def test_a_replaced_output_keeps_its_mode_and_group(here: Path, guarded_cli: Cli,
                                                    mode: int) -> None:
    assert guarded_cli("build", "config.yaml", "-q", "--report", "r.json")[0] == 0
    group = _other_group()
    for name in (*BOOKS, "r.json"):
        os.chmod(here / name, mode)
        if group is not None:
            os.chown(here / name, -1, group)
    config(here, title="Changed")
    old = os.umask(0o002)
    try:
        assert guarded_cli("build", "config.yaml", "-q", "--report", "r.json")[0] == 0
    finally:
        os.umask(old)
    for name in (*BOOKS, "r.json"):
        info = os.stat(here / name)
        assert stat.S_IMODE(info.st_mode) == mode, name
        assert info.st_gid == (group if group is not None else os.getegid())
    assert "Changed" in (here / BOOKS[0]).read_text(encoding="utf-8")
