"""The compiled core beside pure Python and each peer, every row from one interleaved run.

    python bench/core.py [--rounds 3] [--puzzles 400] [--count 40] [--big-box 60] [--only ROW ...]

Best with the bench-only virtualenv's interpreter, which has hodoku-py
(``python -m venv --system-site-packages /work/venv-bench && /work/venv-bench/bin/pip install
hodoku-py``); the solver is this checkout's, its compiled core built in place by
``pip install -e .`` (``puzzlepress --version`` says which core runs). Rows (issue 43's table):

* ``verify``: full verification of hard 9x9 (the first ``--puzzles`` of top1465), median and
  p90 CPU ms, pure and compiled beside hodoku-py's C core (``_gen_accel.solve_string``);
  three worker processes, puzzle by puzzle in turn, each timing its own CPU;
* ``hard``: 9x9 hard generation with ``--jobs 2`` beside ``qqwing --difficulty expert``;
* ``diabolical``: 9x9 diabolical (SE >= 5.0) generation with ``--jobs 2`` beside QQWing's
  SE >= 5.0 output (``qqwing --difficulty expert`` puzzles rated by our grader; QQWing's
  generation time over the ones that rate 5.0 or more); then the same per CPU second, one
  process each (the figure the machine's other load moves least);
* ``big``: ``--size 16 --minimal`` and ``--size 25 --minimal`` (one process, ``--big-box``
  seconds each) beside ``sgt-solo --generate 1 4x4`` and ``5x5``;
* ``cages``: Killer 9x9 hard and KenKen 6x6 hard generation per CPU second, one process,
  beside ``sgt-solo 3x3kda`` and ``sgt-keen 6dh``;
* ``grade``: the grader on the calibration set (``bench/data/se-rated-calibration.tsv``, the
  first ``--grade`` puzzles; ``--grade 3205`` for all), CPU seconds pure and compiled,
  interleaved in slices, and how many grades of each differ from the reference file
  ``bench/data/se-calibration-grades.tsv``.

Generation rows run each engine once per round, in turn (pure, compiled, peer, pure, ...),
as whole processes; a rate is puzzles over the round's wall time for ``--jobs 2`` (two
processes working), over its CPU time (children included) otherwise; the figure is the
median over rounds. The machine is shared: read the ratios, and the load printed first.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
HODOKU_PYTHON = os.environ.get("HODOKU_PYTHON", "/work/venv-bench/bin/python")
#: A worker: reads a puzzle a line, answers with the CPU milliseconds its verification took.
HODOKU_WORKER = """
import sys, time
from hodoku.generator.generator import _gen_accel
for line in sys.stdin:
    start = time.process_time()
    _gen_accel.solve_string(line.strip())
    print((time.process_time() - start) * 1000, flush=True)
"""
OURS_WORKER = """
import sys, time
sys.path.insert(0, {root!r})
from solver import core
from solver.sudoku import parse_text, verify
print(core.describe(), flush=True)
for line in sys.stdin:
    puzzle = parse_text(line.strip())[0]
    start = time.process_time()
    status = verify(puzzle).status.value
    ms = (time.process_time() - start) * 1000
    if status != "unique":
        raise SystemExit(f"{{line.strip()}}: {{status}}")
    print(ms, flush=True)
"""
#: One generation job of ours as a whole process: prints {"made": N, "core": ...}.
OURS_GENERATE = """
import sys, json
sys.path.insert(0, {root!r})
from solver import core
{body}
print(json.dumps({{"made": made, "core": core.describe()}}))
"""
SUDOKU_BODY = """
from publisher.generation import run
from solver.sudoku.generate import Request
made = sum(1 for _ in run(Request(level={level!r}), {seed}, {count}, jobs={jobs}))
"""
BIG_BODY = """
import signal
from solver.sudoku.generate import Request, generate

def stop(signum, frame):
    raise TimeoutError

