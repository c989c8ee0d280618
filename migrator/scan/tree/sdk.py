"""A language's SDK as data (rules/model/<sdk>.yaml, read by the rule table into ``ApiModel.sdks``),
read once per process and SDK by one reader for every language, in the forms the data is written in:

- ``methods:`` (the gitlab gem): which receivers are its client, and the request each of its
  methods sends. ``Gitlab.merge_request_changes(project, iid)`` is a GET of the merge request
  changes endpoint, ``Gitlab.runners(scope: :active)`` a GET of /runners with the query
  ``scope=active``, and what they return is the endpoint's record (``mr.merged_by``). A receiver
  the gem makes (``Gitlab``, ``Gitlab.client(…)``) is typed evidence, one only named like a client
  (``client``, Danger's ``gitlab.api``) is named (requests.py).
- ``calls:`` as "Resource.method: METHOD path" (gitbeaker): resource methods as requests
  (``api.MergeRequests.showChanges(p, iid)`` calls GET /projects/:id/merge_requests/:merge_request_iid
  /changes). The call is an endpoint touch at the method's name (no fix rewrites an SDK's method),
  its options object's keys are parameters (the SDK decamelizes them), and its value is the
  endpoint's record, typed (``call`` here).
- ``apis:`` and ``calls:`` as "method: {record, endpoint, filters}" (gitlab4j): its service
  classes (a call is the SDK's when its receiver is one), the record a service method returns,
  the endpoint it always calls and the filters its enum arguments send; ``fields:`` the type of a
  record field's accessor (a ``Boolean`` may be null). Read with the method calls (methods.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from ...apimodel import ApiModel
from ...details import Request
from ...syntax import Syntax
from .. import urls
from .infer import Value, snake
from .nodes import Node, is_member, member_name, receiver, unwrap

if TYPE_CHECKING:
    from .requests import Requests

PARAMETER = re.compile(r":\w+")


def url_template(template: str) -> str:
    """A model template's parameters as run-time parts: ``/runners/:id`` → ``/runners/{}``."""
    return PARAMETER.sub(urls.MARK, template)


@dataclass(frozen=True)
class Method:
    """One client method (the gem's): its HTTP method, the endpoint's model template, where its
    options go."""

    verb: str
    template: str
    options: str

    def url(self) -> str:
        """The endpoint as a URL template under /api/v4, its parameters run-time parts."""
        return "/api/v4" + url_template(self.template)


@dataclass(frozen=True)
class Call:
    """One call of a resource or a service: the record it returns, the endpoint it always
    requests (its model template) with its HTTP method, the filters an enum argument sends."""

    record: str | None = None
    endpoint: str | None = None
    method: str = "GET"
    filters: dict[str, str] = field(default_factory=dict)  # an enum type → the filter it sends

    @staticmethod
    def read(spec: object) -> Call:
        if isinstance(spec, str):  # "GET /projects/:id/merge_requests"
            method, _, path = spec.partition(" ")
            return Call(endpoint=path.strip(), method=method.upper())
        return Call(**spec)


@dataclass(frozen=True)
class Sdk:
    name: str = ""
    receivers: frozenset[str] = frozenset()
    names: tuple[re.Pattern[str], ...] = ()
    methods: dict[str, Method] = field(default_factory=dict)
    calls: dict[str, Call] = field(default_factory=dict)
    apis: tuple[str, ...] = ()
    fields: dict[str, dict[str, str]] = field(default_factory=dict)

    @staticmethod
    def of(model: ApiModel, name: str | None) -> Sdk:
        data = model.sdks.get(name) if name else None
        return _build(name, json.dumps(data, sort_keys=True)) if data else Sdk()

    def evidence(self, receiver: str) -> str | None:
        """typed for the SDK's own client, named for a name like a client's, else None."""
        if receiver in self.receivers:
            return "typed"
        return "named" if any(p.fullmatch(receiver) for p in self.names) else None

    def owns(self, receiver: str) -> bool:
        """A call on ``receiver`` is a service's: ``gitLabApi.getRunnersApi()``, ``runnersApi``."""
        lowered = receiver.lower()
        return any(api.lower() in lowered for api in self.apis)

    def call(self, method: str) -> Call | None:
        return self.calls.get(method)

    @property
    def filter_enums(self) -> frozenset[str]:
        """The enum types whose values an SDK call sends as a filter (``RunnerStatus``)."""
        return frozenset(enum for call in self.calls.values() for enum in call.filters)

    def type_of(self, record: str | None, name: str) -> str | None:
        return self.fields.get(record or "", {}).get(name)


@cache
def _build(name: str, data: str) -> Sdk:
    raw = json.loads(data)
    methods = {key: Method(*value) for key, value in (raw.get("methods") or {}).items()}
    calls = {key: Call.read(spec) for key, spec in (raw.get("calls") or {}).items()}
    return Sdk(name, frozenset(raw.get("receivers") or ()), tuple(re.compile(p) for p in raw.get("names") or ()),
               methods, calls, tuple(raw.get("apis") or ()), raw.get("fields") or {})


def call(requests: Requests, node: Node, function: Node, args: list[Node]) -> bool:
    """Whether ``node`` is ``….Resource.method(…)`` of the language's SDK (its touches added)."""
    sh, sdk = requests.sh, requests.w.sdk
    owner = unwrap(receiver(function, sh), sh.wrappers) if sdk.calls else None
    if owner is None or not is_member(owner, sh) or member_name(owner, sh) is None or member_name(function, sh) is None:
        return False
    where = member_name(function, sh)
    found = sdk.call(f"{requests.s.text_of(member_name(owner, sh))}.{requests.s.text_of(where)}")
    url = urls.parse(url_template(found.endpoint), requests.w.model, relative_ok=True) if found and found.endpoint else None
    if url is None:
        return False
    method = found.method
    requests.w.handled.add(owner.id)  # ``api.MergeRequests`` is the SDK's resource, no field
    requests.w.add(urls.endpoint_touch(url, requests.s.span(where), method, "typed", Syntax.METHOD))
    location = "query" if method in ("GET", "DELETE") else "body"
    request = Request(path=url.name, location=location, client=sdk.name)
    options = [a for a in args if unwrap(a, sh.wrappers).type == sh.object]
    if options:
        requests.params(options[-1], url, "typed", method, request, rename=snake)
    requests.w.infer.cache[node.id] = Value("record", url.record, "typed")
    return True
