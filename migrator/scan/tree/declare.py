"""Declarations of a record's fields, display-only as a Python model's (scan/pydecl.py; context
``declare``): TypeScript interfaces, object types and class fields (``interface MergeRequest {
merge_status: string }``), a Go struct (its fields by their ``json:"…"`` tags, or by their names:
``MergedBy`` is ``merged_by``; one embedding the SDK's record declares it), schemas built from an
object literal (zod, yup, joi: ``z.object({merge_status: z.string()})``), and an object type given
to a call of an endpoint. A library's interface is never rewritten."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...apimodel import PAYLOAD_RECORDS
from ...model import Touch
from ...syntax import Syntax
from .. import urls
from ..pydecl import _candidates, _words
from .nodes import Node
from .strings import object_entries

if TYPE_CHECKING:
    from .walk import Walk

JSON_TAG = re.compile(r'\bjson:"([^",]*)')


def declaration(w: Walk, node: Node) -> None:
    """``interface MergeRequest { merge_status: string }``, ``type legacy struct {
    gitlab.MergeRequest; MergeStatus string }``: a declared record's fields."""
    name = w.sh.f(node, "name")
    fields = list(_declared(w, node))
    found = None
    embeds = [w.sdk.typed(m) for m in _members(w, node) if m.type in w.sh.declared_field
              and w.sh.f(m, "name") is None]  # ``struct { gitlab.MergeRequest; … }``
    embedded = next((e for e in embeds if e is not None), None)
    if embedded is not None and fields:
        found = embedded.record, "typed"
    elif name is not None and fields:
        found = w.model.record_for_declaration(_candidates(_words(w.s.text_of(name))), frozenset(f for f, _ in fields))
    if found is not None and found[0] not in PAYLOAD_RECORDS:
        for declared, where in fields:
            w.add(Touch("field", declared, w.s.span(where), found[0], found[1], "declare", syntax=Syntax.DECLARATION))
    w.children(node)


def schema_name(w: Walk, node: Node) -> str | None:
    """The name of a schema an object literal declares (``const MergeRequestSchema =
    z.object({…})``, ``runner: z.object({…})``, ``MergeRequestSchema.extend({…})``; "" when
    it has none), or None when the object is no schema's."""
    args = node.parent
    call = args.parent if args is not None and args.type == w.sh.argument_list else None
    callee = w.sh.f(call, "function") if call is not None and call.type == w.sh.call else None
    if callee is None or callee.type != w.sh.member:
        return None
    method, root = w.s.text_of(w.sh.f(callee, "property")), callee
    while root.type in (w.sh.member, w.sh.call):
        root = w.sh.f(root, "object") if root.type == w.sh.member else w.sh.f(root, "function")
    if method not in w.lang.schema_methods or not (
            method in ("extend", "shape") or w.s.text_of(root) in w.lang.schema_roots):
        return None
    if method in ("extend", "shape") and root.type in w.sh.identifier:
        return w.s.text_of(root)  # the schema it extends names the record
    holder = call.parent
    while holder is not None and holder.type in (w.sh.member, w.sh.call, w.sh.argument_list):
        holder = holder.parent
    if holder is not None and holder.type == w.sh.declarator:
        return w.s.text_of(w.sh.f(holder, "name"))
    if holder is not None and holder.type == w.sh.pair:
        return w.infer.key_of(w.sh.f(holder, "key")) or ""
    return ""


def schema(w: Walk, node: Node, name: str) -> None:
    """A schema's keys are declared fields, as an interface's are: display-only."""
    entries = object_entries(w.s, node, w.sh)
    keys = frozenset(key for key, _, _ in entries)
    found = w.model.record_for_declaration(_candidates(_words(name)) if name else [], keys)
    if found is not None and found[0] not in PAYLOAD_RECORDS:
        for key, where, _ in entries:
            span = w.s.inner(where) if where.type in w.sh.strings else w.s.span(where)
            w.add(Touch("field", key, span, found[0], found[1], "declare", syntax=Syntax.DECLARATION))
    w.handled.add(node.id)


def _members(w: Walk, node: Node) -> list[Node]:
    body = w.sh.f(node, "body") or w.sh.f(node, "value") or w.sh.f(node, "type")
    members = list(body.named_children) if body is not None else []
    return [m for member in members for m in (member.named_children if member.type in w.sh.struct_members
                                               else (member,))]


def _declared(w: Walk, node: Node):
    """(the API's name, the name node) of each field a declaration declares: a Go struct field
    by its ``json:"…"`` tag, else by its name (``MergedBy`` is ``merged_by``)."""
    for member in _members(w, node):
        if member.type in w.sh.declared_field:
            name = w.sh.f(member, "name")
            if name is not None and name.type in w.sh.property:
                tag = w.sh.f(member, w.sh.field_tag) if w.sh.field_tag else None
                tagged = tag_name(w.s.text_of(tag)) if tag is not None else None
                yield tagged or w.lang.api_name(w.s.text_of(name)), name


def tag_name(tag: str) -> str | None:
    """The JSON name a Go struct tag gives: `json:"merge_status,omitempty"` → merge_status."""
    found = JSON_TAG.search(tag)
    return found.group(1) if found and found.group(1) not in ("", "-") else None


def type_arguments(w: Walk, call: Node) -> None:
    """``http.get<{ merge_status: string }>(url)``: an object type given to a call whose URL is
    an endpoint's declares that record's fields (typed when the call is a known request or the
    URL is one of the model's endpoints as written, named for a wrapper's path)."""
    arguments = w.sh.f(call, "type_arguments")
    shapes = [n for n in arguments.named_children if n.type == "object_type"] if arguments is not None else []
    if not shapes:
        return
    known = w.infer.cache.get(call.id)
    record, evidence = (known.record, known.evidence) if known is not None else (None, "bare")
    if record is None:
        args = w.sh.f(call, w.sh.arguments)
        first = args.named_children[0] if args is not None and args.named_children else None
        text = w.template(first) if first is not None else None
        url = urls.parse(text, w.model) if text and "/" in text else None
        record, evidence = (url.record, urls.literal_evidence(url)) if url is not None else (None, "bare")
    if record is None or record in PAYLOAD_RECORDS:
        return
    for shape in shapes:
        for member in shape.named_children:
            name = w.sh.f(member, "name") if member.type in w.sh.declared_field else None
            if name is not None and name.type in w.sh.property:
                w.add(Touch("field", w.s.text_of(name), w.s.span(name), record, evidence, "declare",
                            syntax=Syntax.DECLARATION))
