"""What a Python expression is, as far as the API goes: a python-gitlab client or manager, a
record object or JSON, an HTTP response, a module, a dict literal, or a URL template.

Inference is flow-insensitive within a scope and follows names through assignments, loops,
``with … as`` and comprehensions. Nothing here knows a rule; records and managers come from the
API model (rules/model/api.yaml).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from urllib.parse import urljoin

from ..apimodel import PAYLOAD_RECORDS, ApiModel
from . import urls
from .scope import Scope

HTTP_MODULES = {"requests", "httpx", "aiohttp"}
HTTP_VERBS = {"get", "post", "put", "patch", "delete", "head", "request", "options"}
GITLAB_HTTP = {"http_get": "GET", "http_list": "GET", "http_post": "POST", "http_put": "PUT",
               "http_patch": "PATCH", "http_delete": "DELETE", "http_request": None}
SESSION_FACTORIES = {"Session", "Client", "AsyncClient", "ClientSession"}


@dataclass(frozen=True)
class Inferred:
    """What an expression holds: client | manager | record | response | module | session | dict |
    message (``inferred.holds == "manager"``)."""

    holds: str
    record: str | None = None
    evidence: str = "typed"
    name: str = ""
    base: str | None = None
    auth: str | None = None
    node: ast.AST | None = None


class Inferer:
    def __init__(self, model: ApiModel, scope: Scope, messages: frozenset[str]):
        self.model = model
        self.scope = scope
        self.messages = messages
        pg = model.python_gitlab
        self.manager_names = {m.attribute for m in pg.managers}
        self.cache: dict[int, Inferred] = {}

    # ---------------------------------------------------------------- strings
    def template(self, node: ast.AST | None, depth: int = 0) -> str | None:
        """The string an expression builds, with ``{}`` for parts unknown until run time."""
        if node is None or depth > 8:
            return None
        if isinstance(node, ast.Constant):
            return node.value if isinstance(node.value, str) else None
        if isinstance(node, ast.JoinedStr):
            parts = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    parts.append(str(value.value))
                else:
                    inner = self.template(getattr(value, "value", None), depth + 1)
                    parts.append(inner if inner is not None else urls.MARK)
            return "".join(parts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.template(node.left, depth + 1), self.template(node.right, depth + 1)
            if left is None and right is None:
                return None
            return (left if left is not None else urls.MARK) + (right if right is not None else urls.MARK)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            fmt = self.template(node.left, depth + 1)
            return fmt.replace("%s", urls.MARK).replace("%d", urls.MARK) if fmt else None
        if isinstance(node, ast.Name):
            bound = self.scope.lookup(node.id)
            return bound if isinstance(bound, str) else None
        if isinstance(node, ast.Call):
            return self._call_template(node, depth)
        return None

    def path_part(self, node: ast.AST) -> ast.AST:
        """Where a URL expression's path is written, so that a finding sits on its token's line:
        the reference of ``urljoin(base, "/path")``, which replaces the base's path whole; the
        expression itself otherwise."""
        while isinstance(node, ast.Call) and _last_name(node.func) == "urljoin" and len(node.args) == 2:
            reference = self.template(node.args[1])
            if not (reference and reference.startswith("/")):
                break
            node = node.args[1]
        return node

    def _call_template(self, node: ast.Call, depth: int) -> str | None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "urljoin" and len(node.args) == 2:
            base = self.template(node.args[0], depth + 1) or urls.MARK
            ref = self.template(node.args[1], depth + 1) or urls.MARK
            if base == urls.MARK:
                return urls.MARK + "/" + ref.lstrip("/")
            return urljoin(base, ref)
        if name == "format" and isinstance(func, ast.Attribute):
            fmt = self.template(func.value, depth + 1)
            return format_marks(fmt) if fmt else None
        if name in ("str", "rstrip", "strip") and isinstance(func, ast.Attribute):
            return self.template(func.value, depth + 1)
        return None

    # ---------------------------------------------------------------- what expressions hold
    def of(self, node: ast.AST | None) -> Inferred | None:
        if isinstance(node, ast.Await):
            return self.of(node.value)
        if isinstance(node, ast.Name):
            return self._of_name(node.id)
        if isinstance(node, ast.Attribute):
            return self._of_attribute(node)
        if isinstance(node, ast.Call):
            return self.cache.get(id(node)) or self.of_call(node)
        if isinstance(node, ast.Subscript):
            base = self.of(node.value)
            key = _string(node.slice)
            if base and base.holds == "record" and (key is None or base.record in PAYLOAD_RECORDS):
                return base  # an element of a list of records; anything below a hook's payload
            if key is not None:
                return self.named(key)
            return None
        if isinstance(node, ast.Dict):
            return Inferred("dict", node=node)
        return None

    def _of_name(self, name: str) -> Inferred | None:
        bound = self.scope.lookup(name)
        if isinstance(bound, Inferred):
            return bound
        if bound is not None:
            return None
        if self.model.is_client_name(name):
            return Inferred("client", evidence="named", name=name)
        return self.named(name)

    def named(self, name: str) -> Inferred | None:
        record = self.model.record_for_name(name)
        return Inferred("record", record, "named", name) if record else None

    def _of_attribute(self, node: ast.Attribute) -> Inferred | None:
        base = self.of(node.value)
        attr = node.attr
        if base and base.holds == "module":
            return None
        if attr in self.manager_names and (base is None or base.holds in ("client", "record")):
            parent = base.record if base and base.holds == "record" else None
            record = self.model.manager_record(attr, parent)
            if attr == "user" and base is not None and base.holds == "client":
                return Inferred("record", "user", "typed", attr)
            if record:
                return Inferred("manager", record, "typed", attr, auth=base.auth if base else None,
                            base=self.model.manager_path(attr, parent))
        if attr == "attributes" and base and base.holds == "record":
            return base
        if base and base.holds == "record" and base.record in PAYLOAD_RECORDS:
            return base  # below a webhook's payload everything is that payload's, never a REST record
        if base and base.holds == "record":
            return self.named(attr)
        if base is None and isinstance(node.value, (ast.Name, ast.Attribute)):
            return self.named(attr)
        return None

    def of_call(self, node: ast.Call) -> Inferred | None:
        func = node.func
        if isinstance(func, ast.Name):
            return self._of_function(func.id, node)
        if not isinstance(func, ast.Attribute):
            return None
        method, base = func.attr, self.of(func.value)
        if method == "Gitlab" or (method == "from_config" and _dotted(func.value).endswith("Gitlab")):
            return Inferred("client", auth=self.client_auth(node))
        if base is None:
            if isinstance(func.value, ast.Name) and func.value.id in HTTP_MODULES and method in SESSION_FACTORIES:
                return Inferred("session", base=self.template(_kwarg(node, "base_url")), name=method)
            return None
        if base.holds == "manager" and method in self.model.python_gitlab.record_methods:
            return Inferred("record", base.record, "typed", base.name, auth=base.auth)
        if base.holds == "response" and method == "json":
            return Inferred("record", base.record, base.evidence, auth=base.auth)
        if base.holds == "module" and base.name in HTTP_MODULES and method in SESSION_FACTORIES:
            return Inferred("session", base=self.template(_kwarg(node, "base_url")), name=method)
        if base.holds == "record" and method in ("get", "pop", "setdefault") and node.args:
            key = _string(node.args[0])
            return self.named(key) if key else None
        return None

    def _of_function(self, name: str, node: ast.Call) -> Inferred | None:
        if name == "Gitlab":
            return Inferred("client", auth=self.client_auth(node))
        if name in self.messages:
            return Inferred("message", name, "typed", name)
        if name in ("getattr",) and len(node.args) >= 2:
            key = _string(node.args[1])
            return self.named(key) if key else None
        if name in SESSION_FACTORIES:
            return Inferred("session", base=self.template(_kwarg(node, "base_url")), name=name)
        if name in ("json_load", "load", "loads") and node.args:
            inner = self.of(node.args[0])
            return Inferred("record", inner.record, inner.evidence) if inner and inner.holds == "response" else None
        return None

    def client_auth(self, node: ast.Call) -> str | None:
        kwargs = self.model.python_gitlab.credential_kwargs
        for keyword in node.keywords:
            if keyword.arg in kwargs:
                return self.model.credential_type(kwargs[keyword.arg], "query", ast.unparse(keyword.value))
        return None

    def element(self, inferred: Inferred | None, iterable: ast.AST) -> Inferred | None:
        """What one element holds when iterating over an expression."""
        if inferred and inferred.holds == "record":
            return inferred
        name = _last_name(iterable)
        if name and name.endswith("s"):
            return self.named(name[:-1])
        return None


def format_marks(fmt: str) -> str:
    """A ``str.format`` template with each ``{...}`` replaced by the run-time mark ``{}``."""
    out, depth = [], 0
    for char in fmt:
        if char == "{":
            depth += 1
            if depth == 1:
                out.append(urls.MARK)
            continue
        if char == "}":
            depth = max(depth - 1, 0)
            continue
        if depth == 0:
            out.append(char)
    return "".join(out)


def _string(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _kwarg(node: ast.Call, name: str) -> ast.AST | None:
    return next((k.value for k in node.keywords if k.arg == name), None)


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return _dotted(node.value) + "." + node.attr
    return ""


def _last_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _last_name(node.func)
    return None
