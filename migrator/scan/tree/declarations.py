"""Declarations of a record's fields, display-only as a Python model's (scan/pydecl.py): a
TypeScript interface or class, a Go struct (its fields by their ``json:"…"`` tags, or by their
names: ``MergedBy`` is ``merged_by``; one embedding the SDK's record declares it), and a zod, yup
or joi schema's object literal."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...apimodel import PAYLOAD_RECORDS
from ...model import Touch
from ...syntax import Syntax
from ..pydecl import _candidates, _words
from .nodes import Node
from .strings import object_entries

if TYPE_CHECKING:
    from .walk import Walk

JSON_TAG = re.compile(r'\bjson:"([^",]*)')


class Declarations:
    def __init__(self, walker: Walk):
        self.w, self.s, self.sh = walker, walker.s, walker.sh

    def declaration(self, node: Node) -> None:
        """``interface MergeRequest { merge_status: string }``: a declared record's fields, in the
        context ``declare`` (display-only, as a Python model's)."""
        name = self.sh.f(node, "name")
        fields = list(self._declared(node))
        found = None
        embeds = [self.w.sdk.typed(m) for m in self._members(node) if m.type in self.sh.declared_field
                   and self.sh.f(m, "name") is None]  # ``struct { gitlab.MergeRequest; … }``
        embedded = next((e for e in embeds if e is not None), None)
        if embedded is not None and fields:
            found = embedded.record, "typed"
        elif name is not None and fields:
            found = self.w.model.record_for_declaration(_candidates(_words(self.s.text_of(name))),
                                                      frozenset(f for f, _ in fields))
        if found is not None and found[0] not in PAYLOAD_RECORDS:
            for declared, where in fields:
                self.w.add(Touch("field", declared, self.s.span(where), found[0], found[1], "declare",
                               syntax=Syntax.DECLARATION))
        self.w.children(node)

    def schema_name(self, node: Node) -> str | None:
        """The name of a schema an object literal declares (``const MergeRequestSchema =
        z.object({…})``, ``runner: z.object({…})``, ``MergeRequestSchema.extend({…})``; "" when
        it has none), or None when the object is no schema's."""
        args = node.parent
        call = args.parent if args is not None and args.type == self.sh.argument_list else None
        callee = self.sh.f(call, "function") if call is not None and call.type == self.sh.call else None
        if callee is None or callee.type != self.sh.member:
            return None
        method, root = self.s.text_of(self.sh.f(callee, "property")), callee
        while root.type in (self.sh.member, self.sh.call):
            root = self.sh.f(root, "object") if root.type == self.sh.member else self.sh.f(root, "function")
        if method not in self.w.lang.schema_methods or not (
                method in ("extend", "shape") or self.s.text_of(root) in self.w.lang.schema_roots):
            return None
        if method in ("extend", "shape") and root.type in self.sh.identifier:
            return self.s.text_of(root)  # the schema it extends names the record
        holder = call.parent
        while holder is not None and holder.type in (self.sh.member, self.sh.call, self.sh.argument_list):
            holder = holder.parent
        if holder is not None and holder.type == self.sh.declarator:
            return self.s.text_of(self.sh.f(holder, "name"))
        if holder is not None and holder.type == self.sh.pair:
            return self.w.infer.key_of(self.sh.f(holder, "key")) or ""
        return ""

    def schema(self, node: Node, name: str) -> None:
        """A schema's keys are declared fields, as an interface's are: display-only."""
        entries = object_entries(self.s, node, self.sh)
        keys = frozenset(key for key, _, _ in entries)
        found = self.w.model.record_for_declaration(_candidates(_words(name)) if name else [], keys)
        if found is not None and found[0] not in PAYLOAD_RECORDS:
            for key, where, _ in entries:
                span = self.s.inner(where) if where.type in self.sh.strings else self.s.span(where)
                self.w.add(Touch("field", key, span, found[0], found[1], "declare", syntax=Syntax.DECLARATION))
        self.w.handled.add(node.id)

    def _members(self, node: Node) -> list[Node]:
        body = self.sh.f(node, "body") or self.sh.f(node, "value") or self.sh.f(node, "type")
        members = list(body.named_children) if body is not None else []
        return [m for member in members for m in (member.named_children if member.type in self.sh.struct_members
                                                   else (member,))]

    def _declared(self, node: Node):
        """(the API's name, the name node) of each field a declaration declares: a Go struct
        field by its ``json:"…"`` tag, else by its name (``MergedBy`` is ``merged_by``)."""
        for member in self._members(node):
            if member.type in self.sh.declared_field:
                name = self.sh.f(member, "name")
                if name is not None and name.type in self.sh.property:
                    tag = tag_name(self.s.text_of(self.sh.f(member, self.sh.field_tag))) if self.sh.field_tag \
                        and self.sh.f(member, self.sh.field_tag) is not None else None
                    yield tag or self.w.lang.api_name(self.s.text_of(name)), name

    # ---------------------------------------------------------------- calls and URLs


def tag_name(tag: str) -> str | None:
    """The JSON name a Go struct tag gives: `json:"merge_status,omitempty"` → merge_status."""
    found = JSON_TAG.search(tag)
    return found.group(1) if found and found.group(1) not in ("", "-") else None
