"""Mock responses written as Python objects: the body a test registers with a mocking library, or
gives a mocked client's ``.json()``. Such an object is a recording of what the API sends, however
it is written: renaming one of its keys changes what the code under test receives, so its touches
are recorded (their fixes unsafe), as the same data in a JSON fixture or a JSON string is
(scan/pyjson.py).

Recognised:
- a registration of the ``responses``, ``requests_mock``, ``httpretty``, pytest-httpx, ``respx`` and
  ``aioresponses`` libraries (``responses.add(GET, url, json={...})``, ``requests_mock.get(url,
  json={...})``, ``httpx_mock.add_response(json={...})``, ``m.get(url, payload={...})`` inside
  ``with aioresponses() as m``), through the module, the pytest fixture's usual name, or a name a
  ``with`` binds to the library's mocker;
- a response object made for a test (``httpx.Response(200, json={...})``, ``responses.Response``,
  aiohttp's ``web.json_response({...})``);
- a mocked client's JSON: ``get.return_value.json.return_value = {...}``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..details import Origin
from .pysource import last_name

RECORDED = Origin(recorded=True)
WRITTEN = (ast.Dict, ast.List, ast.Constant, ast.JoinedStr, ast.BinOp)

LIBRARIES = frozenset({"responses", "requests_mock", "httpretty", "respx", "aioresponses", "pytest_httpx"})
FIXTURES = frozenset({"requests_mock", "httpx_mock", "respx_mock", "rsps", "mocked_responses", "aioresponses"})
REGISTRATIONS = frozenset({"add", "upsert", "replace", "add_response", "register_uri", "get", "post", "put",
                           "patch", "delete", "head", "options", "mock", "route"})
RESPONSES = frozenset({"Response", "json_response"})  # response objects a test makes
BODIES = frozenset({"json", "payload", "body", "json_body", "return_value", "content"})
CALLED = REGISTRATIONS | RESPONSES  # the names a call that makes or registers a mock is called by


def root(node: ast.AST) -> str | None:
    """The name an attribute chain or call chain starts from: ``respx.get(url).mock`` → respx."""
    while isinstance(node, (ast.Attribute, ast.Call, ast.Subscript)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def mocker(expression: ast.AST) -> bool:
    """``expression`` makes a mocking library's mocker (``requests_mock.Mocker()``,
    ``responses.RequestsMock()``, ``aioresponses()``, ``respx.mock(...)``)."""
    return isinstance(expression, ast.Call) and root(expression) in LIBRARIES


MOCK_ROOTS = LIBRARIES | FIXTURES


def registration(call: ast.Call, mockers: set[str]) -> bool:
    """The call registers a mock response (``requests_mock.get(url, json=...)`` sends nothing)."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in REGISTRATIONS):
        return False
    start = root(func)
    return start in MOCK_ROOTS or start in mockers


def bodies(call: ast.Call, registers: bool) -> Iterator[ast.AST]:
    """The mock response bodies a call registers (``registers``) or makes (none for any other call)."""
    name = last_name(call.func)
    if registers or name in RESPONSES:
        yield from (keyword.value for keyword in call.keywords if keyword.arg in BODIES)
    if name == "json_response" and call.args:
        yield call.args[0]


def assigned_json(target: ast.AST) -> bool:
    """``target`` is a mocked client's JSON: ``<mock>.json.return_value``."""
    return (isinstance(target, ast.Attribute) and target.attr == "return_value"
            and isinstance(target.value, ast.Attribute) and target.value.attr == "json")


def objects(body: ast.AST) -> Iterator[int]:
    """The ids of the dict and list literals a body is built from, at any depth, and of the
    strings in them (a link the response holds: ``{"_links": {"self": "https://…"}}``)."""
    return (id(node) for node in ast.walk(body) if isinstance(node, WRITTEN))


class Mocks:
    """What one module's scan knows of its mocks: the names a ``with`` binds to a mocker, and the
    expressions (by id) that are recorded: a mock's body, and the URL it is registered at (a
    mock must change together with the code that calls that URL)."""

    def __init__(self) -> None:
        self.mockers: set[str] = set()
        self.recorded: set[int] = set()
        self.registrations: set[int] = set()  # the calls (by id) that register a mock response

    def call(self, node: ast.Call) -> None:
        """Seen before the call is read as a request (pycalls asks `registers`)."""
        if last_name(node.func) not in CALLED:  # most calls: one set look-up
            return
        registers = registration(node, self.mockers)
        for body in bodies(node, registers):
            self.recorded.update(objects(body))
        if registers:
            self.registrations.add(id(node))
            self.recorded.update(id(argument) for argument in node.args)
            self.recorded.update(id(k.value) for k in node.keywords if k.arg == "url")

    def registers(self, node: ast.Call) -> bool:
        return id(node) in self.registrations

    def bound(self, name: str, expression: ast.AST) -> None:
        if mocker(expression):
            self.mockers.add(name)

    def assigned(self, target: ast.AST, value: ast.AST | None) -> None:
        if value is not None and assigned_json(target):
            self.recorded.update(objects(value))

    def origin(self, node: ast.AST) -> Origin:
        return RECORDED if id(node) in self.recorded else Origin()
