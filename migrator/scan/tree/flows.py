"""Where a response's record flows on, beyond names: into a callback's parameter
(``.then(r => r.json())``, ``mrs.map(mr => …)``), into the target a decoder fills
(``json.Unmarshal(body, &mr)``, ``json.NewDecoder(resp.Body).Decode(&mr)``), and JSON written in a
string, a mock's response (``fmt.Fprint(w, `{…}`)``), read like a recorded fixture."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...source.maps import OffsetMap, json_string
from ...syntax import Syntax
from .infer import Value
from .nodes import Node, unwrap
from .strings import arguments, string_value

if TYPE_CHECKING:
    from .walk import Walk


class Flows:
    def __init__(self, walker: Walk):
        self.w, self.s, self.sh = walker, walker.s, walker.sh

    def callback_arguments(self, node: Node, callee: Node | None) -> None:
        """``.then(r => r.json())``, ``mrs.map(mr => …)``: the callback's first parameter is the
        receiver (its element, for a list of records)."""
        args = self.sh.f(node, self.sh.arguments)
        bound = None
        if callee is not None and callee.type == self.sh.member:
            if self.s.text_of(self.sh.f(callee, "property")) in self.w.lang.callbacks:
                bound = self.w.infer.value(self.sh.f(callee, "object"))
        for arg in args.named_children if args is not None else ():
            if arg.type in self.sh.functions and bound is not None:
                self.w.function(arg, bound)
                self._returned(node, arg)
            else:
                self.w.visit(arg)

    def _returned(self, call: Node, function: Node) -> None:
        """``x.then(r => r.json())`` is what the callback returns (an expression body)."""
        body = self.sh.f(function, "body")
        if body is not None and body.type != "statement_block" and call.id not in self.w.infer.cache:
            self.w.scope.push()
            for index, name, _ in self.w._parameters(function):
                if index == 0:
                    self.w.scope.bind(name, self.w.infer.value(self.sh.f(self.sh.f(call, "function"), "object")))
            found = self.w.infer.value(body)
            self.w.scope.pop()
            if found is not None:
                self.w.infer.cache[call.id] = found

    def decoded(self, node: Node, name: str) -> None:
        """``json.Unmarshal(body, &mr)``, ``json.NewDecoder(resp.Body).Decode(&mr)``: the target
        holds the record its source (the other argument, or the receiver) is the body of."""
        method = name.rpartition(".")[2]
        index = self.w.lang.decoders.get(name, self.w.lang.decoders.get(method))
        listed = arguments(node, self.sh)
        if index is None or index >= len(listed):
            return
        target = unwrap(listed[index], self.sh.wrappers)
        target = self.sh.f(target, "argument") if target.type == self.sh.unary else target  # ``&mr``
        sources = [a for i, a in enumerate(listed) if i != index] if name in self.w.lang.decoders else \
            [self.sh.f(self.sh.f(node, "function"), "object")]
        found = next((v for v in map(self.w.infer.value, sources) if v is not None and v.kind in ("record", "response")),
                     None)
        if found is not None and target is not None and target.type in self.sh.identifier:
            self.w.scope.bind(self.s.text_of(target), Value("record", found.record, found.evidence))

    def embedded(self, node: Node) -> bool:
        """JSON written in a string (an httptest handler's body, an httpmock responder's) that
        carries a record's signature is read like a recorded fixture: its fixes are unsafe."""
        value = string_value(self.s, node, self.sh)
        parts = node.named_children
        if not value or value.lstrip()[:1] not in ("{", "[") or not parts:
            return False
        from ..recorded import embedded_json  # the JSON machinery, for the few files that embed JSON

        start, end = self.s.span(node)
        omap = json_string(self.s.text, start, end, value) if node.type == self.sh.string else OffsetMap([(0, start + 1)])
        found = embedded_json(value, omap, self.w.model, "go-string", syntax=Syntax.PYTHON_JSON_KEY) if omap else []
        for touch in found:
            self.w.touches.append(touch)
        return bool(found)
