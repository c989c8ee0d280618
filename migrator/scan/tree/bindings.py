"""Names bound by a pattern, a loop or a callback, for the walk (walk.py): ``const {data} = await
axios.get(url)`` (a destructured field of a record is read), ``for (const mr of mrs)``,
``for (Runner each : runners)``, ``for _, r := range runners`` (the element of a list of records,
by its name or its type), ``mrs.map(mr => …)``, ``array_map(fn ($mr) => …, $mrs)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...values import Touch
from .infer import Inferred
from .nodes import Node, argument_nodes, arguments, callee, field, member_name, receiver, unwrap

if TYPE_CHECKING:
    from .walking import Walk


def destructure(walk: Walk, pattern: Node, base: Inferred | None) -> None:
    """``const {data} = await axios.get(url)``; ``const {merged_by} = mr`` reads a field."""
    for entry in pattern.named_children:
        if entry.type == walk.sh.pattern_shorthand:
            key, local = entry, entry
        elif entry.type == walk.sh.pattern_pair:
            key, local = field(entry, "key"), field(entry, "value")
        else:
            continue
        name = walk.s.text_of(key) if key is entry else walk.infer.key_of(key)
        if name is None:
            continue
        if base is not None and base.holds == "record":
            walk.add(Touch("field", name, walk.s.span(key), base.record, base.evidence, "read"))
        if local is not None and local.type in walk.sh.identifier | {walk.sh.pattern_shorthand}:
            walk.scope.bind(walk.s.text_of(local), walk.infer.member(base, name, None)
                            or walk.infer.named(walk.s.text_of(local)))


def for_of(walk: Walk, node: Node) -> None:
    """``for (const mr of mrs)``, ``for (Runner each : runners)``, ``for _, r := range runners``:
    the loop's name is an element."""
    left_field, right_field = walk.sh.for_fields
    right = walk.sh.part(node, right_field)
    walk.visit(right)
    left = walk.sh.part(node, left_field)
    if left is not None and left.type in walk.sh.lists:  # Go's ``for _, r := range runners``
        listed = left.named_children
        left = listed[walk.sh.for_element] if len(listed) > walk.sh.for_element else None
    if left is not None and left.type in walk.sh.identifier:
        name = walk.s.text_of(left)
        walk.scope.bind(name, walk.infer.element(right) or walk.infer.named(name)
                        or walk.infer.typed(field(node, "type")))  # ``for (Runner each : list)``
    walk.visit(field(node, "body"))


def callback_arguments(walk: Walk, node: Node, function: Node | None) -> None:
    """``.then(r => r.json())``, ``mrs.map(mr => …)``, ``mrs.each do |mr| … end``: the
    callback's first parameter is the receiver (its element, for a list of records)."""
    args = arguments(node)
    bound = None
    if function is not None and function.type == walk.sh.member and member_name(function, walk.sh) is not None:
        if walk.s.text_of(member_name(function, walk.sh)) in walk.lang.callbacks:
            bound = walk.infer.of(receiver(function, walk.sh))
    block = field(node, walk.sh.block) if walk.sh.block else None
    for arg in [*(args.named_children if args is not None else ()), *([block] if block is not None else [])]:
        if arg.type in walk.sh.functions and bound is not None:
            walk.function(arg, bound)
            _returned(walk, node, arg)
        else:
            walk.visit(arg)


def _returned(walk: Walk, call: Node, function: Node) -> None:
    """``x.then(r => r.json())`` is what the callback returns (an expression body)."""
    body = field(function, "body")
    if body is not None and body.type != walk.sh.statement_block and call.id not in walk.infer.cache:
        walk.scope.push()
        for position, name, _ in walk.parameters(function):
            if position == 0:
                walk.scope.bind(name, walk.infer.of(receiver(callee(call, walk.sh), walk.sh)))
        found = walk.infer.of(body)
        walk.scope.pop()
        if found is not None:
            walk.infer.cache[call.id] = found


def listed_callback(walk: Walk, node: Node, name: str) -> bool:
    """``array_map(fn ($mr) => …, $mrs)``, ``array_filter($runners, function ($r) {…})``: a
    function given a list and a callback (``Language.list_callbacks``) binds the callback's first
    parameter to an element of the list, typed where the list is a response's records."""
    at = walk.lang.list_callbacks.get(name)
    listed = argument_nodes(node, walk.sh)
    if at is None or len(listed) <= max(at) or unwrap(listed[at[0]], walk.sh.wrappers).type not in walk.sh.functions:
        return False
    for index, arg in enumerate(listed):
        if index != at[0]:
            walk.visit(arg)
    walk.function(unwrap(listed[at[0]], walk.sh.wrappers), walk.infer.element(listed[at[1]]))
    return True
