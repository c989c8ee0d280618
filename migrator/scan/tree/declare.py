"""Declarations of the API's records in a client language, display-only as a Python model's
(context ``declare``, Syntax.DECLARATION): TypeScript interfaces and object types (also given as a
type argument to a request, ``http.get<{ merge_status: string }>(url)``), classes with
declared fields, zod/yup/joi schemas, Ruby classes declaring ``attr_accessor :merged_by`` and
``Struct.new(:merge_status, …)`` assigned to a constant, Go structs (a field by its ``json:"…"``
tag, else by its name: ``MergedBy`` is ``merged_by``; a struct embedding the SDK's record declares
that record, typed), Java classes and records (a field by its key annotation,
``@JsonProperty("merge_status")``, else by its name: ``mergedBy``). A declaration is typed by the
record's signature over its field names, named by its name plus one of the record's ``fields``
(``ApiModel.record_for_declaration``); a webhook payload's is never the REST API's.

Where a language has annotations and enums (Java), also (``Declarations``): the values an enum
lists for a record's field or filter (``enum RunnerScope { ACTIVE("active"), PAUSED("paused") }``,
display-only), and the requests a client interface's annotations route (Retrofit's ``@GET("…")``,
JAX-RS's ``@GET @Path("…")``, Feign's ``@GetMapping``/``@RequestLine``) with the parameters its
arguments' annotations send."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...apimodel import PAYLOAD_RECORDS
from ...details import Request, Written
from ...syntax import Syntax
from ...values import NO_VALUE, Touch
from .. import urls
from ..pydecl import SUFFIXES, _candidates, _words
from .literals import mark
from .nodes import Node, arguments, callee, field, member_name, receiver, unwrap, walk
from .strings import name_span, object_entries, string_value, symbol_name

if TYPE_CHECKING:
    from .walking import Walk

JSON_TAG = re.compile(r'\bjson:"([^",]*)')


def declaration(w: Walk, node: Node) -> None:
    """``interface MergeRequest { merge_status: string }``, ``class MergeRequest; attr_accessor
    :merged_by; end``, ``class MergeRequest { @JsonProperty("merged_by") User mergedBy; }``: a
    declared record's fields (none of a class named for a webhook payload or a part of one)."""
    fields = list(_declared(w, node))
    _add(w, fields, _record(w, node, fields))
    w.children(node)


def _record(w: Walk, node: Node, fields: list[tuple[str, Node]]) -> tuple[str, str] | None:
    """(record, evidence) a declaration declares: the SDK's record it embeds (``struct {
    gitlab.MergeRequest; … }``, typed), else as its name and fields say (``declared``)."""
    name = field(node, "name")
    embeds = (w.sdk.typed(m) for m in _members(w, node) if m.type in w.sh.declared_field and field(m, "name") is None)
    embedded = next((e for e in embeds if e is not None), None)
    if embedded is not None:
        return embedded.record, "typed"
    if name is None or named_payload(w, w.s.text_of(name)) or in_payload_namespace(w, node):
        return None
    return _declares(w, w.s.text_of(name), fields)


def file_types(w: Walk) -> dict[str, tuple[tuple[str, str] | None, frozenset[str]]]:
    """The types a file declares at its top (Go's ``type T struct {…}``, Java's classes and the
    classes in them), each with the record it declares or None (``VersionCommandRunner``, with
    none of a runner's fields, declares none, whatever its name says) and its fields' API names.
    A type named for a webhook payload is left to its name."""
    found: dict[str, tuple[tuple[str, str] | None, frozenset[str]]] = {}
    for node in w.s.root.named_children:
        for decl in (node, *node.named_children, *(m for m in _members(w, node) if m.type in w.sh.declarations)):
            name = field(decl, "name") if decl.type in w.sh.declarations else None
            if name is not None and not named_payload(w, w.s.text_of(name)):
                fields = list(_declared(w, decl))
                found[w.s.text_of(name)] = _record(w, decl, fields), frozenset(f for f, _ in fields)
    return found


