"""One way to build a jinja2 environment for the template-driven formats (HTML, RTF).

Users restyle a book by putting templates of the same name in their own folder
(config ``templates:``); :attr:`publisher.render.RenderContext.template_dirs`
lists that folder before the built-in ``templates/``. Each format keeps its
templates in its own subfolder (``html/``, ``rtf/``), so a user folder can hold
overrides for several formats side by side.

A template is code from the user's folder, and the docs' CI recipe builds every pull
request, so a template must not be able to do more than draw the book. It runs in
jinja2's immutable sandbox (no attribute starting with ``_``, no method that changes a
list or a mapping, ``range`` bounded), it reads only templates inside the folders searched,
and its work is bounded: nesting (the parser recurses), steps (every call and every turn
of a loop) and output, each scaled to the booklet it draws (:class:`Budget`). A refused
operation is a template error naming the template's file and line.

Escaping differs per format (HTML autoescape, RTF ``finalize``), so the caller
says how; everything else (search order, strict undefined, stable whitespace)
is decided here once.
"""
from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import NoReturn

import jinja2
from jinja2 import nodes
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from publisher import safeio
from publisher.model import Band, Booklet
from publisher.render import RenderError

#: Deepest nesting of brackets and block tags a template may have (jinja2's parser recurses
#: about a dozen frames a level, so a few hundred levels exhaust Python's stack)
MAX_NESTING = 32
#: Steps (calls and loop turns) and characters a template may spend: a base, and so much per
#: cell of the booklet's grids (the built-in templates spend about 1 % of either). A step of a
#: macro call costs jinja2 about 10 us, so the base stops a runaway small book's render within
#: seconds (2,000,000 took 19 s and ran past the tests' 30 s on a loaded machine)
STEPS_BASE, STEPS_PER_CELL = 500_000, 500
CHARS_BASE, CHARS_PER_CELL = 32 * 1024 * 1024, 16 * 1024
#: The largest width, repeat count or exponent a template may ask of an operator or a filter
#: (``'x' * 10**9``, ``center(10**9)``, ``'%999999999d' % 1`` allocate a gigabyte at once)
MAX_NUMBER = 100_000
#: The name of the filter every ``{% for %}`` loop's sequence goes through to be counted
_COUNTED = "_counted_loop"
#: A width or precision of MAX_NUMBER or more, written in a format string
_WIDE = re.compile(r"\d{6}")


@dataclass(frozen=True)
class Budget:
    """The work a template may do for one booklet."""

    steps: int
    chars: int

    @classmethod
    def of(cls, booklet: Booklet) -> Budget:
        cells = sum(len(item.grid.cells) for page in booklet.pages for block in page.blocks
                    if isinstance(block, Band) for item in block.items) + 100 * booklet.page_count
        return cls(STEPS_BASE + STEPS_PER_CELL * cells, CHARS_BASE + CHARS_PER_CELL * cells)


class _Meter:
    """The steps left of a render's budget, and where in which template the last one was taken."""

    def __init__(self, budget: Budget) -> None:
        self.budget, self.steps = budget, budget.steps
        self.where: FrameType | None = None

    def spend(self, where: FrameType | None) -> None:
        self.steps -= 1
        self.where = where
        if self.steps < 0:
            raise jinja2.TemplateRuntimeError(f"the template takes more than {self.budget.steps:,} steps "
                                              "(calls and loop turns) for this booklet: a loop without end?")


_meter: ContextVar[_Meter | None] = ContextVar("template_meter", default=None)


def _spend() -> None:
    """One step of the running render, taken by the template code that called the caller."""
    meter = _meter.get()
    if meter is not None:
        meter.spend(sys._getframe(2))


def _counted(sequence: Iterable[object]) -> Iterator[object]:
    for item in sequence:
        _spend()
        yield item


