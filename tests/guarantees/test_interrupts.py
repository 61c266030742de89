"""Ctrl-C and kill at random moments of a real build: never a hang, never a mix of outputs.

The build is large enough for the verify stage to use the process pool
(``PARALLEL_THRESHOLD``), runs as a separate process in its own process group,
and gets SIGINT the way a terminal sends it (to the whole group, workers
included) or SIGKILL, at a random moment between its start and its end. After
every trial the output folder holds either the previous outputs or all the new
ones, and after the next complete build no temporary file of ours is left.
"""
from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from publisher.verify import PARALLEL_THRESHOLD
from tests.runner import console, console_env
from tests.samples import DATA

#: 300 easy puzzles (quick to verify and to grade), enough for the process pool
PUZZLES = ([line.split()[0] for line in (DATA / "graded-easy-60.txt").read_text(
    encoding="utf-8").splitlines()] * 5)[:300]
CONFIG = """\
books:
  - title: Interrupted
    sections:
      - title: "Hard ones, {version}"
        puzzles: set.txt
"""
HANG = 90   # seconds: far beyond a build of this size; reaching it is a hang


def _build(folder: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(console("build", "config.yaml", "-q", "--jobs", "2"), cwd=folder, env=console_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _state(out: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())
            if not p.name.startswith(".")}


def _finish(folder: Path, version: str) -> dict[str, str]:
    (folder / "config.yaml").write_text(CONFIG.format(version=version), encoding="utf-8")
    done = _build(folder)
    _, err = done.communicate(timeout=HANG)
    assert done.returncode == 0, err.decode()
    return _state(folder / "out")


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], dict[str, str]]:
    """A folder with the outputs of the section title 'old', and those the title 'new' gives."""
    assert len(PUZZLES) > PARALLEL_THRESHOLD
    folder = tmp_path_factory.mktemp("interrupted")
    (folder / "set.txt").write_text("\n".join(PUZZLES) + "\n", encoding="utf-8")
    new = _finish(folder, "new")
    old = _finish(folder, "old")
    assert len(old) == len(new) == 8 and all(old[name] != new[name] for name in old)
    return folder, old, new


def _trial(book: tuple[Path, dict[str, str], dict[str, str]], sig: signal.Signals, seed: int) -> None:
    folder, old, new = book
    if _state(folder / "out") != old:
        assert _finish(folder, "old") == old
    (folder / "config.yaml").write_text(CONFIG.format(version="new"), encoding="utf-8")
    rng = random.Random(seed)
    started = time.monotonic()
    build = _build(folder)
    time.sleep(rng.uniform(0.05, 6.0))
    if build.poll() is None:
        os.killpg(build.pid, sig)
    try:
        _, err = build.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        os.killpg(build.pid, signal.SIGKILL)
        pytest.fail(f"seed {seed}: the build hung after {sig.name}")
    text = err.decode("utf-8", "replace")
    # 0: done before the signal; -SIGINT: the signal came after the command had finished, when
    # the default handler is back (a shell shows 130 for it too); either way the new outputs
    finished = build.returncode in (0, -signal.SIGINT)
    if sig is signal.SIGINT:
        assert build.returncode in (0, 130, -signal.SIGINT), text
        assert "Traceback" not in text, text
    after = _state(folder / "out")
    assert after in (old, new), f"seed {seed}: a mix of old and new outputs after {sig.name}"
    if finished:
        assert after == new
    assert time.monotonic() - started < HANG
    assert _finish(folder, "old") == old          # the next build ...
    assert not [p.name for p in (folder / "out").iterdir() if p.name.startswith(".")]   # ... leaves no temp


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_ctrl_c_at_a_random_moment(book: tuple[Path, dict[str, str], dict[str, str]], seed: int) -> None:
    _trial(book, signal.SIGINT, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_kill_at_a_random_moment(book: tuple[Path, dict[str, str], dict[str, str]], seed: int) -> None:
    _trial(book, signal.SIGKILL, 100 + seed)


@pytest.mark.parametrize("delay", [0.0, 0.0005, 0.002, 0.01, 0.05, 0.1, 0.2, 0.35, 0.6])
def test_ctrl_c_while_the_command_is_still_loading(tmp_path: Path, delay: float) -> None:
    """The first half second is spent importing click, the schema and the solver: a Ctrl-C
    then is one line and exit 130 as well, never a traceback (or a command that finished
    first, exit 0). The child says when ``publisher.entry`` is imported, the console
    script's first import of ours, which installs the quiet handler. The one moment this
    cannot promise is before it: Python's own start-up (the interpreter, ``site``, the
    script's ``import re, sys``: about 15 ms), where Python's default handler may still
    print its ``KeyboardInterrupt`` traceback; nothing of ours has run then (README,
    "Signals")."""
    (tmp_path / "set.txt").write_text("\n".join(PUZZLES[:5]) + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text(CONFIG.format(version="new"), encoding="utf-8")
    code = "import os, sys; from publisher.entry import main; os.write(1, b'.'); sys.exit(main())"
    build = subprocess.Popen(console("build", "config.yaml", "-q", entry=code), cwd=tmp_path, env=console_env(),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    assert build.stdout is not None and build.stdout.read(1) == b"."
    time.sleep(delay)
    os.killpg(build.pid, signal.SIGINT)
    _, err = build.communicate(timeout=HANG)
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text, text
    assert build.returncode in (0, 130), (build.returncode, text)
    if build.returncode == 130:
        assert text.strip().splitlines()[-1] == "puzzlepress: interrupted"
        assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
