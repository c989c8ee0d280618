"""URLs and paths, shared by every scanner: a URL template (``{}`` marks a part only known at run
time) → the API path it calls, the model's endpoint template and record, and its query fields.

``https://gl.example.com/api/v4/runners/{}?scope=active`` → path ``/runners/:param``, template
``/runners/:id``, record ``runner``, query (("scope", "active"),). A URL counts as an API call when
it holds ``/api/v4`` or when it is a path (or an unknown base followed by a path) that the model
knows. A path without a leading slash (``projects/{}/merge_requests/{}/changes``, passed to a
wrapper the scanners cannot know) counts when it is a whole endpoint template of the model with
at least a resource and a sub-resource segment: a lone word (``changes``) does not.

Text that only mentions a URL is no URL: ``/api/v4`` must follow a URL's head (a scheme and host,
or a part known at run time), not words (``f"fetching {url}"``, ``"url=" + url``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

from ..apimodel import ApiModel, split_path
from ..details import Range, Request, Written, others
from ..syntax import Syntax
from ..values import NO_VALUE, Touch

MARK = "{}"
# Transport headers, which say nothing about the API; every other header a request sends is
# reported as a parameter (location header), so rules can match credentials, Sudo and the like.
PLAIN_HEADERS = frozenset({
    "accept", "content-type", "user-agent", "content-length", "accept-encoding", "accept-language",
    "connection", "cache-control", "host", "expect", "if-none-match", "if-match", "cookie", "date",
})
URL_HEAD = re.compile(r"(?:[A-Za-z][A-Za-z0-9+.-]*:)?[^\s\"'<>=,;()\[\]]*")
"""What may come before ``/api/v4`` in a URL: a scheme, host, port and path, or run-time parts."""
SUB_RESOURCE = 2
"""Literal segments a path without a leading slash needs to be taken as an endpoint."""
METHOD_CONTEXT = {"GET": "filter", "HEAD": "filter", "POST": "create", "PUT": "update", "PATCH": "update", "DELETE": "delete"}


def context_of(method: str | None) -> str:
    """The context of what a request sent with ``method`` (None: GET) touches: filter, create,
    update or delete; call for any other method."""
    return METHOD_CONTEXT.get((method or "GET").upper(), "call")


@dataclass(frozen=True)
class ApiUrl:
    """An API URL: its path, the endpoint template and record it calls, and its query."""

    path: str
    template: str | None
    record: str | None
    query: tuple[tuple[str, object], ...]
    under_api: bool
    path_offset: int
    relative: bool = False
    """A path without a leading slash (``runners/all``), taken for a whole endpoint template."""

    @property
    def name(self) -> str:
        return self.template or self.path


def on_base(base: str | None, text: str) -> str:
    """A request's URL text joined to its client's base URL (``baseURL``, a ``base_url`` the
    client was made with), unless it has none or the text is a whole URL itself."""
    if base and not text.startswith(("http:", "https:")):
        return base.rstrip("/") + "/" + text.lstrip("/")
    return text


def parse(text: str, model: ApiModel, *, relative_ok: bool = False, least: int = SUB_RESOURCE) -> ApiUrl | None:
    """The API URL in ``text``, or None. ``relative_ok``: a bare path (``/runners``) is an API
    path, as in ``gl.http_get("/runners")`` or ``glab api runners``. ``least``: the literal
    segments a path without a leading slash needs to be taken for a whole endpoint (one, where
    a request builder of the API's own takes it: language.Client.rooted)."""
    offset, under_api, whole = -1, False, False
    for prefix in model.api_prefixes:
        index = text.find(prefix)
        if index == -1 and text.startswith(prefix[1:] + "/"):  # ``api/v4/projects/…``, joined to a base URL
            offset, under_api = len(prefix) - 1, True
            break
        # ``/api/v4`` ends there, or a run-time path follows it, or a format's placeholder for one
        # (``"{$root}/api/v4%s?private_token={$token}"``, formatted later with each path)
        if index != -1 and (text[index + len(prefix): index + len(prefix) + 1] in ("", "/", "?")
                            or text.startswith((MARK, "%s"), index + len(prefix))):
            if not URL_HEAD.fullmatch(text, 0, index):
                return None
            offset, under_api = index + len(prefix), True
            break
    if offset == -1:
        if text.startswith("/"):
            offset = 0
        elif text.startswith(MARK + "/"):
            offset = len(MARK)
        elif text[:1].isalpha():
            offset, whole = 0, not relative_ok
        else:
            return None
    rest = text[offset:]
    rest = MARK + rest[2:] if under_api and rest.startswith("%s") else rest  # a format's placeholder
    path_part, _, query_part = rest.partition("?")
    path_part = path_part.split("#", 1)[0]
    segments = tuple(MARK if MARK in s else unquote(s) for s in split_path(path_part))
    if not segments or any(" " in s or s.startswith(("http:", "https:")) for s in segments):
        return None
    endpoint = model.endpoint_for(segments)
    if whole and (endpoint is None or sub_resources(endpoint.path) < least):
        return None
    if endpoint is None and not under_api and offset == len(MARK):
        endpoint = model.endpoint_ending(segments)
    if endpoint is None and not under_api and not relative_ok:
        return None
    # A segment that was URL-encoded (`group%2Fapp`) stays one segment of the path.
    path = "/" + "/".join(":param" if s == MARK else s.replace("/", "%2F") for s in segments)
    return ApiUrl(
        path=path,
        template=endpoint.path if endpoint else None,
        record=endpoint.record if endpoint else None,
        query=parse_query(query_part),
        under_api=under_api,
        path_offset=offset,
        relative=whole,
    )


def credentialed(text: str, model: ApiModel) -> bool:
    """A path whose query carries a credential only the API takes (``?private_token=``,
    ``?job_token=``; an OAuth ``access_token`` is anyone's): the API's, though written without its
    prefix and sent by a client that holds a base URL the scanner cannot see."""
    query = text.partition("?")[2]
    return any(model.credential_type(key, "query", "") not in (None, "oauth") for key, _ in parse_query(query))


def sub_resources(template: str) -> int:
    """How many literal segments an endpoint template has (``/projects/:id/runners``: 2)."""
    return sum(1 for segment in split_path(template) if not segment.startswith(":"))


def literal_evidence(url: ApiUrl) -> str:
    """The evidence of a URL written outside any request the scanner knows: typed under
    ``/api/v4``; named when its path is a whole endpoint of the model with a sub-resource (a
    wrapper the scanner cannot know may send it); bare otherwise."""
    if url.under_api:
        return "typed"
    return "named" if url.template and sub_resources(url.template) >= SUB_RESOURCE else "bare"


def parse_query(query: str) -> tuple[tuple[str, object], ...]:
    out = []
    for pair in query.split("&"):
        if not pair:
            continue
        key, sep, value = pair.partition("=")
        if MARK in key:
            continue
        out.append((unquote(key), NO_VALUE if (not sep or MARK in value) else unquote(value)))
    return tuple(out)


def amp_removal(text: str, start: int, end: int, low: int, high: int) -> Range:
    """The range removing ``text[start:end]``, one field of an ``&``-joined list in
    ``text[low:high]``, with one separator: the ``&`` after it, else the one before it, else the
    ``?`` of a query it was the only field of."""
    if end < high and text[end] == "&":
        return start, end + 1
    if start > low and text[start - 1] in "&?":
        return start - 1, end
    return start, end


def endpoint_touch(url: ApiUrl, span: Range, method: str | None, evidence: str, syntax: Syntax,
                   auth: str | None = None) -> Touch:
    return Touch(
        role="endpoint",
        name=url.name,
        range=span,
        record=url.record,
        evidence=evidence,
        context=context_of(method),
        method=(method or "GET").upper(),
        syntax=syntax,
        request=Request(path=url.path, auth=auth),
    )


def query_touches(url: ApiUrl, span: Range, method: str | None, evidence: str, syntax: Syntax,
                  auth: str | None = None, credential: str | None = None) -> list[Touch]:
    """One param touch per query field of the URL, all at the URL's span."""
    request = Request(path=url.name, location="query", auth=auth, credential=credential)
    return [
        Touch(
            role="param",
            name=key,
            range=span,
            record=url.record,
            evidence=evidence,
            context=context_of(method),
            method=(method or "GET").upper(),
            value=value,
            syntax=syntax,
            request=request,
            written=Written(siblings=others(url.query, index)),
        )
        for index, (key, value) in enumerate(url.query)
    ]
