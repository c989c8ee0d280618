"""The piece of a Python file the fixer parses with libcst for one touch: the innermost statement
that holds the touch's text and has whole lines to itself, found with `ast` (ten times faster than
libcst, whose parse and positions cost in proportion to what they parse).

A piece is the statement's lines, from the start of its first line to the end of its last (its
indentation, comments after it on its last line and the line break included). A statement that
shares a line with another (``a = 1; b = 2``, ``if x: y``) is no piece: the statement around it
is taken instead, and a touch in no such statement (a decorator's, a module-level ``;`` line)
gets none: the whole file is parsed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from ...scan.pysource import parse
from ...source import LineIndex
from ...values import Range

BODIES = ("body", "orelse", "finalbody", "handlers", "cases")
TRAILER = re.compile(r"[ \t\f]*(?:#[^\r\n]*)?(?:\r\n|\r|\n|$)")


class Statements:
    """A Python text's statements, by `ast`, for finding the piece around a touch."""

    def __init__(self, text: str, lines: LineIndex):
        self.text = text
        self.lines = lines
        self.module = parse(text)

    def piece(self, ranges: Iterable[Range | None]) -> Range | None:
        """The offsets of the lines of the innermost whole-line statement that holds every range;
        None when no statement does (the whole file is the piece then)."""
        known = [r for r in ranges if r is not None]
        if not known:
            return None
        start, end = min(r[0] for r in known), max(r[1] for r in known)
        found, body = None, self.module.body
        while True:
            inner = next((s for s in _statements(body) if self._holds(s, start, end)), None)
            if inner is None:
                return found
            whole = self._whole_lines(inner)
            found = whole or found
            body = inner

    def _holds(self, statement: ast.stmt, start: int, end: int) -> bool:
        first, last = self._span(statement)
        return first <= start and end <= last

    def _span(self, node: ast.AST) -> Range:
        at = self.lines.offset_at_byte
        return at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)

    def _whole_lines(self, statement: ast.stmt) -> Range | None:
        """The statement's lines when nothing but blanks is before it on its first line and
        nothing but blanks and a comment after it on its last."""
        start, end = self._span(statement)
        line_start = self.lines.starts[self.lines.row(start) - 1]
        if self.text[line_start:start].strip(" \t\f") or self.text.startswith("elif", start):
            return None  # not alone on its line, or the `elif` of an `if`, which only parses with it
        trailer = TRAILER.match(self.text, end)
        return (line_start, trailer.end()) if trailer else None


def _statements(node: object) -> Iterable[ast.stmt]:
    """The statements directly inside a statement (or a list of them): its bodies, its except
    handlers' and match cases' bodies."""
    if isinstance(node, list):
        yield from node
        return
    for name in BODIES:
        for child in getattr(node, name, ()):
            if isinstance(child, ast.stmt):
                yield child
            else:  # an except handler or a match case: its body
                yield from child.body
