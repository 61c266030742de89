"""Hamiltonian paths by Warnsdorff ordering plus backtracking, on any graph.

One search serves every caller: :func:`hamiltonian_path` on a graph given as
an adjacency mapping, and the knight's-tour solver (:mod:`solver.knights.search`)
on the knight graph with numbered squares ("position k must be node x"),
forced edges (for block tours that must be joinable) and closed cycles.

The search is a depth-first search on an explicit stack (no recursion, so the
path length is not limited by Python's recursion limit).  At each step it
tries the neighbours with the fewest unvisited neighbours first (Warnsdorff's
rule) and cuts a branch as soon as

* an unvisited node can no longer be reached at all, or two unvisited nodes
  could only be the last node of the path (each has one way in left);
* in a closed search, a node could not have both a predecessor and a
  successor, or the start has no unvisited neighbour left to close through;
* a fixed position is further away (in moves) than the steps left to reach it;
* a forced edge can no longer be used.

Graphs are treated as undirected: an edge listed in one direction counts in
both, because the dead-end counting above relies on it.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from time import perf_counter
from typing import TypeVar

from solver.verdict import SolveStats

H = TypeVar("H", bound=Hashable)

#: Graphs up to this many nodes get the whole-graph dead-end and connectivity
#: test at every step: it costs a pass over the graph per step, which pays for
#: itself many times over on small, tightly constrained graphs (4 x n knight
#: boards, puzzles with givens) and would make long easy searches quadratic.
THOROUGH_LIMIT = 400


@dataclass(frozen=True)
class PathProblem:
    """A Hamiltonian path problem on nodes ``0 .. len(adjacency) - 1``.

    ``fixed`` maps a 0-based position in the path to the node that must be
    there (position 0 is the start).  ``forced`` lists edges the path (or, if
    ``closed``, the cycle) must use.  ``tie_break`` ranks nodes of equal
    Warnsdorff degree (lower first); ``None`` keeps the adjacency order.
    """

    adjacency: Sequence[Sequence[int]]
    closed: bool = False
    fixed: Mapping[int, int] = field(default_factory=dict)
    forced: Sequence[tuple[int, int]] = ()
    tie_break: Sequence[int] | None = None
    independent: frozenset[int] = frozenset()


@dataclass
class PathSearch:
    """What a search found: ``count`` paths (the first ``keep`` of them in
    ``paths``); ``complete`` is False when the node limit stopped it first."""

    count: int
    paths: list[tuple[int, ...]]
    complete: bool
    stats: SolveStats


def bfs_distances(adjacency: Sequence[Sequence[int]], source: int) -> list[int]:
    """Edges on a shortest path from ``source`` to every node; -1 when unreachable."""
    dist = [-1] * len(adjacency)
    dist[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in adjacency[here]:
            if dist[there] < 0:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def search_paths(problem: PathProblem, *, cap: int = 1, keep: int = 2,
                 node_limit: int | None = None, thorough: bool | None = None,
                 pocket_limit: int = 0) -> PathSearch:
    """Find up to ``cap`` Hamiltonian paths (cycles if ``problem.closed``).

    A closed cycle is reported as the path from position 0 around the cycle,
    so one cycle gives two paths (one per direction) unless position 0 and 1
    are fixed.  Counting is exact when ``complete`` is True.
    """
    began = perf_counter()
    adj = problem.adjacency
    n = len(adj)
    stats = SolveStats()
    if n == 0:
        return PathSearch(0, [], True, stats)
    adjset = [frozenset(a) for a in adj]
    closed = problem.closed
    tie = problem.tie_break if problem.tie_break is not None else range(n)
    fixed_at = [-1] * n
    step_of = [-1] * n
    for position, node in problem.fixed.items():
        if step_of[node] >= 0 or fixed_at[position] >= 0:
            return PathSearch(0, [], True, stats)
        fixed_at[position] = node
        step_of[node] = position
    # next_given[k]: the first fixed position >= k (n when none), and its distances
    next_given = [n] * (n + 1)
    for k in range(n - 1, -1, -1):
        next_given[k] = k if fixed_at[k] >= 0 else next_given[k + 1]
    dist_to = {pos: bfs_distances(adj, node) for pos, node in problem.fixed.items() if pos > 0}
    partners: list[list[int]] = [[] for _ in range(n)]
    for a, b in problem.forced:
        if b not in adjset[a]:
            return PathSearch(0, [], True, stats)
        partners[a].append(b)
        partners[b].append(a)
    end_node = fixed_at[n - 1]
    deg = [len(a) for a in adj]
    visited = bytearray(n)
    in_set = bytearray(n)
    for node in problem.independent:
        in_set[node] = 1
    if thorough is None:
        thorough = n <= THOROUGH_LIMIT
    set_left = len(problem.independent)     # unvisited nodes of the independent set
    path: list[int] = []
    found: list[tuple[int, ...]] = []
    count = 0
    complete = True

    def order(cands: list[int]) -> list[int]:
        # best last, because candidates are popped from the end; nodes of the
        # independent set first, because every skipped chance to visit one
        # spends the path's only slack
        cands.sort(key=lambda w: (not in_set[w], deg[w], tie[w]), reverse=True)
        return cands

    first = [fixed_at[0]] if fixed_at[0] >= 0 else [v for v in range(n) if step_of[v] < 0]
    stack: list[list[int]] = [order(first)]
    while stack:
        cands = stack[-1]
        if not cands:
            stack.pop()
            if path:
                gone = path.pop()
                visited[gone] = 0
                set_left += in_set[gone]
                for w in adj[gone]:
                    deg[w] += 1
                stats.backtracks += 1
            continue
        v = cands.pop()
        stats.nodes += 1
        if node_limit is not None and stats.nodes > node_limit:
            complete = False
            break
        k = len(path)
        u = path[-1] if path else -1
        # forced edges of v other than the one it is entered by must still be usable
        others = [p for p in partners[v] if p != u]
        if others:
            room = 0 if k == n - 1 else 1
            if closed and (k == 0 or k == n - 1):
                room += 1
            if len(others) > room:
                continue
            if any(visited[p] and not (closed and k == n - 1 and p == path[0]) for p in others):
                continue
        g = next_given[k + 1]
        if g < n and not 0 <= dist_to[g][v] <= g - k:
            continue
        visited[v] = 1
        path.append(v)
        set_left -= in_set[v]
        for w in adj[v]:
            deg[w] -= 1
        if k + 1 == n:
            if (not closed or path[0] in adjset[v]) and _uses_forced(path, problem.forced, closed):
                count += 1
                if len(found) < keep:
                    found.append(tuple(path))
                if count >= cap:
                    break
            stack.append([])          # nothing below a full path: backtrack next
            continue
        # after v come n-k-1 nodes, no two of the set in a row (none first if v is in it)
        if 2 * set_left > n - k - 1 + (not in_set[v]):
            stack.append([])
            continue
        if k >= 1 and not _still_possible(adj, adjset, deg, visited, u, v, path[0],
                                          closed, n - k - 1, end_node):
            stack.append([])
            continue
        if thorough and not _whole_board_possible(adj, adjset, deg, visited, v, path[0],
                                                  closed, n - k - 1):
            stack.append([])
            continue
        if pocket_limit and not thorough and _cuts_off_pocket(adj, visited, v, n - k - 1,
                                                              pocket_limit):
            stack.append([])
            continue
        nxt = fixed_at[k + 1]
        if nxt >= 0:
            cands = [nxt] if not visited[nxt] and nxt in adjset[v] else []
        else:
            pending = [p for p in partners[v] if p != u and not visited[p]]
            if pending and not (closed and k == 0):
                cands = [p for p in pending if step_of[p] < 0]
            else:
                cands = [w for w in adj[v] if not visited[w] and step_of[w] < 0]
        if len(cands) > 1:
            stats.guesses += 1
        stack.append(order(cands))
    stats.ms = (perf_counter() - began) * 1000.0
    return PathSearch(count, found, complete, stats)


def _still_possible(adj: Sequence[Sequence[int]], adjset: list[frozenset[int]], deg: list[int],
                    visited: bytearray, u: int, v: int, start: int, closed: bool,
                    remaining: int, end_node: int) -> bool:
    """Dead-end test after the path moved from ``u`` to ``v``.

    Only the unvisited neighbours of ``u`` lost a way in (they can no longer
    follow the path's end), so only they are checked.  ``deg`` counts
    unvisited neighbours; the path's end ``v`` and, for a cycle, the start
    (which the last node must reach) are further ways in and out.
    """
    if closed and deg[start] == 0:
        return False
    ends = 0
    for w in adj[u]:
        if visited[w]:
            continue
        ways = deg[w] + (v in adjset[w]) + (closed and start in adjset[w])
        if ways == 0:
            return False
        if ways == 1 and remaining > 1:
            if closed or (end_node >= 0 and w != end_node):
                return False
            ends += 1
            if ends > 1:
                return False
    return True


def _whole_board_possible(adj: Sequence[Sequence[int]], adjset: list[frozenset[int]],
                          deg: list[int], visited: bytearray, v: int, start: int,
                          closed: bool, remaining: int) -> bool:
    """The global version of :func:`_still_possible`: every unvisited node keeps a way in,
    at most one (none for a cycle) is down to one way (it must be the last node), and
    all unvisited nodes are reachable from the path's end ``v``."""
    if remaining <= 1:
        return True
    reach = [v]
    seen = bytearray(visited)
    reached = 0
    while reach:
        here = reach.pop()
        for there in adj[here]:
            if not seen[there]:
                seen[there] = 1
                reached += 1
                reach.append(there)
    if reached != remaining:
        return False
    ends = 0
    for w in range(len(adj)):
        if visited[w]:
            continue
        ways = deg[w] + (v in adjset[w]) + (closed and start in adjset[w])
        if ways < 2:
            if ways == 0 or closed:
                return False
            ends += 1
            if ends > 1:
                return False
    return True


def _cuts_off_pocket(adj: Sequence[Sequence[int]], visited: bytearray, v: int,
                     remaining: int, limit: int) -> bool:
    """True when visiting ``v`` split the unvisited nodes into two parts (the path
    can enter only one of them), found by a search of at most ``limit`` nodes
    from each unvisited neighbour of ``v``: only there can the split be.
    Large parts are not examined, so False proves nothing."""
    for w in adj[v]:
        if visited[w]:
            continue
        seen = {w}
        frontier = [w]
        while frontier and len(seen) < limit:
            here = frontier.pop()
            for there in adj[here]:
                if not visited[there] and there not in seen:
                    seen.add(there)
                    frontier.append(there)
        if not frontier and len(seen) < remaining:
            return True
    return False


def _uses_forced(path: list[int], forced: Sequence[tuple[int, int]], closed: bool) -> bool:
    """True when every forced edge joins consecutive nodes of the path (or cycle)."""
    if not forced:
        return True
    where = {node: i for i, node in enumerate(path)}
    last = len(path) - 1
    for a, b in forced:
        gap = abs(where[a] - where[b])
        if gap != 1 and not (closed and gap == last):
            return False
    return True


def hamiltonian_path(adjacency: Mapping[H, Iterable[H]], *, start: H | None = None,
                     end: H | None = None, closed: bool = False,
                     node_limit: int | None = None) -> list[H] | None:
    """A path visiting every node once (a cycle back to the start if ``closed``),
    or ``None`` when there is none -- or when ``node_limit`` search nodes did not
    settle the question (pass ``None`` for an exhaustive, always-decisive search).

    Nodes may be any hashable values; nodes that appear only as neighbours
    count too.  Ties between equally constrained neighbours are broken by the
    order in which nodes first appear in ``adjacency``, so the answer is
    deterministic.
    """
    index: dict[H, int] = {}
    names: list[H] = []

    def number(node: H) -> int:
        if node not in index:
            index[node] = len(names)
            names.append(node)
        return index[node]

    edges: list[tuple[int, int]] = []
    for a, targets in adjacency.items():
        number(a)
        edges.extend((index[a], number(b)) for b in targets)
    if start is not None:
        number(start)
    if end is not None:
        number(end)
    neighbour_sets: list[set[int]] = [set() for _ in names]
    for u, v in edges:
        if u != v:
            neighbour_sets[u].add(v)
            neighbour_sets[v].add(u)
    adj = [sorted(s) for s in neighbour_sets]
    n = len(adj)
    if n == 0:
        return None
    if n == 1:
        return [names[0]] if not closed else None
    fixed: dict[int, int] = {}
    if start is not None:
        fixed[0] = index[start]
    if end is not None:
        if closed:
            raise ValueError("a closed path has no separate end node")
        fixed[n - 1] = index[end]
    if closed and start is None:
        fixed[0] = 0            # every cycle passes node 0: start there
    outcome = search_paths(PathProblem(adj, closed=closed, fixed=fixed), cap=1, keep=1,
                           node_limit=node_limit)
    if not outcome.paths:
        return None
    return [names[i] for i in outcome.paths[0]]
