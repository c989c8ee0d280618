"""Comparisons of a record's field with a value, and its negation, for the walk (walk.py):
``mr.merge_status == "checking"``, C#'s ``runner.Status is "paused"`` (Shapes.patterns), a
switch's constant cases (Shapes.switches), ``!runner.active``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...details import Expression
from ...values import NO_VALUE
from . import literals
from .nodes import Node, operator, unwrap
from .nodes import operand as operand_of

if TYPE_CHECKING:
    from .walking import Walk

NEGATED = Expression(negated=True)


def compare(w: Walk, node: Node) -> None:
    """A binary expression: a URL joined with ``+`` (literals.py), or a field compared with a value."""
    op = operator(w.s, node)
    if (op in w.sh.concat or op == w.sh.format_operator) and literals.url_literal(w, node):
        return
    if op in w.sh.compare:
        left, right = (unwrap(w.sh.part(node, side), w.sh.wrappers) for side in ("left", "right"))
        for access, other in ((left, right), (right, left)):
            value = w.literal(other)
            if value is not NO_VALUE and access is not None and w.field(
                    access, "compare", value, expression=Expression(op=w.sh.compare[op], compare=w.s.span(node))):
                break
    w.children(node)


def switch(w: Walk, node: Node) -> None:
    """``switch (runner.Status) { case "paused": … }``: the value compared with each constant case."""
    value = unwrap(w.sh.part(node, "value"), w.sh.wrappers)
    case, constant = w.sh.switches[node.type]
    cases = (w.sh.part(node, "body") or node).named_children
    labels = [p for c in cases if c.type == case for p in c.named_children if p.type == constant]
    for label in labels if value is not None else ():
        literal = w.literal(label)
        if literal is not NO_VALUE:  # a case is no comparison a fix can rewrite: no Expression
            w.field(value, "compare", literal)
    w.children(node)


def unary(w: Walk, node: Node) -> None:
    """``!runner.active``: a negated read."""
    operand = unwrap(operand_of(node, w.sh), w.sh.wrappers)
    if operator(w.s, node) == w.sh.negate and operand is not None:
        w.field(operand, "read", expression=NEGATED)
    w.children(node)
