"""The reference pages made from the code, so the docs cannot drift from what puzzlepress accepts.

MkDocs calls :func:`on_page_markdown` for every page (``hooks:`` in ``mkdocs.yml``); a page
holding one of the :data:`MARKERS` gets the text that marker names, made here from:

* the config schema (``publisher.config``, the kinds' section models): every key with its type,
  default and the description written once, as the docstring under the key;
* the click commands (``publisher.cli``): every command's usage, help and options;
* the label tables (``publisher.labels``): every word a book prints, in English and Vietnamese.

The tests import this file to check that every key and option has a description and that
the pages say what the code does (``tests/project/test_docs.py``).
"""
from __future__ import annotations

import typing
from collections.abc import Callable, Iterator
from types import UnionType
from typing import Annotated, Literal, get_args, get_origin

import click
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

#: What a key's value is, for the validators that turn a user's text into it (by function name)
VALIDATED_TYPES = {
    "_length": "length (`15mm`, `0.5in`, `36pt`)",
    "_gutter": "length or `auto`",
    "_grid": "`ACROSSxDOWN` (`2x3`)",
    "_page_size": "page size (`A4`, `6x9in`, `148x210mm`)",
    "_paths": "file, glob or list of them",
    "_box_shape": "`RxC` (`2x3`)",
    "_color": "colour `#rrggbb`",
    "_edition": "text or number",
    "_answers": "`separate`, `back`, `both` or mapping",
    "_techniques": "technique name or list of them",
    "_givens": "count or `{min, max}`",
}
PLAIN_TYPES = {bool: "true or false", int: "integer", float: "number", str: "text", object: "any value"}


def type_name(annotation: object, metadata: typing.Sequence[object] = ()) -> str:
    """A key's type as a config's writer reads it: ``text``, ``integer``, ``a`` or ``b``..."""
    for item in metadata:
        named = VALIDATED_TYPES.get(getattr(getattr(item, "func", None), "__name__", ""))
        if named:
            return named
    origin = get_origin(annotation)
    if origin is Annotated:
        inner, *extra = get_args(annotation)
        return type_name(inner, extra)
    if origin is Literal:
        return " or ".join(f"`{value}`" for value in get_args(annotation))
    if origin in (typing.Union, UnionType):
        parts = [type_name(arg) for arg in get_args(annotation) if arg is not type(None)]
        return " or ".join(dict.fromkeys(parts))
    if origin is list:
        return f"list of {type_name(get_args(annotation)[0])}"
    if origin is dict:
        return "mapping"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "mapping"
    if isinstance(annotation, type) and annotation in PLAIN_TYPES:
        return PLAIN_TYPES[annotation]
    return str(getattr(annotation, "__name__", annotation))


def default_text(field: FieldInfo) -> str:
    """A key's default as a config writes it."""
    if field.default_factory is not None:
        value = field.default_factory()  # type: ignore[call-arg]
    elif field.default is PydanticUndefined:
        return "(required)"
    else:
        value = field.default
    if value is None:
        return "none"
    if isinstance(value, BaseModel):
        return ""          # its keys follow, each with its own default
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, list):
        return f"`[{', '.join(map(str, value))}]`"
    if isinstance(value, dict):
        return "`{}`" if not value else f"`{value}`"
    return f"`{value}`"


