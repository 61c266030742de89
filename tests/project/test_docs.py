"""The docs site: its references are made from the code and leave nothing out, it builds with
``mkdocs build --strict``, every page is in its navigation, the README stays a front door, and
the tutorial's commands run, one after another, as a new user types them."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
import typing
from pathlib import Path

import click
import pytest
import yaml
from pydantic import BaseModel

from publisher.config import _SECTION_MODELS, LABEL_KEYS, Config
from tests.documentation import DOCS, TUTORIAL, hooks
from tests.runner import console, console_env
from tests.samples import REPO


def _models(model: type[BaseModel], seen: dict[type[BaseModel], None]) -> dict[type[BaseModel], None]:
    """``model`` and every model its keys' values may be, once each."""
    if model not in seen:
        seen[model] = None
        for field in model.model_fields.values():
            for nested in hooks()._models_in(field.annotation):
                _models(nested, seen)
    return seen


def _every_model() -> list[type[BaseModel]]:
    seen: dict[type[BaseModel], None] = {}
    for root in (Config, *_SECTION_MODELS.values()):
        _models(root, seen)
    return list(seen)


@pytest.mark.parametrize("model", _every_model(), ids=lambda model: model.__name__)
def test_every_config_key_has_a_description(model: type[BaseModel]) -> None:
    missing = [name for name, field in model.model_fields.items() if not (field.description or "").strip()]
    assert not missing, f"{model.__name__}: keys without a docstring under them: {missing}"


def _reference_keys() -> set[str]:
    return set(re.findall(r"^\| `([^`]+)` \|", hooks().config_reference(), re.MULTILINE))


def test_the_config_reference_lists_every_key_with_its_description() -> None:
    reference = hooks().config_reference()
    keys = _reference_keys()
    for model in (Config, Config.model_fields["books"].annotation.__args__[0]):   # the top level and a book
        for name, field in model.model_fields.items():
            assert name in keys, name
            first = " ".join((field.description or "").split())[:40]
            assert first and first.replace("|", "\\|") in reference, name
    assert {"page.margins.inside", "layout.qr", "cover.colors.background", "answers.hints"} <= keys
    for kind, section in _SECTION_MODELS.items():   # each kind's own table, its generate block flattened
        own = f"#### `kind: {kind}`"
        assert own in reference, own
        for name in set(section.model_fields) - {"kind"}:
            assert name in keys or any(k.startswith((f"{name}.", f"{name}[].")) for k in keys), (kind, name)
    assert {"generate.count", "generate.cages.min", "boards[].show_every", "boards[].given"} <= keys


def _commands() -> list[tuple[str, click.Command, click.Context]]:
    return list(hooks().commands())


def test_every_command_and_option_has_help() -> None:
    undocumented = []
    for path, command, context in _commands():
        if not (command.help or "").strip():
            undocumented.append(path)
        for param in command.get_params(context):
            if isinstance(param, click.Option) and not (param.help or "").strip():
                undocumented.append(f"{path} {param.opts[0]}")
    assert not undocumented, undocumented


def test_the_cli_reference_shows_every_command_and_option() -> None:
    reference = hooks().cli_reference()
    from publisher.cli import COMMAND_MODULES
    paths = [path for path, _, _ in _commands()]
    assert {f"puzzlepress {name}" for name in COMMAND_MODULES} <= set(paths)
    assert "puzzlepress catalog find" in paths
    for path, command, context in _commands():
        assert f"`{path}`" in reference, path
        for param in command.get_params(context):
            if isinstance(param, click.Option):
                assert f"`{param.opts[0]}`" in reference.split(f"`{path}`", 1)[1], (path, param.opts[0])


def test_the_labels_reference_has_every_key() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (.*?) \| (.*?) \|$", hooks().labels_reference(), re.MULTILINE)
    assert [key for key, _, _ in rows] == list(LABEL_KEYS)
    assert {key: english for key, english, _ in rows}["answer_page"] == "answer p. {page}"
    assert {key: vi for key, _, vi in rows}["puzzle"] == "Câu đố"


def _nav_pages(entries: list[object]) -> list[str]:
    pages: list[str] = []
    for entry in entries:
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            pages += _nav_pages(value) if isinstance(value, list) else [typing.cast(str, value)]
    return pages


def test_every_page_is_in_the_navigation_and_every_marker_is_known() -> None:
    site = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = _nav_pages(site["nav"])
    assert sorted(nav) == sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
    for page in DOCS.rglob("*.md"):
        for marker in re.findall(r"<!-- [a-z-]+ -->", page.read_text(encoding="utf-8")):
            assert marker in hooks().MARKERS, (page, marker)


def test_the_readme_is_a_front_door() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(readme) < 200
    first_screen = "\n".join(readme[:50])
    assert "puzzlepress init" in first_screen and "pip install . && puzzlepress build" in first_screen
    for target in re.findall(r"\]\((docs/[^)#]+)", "\n".join(readme)):   # every link into the docs leads to a page
        assert (REPO / target).is_file(), target


@pytest.mark.slow   # MkDocs with the material theme: about 5 s
def test_the_site_builds_strict(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=REPO,
                          capture_output=True, text=True, timeout=300, env=console_env(NO_MKDOCS_2_WARNING="1"))
    assert done.returncode == 0, done.stderr[-3000:]
    config = (site / "reference" / "config" / "index.html").read_text(encoding="utf-8")
    assert "page.margins.inside" in config and "<!-- config-reference -->" not in config
    options = (site / "reference" / "options" / "index.html").read_text(encoding="utf-8")
    assert "--node-limit" in options


@pytest.mark.slow   # a new user's first session: init, build, check, grade, convert (about 20 s)
def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    text = TUTORIAL.read_text(encoding="utf-8")
    script = "\n".join(re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL))
    assert "puzzlepress init mybook" in script and "puzzlepress build" in script
    puzzlepress = f"puzzlepress() {{ {shlex.join(console())} \"$@\"; }}\n"
    done = subprocess.run(["sh", "-ec", puzzlepress + script], cwd=tmp_path, capture_output=True, text=True,
                          timeout=600, env=console_env())
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
    books = sorted(p.name for p in (tmp_path / "mybook" / "out").iterdir())
    assert books == sorted(f"my-first-sudoku-book-{role}.{ext}" for role in ("puzzles", "answers")
                           for ext in ("pdf", "docx", "rtf", "html"))
    assert re.search(r"^https://sudokupad\.app/\S+$", done.stdout, re.MULTILINE)   # the link step's own line
    assert "unique" in done.stdout and "rating" in done.stdout
