"""Python expressions as the fixers rewrite them: the name inside a field access, literals, and
substitutions in the literal parts of the expressions that build strings (URLs).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import libcst as cst

from ...syntax import Syntax
from ...values import Edit
from .tree import Tree

ACCESSORS: dict[Syntax, type] = {
    Syntax.ATTRIBUTE: cst.Attribute, Syntax.SUBSCRIPT: cst.Subscript, Syntax.GET: cst.Call, Syntax.GETATTR: cst.Call,
}
NamePart = cst.Name | cst.SimpleString


# ---------------------------------------------------------------- names in accesses
def name_part(node: cst.CSTNode | None, syntax: Syntax) -> NamePart | None:
    """The node spelling the field name: ``.f``, ``["f"]``, ``.get("f")``, ``getattr(x, "f")``."""
    if isinstance(node, cst.Attribute) and syntax == Syntax.ATTRIBUTE:
        return node.attr
    if isinstance(node, cst.Subscript) and syntax == Syntax.SUBSCRIPT and len(node.slice) == 1:
        index = node.slice[0].slice
        return _simple(index.value) if isinstance(index, cst.Index) else None
    if isinstance(node, cst.Call) and syntax in (Syntax.GET, Syntax.GETATTR):
        position = 0 if syntax == Syntax.GET else 1
        args = node.args
        if len(args) > position and args[position].keyword is None and not args[position].star:
            return _simple(args[position].value)
    return None


def _simple(node: cst.CSTNode) -> cst.SimpleString | None:
    return node if isinstance(node, cst.SimpleString) else None


def renamed(part: NamePart, name: str) -> NamePart:
    if isinstance(part, cst.Name):
        return part.with_changes(value=name)
    return part.with_changes(value=quoted(part, name))


def rename_edit(tree: Tree, part: NamePart, name: str) -> Edit:
    return tree.replace(part, renamed(part, name))


def access_renamed(tree: Tree, node: cst.CSTNode, part: NamePart, name: str) -> str:
    """The text of a field access with the field renamed, without the access's parentheses."""
    text, start = tree.source(node), tree.span(node)[0]
    part_start, part_end = tree.span(part)
    head, end = part_start - start, part_end - start
    return text[:head] + tree.module.code_for_node(renamed(part, name)) + text[end:]


# ---------------------------------------------------------------- literals
def quoted(like: cst.SimpleString, text: str) -> str:
    """``text`` as a string literal spelled like ``like`` (same prefix and quotes)."""
    return f"{like.prefix}{like.quote}{text}{like.quote}"


def literal(value: object, like: cst.CSTNode | None = None) -> str:
    """A Python literal for a value from the rule table; strings take like's quotes."""
    if not isinstance(value, str):
        return repr(value)
    quote = like.quote if isinstance(like, cst.SimpleString) and len(like.quote) == 1 else '"'
    return f"{quote}{value}{quote}" if value.isidentifier() else repr(value)


# ---------------------------------------------------------------- literal parts of strings
def string_pieces(node: cst.CSTNode) -> Iterator[cst.SimpleString | cst.FormattedStringText]:
    """The literal parts of an expression that builds a string (f-strings, +, %, format,
    urljoin), leaving out subscript keys and arguments of other calls."""
    if isinstance(node, (cst.SimpleString, cst.FormattedStringText)):
        yield node
        return
    if isinstance(node, cst.Subscript):
        return
    children = node.children
    if isinstance(node, cst.Call) and _callee(node) != "urljoin":
        children = [node.func]
    for child in children:
        yield from string_pieces(child)


def _callee(call: cst.Call) -> str:
    func = call.func
    return func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")


def substitute(tree: Tree, node: cst.CSTNode, pattern: re.Pattern[str],
               replacement: str | Callable[[re.Match[str]], str]) -> list[Edit]:
    """Edits replacing pattern in each literal part of the string node builds."""
    edits = []
    for piece in string_pieces(node):
        old = tree.source(piece)
        new = pattern.sub(replacement, old)
        if new != old:
            edits.append(tree.edit(piece, new))
    return edits


def query_pattern(name: str, value: str) -> re.Pattern[str]:
    """``name=value`` as one field of a URL query (value is a regex)."""
    return re.compile(rf"(?<=[?&]){re.escape(name)}=({value})(?=[&#\"']|$)")


def segment_pattern(segment: str) -> re.Pattern[str]:
    """A whole path segment inside a string literal's source text."""
    return re.compile(rf"(?:^|(?<=[/\"'])){re.escape(segment)}(?=[/?#\"']|$)")
