"""Reads of a record beyond ``x.f`` and ``x["f"]``: a key read by a method of the language's
(Ruby's ``mr.fetch("merged_by")``, ``mr.dig(:merged_by)``), and a mock response's body written as
JSON in a string (WebMock's ``to_return(body: '{…}')``), read as a recorded fixture."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...details import Written
from ...model import Touch
from ...source.maps import OffsetMap
from ...syntax import Syntax
from ..recorded import embedded_json as json_touches
from .nodes import Node, arguments, member_name, receiver, unwrap
from .strings import name_span, name_value, string_value

if TYPE_CHECKING:
    from .walk import Walk


def embedded_json(w: Walk, node: Node) -> None:
    """A mock response's body written as JSON in a plain string (``body: '{"active": true}'``):
    read as a recorded fixture, where the string holds its value as written."""
    parts = node.named_children
    value = string_value(w.s, node, w.sh)
    if value is None or len(parts) != 1 or parts[0].type not in w.sh.fragment \
            or w.s.text_of(parts[0]) != value or value.lstrip()[:1] not in ("{", "["):
        return
    for touch in json_touches(value, OffsetMap([(0, w.s.span(parts[0])[0])]), w.model,
                            f"{w.lang.name}-string", syntax=Syntax.JSON_KEY):
        w.add(touch)


def key_read(w: Walk, node: Node, function: Node | None) -> None:
    """``mr.fetch("merged_by")``, ``mr.dig(:merged_by, :username)``: a record's key read by a
    method, renamed where the key is written."""
    name = member_name(function, w.sh) if function is not None and function.type == w.sh.member else None
    args = arguments(node)
    first = unwrap(args.named_children[0], w.sh.wrappers) if args is not None and args.named_children else None
    key = name_value(w.s, first, w.sh)
    if name is None or key is None or w.s.text_of(name) not in w.lang.key_methods:
        return
    owner = w.receiver(receiver(function, w.sh))
    if owner is not None:
        span = name_span(w.s, first, w.sh)
        w.add(Touch("field", key, w.s.span(node), owner[0], owner[1], "read", syntax=Syntax.GET,
                    written=Written(key_span=span)))
