"""A solution count that says whether it is exact: an int subclass, so it stays Python in
both builds (mypyc compiles no subclass of a built-in type; :mod:`solver.core`)."""
from __future__ import annotations


class Count(int):
    """A solution count that also says whether it is exact.

    ``capped``: more solutions exist than the cap; the value is the cap
    ("more than 10,000"). ``bounded``: the node limit stopped the search, the
    value is a lower bound. It compares and computes as a plain int.
    """

    capped: bool
    bounded: bool

    def __new__(cls, value: int, capped: bool = False, bounded: bool = False) -> Count:
        count = super().__new__(cls, value)
        count.capped = capped
        count.bounded = bounded
        return count

    def __str__(self) -> str:
        if self.capped:
            return f"more than {int(self):,}"
        if self.bounded:
            return f"at least {int(self):,} (search bound reached)"
        return f"{int(self):,}"

    def __repr__(self) -> str:
        return f"Count({int(self)}, capped={self.capped}, bounded={self.bounded})"
