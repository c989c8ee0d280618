"""A string expression → a URL template with ``{}`` (urls.MARK) for the parts known only at run
time: plain literals, template literals (``${}``), concatenation with ``+``, names bound to
strings. (A query builder, ``new URLSearchParams({scope: "active"})``, is a run-time part here:
its keys are the request's parameters where it is written, requests.py.)"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from ...model import NO_VALUE
from .. import urls
from .nodes import Node, Source, unwrap
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


def literal(source: Source, node: Node | None, shapes: Shapes,
            pointed: Callable[[Node], "Node | None"] = lambda node: None) -> object:
    """A literal's value (string, number, true, false, null), or NO_VALUE; ``pointed`` gives the
    value a helper points at (the SDK's ``gitlab.Ptr(v)``)."""
    node = unwrap(node, shapes.wrappers)
    if node is None:
        return NO_VALUE
    if node.type in shapes.strings:
        return string_value(source, node, shapes)
    if node.type in shapes.literals:
        return shapes.literals[node.type]
    inner = pointed(node)
    if inner is not None:
        return literal(source, inner, shapes, pointed)
    listed = node.named_children if node.type == shapes.object and shapes.composite else ()
    if len(listed) == 1 and listed[0].type != shapes.pair:  # Go's ``url.Values{"scope": {"active"}}``
        return literal(source, listed[0], shapes, pointed)
    if node.type in shapes.numbers:
        text = source.text_of(node)
        try:
            return int(text) if text.isdigit() else float(text)
        except ValueError:
            return NO_VALUE
    return NO_VALUE


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


def template(source: Source, node: Node | None, shapes: Shapes, lookup: Lookup, depth: int = 0,
             builders: frozenset[str] = frozenset()) -> str | None:
    """The string an expression builds, with ``{}`` for run-time parts; None when it has no
    literal part at all. ``builders`` are the constructors of URL objects (``new URL(path,
    base)``), whose ``toString()`` and ``href`` are the URL."""
    node = unwrap(node, shapes.wrappers)
    if node is None or depth > DEPTH:
        return None
    if node.type in shapes.strings:
        value = string_value(source, node, shapes)
        return formatted(value) if value is not None and is_format(source, node, shapes) else value
    if node.type == shapes.call and callee(source, node, shapes) in shapes.formats | shapes.joins:
        return _call_template(source, node, shapes, lookup, depth, builders)
    if node.type == shapes.template:
        return "".join(_template_part(source, part, shapes, lookup, depth, builders) for part in node.named_children)
    if node.type == shapes.binary and _operator(source, node) == shapes.concat:
        left = template(source, shapes.f(node, "left"), shapes, lookup, depth + 1, builders)
        right = template(source, shapes.f(node, "right"), shapes, lookup, depth + 1, builders)
        if left is None and right is None:
            return None
        return (urls.MARK if left is None else left) + (urls.MARK if right is None else right)
    if node.type in shapes.identifier:
        return lookup(source.text_of(node))
    if builders:
        return _url_object(source, node, shapes, lookup, depth, builders)
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


def _call_template(source: Source, node: Node, shapes: Shapes, lookup: Lookup, depth: int,
                   builders: frozenset[str]) -> str | None:
    """A format call's string, or the path a join call builds (``path.Join(base, "runners")``)."""
    listed = arguments(node, shapes)
    if callee(source, node, shapes) in shapes.formats:
        return template(source, listed[0], shapes, lookup, depth + 1, builders) if listed else None
    parts = [template(source, arg, shapes, lookup, depth + 1, builders) for arg in listed]
    if all(part is None for part in parts):
        return None
    joined = "/".join((urls.MARK if part is None else part).strip("/") if index else
                      (urls.MARK if part is None else part).rstrip("/") for index, part in enumerate(parts))
    return joined


def _url_object(source: Source, node: Node, shapes: Shapes, lookup: Lookup, depth: int,
                builders: frozenset[str]) -> str | None:
    """``new URL(path, base)``, and a URL object's ``toString()`` and ``href``."""
    if node.type == shapes.new and source.text_of(shapes.f(node, "constructor") or node) in builders:
        args = [a for a in (shapes.f(node, "arguments").named_children if shapes.f(node, "arguments") else ())]
        parts = [template(source, a, shapes, lookup, depth + 1, builders) for a in args[:2]]
        if len(parts) == 2 and parts[0] is not None and not parts[0].startswith(("http:", "https:", urls.MARK)):
            return (parts[1] or urls.MARK).rstrip("/") + "/" + parts[0].lstrip("/")
        return parts[0] if parts else None
    if node.type == shapes.call and not (shapes.f(node, "arguments") and shapes.f(node, "arguments").named_children):
        node = shapes.f(node, "function")
        if node is None or node.type != shapes.member or source.text_of(shapes.f(node, "property")) != "toString":
            return None
    elif node.type != shapes.member or source.text_of(shapes.f(node, "property")) != "href":
        return None
    return template(source, shapes.f(node, "object"), shapes, lookup, depth + 1, builders)


def _template_part(source: Source, part: Node, shapes: Shapes, lookup: Lookup, depth: int,
                   builders: frozenset[str]) -> str:
    if part.type == shapes.substitution:
        inner = part.named_children[0] if part.named_children else None
        found = template(source, inner, shapes, lookup, depth + 1, builders)
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
    op = node.child_by_field_name("operator")
    return source.text_of(op) if op is not None else ""
