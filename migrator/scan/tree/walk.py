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
from . import declare
from .infer import Inferer, Scope, Value, snake
from .language import Language
from .nodes import Node, Source, paired, unwrap
from .nodes import walk as descendants
from .flows import Flows
from .sdk import Sdk
from .requests import Requests
from .strings import callee, literal, object_entries, string_value, template

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
        self.sdk = Sdk(self)
        self.flows = Flows(self)
        self.handlers = handlers(language.shapes)

    def add(self, touch: Touch) -> None:
        self.touches.append(replace(touch, origin=RECORDED) if self.recorded else touch)

    def template(self, node: Node | None) -> str | None:
        return template(self.s, node, self.sh, self.infer.template, builders=self.lang.url_builders)

    def literal(self, node: Node | None) -> object:
        """A literal's value (string, number, true, false, null), or NO_VALUE."""
        return literal(self.s, node, self.sh, self.sdk.value_of)

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
        self.scope.push()
        for param in self.sh.f(node, self.sh.receiver).named_children if self.sh.receiver and self.sh.f(
                node, self.sh.receiver) is not None else ():  # Go's ``func (m *legacyMergeRequest) …``
            name = self.sh.f(param, "pattern")
            if name is not None and name.type in self.sh.identifier:
                self.scope.bind(self.s.text_of(name), self._typed(self.sh.f(param, "type"))
                                or self.infer.named(self.s.text_of(name)))
        for index, name, annotation in self._parameters(node):
            value = bound if index == 0 and bound is not None else (
                self.sdk.typed(annotation) or self.infer.named(name) or self._typed(annotation))
            self.scope.bind(name, value)
        self.visit(self.sh.f(node, "body"))
        self.scope.pop()

    def _parameters(self, node: Node):
        params = self.sh.f(node, self.sh.parameters) or self.sh.f(node, self.sh.parameter)
        if params is None:
            return
        listed = [params] if params.type in self.sh.identifier else params.named_children
        for index, param in enumerate(listed):
            name = self.sh.f(param, "pattern") if param.type in self.sh.required_parameters else param
            if name is not None and name.type in self.sh.identifier:
                yield index, self.s.text_of(name), self.sh.f(param, "type")

    def _typed(self, annotation: Node | None) -> Value | None:
        """A parameter's type names the record: ``(mr: MergeRequest)``."""
        typed = self.sdk.typed(annotation)
        if typed is not None:
            return typed
        names = [n for n in (descendants(annotation) if annotation else ()) if n.type in self.sh.type_names]
        return self.infer.named(self.s.text_of(names[0])) if names else None

    def declarator(self, node: Node) -> None:
        value = self.sh.f(node, "value")
        self.visit(value)
        if value is None and self.sh.f(node, "type") is not None:  # Go's ``var mr gitlab.MergeRequest``
            name = self.sh.f(node, "name")
            if name is not None and name.type in self.sh.identifier:
                self.scope.bind(self.s.text_of(name), self._typed(self.sh.f(node, "type"))
                                or self.infer.named(self.s.text_of(name)))
            return
        self.bind(self.sh.f(node, "name"), value)

    def bind(self, target: Node | None, value: Node | None) -> None:
        if target is not None and target.type in self.sh.lists:
            for name, one in paired(target, value, self.sh.lists):
                self.bind(name, one)
            return
        if target is None:
            return
        if target.type == self.sh.object_pattern:
            self._destructure(target, self.infer.value(value))
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

    def _destructure(self, pattern: Node, base: Value | None) -> None:
        """``const {data} = await axios.get(url)``; ``const {merged_by} = mr`` reads a field."""
        for entry in pattern.named_children:
            if entry.type == self.sh.pattern_shorthand:
                key, local = entry, entry
            elif entry.type == self.sh.pattern_pair:
                key, local = self.sh.f(entry, "key"), self.sh.f(entry, "value")
            else:
                continue
            name = self.s.text_of(key) if key is entry else self.infer.key_of(key)
            if name is None:
                continue
            if base is not None and base.kind == "record":
                self.add(Touch("field", name, self.s.span(key), base.record, base.evidence, "read"))
            if local is not None and local.type in self.sh.identifier | {self.sh.pattern_shorthand}:
                self.scope.bind(self.s.text_of(local), self.infer.member(base, name, None)
                                or self.infer.named(self.s.text_of(local)))

    def assignment(self, node: Node) -> None:
        left, right = self.sh.f(node, "left"), self.sh.f(node, "right")
        if left is not None and left.type in self.sh.lists:
            self.visit(right)
            for one, value in paired(left, right, self.sh.lists):
                self._assign(node, one, value)
            return
        self.visit(right)
        self._assign(node, left, right)

    def _assign(self, node: Node, left: Node | None, right: Node | None) -> None:
        if left is not None and left.type in (self.sh.member, self.sh.subscript):
            statement = node.parent is not None and node.parent.type == self.sh.statement
            self.field(left, "write", self.literal(right),
                       written=Written(value_span=self.s.span(right) if right else None, statement=statement))
            self.handled.add(left.id)
            self.visit(left)
        else:
            self.bind(left, right)

    def for_of(self, node: Node) -> None:
        right = self.sh.f(node, "right")
        self.visit(right)
        left = self.sh.f(node, "left")
        if left is not None and left.type in self.sh.lists:  # Go's ``for _, r := range runners``
            listed = left.named_children
            left = listed[self.sh.for_element] if len(listed) > self.sh.for_element else None
        if left is not None and left.type in self.sh.identifier:
            name = self.s.text_of(left)
            self.scope.bind(name, self.infer.element(right) or self.infer.named(name))
        self.visit(self.sh.f(node, "body"))

    # ---------------------------------------------------------------- fields
    def access(self, node: Node) -> tuple[str, Node, Node, Syntax] | None:
        """(field name, receiver, name node, syntax) of ``x.f`` or ``x["f"]``."""
        if node.type == self.sh.member:
            prop = self.sh.f(node, "property")
            if prop is not None and prop.type in self.sh.property:
                return self.lang.api_name(self.s.text_of(prop)), self.sh.f(node, "object"), prop, Syntax.ATTRIBUTE
        if node.type == self.sh.subscript:
            index = unwrap(self.sh.f(node, "index"), self.sh.wrappers)
            key = string_value(self.s, index, self.sh) if index is not None else None
            if key is not None:
                return key, self.sh.f(node, "object"), index, Syntax.SUBSCRIPT
        return None

    def receiver(self, node: Node | None) -> tuple[str | None, str] | None:
        node = unwrap(node, self.sh.wrappers)
        if node is None or node.type in self.sh.this:
            return None
        if node.type in self.sh.identifier and self.s.text_of(node) in self.lang.not_records:
            return None
        found = self.infer.value(node)
        if found is None:
            return None, "bare"
        if found.kind != "record":
            return None
        if self.lang.case and found.evidence == "typed" and found.family != "sdk" and node.type not in self.sh.lists:
            # a field of a struct the program declares itself: renaming ``mr.MergedBy`` compiles only
            # where the struct declares the new field, as the SDK's do; so no safe fix
            return found.record, "named" if self._selected(node) else found.evidence
        return found.record, found.evidence

    def _selected(self, node: Node) -> bool:
        """The receiver is the operand of a struct field selector (not a map's index)."""
        parent = node.parent
        return parent is not None and parent.type == self.sh.member

    def field(self, node: Node, context: str, value: object = NO_VALUE, written: Written | None = None,
              expression: Expression | None = None) -> bool:
        access = self.access(node)
        owner = self.receiver(access[1]) if access else None
        if access is None or owner is None:
            return False
        name = access[0]
        if owner[0] is not None and name != name.lower():
            name = snake(name)  # a record's field read as a camelCase property: ``mr.mergedBy``
        self.add(Touch("field", name, self.s.span(node), owner[0], owner[1], context, value=value,
                       syntax=access[3], written=written, expression=expression))
        self.handled.add(node.id)
        return True

    def member(self, node: Node) -> None:
        inner, parent = node, node.parent
        while parent is not None and parent.type in self.sh.wrappers:  # ``(await x.get)<T>(url)``
            inner, parent = parent, parent.parent
        called = parent is not None and parent.type == self.sh.call and self.sh.f(parent, "function") == inner
        if node.id not in self.handled and not called:
            self.field(node, "read")
        self.children(node)

    def compare(self, node: Node) -> None:
        op = self.sh.f(node, "operator")
        operator = self.s.text_of(op) if op is not None else ""
        if operator == self.sh.concat and self.url_literal(node):
            return
        if operator in self.sh.compare:
            left, right = unwrap(self.sh.f(node, "left"), self.sh.wrappers), unwrap(self.sh.f(node, "right"), self.sh.wrappers)
            for access, other in ((left, right), (right, left)):
                value = self.literal(other)
                if value is not NO_VALUE and access is not None and self.field(
                        access, "compare", value, expression=Expression(op=self.sh.compare[operator],
                                                                        compare=self.s.span(node))):
                    break
        self.children(node)

    def unary(self, node: Node) -> None:
        op = self.sh.f(node, "operator")
        operand = unwrap(self.sh.f(node, "argument"), self.sh.wrappers)
        if op is not None and self.s.text_of(op) == self.sh.negate and operand is not None:
            self.field(operand, "read", expression=NEGATED)
        self.children(node)

    # ---------------------------------------------------------------- objects and declarations
    def object(self, node: Node) -> None:
        schema = declare.schema_name(self, node)
        if schema is not None:
            declare.schema(self, node, schema)
        elif node.id not in self.handled and not self.sdk.options(node):
            self.keys(node)
        for entry in node.named_children:
            value = self.sh.f(entry, "value") if entry.type == self.sh.pair else None
            key = self.sh.f(entry, "key") if entry.type == self.sh.pair else None
            if key is not None and key.type not in self.sh.property and key.type not in self.sh.strings:
                self.visit(key)  # a computed key
            if value is not None:
                self.visit(value)

    def keys(self, node: Node) -> None:
        """An object literal's keys: typed by the record's key signature, named by the name the
        object is bound to, bare otherwise."""
        entries = object_entries(self.s, node, self.sh, self.lang.api_name)
        record = self.model.record_for_keys({name for name, _, _ in entries})
        evidence = "typed" if record else "bare"
        kind = self.sh.f(node.parent, "type") if node.parent is not None else None  # Go's ``T{…}``
        name = self.object_names.get(node.id) or (self.s.text_of(kind).rpartition(".")[2] if kind else None)
        if record is None and name:
            named = self.infer.named(name)
            record, evidence = (named.record, "named") if named else (None, "bare")
        held = tuple((name, self.literal(value) if value is not key else NO_VALUE) for name, key, value in entries)
        for index, (name, key, value) in enumerate(entries):
            syntax = Syntax.NONE if value is key else Syntax.DICT_KEY
            span = self.s.inner(key) if key.type in self.sh.strings else self.s.span(key)
            self.add(Touch("field", name, span, record, evidence, "key", value=held[index][1], syntax=syntax,
                           written=Written(key_span=span, value_span=self.s.span(value), siblings=others(held, index))))

    # ---------------------------------------------------------------- calls and URLs
    def call(self, node: Node) -> None:
        sent = self.requests.call(node)
        declare.type_arguments(self, node)
        if sent:
            self.children(node)
            return
        callee = self.sh.f(node, "function")
        name = self.s.text_of(callee) if callee is not None else ""
        if name in self.sh.joins and self.url_literal(node):
            return
        self.flows.decoded(node, name)
        mock = any(name == m or name.endswith("." + m) for m in self.lang.mocks)
        self.recorded += mock
        self.visit(callee)
        self.flows.callback_arguments(node, callee)
        self.recorded -= mock

    def string(self, node: Node) -> None:
        if not self.url_literal(node) and not self.flows.embedded(node):
            self.children(node)

    def mark(self, node: Node) -> None:
        """A URL expression is reported once, as a whole: its parts are no URLs of their own."""
        stack = [node]
        while stack:
            part = stack.pop()
            joined = part.type == self.sh.call and callee(self.s, part, self.sh) in self.sh.formats | self.sh.joins
            if part.type in self.sh.strings | {self.sh.template, self.sh.binary} or part is node or joined:
                self.handled.add(part.id)
                args = self.sh.f(part, self.sh.arguments) if joined else None  # ``path.Join(base, "…")``
                self.handled.update([args.id] if args is not None else ())
                stack.extend(args.named_children if args is not None else part.named_children)

    def url_literal(self, node: Node) -> bool:
        """An API URL or path written in the code, outside any call that sends it."""
        if node.id in self.handled:
            return False
        text = self.template(node)
        url = urls.parse(text, self.model) if text and "/" in text else None
        if url is None:
            return False
        self.mark(node)
        span, evidence = self.s.span(node), urls.literal_evidence(url)
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
    table = {shapes.declarator: Walk.declarator, shapes.assignment: Walk.assignment, shapes.for_of: Walk.for_of,
             shapes.member: Walk.member, shapes.subscript: Walk.member, shapes.binary: Walk.compare,
             shapes.unary: Walk.unary, shapes.object: Walk.object, shapes.call: Walk.call,
             **{kind: Walk.string for kind in shapes.strings | {shapes.template}}}
    table.update({kind: Walk.assignment for kind in shapes.bindings})
    table.update({kind: _function for kind in shapes.functions})
    table.update({kind: declare.declaration for kind in shapes.declarations})
    return table
