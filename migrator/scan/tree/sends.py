"""What the calls building a request add to it, for languages whose requests are chains of method
calls (methods.py): its body (``PutAsJsonAsync(url, body)``, RestSharp's ``AddJsonBody(body)``,
``new HttpRequestMessage(…) { Content = JsonContent.Create(body) }``) and its headers
(``AddHeader("PRIVATE-TOKEN", t)``, ``client.DefaultRequestHeaders.Add("JOB-TOKEN", t)``), as
``Chains.bodies`` and ``Chains.headers`` say.

A header is set on what its call is made on (a request, a client, their ``Headers``), often apart
from the request: the credential a request carries is that of the headers set anywhere in the file
on the name it is sent through (``_http.GetAsync(url)`` after ``_http.DefaultRequestHeaders.Add(…)``
in the constructor)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...details import Request, Written
from ...syntax import Syntax
from ...source.maps import OffsetMap, doubled, json_string
from ...values import NO_VALUE, Touch
from .. import jsonpos, urls
from .strings import string_value
from .nodes import Node, call_parts, field, is_member, member_name, receiver, unwrap, walk

if TYPE_CHECKING:
    from .infer import Inferred
    from .walking import Walk


@dataclass(frozen=True)
class Header:
    """A header a request sends."""

    name: str
    key: Node
    value: Node


def root(w: Walk, node: Node | None) -> str | None:
    """The name a chain of calls and member accesses starts from: ``_http`` of
    ``_http.DefaultRequestHeaders.Add(…)`` and of ``_http.GetAsync(url)``; of a chain starting
    with a new object, the name it is bound to (``note`` of ``var note = new RestRequest(…)``)."""
    chain = node = unwrap(node, w.sh.wrappers)
    while node is not None and (node.type in (w.sh.method_call, w.sh.new) or is_member(node, w.sh)):
        node = unwrap(receiver(node, w.sh), w.sh.wrappers)
    if node is not None and node.type in w.sh.identifier | w.sh.this:
        return w.s.text_of(node)
    holder = chain.parent if chain is not None else None
    name = field(holder, "name") if holder is not None and holder.type == w.sh.declarator else None
    return w.s.text_of(name) if name is not None else None


def header(w: Walk, call: Node) -> Header | None:
    """``AddHeader("PRIVATE-TOKEN", t)``, ``Headers.Add("JOB-TOKEN", t)``, ``DefaultRequestHeaders
    .Authorization = new AuthenticationHeaderValue("Bearer", t)``: a header by its name."""
    if call.type == w.sh.assignment:
        return _assigned(w, call)
    _, method, args = call_parts(w.s, call, w.sh)
    owner = receiver(call, w.sh)
    on_headers = owner is not None and is_member(owner, w.sh) and w.s.text_of(member_name(owner, w.sh)) in \
        w.lang.chains.header_members
    if not (method in w.lang.chains.headers or (on_headers and method == "Add")) or len(args) != 2:
        return None
    name = w.literal(args[0])
    return Header(name, unwrap(args[0], w.sh.wrappers), args[1]) if isinstance(name, str) else None


def _assigned(w: Walk, node: Node) -> Header | None:
    """A header set as a property of the headers (``Chains.header_properties``)."""
    left = unwrap(field(node, "left"), w.sh.wrappers)
    owner = receiver(left, w.sh) if left is not None and is_member(left, w.sh) else None
    name = member_name(left, w.sh) if owner is not None else None
    if name is None or not is_member(owner, w.sh) or w.s.text_of(name) not in w.lang.chains.header_properties \
            or w.s.text_of(member_name(owner, w.sh)) not in w.lang.chains.header_members:
        return None
    value = field(node, "right")
    return Header(w.s.text_of(name), name, value) if value is not None else None


def headers(w: Walk, name: str | None) -> list[Header]:
    """Every header set in the file on ``name``, in order."""
    if name is None:
        return []
    if name not in w.header_sets:
        w.header_sets[name] = [h for n in walk(w.s.root) if n.type in (w.sh.method_call, w.sh.assignment)
                               and (h := header(w, n)) is not None and root(w, _on(w, n)) == name]
    return w.header_sets[name]


def auth(w: Walk, name: str | None) -> str | None:
    """The credential a request sent through ``name`` carries: its headers' first."""
    for found in headers(w, name):
        credential = w.model.credential_type(found.name, "headers", w.s.text_of(found.value))
        if credential:
            return credential
    return None


