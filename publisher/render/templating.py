"""One way to build a jinja2 environment for the template-driven formats (HTML, RTF).

Users restyle a book by putting templates of the same name in their own folder
(config ``templates:``); :attr:`publisher.render.RenderContext.template_dirs`
lists that folder before the built-in ``templates/``. Each format keeps its
templates in its own subfolder (``html/``, ``rtf/``), so a user folder can hold
overrides for several formats side by side.

Escaping differs per format (HTML autoescape, RTF ``finalize``), so the caller
says how; everything else (search order, strict undefined, stable whitespace)
is decided here once.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from publisher import safeio
from publisher.render import RenderError


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
    return jinja2.Environment(
        loader=_RegularFileLoader(search_path),
        autoescape=autoescape,
        finalize=finalize,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )


class _RegularFileLoader(jinja2.FileSystemLoader):
    """The file-system loader, reading templates as inputs are read: regular files only,
    bounded in size, UTF-8 (a template that is not is one line naming its file and line)."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)
        for folder in self.searchpath:
            path = Path(folder, *pieces)
            if os.path.lexists(path):
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
