"""Recorded-JSON scanner: fixtures, VCR cassettes, HAR files, the responses library's recordings
and API log lines → touches, for the kinds ``json`` and ``cassette`` (and collections.py).
- A plain fixture: every JSON object is a record when its keys carry the record's signature
  (`ApiModel.record_for_keys`), and each of its keys is a ``field`` touch (context ``key``).
  Nested objects are recognised on their own. Below a webhook or system hook payload everything
  is that payload (``object_attributes.merge_status`` of a merge request hook is no REST field).
- A recording (vcrpy or Ruby VCR cassette, in YAML or JSON; a HAR file; a ``responses``
  recording; an api_json.log line): each request gives endpoint, query, body and credential
  header touches (recreq.py), and the JSON held in its response body gives field touches typed
  by the request's endpoint, unless an object's signature says otherwise.

- A string value that is an API URL (a response's ``_links``) is an endpoint touch (recreq).
- JSON in a program's string is a region of that program (regions, scope `Mock`): a mock
  response, read like a fixture with a record's signature (`scan_mock`), its links always.

Keys inside a JSON text held in a string point at the key in the file: exactly for JSON strings
and YAML literal blocks, by alignment for other YAML styles, at the string for base64 or gzip.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from urllib.parse import unquote_plus

from ..apimodel import PAYLOAD_RECORDS, ApiModel
from ..details import Written, others
from ..syntax import Syntax
from ..values import NO_VALUE, ScanError, Touch
from . import jsonpos, jsontelemetry, recreq  # yamlpos (PyYAML) where a recording is YAML or base64
from .jsonpos import ARRAY, OBJECT, SCALAR, Frame, JsonError, Member, Node

_FORM = re.compile(r"[\w.\[\]%+-]+=[^&]*(?:&[\w.\[\]%+-]+=[^&]*)*")
_INTERACTIONS = ("interactions", "http_interactions")


def scan(text: str, model: ApiModel, syntax: str = "json") -> list[Touch]:
    """A JSON document (or JSON lines in a ``.json`` file), or a YAML recording (``syntax``
    yaml: the file kind tells, kinds/cassette.recorded_syntax)."""
    start = text.lstrip()[:1]
    if syntax == "yaml":
        from . import yamlpos

        return _touches(text, model, yamlpos.compose(text), Syntax.YAML_KEY, fixtures=False)
    try:
        docs = jsonpos.parse_documents(text) if start else []
    except JsonError as exc:
        raise ScanError.at(f"JSON: {exc.message}", exc.offset) from None
    return _touches(text, model, docs, Syntax.JSON_KEY, fixtures=True)


def scan_lines(text: str, model: ApiModel) -> list[Touch]:
    """JSON lines: each non-blank line one document; a line that is not JSON is a parse error."""
    docs, pos = [], 0
    for line in text.splitlines(keepends=True):
        end = pos + len(line.rstrip("\r\n"))
        if line.strip():
            try:
                docs.append(jsonpos.parse(text, pos, end))
            except JsonError as exc:
                raise ScanError.at(f"JSON lines: {exc.message}", exc.offset) from None
        pos += len(line)
    return _touches(text, model, docs, Syntax.JSON_KEY, fixtures=True)


def _touches(text: str, model: ApiModel, docs: list[Node], syntax: Syntax, fixtures: bool) -> list[Touch]:
    scanner = RecordingScanner(text, model, Frame(text, syntax=syntax))
    for doc in docs:
        scanner.document(doc, fixtures=fixtures)
    return _recorded(scanner.touches)


def _recorded(touches: list[Touch]) -> list[Touch]:
    """Every touch here is recorded traffic: its fixes must go together with the code that
    replays it (fix/intents/)."""
    origins: dict[object, object] = {}  # a file's touches share a few origins: each is made once
    for touch in touches:
        if not touch.origin.recorded and touch.origin not in origins:
            origins[touch.origin] = replace(touch.origin, recorded=True)
    return [t if t.origin.recorded else replace(t, origin=origins[t.origin]) for t in touches]


@dataclass(frozen=True)
class Mock:
    """A region of JSON in a program's string (migrator/regions), a mock response: ``label``, the
    string holding it (python-string …); ``named``, the variable holding it; ``syntax``, its keys'."""

    label: str
    named: str | None = None
    syntax: Syntax = Syntax.JSON_KEY


