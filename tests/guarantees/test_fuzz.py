"""Seeded fuzzing through the real CLI: mutated configs, puzzle files, templates and arguments.

Every case runs ``publisher.cli.main`` in this process under an alarm. Whatever
the input, the command must end in time with exit 0, 1, 2 or 130 (3 means a
bug of ours and fails the test), print no traceback, print one line for a
usage error, and leave the previous outputs byte for byte when a build stops.
The mutations are seeded, so a failure names a case that reproduces.
"""
from __future__ import annotations

import hashlib
import os
import random
import signal
import textwrap
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from publisher.cli import main
from tests.deadline import LIMIT, Hang, deadline
from tests.samples import REPO, TOP95

#: every case builds through the real CLI: the whole module is the slow tier
pytestmark = pytest.mark.slow

PUZZLES = TOP95

#: Pieces that break parsers: YAML syntax, aliases, control and line-break characters,
#: a BOM, invalid UTF-8, huge numbers, paths to special files.
NASTY = ["\x00", "\x0c", "\x0b", "\x1c", "\x85", "\u2028", "\ud800", "\ufeff", "\x1b[31m", "\t", "\r", "\n",
         "\n\n", "&a ", "*a", "&a [*a]", "[", "]", "{", "}", ":", "- ", "? ", "!!python/object:os.system ", "#",
         "'", '"', "\\", "..", "/dev/zero", "/dev/urandom", "/", "9" * 60, "-3", "0", "1e999", "x", "²",
         "Q", ".", "café", "{{ 1/0 }}", "{% for %}", "{{ x }}", "\xff".encode("latin-1").decode("latin-1")]

CONFIG = """\
books:
  - title: Fuzz
    subtitle: a book
    labels: {puzzle: Bài}
    page: {size: A5, margins: {inside: 15mm}}
    sections:
      - title: Sudoku
        puzzles: set.txt
        difficulty: hard
      - title: Tours
        kind: knights_tour
        puzzles: tour.txt
        boards: [{size: 5x5, start: a1}]
      - title: Queens
        kind: queens
        inline: [".Q..\\n....\\n....\\n...."]
output: {formats: [rtf]}
node_limit: 5000
"""
TOUR = "# A tour\nopen any\n 1  .  .  .  .\n .  .  .  .  .\n .  .  .  .  .\n .  .  .  .  .\n .  .  .  .  .\n"




def mutate(text: str, rng: random.Random) -> str:
    """One to four random edits: delete, duplicate or replace a span, insert a nasty piece,
    swap two lines."""
    for _ in range(rng.randint(1, 4)):
        if not text:
            text = rng.choice(NASTY)
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randint(0, 12))
        op = rng.randrange(5)
        if op == 0:
            text = text[:i] + text[j:]
        elif op == 1:
            text = text[:j] + text[i:j] * rng.randint(2, 20) + text[j:]
        elif op == 2:
            text = text[:i] + rng.choice(NASTY) + text[j:]
        elif op == 3:
            text = text[:i] + rng.choice(NASTY) + text[i:]
        else:
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    return text


def encode(text: str, rng: random.Random) -> bytes:
    """UTF-8 mostly; now and then invalid bytes (a lone surrogate, Latin-1)."""
    if rng.random() < 0.05:
        return text.encode("latin-1", "replace")
    return text.encode("utf-8", "surrogatepass")


def run(capsys: pytest.CaptureFixture[str], case: str, args: list[str]) -> int:
    try:
        with deadline():
            code = main(args)
    except Hang:
        pytest.fail(f"{case}: still running after {LIMIT} s")
    err = capsys.readouterr().err
    assert code in (0, 1, 2, 130), f"{case}: exit {code}: {err.strip()}"
    assert "Traceback" not in err, f"{case}: {err}"
    if code == 2:
        lines = err.strip().splitlines()
        assert lines and all(": " in line for line in lines), f"{case}: exit 2 without a located message: {err}"
    return code


def state(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())
            if p.is_file()} if folder.exists() else {}


@pytest.fixture
def book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text("\n".join(PUZZLES[:3]) + "\n", encoding="utf-8")
    (tmp_path / "tour.txt").write_text(TOUR, encoding="utf-8")
    (tmp_path / "config.yaml").write_text(CONFIG, encoding="utf-8")
    return tmp_path


def fuzz_builds(book: Path, capsys: pytest.CaptureFixture[str], seed: int, cases: int,
                target: str, original: str, extra: Callable[[Path], None] | None = None) -> None:
    """Mutate one input file of a book ``cases`` times and build it each time."""
    rng = random.Random(seed)
    (book / target).parent.mkdir(parents=True, exist_ok=True)
    (book / target).write_text(original, encoding="utf-8")
    if extra:
        extra(book)
    assert run(capsys, "reference", ["build", "config.yaml", "-q"]) == 0
    before = state(book / "out")
    assert before
    for case in range(cases):
        name = f"{target} seed {seed} case {case}"
        (book / target).write_bytes(encode(mutate(original, rng), rng))
        code = run(capsys, name, ["build", "config.yaml", "-q"])
        after = state(book / "out")
        if code != 0:
            assert after == before, f"{name}: a failed build changed the outputs"
        before = after
    (book / target).write_text(original, encoding="utf-8")


@pytest.mark.parametrize("seed", range(2))
def test_fuzz_config(book: Path, capsys: pytest.CaptureFixture[str], seed: int) -> None:
    fuzz_builds(book, capsys, seed, 40, "config.yaml", CONFIG)


def test_fuzz_puzzle_files(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fuzz_builds(book, capsys, 0, 25, "tour.txt", TOUR)
    fuzz_builds(book, capsys, 0, 25, "set.txt", "\n".join(PUZZLES[:3]) + "\n")


def _use_templates(book: Path) -> None:
    text = CONFIG.replace("output: {formats: [rtf]}", "output: {formats: [rtf, html]}")
    (book / "config.yaml").write_text("templates: tpl\n" + text, encoding="utf-8")


@pytest.mark.parametrize("name", ["html/style.css.j2", "html/macros.html.j2", "rtf/booklet.rtf.j2"])
def test_fuzz_templates(book: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    original = (REPO / "templates" / name).read_text(encoding="utf-8")
    fuzz_builds(book, capsys, zlib.crc32(name.encode()), 5, f"tpl/{name}", original, _use_templates)


YAML_PUZZLES = textwrap.dedent(f"""\
    puzzles:
      - givens: "{PUZZLES[0]}"
        id: a
        title: First
        difficulty: hard
      - givens: ["1.3.", "....", "....", "...4"]
        box: 2x2
      - givens: "{'.' * 36}"
        regions: ["AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFF"]
        symbols: "123456"
    """)


@pytest.mark.parametrize("seed", range(2))
def test_fuzz_check_inputs(book: Path, capsys: pytest.CaptureFixture[str], seed: int) -> None:
    """check and solve on mutated text, YAML and JSON puzzle files (fast: no book is built)."""
    rng = random.Random(seed)
    originals = {"p.txt": "\n".join(PUZZLES[:4]) + "\n", "p.yaml": YAML_PUZZLES,
                 "p.json": f'[{{"givens": "{PUZZLES[1]}", "id": "x"}}, '
                           '{"givens": ["1.3.", "....", "....", "...4"]}]'}
    for case in range(150):
        name = rng.choice(sorted(originals))
        (book / name).write_bytes(encode(mutate(originals[name], rng), rng))
        command = rng.choice([["check", name], ["check", name, "--json"], ["solve", name, "--node-limit", "500"],
                              ["solve", name, "--count", "--node-limit", "500"]])
        run(capsys, f"{command} seed {seed} case {case}", command)


ARGUMENTS = [["tour", "8x8"], ["tour", "5x5", "--start", "c3", "--closed"], ["tour", "3x4", "--count"],
             ["queens", "8", "--count"], ["queens", "6", "--all", "--limit", "3"], ["queens", "8", "--json"],
             ["queens", "7", "--unique-up-to-symmetry"], ["solve", PUZZLES[2]], ["solve", "." * 16, "--nth", "3"],
             ["solve", "." * 16, "--all", "--limit", "4"], ["check", "set.txt", "--size", "9"],
             ["check", "set.txt", "--box", "3x3"], ["build", "config.yaml", "--format", "rtf", "--jobs", "2", "-q"],
             ["init", "new"], ["--version"], ["tour", "8x8", "--json"],
             ["build", "config.yaml", "--report", "set.txt", "--junit", "r.xml", "-q"],
             ["build", "config.yaml", "--junit", "config.yaml", "-q"], ["generate", "-o", "g.txt", "--level", "easy"],
             ["solve", ""], ["solve", "set.txt", "--count", "--node-limit", "100"]]


@pytest.mark.parametrize("seed", range(2))
def test_fuzz_arguments(book: Path, capsys: pytest.CaptureFixture[str], seed: int) -> None:
    """Mutated command lines: each argument edited, dropped, doubled or replaced."""
    rng = random.Random(seed)
    for case in range(120):
        args = list(rng.choice(ARGUMENTS))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(args))
            op = rng.randrange(4)
            if op == 0:
                args[i] = mutate(args[i], rng)
            elif op == 1 and len(args) > 1:
                del args[i]
            elif op == 2:
                args.insert(i, rng.choice(["--count", "--all", "--limit", "--nth", "--json", "--node-limit",
                                           "0", "-1", "99999999999999999999", "1000000", "--start", "z9"]))
            else:
                args[i] = rng.choice(NASTY)
        if args and args[0] == "build" and "-q" not in args:
            args.append("-q")
        run(capsys, f"{args!r} seed {seed} case {case}", args)


def _inputs(book: Path) -> dict[str, str]:
    return {name: hashlib.sha256((book / name).read_bytes()).hexdigest() for name in ("config.yaml", "set.txt",
                                                                                       "tour.txt")}


#: Names an output option may be given: the inputs themselves and other names of them,
#: special files, and harmless new paths (issue #15: outputs never overwrite inputs).
OUTPUT_NAMES = ["config.yaml", "set.txt", "tour.txt", "./set.txt", "sub/../config.yaml", "alias-hard", "alias-soft",
                "out/fuzz-puzzles.rtf", "/dev/full", "/dev/null", "sub", "set.txt/x", "r.json", "new/r.json",
                "j.xml"]


def fuzz_output_paths(book: Path, capsys: pytest.CaptureFixture[str], seed: int, cases: int) -> None:
    """Random output options onto random names: an input is never changed, whatever the name."""
    rng = random.Random(seed)
    (book / "sub").mkdir(exist_ok=True)
    if not (book / "alias-hard").exists():
        os.link(book / "set.txt", book / "alias-hard")
        (book / "alias-soft").symlink_to(book / "config.yaml")
    inputs = _inputs(book)
    for case in range(cases):
        args = ["build", "config.yaml", "-q"]
        for option in rng.sample(["--report", "--junit", "--out"], rng.randint(1, 3)):
            args += [option, rng.choice(OUTPUT_NAMES)]
        code = run(capsys, f"{args!r} seed {seed} case {case}", args)
        assert _inputs(book) == inputs, f"{args!r} seed {seed} case {case}: an input was changed"
        named = {args[i + 1] for i in range(3, len(args), 2)}
        if named & {"config.yaml", "set.txt", "./set.txt", "sub/../config.yaml", "alias-hard", "alias-soft"}:
            assert code == 2, f"{args!r} seed {seed} case {case}: an input was accepted as an output"


def test_fuzz_output_paths(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fuzz_output_paths(book, capsys, 0, 12)


SWAP_STEPS = ["stage 0", "stage 1", "staged", "rename 0", "rename 1", "committed"]


def fuzz_signals(book: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, seed: int,
                 cases: int) -> None:
    """A random signal at a random step of the swap: exit 0 with every new output, or
    128 + the signal with every old one; never a mix, never a temp file left."""
    from publisher import write
    rng = random.Random(seed)
    assert run(capsys, "reference", ["build", "config.yaml", "-q"]) == 0
    for case in range(cases):
        before = state(book / "out")
        (book / "config.yaml").write_text(CONFIG.replace("subtitle: a book", f"subtitle: case {seed} {case}"),
                                          encoding="utf-8")
        sig, step = rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGHUP]), rng.choice(SWAP_STEPS)
        monkeypatch.setattr(write, "step_hook", lambda name, s=sig, at=step: os.kill(os.getpid(), s)
                            if name == at else None)
        with deadline():
            code = main(["build", "config.yaml", "-q"])
        capsys.readouterr()
        monkeypatch.setattr(write, "step_hook", None)
        after = state(book / "out")
        name = f"{sig.name} at {step}, seed {seed} case {case}"
        assert code in (0, 128 + sig), f"{name}: exit {code}"
        assert (after == before) == (code == 128 + sig), f"{name}: exit {code} but the outputs say otherwise"
        assert not [p for p in (book / "out").iterdir() if p.name.startswith(".")], f"{name}: a temp file is left"


def test_fuzz_signals(book: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    fuzz_signals(book, capsys, monkeypatch, 0, 8)


@pytest.mark.parametrize("seed", range(100, 104))
def test_fuzz_many_more(book: Path, capsys: pytest.CaptureFixture[str], seed: int) -> None:
    """The big run: about 2,200 more cases of every kind (slow; CI runs it)."""
    test_fuzz_check_inputs(book, capsys, seed)
    test_fuzz_arguments(book, capsys, seed)
    fuzz_output_paths(book, capsys, seed, 60)
    fuzz_builds(book, capsys, seed, 150, "config.yaml", CONFIG)
    fuzz_builds(book, capsys, seed, 60, "tour.txt", TOUR)
    fuzz_builds(book, capsys, seed, 60, "set.txt", "\n".join(PUZZLES[:3]) + "\n")
    for name in ("html/style.css.j2", "rtf/booklet.rtf.j2"):
        original = (REPO / "templates" / name).read_text(encoding="utf-8")
        fuzz_builds(book, capsys, seed, 10, f"tpl/{name}", original, _use_templates)
        (book / "config.yaml").write_text(CONFIG, encoding="utf-8")
