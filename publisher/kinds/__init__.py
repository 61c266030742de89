"""The puzzle kinds a book can hold: the registry config, sources, verify, build and the CLI ask.

Each kind is one module of this package defining a :class:`~publisher.kinds.base.Kind`
subclass and registering it with :func:`register`; nothing outside this package
tests a kind's name. A section's ``kind`` key, its section model, the config's
error messages and the kind names a command accepts all come from here.
"""
from __future__ import annotations

from typing import Any

from publisher.kinds.base import Kind

#: The kind a section has when it names none.
DEFAULT_KIND = "sudoku"

_REGISTRY: dict[str, Kind[Any]] = {}


def register(kind: Kind[Any]) -> Kind[Any]:
    """Make ``kind`` available under its name (a second kind with the same name is an error)."""
    if kind.name in _REGISTRY and type(_REGISTRY[kind.name]) is not type(kind):
        raise ValueError(f"puzzle kind {kind.name!r} is registered twice")
    _REGISTRY[kind.name] = kind
    return kind


def get(name: str) -> Kind[Any]:
    """The kind of a section's ``kind`` value; KeyError if unknown."""
    return _REGISTRY[name]


def kind_of(puzzle: object) -> Kind[Any]:
    """The kind a parsed puzzle belongs to (by its solver type); the default kind otherwise."""
    for kind in _REGISTRY.values():
        if kind.puzzle_type is not None and isinstance(puzzle, kind.puzzle_type):
            return kind
    return _REGISTRY[DEFAULT_KIND]


def for_entry(entry: dict[str, Any], default: Kind[Any]) -> Kind[Any]:
    """The kind a structured puzzle names with its ``kind`` key (``default`` when it names
    none or one not registered: the default's parser then names the problem)."""
    name = entry.get("kind")
    return _REGISTRY.get(name, default) if isinstance(name, str) else default


def names() -> tuple[str, ...]:
    """Every kind's name, in registration order (the order messages list them in)."""
    return tuple(_REGISTRY)


def _register_builtins() -> None:
    from publisher.kinds.kenken import KenKenKind
    from publisher.kinds.killer import KillerKind
    from publisher.kinds.knights_tour import KnightsTourKind
    from publisher.kinds.queens import QueensKind
    from publisher.kinds.sudoku import SudokuKind

    for kind in (SudokuKind(), KillerKind(), KenKenKind(), KnightsTourKind(), QueensKind()):
        register(kind)


_register_builtins()

#: name -> kind, for lookups by an item's or a section's ``kind``
KINDS = _REGISTRY

__all__ = ["DEFAULT_KIND", "KINDS", "Kind", "for_entry", "get", "kind_of", "names", "register"]
