"""Calls of a language whose calls carry a receiver and a method name (Shapes.method_call: Java,
and C# or Kotlin later): their parts, the string a call builds (``String.format(f, …)``,
``"…".formatted(…)``, ``URI.create(u)``, ``UriComponentsBuilder.fromHttpUrl(b).path(p)``), and
the expression whose literal holds a URL passed through such calls (where a fix edits it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import urls
from .nodes import Node, Source, field, unwrap
from .shapes import Shapes

DEPTH = 24


def parts(source: Source, node: Node, shapes: Shapes) -> tuple[Node | None, str, list[Node]]:
    """(receiver, method name, arguments) of ``x.m(args)``; ``new T(args)`` has no receiver and
    its type's last name as method."""
    args = field(node, shapes.arguments)
    listed = list(args.named_children) if args is not None else []
    if node.type == shapes.new:
        kind = field(node, "type")
        return None, source.text_of(kind).rsplit(".", 1)[-1] if kind is not None else "", listed
    name = field(node, "name")
    return field(node, "object"), source.text_of(name) if name is not None else "", listed


def built(source: Source, node: Node, shapes: Shapes, inner: Callable[[Node], str | None]) -> str | None:
    """The string a call builds, with ``{}`` for run-time parts; None when it builds none that
    the language's data knows."""
    receiver, method, args = parts(source, node, shapes)
    chained = receiver is not None and unwrap(receiver, shapes.wrappers).type in (shapes.method_call, shapes.new)
    if method in shapes.format_methods:
        static = receiver is None or unwrap(receiver, shapes.wrappers).type in shapes.identifier
        if static and args:
            return _formatted(source, args[0], args[1:], shapes, inner)
        return _formatted(source, receiver, args, shapes, inner) if receiver is not None else None
    if method in shapes.pass_methods:
        if chained or (receiver is not None and unwrap(receiver, shapes.wrappers).type == shapes.string):
            return inner(receiver)
        return inner(args[0]) if args else None
    if method in shapes.path_methods:
        head = inner(receiver) if chained else None
        tail = inner(args[0]) if args else None
        if head is None and tail is None:
            return None
        return (urls.MARK if head is None and chained else head or "") + (urls.MARK if tail is None else tail)
    return None


def _formatted(source: Source, fmt: Node, args: list[Node], shapes: Shapes,
               inner: Callable[[Node], str | None]) -> str | None:
    """A format string with its arguments in place of its placeholders, in order (``%s``) or by
    index (``{0}``, ``%2$s``); a placeholder without a known string is a run-time part."""
    plain = unwrap(fmt, shapes.wrappers)
    if plain is None or plain.type != shapes.string or shapes.placeholders is None:
        return inner(fmt)
    from .strings import string_value

    value = string_value(source, plain, shapes)
    if value is None:
        return None
    out, at, index = [], 0, 0
    for match in re.finditer(shapes.placeholders, value):
        digits = re.search(r"\d+", match.group())
        position = int(digits.group()) - (0 if match.group().startswith("{") else 1) if digits and (
            match.group().startswith("{") or "$" in match.group()) else index
        index += 1
        arg = args[position] if 0 <= position < len(args) else None
        out.append(value[at:match.start()])
        out.append((inner(arg) if arg is not None else None) or urls.MARK)
        at = match.end()
    return "".join(out) + value[at:]


def url_node(source: Source, node: Node | None, shapes: Shapes, depth: int = 0) -> Node | None:
    """The expression holding a URL's literal text: through format and pass-through calls to
    the format string or the URL's first argument; the node itself otherwise."""
    node = unwrap(node, shapes.wrappers)
    if node is None or depth > DEPTH or node.type not in (shapes.method_call, shapes.new):
        return node
    receiver, method, args = parts(source, node, shapes)
    chained = receiver is not None and unwrap(receiver, shapes.wrappers).type in (shapes.method_call, shapes.new)
    if method in shapes.format_methods:
        static = receiver is None or unwrap(receiver, shapes.wrappers).type in shapes.identifier
        return url_node(source, args[0] if static and args else receiver, shapes, depth + 1)
    if method in shapes.pass_methods:
        string = receiver is not None and unwrap(receiver, shapes.wrappers).type == shapes.string
        return url_node(source, receiver if chained or string else (args[0] if args else None), shapes, depth + 1)
    return node
