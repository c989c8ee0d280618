"""The generic walk: a tree → touches, the same ones the Python scanner gives, with the same
evidence. URLs written in strings (urls.py decides what is the API's), requests (requests.py),
fields read, written and compared on records, object literals' keys, declared fields, and mock
responses (recorded: their fixes are unsafe)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from ...apimodel import ApiModel
from ...details import Expression, Origin, Written, others
from ...syntax import Syntax
from ...values import NO_VALUE, Touch
from . import bindings, compares, declare, literals, reads, sends, types
from ..scope import Scope
from ...spelling import snake_of as snake
from .infer import FOREIGN, Inferred, Inferer
from .language import Language
from .nodes import (Node, Source, callee, callee_name, declared_value, field, is_member, member_name, paired,
                    receiver, unwrap)
from .nodes import index as index_of
from .requests import Requests
from .sdk import SDK, Sdk
from .strings import literal, name_span, name_value, object_entries, template

RECORDED = Origin(recorded=True)
PLAIN = Origin()


def scan(text: str, model: ApiModel, language: Language) -> list[Touch]:
    return walked(text, model, language).touches


def walked(text: str, model: ApiModel, language: Language) -> Walk:
    """The walk of a text, done: its touches, and the regions it read (a mock's JSON in a string),
    which the fixer dispatches (kinds/tree.py)."""
    walk = Walk(Source(text, language.dialects), model, language)
    walk.visit(walk.s.root)
    return walk


class Walk:
    def __init__(self, source: Source, model: ApiModel, language: Language):
        self.s, self.model, self.lang, self.sh = source, model, language, language.shapes
        self.scope = Scope()
        self.infer = Inferer(source, model, language, self.scope)
        self.touches: list[Touch] = []
        self.regions: list = []  # regions/Region: JSON in a string, read as a mock response (reads.py)
        self.handled: set[int] = set()  # node ids already reported (a request's URL, its options)
        self.url_touches: dict[int, range] = {}  # a URL expression → the touches it gave
        self.named_urls: dict[str, range] = {}  # a name bound to a URL → the touches written there
        self.bound: dict[str, Node] = {}  # a name → the expression last bound to it (a URL a request may send)
        self.object_names: dict[int, str] = {}  # an object literal → the name it is bound to
        self.header_sets: dict[str, list] = {}  # a name → the headers set on it in the file (sends.py)
        self.recorded = 0  # inside a mock response
        self.requests = Requests(self)
        self.sdk = self.infer.sdk = Sdk(self)  # its data, rules/model/<sdk>.yaml
        self.methods = None
        if language.shapes.method_call is not None:
            from .methods import Methods

            self.methods = self.infer.methods = Methods(self)
        self.decls = declare.Declarations(self)
        self.infer.types = partial(types.declared, self)
        self.file_types: dict[str, tuple[str, str] | None] | None = None  # declare.file_types, when asked
        self.foreign_names: frozenset[str] | None = None  # types.imported, when asked
        self.handlers = handlers(language.shapes)

    def add(self, touch: Touch) -> None:
        """A touch; inside a mock response, recorded (one read in a mock's JSON string already
        is, and keeps where it is embedded and whether its place is exact)."""
        if self.recorded and not touch.origin.recorded:
            touch = replace(touch, origin=RECORDED if touch.origin == PLAIN else replace(touch.origin, recorded=True))
        self.touches.append(touch)

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

    def function(self, node: Node, bound: Inferred | None = None) -> None:
        """A function's body in a scope of its own; its parameters are records by their name or
        their type's (``mr``, ``x: MergeRequest``), or ``bound`` (a callback's argument)."""
        for child in node.named_children:
            if child.type == self.sh.modifiers:  # a method's annotations (Retrofit's ``@GET("…")``)
                self.visit(child)
        self.scope.push()
        held = field(node, self.sh.method_receiver) if self.sh.method_receiver else None
        for param in held.named_children if held is not None else ():  # Go's ``func (m *legacyMergeRequest) …``
            name = field(param, self.sh.parameter_name)
            if name is not None and name.type in self.sh.identifier:
                self.scope.bind(self.s.text_of(name), types.declared(self, field(param, "type"), self.s.text_of(name))
                                or self.infer.named(self.s.text_of(name)))
        for position, name, annotation in self.parameters(node):
            value = bound if position == 0 and bound is not None else types.parameter(self, name, annotation)
            self.scope.bind(name, value)
        self.visit(field(node, "body"))
        self.scope.pop()

    def parameters(self, node: Node):
        params = field(node, self.sh.parameters) or field(node, self.sh.parameter)
        if params is None:
            return
        listed = [params] if params.type in self.sh.identifier else params.named_children
        for position, param in enumerate(listed):
            name = field(param, self.sh.parameter_name) if param.type in self.sh.required_parameters else param
            if name is not None and name.type in self.sh.identifier:
                yield position, self.s.text_of(name), field(param, "type")

    def declarator(self, node: Node) -> None:
        value = declared_value(node, self.sh)
        self.visit(value)
        name = field(node, "name")
        declared = field(node, "type") or (field(node.parent, "type") if node.parent is not None else None)
        if value is None and declared is not None:  # Go's ``var mr gitlab.MergeRequest``, Java's ``Runner r;``
            if name is not None and name.type in self.sh.identifier:
                text = self.s.text_of(name)
                self.scope.bind(text, types.declared(self, declared, text) or self.infer.named(text))
            return
        self.bind(name, value)
        if name is not None and declared is not None and self.scope.lookup(self.s.text_of(name)) is None:
            text = self.s.text_of(name)
            self.scope.bind(text, types.declared(self, declared, text))  # ``Runner r = …``: its type names it

    def bind(self, target: Node | None, value: Node | None, reassigned: bool = False) -> None:
        """``target`` holds ``value``; ``reassigned``: by a plain assignment, after which a variable of a
        statically typed language still holds what it was declared with (``Language.static``)."""
        if target is not None and target.type in self.sh.lists:  # Go's ``mr, _, err := …``
            for name, one in paired(target, value, self.sh.lists):
                self.bind(name, one, reassigned)
            return
        if target is None:
            return
        if target.type == self.sh.object_pattern:
            bindings.destructure(self, target, self.infer.of(value))
            return
        if target.type not in self.sh.identifier:
            return
        name = self.s.text_of(target)
        plain = unwrap(value, self.sh.wrappers)
        if plain is not None and plain.type in self.sh.objects:
            self.object_names[plain.id] = name
        written = self.requests.url_written(plain)
        if written is not None and written.id in self.url_touches:
            self.named_urls[name] = self.url_touches[written.id]
        if written is not None:
            self.bound[name] = written
        found = self.infer.of(value) or self.requests.query(value) if value is not None else None
        text = self.template(value) if value is not None and found is None else None
        if not (reassigned and self.lang.static and isinstance(self.scope.lookup(name), Inferred)):
            bind = self.scope.bind_outermost if target.type in self.sh.instance_variables else self.scope.bind
            bind(name, found or text or self.infer.named(name))

    def assignment(self, node: Node) -> None:
        left, right = field(node, "left"), field(node, "right")
        self.visit(right)
        if self.lang.chains.header_properties and sends.header(self, node) is not None:
            return sends.header_touch(self, node, None)  # ``….Authorization = new AuthenticationHeaderValue(…)``
        for one, value in paired(left, right, self.sh.lists):
            self._assign(node, one, value, reassigned=node.type == self.sh.assignment)

    def _assign(self, node: Node, left: Node | None, right: Node | None, reassigned: bool = False) -> None:
        if left is not None and left.type in (self.sh.member, self.sh.subscript):
            statement = node.parent is not None and (node.parent.type == self.sh.statement
                                                     or node.parent.type in self.sh.statements)
            self.field(left, "write", self.literal(right),
                       written=Written(value_span=self.s.span(right) if right else None, statement=statement))
            self.handled.add(left.id)
            self.visit(left)
        else:
            self.bind(left, right, reassigned)

    # ---------------------------------------------------------------- fields
    def access(self, node: Node) -> tuple[str, Node, Node, Syntax] | None:
        """(field name, receiver, name node, syntax) of ``x.f`` or ``x["f"]`` (or, where calls carry
        their receiver, ``x.getF()`` and ``x.get("f")``: methods.py)."""
        if self.methods is not None and self.sh.kind(node) == self.sh.method_call:
            return self.methods.access(node)
        if is_member(node, self.sh):
            prop = member_name(node, self.sh)
            if prop is not None and prop.type in self.sh.property:
                return self.lang.api_name(self.s.text_of(prop)), receiver(node, self.sh), prop, Syntax.ATTRIBUTE
        if node.type == self.sh.subscript:
            key_node = unwrap(index_of(node, self.sh), self.sh.wrappers)
            key = name_value(self.s, key_node, self.sh)
            if key is not None:
                return key, receiver(node, self.sh), key_node, Syntax.SUBSCRIPT
        return None

    def receiver(self, node: Node | None, keyed: bool = False) -> tuple[str | None, str, Origin] | None:
        """(record, evidence, origin: ``Origin.sdk`` if it is an SDK's type) of what a field is read on;
        ``keyed``: by a key (``x["f"]``), which HTTParty's response answers from its body."""
        node = unwrap(node, self.sh.wrappers)
        if node is None or node.type in self.sh.this:
            return None
        if node.type in self.sh.identifier and self.s.text_of(node) in self.lang.not_records:
            return None
        if node.type in self.sh.identifier | {self.sh.member} and self.infer.is_type(self.s.text_of(node)):
            return None
        if node.type == self.sh.call:
            self.requests.call(node)  # a request's response, read before its arguments are visited
        found = self.infer.of(node)
        if found is FOREIGN and keyed:  # a map's or a JSON node's keys are the data's, not its type's
            found = self.infer.named(self.s.text_of(node)) if node.type in self.sh.identifier else None
        if found is None:
            return None, "bare", PLAIN
        if found.holds == "response" and keyed and found.family in self.lang.keyed_responses:
            return found.record, found.evidence, PLAIN
        if found.holds != "record":
            return None
        if self.lang.struct_fields and found.evidence == "typed" and found.family != SDK and not keyed \
                and node.type not in self.sh.lists:
            # a field of a struct the program declares itself: renaming ``mr.MergedBy`` compiles only
            # where the struct declares the new field, as the SDK's do; so no safe fix
            holders = {holder for holder, _ in self.sh.conditional.values()}  # ``mr?.MergedBy``'s
            named = node.parent is not None and (self.sh.kind(node.parent) == self.sh.member or node.parent.type in holders)
            return found.record, "named" if named else found.evidence, PLAIN
        return found.record, found.evidence, self.sdk.origin if found.family == SDK else PLAIN

    def field(self, node: Node, context: str, value: object = NO_VALUE, written: Written | None = None,
              expression: Expression | None = None) -> bool:
        access = self.access(node)
        owner = self.receiver(access[1], access[3] == Syntax.SUBSCRIPT) if access else None
        if access is None or owner is None:
            return False
        name = access[0]
        if owner[0] is not None and name != name.lower() and self.lang.camelized:
            name = snake(name)  # a record's field read as a camelCase property: ``mr.mergedBy``
        expression = self.sdk.typing(node, owner, name, access[3] == Syntax.ATTRIBUTE, expression)
        self.add(Touch("field", name, self.s.span(node), owner[0], owner[1], context, value=value,
                       syntax=access[3], written=written, expression=expression, origin=owner[2]))
        self.handled.add(node.id)
        return True

    def member(self, node: Node) -> None:
        inner, parent = node, node.parent
        while parent is not None and parent.type in self.sh.wrappers:  # ``(await x.get)<T>(url)``
            inner, parent = parent, parent.parent
        called = parent is not None and parent.type == self.sh.call and callee(parent, self.sh) == inner
        if node.id not in self.handled and not called:
            self.field(node, "read")
        self.children(node)

    # ---------------------------------------------------------------- objects and declarations
    def object(self, node: Node) -> None:
        schema = declare.schema_name(self, node)
        if schema is not None:
            declare.schema(self, node, schema)
        elif node.id not in self.handled and not self.sdk.options(node) and node.type == self.sh.object:
            self.keys(node)  # an initializer's entries (other_objects) only where a request sends them
        for entry in node.named_children:
            if entry.type != self.sh.pair:  # a list's element (C#'s ``new[] { mr.MergedBy }``)
                self.visit(entry if entry.type != self.sh.shorthand else None)
                continue
            key, value = self.sh.part(entry, "key"), self.sh.part(entry, "value")
            if key is not None and key.type not in self.sh.property | self.sh.symbols | self.sh.strings:
                self.visit(key)  # a computed key
            elif key is not None and key.type in self.sh.strings:
                literals.url_literal(self, key)  # a URL as a key: Laravel's ``Http::fake(['…/runners' => …])``
            self.visit(value)

    def keys(self, node: Node) -> None:
        """An object literal's keys: typed by the record's key signature, named by the name the
        object is bound to, bare otherwise."""
        kind = field(node.parent, "type") if node.parent is not None and self.sh.composite else None  # Go's ``T{…}``
        typed = types.declared(self, kind) if kind is not None else None
        if typed is FOREIGN:
            return  # the fields of a type not the API's: ``github.PullRequest{MergedBy: u}``
        entries = object_entries(self.s, node, self.sh, self.lang.api_name)
        record = self.model.record_for_keys({name for name, _, _ in entries})
        evidence, origin = "typed" if record else "bare", PLAIN
        named = self.infer.named(self.object_names[node.id]) if node.id in self.object_names else typed
        if record is None and named is not None and named.holds == "record":
            record, evidence = named.record, named.evidence
            origin = self.sdk.origin if named.family == SDK else PLAIN  # ``gitlab.MergeRequest{…}``
        held = tuple((name, self.literal(value) if value is not key else NO_VALUE) for name, key, value in entries)
        for index, (name, key, value) in enumerate(entries):
            syntax = Syntax.NONE if value is key else Syntax.DICT_KEY
            span = name_span(self.s, key, self.sh)
            self.add(Touch("field", name, span, record, evidence, "key", value=held[index][1], syntax=syntax,
                           written=Written(key_span=span, value_span=self.s.span(value), siblings=others(held, index)),
                           origin=origin))

    # ---------------------------------------------------------------- calls and URLs
    def method_call(self, node: Node) -> None:
        self.methods.visit(node)

    def call(self, node: Node) -> None:
        """A call; recorded whole when it makes or registers a mock (nock's ``.reply({…})`` and
        ``.get(url)``, msw's ``http.get(url, …)``, ``mux.HandleFunc``): never a safe fix."""
        name = callee_name(self.s, node, self.sh)
        mock = any(name == m or name.endswith("." + m) for m in self.lang.mocks)
        self.recorded += mock
        try:
            self._call(node, name)
        finally:
            self.recorded -= mock

    def _call(self, node: Node, name: str) -> None:
        sent = self.requests.call(node)
        declare.type_arguments(self, node)
        if sent:
            self.children(node)
            return
        function = callee(node, self.sh)
        tagged = field(node, "arguments")
        if tagged is not None and tagged.type == self.sh.template:  # a tag's template: gitbeaker's endpoint`…`
            self.visit(tagged)
            return
        if (name in self.sh.joins or name in self.sh.passthrough | self.sh.formatters
                and not literals.named_only(self, node)) and literals.url_literal(self, node):
            self.children(node)
            return
        reads.decoded(self, node, name)
        literals.query_credentials(self, node, name)
        if name in self.lang.record_builders:
            declare.built(self, node)
        reads.key_read(self, node)
        self.visit(receiver(node, self.sh) if function is node else function)
        if not bindings.listed_callback(self, node, name):
            bindings.callback_arguments(self, node, function)

    def string(self, node: Node) -> None:
        if node.id not in self.handled and self.recorded and reads.embedded_json(self, node):
            return  # a mock response's JSON body
        if not literals.url_literal(self, node):
            self.children(node)


def _function(walk: Walk, node: Node) -> None:
    walk.function(node)


def _memo(walk: Walk, node: Node) -> None:
    """Ruby's ``@client ||= Gitlab.client(…)`` binds as an assignment; ``x += 1`` does not."""
    op = field(node, "operator")
    (walk.assignment if op is not None and walk.s.text_of(op) == walk.sh.memo_operator else walk.children)(node)


def _call_or_member(walk: Walk, node: Node) -> None:
    """Ruby: ``mr.merged_by`` is a call without arguments, read as a member access unless it
    sends a request (``Gitlab.all_runners``)."""
    member = is_member(node, walk.sh) and not walk.requests.call(node)
    (walk.member if member else walk.call)(node)


def handlers(shapes) -> dict:
    """The walk's handler for each node type of a language's vocabulary."""
    table = {shapes.declarator: Walk.declarator, shapes.assignment: Walk.assignment, shapes.for_of: bindings.for_of,
             shapes.member: Walk.member, shapes.subscript: Walk.member, **{kind: compares.compare for kind in {shapes.binary, *shapes.patterns}},
             **{kind: compares.switch for kind in shapes.switches},
             shapes.unary: compares.unary, **{kind: Walk.object for kind in shapes.objects}, shapes.call: Walk.call,
             **{kind: Walk.string for kind in shapes.strings | {shapes.template}}}
    if shapes.member == shapes.call:
        table[shapes.call] = _call_or_member
    table.update({kind: Walk.string for kind in shapes.texts})
    if shapes.augmented:
        table[shapes.augmented] = literals.appended
    table.update({kind: Walk.assignment for kind in shapes.bindings})
    if shapes.memo_assignment:
        table[shapes.memo_assignment] = _memo
    if shapes.method_call is not None:
        table.update({shapes.method_call: Walk.method_call, shapes.new: Walk.method_call})
    if shapes.annotation is not None:
        table[shapes.annotation] = lambda walk, node: walk.decls.annotation(node)
    if shapes.enum is not None:
        table[shapes.enum] = lambda walk, node: walk.decls.enum(node)
    table.update({kind: _function for kind in shapes.functions})
    table.update({kind: declare.declaration for kind in shapes.declarations})
    table.update({alias: table[kind] for alias, kind in shapes.aliases.items() if kind in table})
    return table