def scan_mock(value: str, model: ApiModel, mock: Mock) -> list[Touch]:
    """The JSON held in a program's string: its keys read like a fixture's when an object in it
    carries a record's signature, or the variable holding it names a record; its links always."""
    try:
        doc = jsonpos.parse(value) if value.lstrip()[:1] in ("{", "[") else None
    except JsonError:
        doc = None
    record = model.record_for_name(mock.named) if mock.named else None
    scanner = RecordingScanner(value, model, Frame(value, syntax=mock.syntax, embedded=mock.label))
    if doc is not None:
        scanner.fixture(doc, scanner.frame, default=(record, "named") if record else None)
    keys = [t for t in scanner.touches if t.role == "field"]
    read = keys if any(t.evidence != "bare" for t in keys) else []
    return _recorded(read + [t for t in scanner.touches if t.role != "field"])


def value_of(node: Node | None) -> object:
    if node is None or node.kind != SCALAR:
        return NO_VALUE
    return recreq.scalar(node.value)


def text_of(node: Node | None) -> str | None:
    return node.text if node is not None else None


class RecordingScanner:  # scan/collections.py reads API client collections with it too
    def __init__(self, text: str, model: ApiModel, frame: Frame) -> None:
        self.text, self.model, self.frame = text, model, frame
        self.touches: list[Touch] = []
        # YAML aliases share nodes; each is walked once. The nodes are kept alive here: a freed
        # node's id() can be reused by a node parsed later (a response body), which would then
        # be skipped.
        self.seen: dict[int, Node] = {}

    # ------------------------------------------------------------------ documents
    def document(self, doc: Node, fixtures: bool = True) -> None:
        """A recording's requests; otherwise, in JSON only, the objects of a fixture."""
        entries = self._recordings(doc)
        if entries is None:
            if fixtures:
                self.fixture(doc, self.frame)
            return
        for handler, entry in entries:
            if entry.kind == OBJECT:
                handler(entry)

    def _recordings(self, doc: Node) -> Iterator | None:
        """(handler, entry) pairs when the document is a recording, else None."""
        if doc.kind != OBJECT:
            return None
        for key in _INTERACTIONS:
            items = doc.get(key)
            if items is not None and items.kind == ARRAY:
                return ((self.vcr, item) for item in items.value)
        log = doc.get("log")
        entries = log.get("entries") if log is not None else None
        if entries is not None and entries.kind == ARRAY:
            return ((self.har, item) for item in entries.value)
        items = doc.get("responses")
        if items is not None and items.kind == ARRAY and any(i.get("response") for i in items.value):
            return ((self.responses, item) for item in items.value)
        if isinstance(text_of(doc.get("method")), str) and "/api/" in (text_of(doc.get("path")) or ""):
            return iter([(self.log_line, doc)])
        return None

    # ------------------------------------------------------------------ fixtures
    def fixture(self, node: Node, frame: Frame, default: tuple[str | None, str] | None = None,
                inherited: tuple[str, str] | None = None, parent: Member | None = None) -> None:
        """Field touches for every object below ``node``. ``default`` is the (record, evidence)
        of top-level objects of a response body; ``inherited`` that of a payload's insides;
        ``parent`` the member holding ``node``."""
        if id(node) in self.seen:
            return
        self.seen[id(node)] = node
        if node.kind == ARRAY:
            for item in node.value:
                self.fixture(item, frame, default, inherited, parent)
            return
        if node.kind != OBJECT or self._telemetry(node, frame, parent):
            return
        record, evidence = inherited or self._owner(node, default, parent.key if parent else None)
        below = inherited or ((record, evidence) if record in PAYLOAD_RECORDS else None)
        held = tuple((m.key, value_of(m.node)) for m in node.value)
        for index, member in enumerate(node.value):
            self._field(member, frame, record, evidence, others(held, index))
            if member.node.kind != SCALAR:
                self.fixture(member.node, frame, None, below, member)

    def _telemetry(self, node: Node, frame: Frame, parent: Member | None) -> bool:
        messages = self.model.telemetry_messages
        found = jsontelemetry.message_name(node, parent.key if parent else None, messages) if messages else None
        if found is None:
            return False
        message, type_key = found
        named_by = node.get(type_key) if type_key else parent
        self.touches.extend(jsontelemetry.message_touches(node, frame, message, type_key, (named_by.start, named_by.end)))
        return True

    def _owner(self, node: Node, default: tuple[str | None, str] | None, name: str | None) -> tuple[str | None, str]:
        record = self.model.record_for_keys(frozenset(m.key for m in node.value))
        if record is not None:
            return record, "typed"
        if default is not None:
            return default
        named = self.model.record_for_name(name) if name else None
        return (named, "named") if named else (None, "bare")

    def _field(self, member: Member, frame: Frame, record: str | None, evidence: str, siblings: tuple) -> None:
        """A key's field touch (``siblings``: the other members of its object); a number also
        carries ``raw``, its text as written (52.5200000)."""
        node = member.node
        number = isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
        self.touches.append(Touch(
            "field", member.key, frame.span(member.start, member.end), record, evidence, "key",
            value=value_of(node), syntax=frame.syntax, origin=frame.origin,
            written=Written(value_span=frame.span(node.start, node.end), siblings=siblings,
                            raw=frame.source(node.start, node.end) if number and node.kind == SCALAR else None),
        ))
        link = Syntax.JSON_STRING if frame.syntax == Syntax.JSON_KEY else Syntax.YAML_SCALAR
        self.touches.extend(replace(t, origin=frame.origin) for t in recreq.link_touches(
            node.value, frame.span(node.start, node.end), self.model, link))

    # ------------------------------------------------------------------ recordings
    def vcr(self, item: Node) -> None:
        req, resp = item.get("request"), item.get("response")
        if req is None or req.kind != OBJECT:
            return
        headers = list(self._dict_headers(req.get("headers")))
        params = self._headers(headers) + self._body(req.get("body"), recreq.content_type(headers))
        request = self._request(req.get("method"), req.get("uri"), params)
        if request is not None and resp is not None and resp.kind == OBJECT:
            self._response(resp.get("body"), request)

    def har(self, entry: Node) -> None:
        req, resp = entry.get("request"), entry.get("response")
        if req is None or req.kind != OBJECT:
            return
        headers = list(self._list_headers(req.get("headers")))
        params = self._headers(headers) + self._har_post(req.get("postData"))
        url = req.get("url")
        if "?" not in (text_of(url) or ""):
            params += self._pairs(req.get("queryString"), "query")
        request = self._request(req.get("method"), url, params)
        content = resp.get("content") if resp is not None else None
        if request is not None and content is not None:
            base64 = text_of(content.get("encoding")) == "base64"
            self._response(content.get("text"), request, base64=base64)

    def responses(self, entry: Node) -> None:
        resp = entry.get("response")
        if resp is None or resp.kind != OBJECT:
            return
        request = self._request(resp.get("method"), resp.get("url"), [])
        if request is not None:
            self._response(resp.get("body"), request)

    def log_line(self, doc: Node) -> None:
        method = text_of(doc.get("method")) or "GET"
        params = []
        items = doc.get("params")
        for item in items.value if items is not None and items.kind == ARRAY else ():
            key = item.get("key") if item.kind == OBJECT else None
            if isinstance(text_of(key), str):
                location = recreq.log_location(key.value, method, self.model)
                param = self._param(key.value, item.get("value"), key.start, key.end, location, self.frame)
                params.append(replace(param, syntax=Syntax.LOG))  # a {key, value} pair: no member to rewrite
        self._request(doc.get("method"), doc.get("path"), params)

    def _request(self, method: Node | None, url: Node | None, params: list[recreq.Param]) -> recreq.Request | None:
        url_text = self.resolved(text_of(url))  # a collection's {{variables}} written out (collections.py)
        if not url_text:
            return None
        span = self.frame.span(url.start, url.end)
        syntax = Syntax.JSON_STRING if self.frame.syntax == Syntax.JSON_KEY else Syntax.YAML_SCALAR
        request = recreq.api_request(text_of(method) or "GET", url_text, span, self.model, syntax, params)
        if request is not None:
            self.touches.extend(recreq.request_touches(request, self.model))
        return request

    def resolved(self, url: str | None) -> str | None:
        return url

    def _response(self, body: Node | None, request: recreq.Request, base64: bool = False) -> None:
        parsed = self._body_json(body, base64)
        if parsed is not None:
            node, frame = parsed
            self.fixture(node, frame, default=(request.url.record, request.evidence))

    # ------------------------------------------------------------------ headers and bodies
    def _dict_headers(self, node: Node | None) -> Iterator[tuple[Member, str]]:
        """vcr headers: {Name: [value, ...]} or {Name: value}."""
        for member in node.value if node is not None and node.kind == OBJECT else ():
            value = member.node
            if value.kind == ARRAY:
                value = value.value[0] if value.value else None
            yield member, str(value.value) if value is not None and value.kind == SCALAR else ""

    def _list_headers(self, node: Node | None, named: str = "name") -> Iterator[tuple[Member, str]]:
        """HAR headers: [{name, value}, ...] (Postman's: ``named`` key)."""
        for item in node.value if node is not None and node.kind == ARRAY else ():
            name = item.member(named) if item.kind == OBJECT else None
            if name is not None and isinstance(name.node.value, str):
                key = Member(name.node.value, name.node.start, name.node.end, name.node)
                yield key, str(value_of(item.get("value")))

    def _headers(self, headers: list[tuple[Member, str]]) -> list[recreq.Param]:
        return [
            recreq.Param(m.key, value, self.frame.span(m.start, m.end), "header", self.frame.syntax)
            for m, value in headers
            if recreq.wanted_header(m.key, value, self.model)
        ]

    def _har_post(self, post: Node | None) -> list[recreq.Param]:
        if post is None or post.kind != OBJECT:
            return []
        pairs = self._pairs(post.get("params"), "form")
        return pairs or self._body(post.get("text"), text_of(post.get("mimeType")) or "")

    def _pairs(self, node: Node | None, location: str, named: str = "name") -> list[recreq.Param]:
        """HAR name/value lists (queryString, postData.params; Postman's: ``named`` key)."""
        out = []
        for item in node.value if node is not None and node.kind == ARRAY else ():
            name = item.get(named) if item.kind == OBJECT else None
            if isinstance(text_of(name), str):
                out.append(self._param(name.value, item.get("value"), name.start, name.end, location, self.frame))
        return out

    def _param(self, name: str, value: Node | None, start: int, end: int, location: str, frame: Frame) -> recreq.Param:
        value_span = frame.span(value.start, value.end) if value is not None else None
        return recreq.Param(name, value_of(value), frame.span(start, end), location, frame.syntax, value_span)

    def _body(self, body: Node | None, content_type: str) -> list[recreq.Param]:
        """Parameters of a request body: the members of a JSON object, or form fields."""
        parsed = self._body_json(body)
        if parsed is not None:
            node, frame = parsed
            if node.kind != OBJECT:
                return []
            return [self._param(m.key, m.node, m.start, m.end, "body", frame) for m in node.value]
        body = recreq.recorded_body(body)
        text = text_of(body)
        if text and ("form-urlencoded" in content_type or _FORM.fullmatch(text.strip())):
            return self._form(text, self.embedded(body, False))
        return []

    def _form(self, text: str, frame: Frame) -> list[recreq.Param]:
        out, pos = [], 0
        for pair in text.split("&"):
            key, sep, value = pair.partition("=")
            if key.strip():
                lead = len(key) - len(key.lstrip())
                span = frame.span(pos + lead, pos + len(key))
                out.append(recreq.Param(unquote_plus(key.strip()), unquote_plus(value) if sep else NO_VALUE,
                                        span, "form", Syntax.FORM_FIELD))
            pos += len(pair) + 1
        return out

    def _body_json(self, body: Node | None, base64: bool = False) -> tuple[Node, Frame] | None:
        """The JSON a body holds, with the frame that maps its offsets to the file."""
        body = recreq.recorded_body(body)
        if body is None or body.kind != SCALAR:
            structured = body is not None and body.value and body.member("encoding") is None
            return (body, self.frame) if structured else None
        text = body.value if isinstance(body.value, str) else None
        if text and base64:
            from . import yamlpos

            text = yamlpos.decode_bytes(text, base64_text=True)
            body = Node(SCALAR, text, body.start, body.end, "binary")
        if not text or text.lstrip()[:1] not in ("{", "["):
            return None
        try:
            node = jsonpos.parse(text)
        except JsonError:
            return None
        return node, self.embedded(body, True)

    def embedded(self, node: Node, json_text: bool) -> Frame:
        """The frame of a text held in a string node."""
        syntax = Syntax.JSON_KEY if json_text else Syntax.FORM_FIELD
        if node.style == "json":
            omap, name, exact = jsonpos.string_map(self.text, node), "json-string", True
        elif node.style == "binary":
            omap, name, exact = None, "binary", False
        else:
            from . import yamlpos

            omap, exact = yamlpos.content_map(self.text, node)
            name = "yaml-block" if node.style in ("|", ">") else "yaml-flow"
        text = node.value or ""
        if omap is None:
            return Frame(text, fixed=(node.start, node.end), syntax=syntax, embedded=name)
        return Frame(text, omap, syntax=syntax, embedded=name, exact=exact)

