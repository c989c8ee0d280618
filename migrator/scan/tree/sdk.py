"""An SDK's resource methods as requests (``api.MergeRequests.showChanges(p, iid)`` calls GET
/projects/:id/merge_requests/:iid/changes): the endpoint each calls is data, in
rules/model/<sdk>.yaml ``calls:`` ("Resource.method: METHOD path"). The call is an endpoint touch
at the method's name (no fix rewrites an SDK's method), its options object's keys are parameters
(the SDK decamelizes them), and its value is the endpoint's record, typed."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from ...details import Request
from ...syntax import Syntax
from .. import urls
from .infer import Value, snake
from .nodes import Node, field, unwrap

if TYPE_CHECKING:
    from .requests import Requests

PARAMETER = re.compile(r":\w+")


@cache
def calls(sdk: str) -> dict[str, tuple[str, str]]:
    """"Resource.method" → (HTTP method, path with ``{}`` for its parameters)."""
    import yaml

    from ...ruletable import rules_dir

    data = yaml.safe_load((rules_dir() / "model" / f"{sdk}.yaml").read_text(encoding="utf-8")) or {}
    out = {}
    for name, spec in (data.get("calls") or {}).items():
        method, _, path = str(spec).partition(" ")
        out[name] = (method.upper(), PARAMETER.sub(urls.MARK, path.strip()))
    return out


def call(requests: Requests, node: Node, function: Node, args: list[Node]) -> bool:
    """Whether ``node`` is ``….Resource.method(…)`` of the language's SDK (its touches added)."""
    owner = unwrap(field(function, "object"), requests.sh.wrappers)
    if not requests.lang.sdk or owner is None or owner.type != requests.sh.member:
        return False
    name = f"{requests.s.text_of(field(owner, requests.sh.member_name))}.{requests.s.text_of(field(function, requests.sh.member_name))}"
    found = calls(requests.lang.sdk).get(name)
    url = urls.parse(found[1], requests.w.model, relative_ok=True) if found else None
    if url is None:
        return False
    method, where = found[0], field(function, requests.sh.member_name)
    requests.w.handled.add(owner.id)  # ``api.MergeRequests`` is the SDK's resource, no field
    requests.w.add(urls.endpoint_touch(url, requests.s.span(where), method, "typed", Syntax.METHOD))
    location = "query" if method in ("GET", "DELETE") else "body"
    request = Request(path=url.name, location=location, client=requests.lang.sdk)
    options = [a for a in args if unwrap(a, requests.sh.wrappers).type == requests.sh.object]
    if options:
        requests.params(options[-1], url, "typed", method, request, rename=snake)
    requests.w.infer.cache[node.id] = Value("record", url.record, "typed")
    return True
