"""Futoshiki (Tatham's Unequal, with its Adjacent mode): reading, verification, grading and generation."""
from solver.futoshiki.parse import parse_mapping, parse_text, read_id, to_mapping, write_id
from solver.futoshiki.puzzle import Futoshiki
from solver.futoshiki.verdict import verify

__all__ = ["Futoshiki", "parse_mapping", "parse_text", "read_id", "to_mapping", "verify", "write_id"]
