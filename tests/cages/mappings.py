"""A cage puzzle of the oracle (tests/cage_oracle.py) in the mapping form a user writes in a
puzzle file, for the solver to read back: how the cage tests hand one puzzle to both sides."""
from __future__ import annotations

from solver.cages.cage import cell_name
from tests import cage_oracle as oracle


def killer_mapping(p: oracle.Plain, box: tuple[int, int]) -> dict:
    n = p.size
    return {"size": n, "box": f"{box[0]}x{box[1]}",
            "cages": [{"sum": t, "cells": [cell_name(c, n) for c in cells]} for cells, t, _ in p.cages]}


def kenken_mapping(p: oracle.Plain) -> dict:
    n = p.size
    hidden = any(op == "?" for _, _, op in p.cages)
    cages = []
    for cells, t, op in p.cages:
        cage = {"target": t, "cells": [cell_name(c, n) for c in cells]}
        if len(cells) > 1 and op != "?":
            cage["op"] = op
        cages.append(cage)
    return {"kind": "kenken", "size": n, "ops": not hidden, "cages": cages}
