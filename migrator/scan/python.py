"""Python scanner: one ``ast`` traversal per file → touches.

It reports what the code does to the API: URLs called (requests, httpx, urllib, aiohttp,
``gl.http_*``), python-gitlab managers and objects, fields read, written, compared or held in
dict literals, and parameters sent (dicts passed as json/data/params, create/update dicts,
list filters). Which of those matter is the rule table's business.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from ..apimodel import ApiModel
from ..details import Expression, Written, others
from ..syntax import Syntax
from ..values import EVIDENCE_ORDER, NO_VALUE, ScanError, Touch
from . import pyjson, pymocks, urls
from .pycalls import CallHandler
from .pychoices import option_choices, with_choices
from .pydecl import Declarations
from .pyflow import Flows
from .pyinfer import Inferred, Inferer
from .scope import Scope
from .pysource import Source, literal, parse
from .pywalk import Walker

SKIP_RECEIVERS = {"self", "cls"}
HOLDS_NO_RECORD = {"module", "client", "manager", "session", "response", "dict", "message"}
NEGATED = Expression(negated=True)


def scan(text: str, model: ApiModel) -> list[Touch]:
    try:
        tree = parse(text)
    except SyntaxError as exc:
        raise ScanError(f"SyntaxError: {exc.msg}", exc.lineno or 1, exc.offset or 1) from None
    except MemoryError:
        raise ScanError("too deeply nested or too long for the Python parser") from None
    except ValueError as exc:  # e.g. source code string cannot contain null bytes
        raise ScanError(str(exc)) from None
    visitor = Visitor(Source(text), model)
    visitor.visit(tree)
    touches = visitor.finish()
    if "choices" in text or "Choice(" in text:
        touches = with_choices(touches, text, option_choices(tree))
    return touches


class Visitor(Walker):
    def __init__(self, source: Source, model: ApiModel):
        self.source = source
        self.model = model
        self.scope = Scope()
        self.infer = Inferer(model, self.scope, frozenset(model.telemetry_messages))
        self.touches: list[Touch] = []
        self.url_touches: dict[int, range] = {}  # a URL expression → the touches it gave
        self.named_urls: dict[str, range] = {}  # a name bound to a URL → the touches written there
        self.handled: set[int] = set()
        self.dicts: list[tuple[ast.Dict, str | None]] = []
        self.dict_names: dict[int, str] = {}
        self.strings: list[ast.Constant] = []
        self.mocks = pymocks.Mocks()
        self.calls = CallHandler(self)
        self.flows = Flows(self)
        self.declarations = Declarations(self)
        self.infer_cache = self.infer.cache

    def finish(self) -> list[Touch]:
        self.declarations.finish()
        self.flows.finish()
        for node, _ in self.dicts:
            if id(node) not in self.handled:
                self._dict_keys(node)
        for node in self.strings:
            self.touches.extend(pyjson.touches(self.source, node, self.model, self.dict_names.get(id(node))))
        return self.touches

    def add(self, touch: Touch) -> None:
        self.touches.append(touch)

    # ---------------------------------------------------------------- scopes and bindings
    def visit_Module(self, node: ast.Module) -> None:
        self.flows.module(node)
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                text = self.infer.template(stmt.value)
                if text is not None:
                    self.scope.bind(stmt.targets[0].id, text)
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.scope.bind((alias.asname or alias.name).split(".")[0], Inferred("module", name=alias.name))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            name = alias.asname or alias.name
            if alias.name[:1].islower():
                self.scope.bind(name, Inferred("module", name=f"{node.module}.{alias.name}"))

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        for decorator in getattr(node, "decorator_list", []):
            self.visit(decorator)
        self.scope.push()
        self.flows.enter(node)
        for arg in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
            self.scope.bind(arg.arg, self.infer.named(arg.arg))
        for stmt in node.body if isinstance(node.body, list) else [node.body]:
            self.visit(stmt)
        self.flows.leave()
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.declarations.klass(node)
        self.scope.push()
        self.declarations.enter(node)
        self.generic_visit(node)
        self.declarations.leave()
        self.scope.pop()

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self._assign(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
            self._assign(node.target, node.value)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.visit(node.value)
        self.visit(node.target)

    def _assign(self, target: ast.AST, value: ast.AST | None) -> None:
        if isinstance(target, ast.Name):
            self._bind(target.id, value)
        elif isinstance(target, (ast.Attribute, ast.Subscript)):
            self.mocks.assigned(target, value)
            self._write(target, value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._assign(element, None)
        else:
            self.visit(target)

    def _bind(self, name: str, value: ast.AST | None) -> None:
        self.flows.bound(name, value)
        if value is None:
            self.scope.bind(name, self.infer.named(name))
            return
        if isinstance(value, (ast.Dict, ast.Constant)):
            self.dict_names[id(value)] = name
        if id(value) in self.url_touches:
            self.named_urls[name] = self.url_touches[id(value)]
        text = self.infer.template(value)
        inferred = self.infer.of(value)
        if inferred is None and text is None:
            inferred = self.infer.named(name)
        self.scope.bind(name, inferred if inferred is not None else text)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        self._bind_element(node.target, node.iter)
        self.flows.loop(node)
        for stmt in node.body + node.orelse:
            self.visit(stmt)
        self.flows.loop(None)

    visit_AsyncFor = visit_For

    def _bind_element(self, target: ast.AST, iterable: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.scope.bind(target.id, self.infer.element(self.infer.of(iterable), iterable) or self.infer.named(target.id))
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._assign(element, None)

    def visit_With(self, node: ast.With | ast.AsyncWith) -> None:
        for item in node.items:
            self.visit(item.context_expr)
            if isinstance(item.optional_vars, ast.Name):
                self.mocks.bound(item.optional_vars.id, item.context_expr)
                inferred = self.infer.of(item.context_expr)
                self.scope.bind(item.optional_vars.id, inferred or self.infer.named(item.optional_vars.id))
        for stmt in node.body:
            self.visit(stmt)

    visit_AsyncWith = visit_With

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> None:
        self.scope.push()
        for generator in node.generators:
            self.visit(generator.iter)
            self._bind_element(generator.target, generator.iter)
            for condition in generator.ifs:
                self.visit(condition)
        for part in ("elt", "key", "value"):
            if hasattr(node, part):
                self.visit(getattr(node, part))
        self.scope.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    # ---------------------------------------------------------------- fields
    def field_access(self, node: ast.AST) -> tuple[str, ast.AST, Syntax] | None:
        """(field name, receiver, syntax) when node reads a field: x.f, x["f"], x.get("f")."""
        if isinstance(node, ast.Attribute):
            return node.attr, node.value, Syntax.ATTRIBUTE
        if isinstance(node, ast.Subscript):
            key = literal(node.slice)
            if isinstance(key, str):
                return key, node.value, Syntax.SUBSCRIPT
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            key = literal(node.args[0])
            if node.func.attr in ("get", "pop", "setdefault") and isinstance(key, str):
                base = self.infer.of(node.func.value)
                if base is None or base.holds not in HOLDS_NO_RECORD:
                    return key, node.func.value, Syntax.GET
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) >= 2:
            key = literal(node.args[1])
            if node.func.id in ("getattr", "hasattr") and isinstance(key, str):
                return key, node.args[0], Syntax.GETATTR
        return None

    def receiver(self, node: ast.AST) -> tuple[str | None, str] | None:
        """(record, evidence) of the object a field is read on, or None if it is no record."""
        if isinstance(node, ast.Name) and node.id in SKIP_RECEIVERS:
            return None
        inferred = self.infer.of(node)
        if inferred is None:
            return None, "bare"
        if inferred.holds in HOLDS_NO_RECORD:
            return None
        return inferred.record, inferred.evidence

    def field_touch(self, node: ast.AST, context: str, value: object = NO_VALUE, syntax: Syntax | None = None,
                    written: Written | None = None, expression: Expression | None = None) -> bool:
        access = self.field_access(node)
        if access is None:
            return False
        name, receiver, form = access
        syntax = syntax or form
        owner = self.receiver(receiver)
        if owner == (None, "bare") and form in (Syntax.SUBSCRIPT, Syntax.GET):  # self.info["f"] in class Project
            owner = self.declarations.own_mapping(receiver) or owner
        if owner is None:
            return False
        record, evidence = owner
        self.add(Touch("field", name, self.source.span(node), record, evidence, context,
                       value=value, syntax=syntax, written=written, expression=expression))
        self.handled.add(id(node))
        return True

    def _write(self, target: ast.Attribute | ast.Subscript, value: ast.AST | None) -> None:
        self.flows.written(target, value)
        inferred = self.infer.of(target.value)
        if inferred and inferred.holds == "message" and isinstance(target, ast.Attribute):
            self.calls.telemetry(inferred.name, target.attr, value, target)
        else:
            self.field_touch(target, "write", literal(value) if value is not None else NO_VALUE,
                             written=Written(value_span=self.source.span_tuple(value), statement=True))
        self.visit(target.value)
        if isinstance(target, ast.Subscript):
            self.visit(target.slice)

    def visit_Return(self, node: ast.Return) -> None:
        self.flows.returned(node.value)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        if len(node.ops) == 1:
            left, right = node.left, node.comparators[0]
            op = type(node.ops[0]).__name__
            for access, other in ((left, right), (right, left)):
                value = literal(other)
                # `(s := runner.status) == "paused"`: the field is compared, and bound to a name
                # that a rewrite of the comparison would lose, so its syntax is its own.
                walrus = isinstance(access, ast.NamedExpr)
                if value is not NO_VALUE and self.field_touch(
                        access.value if walrus else access, "compare", value, Syntax.NAMED_EXPR if walrus else None,
                        expression=Expression(op=op, compare=self.source.span_tuple(node))):
                    break
        self.generic_visit(node)

    def visit_Match(self, node: ast.Match) -> None:
        """``match runner.status: case "paused":`` compares the subject with each case's literal."""
        values = tuple(v for case in node.cases for v in _case_literals(case.pattern))
        if values:
            self.field_touch(node.subject, "compare", values, Syntax.MATCH,
                             expression=Expression(op="In", compare=self.source.span_tuple(node.subject)))
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if id(node) not in self.handled and isinstance(node.ctx, ast.Load):
            self.calls.manager_attribute(node)
            self.field_touch(node, "read", expression=NEGATED if id(node) in self.calls.negated else None)
        self.visit(node.value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if id(node) not in self.handled and isinstance(node.ctx, ast.Load):
            self.field_touch(node, "read")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self.calls.negated.add(id(node.operand))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        self.mocks.call(node)
        self.declarations.call(node)
        self.calls.handle(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        self.dicts.append((node, self.dict_names.get(id(node))))
        for value in node.values:
            self.visit(value)
        for key in node.keys:
            if key is not None and not isinstance(key, ast.Constant):
                self.visit(key)

    def _dict_keys(self, node: ast.Dict) -> None:
        keys = {literal(k) for k in node.keys if k is not None}
        record = self.model.record_for_keys({k for k in keys if isinstance(k, str)})
        evidence = "typed" if record else "bare"
        if record is None and id(node) in self.dict_names:
            inferred = self.infer.named(self.dict_names[id(node)])
            record, evidence = (inferred.record, "named") if inferred else (None, "bare")
        entries = [(literal(k), k, v) for k, v in zip(node.keys, node.values) if k is not None]
        entries = [(name, k, v) for name, k, v in entries if isinstance(name, str)]
        held = tuple((name, literal(v)) for name, _, v in entries)
        origin = self.mocks.origin(node)
        for index, (name, key, value) in enumerate(entries):
            self.add(Touch("field", name, self.source.span(key), record, evidence, "key",
                           value=held[index][1], syntax=Syntax.DICT_KEY, origin=origin,
                           written=Written(value_span=self.source.span_tuple(value), siblings=others(held, index))))

    # ---------------------------------------------------------------- URL literals
    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            self.url_literal(node)
        if isinstance(node.value, (str, bytes)) and node.value.lstrip()[:1] in ("{", "[", b"{", b"["):
            self.strings.append(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self.url_literal(node)
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.visit(value.value)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if not self.url_literal(node):
            self.generic_visit(node)

    def mark_url(self, node: ast.AST) -> None:
        """A URL expression is reported once, as a whole: its string parts are not URLs of their own."""
        for part in ast.walk(node):
            if isinstance(part, (ast.Constant, ast.JoinedStr, ast.BinOp)) or part is node:
                self.handled.add(id(part))

    def url_literal(self, node: ast.AST) -> bool:
        """An API URL or path written in the code, outside any call that sends it."""
        if id(node) in self.handled:
            return False
        text = self.infer.template(node)
        url = urls.parse(text, self.model) if text and "/" in text else None
        if url is None:
            return False
        self.mark_url(node)
        span = self.source.span(self.infer.path_part(node))
        evidence = urls.literal_evidence(url)
        first = len(self.touches)
        origin = self.mocks.origin(node)
        for touch in (urls.endpoint_touch(url, span, None, evidence, Syntax.STRING),
                      *urls.query_touches(url, span, None, evidence, Syntax.STRING)):
            self.add(replace(touch, origin=origin) if origin.recorded else touch)
        self.url_touches[id(node)] = range(first, len(self.touches))
        return True

    def sent(self, name: str, evidence: str) -> None:
        """A name bound to a URL is sent by an HTTP client: the touches written where the URL is
        defined get the call's evidence (the path there is the API's, not only a look-alike)."""
        for index in self.named_urls.get(name, ()):
            touch = self.touches[index]
            if EVIDENCE_ORDER.index(evidence) > EVIDENCE_ORDER.index(touch.evidence):
                self.touches[index] = replace(touch, evidence=evidence)


def _case_literals(pattern: ast.pattern) -> list[object]:
    if isinstance(pattern, ast.MatchValue):
        value = literal(pattern.value)
        return [] if value is NO_VALUE else [value]
    if isinstance(pattern, ast.MatchOr):
        return [v for p in pattern.patterns for v in _case_literals(p)]
    return []
