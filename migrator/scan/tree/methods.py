"""Method calls of a language whose calls carry a receiver and a method name (Shapes.method_call:
Java): accessors and key reads of records (``mr.getMergedBy()``, ``node.get("merged_by")``),
``.equals`` comparisons, requests built by a chain of calls (Language.chains), an SDK's service
calls (rules/model/<sdk>.yaml), callbacks and mock responses. The walk (walk.py) hands each such
call here; what a call's value is (a record, a response) is `value`, which the inferer asks."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...details import Expression, Request, Written, others
from ...values import NO_VALUE, Touch
from ...syntax import Syntax
from .. import urls
from . import literals, reads, sends
from .strings import url_node
from .infer import Inferred
from .sdk import SDK
from .nodes import (Node, call_parts, field, is_member, is_type, method_name, receiver as receiver_of, type_arguments,
                    unwrap)

if TYPE_CHECKING:
    from .walking import Walk


class Methods:
    def __init__(self, walk: Walk):
        self.w = walk
        self.s, self.sh, self.lang = walk.s, walk.sh, walk.lang
        self.sdk = walk.sdk

    # ---------------------------------------------------------------- what a call is
    def parts(self, node: Node) -> tuple[Node | None, str, list[Node]]:
        return call_parts(self.s, node, self.sh)

    def accessor(self, name: str) -> tuple[str, str] | None:
        """(context, API name) of an accessor's name: ``getMergedBy`` → (read, merged_by)."""
        for prefix, context in self.lang.accessors.items():
            rest = name[len(prefix):]
            if name.startswith(prefix) and rest[:1].isupper():
                return context, self.lang.api_name(rest[:1].lower() + rest[1:])
        return None

    def access(self, node: Node) -> tuple[str, Node, Node, Syntax] | None:
        """(field name, receiver, name node, syntax) of ``x.getF()`` or ``x.get("f")``."""
        receiver, method, args = self.parts(node)
        if receiver is None or self.sh.kind(node) != self.sh.method_call:
            return None
        if method in self.lang.key_methods:
            keyed = reads.method_key(self.w, node)
            return (keyed[0], receiver, keyed[2], Syntax.SUBSCRIPT) if keyed is not None else None
        found = self.accessor(method)
        if found is None or found[0] != "read" or args:
            return None
        return found[1], receiver, method_name(node, self.sh), Syntax.ATTRIBUTE

    # ---------------------------------------------------------------- the walk's handler
    def visit(self, node: Node) -> None:
        receiver, method, args = self.parts(node)
        mock = method in self.lang.mocks  # strings of JSON below it are recordings (reads.embedded_json)
        self.w.recorded += mock
        if method in self.sh.format_methods and (at := url_node(self.s, node, self.sh)) is not node:
            literals.url_literal(self.w, node, at)
        if not self.w.requests.call(node) and not self.request(node):
            self.sdk_call(node, receiver, method, args)
            if method in self.lang.equality_methods and receiver is not None and args:
                static = len(args) >= 2 and is_type(self.s, receiver, self.sh, self.lang.capitalised_types)
                self.equals(node, *(args[:2] if static else (receiver, args[0])))
            elif node.id not in self.w.handled and self.access(node) is not None:
                self.w.field(node, "read")
            elif sends.header(self.w, node) is not None:
                sends.header_touch(self.w, node, self.built_on(node))
            else:
                self.setter(node, receiver, method, args)
        self.w.visit(receiver)
        bound = self.w.infer.of(receiver) if receiver is not None and method in self.lang.callbacks else None
        for arg in args:
            if arg.type in self.sh.functions and bound is not None:
                self.w.function(arg, bound)
            else:
                self.w.visit(arg)
        if node.type == self.sh.new:  # C#'s ``new T(…) { Content = … }``, Java's anonymous class body
            for part in (field(node, "initializer"), field(node, "body")):
                self.w.visit(part)
        self.w.recorded -= mock

    def equals(self, node: Node, receiver: Node, other: Node) -> None:
        """``x.getStatus().equals("paused")`` and ``"paused".equals(x.getStatus())``."""
        expression = Expression(op="Eq", compare=self.s.span(node))
        for access, value in ((receiver, other), (other, receiver)):
            literal = self.w.literal(value)
            access = unwrap(access, self.sh.wrappers)
            if literal is not NO_VALUE and access is not None and self.w.field(access, "compare", literal,
                                                                               expression=expression):
                return

    def setter(self, node: Node, receiver: Node | None, method: str, args: list[Node]) -> None:
        """``runner.setActive(false)``: a write, shown (the call is no assignment a fix rewrites)."""
        found = self.accessor(method)
        owner = self.w.receiver(receiver) if found and found[0] == "write" and len(args) == 1 else None
        if owner is None:
            return
        self.w.add(Touch("field", found[1], self.s.span(node), owner[0], owner[1], "write",
                         value=self.w.literal(args[0]), syntax=Syntax.METHOD))

    # ---------------------------------------------------------------- the SDK
    def sdk_call(self, node: Node, receiver: Node | None, method: str, args: list[Node]) -> None:
        """A service call of the SDK that always calls one endpoint: an endpoint touch at its
        name, and a parameter touch for each filter an enum argument sends."""
        call = self.sdk.service(method) if self.sdk.owns(self.s.text_of(receiver) if receiver else "") else None
        if call is None or not call.endpoint:
            return
        name = method_name(node, self.sh)
        request = Request(path=call.endpoint, client=self.sdk.name)
        self.w.add(Touch("endpoint", call.endpoint, self.s.span(name), call.record, "typed", "filter", "GET",
                         syntax=Syntax.METHOD, request=request))
        for arg in args:
            text = self.s.text_of(arg).split(".")
            param = call.filters.get(text[-2]) if len(text) > 1 else None
            if param is not None:
                self.w.add(Touch("param", param, self.s.span(arg), call.record, "typed", "filter", "GET",
                                 text[-1].lower(), Syntax.NONE, request=replace(request, location="query")))

    # ---------------------------------------------------------------- requests built by chains
    def chain(self, node: Node) -> list[tuple[Node, str, list[Node]]]:
        """The calls of the chain ``node`` ends, first call first: (call, method, arguments)."""
        out, current = [], unwrap(node, self.sh.wrappers)
        while current is not None and self.sh.kind(current) in (self.sh.method_call, self.sh.new):
            receiver, method, args = self.parts(current)
            out.append((current, method, args))
            current = unwrap(receiver, self.sh.wrappers)
        return out[::-1]

    def request(self, node: Node) -> bool:
        """A chain of calls that sends (or builds) a request to the API: its URL, method and
        query parameters; its value a response (or the record, where a call decodes the body)."""
        parent = node.parent
        if parent is not None and parent.type == self.sh.member and self.sh.method_callee is not None:
            parent = parent.parent  # C#'s ``x.m(…)`` holds the member access ``x.m``
        if parent is not None and self.sh.kind(parent) == self.sh.method_call and receiver_of(parent, self.sh) == node:
            return False  # the chain's last call reads it
        calls, chains = self.chain(node), self.lang.chains
        found = None
        for call, method, args in calls:
            at = chains.url_at.get(method, 0)
            if method in chains.url and len(args) > at:
                text = self.w.template(args[at])
                url = urls.parse(text, self.w.model, relative_ok=text.startswith(urls.MARK + "/")) if text else None
                if url is not None:
                    found = (url, args[at])
        if found is None:
            return self.built(node, calls)
        url, where = found
        verb = next((chains.verbs[m] for _, m, _ in calls if m in chains.verbs), None)
        method = self.method_argument(calls) or verb or "GET"
        evidence = "typed" if url.under_api or (url.template and not url.relative) else "named"
        auth = sends.auth(self.w, sends.root(self.w, node)) or next(
            (self.w.model.credential_type(h.name, "headers", self.s.text_of(h.value))
             for h in filter(None, (sends.header(self.w, c) for c, _, _ in calls))), None)
        self.w.requests.url_at(url, where, method, evidence, auth)
        self.queries(calls, url, method, evidence)
        sends.bodies(self.w, calls, url, method, evidence)
        body = any(m in self.lang.body_members or self.decodes(c, m) for c, m, _ in calls)
        self.w.infer.cache[node.id] = Inferred("record" if body else "response", url.record, evidence,
                                            family="chain", url=url, method=method)
        return False

    def built(self, node: Node, calls: list) -> bool:
        """A URL built by a chain that is not sent here (``fromHttpUrl(b).path(p).queryParam(k,
        v)``): its query calls are the parameters of a GET of that URL; calls on a request built
        before (RestSharp's ``request.AddJsonBody(body)``) add to that request."""
        before = self.built_on(node)
        if before is not None:
            self.queries(calls, before.url, before.method or "GET", before.evidence)
            sends.bodies(self.w, calls, before.url, before.method or "GET", before.evidence)
            return False
        if not any(m in self.lang.chains.query for _, m, _ in calls):
            return False
        text = self.w.template(node)
        url = urls.parse(text, self.w.model, relative_ok=text.startswith(urls.MARK + "/")) if text else None
        if url is not None:
            self.queries(calls, url, "GET", urls.literal_evidence(url))
        return False

    def built_on(self, node: Node) -> Inferred | None:
        """The request a chain's first call is made on, built before (``request`` of
        ``request.AddJsonBody(…)``, of ``request.Headers.Add(…)``), or None."""
        first = node
        while first is not None and (first.type in (self.sh.method_call, self.sh.new) or is_member(first, self.sh)):
            first = unwrap(receiver_of(first, self.sh), self.sh.wrappers)
        value = self.w.infer.of(first) if first is not None and first.type in self.sh.identifier else None
        return value if value is not None and value.url is not None and value.holds == "response" else None

    def decodes(self, call: Node, method: str) -> bool:
        """``GetFromJsonAsync<MergeRequest>(url)``, RestSharp's ``GetAsync<MergeRequest>(request)``:
        a call sending a request whose type argument is the record its response is decoded into."""
        return method in self.lang.chains.typed and bool(type_arguments(call, self.sh))

    def method_argument(self, calls: list) -> str | None:
        """``exchange(url, HttpMethod.PUT, …)``, ``.method("PUT", body)``."""
        for _, method, args in calls:
            if method not in self.lang.chains.method:
                continue
            for arg in args:
                word = self.s.text_of(arg).rsplit(".", 1)[-1].strip('"').upper()
                if word in urls.METHOD_CONTEXT:
                    return word
        return None

    def queries(self, calls: list, url: urls.ApiUrl, method: str, evidence: str) -> None:
        """``.queryParam("scope", "active")``: a query parameter, its key and value as written."""
        pairs = [(args[0], args[1]) for _, m, args in calls
                 if m in self.lang.chains.query and len(args) >= 2 and args[0].type == self.sh.string]
        held = tuple((self.w.literal(k), self.w.literal(v)) for k, v in pairs)
        request = Request(path=url.name, location="query", client="http")
        context = urls.context_of(method)
        for index, (key, value) in enumerate(pairs):
            span = self.s.inner(key)
            self.w.add(Touch("param", held[index][0], span, url.record, evidence, context, method, held[index][1],
                             Syntax.DICT_KEY, request=request,
                             written=Written(key_span=span, value_span=self.s.span(value), siblings=others(held, index))))
            self.w.handled.add(key.id)

    # ---------------------------------------------------------------- values
    def of(self, node: Node) -> Inferred | None:
        """What a call's value is: an accessor's or key's value below a record (a record by its
        name), the records still (``mrs.stream()``), a response sent or its body, a decoded
        record, an SDK call's record."""
        receiver, method, args = self.parts(node)
        chains, infer = self.lang.chains, self.w.infer
        base = infer.of(receiver) if receiver is not None else None
        sdk = self.sdk.service(method) if receiver is not None and self.sdk.owns(self.s.text_of(receiver)) else None
        if sdk is not None:
            return Inferred("record", sdk.record, "typed", family=SDK)
        if method in self.lang.serializers and args:  # ``var form = new FormUrlEncodedContent(…)``: a body
            return Inferred("object", node=node)
        keyed = method in self.lang.key_methods and args  # Laravel's ``$res->json('merged_by')``: one key
        if base is not None and base.holds == "response" and method in self.lang.body_members and not keyed:
            return Inferred("record", base.record, base.evidence, family=base.family)
        if method in self.lang.forwarders:
            sent = next((v for v in (base, *(infer.of(a) for a in args[:1])) if v and v.holds == "response"), None)
            if sent is not None:
                return replace(sent, holds="record") if self.decodes(node, method) else sent
        if method in chains.decoders and args:
            decoded = infer.of(args[0])
            if decoded is not None and decoded.holds in ("response", "record"):
                return Inferred("record", decoded.record, decoded.evidence, family=decoded.family)
            kinds = [self.s.text_of(a)[:-6] for a in args[1:] if self.s.text_of(a).endswith(".class")]
            kinds += [self.s.text_of(t) for t in type_arguments(node, self.sh)]  # ``Deserialize<MergeRequest>(json)``
            return infer.type_named(kinds[0].rsplit(".", 1)[-1]) if kinds else None
        if base is not None and base.holds == "record" and method in self.lang.element_methods and not args[1:]:
            if not (args and unwrap(args[0], self.sh.wrappers).type == self.sh.string):
                return base
        access = self.access(node)
        if access is not None:
            return infer.member(base, access[0], receiver)
        return None
