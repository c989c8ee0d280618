"""A recorded HTTP request → touches. Shared by the recorded-JSON scanner (cassettes, HAR files,
the responses library's recordings, API log lines in a repository) and `migrator audit-log`.

One request gives an endpoint touch, a param touch per query field of its URL (urls.py), and a
param touch per body field, form field or credential header, each with the request's
credential type (``auth``) so rules can tell a job-token request from a personal-token one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..apimodel import ApiModel
from ..details import Range, Written
from ..details import Request as RequestDetail
from ..syntax import Syntax
from ..values import NO_VALUE, Touch
from . import urls
from .jsonpos import OBJECT, SCALAR, Member, Node

QUERY_METHODS = ("GET", "HEAD", "DELETE")


@dataclass(frozen=True)
class Param:
    """One parameter a recorded request sent, with where it is written."""

    name: str
    value: object
    span: Range
    location: str
    syntax: Syntax = Syntax.NONE
    value_span: Range | None = None


@dataclass(frozen=True)
class Request:
    """A recorded request: its method, API URL, place, evidence and parameters."""

    method: str
    url: urls.ApiUrl
    span: Range
    evidence: str
    syntax: Syntax
    params: tuple[Param, ...] = ()


def api_request(method: str, url_text: str, span: Range, model: ApiModel, syntax: Syntax,
                params: Iterable[Param] = ()) -> Request | None:
    """The request when ``url_text`` is an API URL (under /api/v4, or a path the model knows)."""
    url = urls.parse(url_text, model)
    if url is None:
        return None
    evidence = "typed" if url.under_api else "bare"
    return Request((method or "GET").upper(), url, span, evidence, syntax, tuple(params))


def wanted_header(name: str, value: str, model: ApiModel) -> bool:
    """Every header but the plain transport ones is a request parameter."""
    return name.lower() not in urls.PLAIN_HEADERS


def request_auth(request: Request, model: ApiModel) -> str | None:
    """The credential type of the request: its first credential header or query parameter."""
    for param in request.params:
        if param.location == "header":
            credential = model.credential_type(param.name, "headers", str(param.value))
            if credential:
                return credential
    for name, value in request.url.query:
        credential = model.credential_type(name, "query", "" if value is NO_VALUE else str(value))
        if credential:
            return credential
    for param in request.params:
        if param.location in ("query", "params"):
            credential = model.credential_type(param.name, "query", str(param.value))
            if credential:
                return credential
    return None


def request_touches(request: Request, model: ApiModel, auth: str | None = None) -> list[Touch]:
    """Endpoint, query and parameter touches; ``auth`` overrides the credential type read from
    the request (an API log names the token type instead of sending headers)."""
    auth = auth or request_auth(request, model)
    url, method = request.url, request.method
    touches = [urls.endpoint_touch(url, request.span, method, request.evidence, request.syntax, auth=auth)]
    touches += urls.query_touches(url, request.span, method, request.evidence, request.syntax, auth=auth)
    context = urls.context_of(method)
    for param in request.params:
        siblings = tuple((p.name, p.value) for p in request.params if p.location == param.location and p is not param)
        touches.append(Touch(
            role="param",
            name=param.name,
            range=param.span,
            record=url.record,
            evidence=request.evidence,
            context=context,
            method=method,
            value=param.value,
            syntax=param.syntax,
            request=RequestDetail(path=url.name, location=param.location, auth=auth),
            written=Written(value_span=param.value_span, siblings=siblings),
        ))
    return touches


def log_location(name: str, method: str, model: ApiModel) -> str:
    """Where a parameter of an API log line was sent: the log mixes query and body fields, so
    credentials (query parameters by the spec) and the fields of GET/HEAD/DELETE are query."""
    if method.upper() in QUERY_METHODS:
        return "query"
    if any(name in c.query for c in model.credentials):
        return "query"
    return "body"


def scalar(value: object) -> object:
    """A literal value as a touch carries it: scalars as they are, containers as NO_VALUE."""
    return value if value is None or isinstance(value, (str, int, float, bool)) else NO_VALUE


def link_touches(value: object, span: Range, model: ApiModel, syntax: Syntax) -> list[Touch]:
    """A link a recorded response holds (``"_links": {"self": "https://…/api/v4/geo_nodes/3"}``):
    the endpoint of the server's own URL, by its shape (under ``/api/v4`` only). A v5 server
    sends the new URL, so the recording moves with the code that reads it; its query (a next
    page's echo of the request) is the server's and is not read."""
    if not isinstance(value, str) or "/api/v4/" not in value:
        return []
    url = urls.parse(value, model)
    if url is None or not url.under_api:
        return []
    return [urls.endpoint_touch(url, span, None, "typed", syntax)]


def recorded_body(body: Node | None) -> Node | None:
    """A recorded body: vcr's {string: ...} (or Ruby VCR's base64_string) → the string node."""
    if body is not None and body.kind == OBJECT:
        inner = body.get("string")
        if inner is not None:
            return inner
        encoded = body.get("base64_string")
        if encoded is not None and isinstance(encoded.value, str):
            from . import yamlpos

            return Node(SCALAR, yamlpos.decode_bytes(encoded.value, True), encoded.start, encoded.end, "binary")
    return body


def content_type(headers: list[tuple[Member, str]]) -> str:
    return next((value.lower() for m, value in headers if m.key.lower() == "content-type"), "")
