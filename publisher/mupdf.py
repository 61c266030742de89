"""PyMuPDF as puzzlepress uses it: the reader and converter of PDFs, without its add-ons.

``import pymupdf`` also imports ``pymupdf.layout`` and ``pymupdf4llm`` when they are installed,
and those load onnxruntime: hundreds of MB of address space and a
``RuntimeError`` from onnxruntime under a memory limit, for page-layout analysis we never use
(we read boxes, drawings and words, and convert pages to SVG and PNG). Every module of ours
imports PyMuPDF from here, which marks the add-ons as absent first (``pymupdf`` itself treats
a failed import of it as "not installed").

MuPDF reports a failed allocation as a plain ``RuntimeError`` ("malloc ... failed",
"out of memory"; ``FzErrorSystem``, not even a RuntimeError); :func:`memory_errors` turns
those into MemoryError, so they become the CLI's documented "out of memory" line rather
than an internal error.
"""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

#: The add-ons ``import pymupdf`` tries (each tolerates an ImportError): the layout analyser
#: and pymupdf4llm, which imports onnxruntime for its OCR
ADD_ONS = ("pymupdf.layout", "pymupdf4llm")

if "pymupdf" not in sys.modules:
    for _name in ADD_ONS:
        sys.modules.setdefault(_name, None)   # type: ignore[arg-type]  # None: "not installed"

import pymupdf  # noqa: E402  (after the add-ons are marked absent)

__all__ = ["memory_errors", "out_of_memory", "pymupdf"]

#: What MuPDF's errors say when an allocation failed
_NO_MEMORY = ("malloc", "calloc", "realloc", "out of memory", "cannot allocate", "bad_alloc")


def out_of_memory(error: BaseException) -> bool:
    """Whether a PyMuPDF error is a failed allocation (MuPDF's ``FzErrorSystem: code=2: malloc
    (71880207 bytes) failed``, a RuntimeError saying so, or MemoryError itself)."""
    if isinstance(error, MemoryError):
        return True
    text = str(error).lower()
    return isinstance(error, (RuntimeError, pymupdf.mupdf.FzErrorBase)) and any(word in text for word in _NO_MEMORY)


@contextmanager
def memory_errors() -> Iterator[None]:
    """Around a PyMuPDF call: a failed allocation becomes MemoryError, which the CLI reports as
    its one "out of memory" line, exit 2 (docs, CLI contract), not an internal error."""
    try:
        yield
    except Exception as error:
        if out_of_memory(error):
            raise MemoryError(str(error)) from None
        raise
