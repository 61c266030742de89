"""Renderers: one small class per output format behind one interface, found by name.

A renderer turns a :class:`publisher.model.Booklet` into the bytes of one file.
It sees only the book model (never the config, never the solver), draws what
layout decided, and must return identical bytes for an identical booklet.

Adding a format is adding a module here that defines a :class:`Renderer`
subclass decorated with :func:`register`.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from publisher.model import Booklet


def _builtin_templates() -> Path:
    """The top-level ``templates/`` folder: inside the package when installed from a
    wheel (pyproject maps it to ``publisher.templates``), beside it in a checkout."""
    packaged = Path(__file__).resolve().parent.parent / "templates"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parents[2] / "templates"


#: The output format name of the full-wrap cover (``output.formats``, ``--format``): an output
#: format, though not a booklet renderer (:mod:`publisher.printing.cover` draws it)
COVER_FORMAT = "cover"

#: Built-in template folder (HTML and RTF jinja2 templates).
BUILTIN_TEMPLATES = _builtin_templates()


@dataclass(frozen=True)
class RenderContext:
    """What a renderer may need besides the booklet.

    ``template_dirs`` are searched in order: the user's folder (config
    ``templates:``) first, the built-in ``templates/`` last."""

    template_dirs: tuple[Path, ...] = (BUILTIN_TEMPLATES,)


class RenderError(Exception):
    """Book content a format cannot carry (e.g. a control character in a title for
    DOCX). The message names the field; the build reports it as an input error."""


class Renderer:
    """Base class of all renderers."""

    name: ClassVar[str]        # format name used in config and CLI: "pdf"
    extension: ClassVar[str]   # file extension without dot: "pdf"

    def __init__(self, context: RenderContext | None = None) -> None:
        self.context = context or RenderContext()

    def render(self, booklet: Booklet) -> bytes:
        raise NotImplementedError


_REGISTRY: dict[str, type[Renderer]] = {}
_BUILTIN_MODULES = ("pdf", "docx", "rtf", "html")


class DuplicateFormatError(ValueError):
    """Two renderers claim one format name: config and CLI could not tell them apart."""


def register(cls: type[Renderer]) -> type[Renderer]:
    """Class decorator: make a renderer available under ``cls.name``; a name
    taken by another renderer class is an error, a built-in one's too (its module is
    loaded first, so a plug-in cannot shadow it by registering before it loads)."""
    if cls.__module__ != f"{__name__}.{cls.name}":
        _load(cls.name)
    known = _REGISTRY.get(cls.name)
    if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
        raise DuplicateFormatError(f"format {cls.name!r} is registered twice: by {known.__module__}."
                                   f"{known.__qualname__} and {cls.__module__}.{cls.__qualname__}")
    _REGISTRY[cls.name] = cls
    return cls


def _load(name: str) -> None:
    """Import the built-in renderer module of format ``name`` (it registers itself)."""
    if name in _BUILTIN_MODULES and name not in _REGISTRY:
        importlib.import_module(f"{__name__}.{name}")


def formats() -> tuple[str, ...]:
    """Names of every format, in the canonical order: the one list config
    (``output.formats``) and the CLI (``--format``) accept. Built-in formats are
    named without importing their renderers (reportlab, python-docx, jinja2 load
    only when a book is rendered), then any other registered one."""
    return tuple(dict.fromkeys(_BUILTIN_MODULES + tuple(_REGISTRY)))


def get(name: str) -> type[Renderer]:
    """The renderer class for a format name (its module imported now); KeyError if unknown."""
    _load(name)
    return _REGISTRY[name]
