"""The shared template environment: user folder first, built-in last, strict variables."""
from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from publisher.render.templating import make_environment


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_first_folder_that_has_the_template_wins(tmp_path: Path) -> None:
    user, builtin = tmp_path / "user", tmp_path / "builtin"
    _write(builtin, "rtf/page.j2", "builtin {{ x }}")
    _write(builtin, "rtf/only.j2", "only builtin")
    _write(user, "rtf/page.j2", "user {{ x }}")
    env = make_environment([user, builtin], "rtf", autoescape=False)
    assert env.get_template("page.j2").render(x=1) == "user 1"
    assert env.get_template("only.j2").render() == "only builtin"


def test_undefined_variable_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path, "html/t.j2", "{{ missing }}")
    env = make_environment([tmp_path], "html", autoescape=True)
    with pytest.raises(jinja2.UndefinedError):
        env.get_template("t.j2").render()


def test_autoescape_and_finalize_are_the_callers_choice(tmp_path: Path) -> None:
    _write(tmp_path, "html/t.j2", "{{ v }}")
    assert make_environment([tmp_path], "html", autoescape=True).get_template("t.j2").render(v="<b>") == "&lt;b&gt;"
    env = make_environment([tmp_path], "html", autoescape=False, finalize=lambda v: str(v).upper())
    assert env.get_template("t.j2").render(v="<b>") == "<B>"


def test_formats_come_from_the_registry_and_a_duplicate_name_is_an_error() -> None:
    """config's output.formats and the CLI's --format accept exactly the registry's names (and the
    cover, which is not a booklet renderer and not in the default list)."""
    import click
    import pytest

    from publisher import render
    from publisher.cli.build import build
    from publisher.config import Output

    assert Output().formats == list(render.formats()) == ["pdf", "docx", "rtf", "html"]
    choice = next(p for p in build.params if p.name == "formats").type
    assert isinstance(choice, click.Choice) and list(choice.choices) == [*render.formats(), "cover"]
    with pytest.raises(ValueError, match="got 'odt'"):
        Output(formats=["pdf", "odt"])

    class Impostor(render.Renderer):
        name = "pdf"
        extension = "pdf"

    with pytest.raises(render.DuplicateFormatError, match="'pdf' is registered twice"):
        render.register(Impostor)
    assert render.get("pdf") is not Impostor
