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
from .strings import object_entries

if TYPE_CHECKING:
    from .walk import Walk


def declaration(walk: Walk, node: Node) -> None:
    """``interface MergeRequest { merge_status: string }``: a declared record's fields, in the
    context ``declare`` (display-only, as a Python model's)."""
    name = field(node, "name")
    fields = [(walk.s.text_of(n), n) for n in _declared(walk, node)]
    found = None
    if name is not None and fields:
        found = walk.model.record_for_declaration(_candidates(_words(walk.s.text_of(name))),
                                                  frozenset(f for f, _ in fields))
    if found is not None and found[0] not in PAYLOAD_RECORDS:
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
    method, root = walk.s.text_of(field(callee, "property")), callee
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


def _declared(walk: Walk, node: Node):
    body = field(node, "body") or field(node, "value")
    for member in body.named_children if body is not None else ():
        if member.type in walk.sh.declared_field:
            name = field(member, "name")
            if name is not None and name.type in walk.sh.property:
                yield name


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
