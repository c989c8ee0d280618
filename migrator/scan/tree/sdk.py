"""An SDK's calls, types and option structs, as data (rules/model/<sdk>.yaml), for the walk: the
Go client (gitlab.com/gitlab-org/api/client-go) today.

- ``git.MergeRequests.GetMergeRequestChanges(pid, iid, nil)``: a request to the endpoint its
  ``methods:`` entry names (an endpoint touch at the method's name, typed); its value is that
  endpoint's record, so ``mr, _, err := git.MergeRequests.GetMergeRequest(…)`` types ``mr``;
- ``func f(r *gitlab.Runner)``, ``var mr gitlab.MergeRequest``: a type its ``types:`` lists is
  that record, typed;
- ``&gitlab.ListRunnersOptions{Scope: gitlab.Ptr("online")}``: an option struct its ``options:``
  lists sends each field as a parameter of that request, typed; ``gitlab.Ptr(v)`` (``values:``)
  is ``v``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...details import Request, Written, others
from ...model import Touch
from ...syntax import Syntax
from .. import urls
from .infer import Value
from .nodes import Node, walk
from .strings import arguments, callee, object_entries

if TYPE_CHECKING:
    from .walk import Walk


class Sdk:
    def __init__(self, walker: Walk):
        self.w, self.s, self.sh = walker, walker.s, walker.sh
        self.data: dict[str, Any] = walker.model.sdk(walker.lang.sdk)
        self.packages = frozenset(self.data.get("packages") or ())

    @cached_property
    def values(self) -> frozenset[str]:
        return frozenset(f"{p}.{v}" for p in self.packages for v in self.data.get("values") or ())

    def _qualified(self, name: str) -> str | None:
        """``gitlab.Runner`` → ``Runner`` where ``gitlab`` is the SDK's package."""
        package, _, local = name.rpartition(".")
        return local if package in self.packages else None

    def request(self, spec: str) -> tuple[str, urls.ApiUrl] | None:
        """``GET /projects/{}/merge_requests/{}/changes`` → (method, URL)."""
        method, _, path = spec.partition(" ")
        url = urls.parse("/api/v4" + path, self.w.model)
        return (method, url) if url is not None else None

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

    def call(self, node: Node) -> bool:
        """A service method of the SDK: an endpoint touch, and the call's value its record."""
        function = self.sh.f(node, "function")
        if not self.packages or function is None or function.type != self.sh.member:
            return False
        name = self.s.text_of(function).split(".")
        found = (self.data.get("methods") or {}).get(".".join(name[-2:])) if len(name) >= 3 else None
        parsed = self.request(found) if found else None
        if parsed is None:
            return False
        method, url = parsed
        where = self.sh.f(function, "property")
        self.w.handled.add(self.sh.f(function, "object").id)  # ``git.MergeRequests``: the service, no field
        self.w.add(urls.endpoint_touch(url, self.s.span(where), method, "typed", Syntax.NONE))
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
        request = Request(path=url.name, location="query" if method == "GET" else "body", client="sdk")
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


