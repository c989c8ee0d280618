"""One text parsed with tree-sitter: its nodes' text and their character offsets.

tree-sitter counts UTF-8 bytes; the project counts characters. A node's start point (row, byte
column) is turned into a character offset by the text layer (source/lines.py), with rows split
at ``\\n`` as tree-sitter splits them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...details import Range
from ...source import LineIndex
from .grammar import Dialect, parse, problems

Node = Any  # a tree_sitter.Node


class Source:
    """A text, its UTF-8 bytes and its tree in the dialect it parses best in."""

    def __init__(self, text: str, dialects: tuple[Dialect, ...]):
        self.text = text
        self.data = text.encode("utf-8", "surrogatepass")
        self.tree, self.dialect = parse(self.data, dialects)
        self.root = self.tree.root_node
        self.ascii = len(self.data) == len(text)
        self.lines = None if self.ascii else LineIndex(text, "lf")

    def offset(self, byte: int, point: tuple[int, int]) -> int:
        """The character offset of a byte offset whose (row, byte column) is ``point``."""
        if self.ascii:
            return byte
        return self.lines.offset_at_byte(point[0] + 1, point[1])

    def span(self, node: Node) -> Range:
        return self.offset(node.start_byte, node.start_point), self.offset(node.end_byte, node.end_point)

    def inner(self, node: Node, left: int = 1, right: int = 1) -> Range:
        """A node's span without ``left`` and ``right`` characters (a string's quotes)."""
        start, end = self.span(node)
        return start + left, end - right

    def text_of(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "surrogatepass")

    @property
    def problems(self) -> int:
        return problems(self.root)

    def at(self, span: Range, types: frozenset[str]) -> Node | None:
        """The first node of one of ``types`` whose span is exactly ``span``."""
        for node in walk(self.root):
            if node.type in types and self.span(node) == span:
                return node
        return None


    def around(self, span: Range, types: frozenset[str]) -> Node | None:
        """The innermost node of one of ``types`` whose span holds ``span`` (a heredoc's body, a
        text block's literal: their content is reported where it starts, inside them)."""
        found = None
        for node in walk(self.root):
            if node.type in types:
                start, end = self.span(node)
                if start <= span[0] and span[1] <= end:
                    found = node
        return found


def walk(node: Node) -> Iterator[Node]:
    """Every named node under ``node`` (itself first), in source order, without recursion."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.named_children))


def field(node: Node, name: str) -> Node | None:
    return node.child_by_field_name(name)


def unwrap(node: Node | None, wrappers: frozenset[str]) -> Node | None:
    """The expression inside parentheses, ``await``, ``x!`` and ``x as T`` (its ``value``, where a
    field names it: C#'s cast ``(string)x``, PHP's ``(string) $x``)."""
    while node is not None and node.type in wrappers and node.named_children:
        node = node.child_by_field_name("value") or node.named_children[0]
    return node


def paired(left: Node | None, right: Node | None, lists: frozenset[str]) -> list[tuple[Node | None, Node | None]]:
    """``a, b := x, y`` pairs each name with its value; ``resp, err := f()`` binds the first name
    to the call's value (Go's value-and-error results)."""
    if left is None or left.type not in lists:
        return [(left, right)]
    names = left.named_children
    values = right.named_children if right is not None and right.type in lists else [right]
    if len(values) == len(names):
        return list(zip(names, values))
    return [(names[0], values[0] if values else None)] + [(n, None) for n in names[1:]]


# ---------------------------------------------------------------- calls and member accesses
# JavaScript writes ``x.f(a)`` as a call of the member access ``x.f``; Ruby as one call node with
# a receiver, a method name and arguments, and ``x.f`` as that call without arguments; Java as a
# method call node (receiver, name, arguments) beside a field access. These read all three through
# the language's Shapes (``callee`` None: the Ruby layout; ``method_call``: Java's, call_parts).


def is_member(node: Node, shapes) -> bool:
    """``x.f``: a member access (Ruby: a call with a receiver and no arguments or block)."""
    if shapes.kind(node) != shapes.member:
        return False
    if shapes.callee is not None:
        return True
    return (field(node, shapes.receiver) is not None and field(node, "arguments") is None
            and (shapes.block is None or field(node, shapes.block) is None))


def is_call(node: Node, shapes) -> bool:
    return node.type == shapes.call and (shapes.callee is not None or not is_member(node, shapes))


def callee(node: Node, shapes) -> Node | None:
    """What a call calls: ``f`` or the member access ``x.f`` (Ruby: the call itself, when it has
    a receiver, else its method's name)."""
    if shapes.callee is not None:
        return field(node, shapes.callee)
    return node if field(node, shapes.receiver) is not None else field(node, shapes.name)


def receiver(node: Node, shapes) -> Node | None:
    """``x`` of ``x.f``, ``x["f"]`` and ``x.m(args)``."""
    if shapes.kind(node) == shapes.method_call and shapes.method_callee is not None:
        function = field(node, shapes.method_callee)
        return field(function, shapes.receiver) if function is not None and function.type == shapes.member else None
    if node.type in shapes.conditional:  # ``mr?.MergedBy``: the holder's ``mr``
        holder_type, part = shapes.conditional[node.type]
        holder = node.parent
        while holder is not None and holder.type != holder_type:
            holder = holder.parent
        return field(holder, part) if holder is not None else None
    member = shapes.kind(node) in (shapes.member, shapes.method_call)
    return shapes.part(node, shapes.receiver if member else shapes.subscript_receiver)


def is_type(source: Source, node: Node | None, shapes, capitalised: bool) -> bool:
    """``string`` of ``string.Equals(a, b)``, ``Objects`` of ``Objects.equals(a, b)``: a type a
    method is called on, no value (a predefined type, or a capitalised name where types are)."""
    node = unwrap(node, shapes.wrappers)
    return node is not None and (node.type in shapes.type_names - shapes.identifier
                                 or capitalised and source.text_of(node)[:1].isupper())


def method_name(node: Node, shapes) -> Node | None:
    """``m`` of the method call ``x.m(args)`` (of ``x.m<T>(args)`` too), or of ``m(args)``."""
    if shapes.method_callee is None:
        return field(node, shapes.method_name)
    function = field(node, shapes.method_callee)
    name = field(function, shapes.name) if function is not None and function.type == shapes.member else function
    return name.named_children[0] if name is not None and name.type == shapes.generic and name.named_children else name


def type_arguments(node: Node, shapes) -> list[Node]:
    """The types given to a generic method: ``MergeRequest`` of ``GetFromJsonAsync<MergeRequest>(u)``."""
    name = method_name(node, shapes) if node.type == shapes.method_call else None
    generic = name.parent if name is not None and name.parent is not None else None
    if generic is None or generic.type != shapes.generic:
        return []
    return [t for listed in generic.named_children[1:] for t in listed.named_children]


def operator(source: Source, node: Node) -> str:
    """The operator of a unary or binary expression: its field's, else its first unnamed child's
    (C#'s ``!x`` holds no field)."""
    op = field(node, "operator") or next((c for c in node.children if not c.is_named), None)
    return source.text_of(op) if op is not None else ""


def operand(node: Node, shapes) -> Node | None:
    """The operand of a unary expression: its field's, else its only named child."""
    return shapes.f(node, "argument") or (node.named_children[0] if len(node.named_children) == 1 else None)


def declared_value(node: Node, shapes) -> Node | None:
    """A declarator's value: its ``value`` field, else the node after Shapes.value_after."""
    value = field(node, "value")
    if value is not None or shapes.value_after is None:
        return value
    after = False
    for child in node.children:
        if after and child.is_named:
            return child
        after = after or (not child.is_named and child.type == shapes.value_after)
    return None


def member_name(node: Node, shapes) -> Node | None:
    """``f`` of ``x.f``."""
    return field(node, shapes.name)


def index(node: Node, shapes) -> Node | None:
    """``"f"`` of ``x["f"]``."""
    if shapes.index is not None:
        return shapes.part(node, shapes.index)
    owner = field(node, shapes.subscript_receiver)
    return next((c for c in node.named_children if owner is None or c.id != owner.id), None)


def arguments(node: Node) -> Node | None:
    """A call's argument list (the field is ``arguments`` in every grammar read)."""
    return field(node, "arguments")


def argument_nodes(node: Node, shapes) -> list[Node]:
    """A call's arguments, without the comments between them (each the expression itself, where a
    grammar wraps it in ``Shapes.argument``: PHP's ``argument``, C#'s, ``name: value`` too, whose
    last part is its value)."""
    args = shapes.part(node, "arguments")
    listed = [a for a in args.named_children if a.type != shapes.comment] if args is not None else []
    return [a.named_children[-1] if a.type == shapes.argument and a.named_children else a for a in listed]


def callee_name(source: Source, node: Node, shapes) -> str:
    """What a call calls, as written: ``fetch``, ``axios.get``, ``JSON.parse`` (Ruby: its
    receiver and method name, without the arguments)."""
    function = callee(node, shapes)
    if function is None:
        return ""
    if function is node:
        return f"{source.text_of(receiver(node, shapes))}.{source.text_of(member_name(node, shapes))}"
    return source.text_of(function)


def call_parts(source: Source, node: Node, shapes) -> tuple[Node | None, str, list[Node]]:
    """(receiver, method name, arguments) of ``x.m(args)`` in every layout: a call of the member
    access ``x.m``, Ruby's call holding them, Java's method call (Shapes.method_call); ``f(args)``
    has no receiver and its name as method, ``new T(args)`` its type's last name."""
    listed = argument_nodes(node, shapes)
    if node.type == shapes.new:
        kind = shapes.part(node, "type")
        return None, source.text_of(kind).rsplit(".", 1)[-1] if kind is not None else "", listed
    if shapes.kind(node) == shapes.method_call:
        name = method_name(node, shapes)
        return receiver(node, shapes), source.text_of(name) if name is not None else "", listed
    function = callee(node, shapes)
    if function is not None and (function is node or function.type == shapes.member) \
            and member_name(function, shapes) is not None:
        return receiver(function, shapes), source.text_of(member_name(function, shapes)), listed
    return None, source.text_of(function) if function is not None else "", listed