def _template_line(frame: FrameType | None) -> str:
    """'file:line: ' of the template code running in ``frame`` (jinja2 keeps the template in
    its compiled code's globals and maps the code's lines to the template's), or ''."""
    template = frame.f_globals.get("__jinja_template__") if frame is not None else None
    if frame is None or not isinstance(template, jinja2.Template) or template.filename is None:
        return ""
    return f"{template.filename}:{template.get_corresponding_lineno(frame.f_lineno)}: "


def _refuse(what: str) -> NoReturn:
    raise SecurityError(f"{what}: more than a page needs (the limit is {MAX_NUMBER:,})")


def _check_format(text: object) -> None:
    """Refuse a format string asking for a huge width or precision, or one taken from its
    arguments (``%*d``, ``{:{}}``)."""
    if isinstance(text, str) and (_WIDE.search(text) or "%*" in text or ".*" in text or ":{" in text):
        _refuse("a format with a width or precision this large")


def _bounded_filter(function: Callable[..., object]) -> Callable[..., object]:
    """A filter that counts as a step and takes no number over MAX_NUMBER besides its input
    (a width, a length, a count)."""
    skip = 2 if getattr(function, "jinja_pass_arg", None) is not None else 1   # the context, then the input

    @functools.wraps(function)
    def bounded(*args: object, **kwargs: object) -> object:
        _spend()
        for value in (*args[skip:], *kwargs.values()):
            if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
                _refuse(f"the argument {value!r} of the filter {function.__name__!r}")
        if function.__name__ == "do_format":
            _check_format(args[skip - 1])
        return function(*args, **kwargs)
    return bounded


class _BoundedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox, with every call and every loop turn counted against the
    running render's :class:`Budget`, and a template's nesting bounded before it is parsed."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def call(__self, __context: jinja2.runtime.Context, __obj: object,
             *args: object, **kwargs: object) -> object:
        _spend()
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: object) -> Callable[..., str] | None:
        """A string's ``format`` as the sandbox wraps it, refused for a huge width up front."""
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_format(getattr(value, "__self__", None))
        return wrapped

    def call_binop(self, context: jinja2.runtime.Context, operator: str, left: object, right: object) -> object:
        _spend()
        if operator == "*":
            for items, times in ((left, right), (right, left)):
                if isinstance(items, (str, list, tuple)) and isinstance(times, int) and \
                        len(items) * times > MAX_NUMBER:
                    _refuse(f"a repeat to {len(items) * times:,} items")
        elif operator == "**" and isinstance(right, (int, float)) and abs(right) > 1_000 and \
                isinstance(left, (int, float)) and abs(left) > 1:
            _refuse(f"the power {right!r}")
        elif operator == "%":
            _check_format(left)
        return super().call_binop(context, operator, left, right)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        _check_nesting(self, source, name, filename)
        tree = super()._parse(source, name, filename)
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, _COUNTED, [], [], None, None, lineno=loop.lineno)
        return tree


_OPENING_TAGS = {"if", "for", "macro", "call", "filter", "block", "with", "autoescape", "trans"}


def _check_nesting(env: jinja2.Environment, source: str, name: str | None, filename: str | None) -> None:
    """Refuse a template nested deeper than :data:`MAX_NESTING` (brackets and block tags
    together), at the line that goes past it: read from jinja2's lexer, which does not recurse."""
    depth, tag_next = 0, False
    for lineno, token, value in env.lex(source, name, filename):
        if token == "whitespace":
            continue
        if token == "block_begin":
            tag_next = True
            continue
        if tag_next and token == "name":
            depth += value in _OPENING_TAGS
            depth -= value.startswith("end")
        elif token == "operator":
            depth += value in "([{"
            depth -= value in ")]}"
        tag_next = False
        if depth > MAX_NESTING:
            raise jinja2.TemplateSyntaxError(f"nested deeper than {MAX_NESTING} levels", lineno, name, filename)