def built(w: Walk, call: Node) -> None:
    """``MergeRequest = Struct.new(:merged_by, :merge_status)``: a record builder's symbols are
    declared fields, named by the constant the class is assigned to."""
    holder = call.parent
    target = field(holder, "left") if holder is not None and holder.type == w.sh.assignment else None
    args = arguments(call)
    if target is not None and args is not None:
        declared(w, w.s.text_of(target), [(_name(w, n), n) for n in args.named_children if n.type in w.sh.symbols])


def declared(w: Walk, name: str, fields: list[tuple[str, Node]]) -> None:
    """Fields (their API name, where each is written) a declaration named ``name`` declares."""
    _add(w, fields, _declares(w, name, fields))


def _declares(w: Walk, name: str, fields: list[tuple[str, Node]]) -> tuple[str, str] | None:
    names = frozenset(f for f, _ in fields)
    return w.model.record_for_declaration(_candidates(_words(name)), names) if fields else None


def _add(w: Walk, fields: list[tuple[str, Node]], found: tuple[str, str] | None) -> None:
    if found is not None and found[0] not in PAYLOAD_RECORDS:
        for field_name, where in fields:
            w.add(Touch("field", field_name, name_span(w.s, where, w.sh), found[0], found[1], "declare",
                        syntax=Syntax.DECLARATION))


def named_payload(w: Walk, name: str) -> bool:
    """A class named for a webhook payload or a part of one, at its head or its tail:
    ``EventMergeRequest``, ``MergeRequestObjectAttributes``, ``PipelineHook``."""
    words = _words(name)
    parts = ["_".join(words[:i]) for i in range(1, len(words) + 1)] + ["_".join(words[i:]) for i in range(len(words))]
    return any(w.model.record_for_declared_name(part) in PAYLOAD_RECORDS for part in parts)


def in_payload_namespace(w: Walk, node: Node) -> bool:
    """A class declared in a namespace named for webhook payloads (C#'s ``namespace
    Deploy.Webhooks``, holding it or, file-scoped, written before it)."""
    spaces = [n for n in walk(w.s.root) if n.type in w.sh.namespaces and n.start_byte < node.start_byte
              and (n.end_byte >= node.end_byte or field(n, "body") is None)]
    names = (w.s.text_of(field(n, "name")) for n in spaces if field(n, "name") is not None)
    return any(named_payload(w, part) for name in names for part in name.split("."))


def _name(w: Walk, node: Node) -> str:
    return symbol_name(w.s, node, w.sh) or w.s.text_of(node)


def _members(w: Walk, node: Node) -> list[Node]:
    """A declaration body's members (a Go struct's are in its field list)."""
    body = field(node, "body") or field(node, "value") or field(node, "type")
    members = list(body.named_children) if body is not None else []
    return [m for member in members for m in (member.named_children if member.type in w.sh.struct_members
                                               else (member,))]


def _declared(w: Walk, node: Node):
    """(API name, where it is written) of each field a declaration declares (_field), a Java
    record's components, a PHP constructor's promoted parameters, and the symbols a field declarer (``attr_accessor``) is called with."""
    members = _members(w, node)
    components = field(node, w.sh.parameters) or next((c for c in node.named_children if c.type == w.sh.components),
                                                      None)
    declared_fields = [m for m in members if m.type in w.sh.declared_field]
    declared_fields += [m for m in (components.named_children if components is not None else ())
                        if m.type in w.sh.required_parameters]
    declared_fields += [p for m in members if m.type in w.sh.functions and w.sh.promoted
                        for p in getattr(field(m, w.sh.parameters), "named_children", ()) if p.type in w.sh.promoted]
    yield from filter(None, (_field(w, member) for member in declared_fields))
    for member in members if w.lang.field_declarers else ():
        method = member_name(member, w.sh) if member.type == w.sh.call else None
        if method is not None and w.s.text_of(method) in w.lang.field_declarers:
            args = arguments(member)
            yield from ((_name(w, n), n) for n in (args.named_children if args is not None else ())
                        if n.type in w.sh.symbols)


