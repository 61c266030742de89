"""The verify stage: worker processes give the same verdicts, in input order, as one process."""
from __future__ import annotations

import pytest

from publisher.kinds import KINDS
from publisher.sources import Item, parse_file
from publisher.verify import PARALLEL_THRESHOLD, verify_items
from tests.samples import DATA


@pytest.mark.slow
def test_parallel_verdicts_match_serial_ones_in_input_order() -> None:
    puzzles = parse_file(DATA / "top95.txt", KINDS["sudoku"], {})
    items = [Item("sudoku", "top95.txt", p.line, i, puzzle=p) for i, p in enumerate(puzzles)]
    items.insert(7, Item("sudoku", "x.txt", 1, 0, issue="80 cells, expected 81"))
    assert len(items) > PARALLEL_THRESHOLD
    done: list[int] = []
    parallel = verify_items(items, node_limit=200_000, jobs=2, progress=done.append)
    serial = verify_items(items, node_limit=200_000, jobs=1)
    assert [c.item for c in parallel] == items and sum(done) == len(items)
    assert [(c.verdict.status, c.verdict.solution) for c in parallel] == \
           [(c.verdict.status, c.verdict.solution) for c in serial]
    assert parallel[7].verdict.status.value == "malformed" and parallel[7].verdict.reason == "80 cells, expected 81"
    assert sum(c.accepted for c in parallel) == 95
