"""What one line's clues leave possible: for each cell of a row or column, the heights that
some arrangement of the whole line, within every cell's candidates, uses while showing
exactly the clue's count from each end that has one.

The arrangements are not enumerated (9! of them on a bare 9-line): placing heights from the
near end, what matters for the rest is which heights are used (the tallest of them is the
near end's skyline) and how many are seen from each end so far. A height is seen from the
far end exactly when every taller one stands nearer, i.e. is used already. So the line is
a walk through at most 2^N x N x N states, forward from the empty line, then back from the
states that meet both clues; a height is possible in a cell when a step of a surviving walk
puts it there. This is the exact "line visibility" reasoning, used by verification's
propagation and, as one technique, by the grader.
"""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1 << 16)
def supports(masks: tuple[int, ...], near: int, far: int) -> tuple[int, ...] | None:
    """For each cell (nearest the ``near`` clue first), the candidates of ``masks`` some
    arrangement meeting both clues (0: no clue) uses there; None when no arrangement does."""
    n = len(masks)
    full = (1 << n) - 1
    layers: list[set[tuple[int, int, int]]] = [{(0, 0, 0)}]
    for k in range(n):
        here: set[tuple[int, int, int]] = set()
        for used, s, t in layers[k]:
            free = masks[k] & ~used
            while free:
                b = free & -free
                free ^= b
                now = used | b
                s2 = s + (b > used)
                if near and (s2 > near or s2 + n - now.bit_length() < near):
                    continue
                above = full & ~((b << 1) - 1)
                t2 = t + (used & above == above)
                if far and t2 > far:
                    continue
                here.add((now, s2, t2))
        if not here:
            return None
        layers.append(here)
    alive = {state for state in layers[n] if (not near or state[1] == near) and (not far or state[2] == far)}
    if not alive:
        return None
    found = [0] * n
    for k in range(n - 1, -1, -1):
        before: set[tuple[int, int, int]] = set()
        for state in layers[k]:
            used, s, t = state
            free = masks[k] & ~used
            while free:
                b = free & -free
                free ^= b
                above = full & ~((b << 1) - 1)
                if (used | b, s + (b > used), t + (used & above == above)) in alive:
                    found[k] |= b
                    before.add(state)
        alive = before
    return tuple(found)