def _field(w: Walk, member: Node) -> tuple[str, Node] | None:
    """(API name, where) of a declared field: as its key annotation names it (Java's
    ``@JsonProperty("merged_by")``, at the key) or its tag (Go's ``json:"merged_by"``), else its
    name as written, in the language's case (``mergedBy``, ``MergedBy`` are ``merged_by``)."""
    keyed = _key_annotation(w, member)
    if keyed is not None:
        return keyed
    name = w.sh.part(member, w.sh.declared_name) or next((n for n in walk(member) if n.type == w.sh.declarator), None)
    name = field(name, "name") if name is not None and name.type == w.sh.declarator else name  # Java's, C#'s fields
    if name is not None and name.type in w.sh.identifier and name.named_children:
        name = name.named_children[0]  # PHP's ``$merge_status``: the name after its sigil
    if name is None or name.type not in w.sh.property:
        return None
    tag = field(member, w.sh.field_tag) if w.sh.field_tag else None
    tagged = tag_name(w.s.text_of(tag)) if tag is not None else None
    return tagged or w.lang.api_name(w.s.text_of(name)), name


def tag_name(tag: str) -> str | None:
    """The JSON name a Go struct tag gives: `json:"merge_status,omitempty"` → merge_status."""
    found = JSON_TAG.search(tag)
    return found.group(1) if found and found.group(1) not in ("", "-") else None


def _key_annotation(w: Walk, member: Node) -> tuple[str, Node] | None:
    """``@JsonProperty("merged_by")``, ``@SerializedName("merged_by")``: the API's name."""
    for child in member.named_children:
        for note in child.named_children if child.type == w.sh.modifiers else ():
            name, args = field(note, "name"), annotation_arguments(note, w.sh)
            if note.type == w.sh.annotation and name is not None and args is not None \
                    and w.s.text_of(name) in w.lang.key_annotations:
                key = next((a for a in map(lambda a: unwrap(a, w.sh.wrappers), args.named_children)
                            if a.type in w.sh.strings), None)
                value = string_value(w.s, key, w.sh) if key is not None else None
                if value:
                    return value, key
    return None


def annotation_arguments(note: Node, shapes) -> Node | None:
    """An annotation's arguments: its ``arguments`` field, else its child of
    Shapes.annotation_arguments (C#'s ``[JsonPropertyName("merged_by")]``)."""
    return field(note, "arguments") or next((c for c in note.named_children if c.type == shapes.annotation_arguments),
                                            None)


def schema_name(w: Walk, node: Node) -> str | None:
    """The name of a schema an object literal declares (``const MergeRequestSchema =
    z.object({…})``, ``runner: z.object({…})``, ``MergeRequestSchema.extend({…})``; "" when
    it has none), or None when the object is no schema's."""
    args = node.parent
    call = args.parent if args is not None and args.type == w.sh.arguments else None
    function = callee(call, w.sh) if call is not None and call.type == w.sh.call else None
    if function is None or function.type != w.sh.member or member_name(function, w.sh) is None:
        return None
    method, root = w.s.text_of(member_name(function, w.sh)), function
    while root is not None and root.type in (w.sh.member, w.sh.call):
        root = receiver(root, w.sh) if root.type == w.sh.member else callee(root, w.sh)
    if root is None:
        return None
    if method not in w.lang.schema_methods or not (
            method in ("extend", "shape") or w.s.text_of(root) in w.lang.schema_roots):
        return None
    if method in ("extend", "shape") and root.type in w.sh.identifier:
        return w.s.text_of(root)  # the schema it extends names the record
    holder = call.parent
    while holder is not None and holder.type in (w.sh.member, w.sh.call, w.sh.arguments):
        holder = holder.parent
    if holder is not None and holder.type == w.sh.declarator:
        return w.s.text_of(field(holder, "name"))
    if holder is not None and holder.type == w.sh.pair:
        return w.infer.key_of(field(holder, "key")) or ""
    return ""


