"""The documentation is a contract: its config tables, exit codes and limits are checked here.

The tables are read from the docs as the site shows them (the config reference made from the
schema by docs/hooks.py), so a key documented but not accepted, a default that drifted, an exit
code without its behaviour or a limit whose figure is not the code's fails a test.
"""
from __future__ import annotations

import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest

from publisher import safeio, yamlfile
from publisher.cli import main
from publisher.cli.chess import (
    MAX_ENUMERATE_QUEENS,
    MAX_QUEENS,
    MAX_TOUR_SQUARES,
    QUEENS_NODE_LIMIT,
)
from publisher.config import _SECTION_MODELS, LABEL_KEYS, Config, _model_in
from publisher.labels import DEFAULT_LABELS
from publisher.units import MAX_PAGE_SIDE
from solver.knights.puzzle import MAX_PUZZLE_SIDE
from solver.queens import MAX_PUZZLE_N
from solver.sudoku.geometry import MAX_SIZE
from solver.sudoku.verdict import DEFAULT_NODE_LIMIT
from tests.documentation import documentation
from tests.samples import HARD_9X9

README = documentation(generated=True)


def section_of(title: str) -> str:
    """The docs' text from heading ``title`` to the next heading of the same or a higher level."""
    level = re.match(r"#+", title).group()
    start = README.index(title + "\n")
    end = re.search(rf"^#{{1,{len(level)}}} ", README[start + len(title):], re.MULTILINE)
    return README[start: start + len(title) + (end.start() if end else len(README))]


def table_keys(title: str) -> list[str]:
    """Every key path of a config table: '`page.margins.top/bottom/outside`' gives three."""
    keys = []
    for row in re.findall(r"^\| (`[^|]+) \|", section_of(title), re.MULTILINE):
        for name in re.findall(r"`([^`]+)`", row):
            head, _, tails = name.rpartition(".")
            keys.extend(f"{head}.{tail}" if head else tail for tail in tails.split("/"))
    return keys


def accepts(models: list[Any], path: str) -> bool:
    """Whether the key path exists in any of ``models`` (walking nested models)."""
    for model in models:
        current: Any = model
        for part in path.replace("[]", "").split("."):
            field = current.model_fields.get(part) if current is not None else None
            if field is None:
                break
            current = _model_in(field.annotation)
        else:
            return True
    return False


@pytest.mark.parametrize("title, models", [
    ("### Top level", [Config]),
    ("### `books[]`", [Config.model_fields["books"].annotation.__args__[0]]),
    ("### `books[].sections[]`", list(_SECTION_MODELS.values())),
])
def test_every_documented_key_is_in_the_schema(title: str, models: list[Any]) -> None:
    keys = table_keys(title)
    assert len(keys) >= 5
    missing = [key for key in keys if not accepts(models, key)]
    assert not missing, f"documented under {title} but not accepted: {missing}"


def test_every_schema_key_is_documented() -> None:
    documented = set(table_keys("### Top level")) | set(table_keys("### `books[]`")) | set(
        table_keys("### `books[].sections[]`"))
    book = Config.model_fields["books"].annotation.__args__[0]
    fields = set(Config.model_fields) | set(book.model_fields) | {
        name for model in _SECTION_MODELS.values() for name in model.model_fields}
    assert not {f for f in fields if not any(k == f or k.startswith(f + ".") for k in documented)}


def test_documented_defaults_are_the_schemas() -> None:
    config = Config.model_validate({"books": [{"title": "T", "sections": [{"title": "S", "puzzles": "x"}]}]})
    book, section = config.books[0], config.books[0].sections[0]
    rows = dict(re.findall(r"^\| `([\w.]+)` \| [^|]+ \| `([^`]+)` \|", README, re.MULTILINE))
    assert rows["node_limit"] == str(config.node_limit) == str(DEFAULT_NODE_LIMIT)
    assert rows["output.folder"] == config.output.folder
    assert rows["output.formats"] == f"[{', '.join(config.output.formats)}]"
    assert rows["on_rejected"] == config.on_rejected
    assert rows["language"] == book.language
    assert rows["page.mirrored"] == str(book.page.mirrored).lower()
    assert rows["kind"] == section.kind
    assert rows["labels"] == "{}" and book.labels == {}


