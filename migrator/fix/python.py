"""Python fixer: each finding's fix intent carried out with libcst, as text edits.

``edits(text, findings)`` parses the file once, finds each touch's node by its span, and returns
the edits per finding. A finding is left out when its node is not where the scanner saw it or
its form cannot be rewritten; fix/support.py lists the forms handled, so that ``check`` marks only
those as fixable. Imported only when a Python file has something to fix.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import libcst as cst

from ..model import Edit, Finding, FixIntent, Touch, show_value
from .intents import mapping
from .pynodes import (
    ACCESSORS, NamePart, access_renamed, flip_word, holds_key, in_query, literal, name_part, negated_value,
    query_pattern, rename_edit, segment_pattern, substitute,
)
from .pyremove import without_entry, without_statement
from .pytree import Tree
from .support import sent_as_text

Result = list[Edit] | None
Entry = tuple[cst.CSTNode, cst.CSTNode, NamePart, cst.BaseExpression]


def edits(text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    try:
        tree = Tree(text)
    except cst.ParserSyntaxError:
        return {}
    out = {}
    for finding in findings:
        intent = finding.fix.intent if finding.fix else None
        handler = HANDLERS.get(intent.intent) if intent else None
        if handler is None or finding.touch is None:
            continue
        result = handler(tree, finding.touch, intent)
        if result:
            out[finding] = tuple(result)
    return out


# ---------------------------------------------------------------- where the touch is
def _entry(tree: Tree, touch: Touch) -> Entry | None:
    """(holder, container, key, value) of a dict entry ``"k": v`` or keyword argument ``k=v``."""
    if touch.syntax == "dict-key":
        key = tree.find(touch.range, cst.SimpleString)
        element = tree.parent(key) if key is not None else None
        if isinstance(element, cst.DictElement) and element.key is key:
            return element, tree.parent(element), key, element.value
    if touch.syntax == "kwarg":
        arg = tree.find(touch.range, cst.Arg)
        if arg is not None and arg.keyword is not None:
            return arg, tree.parent(arg), arg.keyword, arg.value
    return None


def _access(tree: Tree, touch: Touch) -> tuple[cst.CSTNode, NamePart] | None:
    """(node, name part) of a field access ``x.f``, ``x["f"]``, ``x.get("f")``, ``getattr(x, "f")``."""
    kind = ACCESSORS.get(touch.syntax)
    node = tree.find(touch.range, kind) if kind else None
    part = name_part(node, touch.syntax)
    return (node, part) if part is not None else None


def _string(tree: Tree, touch: Touch) -> cst.CSTNode | None:
    """The expression building a URL (``"/x"``, ``f"{api}/x"``, ``api + "/x"`` …)."""
    return tree.find(touch.range, cst.BaseExpression) if touch.syntax == "string" else None


# ---------------------------------------------------------------- rename
def rename(tree: Tree, touch: Touch, intent: FixIntent) -> Result:
    new = intent.to or ""
    if (node := _string(tree, touch)) is not None:
        if in_query(tree, node, new):
            return None
        return substitute(tree, node, re.compile(rf"(?<=[?&]){re.escape(touch.name)}(?==)"), new)
    if (entry := _entry(tree, touch)) is not None:
        holder, container, key, _ = entry
        if holds_key(container, new):
            return [without_entry(tree, container, holder)]  # the new key wins over the old one
        return [rename_edit(tree, key, new)]
    if (access := _access(tree, touch)) is not None:
        return [rename_edit(tree, access[1], new)]
    return None


# ---------------------------------------------------------------- negate-boolean
def negate(tree: Tree, touch: Touch, intent: FixIntent) -> Result:
    new = intent.to or ""
    if (node := _string(tree, touch)) is not None:
        if in_query(tree, node, new):
            return None
        pattern = query_pattern(touch.name, "(?i:true|false)")
        return substitute(tree, node, pattern, lambda m: f"{new}={flip_word(m.group(1))}")
    if (entry := _entry(tree, touch)) is not None:
        _, container, key, value = entry
        if holds_key(container, new):
            return None  # both sent: v4 answers 400, there is no behaviour to keep
        return [rename_edit(tree, key, new), tree.edit(value, negated_value(tree, value))]
    access = _access(tree, touch)
    handler = NEGATIONS.get(touch.context)
    return handler(tree, touch, *access, new) if access and handler else None


def _negate_read(tree: Tree, touch: Touch, node: cst.CSTNode, part: NamePart, new: str) -> Result:
    """``r.active`` → ``not r.paused``; ``not r.active`` → ``r.paused``."""
    code = access_renamed(tree, node, part, new)
    if not touch.get("negated"):
        return [tree.edit(node, tree.negation(node, code))]
    outer = tree.parent(node)
    if isinstance(outer, cst.UnaryOperation) and isinstance(outer.operator, cst.Not):
        return [tree.edit(outer, code)]
    return None


def _negate_write(tree: Tree, touch: Touch, node: cst.CSTNode, part: NamePart, new: str) -> Result:
    """``r.active = X`` → ``r.paused = not (X)``, literals folded."""
    value = tree.find(touch.get("value_span"), cst.BaseExpression)
    statement = tree.assignment(node)
    if value is None or statement is None or statement.value is not value:
        return None
    return [rename_edit(tree, part, new), tree.edit(value, negated_value(tree, value))]


def _negate_compare(tree: Tree, touch: Touch, node: cst.CSTNode, part: NamePart, new: str) -> Result:
    """``r.active == False`` → ``r.paused == True``."""
    other = _other_operand(tree, touch, node)
    if not isinstance(other, (cst.Name, cst.SimpleString)) or negated_value(tree, other).startswith("not "):
        return None
    return [rename_edit(tree, part, new), tree.edit(other, negated_value(tree, other))]


def _other_operand(tree: Tree, touch: Touch, node: cst.CSTNode) -> cst.BaseExpression | None:
    comparison = tree.find(touch.get("compare"), cst.Comparison)
    if comparison is None or len(comparison.comparisons) != 1:
        return None
    right = comparison.comparisons[0].comparator
    return right if comparison.left is node else comparison.left if right is node else None


NEGATIONS: dict[str, Callable[..., Result]] = {
    "read": _negate_read, "write": _negate_write, "compare": _negate_compare,
}


# ---------------------------------------------------------------- map-values
def map_values(tree: Tree, touch: Touch, intent: FixIntent) -> Result:
    target = mapping(intent, touch.value)
    if target is None:
        return None
    name, value = target.to_name, target.to_value
    if (node := _string(tree, touch)) is not None:
        if name != touch.name and in_query(tree, node, name):
            return None
        pattern = query_pattern(touch.name, re.escape(show_value(touch.value)))
        return substitute(tree, node, pattern, lambda m: f"{name}={show_value(value)}")
    if (entry := _entry(tree, touch)) is not None:
        _, container, key, old = entry
        if name != touch.name and holds_key(container, name):
            return None
        written = show_value(value) if sent_as_text(touch) else value
        return [rename_edit(tree, key, name), tree.edit(old, literal(written, old))]
    access = _access(tree, touch)
    comparison = tree.find(touch.get("compare"), cst.Comparison)
    if access is None or comparison is None or _other_operand(tree, touch, access[0]) is None:
        return None
    code = access_renamed(tree, *access, name)
    equal = touch.get("op") == "Eq"
    if not isinstance(value, bool):
        return [tree.edit(comparison, f"{code} {'==' if equal else '!='} {literal(value)}")]
    return [tree.edit(comparison, code if equal == value else tree.negation(comparison, code))]


# ---------------------------------------------------------------- rewrite-path, drop-null
def rewrite_path(tree: Tree, touch: Touch, intent: FixIntent) -> Result:
    node = _string(tree, touch)
    if node is None or not intent.segment:
        return None
    return substitute(tree, node, segment_pattern(intent.segment), intent.to or "")


def drop_null(tree: Tree, touch: Touch, intent: FixIntent) -> Result:
    if (entry := _entry(tree, touch)) is not None:
        holder, container, _, value = entry
        if isinstance(value, cst.Name) and value.value == "None":
            return [without_entry(tree, container, holder)]
        return None
    access = _access(tree, touch)
    return without_statement(tree, access[0]) if access and touch.context == "write" else None


HANDLERS: dict[str, Callable[[Tree, Touch, FixIntent], Result]] = {
    "rename": rename,
    "negate-boolean": negate,
    "map-values": map_values,
    "rewrite-path": rewrite_path,
    "drop-null": drop_null,
}
