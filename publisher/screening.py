"""Screening a puzzle bank: stream the input, judge it anywhere, keep the order, resume.

``check`` and ``grade`` read their inputs through :func:`items`: a text file is read
line by line and its puzzles handed on one at a time (a bank of ten million lines is
never held whole); structured files (.yaml, .yml, .json) are small by nature and go
through the sources stage as the build reads them. The work runs through :func:`judge`:
in this process, in ``jobs`` worker processes, or on a Dask scheduler, in chunks with a
bounded number in flight, results handed back in input order, so the output is the same
line for line wherever it ran. :func:`resume_point` reads what an interrupted run already
wrote, so ``--resume`` skips those puzzles and appends the rest.
"""
from __future__ import annotations

import codecs
import contextlib
import re
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from publisher import safeio
from solver.formats import Foreign
from solver.parsing import MAX_LINE_CHARS, ParseIssue
from solver.sudoku import Puzzle
from solver.sudoku.parse import iter_lines

Task = TypeVar("Task")
Result = TypeVar("Result")
#: a puzzle of a text (a foreign format's may be a cage puzzle) or why it cannot be read
Item = Foreign

#: Suffixes read whole through the sources stage (the same list as publisher.sources).
STRUCTURED_SUFFIXES = (".yaml", ".yml", ".json")
#: Puzzles per task sent to a worker: enough to make the hand-over cheap.
CHUNK = 64
#: Chunks in flight per worker: enough to keep every worker busy, few enough for flat memory.
WINDOW = 4
#: How long to wait for a Dask scheduler before giving up with one line.
_CONNECT_SECONDS = 10


@dataclass(frozen=True)
class TextOptions:
    """What the command line fixes for text inputs (structured inputs carry their own)."""

    size: int | None = None
    box: tuple[int, int] | None = None
    symbols: str | None = None
    variant: tuple[str, ...] = ()       # --variant x,anti_knight (a structured puzzle's own list wins)
    parity: str | None = None          # --parity: even-odd marks of a single puzzle


class InputProblem(Exception):
    """An input that cannot be read (the message is one line naming it)."""


class DaskUnavailable(Exception):
    """--dask was asked for but cannot be used (one line for the CLI)."""


def _open(source: str) -> BinaryIO:
    if source == "-":
        stdin: BinaryIO | None = getattr(sys.stdin, "buffer", None)
        if stdin is None:
            raise InputProblem("<stdin>: standard input is closed")
        return stdin
    try:
        return safeio.open_regular(source, role="a puzzle file")
    except safeio.InputError as error:
        raise InputProblem(str(error)) from None


_LINE_END = re.compile(r"\r\n|\r|\n")


def text_lines(source: str) -> Iterator[str]:
    """The lines of a UTF-8 text file (a BOM allowed), without line ends, one at a time;
    :class:`InputProblem` naming the file and line for bytes that are not UTF-8 or a file
    that cannot be read. No line is held longer than the longest puzzle line
    (:data:`~solver.parsing.MAX_LINE_CHARS`): the rest of a longer one is read over, so the
    readers call it malformed at once (``/dev/zero`` on standard input never fills memory)."""
    stream = _open(source)
    shown = "<stdin>" if source == "-" else source
    try:
        yield from _bounded_lines(stream, shown)
    except OSError as error:   # /proc/self/mem: a regular file that cannot be read
        raise InputProblem(f"{shown}: cannot read: {error.strerror or error}") from None
    finally:
        if source != "-":
            stream.close()


def _bounded_lines(stream: BinaryIO, shown: str) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    bound = 4 * MAX_LINE_CHARS + 4   # UTF-8 bytes of the longest line, and its line end
    number = 0
    while raw := stream.readline(bound):
        if len(raw) == bound and not raw.endswith((b"\n", b"\r")):
            number += 1
            yield raw.decode("utf-8", "replace")   # over MAX_LINE_CHARS characters: malformed
            _read_over_line(stream, shown, number)
            decoder.reset()
            continue
        try:
            text = decoder.decode(raw)
        except UnicodeDecodeError as error:
            raise InputProblem(f"{shown}:{number + 1}: not UTF-8 text (byte 0x{raw[error.start]:02x}); "
                               "save the file as UTF-8") from None
        pieces = _LINE_END.split(text)   # a lone \r (old Mac files) ends a line too
        if pieces and pieces[-1] == "":
            pieces.pop()
        for piece in pieces:
            number += 1
            yield piece


