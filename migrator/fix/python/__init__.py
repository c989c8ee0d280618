"""Python fixer: each finding's fix intent carried out with libcst, as text edits.

``edits(text, touches)`` hands each finding (with the touch it was made from) the registry decides to rewrite
(fix/intents.carried_out) to its intent's Python half, which finds the touch's nodes by their
offsets (locate.py) and returns the edits. libcst parses only the statement around the touch
(pieces.py; its parse and positions cost in proportion to what they parse); where a fixer needs
more than that statement (tree.Beyond), or no statement has the touch to itself, it parses the
whole file. Imported only when a Python file has something to fix; so is libcst.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import libcst as cst

from ...source import LineIndex
from ...values import Edit, Finding, Range, Touch
from ..intents import carried_out
from .pieces import Statements
from .tree import Beyond, Tree


def edits(text: str, touches: Mapping[Finding, Touch]) -> dict[Finding, tuple[Edit, ...]]:
    trees = Trees(text)
    out = {}
    for finding, touch in touches.items():
        half = carried_out(finding, touch, "python")
        if half is None:
            continue
        fix = finding.fix.intent
        try:
            result = trees.run(trees.piece(touch), lambda tree: half(tree, touch, fix))
        except cst.ParserSyntaxError:
            return {}  # as libcst cannot parse the file, nothing in it is fixed
        if result:
            out[finding] = tuple(result)
    return out


class Trees:
    """One file's libcst trees, made when first needed: one per piece, and the whole file's."""

    def __init__(self, text: str):
        self.text = text
        self.lines = LineIndex(text, "universal")
        self.made: dict[Range | None, Tree] = {}
        try:
            self.statements: Statements | None = Statements(text, self.lines)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            self.statements = None

    def piece(self, touch: Touch) -> Range | None:
        """The piece around a touch: its range, the comparison it is in, the value assigned to it."""
        if self.statements is None:
            return None
        compare = touch.expression.compare if touch.expression else None
        value = touch.written.value_span if touch.written else None
        return self.statements.piece((touch.range, compare, value))

    def tree(self, piece: Range | None) -> Tree:
        if piece not in self.made:
            self.made[piece] = Tree(self.text, self.lines, piece)
        return self.made[piece]

    def run(self, piece: Range | None, fixer: Callable[[Tree], list[Edit] | None]) -> list[Edit] | None:
        """The fixer's edits, from the piece's tree, or the whole file's when it needs more (or
        libcst does not parse the piece alone)."""
        if piece is not None:
            try:
                return fixer(self.tree(piece))
            except (Beyond, cst.ParserSyntaxError):
                pass
        return fixer(self.tree(None))