def schema(w: Walk, node: Node, name: str) -> None:
    """A schema's keys are declared fields, as an interface's are: display-only."""
    entries = object_entries(w.s, node, w.sh, w.lang.api_name)
    keys = frozenset(key for key, _, _ in entries)
    found = w.model.record_for_declaration(_candidates(_words(name)) if name else [], keys)
    if found is not None and found[0] not in PAYLOAD_RECORDS:
        for key, where, _ in entries:
            span = name_span(w.s, where, w.sh)
            w.add(Touch("field", key, span, found[0], found[1], "declare", syntax=Syntax.DECLARATION))
    w.handled.add(node.id)


def type_arguments(w: Walk, call: Node) -> None:
    """``http.get<{ merge_status: string }>(url)``: an object type given to a call whose URL is
    an endpoint's declares that record's fields (typed when the call is a known request or the
    URL is one of the model's endpoints as written, named for a wrapper's path)."""
    given = field(call, "type_arguments")
    shapes = [n for n in given.named_children if n.type == "object_type"] if given is not None else []
    if not shapes:
        return
    known = w.infer.cache.get(call.id)
    record, evidence = (known.record, known.evidence) if known is not None else (None, "bare")
    if record is None:
        args = arguments(call)
        first = args.named_children[0] if args is not None and args.named_children else None
        text = w.template(first) if first is not None else None
        url = urls.parse(text, w.model) if text and "/" in text else None
        record, evidence = (url.record, urls.literal_evidence(url)) if url is not None else (None, "bare")
    if record is None or record in PAYLOAD_RECORDS:
        return
    for shape in shapes:
        for member in shape.named_children:
            name = field(member, "name") if member.type in w.sh.declared_field else None
            if name is not None and name.type in w.sh.property:
                w.add(Touch("field", w.s.text_of(name), w.s.span(name), record, evidence, "declare",
                            syntax=Syntax.DECLARATION))


# ---------------------------------------------------------------- enums and client interfaces (Java)
LINE = "line"  # a route annotation whose string holds the method and the path


