"""Declarations in Python: classes that model an API record, and python-gitlab managers' attribute
lists → touches. The Python scanner (scan/python.py) calls it on every class and every call.

API models. Client libraries and SDKs declare the API's records and requests as classes: pydantic
models (``Field(alias=...)``: the alias is the API's name), dataclasses, attrs classes,
``TypedDict`` and ``NamedTuple`` (class and functional syntax), marshmallow schemas. A class models
a record when its field names carry the record's signature (typed evidence), or when its name
suggests the record (``RunnerModel``, ``CreateRunnerRequest``) and it declares one of the record's
known fields (named evidence): ``ApiModel.record_for_declaration``. Each field it declares is a
touch at its name (its alias, when it has one), in the context ``declare``: a parameter when the
class is a request (its name or its pagination fields say so), a field otherwise. The values an
``Enum``, a ``Literal`` or a pydantic validator lists for a field or filter with a known value
set (a runner's ``status`` or ``scope``) are touches too, one at each value.

python-gitlab managers. ``_create_attrs`` and ``_update_attrs`` (``RequiredOptional(...)`` or a
tuple) and ``_list_filters`` of a class whose ``_path`` is an endpoint of the model: each name is a
parameter of that endpoint's record, at its own string, in the context create, update or filter.

A declaration is a library's public interface: its touches have syntaxes of their own
(``Syntax.DECLARED``) that no fix intent rewrites.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..apimodel import PAYLOAD_RECORDS
from ..details import Range, Request
from ..spelling import CAMEL
from ..syntax import Syntax
from ..values import NO_VALUE, Touch
from . import urls
from .pyinfer import format_marks
from .pysource import last_name, literal
from .pystate import ScanState

# Words an SDK adds to a record's name when it names a model of it (RunnerModel, GroupUpdateRequest).
SUFFIXES = frozenset({
    "model", "schema", "response", "request", "create", "update", "edit", "params", "parameters", "input",
    "output", "in", "out", "base", "dto", "details", "detail", "entity", "attrs", "attributes", "body", "args",
    "options", "data", "obj", "object", "record", "item", "row", "list", "query", "filter", "filters", "enum",
    "choices", "values",
})
# A model of a request (its fields are parameters sent): a word of its name, or a field it declares.
REQUEST_WORDS = frozenset({"create", "update", "edit", "request", "params", "parameters", "input", "args", "body",
                           "query", "filter", "filters", "options"})
REQUEST_FIELDS = frozenset({"page", "per_page", "order_by", "sort"})
ALIASES = frozenset({"alias", "validation_alias", "serialization_alias", "data_key"})
FIELD_CALLS = frozenset({"Field", "field", "ib", "attrib"})  # pydantic, dataclasses, attrs
FIELD_MODULES = frozenset({"fields"})  # marshmallow: fields.Boolean()
VALIDATORS = frozenset({"field_validator", "validator"})
FUNCTIONAL = frozenset({"TypedDict", "NamedTuple", "namedtuple"})
MANAGER_LISTS = {"_create_attrs": ("create", "POST", "body"), "_update_attrs": ("update", "PUT", "body"),
                 "_list_filters": ("filter", "GET", "query")}


@dataclass(frozen=True)
class Declared:
    """One declared field: its name as the API knows it (the alias, when given), where that name
    is written, and the attribute's own name."""

    name: str
    span: Range
    attribute: str


@dataclass(frozen=True)
class Model:
    """What a declared class models: the record, the evidence, and the role of its fields' touches
    (param for a request, field otherwise)."""

    record: str
    evidence: str
    role: str


