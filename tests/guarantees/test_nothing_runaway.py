"""Nothing runaway (issue #33): worker counts, signals a caller ignores, internal errors.

README, Limits: "--jobs: at most 4 x the cores, and never more than the puzzles", for every
command that takes it. The pool is replaced by a recorder that refuses to start (so a
run before the fix cannot fork thousands of processes): the oracle is the worker count asked
of the pool.
"""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from publisher import interrupt, write
from publisher.workers import default_jobs
from tests.runner import Cli, console, console_env
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


# ------------------------------------------------------------------ memory

_LOADED = """
import sys
import publisher.build, publisher.printing.checks
from publisher import pdfread
from reportlab.pdfgen import canvas
import io
out = io.BytesIO(); page = canvas.Canvas(out); page.drawString(72, 72, "x"); page.save()
assert pdfread.png(out.getvalue(), 72).startswith(b"\\x89PNG")
print(" ".join(sorted(name for name, module in sys.modules.items() if module is not None
                      and name.split(".")[0] in ("pymupdf", "fitz", "onnxruntime", "rich", "pygments"))))
"""


@pytest.mark.slow
def test_the_product_reads_pdfs_with_pdfium_alone() -> None:
    """README, Limits: a build, preflight and PNG export read and convert PDFs with PDFium
    (pypdfium2) alone: MuPDF (AGPL, 65 MB, and its add-ons onnxruntime) is a test reader only,
    and nothing of rich's is loaded (our progress bar is our own)."""
    done = subprocess.run([sys.executable, "-c", _LOADED], capture_output=True, text=True, timeout=120,
                          env=console_env(), check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


#: An address-space limit under which the export runs at 300 dpi but not at 2400 (a 4x4's page is
#: then 10,000 x 10,500 pixels, 315 MB of RGB)
MEMORY_LIMIT = 260 * 1024 * 1024


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@pytest.mark.slow
def test_a_png_too_large_for_memory_is_the_documented_line(tmp_path: Path) -> None:
    """README, CLI contract: running out of memory is one line, `puzzlepress: error: out of memory
    while ...`, exit 2 -- also for a page PDFium would rasterise (a 2400 dpi PNG under a 400 MB limit)."""
    (tmp_path / "p.txt").write_text(".3.22......44.2.\n", encoding="utf-8")
    done = subprocess.run(console("export", "p.txt", "--format", "png", "--dpi", "2400", "--solutions",
                                  "--out", "png"), cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=console_env(), preexec_fn=_limit_memory, check=False)
    assert done.returncode == 2, done
    assert done.stderr.strip().splitlines() == ["puzzlepress: error: out of memory while running 'puzzlepress export'"]
    assert not (tmp_path / "png").exists()
    done = subprocess.run(console("export", "p.txt", "--format", "png", "--dpi", "300", "--solutions",
                                  "--out", "png"), cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=console_env(), preexec_fn=_limit_memory, check=False)
    assert done.returncode == 0, "under the same limit a 300 dpi export runs: the pixels ran out, not the start"
