"""A time limit for one in-process CLI call: hostile inputs must end, never hang.

The alarm raises :class:`Hang`, a ``BaseException``, so no ``except Exception``
in the code under test can swallow it and turn a hang into an exit code.
"""
from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

LIMIT = 30   # seconds any reproducer may take (issue #12, acceptance)


class Hang(BaseException):
    """Raised by the alarm when a call runs past its limit."""


@contextmanager
def deadline(seconds: int = LIMIT) -> Iterator[None]:
    def ring(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
