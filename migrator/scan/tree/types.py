"""What a declared type says a value holds, for the walk (walk.py) and a literal of a named type
(infer.py's ``T{…}``): the SDK's type (a typed record whose touches are marked the SDK's:
``r *gitlab.Runner``), a type named for a record (``MergeRequest``, ``legacyMergeRequest``,
``List<Runner>``), or, where a field is its type's (``Language.struct_fields``: Go's struct
fields), a named type that is neither: FOREIGN, another SDK's (``pr *github.PullRequest``) or the
program's own (``p PullRequest``). A field of a foreign value is that type's, whatever the
variable's name says, and so is everything below it: no touch, not even a bare one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import declare
from .infer import FOREIGN, Inferred
from .nodes import Node, field, walk

if TYPE_CHECKING:
    from .walking import Walk


def declared(w: Walk, annotation: Node | None, name: str | None = None) -> Inferred | None:
    """A value of a declared type (a variable ``name``'s) holds what it names: ``r *gitlab.Runner``
    (the SDK's type, typed), ``(mr: MergeRequest)``, ``List<Runner> runners``; or it is foreign."""
    return w.sdk.typed(annotation) or foreign(w, annotation, name) or w.infer.typed(annotation)


def parameter(w: Walk, name: str, annotation: Node | None) -> Inferred | None:
    """A parameter holds what its type says (the SDK's, the file's own or a foreign type), else
    what its name says (``mr``), else what its type's name does (``x: MergeRequest``)."""
    return w.sdk.typed(annotation) or foreign(w, annotation, name) or w.infer.named(name) or w.infer.typed(annotation)


def foreign(w: Walk, annotation: Node | None, name: str | None = None) -> Inferred | None:
    """In a statically typed language (``Language.static``): for a type the file declares, the
    record its declaration declares, else the one the variable's name suggests where the type
    declares one of that record's fields (``Status runner`` with ``paused``), else FOREIGN (a
    type declaring no field at all says nothing); for
    another named type, FOREIGN unless it is the SDK's or named for a record. A type of a package
    the walk reads its own way (``url.Values``, ``http.Response``: ``Language.not_records``) is
    neither."""
    if not w.lang.static:
        return imported(w, annotation) if w.sh.imports else None
    named = named_type(w, annotation)
    text = w.s.text_of(named) if named is not None else ""
    if not text or text in w.lang.untyped or text.partition(".")[0] in w.lang.not_records or w.sdk.declares(text):
        return None
    if w.file_types is None:
        w.file_types = declare.file_types(w)
    if text not in w.file_types:
        return None if w.infer.typed(named) else FOREIGN
    found, fields = w.file_types[text]
    if found is not None:
        return Inferred("record", found[0], "named")
    if not fields:
        return None  # a type declaring no field (only methods) says nothing
    suggested = w.infer.named(name) if name else None
    return suggested if suggested is not None and w.model.records[suggested.record].known & fields else FOREIGN


def named_type(w: Walk, annotation: Node | None) -> Node | None:
    """The named type an annotation declares, through pointers, slices and arrays (Go's
    ``*gitlab.Runner``, ``[]PullRequest``); None for a map, an interface or a function type."""
    node = annotation
    while node is not None and node.type in w.sh.type_wrappers:
        node = node.named_children[-1] if node.named_children else None
    return node if node is not None and node.type in w.sh.type_names | {w.sh.qualified_type} else None


def imported(w: Walk, annotation: Node | None) -> Inferred | None:
    """TypeScript: a type imported from another package (``pr: PullRequest`` with ``import {
    PullRequest } from "@octokit/webhooks-types"``), or an alias of one (``type Pull =
    RestEndpointMethodTypes["pulls"]["get"]…``), is FOREIGN unless it is the SDK's or named for a
    record: the whole type, or a list of it; a generic one (``AxiosResponse<MergeRequest>``) may
    wrap the API's. A type of a relative import is the program's own, which may model the API."""
    named = annotation.named_children[0] if annotation is not None and annotation.named_children else None
    while named is not None and named.type == "array_type" and named.named_children:
        named = named.named_children[0]
    if named is None or named.type not in w.sh.type_names:
        return None
    if w.foreign_names is None:
        w.foreign_names = _foreign_names(w)
    text = w.s.text_of(named)
    if text not in w.foreign_names or w.sdk.declares(text) or w.infer.typed(named):
        return None
    return FOREIGN


def _foreign_names(w: Walk) -> frozenset[str]:
    """The names a file imports from packages (not ``./``, ``../`` or ``/``), and the type aliases
    at its top that name one of them."""
    names: set[str] = set()
    aliases = []
    for node in w.s.root.named_children:
        inner = node.named_children[0] if node.type == "export_statement" and node.named_children else node
        if node.type == w.sh.imports:
            source = field(node, "source")
            module = w.s.text_of(source).strip("'\"`") if source is not None else ""
            if module and not module.startswith((".", "/")):
                for clause in (c for c in node.named_children if c.type == "import_clause"):
                    names.update(w.s.text_of(n) for n in walk(clause) if n.type == "identifier")
        elif inner.type == "type_alias_declaration":
            aliases.append(inner)
    for alias in aliases:
        name, value = field(alias, "name"), field(alias, "value")
        if name is not None and value is not None and any(
                n.type in w.sh.type_names and w.s.text_of(n) in names for n in walk(value)):
            names.add(w.s.text_of(name))
    return frozenset(names)
