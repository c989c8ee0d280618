"""A language's SDK as data (rules/model/<sdk>.yaml), read once per process when a file of the
language is scanned, in either of two forms:

- ``methods:`` (the gitlab gem): which receivers are its client, and the request each of its
  methods sends. ``Gitlab.merge_request_changes(project, iid)`` is a GET of the merge request
  changes endpoint, ``Gitlab.runners(scope: :active)`` a GET of /runners with the query
  ``scope=active``, and what they return is the endpoint's record (``mr.merged_by``). A receiver
  the gem makes (``Gitlab``, ``Gitlab.client(…)``) is typed evidence, one only named like a client
  (``client``, Danger's ``gitlab.api``) is named.
- ``calls:`` (gitbeaker): resource methods as requests (``api.MergeRequests.showChanges(p, iid)``
  calls GET /projects/:id/merge_requests/:iid/changes), "Resource.method: METHOD path". The call
  is an endpoint touch at the method's name (no fix rewrites an SDK's method), its options
  object's keys are parameters (the SDK decamelizes them), and its value is the endpoint's
  record, typed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ...details import Request
from ...syntax import Syntax
from .. import urls
from .infer import Value, snake
from .nodes import Node, is_member, member_name, receiver, unwrap

if TYPE_CHECKING:
    from .requests import Requests

PARAMETER = re.compile(r":\w+")


@dataclass(frozen=True)
class Method:
    """One SDK method: its HTTP method, the endpoint's model template, where its options go."""

    verb: str
    template: str
    options: str

    def url(self) -> str:
        """The endpoint as a URL template under /api/v4, its parameters run-time parts."""
        return "/api/v4" + PARAMETER.sub(urls.MARK, self.template)


@dataclass(frozen=True)
class Sdk:
    receivers: frozenset[str]
    names: tuple[re.Pattern[str], ...]
    methods: dict[str, Method]

    def evidence(self, receiver: str) -> str | None:
        """typed for the SDK's own client, named for a name like a client's, else None."""
        if receiver in self.receivers:
            return "typed"
        return "named" if any(p.fullmatch(receiver) for p in self.names) else None


@cache
def _data(name: str) -> dict[str, Any]:
    from ...loader import read_yaml
    from ...ruletable import rules_dir

    return read_yaml(rules_dir() / "model" / f"{name}.yaml") or {}


@cache
def load(name: str) -> Sdk:
    """The ``methods:`` form: a client's methods."""
    data = _data(name)
    methods = {key: Method(*value) for key, value in (data.get("methods") or {}).items()}
    return Sdk(frozenset(data.get("receivers") or ()), tuple(re.compile(p) for p in data.get("names") or ()), methods)


@cache
def calls(name: str) -> dict[str, tuple[str, str]]:
    """The ``calls:`` form: "Resource.method" → (HTTP method, path with ``{}`` for its parameters)."""
    out = {}
    for key, spec in (_data(name).get("calls") or {}).items():
        method, _, path = str(spec).partition(" ")
        out[key] = (method.upper(), PARAMETER.sub(urls.MARK, path.strip()))
    return out


def call(requests: Requests, node: Node, function: Node, args: list[Node]) -> bool:
    """Whether ``node`` is ``….Resource.method(…)`` of the language's SDK (its touches added)."""
    sh = requests.sh
    table = calls(requests.lang.sdk) if requests.lang.sdk else {}
    owner = unwrap(receiver(function, sh), sh.wrappers) if table else None
    if owner is None or not is_member(owner, sh) or member_name(owner, sh) is None or member_name(function, sh) is None:
        return False
    where = member_name(function, sh)
    found = table.get(f"{requests.s.text_of(member_name(owner, sh))}.{requests.s.text_of(where)}")
    url = urls.parse(found[1], requests.w.model, relative_ok=True) if found else None
    if url is None:
        return False
    method = found[0]
    requests.w.handled.add(owner.id)  # ``api.MergeRequests`` is the SDK's resource, no field
    requests.w.add(urls.endpoint_touch(url, requests.s.span(where), method, "typed", Syntax.METHOD))
    location = "query" if method in ("GET", "DELETE") else "body"
    request = Request(path=url.name, location=location, client=requests.lang.sdk)
    options = [a for a in args if unwrap(a, sh.wrappers).type == sh.object]
    if options:
        requests.params(options[-1], url, "typed", method, request, rename=snake)
    requests.w.infer.cache[node.id] = Value("record", url.record, "typed")
    return True
