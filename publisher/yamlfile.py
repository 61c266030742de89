"""YAML read once, safely, keeping its node tree for the line of every key and item.

Config errors and structured puzzle files both point at lines, so both need the
composed nodes as well as the plain data; constructing the data from those
nodes parses the text once instead of twice.
"""
from __future__ import annotations

from typing import Any

import yaml


class YamlSyntaxError(Exception):
    """Text that is not YAML: where (1-based line and column) and what the parser said."""

    def __init__(self, line: int, column: int, problem: str) -> None:
        super().__init__(f"{line}:{column}: YAML syntax error: {problem}")
        self.line, self.column, self.problem = line, column, problem


def load_with_nodes(text: str) -> tuple[Any, yaml.Node | None]:
    """(data, root node) of a YAML document, loaded with the safe constructor."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise YamlSyntaxError(line, column, str(error.problem or error.context)) from None
    finally:
        loader.dispose()
    return data, node
