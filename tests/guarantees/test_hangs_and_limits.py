"""Hangs, limits and silent wrongs (issue #15): workers, streams, line ends, schema, exit codes.

Worker processes are found through /proc (their parent's pid), so "every worker dies
with its parent" is checked on the real process table; streaming is checked by reading
the first lines of an endless ``generate`` while it runs and watching its resident memory.
"""
from __future__ import annotations

import errno
import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from publisher import interrupt
from tests.runner import Cli, console, console_env
from tests.samples import TOP95

TOP = TOP95[:3]
BAD = "44" + "." * 79


# ------------------------------------------------------------------ line ends

TOUR = ["open any", " 1  .  .  .  .", " .  .  .  .  .", " .  .  .  .  .", " .  .  .  .  .", " .  .  .  .  ."]


@pytest.mark.slow
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_every_line_end_is_a_line_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      guarded_cli: Cli, end: str) -> None:
    """Three puzzles are three puzzles at lines 1, 2 and 4 whatever ends the lines; a bad
    one among them is located on its own line; in a book too, and in YAML."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_bytes(end.join([TOP[0], TOP[1], "", BAD, TOP[2]]).encode() + end.encode())
    code, out, _ = guarded_cli("check", "set.txt")
    assert code == 1 and [line.split()[0] for line in out.splitlines()[:4]] == [
        "set.txt:1:", "set.txt:2:", "set.txt:4:", "set.txt:5:"]
    (tmp_path / "p.yaml").write_bytes(end.join([f"- givens: '{TOP[0]}'", f"- givens: '{BAD}'"]).encode() + end.encode())
    code, out, _ = guarded_cli("check", "p.yaml")
    assert code == 1 and [line.split()[0] for line in out.splitlines()[:2]] == ["p.yaml:1:", "p.yaml:2:"]
    (tmp_path / "t.txt").write_bytes(end.join(["# A", *TOUR, "", "x"]).encode() + end.encode())
    (tmp_path / "config.yaml").write_bytes(end.join([
        "books:", "  - title: Ends", "    sections:", "      - title: S", "        puzzles: set.txt",
        "      - title: T", "        kind: knights_tour", "        puzzles: t.txt", "on_rejected: skip",
        "output: {formats: [rtf]}", "colour: red"]).encode() + end.encode())
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 2 and "config.yaml:11: colour: unknown key" in err, err
    text = (tmp_path / "config.yaml").read_bytes().replace(b"colour: red", b"")
    (tmp_path / "config.yaml").write_bytes(text)
    code, _, err = guarded_cli("build", "config.yaml", "-q", "--report", "r.json")
    assert code == 0, err
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [(p["source"], p["line"], p["status"]) for p in report["puzzles"]] == [
        ("set.txt", 1, "unique"), ("set.txt", 2, "unique"), ("set.txt", 4, "contradictory"),
        ("set.txt", 5, "unique"), ("t.txt", 3, "solved"), ("t.txt", 9, "malformed")]


# ------------------------------------------------------------------ YAML merge keys

MERGED = """\
books:
  - title: Merged
    sections:
      - &base {title: First, puzzles: set.txt, difficulty: hard}
      - <<: *base
        title: Second
        difficulty: easy
