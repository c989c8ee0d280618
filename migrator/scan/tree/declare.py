"""Declarations of the API's records in a client language, display-only as a Python model's
(context ``declare``, Syntax.DECLARATION): TypeScript interfaces and object types (also given as a
type argument to a request, ``http.get<{ merge_status: string }>(url)``), classes with
declared fields, zod/yup/joi schemas, Ruby classes declaring ``attr_accessor :merged_by`` and
``Struct.new(:merge_status, …)`` assigned to a constant, Go structs (a field by its ``json:"…"``
tag, else by its name: ``MergedBy`` is ``merged_by``; a struct embedding the SDK's record declares
that record, typed). A declaration is typed by the record's signature over its field names, named
by its name plus one of the record's ``fields`` (``ApiModel.record_for_declaration``); a webhook
payload's is never the REST API's."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...apimodel import PAYLOAD_RECORDS
from ...model import Touch
from ...syntax import Syntax
from .. import urls
from ..pydecl import _candidates, _words
from .nodes import Node, arguments, callee, field, member_name, receiver
from .strings import name_span, object_entries, symbol_name

if TYPE_CHECKING:
    from .walk import Walk

JSON_TAG = re.compile(r'\bjson:"([^",]*)')


def declaration(w: Walk, node: Node) -> None:
    """``interface MergeRequest { merge_status: string }``, ``class MergeRequest; attr_accessor
    :merged_by; end``: a declared record's fields."""
    name = field(node, "name")
    fields = list(_declared(w, node))
    embeds = (w.sdk.typed(m) for m in _members(w, node) if m.type in w.sh.declared_field and field(m, "name") is None)
    embedded = next((e for e in embeds if e is not None), None)  # ``struct { gitlab.MergeRequest; … }``
    if embedded is not None:
        _add(w, fields, (embedded.record, "typed"))
    elif name is not None:
        declared(w, w.s.text_of(name), fields)
    w.children(node)


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
    found = w.model.record_for_declaration(_candidates(_words(name)), frozenset(f for f, _ in fields)) if fields else None
    _add(w, fields, found)


def _add(w: Walk, fields: list[tuple[str, Node]], found: tuple[str, str] | None) -> None:
    if found is not None and found[0] not in PAYLOAD_RECORDS:
        for field_name, where in fields:
            w.add(Touch("field", field_name, name_span(w.s, where, w.sh), found[0], found[1], "declare",
                        syntax=Syntax.DECLARATION))


def _name(w: Walk, node: Node) -> str:
    return symbol_name(w.s, node, w.sh) or w.s.text_of(node)


def _members(w: Walk, node: Node) -> list[Node]:
    """A declaration body's members (a Go struct's are in its field list)."""
    body = field(node, "body") or field(node, "value") or field(node, "type")
    members = list(body.named_children) if body is not None else []
    return [m for member in members for m in (member.named_children if member.type in w.sh.struct_members
                                               else (member,))]


def _declared(w: Walk, node: Node):
    """(the API's name, where it is written) of a class body's declared fields: field definitions
    (a Go struct field by its ``json:"…"`` tag, else by its name: ``MergedBy`` is ``merged_by``),
    and the symbols a field declarer (``attr_accessor``) is called with."""
    for member in _members(w, node):
        if member.type in w.sh.declared_field:
            name = field(member, "name")
            if name is not None and name.type in w.sh.property:
                tag = field(member, w.sh.field_tag) if w.sh.field_tag else None
                tagged = tag_name(w.s.text_of(tag)) if tag is not None else None
                yield tagged or w.lang.api_name(w.s.text_of(name)), name
        elif member.type == w.sh.call and w.lang.field_declarers and member_name(member, w.sh) is not None \
                and w.s.text_of(member_name(member, w.sh)) in w.lang.field_declarers:
            args = arguments(member)
            yield from ((_name(w, n), n) for n in (args.named_children if args is not None else ()) if n.type in w.sh.symbols)


def tag_name(tag: str) -> str | None:
    """The JSON name a Go struct tag gives: `json:"merge_status,omitempty"` → merge_status."""
    found = JSON_TAG.search(tag)
    return found.group(1) if found and found.group(1) not in ("", "-") else None


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
