"""Nothing runaway (issue #33): worker counts, signals a caller ignores, internal errors.

README, Limits: "--jobs: at most 4 x the cores, and never more than the puzzles", for every
command that takes it. The pool is replaced by a recorder that refuses to start (so a
run before the fix cannot fork thousands of processes): the oracle is the worker count asked
of the pool.
"""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from publisher import interrupt, write
from publisher.workers import default_jobs
from tests.runner import Cli
from tests.samples import EASY_9X9, HARD_9X9


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The worker counts asked of the process pool; each start fails, so the work runs here."""
    counts: list[int] = []

    class Refused:
        """A pool whose workers cannot be forked (as under a process limit): nothing starts."""

        def __init__(self, *, max_workers: int, **_: object) -> None:
            counts.append(max_workers)

        def submit(self, *_: object) -> None:
            raise OSError(11, "Resource temporarily unavailable")

        def shutdown(self, **_: object) -> None:
            return None
    monkeypatch.setattr(interrupt, "ProcessPoolExecutor", Refused)
    return counts


@pytest.mark.parametrize("command", ["check", "grade"])
def test_jobs_never_more_than_the_puzzles(guarded_cli: Cli, tmp_path: Path, asked: list[int],
                                          command: str) -> None:
    """README, Limits: --jobs is "never more than the puzzles" (check and grade too)."""
    bank = tmp_path / "two.txt"
    bank.write_text(f"{EASY_9X9}\n{HARD_9X9}\n", encoding="utf-8")
    run = guarded_cli(command, str(bank), "--jobs", "1000000")
    assert run.code == 0, run
    assert asked and max(asked) <= 2


def test_jobs_at_most_four_times_the_cores(guarded_cli: Cli, tmp_path: Path, asked: list[int]) -> None:
    """README, Limits: --jobs is "at most 4 x the cores" on a bank with more puzzles than that."""
    puzzles = 4 * default_jobs() + 3
    bank = tmp_path / "many.txt"
    bank.write_text(f"{EASY_9X9}\n" * puzzles, encoding="utf-8")
    run = guarded_cli("check", str(bank), "--jobs", "40")
    assert run.code == 0, run
    assert asked and max(asked) <= 4 * default_jobs()


# ------------------------------------------------------------------ signals a caller ignores

@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGINT])
def test_a_signal_the_caller_ignores_stays_ignored(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   signum: signal.Signals) -> None:
    """README, Output guarantees (Signals): a signal the caller set to ignore (``nohup``'s
    SIGHUP, the SIGINT of a script's ``cmd &``) is not taken over: it arrives mid-write and the
    command still ends 0 with its output, the signal still ignored afterwards."""
    monkeypatch.setattr(write, "step_hook",
                        lambda step: os.kill(os.getpid(), signum) if step == "stage 0" else None)
    previous = signal.signal(signum, signal.SIG_IGN)
    try:
        run = cli("generate", "--size", "4", "-o", str(tmp_path / "made.txt"))
        after = signal.getsignal(signum)
    finally:
        signal.signal(signum, previous)
    assert run.code == 0, run
    assert after is signal.SIG_IGN
    assert (tmp_path / "made.txt").read_text(encoding="utf-8").strip()
