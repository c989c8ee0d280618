"""Declarations of the languages with annotations and enums (Java), beside declare.py's fields
of interfaces, classes and schemas: the values an enum lists for a record's field or filter
(``enum RunnerScope { ACTIVE("active"), PAUSED("paused") }``, display-only), and the requests a
client interface's annotations route (Retrofit's ``@GET("…")``, JAX-RS's ``@GET @Path("…")``,
Feign's ``@GetMapping``/``@RequestLine``) with the parameters its arguments' annotations send."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...details import Request, Written
from ...model import NO_VALUE, Touch
from ...syntax import Syntax
from .. import urls
from ..pydecl import SUFFIXES, _candidates, _words
from .nodes import Node, field
from .strings import string_value

if TYPE_CHECKING:
    from .walk import Walk

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
        if self.w.methods is not None and self.s.text_of(field(node, "name")) in self.w.methods.sdk.filter_enums:
            tables.reverse()  # an SDK's filter enum (gitlab4j's RunnerStatus): the filter's values
        kind, known = next(((k, t[words[-1]]) for k, t in tables if words[-1] in t), (None, ()))
        if kind is not None and len({v for v, _ in values} & set(known)) >= 2:
            for value, where in values:
                self.w.add(Touch(kind, words[-1], self.s.span(where), record, "named", "declare", value=value,
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
        name, args = field(node, "name"), field(node, "arguments")
        method, declared = self._route(node, self.s.text_of(name) if name is not None else "")
        path = self._argument(args)
        text = self.w.template(path) if method and path is not None else None
        if text and method == LINE:  # Feign's ``@RequestLine("GET /projects/{id}")``
            method, _, text = text.partition(" ")
        url = urls.parse(text.strip(), self.model, relative_ok=True) if text else None
        if url is None or not (url.under_api or url.template):
            if path is not None and self.s.text_of(name) in self.routes:
                self.w.mark(path)  # a server's route (a controller class's method), no request
            self.w.children(node)
            return
        self.w.mark(path)
        span = self.s.span(path)
        self.w.add(urls.endpoint_touch(url, span, method, "typed", Syntax.STRING))
        for touch in urls.query_touches(url, span, method, "typed", Syntax.STRING):
            self.w.add(touch)
        self._route_params(declared, url, method)

    def _argument(self, args: Node | None) -> Node | None:
        """An annotation's string argument: ``@GET("p")``, ``@GetMapping(value = "p")``."""
        for arg in args.named_children if args is not None else ():
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
        context = urls.METHOD_CONTEXT.get(method, "call")
        for param in params.named_children if params is not None else ():
            modifiers = next((c for c in param.named_children if c.type == self.sh.modifiers), None)
            for note in modifiers.named_children if modifiers is not None else ():
                kind, args = field(note, "name"), field(note, "arguments")
                location = self.lang.param_annotations.get(self.s.text_of(kind)) if kind is not None else None
                key = next((a for a in args.named_children if a.type == self.sh.string), None) if args else None
                name = string_value(self.s, key, self.sh) if location and key is not None else None
                if name:
                    span = self.s.inner(key)
                    self.w.add(Touch("param", name, span, url.record, "typed", context, method, NO_VALUE,
                                     Syntax.DICT_KEY, request=Request(path=url.name, location=location, client="http"),
                                     written=Written(key_span=span)))
