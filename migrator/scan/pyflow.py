"""Request bodies built step by step, followed within one Python module.

A dict reaches a create or update call (``json=``/``data=``/``params=`` of an HTTP client, a
python-gitlab manager's ``create``/``update``, or ``setattr(obj, key, value)`` over its items on
a record object) after it was built elsewhere:

- keys added one by one: ``args["active"] = v``, ``args.update({...})``, ``args.update(k=v)``;
- re-bound: ``body = {k: v for k, v in body.items() if v is not None}``, ``dict(body)``,
  ``body.copy()``; or made of the function's own parameters through an allow-list:
  ``{k: v for k, v in locals().items() if k in ("a", "b")}``;
- passed to another function or method of the module, returned by a helper, or kept in an
  attribute (``self.args``) set in one method and sent in another.

Each key set becomes a parameter touch of the request it reaches, at the key's own position,
with the request's record and evidence. Bodies are mutable accumulators while the module is
walked; what they reach is resolved when the walk ends (`Flows.finish`), so the order of the
functions in the file does not matter. Functions are told apart by name only, and attributes
by their name on ``self``/``cls``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..details import Request, Written, others
from ..syntax import Syntax
from ..values import Touch
from .pyinfer import Inferred
from .pysource import literal
from .pystate import ScanState

SELF = ("self", "cls")
EVIDENCE_RANK = {"typed": 0, "named": 1, "bare": 2}
COPIES = ("copy", "dict")


@dataclass(frozen=True)
class Sink:
    """A request a body is sent as: its record, evidence, context, method and request detail."""

    record: str | None
    evidence: str
    context: str
    method: str
    request: Request


@dataclass(frozen=True)
class Entry:
    """One key set on a body: its name, the node where the name is written, the value's node."""

    name: str
    key: ast.AST
    value: ast.AST | None
    syntax: Syntax


@dataclass(eq=False)
class Body:
    """A dict being built: the keys set on it, the dict literals it was made from, and the
    helpers whose returned bodies it also holds (``a = build()``)."""

    entries: list[Entry] = field(default_factory=list)
    literals: list[ast.Dict] = field(default_factory=list)
    returned_by: list[str] = field(default_factory=list)


@dataclass
class Frame:
    """A function being walked (the module: no name): its parameters not re-bound yet, and the
    bodies its names hold."""

    function: str
    params: set[str] = field(default_factory=set)
    names: dict[str, Body] = field(default_factory=dict)


@dataclass(frozen=True)
class Param:
    """A parameter of a function of the module (a body arrives there from its callers)."""

    function: str
    name: str


