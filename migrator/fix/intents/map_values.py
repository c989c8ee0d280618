"""map-values: a literal value is replaced by what the rule maps it to, perhaps under another
name (``scope=active`` → ``paused=false``; ``mr.merge_status == "can_be_merged"`` →
``mr.detailed_merge_status == "mergeable"``). A value the rule does not map has no fix: the
finding shows the rule's ``other_values`` message.

- Python: a comparison of a field with a literal (``==``, ``!=``), folded where the new value is
  a bool (``r.status == "paused"`` → ``r.paused``); a dict key or keyword argument with its value
  (written as text where an HTTP client sends it as text); a field of a URL's query.
- Tree (JavaScript, TypeScript, Ruby): a comparison of a field with a literal (``===``, ``!==``, ``==``,
  ``!=``; folded where the new value is a bool: ``!runner.paused``), an object's key with its
  value, a field of a URL's query written in a string or template literal.
- Text: a field a shell command sends, a field of a recorded URL's query or form body; a jq
  comparison (``.status == "paused"`` → ``.paused == true``).

Where the new name is already sent next to the old one, nothing is rewritten.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from ...values import FixIntent, Touch, ValueMap, show_value
from ...syntax import ACCESS, ENTRY, PAIRS, URL_TEXTS, Syntax
from . import ANY, Intent, Target, forms, held, same_value, sent_as_text, undeclared

if TYPE_CHECKING:
    from ..python.tree import Tree
    from ..text.fixer import Edits, Spot
    from ..tree.spot import Spot as TreeSpot

EQUALITY = ("Eq", "NotEq")


def mapping(fix: FixIntent, value: object) -> ValueMap | None:
    """The entry of the rule's map for a literal value, if the rule maps it."""
    return next((m for m in fix.values if same_value(m.value, value)), None)


def target(fix: FixIntent, touch: Touch) -> Target | None:
    mapped = mapping(fix, touch.value)
    if mapped is None:
        return None
    return Target(mapped.applicability, mapped.note, {"to": mapped.to_name, "to_value": show_value(mapped.to_value)})


def refuse(touch: Touch, fix: FixIntent) -> str | None:
    if touch.role != "param" and (touch.expression is None or touch.expression.op not in EQUALITY):
        return ""
    mapped = mapping(fix, touch.value)
    if mapped is None:
        return ""
    name = mapped.to_name
    if undeclared(touch, name):
        return undeclared(touch, name)
    if held(touch, name):
        return f"`{name}` is sent with it already: keep one of them by hand"
    return None


# ---------------------------------------------------------------- Python
def python(tree: Tree, touch: Touch, fix: FixIntent) -> list | None:
    from ..python import locate
    from ..python.nodes import access_renamed, literal, query_pattern, rename_edit, substitute

    mapped = mapping(fix, touch.value)
    name, value = mapped.to_name, mapped.to_value
    if (node := locate.url(tree, touch)) is not None:
        pattern = query_pattern(touch.name, re.escape(show_value(touch.value)))
        return substitute(tree, node, pattern, lambda m: f"{name}={show_value(value)}")
    if (entry := locate.entry(tree, touch)) is not None:
        written = show_value(value) if sent_as_text(touch) else value
        return [rename_edit(tree, entry.key, name), tree.edit(entry.value, literal(written, entry.value))]
    access = locate.access(tree, touch)
    comparison = locate.comparison(tree, touch)
    if access is None or comparison is None or locate.other_operand(tree, touch, access.node) is None:
        return None
    code = access_renamed(tree, access.node, access.part, name)
    equal = touch.expression.op == "Eq"
    if not isinstance(value, bool):
        return [tree.edit(comparison, f"{code} {'==' if equal else '!='} {literal(value)}")]
    return [tree.edit(comparison, code if equal == value else tree.negation(comparison, code))]


# ---------------------------------------------------------------- text
def text(spot: Spot, touch: Touch, fix: FixIntent) -> Edits:
    mapped = mapping(fix, touch.value)
    if touch.syntax == Syntax.JQ:
        return _jq(spot, touch, mapped.to_name, mapped.to_value)
    pair = spot.pair(touch)
    if pair is None or pair.value is None or spot.text[pair.value[0]:pair.value[1]] != show_value(touch.value):
        return None
    return [(*pair.key, mapped.to_name), (*pair.value, show_value(mapped.to_value))]


def _jq(spot: Spot, touch: Touch, name: str, value: object) -> Edits:
    """``.status == "paused"`` → ``.paused == true``."""
    from ..text.jq import Filter, compared
    from ..text.members import name_range

    spelled = name_range(spot.text, spot.span, touch.name)
    literal = compared(spot.text, spot.span, spot.compare)
    if spelled is None or literal is None:
        return None
    try:
        if json.loads(spot.text[literal[0]:literal[1]].replace('\\"', '"')) != touch.value:
            return None
    except ValueError:
        return None
    written = Filter(spot.text, spot.word, literal[0]).write(json.dumps(value))
    return [(*spelled, name), (*literal, written)] if written is not None else None


# ---------------------------------------------------------------- tree
def tree(spot: TreeSpot, touch: Touch, fix: FixIntent) -> Edits:
    mapped = mapping(fix, touch.value)
    name, value = mapped.to_name, mapped.to_value
    if touch.syntax == Syntax.STRING:
        literal = spot.literal()
        pattern = re.compile(rf"(?<=[?&]){re.escape(touch.name)}={re.escape(show_value(touch.value))}(?=[&#\0]|$)")
        return (literal.replaced(pattern, f"{name}={show_value(value)}") or None) if literal else None
    if touch.role == "param":
        node = spot.value_node()
        keyed = spot.rename(name)
        if node is None or not keyed or spot.literal_code(touch.value, node) != spot.s.text_of(node):
            return None
        written = show_value(value) if sent_as_text(touch) else value
        return [*keyed, (*spot.s.span(node), spot.literal_code(written, node))]
    access, compared = spot.access(), spot.compared()
    code = spot.renamed(access, name) if access is not None else None
    if code is None or compared is None:
        return None
    comparison, _, operator = compared
    equal = touch.expression.op == "Eq"
    if not isinstance(value, bool) and operator.startswith("."):  # Java's, C#'s: the literal's equals, null-safe
        return [(*spot.s.span(comparison), f"{spot.literal_code(value, compared[1])}{operator}({code})")]
    if not isinstance(value, bool):
        return [(*spot.s.span(comparison), f"{code} {operator} {spot.literal_code(value, compared[1])}")]
    return [(*spot.s.span(comparison), code if equal == value else f"!{code}")]


INTENT = Intent(
    "map-values",
    forms(
        ("field", ACCESS | {Syntax.JQ}, ("compare",)),
        ("param", ENTRY | {Syntax.STRING} | PAIRS | URL_TEXTS | {Syntax.FORM_FIELD}, ANY),
    ),
    halves={"python": python, "text": text, "tree": tree},
    refuse=refuse,
    target=target,
)
