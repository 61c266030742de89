"""Skyscrapers (Tatham's Towers): reading, verification, grading and generation."""
from solver.skyscrapers.parse import parse_mapping, parse_text, read_id, to_mapping, write_id
from solver.skyscrapers.puzzle import Skyscrapers
from solver.skyscrapers.verdict import verify

__all__ = ["Skyscrapers", "parse_mapping", "parse_text", "read_id", "to_mapping", "verify", "write_id"]
