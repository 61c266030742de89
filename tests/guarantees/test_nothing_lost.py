"""Nothing lost (issue #33): no command that writes may destroy what it reads.

README, "How it works" (write + report): outputs are written "never onto an input", and
"Limits": every input is read only from a regular file, within a size limit. Every case runs
through the real entry point in this process, under the time limit of ``guarded_cli``; the
oracle is the input read back byte for byte and the one-line exit 2 of the CLI contract.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pymupdf
import pytest

from tests.runner import Cli, console, console_env

PUZZLE = ".3.22......44.2.\n"     # a unique 4x4


@pytest.fixture
def bank(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE, encoding="utf-8")
    return path


def _same_file(bank: Path, how: str) -> Path:
    if how == "path":
        return bank
    other = bank.parent / f"{how}.txt"
    if how == "hardlink":
        os.link(bank, other)
    else:
        other.symlink_to(bank.name)
    return other


@pytest.mark.parametrize("command", ["check", "grade"])
@pytest.mark.parametrize("how", ["path", "hardlink", "symlink"])
def test_o_onto_its_own_input_is_refused_and_the_input_kept(guarded_cli: Cli, bank: Path, command: str,
                                                           how: str) -> None:
    """README: outputs are written "never onto an input" (same path, hard link, symlink)."""
    target = _same_file(bank, how)
    run = guarded_cli(command, str(bank), "-o", str(target))
    assert run.code == 2, run
    assert "same file as a puzzle file" in run.err
    assert bank.read_text(encoding="utf-8") == PUZZLE


def test_o_onto_the_file_on_standard_input_is_refused(bank: Path) -> None:
    """README: outputs are written "never onto an input" -- the file given on stdin included."""
    with bank.open("rb") as stdin:
        done = subprocess.run(console("check", "-", "-o", str(bank)), stdin=stdin, capture_output=True,
                              text=True, timeout=60, env=console_env(), cwd=bank.parent, check=False)
    assert done.returncode == 2, done
    assert "same file as standard input" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert bank.read_text(encoding="utf-8") == PUZZLE


def test_o_onto_a_device_is_one_line_exit_2(guarded_cli: Cli, bank: Path) -> None:
    """README, CLI contract: an output that cannot be written is one line, exit 2 (not exit 3)."""
    run = guarded_cli("check", str(bank), "-o", "/dev/full")
    assert run.code == 2, run
    assert "/dev/full" in run.err and "internal error" not in run.err


def test_o_that_fails_while_writing_is_one_line_exit_2(guarded_cli: Cli, bank: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """README, CLI contract: a full disk under ``-o`` is one line naming the file, exit 2."""
    real_open = Path.open

    def full(self: Path, *args: str, **kwargs: str) -> object:   # out.txt on a full disk
        return real_open(Path("/dev/full") if self.name == "out.txt" else self, *args, **kwargs)
    monkeypatch.setattr(Path, "open", full)
    run = guarded_cli("check", str(bank), "-o", "out.txt")
    assert run.code == 2, run
    assert "out.txt: cannot write: No space left on device" in run.err


def test_o_still_writes_a_new_file(guarded_cli: Cli, bank: Path) -> None:
    """The guard refuses only collisions: ``check -o`` of a new file still writes its lines."""
    run = guarded_cli("check", str(bank), "-o", "lines.txt")
    assert run.code == 0, run
    assert (bank.parent / "lines.txt").read_text(encoding="utf-8").startswith(f"{bank}:1: unique (#1, ")


# ------------------------------------------------------------------ preflight

def _built(folder: Path) -> Path:
    """A config with a KDP book and its four PDFs (one page each: preflight reads them back)."""
    config = folder / "config.yaml"
    config.write_text("books:\n  - title: Pre\n    print: {service: kdp}\n"
                      "    sections:\n      - {title: S, puzzles: p.txt}\n", encoding="utf-8")
    (folder / "out").mkdir()
    for name in ("pre-puzzles", "pre-cover", "pre-answers", "pre-answers-cover"):
        with pymupdf.open() as doc:
            doc.new_page(width=432, height=648)
            doc.save(folder / "out" / f"{name}.pdf")
    return config


@pytest.mark.parametrize("target", ["config.yaml", "out/pre-puzzles.pdf"])
def test_preflight_junit_onto_its_config_or_a_pdf_is_refused(guarded_cli: Cli, bank: Path, target: str) -> None:
    """README: outputs are written "never onto an input" (preflight's config and the PDFs it reads)."""
    config = _built(bank.parent)
    before = {path: path.read_bytes() for path in (config, bank.parent / "out" / "pre-puzzles.pdf")}
    run = guarded_cli("preflight", str(config), "--junit", target)
    assert run.code == 2, run
    assert "would be the same file as" in run.err
    assert {path: path.read_bytes() for path in before} == before


def test_preflight_refuses_a_pdf_that_is_a_device(guarded_cli: Cli, bank: Path) -> None:
    """README, Limits: every input is read only from a regular file, within a size limit."""
    config = _built(bank.parent)
    pdf = bank.parent / "out" / "pre-puzzles.pdf"
    pdf.unlink()
    pdf.symlink_to("/dev/zero")
    run = guarded_cli("preflight", str(config))
    assert run.code == 2, run
    assert "pre-puzzles.pdf: is a device, not a regular file" in run.err


@pytest.mark.slow
def test_build_report_onto_the_cover_image_is_refused(guarded_cli: Cli, bank: Path) -> None:
    """README: outputs are written "never onto an input" -- the cover's front image is one
    (it is read as every input is, and so listed among the build's inputs)."""
    from PIL import Image
    Image.new("RGB", (2000, 2800), "teal").save(bank.parent / "front.png")
    (bank.parent / "config.yaml").write_text(
        "books:\n  - title: Cov\n    print: {service: kdp}\n    cover: {front_image: front.png}\n"
        "    sections:\n      - {title: S, puzzles: p.txt}\noutput: {formats: [pdf, cover]}\n", encoding="utf-8")
    before = (bank.parent / "front.png").read_bytes()
    run = guarded_cli("build", "config.yaml", "--report", "front.png", "-q")
    assert run.code == 2, run
    assert "the JSON report (--report) would be the same file as the cover's front image" in run.err
    assert (bank.parent / "front.png").read_bytes() == before
    assert not (bank.parent / "out").exists()


def test_export_onto_a_puzzle_file_of_its_config_is_refused(guarded_cli: Cli, bank: Path) -> None:
    """README: outputs are written "never onto an input" -- export's manifest onto a puzzle file
    its config reads (not only onto the config named on the command line)."""
    puzzles = bank.parent / "manifest.json"
    puzzles.write_text('[{"givens": ".3.22......44.2."}]\n', encoding="utf-8")
    (bank.parent / "config.yaml").write_text(
        "books:\n  - title: E\n    sections:\n      - {title: S, puzzles: manifest.json}\n", encoding="utf-8")
    run = guarded_cli("export", "config.yaml", "--format", "svg", "--out", ".")
    assert run.code == 2, run
    assert "the exported manifest.json would be the same file as a puzzle file" in run.err
    assert puzzles.read_text(encoding="utf-8") == '[{"givens": ".3.22......44.2."}]\n'
