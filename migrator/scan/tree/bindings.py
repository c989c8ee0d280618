"""Names bound by a pattern or a loop, for the walk (walk.py): ``const {data} = await
axios.get(url)`` (a destructured field of a record is read), ``for (const mr of mrs)``,
``for (Runner each : runners)``, ``for _, r := range runners`` (the element of a list of records,
by its name or its type)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...values import Touch
from .infer import Inferred
from .nodes import Node, field

if TYPE_CHECKING:
    from .walk import Walk


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