def make_environment(
    dirs: Iterable[Path],
    subdir: str,
    *,
    autoescape: bool,
    finalize: Callable[[object], object] | None = None,
) -> jinja2.Environment:
    """An environment loading ``<dir>/<subdir>/<name>`` from the first of ``dirs`` that has it.

    ``StrictUndefined`` makes a misspelt variable in a user's template an error
    instead of a silently empty spot on a printed page. ``trim_blocks`` and
    ``lstrip_blocks`` keep block tags from leaking newlines into the output,
    which matters for whitespace-sensitive formats such as RTF.
    """
    search_path = [str(Path(d) / subdir) for d in dirs]
    env = _BoundedSandbox(
        loader=_RegularFileLoader(search_path),
        autoescape=autoescape,
        finalize=finalize,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters = {name: _bounded_filter(function) for name, function in env.filters.items()}
    env.filters[_COUNTED] = _counted
    env.globals.pop("lipsum")   # paragraphs of filler on request: nothing a book prints
    return env


def render_template(template: jinja2.Template, budget: Budget, **context: object) -> str:
    """``template`` drawn with ``context``, within ``budget``: past its steps or its
    characters, a template error (raised inside :func:`template_errors`, it names the line)."""
    meter = _Meter(budget)
    token = _meter.set(meter)
    try:
        pieces: list[str] = []
        size = 0
        for piece in template.generate(**context):
            size += len(piece)
            if size > budget.chars:
                raise RenderError(f"{_template_line(meter.where)}template error: the template writes more than "
                                  f"{budget.chars:,} characters for this booklet")
            pieces.append(piece)
        return "".join(pieces)
    finally:
        _meter.reset(token)


class _RegularFileLoader(jinja2.FileSystemLoader):
    """The file-system loader, reading templates as inputs are read: regular files only,
    bounded in size, UTF-8 (a template that is not is one line naming its file and line)."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)
        for folder in self.searchpath:
            path = Path(folder, *pieces)
            if os.path.lexists(path):
                if not path.resolve().is_relative_to(Path(folder).resolve()):
                    raise RenderError(f"{path}: a template outside the template folder {folder} "
                                      "(a link that leaves it) is not read")
                try:
                    return safeio.read_text(path, role="a template"), str(path), lambda: True
                except safeio.InputError as error:
                    raise RenderError(f"{error}") from None
        raise jinja2.TemplateNotFound(template)


def _template_frame(error: BaseException) -> tuple[str, int] | None:
    """The innermost traceback frame that runs template code (jinja2 maps those
    frames to the template's file and line)."""
    found = None
    trace = error.__traceback__
    while trace is not None:
        name = trace.tb_frame.f_code.co_filename
        if name.endswith(".j2") or "/templates/" in name:
            found = (name, trace.tb_lineno)
        trace = trace.tb_next
    return found


@contextmanager
def template_errors() -> Iterator[None]:
    """Turn a broken template (often a user's override) into a one-line RenderError
    naming the template file and line, instead of a traceback.

    Besides jinja2's own errors, anything a template's expressions raise
    (a division by zero, endless recursion of a macro) is the template's fault
    when the failing line is in a template, and is reported the same way."""
    try:
        yield
    except jinja2.TemplateSyntaxError as error:
        raise RenderError(f"{error.filename or error.name}:{error.lineno}: template error: {error.message}") from None
    except SyntaxError as error:   # jinja2 compiled the template into Python that does not compile
        raise RenderError(f"{error.filename}:{error.lineno}: template error: {error.msg}") from None
    except (jinja2.TemplateError, ArithmeticError, RecursionError, TypeError, ValueError, LookupError,
            AttributeError) as error:
        frame = _template_frame(error)
        if frame is None and not isinstance(error, jinja2.TemplateError):
            raise
        where = f"{frame[0]}:{frame[1]}: " if frame else ""
        message = error.message if isinstance(error, jinja2.TemplateError) and error.message else error
        if isinstance(error, RecursionError):
            message = "the template recurses without end"
        elif not isinstance(error, jinja2.TemplateError):
            message = f"{type(error).__name__}: {message}"
        raise RenderError(f"{where}template error: {message}") from None