def _read_over_line(stream: BinaryIO, shown: str, number: int) -> None:
    """Read over the rest of line ``number``, too long for any puzzle; a line that runs on
    past the size of the largest input file (``/dev/zero``) ends the reading of its input."""
    skipped = 0
    while (rest := stream.readline(1 << 20)) and not rest.endswith(b"\n"):
        skipped += len(rest)
        if skipped > safeio.MAX_INPUT_BYTES:
            raise InputProblem(f"{shown}:{number}: a line of more than {safeio.MAX_INPUT_BYTES:,} bytes: "
                               "not a puzzle text; the rest is not read")


def file_items(source: str, options: TextOptions) -> Iterator[Item]:
    """Every puzzle (or parse issue) of one input, lazily for text files."""
    if Path(source).suffix.lower() in STRUCTURED_SUFFIXES:
        from publisher import kinds
        from publisher.sources import SourceError, parse_file
        try:
            yield from parse_file(source, kinds.get(kinds.DEFAULT_KIND), vars(options), route=True)
        except SourceError as error:
            raise InputProblem(str(error)) from None
        return
    from solver import formats

    def native(lines: Iterable[str]) -> Iterator[Puzzle | ParseIssue]:
        return iter_lines(lines, size=options.size, box=options.box, symbols=options.symbols,
                          variant=options.variant, parity=options.parity)
    yield from formats.read_lines(text_lines(source), native)


def items(sources: Iterable[str], options: TextOptions,
          failures: list[str]) -> Iterator[tuple[str, Item]]:
    """(source, item) for every puzzle of every readable input, in order; the inputs that
    cannot be read (or hold no puzzle) go to ``failures`` and the others are still read."""
    for source in sources:
        found = False
        try:
            for item in file_items(source, options):
                found = True
                yield source, item
        except InputProblem as error:
            failures.append(str(error))
            continue
        if not found:
            failures.append(f"{source}:1: no puzzles found in the file")


def _chunked(function: Callable[[Task], Result], chunk: list[Task]) -> list[Result]:
    return [function(task) for task in chunk]


def judge(function: Callable[[Task], Result], tasks: Iterable[Task], *, jobs: int = 1,
          dask: str | None = None, chunk: int = CHUNK) -> Iterator[Result]:
    """``function`` over ``tasks``, results in task order: here, in ``jobs`` worker
    processes, or on the Dask scheduler at ``dask``, never more than a few chunks ahead."""
    if dask is not None:
        return _on_dask(dask, function, iter(tasks), chunk)
    if jobs > 1:
        from publisher import interrupt
        return interrupt.pool_map(function, tasks, jobs=jobs, chunksize=chunk)
    return map(function, tasks)


