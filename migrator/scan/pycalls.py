"""Python calls that talk to the API: HTTP clients (requests, httpx, aiohttp, urllib),
python-gitlab's ``gl.http_*`` and managers, record methods, and telemetry message builders.

A CallHandler reads and changes the scan's state only through its stated interface (pystate.py);
it reports a call's fields with pyfields, its URL literals with pyurls, hands the bodies it sends
to pyflow, and walks a call's parts with the ``visit`` it is given."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import replace

from ..details import Request, Telemetry, Written, others
from ..syntax import Syntax
from ..values import NO_VALUE, Touch
from . import urls
from .pyfields import Fields
from .pyflow import Flows, Sink
from .pyinfer import GITLAB_HTTP, HTTP_MODULES, HTTP_VERBS, Inferred
from .pyclock import clock_scale
from .pysource import last_name, literal
from .pystate import ScanState
from .pyurls import Urls

PAYLOADS = {"json": "body", "data": "form", "params": "query", "post_data": "body",
            "query_data": "query", "content": "body"}
MANAGER_CONTEXT = {"create": "create", "update": "update", "list": "filter", "all": "filter",
                   "get": "filter", "iter": "filter"}


class CallHandler:
    def __init__(self, state: ScanState, fields: Fields, url_literals: Urls, flows: Flows,
                 visit: Callable[[ast.AST], None]):
        self.state = state
        self.fields = fields
        self.url_literals = url_literals
        self.flows = flows
        self.visit = visit

    def handle(self, node: ast.Call) -> None:
        self.flows.call(node)
        if not (self.http_call(node) or self.gitlab_http(node) or self.manager_call(node)
                or self.telemetry_call(node)):
            if (not self.state.handled(node) and not self.fields.touch(node, "read")
                    and not self.url_literals.literal(node)):
                self.record_method(node)
        func = node.func
        self.visit(func.value if isinstance(func, ast.Attribute) else func)
        for arg in node.args:
            self.visit(arg)
        for keyword in node.keywords:
            self.visit(keyword.value)

    # ---------------------------------------------------------------- HTTP clients
    def http_call(self, node: ast.Call) -> bool:
        func, infer = node.func, self.state.infer
        if self.state.mocks.registers(node):
            return False  # `requests_mock.get(url, json=...)` registers a response, sends nothing
        known, base = True, None
        if isinstance(func, ast.Attribute) and func.attr in HTTP_VERBS:
            owner = infer.of(func.value)
            is_module = isinstance(func.value, ast.Name) and func.value.id in HTTP_MODULES
            method, url_node = self._method_and_url(node, func.attr)
            known = is_module or (owner is not None and owner.holds == "session")
            if not known and owner is not None:
                return False
            base = owner.base if owner and owner.holds == "session" else None
        elif last_name(func) in ("urlopen", "Request"):
            url_node = node.args[0] if node.args else _kwarg(node, "url")
            if isinstance(url_node, ast.Call) and last_name(url_node.func) == "Request":
                return False
            explicit = literal(_kwarg(node, "method"))
            method = explicit if isinstance(explicit, str) else ("POST" if _kwarg(node, "data") else "GET")
        else:
            return False
        text = infer.template(url_node)
        if text is None:
            return False
        text = urls.on_base(base, text)
        # A path after an unknown base (``f"{API}/runners"`` with API imported) is sent to an HTTP
        # client, so it is taken as an API path.
        url = urls.parse(text, self.state.model, relative_ok=bool(base) or text.startswith(urls.MARK + "/"))
        if url is None:
            return False
        # An unknown receiver (``self.session``, a session passed in) counts when the URL is under
        # /api/v4 or is one of the model's endpoints.
        if not known and not (url.under_api or url.template):
            return False
        # The path, not a variable's name, says what this is: typed when it is under /api/v4, the
        # session's base is known, or the path is one of the model's endpoints (written as a path:
        # ``runners/all`` without its slash may be sent by any object's ``request``).
        evidence = "typed" if url.under_api or base or (url.template and not url.relative) else "named"
        self.request(node, url, url_node, method, evidence, client="http")
        self.state.returns(node, Inferred("response", url.record, evidence))
        return True

    def _method_and_url(self, node: ast.Call, verb: str) -> tuple[str, ast.AST | None]:
        if verb == "request":
            method = literal(node.args[0]) if node.args else literal(_kwarg(node, "method"))
            url_node = node.args[1] if len(node.args) > 1 else _kwarg(node, "url")
            return (method if isinstance(method, str) else "GET"), url_node
        return verb.upper(), node.args[0] if node.args else _kwarg(node, "url")

    def gitlab_http(self, node: ast.Call) -> bool:
        func = node.func
        if not (isinstance(func, ast.Attribute) and func.attr in GITLAB_HTTP):
            return False
        owner = self.state.infer.of(func.value)
        if owner is not None and owner.holds != "client":
            return False
        method = GITLAB_HTTP[func.attr]
        args = list(node.args)
        if method is None:
            verb = literal(args.pop(0)) if args else literal(_kwarg(node, "verb"))
            method = verb.upper() if isinstance(verb, str) else "GET"
        path_node = args[0] if args else _kwarg(node, "path")
        text = self.state.infer.template(path_node)
        url = urls.parse(text, self.state.model, relative_ok=True) if text else None
        if url is None:
            return False
        auth = owner.auth if owner else None
        self.request(node, url, path_node, method, "typed", client="python-gitlab", auth=auth)
        self.state.returns(node, Inferred("record", url.record, "typed"))
        return True

    def request(self, node: ast.Call, url: urls.ApiUrl, url_node: ast.AST | None, method: str,
                evidence: str, client: str, auth: str | None = None) -> None:
        """Touches of one request: the endpoint, its query, payload fields and credentials."""
        v = self.state
        auth = auth or self.auth_of(node, url)
        common = Request(path=url.name, auth=auth, client=client)
        if isinstance(url_node, ast.Name):
            self.url_literals.sent(url_node.id, evidence)
        if url_node is not None and not self._reported_where_defined(url_node):
            span = v.source.span(v.infer.path_part(url_node))
            v.add(urls.endpoint_touch(url, span, method, evidence, Syntax.STRING, auth=auth))
            for touch in urls.query_touches(url, span, method, evidence, Syntax.STRING, auth=auth,
                                            credential=self._query_credential(url)):
                v.add(touch)
        if url_node is not None:
            self.url_literals.mark(url_node)
        context = urls.context_of(method)
        for keyword in node.keywords:
            location = PAYLOADS.get(keyword.arg or "")
            if location:
                self.payload(keyword.value, url.record, evidence, context, method, replace(common, location=location))
            elif keyword.arg == "headers":
                self.headers(keyword.value, url.record, evidence, context, method, common)
            elif keyword.arg == "auth":  # requests' basic auth: a credential of its own
                credential = v.model.credential_type("", "query", ast.unparse(keyword.value))
                held = tuple(entry for entry in _keywords(node) if entry[0] != "auth")
                v.add(Touch("param", "auth", v.source.span(keyword), url.record, evidence, context, method,
                            NO_VALUE, Syntax.KWARG, request=replace(common, location="auth", credential=credential),
                            written=Written(siblings=held)))

    def _reported_where_defined(self, node: ast.AST) -> bool:
        """Whether the URL is a name, or names joined with no path text of their own
        (``API + path``), whose API URL is written, and reported, where it is defined."""
        if isinstance(node, (ast.Name, ast.Attribute)):
            return True
        own = "".join(p.value for p in ast.walk(node) if isinstance(p, ast.Constant) and isinstance(p.value, str))
        if any(char.isalnum() for char in own):
            return False
        return any(isinstance(n, ast.Name) and self._api_text(n.id) for n in ast.walk(node))

    def _api_text(self, name: str) -> bool:
        text = self.state.scope.lookup(name)
        return isinstance(text, str) and urls.parse(text, self.state.model) is not None

    def _query_credential(self, url: urls.ApiUrl) -> str | None:
        for key, value in url.query:
            credential = self.state.model.credential_type(key, "query", str(value))
            if credential:
                return credential
        return None

    def auth_of(self, node: ast.Call, url: urls.ApiUrl) -> str | None:
        model = self.state.model
        found = self._query_credential(url)
        for keyword in node.keywords:
            entries = self._entries(keyword.value)
            if keyword.arg == "headers":
                found = found or next((k for k in (model.credential_type(key, "headers", ast.unparse(val))
                                                   for key, _, val in entries) if k), None)
            elif keyword.arg in ("params", "query_data"):
                found = found or next((k for k in (model.credential_type(key, "query", ast.unparse(val))
                                                   for key, _, val in entries) if k), None)
            elif keyword.arg == "auth":
                found = found or model.credential_type("", "query", ast.unparse(keyword.value))
        return found

    def _entries(self, node: ast.AST) -> list[tuple[str, ast.AST, ast.AST]]:
        """(key, key node, value node) of a dict literal, a name bound to one, or dict(k=v)."""
        if isinstance(node, ast.Name):
            bound = self.state.scope.lookup(node.id)
            node = bound.node if isinstance(bound, Inferred) and bound.holds == "dict" else node
        if isinstance(node, ast.Dict):
            self.state.handle(node)
            return [(k.value, k, val) for k, val in zip(node.keys, node.values)
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        if isinstance(node, ast.Call) and last_name(node.func) == "dict":
            return [(k.arg, k, k.value) for k in node.keywords if k.arg]
        return []

    def payload(self, node: ast.AST, record: str | None, evidence: str, context: str, method: str,
                request: Request) -> None:
        """A body sent: its keys are parameters of the request (pyflow.py follows the body)."""
        self.flows.send(node, Sink(record, evidence, context, method, request))

    def headers(self, node: ast.AST, record: str | None, evidence: str, context: str, method: str,
                request: Request) -> None:
        for key, key_node, value in self._entries(node):
            if key.lower() in urls.PLAIN_HEADERS:
                continue
            credential = self.state.model.credential_type(key, "headers", ast.unparse(value))
            self.state.add(Touch("param", key, self.state.source.span(key_node), record, evidence, context,
                             method, literal(value), Syntax.HEADER,
                             request=replace(request, location="header", credential=credential)))

    # ---------------------------------------------------------------- python-gitlab
    def manager_call(self, node: ast.Call) -> bool:
        func = node.func
        if not isinstance(func, ast.Attribute):
            return False
        manager = self.state.infer.of(func.value)
        if manager is None or manager.holds != "manager" or func.attr not in MANAGER_CONTEXT:
            return False
        context = MANAGER_CONTEXT[func.attr]
        method = {"create": "POST", "update": "PUT"}.get(func.attr, "GET")
        body = Request(path=manager.base, location="body", auth=manager.auth, client="python-gitlab")
        if func.attr == "create" and node.args:
            self.payload(node.args[0], manager.record, "typed", context, method, body)
        elif func.attr == "update":
            data = node.args[1] if len(node.args) > 1 else _kwarg(node, "new_data")
            if data is not None:
                self.payload(data, manager.record, "typed", context, method, body)
        request = replace(body, location="query") if context == "filter" else body
        self.manager_endpoint(node, manager, method)
        held = _keywords(node)
        for index, keyword in enumerate(k for k in node.keywords if k.arg):
            if keyword.arg != "new_data":
                written = Written(value_span=self.state.source.span_tuple(keyword.value), siblings=others(held, index))
                self.state.add(Touch("param", keyword.arg, self.state.source.span(keyword), manager.record, "typed",
                                 context, method, held[index][1], Syntax.KWARG, request=request, written=written))
        return True

    def manager_endpoint(self, node: ast.Call, manager: Inferred, method: str) -> None:
        """A manager call of a client whose credential is known is a request to the manager's
        endpoint with that credential (a job token on an endpoint that refuses it, say)."""
        url = urls.parse(manager.base, self.state.model, relative_ok=True) if manager.auth and manager.base else None
        if url is not None:
            self.state.add(urls.endpoint_touch(url, self.state.source.span(node), method, "typed", Syntax.MANAGER,
                                           auth=manager.auth))

    def record_method(self, node: ast.Call) -> None:
        func = node.func
        if not isinstance(func, ast.Attribute):
            return
        owner = self.fields.receiver(func.value)
        if owner is not None:
            self.state.add(Touch("call", func.attr, self.state.source.span(node), owner[0], owner[1], "call",
                             syntax=Syntax.METHOD))

    def manager_attribute(self, node: ast.Attribute) -> None:
        """``gl.geonodes``: using a python-gitlab manager is a call touch of its own."""
        inferred = self.state.infer.of(node)
        if inferred is not None and inferred.holds == "manager":
            self.state.add(Touch("call", node.attr, self.state.source.span(node), inferred.record, "typed", "call",
                             syntax=Syntax.MANAGER))
            self.state.handle(node)

    # ---------------------------------------------------------------- telemetry
    def telemetry_call(self, node: ast.Call) -> bool:
        message = last_name(node.func)
        if message not in self.state.infer.messages:
            return False
        for keyword in node.keywords:
            if keyword.arg:
                self.telemetry(message, keyword.arg, keyword.value, keyword)
        self.state.returns(node, Inferred("message", message, "typed", message))
        return True

    def telemetry(self, message: str, field: str, value: ast.AST | None, where: ast.AST) -> None:
        self.state.add(Touch("telemetry", f"{message}.{field}", self.state.source.span(where), message, "typed",
                         "value", value=literal(value) if value is not None else NO_VALUE, syntax=Syntax.PYTHON,
                         telemetry=Telemetry(message=message, field=field, source=self.state.source.segment(value),
                                             clock_scale=clock_scale(value))))


def _keywords(node: ast.Call) -> tuple[tuple[str, object], ...]:
    """The named keyword arguments of a call, with their literal values."""
    return tuple((k.arg, literal(k.value)) for k in node.keywords if k.arg)


def _kwarg(node: ast.Call, name: str) -> ast.AST | None:
    return next((k.value for k in node.keywords if k.arg == name), None)
