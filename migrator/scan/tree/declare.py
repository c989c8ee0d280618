"""Declarations of a record's fields: TypeScript interfaces, object types and class fields
(``interface MergeRequest { merge_status: string }``), and schemas built from an object literal
(zod, yup, joi: ``z.object({merge_status: z.string()})``). Each declared field is a touch in the
context ``declare``, display-only as a Python model's field is: it is a library's interface."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...apimodel import PAYLOAD_RECORDS
from ...model import Touch
from ...syntax import Syntax
from .. import urls
from ..pydecl import _candidates, _words
from .nodes import Node, field
from .strings import object_entries, string_value

if TYPE_CHECKING:
    from .walk import Walk


def declaration(walk: Walk, node: Node) -> None:
    """``interface MergeRequest { merge_status: string }``: a declared record's fields, in the
    context ``declare`` (display-only, as a Python model's)."""
    name = field(node, "name")
    fields = list(_declared(walk, node))
    found = None
    if name is not None and fields:
        found = walk.model.record_for_declaration(_candidates(_words(walk.s.text_of(name))),
                                                  frozenset(f for f, _ in fields))
    payload = name is not None and named_payload(walk, walk.s.text_of(name))
    if found is not None and found[0] not in PAYLOAD_RECORDS and not payload:
        for declared, where in fields:
            walk.add(Touch("field", declared, walk.s.span(where), found[0], found[1], "declare",
                           syntax=Syntax.DECLARATION))
    walk.children(node)


def schema_name(walk: Walk, node: Node) -> str | None:
    """The name of a schema an object literal declares (``const MergeRequestSchema =
    z.object({…})``, ``runner: z.object({…})``, ``MergeRequestSchema.extend({…})``; "" when
    it has none), or None when the object is no schema's."""
    args = node.parent
    call = args.parent if args is not None and args.type == walk.sh.arguments else None
    callee = field(call, "function") if call is not None and call.type == walk.sh.call else None
    if callee is None or callee.type != walk.sh.member:
        return None
    method, root = walk.s.text_of(field(callee, walk.sh.member_name)), callee
    while root.type in (walk.sh.member, walk.sh.call):
        root = field(root, "object") if root.type == walk.sh.member else field(root, "function")
    if method not in walk.lang.schema_methods or not (
            method in ("extend", "shape") or walk.s.text_of(root) in walk.lang.schema_roots):
        return None
    if method in ("extend", "shape") and root.type in walk.sh.identifier:
        return walk.s.text_of(root)  # the schema it extends names the record
    holder = call.parent
    while holder is not None and holder.type in (walk.sh.member, walk.sh.call, walk.sh.arguments):
        holder = holder.parent
    if holder is not None and holder.type == walk.sh.declarator:
        return walk.s.text_of(field(holder, "name"))
    if holder is not None and holder.type == walk.sh.pair:
        return walk.infer.key_of(field(holder, "key")) or ""
    return ""


def schema(walk: Walk, node: Node, name: str) -> None:
    """A schema's keys are declared fields, as an interface's are: display-only."""
    entries = object_entries(walk.s, node, walk.sh)
    keys = frozenset(key for key, _, _ in entries)
    found = walk.model.record_for_declaration(_candidates(_words(name)) if name else [], keys)
    if found is not None and found[0] not in PAYLOAD_RECORDS:
        for key, where, _ in entries:
            span = walk.s.inner(where) if where.type == walk.sh.string else walk.s.span(where)
            walk.add(Touch("field", key, span, found[0], found[1], "declare", syntax=Syntax.DECLARATION))
    walk.handled.add(node.id)


def named_payload(walk: Walk, name: str) -> bool:
    """A class named for a webhook payload or a part of one, at its head or its tail:
    ``EventMergeRequest``, ``MergeRequestObjectAttributes``, ``PipelineHook``."""
    words = _words(name)
    parts = ["_".join(words[:i]) for i in range(1, len(words) + 1)] + ["_".join(words[i:]) for i in range(len(words))]
    return any(walk.model.record_for_name(part) in PAYLOAD_RECORDS for part in parts)


def _declared(walk: Walk, node: Node):
    """(API name, node) of each field a declaration declares: its name as written (a camelCase
    one as the API writes it, where the language says so), or as a key annotation names it
    (``@JsonProperty("merge_status") String status``); a Java record's components too."""
    body = field(node, "body") or field(node, "value")
    members = [m for m in (body.named_children if body is not None else ()) if m.type in walk.sh.declared_field]
    components = field(node, walk.sh.parameters)
    members += [m for m in (components.named_children if components is not None else ())
                if m.type in walk.sh.required_parameters]
    for member in members:
        name = field(member, walk.sh.declared_name)
        name = field(name, "name") if name is not None and name.type == walk.sh.declarator else name
        keyed = _key_annotation(walk, member)
        if keyed is not None:
            yield keyed
        elif name is not None and name.type in walk.sh.property:
            yield walk.lang.api_name(walk.s.text_of(name)), name


def _key_annotation(walk: Walk, member: Node) -> tuple[str, Node] | None:
    """``@JsonProperty("merged_by")``, ``@SerializedName("merged_by")``: the API's name."""
    for child in member.named_children:
        for note in child.named_children if child.type == walk.sh.modifiers else ():
            name, args = field(note, "name"), field(note, "arguments")
            if note.type == walk.sh.annotation and name is not None and args is not None \
                    and walk.s.text_of(name) in walk.lang.key_annotations:
                key = next((a for a in args.named_children if a.type == walk.sh.string), None)
                value = string_value(walk.s, key, walk.sh) if key is not None else None
                if value:
                    return value, key
    return None


def type_arguments(walk: Walk, call: Node) -> None:
    """``http.get<{ merge_status: string }>(url)``: an object type given to a call whose URL is
    an endpoint's declares that record's fields (typed when the call is a known request or the
    URL is one of the model's endpoints as written, named for a wrapper's path)."""
    arguments = field(call, "type_arguments")
    shapes = [n for n in arguments.named_children if n.type == "object_type"] if arguments is not None else []
    if not shapes:
        return
    known = walk.infer.cache.get(call.id)
    record, evidence = (known.record, known.evidence) if known is not None else (None, "bare")
    if record is None:
        args = field(call, walk.sh.arguments)
        first = args.named_children[0] if args is not None and args.named_children else None
        text = walk.template(first) if first is not None else None
        url = urls.parse(text, walk.model) if text and "/" in text else None
        record, evidence = (url.record, urls.literal_evidence(url)) if url is not None else (None, "bare")
    if record is None or record in PAYLOAD_RECORDS:
        return
    for shape in shapes:
        for member in shape.named_children:
            name = field(member, "name") if member.type in walk.sh.declared_field else None
            if name is not None and name.type in walk.sh.property:
                walk.add(Touch("field", walk.s.text_of(name), walk.s.span(name), record, evidence, "declare",
                               syntax=Syntax.DECLARATION))