class Declarations:
    """The declarations of one file. The touches of the classes that model a record are added at
    ``finish``: a class that a webhook payload's class uses (``object_attributes: MergeRequestAttrs``,
    ``runner: Runner``) is that payload's, whose fields are no REST fields, wherever it is declared."""

    def __init__(self, state: ScanState):
        self.state = state
        self.classes: dict[str, frozenset[str]] = {}  # field names of the classes declared so far
        self.found: dict[str, list[Touch]] = {}  # touches of the classes that model a record
        self.annotations: dict[str, list[ast.expr]] = {}  # the field annotations of each class
        self.payloads: set[str] = set()
        self.inside: list[str | None] = []  # the record each enclosing class is named for, innermost last

    def finish(self) -> None:
        below, todo = set(self.payloads), list(self.payloads)
        while todo:
            uses = {n for annotation in self.annotations.get(todo.pop(), ()) for n in _names(annotation)}
            for name in uses - below:
                below.add(name)
                todo.append(name)
        for name, touches in self.found.items():
            for touch in touches if name not in below else ():
                self.state.add(touch)

    # ---------------------------------------------------------------- classes
    def enter(self, node: ast.ClassDef) -> None:
        self.inside.append(self.named_for(node.name))

    def leave(self) -> None:
        self.inside.pop()

    def named_for(self, name: str) -> str | None:
        """The record a class is named for (``Project``, ``MergeRequest``, ``RunnerModel``); never
        a webhook's payload (``MergeRequestEvent``)."""
        for candidate in _candidates(_words(name)):
            record = self.state.model.record_for_name(candidate)
            if record is not None:
                return None if record in PAYLOAD_RECORDS else record
        return None

    def own_mapping(self, receiver: ast.AST) -> tuple[str, str] | None:
        """(record, "named") for a mapping the object keeps (``self.info``) in a class named for
        a record: ``self.info["merge_status"]`` in ``class MergeRequest`` reads a merge request."""
        if not (self.inside and self.inside[-1] and isinstance(receiver, ast.Attribute)
                and isinstance(receiver.value, ast.Name) and receiver.value.id == "self"):
            return None
        return self.inside[-1], "named"

    def klass(self, node: ast.ClassDef) -> None:
        if any(last_name(base).endswith("Enum") for base in node.bases):
            self._enum(node)
            return
        self._manager(node)
        fields = [self._declared(stmt) for stmt in node.body]
        fields = [f for f in fields if f is not None]
        if not fields:
            return
        keys = frozenset(f.name for f in fields) | {f.attribute for f in fields}
        keys = keys.union(*(self.classes.get(last_name(base), ()) for base in node.bases))
        self.classes[node.name] = keys
        self.annotations[node.name] = [s.annotation for s in node.body if isinstance(s, ast.AnnAssign)]
        model = self.model_of(node.name, keys)
        if model is None:
            return
        found = self.found.setdefault(node.name, [])
        for declared in fields:
            found.append(self._touch(model, declared.name, declared.span))
        for name, values in _listed_values(node, fields):
            found.extend(self._values(model, name, values))

    def model_of(self, name: str, keys: frozenset[str]) -> Model | None:
        words = _words(name)
        found = self.state.model.record_for_declaration(_candidates(words), keys)
        if found is None:
            return None
        if found[0] in PAYLOAD_RECORDS:
            self.payloads.add(name)
        return Model(found[0], found[1], "param" if self._request(words, keys) else "field")

    def _request(self, words: list[str], keys: frozenset[str]) -> bool:
        """A request model: a word of its name outside any record's name (``request`` of
        ``MergeRequest`` is not one) says so, or a pagination or ordering field it declares."""
        name = "_".join(words)
        for record in sorted(self.state.model.records, key=len, reverse=True):
            name = name.replace(record, "")
        return bool(REQUEST_WORDS.intersection(name.split("_")) or REQUEST_FIELDS & keys)

    def _declared(self, stmt: ast.stmt) -> Declared | None:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if last_name(_unsubscript(stmt.annotation)) == "ClassVar":
                return None
            target, alias = stmt.target, _alias(stmt.value) or _annotated_alias(stmt.annotation)
        elif (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
              and _field_call(stmt.value)):
            target, alias = stmt.targets[0], _alias(stmt.value)
        else:
            return None
        if target.id.startswith("_") or target.id == "model_config":
            return None
        where = alias if alias is not None else target
        return Declared(where.value if alias is not None else target.id, self.state.source.span(where), target.id)

    @staticmethod
    def _touch(model: Model, name: str, span: Range, value: object = NO_VALUE, role: str | None = None) -> Touch:
        return Touch(role or model.role, name, span, model.record, model.evidence, "declare", value=value,
                     syntax=Syntax.DECLARATION)

    def _values(self, model: Model, name: str, values: list[ast.Constant]) -> list[Touch]:
        """The values listed for ``name``, when at least two of them are of its known value set."""
        spec = self.state.model.records[model.record]
        tables = [("field", spec.field_values), ("param", spec.filter_values)]
        if model.role == "param":
            tables.reverse()
        role, known = next(((k, t[name]) for k, t in tables if name in t), (None, ()))
        if role is None or len({c.value for c in values} & set(known)) < 2:
            return []
        return [self._touch(model, name, self.state.source.span(c), c.value, role) for c in values]

    def _enum(self, node: ast.ClassDef) -> None:
        """``class RunnerStatus(str, Enum)``: its members' values are a runner's ``status`` values."""
        words = _words(node.name)
        while len(words) > 2 and words[-1] in SUFFIXES:
            words = words[:-1]
        if len(words) < 2:
            return
        record = next(filter(None, map(self.state.model.record_for_name, _candidates(words[:-1]))), None)
        values = [stmt.value for stmt in node.body if isinstance(stmt, ast.Assign) and _string(stmt.value)]
        if record is not None:
            touches = self._values(Model(record, "named", "field"), words[-1], values)
            self.found.setdefault(node.name, []).extend(touches)

    def _manager(self, node: ast.ClassDef) -> None:
        """A python-gitlab manager: each name its attribute lists hold is a parameter of its endpoint."""
        assigned = {t.id: stmt.value for stmt in node.body if isinstance(stmt, ast.Assign)
                    for t in stmt.targets if isinstance(t, ast.Name)}
        path = literal(assigned.get("_path"))
        url = urls.parse(format_marks(path), self.state.model) if isinstance(path, str) else None
        if url is None or url.record is None:
            return
        for attribute, (context, method, location) in MANAGER_LISTS.items():
            request = Request(path=url.template, location=location, client="python-gitlab")
            for constant in _strings(assigned.get(attribute)):
                self.state.add(Touch("param", constant.value, self.state.source.span(constant), url.record, "typed",
                                 context, method, syntax=Syntax.ATTRIBUTE_LIST, request=request))

    # ---------------------------------------------------------------- functional syntax
    def call(self, node: ast.Call) -> None:
        """``TypedDict("Runner", {...})``, ``NamedTuple("Runner", [...])``, ``namedtuple("Runner", "...")``.
        Their keys are declarations, never a dict in use: the scanner's dict handling leaves them."""
        name = literal(node.args[0]) if node.args else None
        if last_name(node.func) not in FUNCTIONAL or not isinstance(name, str):
            return
        for part in node.args[1:]:
            if isinstance(part, ast.Dict):
                self.state.handle(part)
        fields = list(self._functional(node))
        keys = frozenset(f.name for f in fields)
        model = self.model_of(name, keys) if fields else None
        self.classes[name] = keys
        if model is not None:
            self.found.setdefault(name, []).extend(self._touch(model, d.name, d.span) for d in fields)

    def _functional(self, node: ast.Call) -> Iterator[Declared]:
        span = self.state.source.span
        for keyword in node.keywords:
            if keyword.arg and keyword.arg not in ("total", "rename", "defaults", "module"):
                start = span(keyword)[0]
                yield Declared(keyword.arg, (start, start + len(keyword.arg)), keyword.arg)
        spec = node.args[1] if len(node.args) > 1 else None
        if isinstance(spec, ast.Dict):
            names = [k for k in spec.keys if _string(k)]
        elif isinstance(spec, (ast.List, ast.Tuple)):
            names = [e.elts[0] if isinstance(e, ast.Tuple) and e.elts else e for e in spec.elts]
            names = [n for n in names if _string(n)]
        elif _string(spec):
            yield from self._words_of(spec)
            return
        else:
            return
        for key in names:
            yield Declared(key.value, span(key), key.value)

    def _words_of(self, constant: ast.Constant) -> Iterator[Declared]:
        """The field names of ``namedtuple("R", "id active")``, each at its place in the string
        (only where the string is written without escapes, so that places in it are exact)."""
        start, end = self.state.source.span(constant)
        written = self.state.source.text[start:end]
        if "\\" in written:
            return
        quote = written.lstrip("rRbBuU")
        opening = len(written) - len(quote) + (3 if quote[:3] in ('"' * 3, "'" * 3) else 1)
        for match in re.finditer(r"[A-Za-z_]\w*", written[opening:]):
            offset = start + opening + match.start()
            yield Declared(match.group(), (offset, offset + len(match.group())), match.group())


