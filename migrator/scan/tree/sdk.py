"""A language's SDK as data (rules/model/<sdk>.yaml), read once with the rules (``ApiModel.sdk``)
and here alone, for the walk: @gitbeaker/rest (JavaScript/TypeScript), the Go client
(gitlab.com/gitlab-org/api/client-go), the gitlab gem (Ruby), gitlab4j-api (Java) and php-gitlab-api
(PHP). Its keys:

- ``calls:`` resource methods, "Resource.method: METHOD path" (the path as the model writes it):
  ``api.MergeRequests.showChanges(p, iid)``, ``git.MergeRequests.GetMergeRequestChanges(pid, iid,
  nil)`` send that request (an endpoint touch at the method's name, typed; no fix rewrites an
  SDK's method); an options object given to it holds its parameters, which the SDK decamelizes
  (a key so renamed is shown, never rewritten); its value is the endpoint's record;
- ``methods:`` a client's methods, "method: [METHOD, path, where its options hash goes]", with
  ``receivers:`` (what is the client: ``Gitlab``, ``Gitlab.client(…)``, typed evidence) and
  ``names:`` (names of a client the scanner cannot see made, named evidence):
  ``Gitlab.runners(scope: :active)`` is a GET of /runners with the query ``scope=active``;
- ``packages:``, ``types:``, ``options:``, ``values:`` (Go): the import names the SDK's types are
  qualified with; its types that hold a record (``func f(r *gitlab.Runner)``, typed); option
  structs whose fields are a request's parameters (``&gitlab.ListRunnersOptions{Scope: …}``);
  helpers that point at a value (``gitlab.Ptr("online")`` is "online");
- ``apis:``, ``calls:`` as "method: {record, endpoint, filters}", ``fields:`` (gitlab4j): its
  service classes (a call is the SDK's when its receiver is one: ``gitLabApi.getRunnersApi()``,
  ``runnersApi``), the record a service method returns, the endpoint it always calls and the
  filters its enum arguments send (``RunnerStatus`` → status); the type of a record field's
  accessor (a ``Boolean`` may be null). Read with the method calls (methods.py);
- ``resources:`` (php-gitlab-api) methods naming a resource by a string (``$client->api('mr')``);
  a resource is otherwise a member (``api.MergeRequests``) or a call without arguments
  (``$client->mergeRequests()``) of the ``calls:`` key's first part;
- ``spellings:`` names the SDK spells irregularly, for the prefilter (migrator/spelling.py);
- ``package:``, ``added:`` are the fixes' (migrator/pins/): a touch read through the SDK's types
  carries ``Origin.sdk`` (``self.origin``), so a name its fix writes is checked against the release
  the project pins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...details import Expression, Origin, Request, Written, others
from ...values import Touch
from ...syntax import Syntax
from .. import urls
from ...spelling import snake_of as snake
from .infer import Inferred
from .nodes import (Node, argument_nodes, call_parts, callee, callee_name, is_member, member_name, method_name,
                    receiver, unwrap, walk)
from .strings import object_entries

if TYPE_CHECKING:
    from .walking import Walk

PARAMETER = re.compile(r":\w+")
SDK = "sdk"  # the family of a value of the SDK's types: a record it returns, a client it makes
CLIENT = SDK  # a client the SDK makes (``Gitlab.client(…)``)


@dataclass(frozen=True)
class Service:
    """A service method (gitlab4j's): the record it returns, the endpoint it always calls (its
    model template), the filters an enum argument sends (an enum type → the filter)."""

    record: str | None = None
    endpoint: str | None = None
    filters: dict[str, str] = field(default_factory=dict)


class Sdk:
    def __init__(self, walker: Walk):
        self.w, self.s, self.sh = walker, walker.s, walker.sh
        self.name = walker.lang.sdk
        self.data: dict[str, Any] = walker.model.sdk(self.name)
        self.packages = frozenset(self.data.get("packages") or ())
        self.origin = Origin(sdk=self.name)  # of a touch read through its types

    @cached_property
    def values(self) -> frozenset[str]:
        return frozenset(f"{p}.{v}" for p in self.packages for v in self.data.get("values") or ())

    @cached_property
    def receivers(self) -> frozenset[str]:
        return frozenset(self.data.get("receivers") or ())

    @cached_property
    def names(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(p) for p in self.data.get("names") or ())

    def request(self, verb: str, path: str) -> tuple[str, urls.ApiUrl] | None:
        """(``GET``, ``/projects/:id/merge_requests/:merge_request_iid/changes``) → (method, URL)."""
        url = urls.parse("/api/v4" + PARAMETER.sub(urls.MARK, path.strip()), self.w.model)
        return (verb.upper(), url) if url is not None else None

    def _spec(self, key: str, name: str) -> tuple[str, urls.ApiUrl] | None:
        spec = (self.data.get(key) or {}).get(name)
        verb, _, path = spec.partition(" ") if isinstance(spec, str) else ("", "", "")
        return self.request(verb, path) if path else None

    def _qualified(self, name: str) -> str | None:
        """``gitlab.Runner`` → ``Runner`` where ``gitlab`` is the SDK's package."""
        package, _, local = name.rpartition(".")
        return local if package in self.packages else None

    def declares(self, name: str) -> bool:
        """``gitlab.Client``, ``gitlab.MergeEvent``: a type of the SDK's packages."""
        return self._qualified(name) is not None

    def evidence(self, client: str) -> str | None:
        """typed for the SDK's own client, named for a name like a client's, else None."""
        if client in self.receivers:
            return "typed"
        return "named" if any(p.fullmatch(client) for p in self.names) else None

    # ---------------------------------------------------------------- values and types
    def value_of(self, node: Node) -> Node | None:
        """The argument of ``gitlab.Ptr(v)``: the value it points at."""
        if not self.values or node.type != self.sh.call or callee_name(self.s, node, self.sh) not in self.values:
            return None
        listed = argument_nodes(node, self.sh)
        return listed[0] if len(listed) == 1 else None

    @cached_property
    def imported(self) -> bool:
        """The file imports the SDK (``imports:``, NGitLab's ``using NGitLab.Models;``): its types
        named without a package are the SDK's."""
        return any(re.search(p, self.s.text, re.MULTILINE) for p in self.data.get("imports") or ())

    def typed(self, annotation: Node | None) -> Inferred | None:
        """The SDK's record a type names: ``*gitlab.Runner`` (qualified with its package), or
        ``Runner``, ``IEnumerable<Runner>`` in a file importing it."""
        if annotation is None or not (self.packages or self.imported):
            return None
        for part in walk(annotation):
            local = self._qualified(self.s.text_of(part)) if part.type == self.sh.qualified_type else None
            if local is None and self.imported and part.type in self.sh.type_names:
                local = self.s.text_of(part)
            record = (self.data.get("types") or {}).get(local) if local else None
            if record:
                return Inferred("record", record, "typed", family=SDK)
        return None

    def member(self, owner: Node | None, name: str) -> Inferred | None:
        """A service's property or indexer (``name`` "[]") whose value is a record (``members:``),
        by the name the service is reached by: NGitLab's ``client.Runners.All``,
        ``client.GetMergeRequest(pid)[iid]``, ``….Changes(iid).MergeRequestChange``."""
        members = self.data.get("members") if owner is not None else None
        if not members:
            return None
        reached = member_name(owner, self.sh) if owner.type == self.sh.member else (
            method_name(owner, self.sh) if owner.type == self.sh.method_call else None)
        record = members.get(f"{self.s.text_of(reached)}.{name}") if reached is not None else None
        return Inferred("record", record, "typed", family=SDK) if record else None

    # ---------------------------------------------------------------- requests
    def call(self, node: Node, function: Node, args: list[Node]) -> bool:
        """``….Resource.method(…)`` of ``calls:``: an endpoint touch, its options object's keys
        the request's parameters, and the call's value the endpoint's record."""
        owner = unwrap(receiver(function, self.sh), self.sh.wrappers) if self.data.get("calls") else None
        resource = self._resource(owner) if owner is not None else None
        where = member_name(function, self.sh)
        parsed = self._spec("calls", f"{resource}.{self.s.text_of(where)}") if resource and where else None
        if parsed is None:
            return False
        method, url = parsed
        self.w.handled.add(owner.id)  # ``api.MergeRequests``: the SDK's resource, no field
        self.w.add(urls.endpoint_touch(url, self.s.span(where), method, "typed", Syntax.METHOD))
        options = [a for a in args if unwrap(a, self.sh.wrappers).type in self.sh.objects]
        if options:
            request = Request(path=url.name, location=_location(method), client=self.name)
            self.w.requests.params(options[-1], url, "typed", method, request, rename=snake, origin=self.origin)
        self.w.infer.cache[node.id] = Inferred("record", url.record, "typed", family=SDK)
        return True

    def _resource(self, owner: Node) -> str | None:
        """The SDK's resource a call is made on: ``api.MergeRequests`` (a member), PHP's
        ``$client->mergeRequests()`` (a call without arguments), or the one a resource method
        names (``$client->api('mr')``: ``resources:``)."""
        if is_member(owner, self.sh):
            name = member_name(owner, self.sh)
            return self.s.text_of(name) if name is not None else None
        if self.sh.kind(owner) != self.sh.method_call:
            return None
        _, method, listed = call_parts(self.s, owner, self.sh)
        named = self.data.get("resources") or {}
        if method in named and len(listed) == 1:
            return (named[method] or {}).get(str(self.w.literal(listed[0])))
        return method if not listed else None

    def method(self, node: Node, owner: Node, method: str, value: Inferred | None, listed: list[Node]) -> bool:
        """A method of ``methods:``: ``Gitlab.runners(scope: :active)`` sends its request;
        ``Gitlab.client(…)`` makes a client."""
        methods = self.data.get("methods") or {}
        if not methods:
            return False
        if callee_name(self.s, node, self.sh) in self.receivers:
            self.w.infer.cache[node.id] = Inferred("client", family=CLIENT)
            return False
        known = methods.get(method)
        evidence = "typed" if value is not None and value.family == CLIENT else self.evidence(self.s.text_of(owner))
        parsed = self.request(known[0], known[1]) if known is not None and evidence else None
        if parsed is None:
            return False
        verb, url = parsed
        where = member_name(node, self.sh) if callee(node, self.sh) is node else node
        self.w.add(urls.endpoint_touch(url, self.s.span(where), verb, evidence, Syntax.METHOD))
        options = unwrap(listed[-1], self.sh.wrappers) if listed else None
        if known[2] and options is not None and options.type in self.sh.objects | {self.sh.arguments}:
            request = Request(path=url.name, location=known[2], client=self.name)
            self.w.requests.params(options, url, evidence, verb, request, origin=self.origin)
        self.w.infer.cache[node.id] = Inferred("record", url.record, evidence)
        return True

    def options(self, node: Node) -> bool:
        """An option struct's fields (``options:``) are the parameters of its request."""
        literal = node.parent
        kind = literal.child_by_field_name("type") if literal is not None else None
        local = self._qualified(self.s.text_of(kind)) if kind is not None else None
        local = local or (self.s.text_of(kind) if kind is not None and self.imported else None)  # NGitLab's
        parsed = self._spec("options", local) if local else None
        if parsed is None:
            return False
        method, url = parsed
        entries = object_entries(self.s, node, self.sh, self.w.lang.api_name)
        held = tuple((k, self.w.literal(v)) for k, _, v in entries)
        context = urls.context_of(method)
        request = Request(path=url.name, location=_location(method), client=self.name)
        for index, (name, key, value) in enumerate(entries):
            span = self.s.span(key)
            # a field of the SDK's option struct, not a key: its new name may need a value of
            # another type (``Scope: gitlab.String("active")`` → ``Paused: gitlab.Ptr(false)``)
            self.w.add(Touch("param", name, span, url.record, "typed", context, method, held[index][1],
                             Syntax.NONE, request=replace(request), origin=self.origin,
                             written=Written(key_span=span, value_span=self.s.span(value) if value else None,
                                             siblings=others(held, index))))
        self.w.handled.add(node.id)
        return True


    # ---------------------------------------------------------------- services (gitlab4j)
    @cached_property
    def apis(self) -> tuple[str, ...]:
        return tuple(self.data.get("apis") or ())

    def owns(self, receiver: str) -> bool:
        """A call on ``receiver`` is a service's: ``gitLabApi.getRunnersApi()``, ``runnersApi``."""
        lowered = receiver.lower()
        return any(api.lower() in lowered for api in self.apis)

    def service(self, method: str) -> Service | None:
        spec = (self.data.get("calls") or {}).get(method) if self.apis else None
        return Service(**spec) if isinstance(spec, dict) else None

    @cached_property
    def filter_enums(self) -> frozenset[str]:
        """The enum types whose values a service call sends as a filter (``RunnerStatus``)."""
        calls = (self.data.get("calls") or {}).values() if self.apis else ()
        return frozenset(enum for spec in calls if isinstance(spec, dict) for enum in spec.get("filters") or ())

    def typing(self, node: Node, owner: tuple[str | None, str], name: str, attribute: bool,
               expression: Expression | None) -> Expression | None:
        """What the SDK's types say of a field read ``node`` on ``owner`` (record, evidence): its value
        may be null (Language.nullable) unless the SDK's data types it the language's plain boolean
        (a null-conditional read, ``Shapes.conditional``, always may);
        a property of the SDK's type (typed) may be renamed only to one the type declares."""
        lang = self.w.lang
        if node.type in self.sh.conditional or node.type in lang.nullable and (  # ``runner?.Active`` may be null
                owner[1] != "typed" or self.type_of(owner[0], name) != lang.boolean):
            expression = replace(expression or Expression(), nullable=True)
        declared = self.declared(owner[0]) if attribute and owner[1] == "typed" else None
        return replace(expression or Expression(), declared=declared) if declared is not None else expression

    def declared(self, record: str | None) -> tuple[str, ...] | None:
        """The fields the SDK's type of ``record`` declares (``declares:``), or None where its data
        does not list them."""
        listed = (self.data.get("declares") or {}).get(record or "")
        return tuple(listed) if listed else None

    def type_of(self, record: str | None, name: str) -> str | None:
        return ((self.data.get("fields") or {}).get(record or "") or {}).get(name)


def _location(method: str) -> str:
    return "query" if method in ("GET", "DELETE") else "body"
