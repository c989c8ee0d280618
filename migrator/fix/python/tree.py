"""A Python file parsed with libcst for the fixer: nodes found by the scanner's spans, their
parents, and edits built from node ranges.

Imported only when a Python file is fixed. Node ranges are libcst's (PositionProvider), which
leave out a node's own parentheses; an edit replaces a node's range, so the parentheses around
it stay where they are.
"""

from __future__ import annotations

from collections import defaultdict

import libcst as cst
from libcst.metadata import CodeRange
from libcst.metadata.position_provider import PositionProvidingCodegenState

from ...source import LineIndex
from ...values import Edit, Range

# Parents under which `not x` needs no parentheses: its precedence is below comparisons and
# arithmetic, so everywhere else (operands, attribute and call receivers) it gets them.
LOOSE_PARENTS = (
    cst.BooleanOperation, cst.IfExp, cst.Lambda, cst.DictElement, cst.Element, cst.Assign,
    cst.AnnAssign, cst.AugAssign, cst.Return, cst.Expr, cst.If, cst.While, cst.Assert, cst.CompIf,
    cst.NamedExpr, cst.FormattedStringExpression, cst.Index, cst.Yield,
)


class Beyond(Exception):
    """A fixer asked about code around the piece of the file that was parsed: parse it all."""


class Tree:
    """The whole file, or one piece of it (pieces.py): the piece's lines, under ``if 1:`` when
    they are indented, so that libcst gives them the indentation they have in the file. Ranges
    are offsets in the whole file either way."""

    def __init__(self, text: str, lines: LineIndex | None = None, piece: Range | None = None):
        self.text = text
        self.lines = lines or LineIndex(text, "universal")
        start, end = piece or (0, len(text))
        indented = piece is not None and text[start:start + 1] in (" ", "\t", "\f")
        wrapper = f"if 1:{_newline(text, start, end)}" if indented else ""
        self.code = wrapper + text[start:end]
        self.shift = start - len(wrapper)
        self.module = cst.parse_module(self.code)
        self.outside: tuple[cst.CSTNode, ...] = ()
        if piece is not None:
            top = self.module.body[0]
            self.outside = (self.module, top, top.body) if indented else (self.module,)
        self.ranges, self.parents, self.at = _index(self.module, LineIndex(self.code, "universal"), self.shift)

    # ---------------------------------------------------------------- finding nodes
    def find(self, span: Range | None, *types: type) -> cst.CSTNode | None:
        """The outermost node of one of ``types`` whose range is exactly ``span`` (offsets)."""
        if span is None:
            return None
        return next((n for n in self.at.get(tuple(span), ()) if isinstance(n, types)), None)

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        found = self.parents.get(node)
        if any(found is o for o in self.outside):
            raise Beyond
        return found

    def assignment(self, target: cst.CSTNode) -> cst.Assign | cst.AnnAssign | None:
        """The statement assigning to target when target is its only target (``a = b = x``
        gives the value to more than the field)."""
        statement = self.parent(target)
        if isinstance(statement, cst.AssignTarget):
            statement = self.parent(statement)
            return statement if isinstance(statement, cst.Assign) and len(statement.targets) == 1 else None
        return statement if isinstance(statement, cst.AnnAssign) and statement.target is target else None

    # ---------------------------------------------------------------- code and edits
    def source(self, node: cst.CSTNode) -> str:
        """The text the node's range covers in the file (without its own parentheses)."""
        start, end = self.ranges[node]
        return self.text[start:end]

    def span(self, node: cst.CSTNode) -> Range:
        return self.ranges[node]

    def edit(self, node: cst.CSTNode, content: str) -> Edit:
        return Edit(content, *self.ranges[node])

    def replace(self, node: cst.CSTNode, new: cst.CSTNode) -> Edit:
        """An edit putting new where node is. A token is generated on its own; anything else is
        generated in place, in the whole module, so that line breaks inside it get the
        indentation of the block around it."""
        if isinstance(new, (cst.Name, cst.SimpleString)):
            return self.edit(node, self.module.code_for_node(new))
        text, (start, end) = self.module.deep_replace(node, new).code, self.ranges[node]
        return Edit(text[start - self.shift:len(text) - (len(self.code) - (end - self.shift))], start, end)

    def needs_parens(self, node: cst.CSTNode) -> bool:
        """Whether `not …` written in place of node needs parentheses."""
        if getattr(node, "lpar", None):
            return False
        parent = self.parent(node)
        if isinstance(parent, cst.Arg):
            return parent.star != ""
        return not isinstance(parent, LOOSE_PARENTS)

    def negation(self, node: cst.CSTNode, operand: str) -> str:
        """``not operand`` to stand where node stands, parenthesized when precedence needs it."""
        text = f"not {operand}"
        return f"({text})" if self.needs_parens(node) else text


def _newline(text: str, start: int, end: int) -> str:
    """The line break the piece's first line ends with."""
    for newline in ("\r\n", "\n", "\r"):
        if newline in text[start:end]:
            return newline
    return "\n"


Index = tuple[dict[cst.CSTNode, Range], dict[cst.CSTNode, cst.CSTNode], dict[Range, list[cst.CSTNode]]]


def _index(module: cst.Module, lines: LineIndex, shift: int) -> Index:
    """Every node's range (libcst's PositionProvider's, as offsets plus shift), its parent, and the
    nodes by range, outermost first: from one pass of generating the code, as the
    PositionProvider makes its ranges, without the metadata machinery and a second walk."""
    state = _Indexing(default_indent=module.default_indent, default_newline=module.default_newline,
                      provider=_Positions())
    module._codegen(state)
    found, offset = state.provider, lines.offset_at
    ranges = {node: (offset(where.start.line, where.start.column) + shift,
                     offset(where.end.line, where.end.column) + shift) for node, where in found._computed.items()}
    at: dict[Range, list[cst.CSTNode]] = defaultdict(list)
    for node in found.order:
        if node in ranges:
            at[ranges[node]].append(node)
    return ranges, found.parents, at


class _Positions:
    """Where the code generation below records ranges (in ``_computed``, as libcst's providers
    do), parents, and the nodes in the order they start."""

    def __init__(self):
        self._computed: dict[cst.CSTNode, CodeRange] = {}
        self.parents: dict[cst.CSTNode, cst.CSTNode] = {}
        self.order: list[cst.CSTNode] = []
        self.stack: list[cst.CSTNode] = []


class _Indexing(PositionProvidingCodegenState):
    """libcst's code generation that records positions, also recording each node's parent."""

    def before_codegen(self, node: cst.CSTNode) -> None:
        super().before_codegen(node)
        found = self.provider
        if found.stack:
            found.parents[node] = found.stack[-1]
        found.order.append(node)
        found.stack.append(node)

    def after_codegen(self, node: cst.CSTNode) -> None:
        super().after_codegen(node)
        self.provider.stack.pop()