class Flows:
    def __init__(self, state: ScanState):
        self.state = state
        self.bodies: dict[int, Body] = {}
        self.attributes: dict[str, Body] = {}
        self.signatures: dict[str, list[tuple[list[str], list[str]]]] = {}
        self.frames: list[Frame] = [Frame("")]
        self.loops: list[dict[str, ast.AST]] = []
        self.sent: list[tuple[Body, Sink]] = []
        self.param_sinks: dict[Param, list[Sink]] = {}
        self.forwards: dict[Param, set[Param]] = {}
        self.arrivals: list[tuple[Param, Body]] = []
        self.returns: dict[str, list[Body]] = {}

    # ---------------------------------------------------------------- walking the module
    def module(self, tree: ast.Module) -> None:
        """The parameters of every function of the module, by the function's name: (positional,
        keyword-only)."""
        for node in _functions(tree.body):
            positional = [a.arg for a in node.args.posonlyargs + node.args.args]
            self.signatures.setdefault(node.name, []).append((positional, [a.arg for a in node.args.kwonlyargs]))

    def enter(self, node: ast.AST) -> None:
        args = getattr(node, "args", None)
        params = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs} if args else set()
        self.frames.append(Frame(getattr(node, "name", "<lambda>"), params))

    def leave(self) -> None:
        self.frames.pop()

    def loop(self, node: ast.For | ast.AsyncFor | None) -> None:
        """Entering a loop (``for k, v in body.items()``, ``for k in body``), or leaving one (None)."""
        if node is None:
            self.loops.pop()
            return
        keys: dict[str, ast.AST] = {}
        iterable, target = node.iter, node.target
        if _method(iterable, "items") and isinstance(target, ast.Tuple) and target.elts:
            first = target.elts[0]
            if isinstance(first, ast.Name):
                keys[first.id] = iterable.func.value
        elif isinstance(target, ast.Name):
            keys[target.id] = iterable
        self.loops.append(keys)

    def bound(self, name: str, value: ast.AST | None) -> None:
        """A name is (re)bound, to the body an expression holds or to something else."""
        frame = self.frames[-1]
        frame.params.discard(name)
        body = self.body_of(value)
        if body is not None:
            frame.names[name] = body
        else:
            frame.names.pop(name, None)

    def written(self, target: ast.Attribute | ast.Subscript, value: ast.AST | None) -> None:
        """``body["k"] = v`` adds a key; ``self.args = {...}`` keeps a body in an attribute."""
        if isinstance(target, ast.Subscript):
            key = target.slice
            body = self.resolve(target.value)
            if isinstance(body, Body) and isinstance(key, ast.Constant) and isinstance(key.value, str):
                body.entries.append(Entry(key.value, key, value, Syntax.SUBSCRIPT))
        elif _on_self(target) and value is not None:
            made = self.body_of(value)
            if made is not None and target.attr not in self.attributes:
                self.attributes[target.attr] = made
            elif made is not None:
                _merge(self.attributes[target.attr], made)

    def returned(self, value: ast.AST | None) -> None:
        body = self.body_of(value)
        if body is not None and len(self.frames) > 1:
            self.returns.setdefault(self.frames[-1].function, []).append(body)

    def call(self, node: ast.Call) -> None:
        """A call the walk meets: keys added by ``update``, ``setattr`` over a body's keys, and
        bodies passed to the module's own functions."""
        func = node.func
        if _method(node, "update"):
            body = self.resolve(func.value)
            if isinstance(body, Body):
                for arg in node.args[:1]:
                    _merge(body, self.body_of(arg))
                body.entries.extend(Entry(k.arg, k, k.value, Syntax.KWARG) for k in node.keywords if k.arg)
        elif isinstance(func, ast.Name) and func.id == "setattr" and len(node.args) == 3:
            self._setattr(node)
        callee = _callee(func)
        if callee in self.signatures:
            self._passed(node, callee)

    def _setattr(self, node: ast.Call) -> None:
        """``setattr(obj, k, v)`` with ``k`` a key of a body looped over: the body updates obj."""
        target, key = node.args[0], node.args[1]
        iterated = next((loop[key.id] for loop in reversed(self.loops) if isinstance(key, ast.Name) and key.id in loop),
                        None)
        inferred = self.state.infer.of(target) if iterated is not None else None
        if inferred is not None and inferred.holds == "record" and inferred.record:
            request = Request(location="body", auth=inferred.auth, client="python-gitlab")
            self.send(iterated, Sink(inferred.record, inferred.evidence, "update", "PUT", request))

    def _passed(self, node: ast.Call, callee: str) -> None:
        method = isinstance(node.func, ast.Attribute)
        for positional, keyword_only in self.signatures[callee]:
            if method and positional[:1] and positional[0] in SELF:
                positional = positional[1:]
            named = [(k.arg, k.value) for k in node.keywords if k.arg in positional + keyword_only]
            pairs = list(zip(positional, node.args)) + named
            for name, arg in pairs:
                found = self.resolve(arg)
                param = Param(callee, name)
                if isinstance(found, Body):
                    self.arrivals.append((param, found))
                elif isinstance(found, Param):
                    self.forwards.setdefault(found, set()).add(param)

    # ---------------------------------------------------------------- bodies
    def body_of(self, node: ast.AST | None) -> Body | None:
        """The body an expression makes or holds, if any."""
        if node is None:
            return None
        if id(node) in self.bodies:
            return self.bodies[id(node)]
        if isinstance(node, ast.Name) or _on_self(node):
            found = self.resolve(node)
            return found if isinstance(found, Body) else None
        made = self._made(node)
        if made is not None:
            self.bodies[id(node)] = made
        return made

    def _made(self, node: ast.AST) -> Body | None:
        if isinstance(node, ast.Dict):
            entries = [Entry(k.value, k, v, Syntax.DICT_KEY) for k, v in zip(node.keys, node.values)
                       if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            body = Body(entries, [node])
            for spread in (v for k, v in zip(node.keys, node.values) if k is None):
                _merge(body, self.body_of(spread))
            return body
        if isinstance(node, ast.DictComp):
            return self._comprehension(node)
        if isinstance(node, ast.Call):
            return self._call_body(node)
        return None

    def _comprehension(self, node: ast.DictComp) -> Body | None:
        """A comprehension over a body's items is that body; over ``locals().items()`` with an
        allow-list, the names listed."""
        generator = node.generators[0]
        if not _method(generator.iter, "items"):
            return None
        source = generator.iter.func.value
        if isinstance(source, ast.Call) and _callee(source.func) == "locals":
            names = [e for cond in generator.ifs for e in _allowed(cond)]
            return Body([Entry(e.value, e, None, Syntax.KEY_NAME) for e in names]) if names else None
        return self.body_of(source)

    def _call_body(self, node: ast.Call) -> Body | None:
        name = _callee(node.func)
        func = node.func
        if isinstance(func, ast.Name) and func.id == "dict":
            copied = self.body_of(node.args[0]) if node.args else None
            body = Body(list(copied.entries) if copied else [])
            body.entries.extend(Entry(k.arg, k, k.value, Syntax.KWARG) for k in node.keywords if k.arg)
            return body
        if isinstance(func, ast.Attribute) and func.attr in COPIES and not node.args:
            return self.body_of(func.value)
        name = _callee(func)
        return Body(returned_by=[name]) if name in self.signatures else None

    def resolve(self, node: ast.AST | None) -> Body | Param | None:
        """What an expression sent or passed holds: a body, a parameter of the current function
        (the body comes from its callers), or neither."""
        if isinstance(node, ast.Name):
            frame = self.frames[-1]
            for names in (frame.names, self.frames[0].names):
                if node.id in names:
                    return names[node.id]
            if node.id in frame.params:
                return Param(frame.function, node.id)
            bound = self.state.scope.lookup(node.id)
            if isinstance(bound, Inferred) and bound.holds == "dict" and isinstance(bound.node, ast.Dict):
                return self.body_of(bound.node)
            return None
        if isinstance(node, ast.Attribute) and _on_self(node):
            return self.attributes.setdefault(node.attr, Body())
        return self.body_of(node)

    # ---------------------------------------------------------------- sinks
    def send(self, node: ast.AST | None, sink: Sink) -> None:
        """A body (or a parameter, or a helper's result) is sent as this request."""
        found = self.resolve(node)
        if isinstance(found, Body):
            self.sent.append((found, sink))
        elif isinstance(found, Param):
            self.param_sinks.setdefault(found, []).append(sink)

    def finish(self) -> None:
        """Every body that reached a request, as parameter touches of that request."""
        for param, body in self.arrivals:
            self.sent.extend((body, sink) for sink in self._sinks_of(param, set()))
        done: set[tuple[int, str | None, str]] = set()
        for body, sink in sorted(self.sent, key=lambda pair: EVIDENCE_RANK.get(pair[1].evidence, 3)):
            entries = self._entries(body, set())
            held = [(e.name, literal(e.value)) for e in entries]
            for index, entry in enumerate(entries):
                key = (id(entry.key), sink.record, sink.context)
                if key not in done:
                    done.add(key)
                    self._touch(entry, sink, others(held, index), held[index][1])

    def _sinks_of(self, param: Param, seen: set[Param]) -> list[Sink]:
        if param in seen:
            return []
        seen.add(param)
        found = list(self.param_sinks.get(param, ()))
        for onward in self.forwards.get(param, ()):
            found.extend(self._sinks_of(onward, seen))
        return found

    def _entries(self, body: Body, seen: set[int]) -> list[Entry]:
        """A body's keys, with those of the bodies its helpers return; its literals are sent."""
        if id(body) in seen:
            return []
        seen.add(id(body))
        for node in body.literals:
            self.state.handle(node)
        entries = list(body.entries)
        for function in body.returned_by:
            for returned in self.returns.get(function, ()):
                entries.extend(self._entries(returned, seen))
        return entries

    def _touch(self, entry: Entry, sink: Sink, siblings: tuple, value: object) -> None:
        v = self.state
        written = Written(value_span=v.source.span_tuple(entry.value), siblings=siblings)
        v.add(Touch("param", entry.name, v.source.span(entry.key), sink.record, sink.evidence, sink.context,
                    sink.method, value, entry.syntax, request=sink.request, written=written))


# Statements that hold no statements: most of a module, passed over without looking for bodies.
_SIMPLE = frozenset({ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return, ast.Import, ast.ImportFrom,
                     ast.Pass, ast.Break, ast.Continue, ast.Raise, ast.Assert, ast.Delete, ast.Global, ast.Nonlocal})


def _functions(body: list[ast.stmt]) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The function definitions among statements, at any depth (statements only: cheaper than
    ast.walk, and a definition is always a statement)."""
    found, stack = [], list(body)
    while stack:
        node = stack.pop()
        if node.__class__ in _SIMPLE:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append(node)
        for part in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, part, None)
            if isinstance(inner, list):
                stack.extend(inner)
    return found


def _merge(into: Body, other: Body | None) -> None:
    if other is not None and other is not into:
        into.entries.extend(other.entries)
        into.literals.extend(other.literals)
        into.returned_by.extend(other.returned_by)


def _method(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name


def _callee(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in SELF:
        return func.attr
    return ""


def _on_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in SELF


def _allowed(condition: ast.AST) -> list[ast.Constant]:
    """The names of ``k in ("a", "b")`` (also inside ``and``)."""
    if isinstance(condition, ast.BoolOp) and isinstance(condition.op, ast.And):
        return [c for value in condition.values for c in _allowed(value)]
    if (isinstance(condition, ast.Compare) and len(condition.ops) == 1 and isinstance(condition.ops[0], ast.In)
            and isinstance(condition.comparators[0], (ast.List, ast.Tuple, ast.Set))):
        return [e for e in condition.comparators[0].elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []
