"""The slow tier of issue #15: random signals during real builds, random path collisions.

Builds run as separate processes with their renames slowed down
(``PUZZLEPRESS_TEST_RENAME_DELAY``, read only by ``publisher.write``), so a signal sent at
a random moment often lands inside the swap, where a plain rename loop would leave a mix.
Every case is seeded and names its seed; the oracle is the folder itself: the old set
with exit 128 + the signal, the new set with exit 0, nothing else, and no file of ours
left behind.
"""
from __future__ import annotations

import hashlib
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from publisher.cli import main
from tests.aliases import another_name
from tests.deadline import deadline
from tests.runner import console, console_env
from tests.samples import TOP95

PUZZLES = TOP95[:4]
CONFIG = """\
books:
  - title: Random
    subtitle: "{version}"
    sections: [{{title: S, puzzles: set.txt}}]
output: {{formats: [rtf, html]}}
"""
SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


def _state(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def _build(folder: Path, version: str, delay: str) -> subprocess.Popen[bytes]:
    (folder / "config.yaml").write_text(CONFIG.format(version=version), encoding="utf-8")
    return subprocess.Popen(console("build", "config.yaml", "-q", "--report", "out/r.json"),
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=console_env(PUZZLEPRESS_TEST_RENAME_DELAY=delay))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("random-signals")
    (folder / "set.txt").write_text("\n".join(PUZZLES) + "\n", encoding="utf-8")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_a_random_signal_during_a_slow_swap(folder: Path, seed: int) -> None:
    rng = random.Random(seed)
    old = _build(folder, f"old {seed}", "0")
    assert old.wait(timeout=300) == 0, old.communicate()[1]
    before = _state(folder / "out")
    sig = rng.choice(SIGNALS)
    run = _build(folder, f"new {seed}", "0.15")     # 5 renames: the swap takes about 0.75 s
    time.sleep(rng.uniform(1.5, 8.0))   # after 'import publisher.cli' (a shell's own start)
    run.send_signal(sig)
    try:
        code = run.wait(timeout=300)
    except subprocess.TimeoutExpired:
        run.kill()
        pytest.fail(f"seed {seed}: the build hung after {sig.name}")
    err = run.communicate()[1].decode("utf-8", "replace")
    after = _state(folder / "out")
    # Python's own start (before puzzlepress's main runs) is the one window where Ctrl-C still
    # prints Python's traceback: allowed there only, never once main has begun
    assert "Traceback" not in err or (code == -signal.SIGINT and "in main" not in err), f"seed {seed}: {err}"
    # -sig: the signal came while Python was still starting, before the handlers were set
    # up; the default action killed it, and a shell shows 128 + sig for that too
    assert code in (0, 128 + sig, -sig), f"seed {seed}: {sig.name} gave exit {code}: {err}"
    if code == 0:
        assert after != before and set(after) == set(before), f"seed {seed}: exit 0 without the new set"
    else:
        assert after == before, f"seed {seed}: exit {code} but the outputs changed ({sig.name})"
    assert not [p.name for p in (folder / "out").iterdir() if p.name.startswith(".")], f"seed {seed}: temp left"


ROLES = ["config.yaml", "set.txt", "tpl/rtf/extra.txt"]
ALIASES = ["same", "symlink", "hardlink", "dotdot", "folder-symlink", "fresh"]


def _name(folder: Path, rng: random.Random, target: str, alias: str, case: int) -> str:
    if alias == "folder-symlink":     # through a symlink to the folder holding the input
        link = folder / f"in-{case}"
        link.symlink_to(folder / Path(target).parent if Path(target).parent != Path(".") else folder)
        return f"{link.name}/{Path(target).name}"
    if alias == "fresh":
        return f"fresh-{case}-{rng.randrange(1000)}.out"
    return another_name(folder, target, alias, str(case))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_random_collisions_between_outputs_and_inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], seed: int) -> None:
    """50 cases a seed: an output option onto a random name of a random input (or a fresh
    path): refused with exit 2 and every file unchanged exactly when it is that file."""
    rng = random.Random(seed)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "tpl" / "rtf").mkdir(parents=True)
    (tmp_path / "tpl" / "rtf" / "extra.txt").write_text("x\n", encoding="utf-8")
    (tmp_path / "set.txt").write_text(PUZZLES[0] + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text("templates: tpl\n" + CONFIG.format(version="v").replace(
        "[rtf, html]", "[rtf]"), encoding="utf-8")
    for case in range(50):
        option, target, alias = rng.choice(["--report", "--junit"]), rng.choice(ROLES), rng.choice(ALIASES)
        name = _name(tmp_path, rng, target, alias, case)
        expected = alias != "fresh"
        inputs = {role: (tmp_path / role).read_bytes() for role in ROLES}
        with deadline():
            code = main(["build", "config.yaml", "-q", option, name])
        err = capsys.readouterr().err
        where = f"{option} {name} ({alias} of {target}), seed {seed} case {case}"
        assert {role: (tmp_path / role).read_bytes() for role in ROLES} == inputs, f"{where}: an input changed"
        if expected:
            assert code == 2 and "would be the same file as" in err, f"{where}: exit {code}: {err}"
        else:
            assert code == 0 and (tmp_path / name).exists(), f"{where}: exit {code}: {err}"
