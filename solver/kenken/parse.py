"""KenKen puzzles from their structured form (a YAML or JSON mapping), and back.

``{kind: kenken, size: 6, ops: true, cages: [{target: 12, op: x, cells: [r1c1, r1c2]}, ...]}``
or a cage map: ``cages: ["AABC", ...]`` with ``targets: {A: "12x", B: "2/", C: 3}``.
A generated puzzle also carries its ``solution`` and grade; they read back unchanged.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.cages.cage import cage_name
from solver.cages.parse import cage_records, mapping_problem, origin, parse_cages, with_origin
from solver.kenken.puzzle import SIZES, KenKen
from solver.parsing import ParseIssue

#: Keys a KenKen mapping may have. ``kind`` names the puzzle kind for a mixed file;
#: ``solution`` and the grade keys are what ``generate`` writes and are not checked here.
MAPPING_KEYS = ("kind", "size", "cages", "targets", "ops", "id", "title", "difficulty",
                "solution", "rating", "level", "hardest", "seed")


def parse_mapping(mapping: Mapping[str, Any], *, line: int = 0, index: int = 0) -> KenKen | ParseIssue:
    """One KenKen from its mapping, or the :class:`ParseIssue` saying what is wrong."""
    def issue(message: str) -> ParseIssue:
        return ParseIssue(line, message, None, index)

    problem = mapping_problem(mapping, MAPPING_KEYS)
    if problem:
        return issue(problem)
    size = mapping.get("size")
    if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
        return issue(f"'size' must be a whole number {SIZES.start}-{SIZES.stop - 1}, not {size!r}")
    ops = mapping.get("ops", True)
    if not isinstance(ops, bool):
        return issue(f"'ops' must be true or false, not {ops!r}")
    if "cages" not in mapping:
        return issue("a KenKen needs 'cages'")
    try:
        cages = parse_cages(mapping["cages"], mapping.get("targets"), size, total_key="target",
                            totals_key="targets", with_op=True)
    except ValueError as error:
        return issue(str(error))
    if ops:
        bare = [c for c in cages if c.op is None and len(c.cells) > 1]
        if bare:
            return issue(f"{cage_name(bare[0], size)} has no operation (give 'op', or 'ops: false' "
                         f"for a puzzle that hides them)")
    else:
        shown = [c for c in cages if c.op is not None]
        if shown:
            return issue(f"{cage_name(shown[0], size)} gives an operation, but 'ops: false' hides them")
    return KenKen(size, tuple(cages), ops, **origin(mapping, line, index))


def to_mapping(puzzle: KenKen) -> dict[str, Any]:
    """The mapping :func:`parse_mapping` reads back as ``puzzle`` (list form of the cages)."""
    record: dict[str, Any] = {"kind": "kenken", "size": puzzle.size}
    if not puzzle.ops_shown:
        record["ops"] = False
    record["cages"] = cage_records(puzzle.cages, puzzle.size, "target")
    return with_origin(record, puzzle)