def _on_dask(address: str, function: Callable[[Task], Result], tasks: Iterator[Task],
             chunk: int) -> Iterator[Result]:
    try:
        from distributed import Client
    except ImportError:
        raise DaskUnavailable("--dask needs dask.distributed: pip install 'puzzlepress[dask]'") from None
    try:
        client = Client(address, timeout=_CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise DaskUnavailable(f"--dask {address}: cannot reach the scheduler ({error})") from None
    with client:
        window = WINDOW * max(1, sum(client.nthreads().values()))
        pending: deque[Any] = deque()   # Any: dask's futures (dask ships no type information)

        def submit() -> bool:
            work = list(islice(tasks, chunk))
            if work:
                pending.append(client.submit(_chunked, function, work, pure=False))
            return bool(work)

        for _ in range(window):
            if not submit():
                break
        while pending:
            done = pending.popleft().result()
            submit()
            yield from done


def resume_point(path: Path, accepted_line: Callable[[str], bool],
                 begins_line: Callable[[str], bool]) -> tuple[int, int]:
    """(lines, accepted puzzles) of what an earlier run wrote to ``path`` ((0, 0) if it does
    not exist). Every complete line is read back first (``accepted_line`` raises ValueError
    for one no run wrote), and a last line cut off by the interruption must be the start of
    one (``begins_line``); only then is that cut line dropped from the file, to be written
    again: a file that is no earlier output is left as it was."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return 0, 0
    except OSError as error:
        raise InputProblem(f"{path}: cannot read: {error.strerror or error}") from None
    keep = data.rfind(b"\n") + 1
    try:
        lines = data[:keep].decode("utf-8").splitlines()
        accepted = sum(accepted_line(line) for line in lines)
    except UnicodeDecodeError:
        raise InputProblem(f"{path}: not an output of an earlier run (not UTF-8)") from None
    except ValueError as error:
        raise InputProblem(f"{path}: {error}") from None
    cut = data[keep:].decode("utf-8", "ignore")   # the interruption may split a character
    if cut and not begins_line(cut):
        raise InputProblem(f"{path}: not an output of an earlier run (its last line {cut[:60]!r} is none of ours)")
    if keep < len(data):
        with path.open("r+b") as out:
            out.truncate(keep)
    return len(lines), accepted


@dataclass(frozen=True)
class Run:
    """Where a screening runs and where its lines go (``--jobs``, ``--dask``, ``-o``, ``--resume``)."""

    jobs: int = 1
    dask: str | None = None
    output: Path | None = None
    resume: bool = False


@dataclass(frozen=True)
class Tally:
    """What a screening saw: its puzzles, how many were accepted, the inputs it could not read."""

    total: int
    accepted: int
    failures: list[str]


def screen(files: Iterable[str], options: TextOptions, node_limit: int,
           render: Callable[[tuple[str, Item, int, bool]], tuple[str, bool]], *, as_json: bool,
           accepted_line: Callable[[str, bool], bool], begins_line: Callable[[str, bool, list[str]], bool],
           emit: Callable[[str], None], run: Run = Run()) -> Tally:
    """Judge every puzzle of every file with ``render`` (streamed, in order, wherever ``run``
    says) and hand each line to ``emit``, or to ``run.output`` as it is made. With
    ``run.resume`` the lines already in ``run.output`` count as done (``accepted_line`` reads
    whether each was accepted, ``begins_line`` whether a last line cut short is the start of
    one): their puzzles are read but not judged again, the rest is appended.
    InputProblem for an output that cannot be read back or written. ``run.output``
    is opened as it is: the caller has made sure it is no input (``write.check_outputs``)."""
    files = list(files)
    done, accepted = (resume_point(run.output, lambda line: accepted_line(line, as_json),
                                   lambda cut: begins_line(cut, as_json, files))
                      if run.resume and run.output is not None else (0, 0))
    failures: list[str] = []
    total = done
    tasks = ((source, item, node_limit, as_json)
             for source, item in islice(items(files, options, failures), done, None))
    sink = None
    try:
        if run.output is not None:
            with _writing(run.output):
                sink = run.output.open("a" if run.resume else "w", encoding="utf-8")
        for text, ok in judge(render, tasks, jobs=run.jobs, dask=run.dask):
            total += 1
            accepted += ok
            if sink is not None:
                with _writing(run.output):
                    sink.write(text + "\n")
                    sink.flush()
            else:
                emit(text)
        if sink is not None:
            with _writing(run.output):
                sink.close()
    finally:
        if sink is not None:
            with contextlib.suppress(OSError):
                sink.close()
    return Tally(total, accepted, failures)


@contextlib.contextmanager
def _writing(output: Path | None) -> Iterator[None]:
    """Writing the ``-o`` file: a failure (a full disk) is an InputProblem naming it."""
    try:
        yield
    except OSError as error:
        raise InputProblem(f"{output}: cannot write: {error.strerror or error}") from None
