"""A touch's nodes in the libcst tree, found by the scanner's offsets: the entry of a dict literal
or a call's keyword argument, the name part of a field access, the expression building a URL, and
the other side of a comparison."""

from __future__ import annotations

from typing import NamedTuple

import libcst as cst

from ...syntax import Syntax
from ...values import Touch
from .nodes import ACCESSORS, NamePart, name_part
from .tree import Tree


class Entry(NamedTuple):
    """``"k": v`` in a dict literal (holder: the DictElement) or ``k=v`` in a call (the Arg)."""

    holder: cst.CSTNode
    container: cst.CSTNode
    key: NamePart
    value: cst.BaseExpression


class Access(NamedTuple):
    """A field access ``x.f``, ``x["f"]``, ``x.get("f")``, ``getattr(x, "f")`` and its name part."""

    node: cst.CSTNode
    part: NamePart


def entry(tree: Tree, touch: Touch) -> Entry | None:
    if touch.syntax == Syntax.DICT_KEY:
        key = tree.find(touch.range, cst.SimpleString)
        element = tree.parent(key) if key is not None else None
        if isinstance(element, cst.DictElement) and element.key is key:
            return Entry(element, tree.parent(element), key, element.value)
    if touch.syntax == Syntax.KWARG:
        arg = tree.find(touch.range, cst.Arg)
        if arg is not None and arg.keyword is not None:
            return Entry(arg, tree.parent(arg), arg.keyword, arg.value)
    return None


def access(tree: Tree, touch: Touch) -> Access | None:
    kind = ACCESSORS.get(touch.syntax)
    node = tree.find(touch.range, kind) if kind else None
    part = name_part(node, touch.syntax)
    return Access(node, part) if part is not None else None


def url(tree: Tree, touch: Touch) -> cst.CSTNode | None:
    """The expression building a URL (``"/x"``, ``f"{api}/x"``, ``api + "/x"`` …)."""
    return tree.find(touch.range, cst.BaseExpression) if touch.syntax == Syntax.STRING else None


def comparison(tree: Tree, touch: Touch) -> cst.Comparison | None:
    return tree.find(touch.expression and touch.expression.compare, cst.Comparison)


def other_operand(tree: Tree, touch: Touch, node: cst.CSTNode) -> cst.BaseExpression | None:
    """What a field access is compared with, in a comparison of one operator."""
    found = comparison(tree, touch)
    if found is None or len(found.comparisons) != 1:
        return None
    right = found.comparisons[0].comparator
    return right if found.left is node else found.left if right is node else None


def assigned(tree: Tree, touch: Touch, node: cst.CSTNode) -> cst.BaseExpression | None:
    """The value assigned to a field access, when the access is its statement's only target."""
    value = tree.find(touch.written and touch.written.value_span, cst.BaseExpression)
    statement = tree.assignment(node)
    return value if value is not None and statement is not None and statement.value is value else None


def is_token(node: cst.CSTNode | None) -> bool:
    """A name or a plain string literal (``False``, ``None``, ``"false"``)."""
    return isinstance(node, (cst.Name, cst.SimpleString))


def is_none(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def under_not(tree: Tree, node: cst.CSTNode) -> cst.CSTNode | None:
    """The ``not x`` whose operand is node, if any."""
    outer = tree.parent(node)
    return outer if isinstance(outer, cst.UnaryOperation) and isinstance(outer.operator, cst.Not) else None