def _models_in(annotation: object) -> list[type[BaseModel]]:
    """The config models a key's value may be (a mapping key's own keys are listed below it)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [model for arg in get_args(annotation) for model in _models_in(arg)]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def key_rows(model: type[BaseModel], prefix: str = "", *, skip: typing.Collection[str] = ()) -> Iterator[str]:
    """The table rows of a model's keys; a key whose value is a mapping of keys of its own is
    listed with them after it (``page.margins.top``), a list of them on its own table."""
    for name, field in model.model_fields.items():
        if name in skip:
            continue
        key = prefix + name
        nested = _models_in(field.annotation)
        listed = get_origin(field.annotation) is list or any(get_origin(a) is list for a in get_args(field.annotation))
        yield (f"| `{key}` | {_cell(type_name(field.annotation, field.metadata))} | {default_text(field)} "
               f"| {_cell(field.description or '')} |")
        if nested and not listed:
            for sub in nested:
                yield from key_rows(sub, key + ".")


HEADER = "| key | type | default | meaning |\n|---|---|---|---|\n"


def table(model: type[BaseModel], prefix: str = "", **options: typing.Collection[str]) -> str:
    return HEADER + "\n".join(key_rows(model, prefix, **options)) + "\n"


def config_reference() -> str:
    """Every config key, table by table: the top level, a book, a section and each kind's own."""
    from publisher.config import _SECTION_MODELS, Book, Config
    from publisher.schema import SectionBase
    parts = ["### Top level\n\n", table(Config),
             "\n### `books[]`\n\nEvery book is a mapping with these keys.\n\n", table(Book),
             "\n### `books[].sections[]`\n\nEvery section, whatever its kind, has these keys.\n\n",
             table(SectionBase, skip=("kind",))]
    common = set(SectionBase.model_fields) - {"kind"}
    for kind, model in _SECTION_MODELS.items():
        parts += [f"\n#### `kind: {kind}`\n\n", table(model, skip=common)]
        for name, field in model.model_fields.items():
            if name in common:
                continue
            for nested in _models_in(field.annotation):
                if get_origin(field.annotation) is list:
                    parts += [f"\n##### `{kind}` `{name}[]` entries\n\n", table(nested, f"{name}[].")]
    return "".join(parts)


def _option_row(param: click.Parameter) -> str:
    names = ", ".join(f"`{name}`" for name in [*param.opts, *param.secondary_opts])
    if isinstance(param, click.Option) and param.is_flag:
        kind = "flag"
    elif isinstance(param.type, click.Choice):
        kind = " or ".join(f"`{choice}`" for choice in param.type.choices)
    else:
        kind = param.type.name
    default = param.default if isinstance(param, click.Option) and not param.is_flag else None
    unset = default is None or type(default).__name__ == "Sentinel"   # click 8.3+ marks "no default" so
    shown = f"`{default}`" if not unset and default not in ((), [], "") else ""
    return f"| {names} | {kind} | {shown} | {_cell(getattr(param, 'help', None) or '')} |"


def commands() -> Iterator[tuple[str, click.Command, click.Context]]:
    """Every command of ``puzzlepress`` (subcommands included) with its context."""
    from publisher.cli import cli
    root = click.Context(cli, info_name="puzzlepress")

    def walk(group: click.Group, context: click.Context) -> Iterator[tuple[str, click.Command, click.Context]]:
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            if command is None or command.hidden:
                continue
            inner = click.Context(command, info_name=name, parent=context)
            yield inner.command_path, command, inner
            if isinstance(command, click.Group):
                yield from walk(command, inner)
    yield "puzzlepress", cli, root
    yield from walk(cli, root)


def cli_reference() -> str:
    """Every command: its usage line, its help and a table of its options."""
    parts = []
    for path, command, context in commands():
        level = "#" * min(2 + path.count(" "), 4)
        parts.append(f"{level} `{path}`\n\n```\n{command.get_usage(context)}\n```\n\n")
        parts.append(f"{(command.help or '').strip()}\n\n")
        options = [p for p in command.get_params(context) if isinstance(p, click.Option)]
        if options:
            parts.append("| option | value | default | meaning |\n|---|---|---|---|\n")
            parts.append("\n".join(_option_row(p) for p in options) + "\n\n")
    return "".join(parts)


def labels_reference() -> str:
    """Every word a book or its playable page prints, by key, in the two built-in languages."""
    from publisher.labels import DEFAULT_LABELS, SCREEN_LABELS
    rows = ["| key | English | Vietnamese |", "|---|---|---|"]
    for words in (DEFAULT_LABELS, SCREEN_LABELS):
        for key, english in words["en"].items():
            rows.append(f"| `{key}` | {_cell(english)} | {_cell(words.get('vi', {}).get(key, ''))} |")
    return "\n".join(rows) + "\n"


#: page text -> what replaces it
MARKERS: dict[str, Callable[[], str]] = {
    "<!-- config-reference -->": config_reference,
    "<!-- cli-reference -->": cli_reference,
    "<!-- labels-reference -->": labels_reference,
}


def on_page_markdown(markdown: str, **_: object) -> str:
    """MkDocs' hook: the markers of a page replaced by the reference they name."""
    for marker, make in MARKERS.items():
        if marker in markdown:
            markdown = markdown.replace(marker, make())
    return markdown
