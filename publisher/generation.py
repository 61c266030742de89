"""Run seeded generation tasks in this process, in worker processes or on a Dask cluster.

A task is (request, per-puzzle seed) and its result depends on nothing else,
so where it runs cannot change it: ``Executor.map`` and Dask's ``gather`` both
hand results back in task order, and ``--jobs 1``, ``--jobs 8`` and a cluster
give the same puzzles. Dask is imported only when a scheduler address is
given (the optional ``puzzlepress[dask]`` extra), never otherwise.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from publisher import interrupt
from publisher.answers import REDRAWS
from publisher.schema import KindMade
from solver.sudoku import targeted
from solver.sudoku.generate import GenerationError, Request, generate_one, puzzle_seed
from solver.sudoku.targeted import Target

if TYPE_CHECKING:
    from publisher.schema import Wanted

#: How long to wait for a Dask scheduler before giving up with one line.
_CONNECT_SECONDS = 10


class DaskUnavailable(Exception):
    """--dask was asked for but dask.distributed is not installed (one line for the CLI)."""


def make(task: tuple[Wanted, int]) -> KindMade:
    """One task (runs in a worker process or on a Dask worker): a Sudoku request goes to
    the Sudoku generator, a target to the targeted one, any other kind's request makes
    its own puzzle."""
    request, seed = task
    if isinstance(request, Target):
        return targeted.generate_one(request, seed)
    if isinstance(request, Request):
        return generate_one(request, seed)
    return request.make(seed)


def derived_seed(*parts: object) -> int:
    """A seed made from words (the book and section a generated section is in, or the options
    of a ``puzzlepress generate`` run): the same words, the same seed, on every machine; other
    words, another seed, so two sections (or two levels) without a seed of their own do not
    start from the same solution grids. 48 bits, as :func:`puzzle_seed`'s."""
    text = "\n".join(str(part) for part in ("puzzlepress-seed", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def tasks(request: Wanted, seed: int, count: int) -> Iterator[tuple[Wanted, int]]:
    """The tasks one by one (a billion of them cost no memory until they are made)."""
    return ((request, puzzle_seed(seed, index)) for index in range(count))


def run(request: Wanted, seed: int, count: int, *, jobs: int = 1, dask: str | None = None,
        progress: Callable[[int], None] | None = None,
        fresh: Callable[[KindMade], bool] | None = None) -> Iterator[KindMade]:
    """The ``count`` puzzles of ``seed``, in order, as they are made, wherever they are
    made (a stream: the caller writes each one out before the next is kept). A puzzle
    ``fresh`` turns down (its answer is one the book holds: :mod:`publisher.answers`) is
    drawn again here, in order, from seeds derived from its own: the same puzzles for the
    same seed, however many workers."""
    work = tasks(request, seed, count)
    if dask is not None:
        results: Iterator[KindMade] = _on_dask(dask, list(work))
    elif jobs > 1 and count > 1:
        results = interrupt.pool_map(make, work, jobs=jobs)
    else:
        results = map(make, work)
    for made in results:
        if fresh is not None and not fresh(made):
            made = redraw(request, made.seed, fresh)
        if progress:
            progress(1)
        yield made


def redraw(request: Wanted, seed: int, fresh: Callable[[KindMade], bool]) -> KindMade:
    """The first puzzle ``fresh`` takes, made from the seeds derived from ``seed`` in turn
    (:data:`publisher.answers.REDRAWS` of them, then a GenerationError: a small grid has
    few answers)."""
    for attempt in range(1, REDRAWS + 1):
        seed = puzzle_seed(seed, attempt)
        made = make((request, seed))
        if fresh(made):
            return made
    raise GenerationError(f"no puzzle with an answer unlike the book's others in {REDRAWS} draws "
                          "(a small grid has few answers: fewer puzzles of its size, or another size)")


def _on_dask(address: str, work: list[tuple[Wanted, int]]) -> Iterator[KindMade]:
    try:
        from distributed import Client
    except ImportError:
        raise DaskUnavailable("--dask needs dask.distributed: pip install 'puzzlepress[dask]'") from None
    try:
        client = Client(address, timeout=_CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        raise DaskUnavailable(f"--dask {address}: cannot reach the scheduler ({error})") from None
    with client:
        for future in client.map(make, work, pure=False):
            yield future.result()
