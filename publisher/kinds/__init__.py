"""The puzzle kinds a book can hold: the registry config, sources, verify, build and the CLI ask.

Each kind is one module of this package defining a :class:`~publisher.kinds.base.Kind`
subclass and registering it with :func:`register`; nothing outside this package
tests a kind's name. A section's ``kind`` key, its section model, the config's
error messages and the kind names a command accepts all come from here.

The built-in kinds are registered on the first lookup, not on import: a command that
only needs :data:`DEFAULT_KIND` (``check`` reads Sudoku text) never pays for the kinds'
config models and solvers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from publisher.kinds.base import Kind
    from publisher.schema import KindPuzzle

    #: a kind of the registry: each of its own puzzle type (KindPuzzle says why it is not one type)
    AnyKind = Kind[KindPuzzle]
    KINDS: dict[str, AnyKind]   # (provided by __getattr__)

#: The kind a section has when it names none.
DEFAULT_KIND = "sudoku"

_REGISTRY: dict[str, AnyKind] = {}
_builtins_registered = False


def _kinds() -> dict[str, AnyKind]:
    """The registry, with the built-in kinds in it."""
    global _builtins_registered
    if not _builtins_registered:
        _builtins_registered = True
        _register_builtins()
    return _REGISTRY


def register(kind: AnyKind) -> AnyKind:
    """Make ``kind`` available under its name (a second kind with the same name is an error)."""
    registry = _kinds()   # the built-ins first: a second kind of one of their names is an error
    if kind.name in registry and type(registry[kind.name]) is not type(kind):
        raise ValueError(f"puzzle kind {kind.name!r} is registered twice")
    registry[kind.name] = kind
    return kind


def get(name: str) -> AnyKind:
    """The kind of a section's ``kind`` value; KeyError if unknown."""
    return _kinds()[name]


def kind_of(puzzle: object) -> AnyKind:
    """The kind a parsed puzzle belongs to (by its solver type); the default kind otherwise."""
    registry = _kinds()
    for kind in registry.values():
        if kind.puzzle_type is not None and isinstance(puzzle, kind.puzzle_type):
            return kind
    return registry[DEFAULT_KIND]


def for_entry(entry: dict[str, object], default: AnyKind) -> AnyKind:
    """The kind a structured puzzle names with its ``kind`` key (``default`` when it names
    none or one not registered: the default's parser then names the problem)."""
    name = entry.get("kind")
    return _kinds().get(name, default) if isinstance(name, str) else default


def names() -> tuple[str, ...]:
    """Every kind's name, in registration order (the order messages list them in)."""
    return tuple(_kinds())


def _register_builtins() -> None:
    from publisher.kinds.futoshiki import FutoshikiKind
    from publisher.kinds.kenken import KenKenKind
    from publisher.kinds.killer import KillerKind
    from publisher.kinds.knights_tour import KnightsTourKind
    from publisher.kinds.queens import QueensKind
    from publisher.kinds.skyscrapers import SkyscrapersKind
    from publisher.kinds.sudoku import SudokuKind

    for kind in (SudokuKind(), KillerKind(), KenKenKind(), KnightsTourKind(), QueensKind(),
                 SkyscrapersKind(), FutoshikiKind()):
        register(kind)


def __getattr__(name: str) -> object:
    """``KINDS`` (name -> kind, every kind registered) and ``Kind``, loaded when first asked for."""
    if name == "KINDS":
        return _kinds()
    if name == "Kind":
        from publisher.kinds.base import Kind
        return Kind
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["DEFAULT_KIND", "KINDS", "Kind", "for_entry", "get", "kind_of", "names", "register"]
