"""The generic walk: a tree → touches, the same ones the Python scanner gives, with the same
evidence. URLs written in strings (urls.py decides what is the API's), requests (requests.py),
fields read, written and compared on records, object literals' keys, declared fields, and mock
responses (recorded: their fixes are unsafe)."""

from __future__ import annotations

from dataclasses import replace

from ...apimodel import ApiModel
from ...details import Expression, Origin, Written, others
from ...model import EVIDENCE_ORDER, NO_VALUE, Touch
from ...syntax import Syntax
from .. import urls
from . import bindings, declare
from .declarations import Declarations
from .infer import Inferer, Scope, Value, snake
from .language import Language
from .nodes import Node, Source, field, unwrap
from .requests import Requests
from .strings import object_entries, string_value, template

RECORDED = Origin(recorded=True)
NEGATED = Expression(negated=True)


def scan(text: str, model: ApiModel, language: Language) -> list[Touch]:
    walk = Walk(Source(text, language.dialects), model, language)
    walk.visit(walk.s.root)
    return walk.touches


class Walk:
    def __init__(self, source: Source, model: ApiModel, language: Language):
        self.s, self.model, self.lang, self.sh = source, model, language, language.shapes
        self.scope = Scope()
        self.infer = Inferer(source, model, language, self.scope)
        self.touches: list[Touch] = []
        self.handled: set[int] = set()  # node ids already reported (a request's URL, its options)
        self.url_touches: dict[int, range] = {}  # a URL expression → the touches it gave
        self.named_urls: dict[str, range] = {}  # a name bound to a URL → the touches written there
        self.object_names: dict[int, str] = {}  # an object literal → the name it is bound to
        self.recorded = 0  # inside a mock response
        self.requests = Requests(self)
        self.methods = None
        if language.shapes.method_call is not None:
            from .methods import Methods

            self.methods = self.infer.methods = Methods(self)
        self.decls = Declarations(self)
        self.handlers = handlers(language.shapes)

    def add(self, touch: Touch) -> None:
        self.touches.append(replace(touch, origin=RECORDED) if self.recorded else touch)

    def template(self, node: Node | None) -> str | None:
        return template(self.s, node, self.sh, self.infer.template, builders=self.lang.url_builders)

    def literal(self, node: Node | None) -> object:
        """A literal's value (string, number, true, false, null), or NO_VALUE."""
        node = unwrap(node, self.sh.wrappers)
        if node is None:
            return NO_VALUE
        if node.type == self.sh.string:
            return string_value(self.s, node, self.sh)
        if node.type in self.sh.literals:
            return self.sh.literals[node.type]
        if node.type == self.sh.number:
            text = self.s.text_of(node)
            try:
                return int(text) if text.isdigit() else float(text)
            except ValueError:
                return NO_VALUE
        return NO_VALUE

    # ---------------------------------------------------------------- traversal
    def visit(self, node: Node | None) -> None:
        if node is None:
            return
        handler = self.handlers.get(node.type)
        if handler is not None:
            handler(self, node)
        else:
            self.children(node)

    def children(self, node: Node) -> None:
        for child in node.named_children:
            self.visit(child)

    def function(self, node: Node, bound: Value | None = None) -> None:
        """A function's body in a scope of its own; its parameters are records by their name or
        their type's (``mr``, ``x: MergeRequest``), or ``bound`` (a callback's argument)."""
        for child in node.named_children:
            if child.type == self.sh.modifiers:  # a method's annotations (Retrofit's ``@GET("…")``)
                self.visit(child)
        self.scope.push()
        for index, name, annotation in self._parameters(node):
            value = bound if index == 0 and bound is not None else (self.infer.named(name) or self.infer.typed(annotation))
            self.scope.bind(name, value)
        self.visit(field(node, "body"))
        self.scope.pop()

    def _parameters(self, node: Node):
        params = field(node, self.sh.parameters) or field(node, self.sh.parameter)
        if params is None:
            return
        listed = [params] if params.type in self.sh.identifier else params.named_children
        for index, param in enumerate(listed):
            name = field(param, self.sh.parameter_name) if param.type in self.sh.required_parameters else param
            if name is not None and name.type in self.sh.identifier:
                yield index, self.s.text_of(name), field(param, "type")

    def declarator(self, node: Node) -> None:
        value = field(node, "value")
        self.visit(value)
        self.bind(field(node, "name"), value)
        name = field(node, "name")
        declared = field(node, "type") or (field(node.parent, "type") if node.parent is not None else None)
        if name is not None and declared is not None and self.scope.lookup(self.s.text_of(name)) is None:
            self.scope.bind(self.s.text_of(name), self.infer.typed(declared))  # ``Runner r = …``: its type names it

    def bind(self, target: Node | None, value: Node | None) -> None:
        if target is None:
            return
        if target.type == self.sh.object_pattern:
            bindings.destructure(self, target, self.infer.value(value))
            return
        if target.type not in self.sh.identifier:
            return
        name = self.s.text_of(target)
        plain = unwrap(value, self.sh.wrappers)
        if plain is not None and plain.type == self.sh.object:
            self.object_names[plain.id] = name
        written = self.requests.url_written(plain)
        if written is not None and written.id in self.url_touches:
            self.named_urls[name] = self.url_touches[written.id]
        found = self.infer.value(value) or self.requests.query(value) if value is not None else None
        text = self.template(value) if value is not None and found is None else None
        self.scope.bind(name, found or text or self.infer.named(name))

    def assignment(self, node: Node) -> None:
        left, right = field(node, "left"), field(node, "right")
        self.visit(right)
        if left is not None and left.type in (self.sh.member, self.sh.subscript):
            statement = node.parent is not None and node.parent.type == self.sh.statement
            self.field(left, "write", self.literal(right),
                       written=Written(value_span=self.s.span(right) if right else None, statement=statement))
            self.handled.add(left.id)
            self.visit(left)
        else:
            self.bind(left, right)

    # ---------------------------------------------------------------- fields
    def access(self, node: Node) -> tuple[str, Node, Node, Syntax] | None:
        """(field name, receiver, name node, syntax) of ``x.f`` or ``x["f"]`` (or, where calls carry
        their receiver, ``x.getF()`` and ``x.get("f")``: methods.py)."""
        if self.methods is not None and node.type == self.sh.method_call:
            return self.methods.access(node)
        if node.type == self.sh.member:
            prop = field(node, self.sh.member_name)
            if prop is not None and prop.type in self.sh.property:
                return self.lang.api_name(self.s.text_of(prop)), field(node, "object"), prop, Syntax.ATTRIBUTE
        if node.type == self.sh.subscript:
            index = unwrap(field(node, "index"), self.sh.wrappers)
            key = string_value(self.s, index, self.sh) if index is not None else None
            if key is not None:
                return key, field(node, "object"), index, Syntax.SUBSCRIPT
        return None

    def receiver(self, node: Node | None) -> tuple[str | None, str] | None:
        node = unwrap(node, self.sh.wrappers)
        if node is None or node.type in self.sh.this:
            return None
        if node.type in self.sh.identifier and self.s.text_of(node) in self.lang.not_records:
            return None
        if node.type in self.sh.identifier | {self.sh.member} and self.infer.is_type(self.s.text_of(node)):
            return None
        found = self.infer.value(node)
        if found is None:
            return None, "bare"
        if found.kind != "record":
            return None
        return found.record, found.evidence

    def field(self, node: Node, context: str, value: object = NO_VALUE, written: Written | None = None,
              expression: Expression | None = None) -> bool:
        access = self.access(node)
        owner = self.receiver(access[1]) if access else None
        if access is None or owner is None:
            return False
        name = access[0]
        if owner[0] is not None and name != name.lower():
            name = snake(name)  # a record's field read as a camelCase property: ``mr.mergedBy``
        if self.methods is not None and self.methods.nullable(node, name, owner[0]):
            expression = replace(expression or Expression(), nullable=True)
        self.add(Touch("field", name, self.s.span(node), owner[0], owner[1], context, value=value,
                       syntax=access[3], written=written, expression=expression))
        self.handled.add(node.id)
        return True

    def member(self, node: Node) -> None:
        inner, parent = node, node.parent
        while parent is not None and parent.type in self.sh.wrappers:  # ``(await x.get)<T>(url)``
            inner, parent = parent, parent.parent
        called = parent is not None and parent.type == self.sh.call and field(parent, "function") == inner
        if node.id not in self.handled and not called:
            self.field(node, "read")
        self.children(node)

    def compare(self, node: Node) -> None:
        op = field(node, "operator")
        operator = self.s.text_of(op) if op is not None else ""
        if operator == self.sh.concat and self.url_literal(node):
            return
        if operator in self.sh.compare:
            left, right = unwrap(field(node, "left"), self.sh.wrappers), unwrap(field(node, "right"), self.sh.wrappers)
            for access, other in ((left, right), (right, left)):
                value = self.literal(other)
                if value is not NO_VALUE and access is not None and self.field(
                        access, "compare", value, expression=Expression(op=self.sh.compare[operator],
                                                                        compare=self.s.span(node))):
                    break
        self.children(node)

    def unary(self, node: Node) -> None:
        op = field(node, "operator")
        operand = unwrap(field(node, self.sh.unary_operand), self.sh.wrappers)
        if op is not None and self.s.text_of(op) == self.sh.negate and operand is not None:
            self.field(operand, "read", expression=NEGATED)
        self.children(node)

    # ---------------------------------------------------------------- objects and declarations
    def object(self, node: Node) -> None:
        schema = declare.schema_name(self, node)
        if schema is not None:
            declare.schema(self, node, schema)
        elif node.id not in self.handled:
            self.keys(node)
        for entry in node.named_children:
            value = field(entry, "value") if entry.type == self.sh.pair else None
            key = field(entry, "key") if entry.type == self.sh.pair else None
            if key is not None and key.type not in self.sh.property and key.type != self.sh.string:
                self.visit(key)  # a computed key
            if value is not None:
                self.visit(value)

    def keys(self, node: Node) -> None:
        """An object literal's keys: typed by the record's key signature, named by the name the
        object is bound to, bare otherwise."""
        entries = object_entries(self.s, node, self.sh)
        record = self.model.record_for_keys({name for name, _, _ in entries})
        evidence = "typed" if record else "bare"
        if record is None and node.id in self.object_names:
            named = self.infer.named(self.object_names[node.id])
            record, evidence = (named.record, "named") if named else (None, "bare")
        held = tuple((name, self.literal(value) if value is not key else NO_VALUE) for name, key, value in entries)
        for index, (name, key, value) in enumerate(entries):
            syntax = Syntax.NONE if value is key else Syntax.DICT_KEY
            span = self.s.inner(key) if key.type == self.sh.string else self.s.span(key)
            self.add(Touch("field", name, span, record, evidence, "key", value=held[index][1], syntax=syntax,
                           written=Written(key_span=span, value_span=self.s.span(value), siblings=others(held, index))))

    # ---------------------------------------------------------------- calls and URLs
    def method_call(self, node: Node) -> None:
        self.methods.visit(node)

    def call(self, node: Node) -> None:
        sent = self.requests.call(node)
        declare.type_arguments(self, node)
        if sent:
            self.children(node)
            return
        callee = field(node, "function")
        name = self.s.text_of(callee) if callee is not None else ""
        mock = any(name == m or name.endswith("." + m) for m in self.lang.mocks)
        self.recorded += mock
        self.visit(callee)
        self.callback_arguments(node, callee)
        self.recorded -= mock

    def callback_arguments(self, node: Node, callee: Node | None) -> None:
        """``.then(r => r.json())``, ``mrs.map(mr => …)``: the callback's first parameter is the
        receiver (its element, for a list of records)."""
        args = field(node, self.sh.arguments)
        bound = None
        if callee is not None and callee.type == self.sh.member:
            if self.s.text_of(field(callee, self.sh.member_name)) in self.lang.callbacks:
                bound = self.infer.value(field(callee, "object"))
        for arg in args.named_children if args is not None else ():
            if arg.type in self.sh.functions and bound is not None:
                self.function(arg, bound)
                self._returned(node, arg)
            else:
                self.visit(arg)

    def _returned(self, call: Node, function: Node) -> None:
        """``x.then(r => r.json())`` is what the callback returns (an expression body)."""
        body = field(function, "body")
        if body is not None and body.type != "statement_block" and call.id not in self.infer.cache:
            self.scope.push()
            for index, name, _ in self._parameters(function):
                if index == 0:
                    self.scope.bind(name, self.infer.value(field(field(call, "function"), "object")))
            found = self.infer.value(body)
            self.scope.pop()
            if found is not None:
                self.infer.cache[call.id] = found

    def string(self, node: Node) -> None:
        if not self.url_literal(node):
            self.children(node)

    def mark(self, node: Node) -> None:
        """A URL expression is reported once, as a whole: its parts are no URLs of their own."""
        stack = [node]
        while stack:
            part = stack.pop()
            if part.type in (self.sh.string, self.sh.template, self.sh.binary) or part is node:
                self.handled.add(part.id)
                stack.extend(part.named_children)

    def url_literal(self, node: Node, at: Node | None = None) -> bool:
        """An API URL or path written in the code, outside any call that sends it (reported at
        ``at``: a format call's URL is its format string's)."""
        at = at or node
        if node.id in self.handled or at.id in self.handled:
            return False
        text = self.template(node)
        url = urls.parse(text, self.model) if text and "/" in text else None
        if url is None:
            if text and any(prefix in text for prefix in self.model.api_prefixes):
                self.mark(at)  # a message that mentions a URL: none of its parts is one
            return False
        self.mark(at)
        span, evidence = self.s.content(at, self.sh), urls.literal_evidence(url)
        first = len(self.touches)
        self.add(urls.endpoint_touch(url, span, None, evidence, Syntax.STRING))
        for touch in urls.query_touches(url, span, None, evidence, Syntax.STRING):
            self.add(touch)
        self.url_touches[node.id] = range(first, len(self.touches))
        self.code_parts(node)
        return True

    def code_parts(self, node: Node) -> None:
        """The parts of a URL expression that are code (``${mr.iid}``, ``+ encode(x)``), visited."""
        stack = [node]
        while stack:
            part = stack.pop()
            if part.id in self.handled:
                stack.extend(reversed(part.named_children))
            elif part.type not in self.sh.fragment and part.type != self.sh.escape:
                self.visit(part)

    def sent(self, name: str, evidence: str) -> None:
        """A name bound to a URL is sent by an HTTP client: the touches written where the URL is
        defined get the call's evidence."""
        for index in self.named_urls.get(name, ()):
            touch = self.touches[index]
            if EVIDENCE_ORDER.index(evidence) > EVIDENCE_ORDER.index(touch.evidence):
                self.touches[index] = replace(touch, evidence=evidence)


def _function(walk: Walk, node: Node) -> None:
    walk.function(node)


def handlers(shapes) -> dict:
    """The walk's handler for each node type of a language's vocabulary."""
    table = {shapes.declarator: Walk.declarator, shapes.assignment: Walk.assignment, shapes.for_of: bindings.for_of,
             shapes.member: Walk.member, shapes.subscript: Walk.member, shapes.binary: Walk.compare,
             shapes.unary: Walk.unary, shapes.object: Walk.object, shapes.call: Walk.call,
             shapes.string: Walk.string, shapes.template: Walk.string}
    if shapes.method_call is not None:
        table.update({shapes.method_call: Walk.method_call, shapes.new: Walk.method_call})
    if shapes.annotation is not None:
        table[shapes.annotation] = lambda walk, node: walk.decls.annotation(node)
    if shapes.enum is not None:
        table[shapes.enum] = lambda walk, node: walk.decls.enum(node)
    table.update({kind: _function for kind in shapes.functions})
    table.update({kind: declare.declaration for kind in shapes.declarations})
    return table
