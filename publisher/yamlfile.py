"""YAML read once, safely, keeping its node tree for the line of every key and item.

Config errors and structured puzzle files both point at lines, so both need the
composed nodes as well as the plain data; constructing the data from those
nodes parses the text once instead of twice.

Hostile YAML is refused before anything walks it: nesting deeper than
:data:`MAX_DEPTH` (Python would run out of recursion), aliases that refer to
the node holding them (an endless tree), and aliases that together expand the
document by more than :data:`MAX_ALIAS_NODES` nodes (the "billion laughs").
Line numbers count ``\\n``, ``\\r\\n`` and a lone ``\\r`` as editors do (PyYAML also
breaks lines at NEL and U+2028/2029, which editors do not).
"""
from __future__ import annotations

import bisect
import json
import re

import yaml

from solver.parsing import JsonTooDeep, check_json_depth

#: Deepest nesting of lists and mappings accepted (docs, "Limits").
MAX_DEPTH = 64
#: How many nodes aliases may add to a document once expanded (docs, "Limits").
MAX_ALIAS_NODES = 100_000
#: How many nodes (scalars, lists, mappings) a document may hold as written (docs, "Limits"):
#: composing them is most of the time a large document takes, so the count stops it early
MAX_NODES = 1_000_000


class YamlSyntaxError(Exception):
    """Text that is not YAML: where (1-based line and column) and what the parser said."""

    def __init__(self, line: int, column: int, problem: str) -> None:
        super().__init__(f"{line}:{column}: YAML syntax error: {problem}")
        self.line, self.column, self.problem = line, column, problem


class YamlLimitError(YamlSyntaxError):
    """YAML that is valid but beyond a limit (depth, aliases): where and which limit."""

    def __init__(self, line: int, column: int, problem: str) -> None:
        Exception.__init__(self, f"{line}:{column}: {problem}")
        self.line, self.column, self.problem = line, column, problem


class _Lines:
    """1-based line and column of a character index, a line ending at ``\\n``, ``\\r\\n``
    or a lone ``\\r``."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [i + 1 for i, ch in enumerate(text)
                             if ch == "\n" or (ch == "\r" and text[i + 1:i + 2] != "\n")]

    def at(self, index: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1


class _Loader(yaml.SafeLoader):
    """The safe loader, refusing to compose nodes nested deeper than MAX_DEPTH, or more of them than its bound."""

    def __init__(self, text: str, max_nodes: int, what: str) -> None:
        super().__init__(text)
        self.depth = 0
        self.nodes = 0
        self.max_nodes, self.what = max_nodes, what

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        self.depth += 1
        self.nodes += 1
        try:
            if self.depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise _Limit(mark, f"nesting deeper than {MAX_DEPTH} levels")
            if self.nodes > self.max_nodes:
                mark = self.peek_event().start_mark
                raise _Limit(mark, f"more than {self.max_nodes:,} values (the limit of {self.what})")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


#: Longest integer accepted in YAML (Python refuses to convert more than 4,300 digits).
MAX_INT_DIGITS = 100


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    if len(str(node.value)) > MAX_INT_DIGITS:
        raise _Limit(node.start_mark, f"a number of more than {MAX_INT_DIGITS} digits")
    return yaml.SafeLoader.construct_yaml_int(loader, node)


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


class _Limit(Exception):
    def __init__(self, mark: yaml.Mark | None, problem: str) -> None:
        super().__init__(problem)
        self.mark, self.problem = mark, problem


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_graph(root: yaml.Node) -> None:
    """Refuse cycles, expanded depth beyond MAX_DEPTH and alias expansion beyond MAX_ALIAS_NODES.

    Aliases make the node tree a graph; this walks it once (iteratively, so a
    long chain cannot exhaust the stack), computing every node's expanded size
    and depth from its children's."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    active: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            kids = _children(node)
            size[key] = 1 + sum(size[id(kid)] for kid in kids)
            depth[key] = 1 + max((depth[id(kid)] for kid in kids), default=0)
            active.discard(key)
            if depth[key] > MAX_DEPTH:
                raise _Limit(node.start_mark, f"aliases nest the document deeper than {MAX_DEPTH} levels")
            if size[key] - len(size) > MAX_ALIAS_NODES:
                raise _Limit(node.start_mark, f"aliases expand the document by more than "
                                              f"{MAX_ALIAS_NODES:,} nodes")
            continue
        if key in size:
            continue
        active.add(key)
        stack.append((node, True))
        for kid in _children(node):
            if id(kid) in active:
                raise _Limit(kid.start_mark, "an alias refers to a node that contains it")
            if id(kid) not in size:
                stack.append((kid, False))


def _renumber(root: yaml.Node, lines: _Lines) -> list[tuple[yaml.MappingNode, list[tuple[yaml.Node, yaml.Node]]]]:
    """Set every node's marks to lines counted as editors count them; every mapping with
    its own pairs as written (constructing the data splices merged ``<<`` pairs into them,
    which would make an overridden merged key look like a duplicate)."""
    mappings: list[tuple[yaml.MappingNode, list[tuple[yaml.Node, yaml.Node]]]] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for mark in (node.start_mark, node.end_mark):
            if mark is not None:
                line, column = lines.at(mark.index)
                mark.line, mark.column = line - 1, column - 1   # PyYAML counts from 0
        if isinstance(node, yaml.MappingNode):
            mappings.append((node, list(node.value)))
        stack.extend(_children(node))
    return mappings


def _code(character: int | str) -> str:
    """U+XXXX of a character PyYAML reports (as an int or a one-character string)."""
    return f"U+{character if isinstance(character, int) else ord(character):04X}"


def load_with_nodes(text: str, *, max_nodes: int = MAX_NODES,
                    what: str = "a document") -> tuple[object, yaml.Node | None]:
    """(data, root node) of a YAML document, loaded with the safe constructor, within the limits
    (``max_nodes``: the values it may hold, ``what`` it is, for the message)."""
    lines = _Lines(text)
    try:
        loader = _Loader(text, max_nodes, what)
    except yaml.reader.ReaderError as error:    # a character YAML does not allow anywhere
        line, column = lines.at(error.position)
        raise YamlSyntaxError(line, column, f"character {_code(error.character)} is not allowed in YAML") from None
    try:
        node = loader.get_single_node()
        written: list[tuple[yaml.MappingNode, list[tuple[yaml.Node, yaml.Node]]]] = []
        if node is not None:
            _check_graph(node)
            written = _renumber(node, lines)
        data = loader.construct_document(node) if node is not None else None
        for mapping, pairs in written:   # the tree as written, for the line of every key
            mapping.value = pairs
    except _Limit as limit:
        line, column = lines.at(limit.mark.index) if limit.mark else (1, 1)
        raise YamlLimitError(line, column, limit.problem) from None
    except yaml.reader.ReaderError as error:
        line, column = lines.at(error.position)
        raise YamlSyntaxError(line, column, f"character {_code(error.character)} is not allowed in YAML") from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = lines.at(mark.index) if mark else (1, 1)
        raise YamlSyntaxError(line, column, str(error.problem or error.context)) from None
    except yaml.YAMLError as error:
        raise YamlSyntaxError(1, 1, " ".join(str(error).split())) from None
    finally:
        loader.dispose()
    return data, node


_SPACE = re.compile(r"[ \t\r\n]*")


def _skip_space(text: str, at: int) -> int:
    """The index of the first character from ``at`` on that is not JSON's white space."""
    found = _SPACE.match(text, at)
    return found.end() if found else at


def json_entries(text: str) -> tuple[list[object], list[int]] | None:
    """The entries of a text that is one JSON array, and the line each starts on; None when
    the text is not a JSON array (then it is read as YAML, which JSON is a part of).

    JSON's own parser (C) reads a 16 MB puzzle bank in about a second, where composing it as
    YAML takes half a minute; each entry is decoded where it starts, so its line is known.
    Text nested too deep, or not strict JSON (a trailing comma), is left to the YAML reader,
    which says what is wrong with it."""
    at = _skip_space(text, 0)
    if not text.startswith("[", at):
        return None
    try:
        check_json_depth(text, MAX_DEPTH)
    except JsonTooDeep:
        return None   # the YAML reader names the line and column where it goes too deep
    lines = _Lines(text)
    decoder = json.JSONDecoder()
    entries: list[object] = []
    starts: list[int] = []
    at = _skip_space(text, at + 1)
    closed = text.startswith("]", at)
    try:
        while not closed:
            entry, end = decoder.raw_decode(text, at)
            entries.append(entry)
            starts.append(lines.at(at)[0])
            at = _skip_space(text, end)
            closed = text.startswith("]", at)
            if not closed:
                if not text.startswith(",", at):
                    return None
                at = _skip_space(text, at + 1)
    except ValueError:   # not strict JSON
        return None
    return (entries, starts) if _skip_space(text, at + 1) == len(text) else None