signal.signal(signal.SIGALRM, stop)
signal.alarm({box})
made = 0
try:
    made = sum(1 for _ in generate(Request(size={size}, minimal=True), {seed}, 1))
except TimeoutError:
    pass
"""
CAGE_BODY = """
from solver.{kind}.generate import Request
request = Request({size}, level="hard")
made = sum(1 for seed in range({seed}, {seed} + {count}) if request.make(seed))
"""


def figures(ms: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(ms)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def ours_env(pure: bool) -> dict[str, str]:
    return {**os.environ, "PUZZLEPRESS_PURE": "1" if pure else ""}


class Worker:
    """A process that verifies one puzzle a line and answers with its CPU milliseconds."""

    def __init__(self, command: list[str], env: dict[str, str] | None = None, *, says_core: bool = False) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env=env, cwd=ROOT)
        self.core = self._read() if says_core else ""

    def _read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"worker {self.process.args[:2]} ended")
        return line.strip()

    def ms(self, puzzle: str) -> float:
        assert self.process.stdin is not None
        self.process.stdin.write(puzzle + "\n")
        self.process.stdin.flush()
        return float(self._read())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def verify_row(puzzles: int) -> None:
    lines = (DATA / "top1465.txt").read_text().split()[:puzzles]
    ours = {name: Worker([sys.executable, "-c", OURS_WORKER.format(root=str(ROOT))], ours_env(pure), says_core=True)
            for name, pure in (("pure", True), ("compiled", False))}
    workers: dict[str, Worker] = dict(ours)
    if Path(HODOKU_PYTHON).exists():
        workers["hodoku-py C core"] = Worker([HODOKU_PYTHON, "-c", HODOKU_WORKER])
    times: dict[str, list[float]] = {name: [] for name in workers}
    for _ in range(2):   # warm: tables built, caches filled
        for worker in workers.values():
            worker.ms(lines[0])
    for line in lines:
        for name, worker in workers.items():
            times[name].append(worker.ms(line))
    for worker in workers.values():
        worker.close()
    print(f"\nverification of {len(lines)} hard 9x9 (top1465), CPU ms per puzzle, interleaved puzzle by puzzle")
    peer = figures(times["hodoku-py C core"]) if "hodoku-py C core" in times else None
    for name, ms in times.items():
        median, p90 = figures(ms)
        against = (f"   vs hodoku-py C core: median {median / peer[0]:4.2f}x, p90 {p90 / peer[1]:4.2f}x"
                   if peer and name != "hodoku-py C core" else "")
        core = f"  [{ours[name].core}]" if name in ours else ""
        print(f"  {name:<18} median {median:7.3f}  p90 {p90:7.3f}{against}{core}")
    if peer is None:
        print(f"  hodoku-py C core   not measured ({HODOKU_PYTHON} missing; see this file's docstring)")


def timed(command: list[str], env: dict[str, str] | None = None, timeout: float | None = None
          ) -> tuple[str, float, float]:
    """A whole process: its output, wall seconds and CPU seconds (its children's included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        out = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=True,
                             timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        out = ""
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, wall, cpu


Engine = Callable[[int], tuple[float, float, str]]   # round -> (puzzles made, seconds, note)


def ours_engine(pure: bool, body: str, *, wall: bool, timeout: float | None = None) -> Engine:
    def run(round_index: int) -> tuple[float, float, str]:
        code = OURS_GENERATE.format(root=str(ROOT), body=body.format(seed=1 + 1000 * round_index))
        out, wall_s, cpu_s = timed([sys.executable, "-c", code], ours_env(pure), timeout)
        answer = json.loads(out.strip().splitlines()[-1]) if out.strip() else {"made": 0, "core": "?"}
        return answer["made"], wall_s if wall else cpu_s, answer["core"]
    return run


def program_engine(command: list[str], *, wall: bool, timeout: float | None = None,
                   made: Callable[[str], float] | None = None) -> Engine:
    def run(round_index: int) -> tuple[float, float, str]:
        out, wall_s, cpu_s = timed(command, timeout=timeout)
        return (made(out) if made else len(out.split())), wall_s if wall else cpu_s, ""
    return run


def race(title: str, engines: dict[str, Engine], rounds: int, unit: str) -> None:
    """Each engine once per round, in turn; the median rate per engine and its ratio to the peer's."""
    rates: dict[str, list[float]] = {name: [] for name in engines}
    notes: dict[str, str] = {}
    for round_index in range(rounds):
        for name, engine in engines.items():
            made, seconds, note = engine(round_index)
            rates[name].append(made / seconds if seconds else 0.0)
            notes[name] = note
    print(f"\n{title} ({rounds} rounds, interleaved; median {unit})")
    peer = list(engines)[-1]
    peer_rate = statistics.median(rates[peer])
    for name, values in rates.items():
        rate = statistics.median(values)
        ratio = f"   {rate / peer_rate:5.2f}x the peer" if name != peer and peer_rate else ""
        note = f"  [{notes[name]}]" if notes[name] else ""
        print(f"  {name:<34} {rate:9.2f}{ratio}{note}")


def qqwing_se5(count: int, *, wall: bool = True) -> Engine:
    """QQWing's expert puzzles that our grader rates 5.0 or more, per second of QQWing's time
    (wall or CPU)."""
    sys.path.insert(0, str(ROOT))
    from solver.sudoku import parse_text
    from solver.sudoku.grade import rate

    def run(round_index: int) -> tuple[float, float, str]:
        out, wall_s, cpu_s = timed(["qqwing", "--generate", str(count), "--difficulty", "expert", "--one-line"])
        rated = [rate(puzzle).rating for puzzle in parse_text(out)]
        hard = sum(1 for r in rated if r >= 5.0)
        return hard, wall_s if wall else cpu_s, f"{hard} of {len(rated)} rate SE >= 5.0"
    return run


def tatham(program: str) -> str | None:
    return shutil.which(program) or shutil.which(program, path="/usr/games")


def grade_row(count: int) -> None:
    """The grader's CPU seconds, pure and compiled, over the same slices in turn, and every
    grade of both against the reference file of ``bench/grading_identity.py`` (rating,
    hardest technique, steps, complete)."""
    code = """
import sys, time
sys.path.insert(0, {root!r})
from solver.sudoku import parse_text
from solver.sudoku.grade import grade
lines = [l.split("\\t")[0] for l in open({data!r}).read().splitlines()[1:] if l.strip()][{a}:{b}]
puzzles = [parse_text(t)[0] for t in lines]
start = time.process_time()
found = [grade(p) for p in puzzles]
print(time.process_time() - start)
for index, g in enumerate(found, {a}):
    print(f"{{index}}\\t{{g.rating}}\\t{{g.hardest}}\\t{{g.steps}}\\t{{g.complete}}")
"""
    reference = (DATA / "se-calibration-grades.tsv").read_text().splitlines()[1:]
    totals = {"pure": 0.0, "compiled": 0.0}
    differ = dict.fromkeys(totals, 0)
    step = 100
    for a in range(0, count, step):
        for name in totals:
            body = code.format(root=str(ROOT), data=str(DATA / "se-rated-calibration.tsv"), a=a, b=min(count, a + step))
            out, _, _ = timed([sys.executable, "-c", body], ours_env(name == "pure"))
            seconds, *grades = out.splitlines()
            totals[name] += float(seconds)
            differ[name] += sum(1 for line in grades if line != reference[int(line.split("\t")[0])])
    print(f"\nthe grader on the first {count} calibration puzzles, CPU s (slices of {step}, interleaved)")
    for name, seconds in totals.items():
        print(f"  {name:<10} {seconds:8.1f} s   {differ[name]} grades differ from bench/data/se-calibration-grades.tsv")
    print(f"  compiled is {totals['pure'] / totals['compiled']:.2f}x faster")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--puzzles", type=int, default=400, help="hard 9x9 puzzles to verify")
    parser.add_argument("--count", type=int, default=200,
                        help="hard puzzles per generation round (diabolical: half; Killer and KenKen: a fortieth)")
    parser.add_argument("--big-box", type=int, default=60, help="seconds per big-grid attempt (25x25: 1.5x)")
    parser.add_argument("--grade", type=int, default=600, help="calibration puzzles to grade")
    parser.add_argument("--only", nargs="*", default=["verify", "hard", "diabolical", "big", "cages", "grade"])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"CPU time unless said; python {sys.version.split()[0]}")
    pure, compiled = "ours pure", "ours compiled"
    if "verify" in args.only:
        verify_row(args.puzzles)
    qqwing = shutil.which("qqwing")
    for level in ("hard", "diabolical"):
        if level not in args.only:
            continue
        count = args.count if level == "hard" else max(4, args.count // 2)   # enough to outweigh the start of 2 workers
        body = SUDOKU_BODY.format(level=level, seed="{seed}", count=count, jobs=2)
        engines = {f"{pure} --jobs 2": ours_engine(True, body, wall=True),
                   f"{compiled} --jobs 2": ours_engine(False, body, wall=True)}
        if qqwing and level == "hard":
            engines["qqwing expert (1 process)"] = program_engine(
                [qqwing, "--generate", str(count), "--difficulty", "expert", "--one-line"], wall=True)
        elif qqwing:
            engines["qqwing expert rated SE >= 5.0 (1 process)"] = qqwing_se5(4 * count)
        race(f"9x9 {level} generation, puzzles per wall second", engines, args.rounds, "puzzles/s")
        if level == "diabolical" and qqwing:
            # the same work per CPU second, one process each: a shared machine's other load
            # takes wall time from our two workers more than from QQWing's one process
            one = SUDOKU_BODY.format(level=level, seed="{seed}", count=count // 2, jobs=1)
            race(f"9x9 {level} generation, one process, puzzles per CPU second",
                 {pure: ours_engine(True, one, wall=False), compiled: ours_engine(False, one, wall=False),
                  "qqwing expert rated SE >= 5.0": qqwing_se5(2 * count, wall=False)}, args.rounds, "puzzles/s")
    solo, keen = tatham("sgt-solo"), tatham("sgt-keen")
    if "big" in args.only:
        for size, box in ((16, args.big_box), (25, args.big_box * 3 // 2)):
            body = BIG_BODY.format(size=size, box=box, seed="{seed}")
            engines = {f"{pure} --size {size} --minimal": ours_engine(True, body, wall=True, timeout=box + 10),
                       f"{compiled} --size {size} --minimal": ours_engine(False, body, wall=True, timeout=box + 10)}
            if solo:
                side = {16: "4x4", 25: "5x5"}[size]
                engines[f"sgt-solo {side}"] = program_engine([solo, "--generate", "1", side], wall=True,
                                                            timeout=box, made=lambda out: float(bool(out.strip())))
            race(f"minimal {size}x{size}, one process, {box} s box: puzzles per second", engines, 1, "puzzles/s")
    if "cages" in args.only:
        for title, kind, size, program, params in (("Killer 9x9 hard", "killer", 9, solo, "3x3kda"),
                                                   ("KenKen 6x6 hard", "kenken", 6, keen, "6dh")):
            count = max(3, args.count // 40)
            body = CAGE_BODY.format(kind=kind, size=size, count=count, seed="{seed}")
            engines = {pure: ours_engine(True, body, wall=False), compiled: ours_engine(False, body, wall=False)}
            if program:
                engines[f"{Path(program).name} {params}"] = program_engine(
                    [program, "--generate", str(count * 10), params], wall=False)
            race(f"{title} generation, one process: puzzles per CPU second", engines, args.rounds, "puzzles/s")
    if "grade" in args.only:
        grade_row(args.grade)


if __name__ == "__main__":
    main()