@pytest.mark.slow   # a whole build (about 1.2 s: the first in its process loads the renderers)
def test_documented_label_keys_are_the_accepted_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    documented = re.findall(r"^\| `(\w+)` \|", section_of("# Labels"), re.MULTILINE)
    assert sorted(documented) == sorted(LABEL_KEYS)
    assert set(DEFAULT_LABELS["en"]) <= set(LABEL_KEYS)
    monkeypatch.chdir(tmp_path)
    Path("set.txt").write_text(HARD_9X9 + "\n", encoding="utf-8")
    Path("config.yaml").write_text("books:\n  - title: T\n    labels: {puzzle: Rätsel, answers: Lösungen}\n"
                                   "    sections: [{title: S, puzzles: set.txt}]\noutput: {formats: [html]}\n",
                                   encoding="utf-8")
    assert main(["build", "config.yaml", "-q"]) == 0
    html = b"".join(p.read_bytes() for p in Path("out").iterdir()).decode("utf-8")
    assert "Rätsel" in html and "Lösungen" in html


# ------------------------------------------------------------------- exit codes

def exit_codes() -> dict[int, str]:
    table = section_of("## CLI contract")
    return {int(code): meaning for code, meaning in re.findall(r"^\| (\d+) \| (.+) \|$", table, re.MULTILINE)}


def test_the_exit_code_table() -> None:
    assert sorted(exit_codes()) == [0, 1, 2, 3, 129, 130, 143]
    assert "--debug" in exit_codes()[3] and "internal error" in exit_codes()[3]


@pytest.fixture
def book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "set.txt").write_text(HARD_9X9 + "\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text("books:\n  - title: T\n    sections: [{title: S, puzzles: set.txt}]\n"
                                          "output: {formats: [rtf]}\n", encoding="utf-8")
    return tmp_path


def test_exit_0_built(book: Path) -> None:
    assert main(["build", "-q"]) == 0 and len(list((book / "out").iterdir())) == 2


def test_exit_1_rejected(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (book / "set.txt").write_text("11" + "." * 79 + "\n", encoding="utf-8")
    assert main(["build", "-q"]) == 1 and "set.txt:1: contradictory" in capsys.readouterr().err
    assert main(["tour", "4x4"]) == 1


def test_exit_2_usage(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "nothere.yaml"]) == 2
    assert capsys.readouterr().err == "puzzlepress: error: nothere.yaml: config file not found\n"


def test_exit_3_internal_error_and_debug(book: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("publisher.build.verify_sections", lambda *args, **options: 1 / 0)
    assert main(["build", "-q"]) == 3
    assert capsys.readouterr().err == ("puzzlepress: internal error: ZeroDivisionError: division by zero; "
                                       "please report it with --debug\n")
    assert main(["build", "-q", "--debug"]) == 3 and "Traceback" in capsys.readouterr().err


def test_exit_130_interrupted(book: Path, capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    def ctrl_c(*args: object, **options: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)
    monkeypatch.setattr("publisher.build.verify_sections", ctrl_c)
    assert main(["build", "-q"]) == 130 and capsys.readouterr().err == "puzzlepress: interrupted\n"
    assert not (book / "out").exists()


# ------------------------------------------------------------------- limits

def test_documented_limits_are_the_codes() -> None:
    limits = section_of("### Limits")
    assert f"at most {safeio.MAX_INPUT_BYTES // 2**20} MiB" in limits
    assert f"nesting at most {yamlfile.MAX_DEPTH} levels" in limits
    assert f"aliases may add at most {yamlfile.MAX_ALIAS_NODES:,} nodes" in limits
    assert f"integers of at most {yamlfile.MAX_INT_DIGITS} digits" in limits
    assert f"grids up to {MAX_SIZE}x{MAX_SIZE}" in limits
    assert f"boards up to {MAX_PUZZLE_SIDE}x{MAX_PUZZLE_SIDE}" in limits and MAX_PUZZLE_N == MAX_PUZZLE_SIDE
    assert f"to {MAX_PAGE_SIDE / 72:g} in" in limits
    assert f"at most {MAX_TOUR_SQUARES:,} squares" in limits
    assert f"N at most {MAX_QUEENS:,}" in limits and f"take N at most {MAX_ENUMERATE_QUEENS}" in limits
    assert f"default {QUEENS_NODE_LIMIT:,} nodes" in limits
    assert f"(default {DEFAULT_NODE_LIMIT:,})" in limits
