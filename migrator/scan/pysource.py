"""Positions and literals of Python source: an ast node's rows and UTF-8 byte columns → character
offsets into the file (migrator/source)."""

from __future__ import annotations

import ast

from ..source import LineIndex
from ..values import NO_VALUE, Range


_PARSED: list[tuple[str, ast.Module]] = []  # the last texts parsed, newest first
PARSES_KEPT = 2
KEPT_BELOW = 250_000  # characters: a larger text's tree is not kept (a tree takes many times its text)


def parse(text: str) -> ast.Module:
    """``ast.parse(text)``, the tree shared with the last callers that parsed the same text:
    fix parses a file's new text to check it still parses, then scans it, and the fixer's
    statement pieces parse the text the scan just parsed. Nobody changes a tree (the scanners
    and the fixers only read it). Errors are raised as ``ast.parse`` raises them, each time."""
    for known, tree in _PARSED:
        if known == text:  # the same object, or equal text
            return tree
    tree = ast.parse(text)
    if len(text) < KEPT_BELOW:
        _PARSED.insert(0, (text, tree))
        del _PARSED[PARSES_KEPT:]
    return tree


class Source:
    def __init__(self, text: str):
        self.text = text
        self.lines = LineIndex(text, "universal")

    def span(self, node: ast.AST) -> Range:
        """The node's offsets in the file."""
        end_line = getattr(node, "end_lineno", None) or node.lineno
        end_col = getattr(node, "end_col_offset", None)
        if end_col is None:
            end_col = node.col_offset
        return (self.lines.offset_at_byte(node.lineno, node.col_offset),
                self.lines.offset_at_byte(end_line, end_col))

    def segment(self, node: ast.AST | None) -> str | None:
        """The node's source text as written (``52.5200000`` keeps its zeros), or None."""
        if node is None:
            return None
        return ast.get_source_segment(self.text, node) or ast.unparse(node)

    def span_tuple(self, node: ast.AST | None) -> Range | None:
        if node is None or not hasattr(node, "lineno"):
            return None
        return self.span(node)


def literal(node: ast.AST | None) -> object:
    """The value of a literal expression (constants, tuples/lists/sets of them), else NO_VALUE."""
    if node is None:
        return NO_VALUE
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        value = node.operand.value
        return -value if isinstance(value, (int, float)) and not isinstance(value, bool) else NO_VALUE
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        values = tuple(literal(e) for e in node.elts)
        return NO_VALUE if any(v is NO_VALUE for v in values) else values
    return NO_VALUE


def last_name(node: ast.AST) -> str:
    """The last name of a name or dotted expression (``Enum`` of ``enum.Enum``, ``get`` of
    ``requests.get``); "" for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""