output: {formats: [rtf]}
"""


def test_a_merge_key_may_be_overridden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       guarded_cli: Cli) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text(TOP[0] + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text(MERGED, encoding="utf-8")
    code, _, err = guarded_cli("build", "config.yaml", "-q", "--report", "r.json")
    assert code == 0, err
    sections = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["sections"]
    assert [s["section"] for s in sections] == ["First", "Second"]
    (tmp_path / "config.yaml").write_text(MERGED.replace("difficulty: easy", "difficulty: easy\n        title: Again"),
                                          encoding="utf-8")
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 2 and "config.yaml:8: books[0].sections[1].title: duplicate key" in err, err


# ------------------------------------------------------------------ a strict schema

@pytest.mark.parametrize("edit, problem", [
    ("node_limit: '5000'", r"node_limit: Input should be a valid integer"),
    ("node_limit: 5000.0", r"node_limit: Input should be a valid integer"),
    ("books[0].page: {mirrored: 'yes'}", r"books\[0\]\.page\.mirrored: Input should be a valid boolean"),
    ("books[0].layout: {balance: 'false'}", r"books\[0\]\.layout\.balance: Input should be a valid boolean"),
    ("books[0].title: 123", r"books\[0\]\.title: Input should be a valid string"),
    ("books[0].contents: 1", r"books\[0\]\.contents: Input should be a valid boolean"),
])
def test_the_schema_coerces_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    guarded_cli: Cli, edit: str, problem: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text(TOP[0] + "\n", encoding="utf-8")
    key, value = edit.split(": ", 1)
    book = {"title": "Strict", "sections": "[{title: S, puzzles: set.txt}]"}
    top = {"output": "{formats: [rtf]}"}
    if key.startswith("books[0]."):
        book[key.removeprefix("books[0].")] = value
    else:
        top[key] = value
    text = "books:\n  - " + "\n    ".join(f"{k}: {v}" for k, v in book.items()) + "\n" + "".join(
        f"{k}: {v}\n" for k, v in top.items())
    (tmp_path / "config.yaml").write_text(text, encoding="utf-8")
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 2 and re.search(problem, err), err


# ------------------------------------------------------------------ solve's exit codes

@pytest.mark.parametrize("args, code, said", [
    (["nothere"], 2, "nothere: file not found"),
    (["nothere.txt"], 2, "nothere.txt: file not found"),
    ([""], 2, "no puzzle given"),
    (["   "], 2, "no puzzle given"),
    (["empty.txt"], 2, "empty.txt:1: no puzzles found in the file"),
    (["." * 81, "--count", "--node-limit", "100"], 1, "search bound reached"),
    (["." * 81, "--all", "--limit", "100000", "--node-limit", "300"], 1, "search bound of 300 nodes reached"),
    (["." * 81, "--nth", "100000", "--node-limit", "300"], 1, "undetermined"),
    (["." * 81, "--all", "--limit", "3"], 0, "stopped at --limit 3; there are more"),
    (["." * 16, "--count"], 0, "288 solutions"),
    ([TOP[0]], 0, "unique"),
])
def test_solve_exit_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guarded_cli: Cli,
                          args: list[str], code: int, said: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    got, out, err = guarded_cli("solve", *args)
    assert got == code and said in out + err, (got, out, err)


# ------------------------------------------------------------------ worker processes

def test_generate_jobs_are_capped_like_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              guarded_cli: Cli) -> None:
    started: list[int] = []
    real = interrupt._start_pool

    def spy(jobs: int) -> object:
        started.append(jobs)
        return real(jobs)

    monkeypatch.setattr(interrupt, "_start_pool", spy)
    code, out, _ = guarded_cli("generate", "--count", "2", "--jobs", "60", "--level", "easy")
    assert code == 0 and len(out.splitlines()) == 2 and started == [2]


def test_fewer_workers_when_the_system_refuses_more(monkeypatch: pytest.MonkeyPatch,
                                                    guarded_cli: Cli) -> None:
    """fork() failing with EAGAIN (a process limit) after the first worker: the command goes
    on with fewer workers (here none), and the puzzles are those of --jobs 1."""
    code, alone, _ = guarded_cli("generate", "--count", "4", "--level", "easy", "--seed", "7")
    forks = [0]
    real = os.fork

    def limited() -> int:
        forks[0] += 1
        if forks[0] > 1:
            raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")
        return real()

    monkeypatch.setattr(os, "fork", limited)
    code, out, err = guarded_cli("generate", "--count", "4", "--level", "easy", "--seed", "7", "--jobs", "4")
    assert code == 0 and out == alone and forks[0] >= 2, err


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _alive(pids: list[int]) -> list[int]:
    alive = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.append(pid)
    return alive


def _generate(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(console("generate", "--level", "easy", *args),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=console_env())


SLOW = pytest.mark.slow


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, pytest.param(signal.SIGINT, marks=SLOW),
                                 pytest.param(signal.SIGHUP, marks=SLOW), pytest.param(signal.SIGKILL, marks=SLOW)],
                         ids=lambda s: s.name)
def test_every_worker_dies_with_its_parent(sig: signal.Signals) -> None:
    """The signal to the parent alone (not its group): its workers are gone soon after."""
    run = _generate("--count", "1000000", "--jobs", "2")
    try:
        assert run.stdout is not None and run.stdout.readline()      # it is making puzzles
        workers = _children(run.pid)
        assert len(workers) >= 2
        run.send_signal(sig)
        assert run.wait(timeout=30) == (-signal.SIGKILL if sig is signal.SIGKILL else 128 + sig)
        deadline_at = time.monotonic() + 10
        while _alive(workers) and time.monotonic() < deadline_at:
            time.sleep(0.1)
        assert not _alive(workers), f"workers still running after {sig.name} of their parent"
    finally:
        run.kill()
        run.communicate()


def _rss_kib(pid: int) -> int:
    match = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    assert match
    return int(match.group(1))


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=SLOW)])
def test_generate_streams_in_flat_memory(jobs: str) -> None:
    """A billion puzzles asked for: lines come at once, memory does not grow with them."""
    run = _generate("--count", "1000000000", "--jobs", jobs)
    try:
        assert run.stdout is not None
        for _ in range(20):
            assert run.stdout.readline()
        first = _rss_kib(run.pid)
        for _ in range(150):
            assert run.stdout.readline()
        assert _rss_kib(run.pid) - first < 20_000          # KiB: not a list of a billion tasks
        run.terminate()
        assert run.wait(timeout=30) == 143
    finally:
        run.kill()
        run.communicate()


@pytest.mark.slow
def test_generate_o_streams_into_its_temp_file_and_leaves_nothing_when_stopped(tmp_path: Path) -> None:
    target = tmp_path / "g.txt"
    run = _generate("--count", "1000000000", "-o", str(target))
    try:
        deadline_at = time.monotonic() + 60
        temps: list[Path] = []
        while time.monotonic() < deadline_at:
            temps = [p for p in tmp_path.iterdir() if p.name.endswith(".pp-tmp")]
            if temps and temps[0].stat().st_size > 2000:
                break
            time.sleep(0.1)
        assert temps and temps[0].stat().st_size > 2000      # written as made, not at the end
        run.terminate()
        assert run.wait(timeout=30) == 143
        assert list(tmp_path.iterdir()) == []
    finally:
        run.kill()
        run.communicate()


def test_a_build_takes_at_most_the_documented_number_of_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  guarded_cli: Cli) -> None:
    from publisher import sources
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text("\n".join(TOP) + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text("books:\n  - title: Big\n    sections:\n"
                                          "      - {title: A, puzzles: set.txt}\n"
                                          "      - {title: B, puzzles: set.txt}\noutput: {formats: [rtf]}\n",
                                          encoding="utf-8")
    assert sources.MAX_BUILD_PUZZLES == 100_000
    monkeypatch.setattr(sources, "MAX_BUILD_PUZZLES", 5)
    code, _, err = guarded_cli("build", "config.yaml", "-q")
    assert code == 2 and err.strip() == ("puzzlepress: error: config.yaml:5: books[0].sections[1]: the books would "
                                         "hold more than 5 puzzles, the most one build takes (docs, Limits); "
                                         "split them into several configs")
    monkeypatch.setattr(sources, "MAX_BUILD_PUZZLES", 6)
    assert guarded_cli("build", "config.yaml", "-q")[0] == 0