class Declarations:
    def __init__(self, walk: Walk):
        self.w = walk
        self.s, self.sh, self.lang, self.model, self.infer = walk.s, walk.sh, walk.lang, walk.model, walk.infer
        self.routes = frozenset(self.lang.route_annotations) | self.lang.path_annotations | self.lang.line_annotations

    def enum(self, node: Node) -> None:
        """``enum RunnerScope { ACTIVE("active"), PAUSED("paused") }`` (or ``{ ACTIVE, PAUSED }``,
        whose names a JSON mapper writes in lower case): the values of a runner's ``scope``, when
        at least two are of its known value set. A nested enum's record may be its class's:
        ``GitlabRunner.Status``."""
        words, outer = _words(self.s.text_of(field(node, "name"))), node.parent
        while len(words) > 2 and words[-1] in SUFFIXES:
            words = words[:-1]
        while outer is not None and outer.type not in self.sh.declarations:
            outer = outer.parent
        if len(words) < 2 and outer is not None:
            words = _words(self.s.text_of(field(outer, "name"))) + words
        record = next(filter(None, map(self.model.record_for_name, _candidates(words[:-1]))), None)
        body = field(node, "body")
        members = [m for m in (body.named_children if body is not None else ()) if m.type == self.sh.enum_member]
        values = [self._member_value(m) for m in members]
        spec = self.model.records.get(record) if record else None
        tables = [("field", spec.field_values), ("param", spec.filter_values)] if spec else []
        if self.s.text_of(field(node, "name")) in self.w.sdk.filter_enums:
            tables.reverse()  # an SDK's filter enum (gitlab4j's RunnerStatus): the filter's values
        role, known = next(((k, t[words[-1]]) for k, t in tables if words[-1] in t), (None, ()))
        if role is not None and len({v for v, _ in values} & set(known)) >= 2:
            for value, where in values:
                self.w.add(Touch(role, words[-1], self.s.span(where), record, "named", "declare", value=value,
                                 syntax=Syntax.DECLARATION))
        self.w.children(node)

    def _member_value(self, member: Node) -> tuple[str, Node]:
        args = field(member, self.sh.arguments)
        string = next((a for a in args.named_children if a.type == self.sh.string), None) if args else None
        if string is not None:
            return string_value(self.s, string, self.sh) or "", string
        name = field(member, "name")
        return self.s.text_of(name).lower(), name

    def annotation(self, node: Node) -> None:
        """A route annotation on a client interface's method (Retrofit's ``@GET("projects/{id}")``;
        JAX-RS's ``@GET`` with ``@Path("/projects/{id}")``): a request of that method to that
        path, relative to a base URL the walk cannot see; the parameters its arguments'
        annotations send (``@QueryParam("scope")``, ``@Query("scope")``, ``@FormParam("active")``)."""
        name, args = field(node, "name"), annotation_arguments(node, self.sh)
        method, declared = self._route(node, self.s.text_of(name) if name is not None else "")
        path = self._argument(args)
        text = self.w.template(path) if method and path is not None else None
        if text and method == LINE:  # Feign's ``@RequestLine("GET /projects/{id}")``
            method, _, text = text.partition(" ")
        url = urls.parse(text.strip(), self.model, relative_ok=True) if text else None
        if url is None or not (url.under_api or url.template):
            if path is not None and self.s.text_of(name) in self.routes:
                mark(self.w, path)  # a server's route (a controller class's method), no request
            self.w.children(node)
            return
        mark(self.w, path)
        span = self.s.span(path)
        self.w.add(urls.endpoint_touch(url, span, method, "typed", Syntax.STRING))
        for touch in urls.query_touches(url, span, method, "typed", Syntax.STRING):
            self.w.add(touch)
        self._route_params(declared, url, method)

    def _argument(self, args: Node | None) -> Node | None:
        """An annotation's string argument: ``@GET("p")``, ``@GetMapping(value = "p")``."""
        for arg in args.named_children if args is not None else ():
            arg = unwrap(arg, self.sh.wrappers)
            if arg.type == self.sh.string:
                return arg
            key, value = field(arg, "key"), field(arg, "value")
            if key is not None and self.s.text_of(key) in ("value", "path", "url") and value is not None \
                    and value.type == self.sh.string:
                return value
        return None

    def _route(self, node: Node, name: str) -> tuple[str | None, Node | None]:
        """(HTTP method, the method declared) of a route annotation on a method of an interface."""
        modifiers = node.parent
        declared = modifiers.parent if modifiers is not None and modifiers.type == self.sh.modifiers else None
        owner = declared.parent.parent if declared is not None and declared.parent is not None else None
        if owner is None or owner.type not in self.sh.interfaces:
            return None, None
        if name in self.lang.route_annotations:
            return self.lang.route_annotations[name], declared
        if name in self.lang.line_annotations:
            return LINE, declared
        if name not in self.lang.path_annotations:
            return None, None
        verbs = [self.s.text_of(field(m, "name")) for m in modifiers.named_children if m.type == self.sh.marker]
        return next((self.lang.route_annotations[v] for v in verbs if v in self.lang.route_annotations), None), declared

    def _route_params(self, declared: Node | None, url: urls.ApiUrl, method: str) -> None:
        params = field(declared, self.sh.parameters) if declared is not None else None
        context = urls.context_of(method)
        for param in params.named_children if params is not None else ():
            modifiers = next((c for c in param.named_children if c.type == self.sh.modifiers), None)
            for note in modifiers.named_children if modifiers is not None else ():
                kind, args = field(note, "name"), annotation_arguments(note, self.sh)
                location = self.lang.param_annotations.get(self.s.text_of(kind)) if kind is not None else None
                key = next((a for a in map(lambda a: unwrap(a, self.sh.wrappers), args.named_children)
                            if a.type == self.sh.string), None) if args else None
                name = string_value(self.s, key, self.sh) if location and key is not None else None
                if name:
                    span = self.s.inner(key)
                    self.w.add(Touch("param", name, span, url.record, "typed", context, method, NO_VALUE,
                                     Syntax.DICT_KEY, request=Request(path=url.name, location=location, client="http"),
                                     written=Written(key_span=span)))