def header_touch(w: Walk, call: Node, value: Inferred | None) -> None:
    """A header set by ``call``: a parameter of the request it is set on (or of any request, on a
    client), carrying the credential of the headers set beside it."""
    found = header(w, call)
    if found is None or found.name.lower() in urls.PLAIN_HEADERS:
        return
    url = value.url if value is not None else None
    method = value.method if value is not None and value.method else "GET"
    credential = w.model.credential_type(found.name, "headers", w.s.text_of(found.value))
    carried = credential or auth(w, root(w, _on(w, call)))  # its own, else that of the headers beside it
    request = Request(path=url.name if url else None, location="header", auth=carried, client="http",
                      credential=credential)
    span = w.s.inner(found.key) if found.key.type in w.sh.strings else w.s.span(found.key)
    w.add(Touch("param", found.name, span, url.record if url else None, value.evidence if url else "named",
                urls.context_of(method), method, w.literal(found.value), Syntax.HEADER,
                request=request, written=Written(key_span=span, value_span=w.s.span(found.value))))
    w.handled.add(found.key.id)


def _on(w: Walk, node: Node) -> Node | None:
    """What a header's call or assignment is made on."""
    return field(node, "left") if node.type == w.sh.assignment else node


def bodies(w: Walk, calls: list, url: urls.ApiUrl, method: str, evidence: str) -> None:
    """The bodies a chain's calls send: an argument of ``Chains.bodies``' methods, and the
    ``Language.locations`` entries of a new request's initializer (``{ Content = … }``)."""
    request = Request(path=url.name, client="http", auth=None)
    for call, name, args in calls:
        at = w.lang.chains.bodies.get(name)
        if at is not None and len(args) > at:
            w.requests.params(args[at], url, evidence, method, _at(request, "body"))
            json_body(w, args[at], url, evidence, method, _at(request, "body"))
        initializer = field(call, "initializer") if call.type == w.sh.new else None
        for key, _, value in w.requests.entries(initializer) if initializer is not None else ():
            if w.lang.locations.get(key) and value is not None:
                w.requests.params(value, url, evidence, method, _at(request, w.lang.locations[key]))


def json_body(w: Walk, node: Node, url: urls.ApiUrl, evidence: str, method: str, request: Request) -> None:
    """``new StringContent("{\\"active\\": false}", …)``: each key of a JSON object written in a
    string is a parameter, shown (no fix edits JSON inside a string)."""
    node = unwrap(node, w.sh.wrappers)
    if node is not None and node.type in (w.sh.method_call, w.sh.new):
        _, name, listed = call_parts(w.s, node, w.sh)
        node = unwrap(listed[0], w.sh.wrappers) if name in w.lang.serializers and listed else None
    value = string_value(w.s, node, w.sh) if node is not None and node.type in w.sh.strings else None
    omap = _json_map(w, node, value) if value and value.lstrip()[:1] == "{" else None
    try:
        doc = jsonpos.parse(value) if omap is not None else None
    except jsonpos.JsonError:
        doc = None
    context = urls.context_of(method)
    for member in doc.value if doc is not None and doc.kind == jsonpos.OBJECT else ():
        span = (omap(member.start + 1), omap(member.end - 1))  # inside its quotes
        held = member.node.value if member.node.kind == jsonpos.SCALAR else NO_VALUE
        w.add(Touch("param", member.key, span, url.record, evidence, context, method, held, Syntax.NONE,
                    request=request, written=Written(key_span=span)))


def _json_map(w: Walk, node: Node, value: str) -> OffsetMap | None:
    """Where each character of a string's value is written (``\\"`` escapes, C#'s verbatim ``""``)."""
    start, end = w.s.span(node)
    if node.type in w.sh.verbatim:
        opening, closing, _ = w.sh.verbatim[node.type]
        return doubled(w.s.text, start + len(opening), end - len(closing), closing, value)
    return json_string(w.s.text, start, end, value)


def _at(request: Request, location: str) -> Request:
    return replace(request, location=location)
