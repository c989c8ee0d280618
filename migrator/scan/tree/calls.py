"""Calls of a language whose calls carry a receiver and a method name (Shapes.method_call: Java,
and C# or Kotlin later; their parts: nodes.call_parts): the string a call builds (``String.format(f, …)``,
``"…".formatted(…)``, ``URI.create(u)``, ``UriComponentsBuilder.fromHttpUrl(b).path(p)``), and
the expression whose literal holds a URL passed through such calls (where a fix edits it)."""

from __future__ import annotations

from collections.abc import Callable

from .. import urls
from .nodes import Node, Source, argument_nodes, call_parts as parts, callee_name, unwrap
from .shapes import Shapes

DEPTH = 24


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
    """A format string with its arguments in place of its placeholders (strings.formatted)."""
    plain = unwrap(fmt, shapes.wrappers)
    if plain is None or plain.type != shapes.string or shapes.placeholders is None:
        return inner(fmt)
    from .strings import formatted, string_value

    return formatted(string_value(source, plain, shapes), [inner(arg) for arg in args], shapes.placeholders)


def url_node(source: Source, node: Node | None, shapes: Shapes, depth: int = 0) -> Node | None:
    """The expression holding a URL's literal text: through the calls that only wrap a URL
    (``URI(url)``: Shapes.passthrough; ``URI.create(u)``: pass_methods) to their argument, through
    formatters (``fmt.Sprintf``) and format methods (``String.format``) to their format string;
    the node itself otherwise."""
    node = unwrap(node, shapes.wrappers)
    if node is None or depth > DEPTH:
        return node
    if node.type == shapes.call and callee_name(source, node, shapes) in shapes.passthrough | shapes.formatters:
        listed = argument_nodes(node, shapes)  # ``URI(url)``; the format string of ``fmt.Sprintf("…", id)``
        return url_node(source, listed[0], shapes, depth + 1) if listed else node
    if shapes.method_call is None or node.type not in (shapes.method_call, shapes.new):
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
