"""A string expression → a URL template with ``{}`` (urls.MARK) for the parts known only at run
time: plain literals, template literals (``${}``), concatenation with ``+``, names bound to
strings. (A query builder, ``new URLSearchParams({scope: "active"})``, is a run-time part here:
its keys are the request's parameters where it is written, requests.py.)"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from .. import urls
from .nodes import Node, Source, field, unwrap
from .shapes import Shapes

DEPTH = 24  # how deep a concatenation is followed
# a printf verb (``%s``, ``%d``, ``%v``, ``%-5.2f``, ``%[1]d``) is a run-time part; ``%%`` is "%"
PRINTF = re.compile(r"%%|%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z]")
Lookup = Callable[[str], "str | None"]


def string_value(source: Source, node: Node, shapes: Shapes) -> str | None:
    """The value of a plain string literal (escapes decoded), or None."""
    if node.type not in shapes.strings:
        return None
    return "".join(_piece(source, part, shapes) or "" for part in node.named_children)


def _piece(source: Source, part: Node, shapes: Shapes) -> str | None:
    text = source.text_of(part)
    if part.type in shapes.fragment:
        return text
    if part.type == shapes.escape:
        try:
            return codecs.decode(text, "unicode_escape") if not text.startswith("\\\n") else ""
        except UnicodeDecodeError:
            return text[1:]
    return None


def template(source: Source, node: Node | None, shapes: Shapes, lookup: Lookup, depth: int = 0) -> str | None:
    """The string an expression builds, with ``{}`` for run-time parts; None when it has no
    literal part at all."""
    node = unwrap(node, shapes.wrappers)
    if node is None or depth > DEPTH:
        return None
    if node.type in shapes.strings:
        value = string_value(source, node, shapes)
        return formatted(value) if value is not None and is_format(source, node, shapes) else value
    if node.type == shapes.call and callee(source, node, shapes) in shapes.formats | shapes.joins:
        return _call_template(source, node, shapes, lookup, depth)
    if node.type == shapes.template:
        return "".join(_template_part(source, part, shapes, lookup, depth) for part in node.named_children)
    if node.type == shapes.binary and _operator(source, node) == shapes.concat:
        left = template(source, shapes.f(node, "left"), shapes, lookup, depth + 1)
        right = template(source, shapes.f(node, "right"), shapes, lookup, depth + 1)
        if left is None and right is None:
            return None
        return (urls.MARK if left is None else left) + (urls.MARK if right is None else right)
    if node.type in shapes.identifier:
        return lookup(source.text_of(node))
    return None


def callee(source: Source, call: Node, shapes: Shapes) -> str:
    function = shapes.f(call, "function")
    return source.text_of(function) if function is not None else ""


def arguments(call: Node, shapes: Shapes) -> list[Node]:
    args = shapes.f(call, shapes.arguments)
    return [a for a in args.named_children if a.type != shapes.comment] if args is not None else []


def is_format(source: Source, node: Node, shapes: Shapes) -> bool:
    """The string is the format of a printf-like call: ``fmt.Sprintf("/projects/%d", id)``."""
    args = node.parent
    call = args.parent if args is not None and args.type == shapes.argument_list else None
    return (call is not None and call.type == shapes.call and callee(source, call, shapes) in shapes.formats
            and bool(args.named_children) and args.named_children[0].id == node.id)


def formatted(value: str) -> str:
    return PRINTF.sub(lambda m: "%" if m.group() == "%%" else urls.MARK, value)


def _call_template(source: Source, node: Node, shapes: Shapes, lookup: Lookup, depth: int) -> str | None:
    """A format call's string, or the path a join call builds (``path.Join(base, "runners")``)."""
    listed = arguments(node, shapes)
    if callee(source, node, shapes) in shapes.formats:
        return template(source, listed[0], shapes, lookup, depth + 1) if listed else None
    parts = [template(source, arg, shapes, lookup, depth + 1) for arg in listed]
    if all(part is None for part in parts):
        return None
    joined = "/".join((urls.MARK if part is None else part).strip("/") if index else
                      (urls.MARK if part is None else part).rstrip("/") for index, part in enumerate(parts))
    return joined


def _template_part(source: Source, part: Node, shapes: Shapes, lookup: Lookup, depth: int) -> str:
    if part.type == shapes.substitution:
        inner = part.named_children[0] if part.named_children else None
        found = template(source, inner, shapes, lookup, depth + 1)
        return urls.MARK if found is None else found
    return _piece(source, part, shapes) or ""


def object_entries(source: Source, node: Node, shapes: Shapes,
                   spell: Callable[[str], str] | None = None) -> list[tuple[str, Node, Node | None]]:
    """(key, key node, value node) of an object literal's entries with a literal key; a
    shorthand entry (``{scope}``) has its name as key node and value."""
    out = []
    for entry in node.named_children:
        if entry.type == shapes.pair:
            key = unwrap(shapes.f(entry, "key"), shapes.wrappers)
            name = key_name(source, key, shapes)
            if name is not None and spell is not None and key.type not in shapes.strings:
                name = spell(name)  # a struct literal's ``Scope:`` is the API's ``scope``
            if name is not None:
                out.append((name, key, unwrap(shapes.f(entry, "value"), shapes.wrappers)))
        elif entry.type == shapes.shorthand:
            out.append((source.text_of(entry), entry, entry))
    return out


def key_name(source: Source, key: Node | None, shapes: Shapes) -> str | None:
    if key is None:
        return None
    if key.type in shapes.property or key.type in shapes.identifier:
        return source.text_of(key)
    return string_value(source, key, shapes)


def _operator(source: Source, node: Node) -> str:
    op = field(node, "operator")
    return source.text_of(op) if op is not None else ""
