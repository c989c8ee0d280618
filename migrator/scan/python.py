"""Python scanner: one ``ast`` traversal per file → touches.

It reports what the code does to the API: URLs called (requests, httpx, urllib, aiohttp,
``gl.http_*``), python-gitlab managers and objects, fields read, written, compared or held in
dict literals, and parameters sent (dicts passed as json/data/params, create/update dicts,
list filters). Which of those matter is the rule table's business.

The Visitor walks the tree and keeps the scan's state (pystate.ScanState) and its parts: calls
(pycalls), bodies built step by step (pyflow), declarations (pydecl), fields (pyfields) and URL
literals (pyurls). Each part is handed the state, never the Visitor, and none imports this module.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from ..apimodel import ApiModel
from ..details import Expression, Written, others
from ..syntax import Syntax
from ..values import NO_VALUE, ScanError, Touch
from . import pyjson
from .pyaround import passed_over
from .pycalls import CallHandler
from .pychoices import open_values, option_choices, with_choices
from .pydecl import Declarations
from .pyfields import Fields
from .pyflow import Flows
from .pyinfer import Inferred
from .pysource import Source, literal, parse
from .pystate import ScanState
from .pyurls import Urls
from .pywalk import Walker

NEGATED = Expression(negated=True)


def scan(text: str, model: ApiModel, spots: Sequence[int] | None = None) -> list[Touch]:
    """The touches of a Python text; with ``spots``, the lines where a rule's tokens stand, only
    of the code around them (pyaround.py)."""
    try:
        tree = parse(text)
    except SyntaxError as exc:
        raise ScanError(f"SyntaxError: {exc.msg}", exc.lineno or 1, exc.offset or 1) from None
    except MemoryError:
        raise ScanError("too deeply nested or too long for the Python parser") from None
    except ValueError as exc:  # e.g. source code string cannot contain null bytes
        raise ScanError(str(exc)) from None
    visitor = Visitor(Source(text), model, spots)
    visitor.visit(tree)
    touches = visitor.finish()
    if ("choices" in text or "Choice(" in text) and open_values(touches):
        touches = with_choices(touches, text, option_choices(tree))
    return touches


class Visitor(Walker):
    def __init__(self, source: Source, model: ApiModel, spots: Sequence[int] | None = None):
        self.spots = spots
        self.passed_over: frozenset[int] = frozenset()  # functions no rule's token depends on (pyaround.py)
        state = self.state = ScanState(source, model)
        self.source, self.model = source, model
        self.scope, self.infer, self.mocks = state.scope, state.infer, state.mocks
        self.dicts: list[tuple[ast.Dict, str | None]] = []
        self.dict_names: dict[int, str] = {}
        self.strings: list[ast.Constant] = []
        self.declarations = Declarations(state)
        self.fields = Fields(state, self.declarations)
        self.urls = Urls(state)
        self.flows = Flows(state)
        self.calls = CallHandler(state, self.fields, self.urls, self.flows, self.visit)

    def finish(self) -> list[Touch]:
        self.declarations.finish()
        self.flows.finish()
        for node, _ in self.dicts:
            if not self.state.handled(node):
                self._dict_keys(node)
        for node in self.strings:
            self.state.touches.extend(pyjson.touches(self.source, node, self.model, self.dict_names.get(id(node))))
        return self.state.touches

    def add(self, touch: Touch) -> None:
        self.state.add(touch)

    # ---------------------------------------------------------------- scopes and bindings
    def visit_Module(self, node: ast.Module) -> None:
        self.flows.module(node)
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                text = self.infer.template(stmt.value)
                if text is not None:
                    self.scope.bind(stmt.targets[0].id, text)
        if self.spots is not None:
            self.passed_over = passed_over(node, self.source.text, self.spots)
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
        if id(node) in self.passed_over:
            return
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
        self.urls.bound(name, value)
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
    def _write(self, target: ast.Attribute | ast.Subscript, value: ast.AST | None) -> None:
        self.flows.written(target, value)
        inferred = self.infer.of(target.value)
        if inferred and inferred.holds == "message" and isinstance(target, ast.Attribute):
            self.calls.telemetry(inferred.name, target.attr, value, target)
        else:
            self.fields.touch(target, "write", literal(value) if value is not None else NO_VALUE,
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
                if value is not NO_VALUE and self.fields.touch(
                        access.value if walrus else access, "compare", value, Syntax.NAMED_EXPR if walrus else None,
                        expression=Expression(op=op, compare=self.source.span_tuple(node))):
                    break
        self.generic_visit(node)

    def visit_Match(self, node: ast.Match) -> None:
        """``match runner.status: case "paused":`` compares the subject with each case's literal."""
        values = tuple(v for case in node.cases for v in _case_literals(case.pattern))
        if values:
            self.fields.touch(node.subject, "compare", values, Syntax.MATCH,
                             expression=Expression(op="In", compare=self.source.span_tuple(node.subject)))
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if not self.state.handled(node) and isinstance(node.ctx, ast.Load):
            self.calls.manager_attribute(node)
            self.fields.touch(node, "read", expression=NEGATED if self.state.negated(node) else None)
        self.visit(node.value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if not self.state.handled(node) and isinstance(node.ctx, ast.Load):
            self.fields.touch(node, "read")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self.state.negate(node.operand)
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
            self.urls.literal(node)
        if isinstance(node.value, (str, bytes)) and node.value.lstrip()[:1] in ("{", "[", b"{", b"["):
            self.strings.append(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self.urls.literal(node)
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.visit(value.value)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if not self.urls.literal(node):
            self.generic_visit(node)


def _case_literals(pattern: ast.pattern) -> list[object]:
    if isinstance(pattern, ast.MatchValue):
        value = literal(pattern.value)
        return [] if value is NO_VALUE else [value]
    if isinstance(pattern, ast.MatchOr):
        return [v for p in pattern.patterns for v in _case_literals(p)]
    return []
