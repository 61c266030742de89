"""Hamiltonian paths on general graphs, checked against brute force over permutations."""
from __future__ import annotations

import itertools
import random

import pytest

from solver.graphs import hamiltonian_path


def _is_path(adjacency, path, *, closed=False) -> bool:
    nodes = set(adjacency) | {b for targets in adjacency.values() for b in targets}
    edges = {frozenset((a, b)) for a, targets in adjacency.items() for b in targets}
    if path is None or sorted(map(str, path)) != sorted(map(str, nodes)) or len(path) != len(nodes):
        return False
    steps = list(itertools.pairwise(path)) + ([(path[-1], path[0])] if closed else [])
    return all(frozenset(step) in edges for step in steps)


def _brute_force_exists(adjacency, *, start=None, end=None, closed=False) -> bool:
    nodes = sorted(set(adjacency) | {b for t in adjacency.values() for b in t})
    edges = {frozenset((a, b)) for a, targets in adjacency.items() for b in targets}
    for order in itertools.permutations(nodes):
        if (start is not None and order[0] != start) or (end is not None and order[-1] != end):
            continue
        steps = list(itertools.pairwise(order)) + ([(order[-1], order[0])] if closed else [])
        if all(frozenset(s) in edges for s in steps) and not (closed and len(order) < 3):
            return True
    return False


def _random_graph(rng: random.Random, n: int, p: float) -> dict[int, list[int]]:
    graph: dict[int, list[int]] = {i: [] for i in range(n)}
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < p:
            graph[a].append(b)
    return graph


def test_random_graphs_agree_with_brute_force() -> None:
    rng = random.Random(2024)
    outcomes = set()
    for trial in range(150):
        graph = _random_graph(rng, rng.randint(3, 7), rng.choice([0.3, 0.5, 0.7]))
        start = rng.choice([None, 0])
        closed = trial % 3 == 0
        path = hamiltonian_path(graph, start=start, closed=closed)
        expected = _brute_force_exists(graph, start=start, closed=closed)
        outcomes.add(expected)
        assert (path is not None) == expected, (graph, start, closed)
        if path is not None:
            assert _is_path(graph, path, closed=closed)
            assert start is None or path[0] == start
    assert outcomes == {True, False}


def test_fixed_end() -> None:
    graph = {"a": ["b", "c"], "b": ["c", "d"], "c": ["d"], "d": []}
    path = hamiltonian_path(graph, start="a", end="d")
    assert path[0] == "a" and path[-1] == "d" and _is_path(graph, path)
    assert hamiltonian_path({"a": ["b"], "b": ["c"]}, start="b") is None


def test_petersen_graph_has_a_path_but_no_cycle() -> None:
    outer = {i: [(i + 1) % 5, i + 5] for i in range(5)}
    inner = {i + 5: [(i + 2) % 5 + 5] for i in range(5)}
    graph = {**outer, **inner}
    assert _is_path(graph, hamiltonian_path(graph))
    assert hamiltonian_path(graph, closed=True) is None


def test_long_path_is_iterative() -> None:
    # a path graph of 5000 nodes: deeper than Python's recursion limit
    graph = {i: [i + 1] for i in range(4999)}
    path = hamiltonian_path(graph, start=0)
    assert path == list(range(5000))


@pytest.mark.parametrize("rows, cols", [(5, 5), (6, 6)])
def test_knight_graph_through_the_generic_interface(rows: int, cols: int) -> None:
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    graph = {s: [t for t in squares if sorted((abs(s[0] - t[0]), abs(s[1] - t[1]))) == [1, 2]]
             for s in squares}
    path = hamiltonian_path(graph, start=(0, 0))
    assert _is_path(graph, path) and path[0] == (0, 0)


def test_node_limit_gives_up_with_none() -> None:
    rng = random.Random(3)
    graph = _random_graph(rng, 12, 0.2)
    assert hamiltonian_path(graph, node_limit=1) is None


def test_tiny_graphs() -> None:
    assert hamiltonian_path({}) is None
    assert hamiltonian_path({"x": []}) == ["x"]
    assert hamiltonian_path({"x": []}, closed=True) is None
