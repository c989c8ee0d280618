"""HTTP request files (``.http``, ``.rest``: the REST Client and JetBrains HTTP Client format, and
a Markdown ``http`` block): requests separated by ``###`` lines, each a request line (``GET
{{host}}/runners?scope=active``, the method optional), headers, a blank line and a body. Each
request that calls the API gives an endpoint touch at its URL, its query fields, its headers
(credentials among them) and the members of a JSON body, as a request sent by code: their fixes
are the code's, made in place. ``{{name}}`` is a run-time value, or the value of the file's
``@name = value`` when that is known; in a JSON body it is read as a number of its length.
"""

from __future__ import annotations

import re

from ..apimodel import ApiModel
from ..syntax import Syntax
from ..values import NO_VALUE, Touch
from . import jsonpos, recreq, urls
from .jsonpos import OBJECT, SCALAR, JsonError

SEPARATOR = re.compile(r"^###[^\r\n]*(?:\r\n|\n|\r|$)", re.MULTILINE)
LINE = re.compile(r"[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+$")
REQUEST = re.compile(r"(?:(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[ \t]+)?(\S+)(?:[ \t]+HTTP/[\d.]+)?[ \t]*$")
VARIABLE = re.compile(r"@([\w.-]+)[ \t]*=[ \t]*(.*?)[ \t]*$")
HEADER = re.compile(r"([\w-]+)[ \t]*:[ \t]*(.*?)[ \t]*$")
TEMPLATE = re.compile(r"\{\{\s*([^{}]*?)\s*\}\}")
COMMENT = ("#", "//")


def scan(text: str, model: ApiModel) -> list[Touch]:
    variables: dict[str, str] = {}
    touches: list[Touch] = []
    separators = list(SEPARATOR.finditer(text))
    starts = [0] + [m.end() for m in separators]
    ends = [m.start() for m in separators] + [len(text)]
    for start, end in zip(starts, ends):
        touches.extend(request(text, start, end, variables, model))
    return touches


def request(text: str, start: int, end: int, variables: dict[str, str], model: ApiModel) -> list[Touch]:
    """The touches of one request block (its ``@name = value`` lines are remembered for the rest)."""
    lines = [(m.start(), m.group().rstrip("\r\n")) for m in LINE.finditer(text, start, end) if m.group()]
    index = 0
    while index < len(lines) and (not lines[index][1].strip() or lines[index][1].lstrip().startswith(COMMENT)
                                  or VARIABLE.match(lines[index][1].strip())):
        found = VARIABLE.match(lines[index][1].strip())
        if found:
            variables[found.group(1)] = found.group(2)
        index += 1
    found = REQUEST.match(lines[index][1].strip()) if index < len(lines) else None
    if found is None:
        return []
    at, line = lines[index]
    url_start = at + len(line) - len(line.lstrip()) + found.start(2)
    url_span = (url_start, url_start + len(found.group(2)))
    url = urls.parse(resolved(found.group(2), variables), model)
    if url is None or not (url.under_api or url.template and urls.sub_resources(url.template) >= urls.SUB_RESOURCE):
        return []
    params, body = [], None
    for position, (at, line) in enumerate(lines[index + 1:], index + 1):
        header = HEADER.match(line)
        if not line.strip():
            body = lines[position + 1][0] if position + 1 < len(lines) else None
            break
        if header and recreq.wanted_header(header.group(1), header.group(2), model):
            name_at = at + header.start(1)
            params.append(recreq.Param(header.group(1), resolved(header.group(2), variables),
                                       (name_at, name_at + len(header.group(1))), "header"))
    params += body_params(text, body, end) if body is not None else []
    sent = recreq.Request((found.group(1) or "GET").upper(), url, url_span, urls.literal_evidence(url),
                          Syntax.TEXT_URL, tuple(params))
    return recreq.request_touches(sent, model)


def resolved(value: str, variables: dict[str, str]) -> str:
    """A value with each ``{{name}}`` the file sets written out, any other one a run-time part."""
    return TEMPLATE.sub(lambda m: variables.get(m.group(1), urls.MARK), value)


def body_params(text: str, start: int, end: int) -> list[recreq.Param]:
    """The members of a JSON object body, at their places in the file (``{{x}}`` read as a number
    of its length, so offsets stay)."""
    body = TEMPLATE.sub(lambda m: "1" + "0" * (len(m.group()) - 1), text[start:end])
    stripped = body.rstrip()
    if not stripped.lstrip().startswith("{"):
        return []
    try:
        node = jsonpos.parse(stripped)
    except JsonError:
        return []
    if node.kind != OBJECT:
        return []
    return [recreq.Param(m.key, recreq.scalar(m.node.value) if m.node.kind == SCALAR else NO_VALUE,
                         (start + m.start, start + m.end), "body", Syntax.JSON_KEY,
                         (start + m.node.start, start + m.node.end))
            for m in node.value]
