"""What an expression is, as far as the API goes: a record (from a response, or only by a
name), a response, an HTTP client instance, an object literal, or a URL template. As in the
Python scanner (scan/pyinfer.py), inference is flow-insensitive within a function and follows
names through declarations, assignments, ``for … of`` and callbacks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...apimodel import PAYLOAD_RECORDS, ApiModel
from ...spelling import snake_of as snake
from ..pydecl import _words
from .nodes import Node, Source, arguments, callee, callee_name, index, is_call, member_name, receiver, unwrap, walk
from .language import Language
from .strings import key_name, name_value
from ..scope import Scope


@dataclass(frozen=True)
class Inferred:
    """What an expression holds: record | response | client | object | foreign (``inferred.holds``). A response keeps its request (``url``: the
    endpoint's name, ``method``) for methods that add to it; a client its ``base`` URL."""

    holds: str
    record: str | None = None
    evidence: str = "typed"
    base: str | None = None
    family: str = ""
    url: Any = None
    method: str = "GET"
    node: Any = None


FOREIGN = Inferred("foreign")  # a value of a type known not to be the API's (types.py)


class Inferer:
    def __init__(self, source: Source, model: ApiModel, language: Language, scope: Scope):
        self.s, self.model, self.lang, self.scope = source, model, language, scope
        self.sh = language.shapes
        self.cache: dict[int, Inferred] = {}  # a call's value, by node id, set by the request reader
        self.methods = None  # methods.Methods, for a language whose calls carry their receiver
        self.types: Any = None  # what a value of a declared type holds (types.declared)
        self.sdk = None  # sdk.Sdk: the language's SDK, set by the walk

    def named(self, name: str) -> Inferred | None:
        record = self.model.record_for_name(snake(name.lstrip(self.sh.sigils)))
        return Inferred("record", record, "named") if record else None

    def typed(self, annotation: Node | None) -> Inferred | None:
        """A parameter's or variable's type names the record: ``(mr: MergeRequest)``,
        ``List<Runner> runners``."""
        names = [n for n in (walk(annotation) if annotation else ()) if n.type in self.sh.type_names]
        return next((found for n in names if (found := self.type_named(self.s.text_of(n)))), None)

    def type_named(self, name: str) -> Inferred | None:
        """The record a type's name, or the longest tail of it, names: ``GitlabMergeRequest``,
        ``MergeRequestObjectAttributes`` (a webhook payload's part: ``object_attributes``)."""
        words = _words(name)
        return next((found for i in range(len(words)) if (found := self.named("_".join(words[i:])))), None)

    def template(self, name: str) -> str | None:
        bound = self.scope.lookup(name)
        return bound if isinstance(bound, str) else None

    def of(self, node: Node | None) -> Inferred | None:
        node = unwrap(node, self.sh.wrappers)
        if node is None:
            return None
        if node.id in self.cache:  # a request's response (Ruby: ``Gitlab.all_runners``, without arguments)
            return self.cache[node.id]
        kind = self.sh.kind(node)
        if kind in self.sh.identifier:
            return self._name(self.s.text_of(node))
        if is_call(node, self.sh):
            return self.cache.get(node.id) or self._call(node)
        if kind == self.sh.member:
            owner, name = receiver(node, self.sh), self.s.text_of(member_name(node, self.sh))
            return self.sdk.member(owner, name) or self.member(self.of(owner), name, owner)
        if kind == self.sh.subscript:
            owner = receiver(node, self.sh)
            base, key = self.of(owner), name_value(self.s, unwrap(index(node, self.sh), self.sh.wrappers), self.sh)
            if key is None:  # an element of a list, or a service's indexer (NGitLab's ``client.Runners[id]``)
                return base if base and base.holds in ("record", FOREIGN.holds) else self.sdk.member(owner, "[]")
            return self.member(base, key, owner)
        if self.methods is not None and kind in (self.sh.method_call, self.sh.new):
            return self.cache.get(node.id) or self.methods.of(node)
        if kind in self.sh.objects:
            return Inferred("object", node=node)
        if kind in self.sh.conversions:  # Go's ``[]byte(body)``
            return self.of(self.sh.part(node, "operand"))
        if kind == self.sh.unary and self.sh.address and self._operator(node) == self.sh.address:
            return self.of(self.sh.f(node, "argument"))  # Go's ``&mr``
        if kind == self.sh.composite and self.sh.f(node, "type") is not None:  # ``legacyMergeRequest{}``
            return self.types(self.sh.f(node, "type"))
        return None

    def _operator(self, node: Node) -> str:
        op = self.sh.f(node, "operator")
        return self.s.text_of(op) if op is not None else ""

    def _name(self, name: str) -> Inferred | None:
        bound = self.scope.lookup(name)
        if isinstance(bound, Inferred):
            return bound
        if bound is not None or self.scope.bound(name) or name in self.lang.not_records or self.is_type(name):
            return None
        return self.named(name)

    def is_type(self, name: str) -> bool:
        """``Runner`` in ``Runner.RunnerStatus.ACTIVE`` is a type, no value (Java)."""
        return self.lang.capitalised_types and name[:1].isupper()

    def member(self, base: Inferred | None, prop: str, owner: Node | None) -> Inferred | None:
        """The value of ``base.prop``: a response's body is its record; below a record, a name."""
        if base is not None and base.holds == "response" and prop in self.lang.body_members:
            return Inferred("record", base.record, base.evidence)
        if base is not None and (base.holds == "record" and base.record in PAYLOAD_RECORDS or base.holds == FOREIGN.holds):
            return base  # below a webhook's payload, or a foreign type's value, nothing is a REST record
        if base is not None and base.holds == "record":
            # still the record: C#'s ``doc.RootElement``, ``task.Result``; else a record by its name
            return base if prop in self.lang.element_methods else self.named(prop)
        if base is None and owner is not None and owner.type in self.sh.identifier | {self.sh.member}:
            if owner.type in self.sh.identifier and (self.s.text_of(owner) in self.lang.not_records
                                                     or self.is_type(self.s.text_of(owner))):
                return None
            if owner.type == self.sh.member and self.is_type(self.s.text_of(owner).split(".")[0]):
                return None
            return self.named(prop)
        return None

    def _call(self, node: Node) -> Inferred | None:
        function = unwrap(callee(node, self.sh), self.sh.wrappers)
        if function is not None and callee_name(self.s, node, self.sh) in self.lang.parsers:
            return self._parsed(node)
        if function is None or function.type not in self.sh.identifier | {self.sh.member}:
            return None
        method = self.s.text_of(member_name(function, self.sh) if function.type == self.sh.member else function)
        if method in self.lang.forwarders or self.s.text_of(function) in self.lang.forwarders:
            args = arguments(node)  # ``client.Do(req)``, ``io.ReadAll(resp.Body)``, PHP's ``curl_exec($ch)``
            return self.of(args.named_children[0]) if args is not None and args.named_children else None
        if function.type != self.sh.member:
            return None
        base = self.of(receiver(function, self.sh))
        if base is None:
            return None
        if base.holds == "response" and method in self.lang.json_methods:
            return Inferred("record", base.record, base.evidence)
        if base.holds == "record" and method in self.lang.callbacks:
            return base  # mrs.filter(…), mrs.find(…): records still
        return None

    def _parsed(self, node: Node) -> Inferred | None:
        """``JSON.parse(response.body)``: the record a response's text holds."""
        args = arguments(node)
        found = self.of(args.named_children[0]) if args is not None and args.named_children else None
        if found is not None and found.holds in ("response", "record"):
            return Inferred("record", found.record, found.evidence)
        return None

    def element(self, iterable: Node | None) -> Inferred | None:
        """One element of an iterable: of a list of records, that record; of ``runners``, a
        runner by its name."""
        found = self.of(iterable)
        if found is not None and found.holds in ("record", FOREIGN.holds):
            return found
        node = unwrap(iterable, self.sh.wrappers)
        name = None
        if node is not None and node.type in self.sh.identifier:
            name = self.s.text_of(node)
        elif node is not None and node.type == self.sh.member and member_name(node, self.sh) is not None:
            name = self.s.text_of(member_name(node, self.sh))
        return self.named(name[:-1]) if name and name.endswith("s") else None

    def key_of(self, node: Node | None) -> str | None:
        return key_name(self.s, node, self.sh)
