"""Reads of a record beyond ``x.f`` and ``x["f"]``: a key read by a method of the language's
(Ruby's ``mr.fetch("merged_by")``, ``mr.dig(:merged_by)``; Java's ``node.get("merged_by")`` is
read with its method calls, methods.py), the target a decoder fills (Go's ``json.Unmarshal(body,
&mr)``, ``json.NewDecoder(resp.Body).Decode(&mr)``), and a mock response's body written as JSON in
a string (WebMock's ``to_return(body: '{…}')``, WireMock's ``okJson("{…}")``, Go's ``fmt.Fprint(w,
`{…}`)`` in an httptest handler), read as a recorded fixture."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...details import Written
from ...regions import Piece, Region, dispatch
from ...regions.lines import Layout
from ...source.maps import align, doubled, json_string, shifted
from ...syntax import Syntax
from ...values import Touch
from ..recorded import Mock
from .infer import Inferred
from .nodes import Node, argument_nodes, call_parts, callee, receiver, unwrap
from .strings import name_span, name_value, string_value

if TYPE_CHECKING:
    from .walking import Walk

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a key a method reads by name


def embedded_json(w: Walk, node: Node, record: str | None = None) -> bool:
    """A mock response's body written as JSON in a string (WebMock's ``body: '{"active": true}'``,
    WireMock's ``okJson("{…}")``, a Java text block, Go's ``"{\\"iid\\": 2}"``), read as a recorded
    fixture, its objects ``record``'s where no signature says otherwise (JSON decoded into a
    variable holding one). A string that holds its value as written is a region of one piece that
    the JSON kind fixes (unsafe, as a recording's: kinds/tree.py dispatches it); one with escapes
    or a text block's margins is mapped back to where each key is written, shown
    (``string-json-key``)."""
    value = string_value(w.s, node, w.sh) if node.type in w.sh.strings else None
    if not value or value.lstrip()[:1] not in ("{", "["):
        return False
    parts, label = node.named_children, f"{w.lang.name}-string"
    start, end = w.s.span(node)
    if len(parts) == 1 and parts[0].type in w.sh.fragment and w.s.text_of(parts[0]) == value:
        written = w.s.span(parts[0])  # as it reads: one piece, fixed in place by the JSON kind
        region = Region("json", (start, end), value, shifted(written[0]), scope=Mock(label, record),
                        pieces=(Piece(0, len(value), written, "lines", (Layout(), None)),))
    else:
        block = any(p.type in w.sh.block_fragment for p in parts)
        omap = align(value, w.s.text, start + 3, end - 3) if block else json_string(w.s.text, start, end, value)
        if node.type in w.sh.verbatim:  # C#'s ``@"{""id"": 1}"``
            opening, closing, _ = w.sh.verbatim[node.type]
            omap = doubled(w.s.text, start + len(opening), end - len(closing), closing, value)
        if omap is None:
            return False
        region = Region("json", (start, end), value, omap, scope=Mock(label, record, Syntax.STRING_JSON_KEY),
                        exact=not block)
    for touch in dispatch.scan(region, w.model):
        w.add(touch)
    w.regions.append(region)
    w.handled.add(node.id)
    return True


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
    found = next((v for v in map(w.infer.of, sources) if v is not None and v.holds in ("record", "response")),
                 None)
    if found is not None and target is not None and target.type in w.sh.identifier:
        w.scope.bind(w.s.text_of(target), Inferred("record", found.record, found.evidence))
    held = w.infer.of(target) if found is None and target is not None else None
    for source in sources if held is not None and held.holds == "record" and held.record else ():
        source = w.sh.part(source, "operand") if source is not None and source.type in w.sh.conversions else source
        if source is not None and source.type in w.sh.strings:
            embedded_json(w, source, held.record)  # ``json.Unmarshal([]byte(`{…}`), &mr)`` in a test


def method_key(w: Walk, node: Node) -> tuple[str, Node, Node] | None:
    """(key, receiver, key node) of a record's key read by a method of the language's
    (Language.key_methods): ``mr.fetch("merged_by")``, ``mr.dig(:merged_by, :username)``,
    ``node.get("merged_by")``: the key its first argument names, a string or a symbol."""
    owner, method, args = call_parts(w.s, node, w.sh)
    first = unwrap(args[0], w.sh.wrappers) if args else None
    key = name_value(w.s, first, w.sh)
    if owner is None or method not in w.lang.key_methods or key is None or not NAME.fullmatch(key):
        return None
    return key, owner, first


def key_read(w: Walk, node: Node) -> None:
    """A key read by a method of a call that is no method call node (Ruby's ``mr.fetch(…)``): a
    field read, renamed where the key is written (a method call node's is read as a field access,
    methods.py)."""
    found = method_key(w, node)
    if found is None:
        return
    key, holder, first = found
    owner = w.receiver(holder)
    if owner is not None:
        span = name_span(w.s, first, w.sh)
        w.add(Touch("field", key, w.s.span(node), owner[0], owner[1], "read", syntax=Syntax.GET,
                    written=Written(key_span=span)))
