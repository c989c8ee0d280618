"""API client collections (kinds/collection.py): a Postman collection (v2.0, v2.1; JSON) and an
Insomnia export (JSON export format 4, or the YAML of Insomnia 5). Each request gives its
endpoint at its URL, its query fields, its headers and the parameters of its body (the members of
a JSON body written in a string, or a form's fields), as a request the collection sends: fixed
in place (a Postman URL kept in parts too, ``raw`` beside ``path`` and ``query``, is shown, not
rewritten). A saved example response (Postman's ``response``) is a recording: its body's fields are
typed by the request's endpoint, and their fixes are unsafe. ``{{name}}`` (Insomnia's
``{{ _.name }}``) is the value the collection's or an environment's variables give it, else a
value known only at run time.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..apimodel import ApiModel
from ..syntax import Syntax
from ..values import Touch
from . import recreq, urls
from .jsonpos import ARRAY, OBJECT, Frame, Node
from .recorded import RecordingScanner, _recorded, text_of

TEMPLATE = re.compile(r"\{\{\s*(?:_\.)?([\w.-]+)\s*\}\}")
DEPTH = 50  # folders within folders


def scan(text: str, model: ApiModel, docs: list[Node], syntax: Syntax) -> list[Touch]:
    """The touches of a collection's documents (``syntax``: its keys', JSON or YAML)."""
    scanner = Collection(text, model, Frame(text, syntax=syntax))
    for doc in docs:
        if doc.kind == OBJECT:
            scanner.variables.update(variables(doc))
            scanner.walk(doc, 0)
    return scanner.touches


def variables(doc: Node) -> dict[str, str]:
    """The collection's variables: Postman's ``variable`` list, Insomnia's environments' data."""
    found: dict[str, str] = {}
    for item in _items(doc.get("variable")):
        key, value = text_of(item.get("key")), text_of(item.get("value"))
        if key and value:
            found[key] = value
    environments = [r for r in _items(doc.get("resources")) if text_of(r.get("_type")) == "environment"]
    listed = doc.get("environments")
    environments += [listed] if listed is not None and listed.kind == OBJECT else []
    for environment in environments:
        data = environment.get("data")
        for member in data.value if data is not None and data.kind == OBJECT else ():
            if isinstance(member.node.value, str):
                found.setdefault(member.key, member.node.value)
    return found


class Collection(RecordingScanner):
    def __init__(self, text: str, model: ApiModel, frame: Frame) -> None:
        super().__init__(text, model, frame)
        self.variables: dict[str, str] = {}

    def walk(self, node: Node, depth: int) -> None:
        """Every request below a collection's items (Postman's ``item``, Insomnia's ``resources``
        and ``collection``, folders' ``item`` and ``children``)."""
        if depth > DEPTH:
            return
        request = node.get("request")
        if request is not None and request.kind == OBJECT:
            self.postman(node, request)
        elif text_of(node.get("_type")) == "request" or (depth and node.get("url") is not None):
            self.insomnia(node)
        for key in ("item", "resources", "collection", "children"):
            for item in _items(node.get(key)):
                self.walk(item, depth + 1)

    def postman(self, item: Node, request: Node) -> None:
        headers = list(self._list_headers(request.get("header"), named="key"))
        before, url = len(self.touches), _url(request.get("url"))
        sent = self._request(request.get("method"), url, self._headers(headers) + self.body(request.get("body")))
        if url is not request.get("url"):  # Postman keeps the URL in parts too: a fix of ``raw`` alone would split them
            span = self.frame.span(url.start, url.end)
            self.touches[before:] = [_shown(t) if t.range == span else t for t in self.touches[before:]]
        for example in _items(item.get("response")):
            original = example.get("originalRequest")
            recorded = self._request(original.get("method"), _url(original.get("url")), []) \
                if original is not None and original.kind == OBJECT else sent
            if recorded is not None:
                before = len(self.touches)
                self._response(example.get("body"), recorded)
                self.touches[before:] = _recorded(self.touches[before:])

    def insomnia(self, resource: Node) -> None:
        headers = list(self._list_headers(resource.get("headers")))
        body = resource.get("body")
        params = self._headers(headers) + self._pairs(resource.get("parameters"), "query")
        if body is not None and body.kind == OBJECT:
            params += self._body(body.get("text"), text_of(body.get("mimeType")) or "")
            params += self._pairs(body.get("params"), "form")
        self._request(resource.get("method"), resource.get("url"), params)

    def body(self, body: Node | None) -> list[recreq.Param]:
        """Postman's body: ``raw`` text (JSON, or a form), or ``urlencoded`` fields."""
        if body is None or body.kind != OBJECT:
            return []
        mode = text_of(body.get("mode"))
        if mode == "urlencoded":
            return self._pairs(body.get("urlencoded"), "form", named="key")
        return self._body(body.get("raw"), "application/json") if mode == "raw" else []

    def _request(self, method: Node | None, url: Node | None, params: list[recreq.Param]) -> recreq.Request | None:
        """A request at its URL's text: inside a quoted YAML scalar's quotes (where a fix edits it)."""
        if url is not None and url.style in ('"', "'"):
            url = Node(url.kind, url.value, url.start + 1, url.end - 1, url.style)
        return super()._request(method, url, params)

    def resolved(self, url: str | None) -> str | None:
        """A URL written with the collection's variables (``{{base_url}}``) as they set it."""
        return TEMPLATE.sub(lambda m: self.variables.get(m.group(1), urls.MARK), url) if url else url


def _shown(touch: Touch) -> Touch:
    """A touch no fix rewrites (its text is not the only place it is written)."""
    return replace(touch, origin=replace(touch.origin, approximate=True))


def _url(node: Node | None) -> Node | None:
    """Postman's URL: a string, or an object whose ``raw`` is the string."""
    return node.get("raw") if node is not None and node.kind == OBJECT else node


def _items(node: Node | None) -> list[Node]:
    return [n for n in node.value if n.kind == OBJECT] if node is not None and node.kind == ARRAY else []
