"""Reads of a record beyond ``x.f`` and ``x["f"]``: a key read by a method of the language's
(Ruby's ``mr.fetch("merged_by")``, ``mr.dig(:merged_by)``), the target a decoder fills (Go's
``json.Unmarshal(body, &mr)``, ``json.NewDecoder(resp.Body).Decode(&mr)``), and a mock response's
body written as JSON in a string (WebMock's ``to_return(body: '{…}')``, Go's ``fmt.Fprint(w,
`{…}`)`` in an httptest handler), read as a recorded fixture."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...details import Written
from ...model import Touch
from ...source.maps import OffsetMap, json_string
from ...syntax import Syntax
from ..recorded import embedded_json as json_touches
from .infer import Value
from .nodes import Node, argument_nodes, arguments, callee, member_name, receiver, unwrap
from .strings import name_span, name_value, string_value

if TYPE_CHECKING:
    from .walk import Walk


def embedded_json(w: Walk, node: Node) -> None:
    """A mock response's body written as JSON in a string (``body: '{"active": true}'``): read as
    a recorded fixture, where the string holds its value as written, or with escapes a JSON
    string map places (Go's ``"{\\"iid\\": 2}"``)."""
    parts = node.named_children
    value = string_value(w.s, node, w.sh)
    if value is None or not parts or value.lstrip()[:1] not in ("{", "["):
        return
    if len(parts) == 1 and parts[0].type in w.sh.fragment and w.s.text_of(parts[0]) == value:
        omap, syntax = OffsetMap([(0, w.s.span(parts[0])[0])]), Syntax.JSON_KEY
    elif node.type == w.sh.string:
        omap, syntax = json_string(w.s.text, *w.s.span(node), value), Syntax.PYTHON_JSON_KEY
    else:
        return
    for touch in json_touches(value, omap, w.model, f"{w.lang.name}-string", syntax=syntax) if omap else ():
        w.add(touch)


def decoded(w: Walk, node: Node, name: str) -> None:
    """``json.Unmarshal(body, &mr)``, ``json.NewDecoder(resp.Body).Decode(&mr)``: the target
    holds the record its source (the other argument, or the receiver) is the body of."""
    method = name.rpartition(".")[2]
    index = w.lang.decoders.get(name, w.lang.decoders.get(method))
    listed = argument_nodes(node, w.sh)
    if index is None or index >= len(listed):
        return
    target = unwrap(listed[index], w.sh.wrappers)
    target = w.sh.f(target, "argument") if target.type == w.sh.unary else target  # ``&mr``
    function = callee(node, w.sh)
    sources = [a for i, a in enumerate(listed) if i != index] if name in w.lang.decoders else \
        [receiver(function, w.sh) if function is not None and function.type == w.sh.member else None]
    found = next((v for v in map(w.infer.value, sources) if v is not None and v.kind in ("record", "response")),
                 None)
    if found is not None and target is not None and target.type in w.sh.identifier:
        w.scope.bind(w.s.text_of(target), Value("record", found.record, found.evidence))


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
