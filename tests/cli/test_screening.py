"""Bank-scale screening: ``check``/``grade`` streamed, in order, on workers or Dask, resumable.

The oracle is always a plain run (this process, stdout) of the same command on the same
input: a resumed run, a ``--jobs 2`` run and a run on a real Dask ``LocalCluster`` must
give the same lines in the same order. Timing fields (``solve_ms``, ``stats.ms``,
``grade_ms``; ``(0.12 ms)`` in text lines) differ between any two runs and are compared
with the timing taken out. Streaming is checked on a generated 1,000,000-line file read
under an address-space cap that holding it whole would break.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from publisher.cli import EXIT_OK, EXIT_REJECTED, EXIT_USAGE
from tests.runner import Cli
from tests.samples import REPO

TOP = (REPO / "bench" / "data" / "top1465.txt").read_text().split()[:24]
#: Quick to grade: calibration puzzles SE rates below 3.
EASY = [line.split("\t")[0] for line in
        (REPO / "bench" / "data" / "se-rated-calibration.tsv").read_text().splitlines()[1:]
        if float(line.split("\t")[1]) < 3.0][:3]
MULTIPLE = "." * 81
BROKEN = "11" + "." * 79
SHORT = "123"


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    """A small bank with every kind of verdict, a comment and a multi-line grid among them."""
    lines = []
    for i, puzzle in enumerate(TOP):
        lines.append(puzzle)
        if i % 6 == 2:
            lines += [MULTIPLE, "# a comment line", BROKEN]
        if i % 8 == 5:
            lines.append(SHORT)
            lines.append("")
    grid = textwrap.wrap(TOP[0], 9)
    path = tmp_path / "bank.txt"
    path.write_text("\n".join(lines + [""] + grid) + "\n", encoding="utf-8")
    return path


_TEXT_MS = re.compile(r", \d+\.\d+ ms\)$")   # the timing inside "(#N, 0.12 ms)"


def untimed(lines: list[str]) -> list[Any]:
    """The lines with their timing taken out (JSON objects, or text lines)."""
    out: list[Any] = []
    for line in lines:
        if line.startswith("{"):
            record = json.loads(line)
            record.pop("solve_ms", None)
            record.pop("grade_ms", None)
            if isinstance(record.get("stats"), dict):
                record["stats"].pop("ms", None)
            out.append(record)
        else:
            out.append(_TEXT_MS.sub("", line))
    return out


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_a_resumed_check_gives_the_plain_runs_lines(bank: Path, tmp_path: Path,
                                                    cli: Cli, as_json: bool) -> None:
    flags = ["--json"] if as_json else []
    code, plain, _ = cli("check", str(bank), *flags)
    assert code == EXIT_REJECTED
    verdicts = [line for line in plain.splitlines() if not line.endswith("rejected")]
    assert len(verdicts) > 30
    for done in (0, 1, 17, len(verdicts) - 1, len(verdicts)):
        out = tmp_path / f"out-{done}.txt"
        # an interrupted run: the first lines written, the next one cut in the middle
        cut = "\n".join(verdicts[:done]) + ("\n" if done else "")
        cut += verdicts[done][:20] if done < len(verdicts) else ""
        out.write_text(cut, encoding="utf-8")
        code, summary, _ = cli("check", str(bank), *flags, "-o", str(out), "--resume")
        assert code == EXIT_REJECTED
        assert untimed(out.read_text(encoding="utf-8").splitlines()) == untimed(verdicts)
        if not as_json:   # the summary counts the puzzles judged before the interruption too
            assert summary == plain.splitlines()[-1] + "\n"


def test_resume_keeps_the_lines_already_written(bank: Path, tmp_path: Path,
                                                cli: Cli) -> None:
    """The lines of the interrupted run are kept byte for byte (not judged again)."""
    out = tmp_path / "out.jsonl"
    cli("check", str(bank), "--json", "-o", str(out))
    lines = out.read_text(encoding="utf-8").splitlines()
    first = [json.dumps({**json.loads(line), "solve_ms": -1.0}, ensure_ascii=False,
                        separators=(", ", ": ")) for line in lines[:5]]
    out.write_text("\n".join(first) + "\n", encoding="utf-8")
    cli("check", str(bank), "--json", "-o", str(out), "--resume")
    again = out.read_text(encoding="utf-8").splitlines()
    assert again[:5] == first and len(again) == len(lines)


def test_resume_needs_an_output_file(bank: Path, cli: Cli) -> None:
    code, out, err = cli("check", str(bank), "--resume")
    assert code == EXIT_USAGE and out == "" and "--resume needs -o FILE" in err


def test_jobs_keep_the_input_order(bank: Path, cli: Cli) -> None:
    plain = cli("check", str(bank), "--json")
    parallel = cli("check", str(bank), "--json", "--jobs", "2")
    assert parallel[0] == plain[0]
    assert untimed(parallel[1].splitlines()) == untimed(plain[1].splitlines())


@pytest.mark.slow
def test_check_and_grade_on_a_dask_cluster_give_the_plain_runs_lines(
        bank: Path, cli: Cli) -> None:
    from distributed import LocalCluster
    small = bank.parent / "small.txt"
    small.write_text("\n".join(EASY[:3] + [MULTIPLE, BROKEN]) + "\n", encoding="utf-8")
    plain_check = cli("check", str(bank), "--json")
    plain_grade = cli("grade", str(small), "--json")
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        on_dask = cli("check", str(bank), "--json", "--dask", cluster.scheduler_address)
        graded = cli("grade", str(small), "--json", "--dask", cluster.scheduler_address)
    assert on_dask[0] == plain_check[0]
    assert untimed(on_dask[1].splitlines()) == untimed(plain_check[1].splitlines())
    assert graded[0] == plain_grade[0] == EXIT_REJECTED
    assert untimed(graded[1].splitlines()) == untimed(plain_grade[1].splitlines())
    assert [json.loads(line)["rating"] is not None for line in graded[1].splitlines()] == [True] * 3 + [False] * 2


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_line(bank: Path, cli: Cli) -> None:
    code, _, err = cli("check", str(bank), "--dask", "tcp://127.0.0.1:9")
    assert code == EXIT_USAGE and len(err.splitlines()) == 1 and "--dask" in err


@pytest.mark.slow
def test_a_million_line_file_is_screened_in_flat_memory(tmp_path: Path) -> None:
    """1,000,000 lines (82 MB): a thousand puzzles among comment lines, checked in a child
    process whose address space is capped at what it uses after start-up plus 64 MB. Read
    whole, the file alone (its bytes, its text and its lines) would need over 200 MB."""
    path = tmp_path / "million.txt"
    with path.open("w", encoding="utf-8") as out:
        filler = "# " + "x" * 79 + "\n"
        for i in range(1_000_000):
            out.write(TOP[i // 1000 % len(TOP)] + "\n" if i % 1000 == 0 else filler)
    assert path.stat().st_size > 80_000_000
    driver = textwrap.dedent(f"""
        import resource, sys
        import publisher.cli, publisher.cli.check, publisher.screening
        from solver.sudoku import verify
        size = int(next(l for l in open("/proc/self/status") if l.startswith("VmSize")).split()[1]) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size + (64 << 20), size + (64 << 20)))
        sys.exit(publisher.cli.main(["check", {str(path)!r}, "--json", "-o", {str(tmp_path / "out.jsonl")!r}]))
    """)
    done = subprocess.run([sys.executable, "-c", driver], capture_output=True, text=True, timeout=900,
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == EXIT_OK, done.stderr
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(records) == 1000
    assert [r["line"] for r in records] == list(range(1, 1_000_000, 1000))
    assert {r["status"] for r in records} == {"unique"}


@pytest.mark.slow
def test_build_verifies_on_a_dask_cluster_and_writes_the_same_bytes(
        tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from distributed import LocalCluster
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text("\n".join(EASY) + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text(
        "books:\n  - title: Screened\n    sections:\n      - title: S\n        puzzles: set.txt\n",
        encoding="utf-8")
    plain = cli("build", "config.yaml", "--out", "plain", "--format", "html", "-q")
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        remote = cli("build", "config.yaml", "--out", "remote", "--format", "html", "-q",
                     "--dask", cluster.scheduler_address)
    assert remote[0] == plain[0]
    files = sorted(p.name for p in (tmp_path / "plain").iterdir())
    assert files and files == sorted(p.name for p in (tmp_path / "remote").iterdir())
    for name in files:
        assert (tmp_path / "plain" / name).read_bytes() == (tmp_path / "remote" / name).read_bytes(), name
    unreachable = cli("build", "config.yaml", "--out", "never", "-q", "--dask", "tcp://127.0.0.1:9")
    assert unreachable[0] == EXIT_USAGE and "--dask" in unreachable[2] and not (tmp_path / "never").exists()