# -------------------------------------------------------------------- helpers
def _words(name: str) -> list[str]:
    """``CreateRunnerRequest`` → ["create", "runner", "request"]."""
    return [w for w in CAMEL.sub("_", name).lower().split("_") if w]


def _candidates(words: list[str]) -> list[str]:
    """The name, and the name with suffix words taken off its end, fewest words first:
    ["merge", "merge_request"] for ``MergeRequest`` (a suffix may be part of the record's name)."""
    out = []
    while words:
        out.append("_".join(words))
        if len(words) < 2 or words[-1] not in SUFFIXES:
            break
        words = words[:-1]
    return out[::-1]


def _listed_values(node: ast.ClassDef, fields: list[Declared]) -> Iterator[tuple[str, list[ast.Constant]]]:
    """(field name, string constants listed as its values) of the class's ``Literal`` annotations
    and of the lists, tuples and sets in its pydantic validators."""
    api_name = {f.attribute: f.name for f in fields}
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id in api_name:
            for part in ast.walk(stmt.annotation):
                if isinstance(part, ast.Subscript) and last_name(part.value) == "Literal":
                    yield api_name[stmt.target.id], _string_elements(part.slice, 1)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            validated = [name for d in stmt.decorator_list if isinstance(d, ast.Call)
                         and last_name(d.func) in VALIDATORS for name in map(literal, d.args) if isinstance(name, str)]
            for part in ast.walk(stmt) if validated else ():
                if isinstance(part, (ast.List, ast.Tuple, ast.Set)):
                    for name in validated:
                        yield api_name.get(name, name), _string_elements(part, 2)


