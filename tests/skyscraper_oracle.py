"""An independent Skyscrapers solver for the tests: plain backtracking, cell by cell, none of
the product's code (no engine, no line supports, no grader)."""
from __future__ import annotations


def seen(heights: list[int] | tuple[int, ...]) -> int:
    count = tallest = 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


def parse_id(text: str) -> tuple[int, list[int], list[int]]:
    """A Towers game ID -> (N, 4N clues top/bottom/left/right, N*N givens), read here anew."""
    body = text.split(":", 1)[1] if ":" in text else text
    clue_text, _, given_text = body.partition(",")
    parts = clue_text.split("/")
    n = len(parts) // 4
    clues = [int(p) if p else 0 for p in parts]
    givens: list[int] = []
    i = 0
    while i < len(given_text):
        ch = given_text[i]
        if ch.isdigit():
            givens.append(int(ch))
        elif ch.isalpha():
            givens.extend([0] * (ord(ch) - 96))
        i += 1
    return n, clues, givens or [0] * (n * n)


def _line_ok(heights: list[int], near: int, far: int, n: int) -> bool:
    """Whether a line's heights (0 for an empty cell) can still meet its clues: complete, both
    counts exact; else, from each clued end, the filled run there seen neither past the clue nor
    too few for the heights still taller than its tallest."""
    if all(heights):
        return (not near or seen(heights) == near) and (not far or seen(heights[::-1]) == far)
    for clue, line in ((near, heights), (far, heights[::-1])):
        if not clue:
            continue
        run = []
        for h in line:
            if not h:
                break
            run.append(h)
        count, tallest = seen(run), max(run, default=0)
        if count > clue or count + min(n - tallest, n - len(run)) < clue:
            return False
    return True


def solutions(n: int, clues: list[int], givens: list[int], cap: int = 2) -> list[tuple[int, ...]]:
    """Up to ``cap`` solutions, each row-major: the empty cell with the fewest heights its row,
    its column and its distance from each clue leave is filled next, each height tried in turn,
    its row and column checked against their clues (:func:`_line_ok`) after each placement."""
    top, bottom, left, right = (clues[k * n:(k + 1) * n] for k in range(4))
    grid = list(givens)
    found: list[tuple[int, ...]] = []
    # k cells from a clue of c, a height above N - c + 1 + k leaves too few to rise c times
    most = [n] * (n * n)
    for i in range(n * n):
        r, c = divmod(i, n)
        for clue, k in ((top[c], r), (bottom[c], n - 1 - r), (left[r], c), (right[r], n - 1 - c)):
            if clue:
                most[i] = min(most[i], n - clue + 1 + k)

    def row(r: int) -> list[int]:
        return grid[r * n:(r + 1) * n]

    def col(c: int) -> list[int]:
        return grid[c::n]

    def walk() -> None:
        if len(found) >= cap:
            return
        best, options = -1, []
        for i in range(n * n):
            if grid[i]:
                continue
            taken = set(row(i // n)) | set(col(i % n))
            free = [v for v in range(1, most[i] + 1) if v not in taken]
            if best < 0 or len(free) < len(options):
                best, options = i, free
                if len(free) <= 1:
                    break
        if best < 0:
            found.append(tuple(grid))
            return
        r, c = divmod(best, n)
        for v in options:
            grid[best] = v
            if _line_ok(row(r), left[r], right[r], n) and _line_ok(col(c), top[c], bottom[c], n):
                walk()
        grid[best] = 0

    for r in range(n):
        if not _line_ok(row(r), left[r], right[r], n) or not _line_ok(col(r), top[r], bottom[r], n):
            return []
    walk()
    return found
