"""One text parsed with tree-sitter: its nodes' text and their character offsets.

tree-sitter counts UTF-8 bytes; the project counts characters. A node's start point (row, byte
column) is turned into a character offset by the text layer (source/lines.py), with rows split
at ``\\n`` as tree-sitter splits them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...details import Range
from ...source import LineIndex
from .grammar import Dialect, parse, problems

Node = Any  # a tree_sitter.Node


class Source:
    """A text, its UTF-8 bytes and its tree in the dialect it parses best in."""

    def __init__(self, text: str, dialects: tuple[Dialect, ...]):
        self.text = text
        self.data = text.encode("utf-8", "surrogatepass")
        self.tree, self.dialect = parse(self.data, dialects)
        self.root = self.tree.root_node
        self.ascii = len(self.data) == len(text)
        self.lines = None if self.ascii else LineIndex(text, "lf")

    def offset(self, byte: int, point: tuple[int, int]) -> int:
        """The character offset of a byte offset whose (row, byte column) is ``point``."""
        if self.ascii:
            return byte
        return self.lines.offset_at_byte(point[0] + 1, point[1])

    def span(self, node: Node) -> Range:
        return self.offset(node.start_byte, node.start_point), self.offset(node.end_byte, node.end_point)

    def inner(self, node: Node, left: int = 1, right: int = 1) -> Range:
        """A node's span without ``left`` and ``right`` characters (a string's quotes)."""
        start, end = self.span(node)
        return start + left, end - right

    def text_of(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "surrogatepass")

    @property
    def problems(self) -> int:
        return problems(self.root)

    def at(self, span: Range, types: frozenset[str]) -> Node | None:
        """The first node of one of ``types`` whose span is exactly ``span``."""
        for node in walk(self.root):
            if node.type in types and self.span(node) == span:
                return node
        return None


def walk(node: Node) -> Iterator[Node]:
    """Every named node under ``node`` (itself first), in source order, without recursion."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.named_children))


def field(node: Node, name: str) -> Node | None:
    return node.child_by_field_name(name)


def unwrap(node: Node | None, wrappers: frozenset[str]) -> Node | None:
    """The expression inside parentheses, ``await``, ``x!`` and ``x as T``."""
    while node is not None and node.type in wrappers and node.named_children:
        node = node.named_children[0]
    return node


def paired(left: Node | None, right: Node | None, lists: frozenset[str]) -> list[tuple[Node | None, Node | None]]:
    """``a, b := x, y`` pairs each name with its value; ``resp, err := f()`` binds the first name
    to the call's value (Go's value-and-error results)."""
    if left is None or left.type not in lists:
        return [(left, right)]
    names = left.named_children
    values = right.named_children if right is not None and right.type in lists else [right]
    if len(values) == len(names):
        return list(zip(names, values))
    return [(names[0], values[0] if values else None)] + [(n, None) for n in names[1:]]