def _string_elements(node: ast.AST, least: int) -> list[ast.Constant]:
    """The elements of a list, tuple or set (or a lone element) when all are strings, at least ``least``."""
    elements = node.elts if isinstance(node, (ast.List, ast.Tuple, ast.Set)) else [node]
    return elements if len(elements) >= least and all(_string(e) for e in elements) else []


def _strings(node: ast.AST | None) -> list[ast.Constant]:
    return [part for part in ast.walk(node) if _string(part)] if node is not None else []


def _string(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _alias(node: ast.AST | None) -> ast.Constant | None:
    """The API name a field declaration's call gives in a keyword (``Field(alias="active")``,
    marshmallow's ``data_key``)."""
    keywords = node.keywords if isinstance(node, ast.Call) else ()
    return next((k.value for k in keywords if k.arg in ALIASES and _string(k.value)), None)


def _annotated_alias(annotation: ast.AST) -> ast.Constant | None:
    """The alias of ``Annotated[bool, Field(alias="active")]``."""
    if not (isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Annotated"):
        return None
    parts = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else []
    return next(filter(None, map(_alias, parts)), None)


def _field_call(node: ast.AST) -> bool:
    """``Field(...)``, ``field(...)``, ``attr.ib(...)``, marshmallow ``fields.Boolean(...)``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    in_module = isinstance(func, ast.Attribute) and last_name(func.value) in FIELD_MODULES
    return last_name(func) in FIELD_CALLS or in_module


def _names(annotation: ast.AST) -> Iterator[str]:
    """The names an annotation holds: ``Runner`` of ``list[Runner] | None`` and of ``"Runner"``."""
    for part in ast.walk(annotation):
        if isinstance(part, ast.Name):
            yield part.id
        elif _string(part) and part.value.isidentifier():
            yield part.value


def _unsubscript(node: ast.AST) -> ast.AST:
    return node.value if isinstance(node, ast.Subscript) else node
