"""The places and sample puzzles many tests share, each defined once.

``REPO`` is the checkout (tests read only files inside it) and ``DATA`` the tests' own data
folder. The puzzles are small facts the tests rely on: each comment says what makes it useful.
"""
from __future__ import annotations

from pathlib import Path

#: The checkout's root: config.yaml, puzzles/, templates/, bench/data/ and tests/data/ below it.
REPO = Path(__file__).resolve().parents[1]
#: The tests' own puzzle sets (tests/data/README.md says where each comes from).
DATA = REPO / "tests" / "data"

#: top95 (tests/data/top95.txt): 95 hard 9x9 puzzles with one solution each, one line each.
TOP95 = (DATA / "top95.txt").read_text(encoding="utf-8").split()
#: The first puzzle of top95 (tests/data/top95.txt): a hard 9x9 with one solution, the one the
#: README's library example solves.
HARD_9X9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: An easy 9x9 with one solution, solved by singles alone: quick to verify, grade and play.
EASY_9X9 = "2.68..7..794.....1.8.9.4.3694.6..8....24.53....7..2.4567.2.3.5.4.....123..3..86.9"
#: A 4x4 with one solution, for small boards (a children's book, a quick game in the browser).
KIDS_4X4 = ".3.22......44.2."
#: A 4x4 with many solutions: the verdict is "multiple".
MULTIPLE_4X4 = "1.3............4"
