"""A string expression → a URL template with ``{}`` (urls.MARK) for the parts known only at run
time: plain literals, template literals (``${}``), concatenation with ``+``, names bound to
strings; where a language writes them (Shapes), text blocks, placeholders inside a literal
(``%s``, ``{0}``, ``{id}``) and calls that build a string (``String.format``, ``.formatted``,
``URI.create(u)``, ``fromHttpUrl(base).path("/runners")``: calls.py). (A query builder, ``new
URLSearchParams({scope: "active"})``, is a run-time part here: its keys are the request's
parameters where it is written, requests.py.)"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from .. import urls
from .nodes import Node, Source, field, unwrap
from .shapes import Shapes

DEPTH = 24  # how deep a concatenation is followed
Lookup = Callable[[str], "str | None"]


def string_value(source: Source, node: Node, shapes: Shapes) -> str | None:
    """The value of a plain string literal (escapes decoded), or None."""
    if node.type != shapes.string:
        return None
    return "".join(_piece(source, part, shapes) or "" for part in node.named_children)


def _piece(source: Source, part: Node, shapes: Shapes) -> str | None:
    text = source.text_of(part)
    if part.type in shapes.block_fragment:
        return text.strip()
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
    if node.type == shapes.string:
        return _placeheld(string_value(source, node, shapes), shapes)
    if node.type == shapes.template:
        return "".join(_template_part(source, part, shapes, lookup, depth, builders) for part in node.named_children)
    if node.type == shapes.binary and _operator(source, node) == shapes.concat:
        left = template(source, field(node, "left"), shapes, lookup, depth + 1, builders)
        right = template(source, field(node, "right"), shapes, lookup, depth + 1, builders)
        if left is None and right is None:
            return None
        return (urls.MARK if left is None else left) + (urls.MARK if right is None else right)
    if node.type in shapes.identifier:
        return lookup(source.text_of(node))
    if shapes.method_call is not None and node.type in (shapes.method_call, shapes.new):
        from .calls import built

        return built(source, node, shapes, lambda inner: template(source, inner, shapes, lookup, depth + 1, builders))
    if builders:
        return _url_object(source, node, shapes, lookup, depth, builders)
    return None


def _url_object(source: Source, node: Node, shapes: Shapes, lookup: Lookup, depth: int,
                builders: frozenset[str]) -> str | None:
    """``new URL(path, base)``, and a URL object's ``toString()`` and ``href``."""
    if node.type == shapes.new and source.text_of(field(node, "constructor") or node) in builders:
        args = [a for a in (field(node, "arguments").named_children if field(node, "arguments") else ())]
        parts = [template(source, a, shapes, lookup, depth + 1, builders) for a in args[:2]]
        if len(parts) == 2 and parts[0] is not None and not parts[0].startswith(("http:", "https:", urls.MARK)):
            return (parts[1] or urls.MARK).rstrip("/") + "/" + parts[0].lstrip("/")
        return parts[0] if parts else None
    if node.type == shapes.call and not (field(node, "arguments") and field(node, "arguments").named_children):
        node = field(node, "function")
        if node is None or node.type != shapes.member or source.text_of(field(node, shapes.member_name)) != "toString":
            return None
    elif node.type != shapes.member or source.text_of(field(node, shapes.member_name)) != "href":
        return None
    return template(source, field(node, "object"), shapes, lookup, depth + 1, builders)


def _placeheld(value: str | None, shapes: Shapes) -> str | None:
    """A literal's value with the language's placeholders (``%s``, ``{id}``) as run-time parts."""
    if value is None or shapes.placeholders is None:
        return value
    return re.sub(shapes.placeholders, urls.MARK, value)


def _template_part(source: Source, part: Node, shapes: Shapes, lookup: Lookup, depth: int,
                   builders: frozenset[str]) -> str:
    if part.type == shapes.substitution:
        inner = part.named_children[0] if part.named_children else None
        found = template(source, inner, shapes, lookup, depth + 1, builders)
        return urls.MARK if found is None else found
    return _piece(source, part, shapes) or ""


def object_entries(source: Source, node: Node, shapes: Shapes) -> list[tuple[str, Node, Node | None]]:
    """(key, key node, value node) of an object literal's entries with a literal key; a
    shorthand entry (``{scope}``) has its name as key node and value."""
    out = []
    for entry in node.named_children:
        if entry.type == shapes.pair:
            key = field(entry, "key")
            name = key_name(source, key, shapes)
            if name is not None:
                out.append((name, key, field(entry, "value")))
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
