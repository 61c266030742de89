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

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import jinja2

from publisher.render import RenderError


def make_environment(
    dirs: Iterable[Path],
    subdir: str,
    *,
    autoescape: bool,
    finalize: Callable[[Any], Any] | None = None,
) -> jinja2.Environment:
    """An environment loading ``<dir>/<subdir>/<name>`` from the first of ``dirs`` that has it.

    ``StrictUndefined`` makes a misspelt variable in a user's template an error
    instead of a silently empty spot on a printed page. ``trim_blocks`` and
    ``lstrip_blocks`` keep block tags from leaking newlines into the output,
    which matters for whitespace-sensitive formats such as RTF.
    """
    search_path = [str(Path(d) / subdir) for d in dirs]
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(search_path),
        autoescape=autoescape,
        finalize=finalize,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )


@contextmanager
def template_errors() -> Iterator[None]:
    """Turn a broken template (often a user's override) into a one-line RenderError
    naming the template file and line, instead of a traceback."""
    try:
        yield
    except jinja2.TemplateSyntaxError as error:
        raise RenderError(f"{error.filename or error.name}:{error.lineno}: template error: {error.message}") from None
    except jinja2.TemplateError as error:
        raise RenderError(f"template error: {error.message or error}") from None
