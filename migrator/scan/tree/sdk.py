"""A language's SDK as data (rules/model/<sdk>.yaml, read once with the rules: ``ApiModel.sdk``),
for the walk: @gitbeaker/rest for JavaScript/TypeScript, the Go client
(gitlab.com/gitlab-org/api/client-go) for Go.

- ``calls:`` "Resource.method: METHOD path" (the path as the model writes it, ``:id``):
  ``api.MergeRequests.showChanges(p, iid)``, ``git.MergeRequests.GetMergeRequestChanges(pid,
  iid, nil)`` are requests to that endpoint (an endpoint touch at the method's name, typed; no fix
  rewrites an SDK's method); an options object given to it (``{ scope: 'active' }``) holds its
  parameters, which the SDK decamelizes (a key so renamed is shown, never rewritten); its value is
  the endpoint's record, so ``mr, _, err := git.MergeRequests.GetMergeRequest(…)`` types ``mr``;
- ``packages:`` the import names the SDK's types and helpers are qualified with (``gitlab.Runner``);
- ``types:`` its types that hold a record: ``func f(r *gitlab.Runner)`` is that record, typed;
- ``options:`` option structs: ``&gitlab.ListRunnersOptions{Scope: gitlab.Ptr("online")}``
  sends each field as a parameter of that request, typed;
- ``values:`` helpers that point at a value: ``gitlab.Ptr(v)`` is ``v``;
- ``spellings:`` names the SDK spells irregularly, for the prefilter (migrator/spelling.py).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...details import Request, Written, others
from ...model import Touch
from ...syntax import Syntax
from .. import urls
from .infer import Value, snake
from .nodes import Node, unwrap, walk
from .strings import arguments, callee, object_entries

if TYPE_CHECKING:
    from .walk import Walk

PARAMETER = re.compile(r":\w+")


class Sdk:
    def __init__(self, walker: Walk):
        self.w, self.s, self.sh = walker, walker.s, walker.sh
        self.name = walker.lang.sdk
        self.data: dict[str, Any] = walker.model.sdk(self.name)
        self.packages = frozenset(self.data.get("packages") or ())

    @cached_property
    def values(self) -> frozenset[str]:
        return frozenset(f"{p}.{v}" for p in self.packages for v in self.data.get("values") or ())

    def _qualified(self, name: str) -> str | None:
        """``gitlab.Runner`` → ``Runner`` where ``gitlab`` is the SDK's package."""
        package, _, local = name.rpartition(".")
        return local if package in self.packages else None

    def request(self, spec: str) -> tuple[str, urls.ApiUrl] | None:
        """``GET /projects/:id/merge_requests/:merge_request_iid/changes`` → (method, URL)."""
        method, _, path = str(spec).partition(" ")
        url = urls.parse("/api/v4" + PARAMETER.sub(urls.MARK, path.strip()), self.w.model)
        return (method.upper(), url) if url is not None else None

    def value_of(self, node: Node) -> Node | None:
        """The argument of ``gitlab.Ptr(v)``: the value it points at."""
        if not self.values or node.type != self.sh.call or callee(self.s, node, self.sh) not in self.values:
            return None
        listed = arguments(node, self.sh)
        return listed[0] if len(listed) == 1 else None

    def typed(self, annotation: Node | None) -> Value | None:
        for part in walk(annotation) if annotation is not None and self.packages else ():
            local = self._qualified(self.s.text_of(part)) if part.type == self.sh.qualified_type else None
            record = (self.data.get("types") or {}).get(local) if local else None
            if record:
                return Value("record", record, "typed", family="sdk")
        return None

    def call(self, node: Node, function: Node, args: list[Node]) -> bool:
        """``….Resource.method(…)`` of the SDK: an endpoint touch, its options object's keys the
        request's parameters, and the call's value the endpoint's record."""
        calls = self.data.get("calls")
        owner = unwrap(self.sh.f(function, "object"), self.sh.wrappers)
        if not calls or owner is None or owner.type != self.sh.member:
            return False
        name = f"{self.s.text_of(self.sh.f(owner, 'property'))}.{self.s.text_of(self.sh.f(function, 'property'))}"
        parsed = self.request(calls[name]) if name in calls else None
        if parsed is None:
            return False
        method, url = parsed
        self.w.handled.add(owner.id)  # ``api.MergeRequests``: the SDK's resource, no field
        where = self.sh.f(function, "property")
        self.w.add(urls.endpoint_touch(url, self.s.span(where), method, "typed", Syntax.METHOD))
        options = [a for a in args if unwrap(a, self.sh.wrappers).type == self.sh.object]
        if options:
            request = Request(path=url.name, location=_location(method), client=self.name)
            self.w.requests.params(options[-1], url, "typed", method, request, rename=snake)
        self.w.infer.cache[node.id] = Value("record", url.record, "typed", family="sdk")
        return True

    def options(self, node: Node) -> bool:
        """An option struct's fields are the parameters of its request."""
        literal = node.parent
        kind = self.sh.f(literal, "type") if literal is not None else None
        local = self._qualified(self.s.text_of(kind)) if kind is not None else None
        spec = (self.data.get("options") or {}).get(local) if local else None
        parsed = self.request(spec) if spec else None
        if parsed is None:
            return False
        method, url = parsed
        entries = object_entries(self.s, node, self.sh, self.w.lang.api_name)
        held = tuple((k, self.w.literal(v)) for k, _, v in entries)
        context = urls.METHOD_CONTEXT.get(method, "call")
        request = Request(path=url.name, location=_location(method), client=self.name)
        for index, (name, key, value) in enumerate(entries):
            span = self.s.span(key)
            # a field of the SDK's option struct, not a key: its new name may need a value of
            # another type (``Scope: gitlab.String("active")`` → ``Paused: gitlab.Ptr(false)``)
            self.w.add(Touch("param", name, span, url.record, "typed", context, method, held[index][1],
                             Syntax.NONE, request=replace(request),
                             written=Written(key_span=span, value_span=self.s.span(value) if value else None,
                                             siblings=others(held, index))))
        self.w.handled.add(node.id)
        return True


def _location(method: str) -> str:
    return "query" if method in ("GET", "DELETE") else "body"
