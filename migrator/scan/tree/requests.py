"""Requests an HTTP client sends, read from calls: the URL (with an instance's base URL), the
method, and the options' query, body and header fields; the call's value is a response whose
body is the endpoint's record. Which clients there are, and how they are called, is the
language's data (language.Client)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...details import Origin, Request, Written, others
from ...syntax import Syntax
from ...values import EVIDENCE_ORDER, NO_VALUE, Touch
from .. import urls
from . import handles, literals
from .infer import Inferred
from .language import Client
from .strings import url_node
from .nodes import (Node, argument_nodes, arguments, call_parts, callee, callee_name, field, is_member, member_name,
                    receiver, unwrap, walk)
from .strings import name_span, object_entries, text_span

if TYPE_CHECKING:
    from .walking import Walk

UNKNOWN = Client("", callable=False)  # ``this.http.get(url)``: a client the walk cannot know


class Requests:
    def __init__(self, walk: Walk):
        self.w = walk
        self.s, self.sh, self.lang = walk.s, walk.sh, walk.lang
        self.done: dict[int, bool] = {}

    def call(self, node: Node) -> bool:
        """Whether ``node`` sends a request to the API (its touches are added once: a chained
        call reads the call it is made on first, ``superagent.get(url).query({…})``)."""
        if node.id not in self.done:
            self.done[node.id] = self._call(node)
        return self.done[node.id]

    def _call(self, node: Node) -> bool:
        if self.sh.kind(node) in (self.sh.method_call, self.sh.new):  # ``x->m(args)``, ``new T(args)`` (T's "new")
            owner, method, listed = call_parts(self.s, node, self.sh)
            named = owner is not None and owner.type in self.sh.qualified | self.sh.type_names  # ``Http::get($url)``
            return self._method(node, node, owner, method if owner is not None else "new", listed,
                                self.lang.client(self.s.text_of(owner) if named else method)
                                if owner is None or named else None)
        function = unwrap(callee(node, self.sh), self.sh.wrappers)
        args = arguments(node)
        listed = [a for a in argument_nodes(node, self.sh) if a.type != self.sh.statement]
        if any(a.type == self.sh.pair for a in listed):  # Ruby's ``get(url, query: {…})``: one options hash
            listed = [a for a in listed if a.type != self.sh.pair] + [args]
        if function is None:
            return False
        if function.type in self.sh.identifier:
            client = self.lang.client(self.s.text_of(function))
            if client is None or not client.callable:
                return False
            if self.lang.handle is not None and client.name == self.lang.handle.maker:
                return self._handle(node, client, listed)
            return self._send(node, client, None, listed, None)
        if function.type != self.sh.member:
            return False
        name, owner = member_name(function, self.sh), unwrap(receiver(function, self.sh), self.sh.wrappers)
        if name is None or owner is None:
            return self.w.sdk.call(node, function, listed)
        module = (self.lang.client(self.s.text_of(owner)) if owner.type in self.sh.identifier | self.sh.qualified
                  else None)
        return self._method(node, function, owner, self.s.text_of(name), listed, module)

    def _method(self, node: Node, function: Node, owner: Node | None, method: str, listed: list[Node],
                module: Client | None) -> bool:
        """A method called on ``owner`` (a module, a client, a response, an SDK's resource), or a
        class's ``new`` (owner None): the request it sends, if any."""
        if self.w.sdk.call(node, function, listed):
            return True
        if owner is None:
            return module is not None and self._module(node, module, method, listed)
        if method in ("append", "set") and len(listed) == 2:
            self._search_param(function, listed)
        if self.sh.kind(owner) in (self.sh.call, self.sh.method_call):
            self.call(owner)
        if module is not None and (method in module.requests or method in module.factories):
            return self._module(node, module, method, listed)
        started = self._started(owner)
        if started is not None:
            return self._built(node, method, listed, *started)
        value = self.w.infer.of(owner) if module is None else None
        if self.w.sdk.method(node, owner, method, value, listed):
            return True
        if value is not None and value.holds == "response" and method in self._chain(value):
            return self._chained(node, value, self._chain(value)[method], listed)
        client = module or (self.lang.client(value.family) or UNKNOWN if value and value.holds == "client" else None)
        if client is None and (value is None or value.holds == "record" or self.lang.rooted(method)) and self.lang.unknown_clients:
            client = UNKNOWN
        base = value.base if value is not None and value.holds == "client" else None
        if client is not None and method in client.requests | (self._requests if client is UNKNOWN else {}):
            return self._module(node, client, method, listed, base)
        if client is UNKNOWN and method not in UNKNOWN.verbs and method in self._verbs:
            client = Client("", callable=False, verbs=self._verbs)
        if client is None or not (method in client.verbs or method in client.methods or method == "request"):
            return False
        verb = client.methods.get(method, None if method == "request" else method)
        return self._send(node, client, verb, listed, base)

    def _handle(self, node: Node, client: Client, listed: list[Node]) -> bool:
        """curl's ``curl_init($url)`` with the options set on its handle (handles.py)."""
        set_ = handles.options(self.w, node)
        url = listed[0] if listed else set_.url
        if url is None or not self._send(node, client, (set_.method or "GET").lower(), [url], None):
            return False
        value = self.w.infer.cache[node.id]
        for where, sent in set_.sent:
            request = Request(path=value.url.name, location=where, client="http")
            self.params(sent, value.url, value.evidence, value.method, request)
        return True

    def _module(self, node: Node, module: Client, method: str, listed: list[Node], base: str | None = None) -> bool:
        """``http.NewRequest("PUT", url, body)``, ``client.request("PUT", url, options)``: a request
        whose method and URL are arguments; a factory's instance (``axios.create({baseURL})``,
        PHP's ``new Client(['base_uri' => …])``) keeps its base URL."""
        if method in module.factories:
            base = self._option(listed[0] if listed else None, module.factories[method])
            self.w.infer.cache[node.id] = Inferred("client", base=base, family=module.name)
            return False
        module = next((c for c in self.lang.clients if c.instances and method in c.requests), module) if module is UNKNOWN else module
        at, url_at = {**self._requests, **module.requests}.get(method, (-1, -1))
        verb = self.w.literal(listed[at]) if at >= 0 and len(listed) > url_at else None
        verb = self.lang.method_names.get(self.s.text_of(listed[at])) if verb is NO_VALUE else verb
        return isinstance(verb, str) and self._send(node, module, verb.lower(), listed[url_at:], base)

    @property
    def _requests(self) -> dict[str, tuple[int, int]]:
        """What a client the walk cannot know may call with the HTTP method and the URL: as the
        language's clients whose instances are passed around do (Guzzle's ``request``)."""
        return {m: at for c in self.lang.clients if c.instances for m, at in c.requests.items()}

    def _started(self, owner: Node) -> tuple[Client, list[tuple[str, list[Node]]]] | None:
        """resty's ``client.R().SetQueryParam(…).SetBody(…)``, Laravel's ``Http::withHeaders([…])
        ->acceptJson()``: the client whose starter begins the chain, and the setters called on it
        (the starter among them), with their arguments."""
        setters, node, client = [], owner, None
        while node is not None and self.sh.kind(node) in (self.sh.call, self.sh.method_call):
            inner, method, args = call_parts(self.s, node, self.sh)
            if inner is None:
                break
            setters.append((method, args))
            client = next((c for c in self.lang.clients if method in c.starters), client)
            node = unwrap(inner, self.sh.wrappers)
        return (client, setters) if client is not None else None

    def _built(self, node: Node, method: str, listed: list[Node], client: Client,
               setters: list[tuple[str, list[Node]]]) -> bool:
        if method not in client.verbs or not self._send(node, client, method, listed, None):
            return False
        value = self.w.infer.cache[node.id]
        for name, args in setters:
            where = client.setters.get(name)
            if where is None or not args:
                continue
            request = Request(path=value.url.name, location=where.partition(":")[0], client="http")
            if where.endswith(":pair"):
                self.pair(args, value, request)
            else:
                self.params(args[0], value.url, value.evidence, value.method, request)
        return True

    def pair(self, args: list[Node], value: Inferred, request: Request) -> None:
        """``.SetQueryParam("scope", "active")``: one parameter, its name a string."""
        key = unwrap(args[0], self.sh.wrappers)
        name = self.w.literal(key)
        if not isinstance(name, str) or key.type not in self.sh.strings:
            return
        sent = args[1] if len(args) > 1 else None
        span = self.s.inner(key)
        self.w.add(Touch("param", name, span, value.url.record, value.evidence,
                         urls.context_of(value.method), value.method,
                         self.w.literal(sent) if sent is not None else NO_VALUE, Syntax.DICT_KEY, request=request,
                         written=Written(key_span=span, value_span=self.s.span(sent) if sent is not None else None)))
        self.w.handled.add(key.id)

    @property
    def _verbs(self) -> frozenset[str]:
        """What a client the walk cannot know may call its verbs: as the language's clients do."""
        return frozenset().union(*(c.verbs for c in self.lang.clients)) | UNKNOWN.verbs

    def _chain(self, value: Inferred) -> dict[str, str]:
        client = self.lang.client(value.family)
        return client.chain if client else {}

    def _option(self, node: Node | None, key: str) -> str | None:
        """An option of a factory's options (``axios.create({baseURL})``); a factory given a
        string first (``Faraday.new("https://…")``) takes it for the base URL."""
        entries = self.entries(node)
        if not entries and node is not None and node.type != self.sh.arguments:
            return self.w.template(node)
        return next((self.w.template(v) for k, _, v in entries if k == key), None)

    def entries(self, node: Node | None) -> list[tuple[str, Node, Node | None]]:
        """Entries of an object literal, a name bound to one, ``JSON.stringify(obj)`` or
        ``new URLSearchParams(obj)``."""
        node = unwrap(node, self.sh.wrappers)
        if node is not None and node.type in self.sh.identifier:
            bound = self.w.scope.lookup(self.s.text_of(node))
            node = bound.node if isinstance(bound, Inferred) and bound.holds == "object" else node
        if node is not None and node.type in (self.sh.call, self.sh.new, self.sh.method_call):
            function = (callee(node, self.sh) if node.type == self.sh.call else None) or field(node, "constructor")
            listed = argument_nodes(node, self.sh)
            name = callee_name(self.s, node, self.sh) if node.type == self.sh.call else self.s.text_of(function) \
                if function else call_parts(self.s, node, self.sh)[1]  # C#'s ``JsonContent.Create(…)``, ``new StringContent(…)``
            if name in self.lang.serializers | self.lang.query_builders and listed:
                return self.entries(listed[0])
            node = field(node, "initializer") or node  # C#'s ``new RunnerUpdate { Active = false }``
        if node is not None and node.type == self.sh.composite:  # Go's ``map[string]string{…}``
            node = field(node, "body")
        if node is None or node.type not in self.sh.objects | {self.sh.arguments}:
            return []
        self.w.handled.add(node.id)
        return object_entries(self.s, node, self.sh, self.lang.api_name)

    def query(self, node: Node | None) -> Inferred | None:
        """``new URLSearchParams({…})``: an object whose keys a URL sends as its query."""
        node = unwrap(node, self.sh.wrappers)
        if node is not None and node.type == self.sh.composite and field(node, "type") is not None \
                and self.s.text_of(field(node, "type")) in self.lang.query_builders:
            return Inferred("object", node=field(node, "body"), family="query")  # Go's ``url.Values{…}``
        if node is not None and node.type == self.sh.call and callee_name(self.s, node, self.sh) in self.lang.query_builders:
            listed = argument_nodes(node, self.sh)  # PHP's ``http_build_query([…])``
            first = unwrap(listed[0], self.sh.wrappers) if listed else None
            return Inferred("object", node=first, family="query") if first is not None and first.type in self.sh.objects else None
        if node is None or node.type != self.sh.new:
            return None
        constructor, args = field(node, "constructor"), arguments(node)
        first = unwrap(args.named_children[0], self.sh.wrappers) if args is not None and args.named_children else None
        if constructor is None or self.s.text_of(constructor) not in self.lang.query_builders or first is None:
            return None
        return Inferred("object", node=first, family="query") if first.type in self.sh.objects else None

    def url_written(self, node: Node | None) -> Node | None:
        """Where a URL expression is written: ``new URL(`…`, base)``'s path, and the URL object
        whose ``toString()`` or ``href`` it is."""
        node = unwrap(node, self.sh.wrappers)
        builders = self.lang.url_builders
        if node is None or not builders:
            return node
        if node.type == self.sh.new and self.s.text_of(field(node, "constructor") or node) in builders:
            args = field(node, self.sh.arguments)
            return self.url_written(args.named_children[0]) if args is not None and args.named_children else node
        inner = field(node, "function") if node is not None and node.type == self.sh.call else node
        if inner is not None and inner.type == self.sh.member and self.s.text_of(member_name(inner, self.sh)) in (
                "toString", "href") and (inner is node or not field(node, self.sh.arguments).named_children):
            return self.url_written(receiver(inner, self.sh))
        return node

    def _search_param(self, function: Node, args: list[Node]) -> None:
        """``url.searchParams.append("scope", "active")`` on a URL of the API: a query parameter,
        shown, never rewritten."""
        owner = unwrap(receiver(function, self.sh), self.sh.wrappers)
        prop = member_name(owner, self.sh) if owner is not None and is_member(owner, self.sh) else None
        if prop is None or self.s.text_of(prop) != "searchParams":
            return
        text = self.w.template(receiver(owner, self.sh))
        url = urls.parse(text, self.w.model, relative_ok=text.startswith(urls.MARK + "/")) if text else None
        name = self.w.literal(args[0])
        if url is None or not isinstance(name, str):
            return
        span = name_span(self.s, args[0], self.sh)
        self.w.add(Touch("param", name, span, url.record, urls.literal_evidence(url), "filter", "GET",
                         self.w.literal(args[1]), Syntax.NONE, request=Request(path=url.name, location="query")))

    def _queries(self, url_node: Node) -> list[Node]:
        """The query builders a URL expression holds, written there or bound to a name."""
        found = []
        for part in walk(url_node):
            value = self.query(part)
            if value is None and part.type in self.sh.identifier:
                bound = self.w.scope.lookup(self.s.text_of(part))
                value = bound if isinstance(bound, Inferred) and bound.family == "query" else None
            if value is not None:
                found.append(value.node)
        return found

    def _send(self, node: Node, client: Client, verb: str | None, args: list[Node], base: str | None) -> bool:
        options, url_node, body, where = None, args[0] if args else None, None, "body"
        if verb is None and url_node is not None and unwrap(url_node, self.sh.wrappers).type in self.sh.objects:
            options, url_node = url_node, None  # axios(config), axios.request(config)
        elif verb is not None and client.body_arg and verb.lower() in ("post", "put", "patch") and len(args) > 1:
            body, options = args[1], args[2] if len(args) > 2 else None
        elif verb is not None and client.second and len(args) > 1 and args[1].type != self.sh.arguments:
            where = client.second.get(verb.lower(), "")
            body, options = (args[1], args[2] if len(args) > 2 else None) if where else (None, args[1])
        elif len(args) > 1:
            options = args[1]
        entries = self.entries(options)
        if url_node is None:
            url_node = next((v for k, _, v in entries if k in self.lang.url_keys), None)
        method = (verb or next((self.w.literal(v) for k, _, v in entries if k in self.lang.method_keys), None) or "GET")
        method = method.upper() if isinstance(method, str) else "GET"
        base = base or next((self.w.template(v) for k, _, v in entries if k in ("baseURL", "prefixUrl")), None)
        text = self.w.template(url_node)
        if text is None:
            return False
        text = urls.on_base(base, text)
        token = urls.credentialed(text, self.w.model)  # ``'projects/' . $id . '/repository/tags?private_token=' …``
        least = 1 if client.rooted else urls.SUB_RESOURCE
        url = urls.parse(text, self.w.model, relative_ok=bool(base) or token or text.startswith(urls.MARK + "/"), least=least)
        if url is None or (not client.name and not (url.under_api or url.template or token)):
            return False
        evidence = "typed" if url.under_api or base or (url.template and not url.relative) else "named"
        self._touches(node, url, url_node, method, evidence, entries, (where, body))
        self.w.infer.cache[node.id] = Inferred("response", url.record, evidence, family=client.name, url=url, method=method)
        return True

    def _touches(self, node: Node, url: urls.ApiUrl, url_node: Node, method: str, evidence: str,
                 entries: list, second: tuple[str, Node | None]) -> None:
        auth = self._auth(url, entries)
        self.url_at(url, url_node, method, evidence, auth)
        request = Request(path=url.name, auth=auth, client="http")
        sending = [(self.lang.locations.get(k), v) for k, _, v in entries if self.lang.locations.get(k)]
        if second[1] is not None:
            sending.append(second)
        sending.extend(("query", query) for query in self._queries(url_node))
        for location, value in sending:
            self.params(value, url, evidence, method, replace(request, location=location))

    def sent(self, name: str, evidence: str) -> None:
        """A name bound to a URL is sent by an HTTP client: the touches written where the URL is
        defined get the call's evidence."""
        for index in self.w.named_urls.get(name, ()):
            touch = self.w.touches[index]
            if EVIDENCE_ORDER.index(evidence) > EVIDENCE_ORDER.index(touch.evidence):
                self.w.touches[index] = replace(touch, evidence=evidence)

    def url_at(self, url: urls.ApiUrl, node: Node, method: str, evidence: str, auth: str | None = None) -> None:
        """A request's URL, reported where it is written: through the calls that only wrap it or
        format it (``URI(url)``, ``String.format(f, …)``: strings.url_node), or where a name is bound
        to it, whose touches get the request's evidence (made there if no literal rule took it)."""
        plain = url_node(self.s, self.url_written(node), self.sh)
        if plain is None:
            return
        bound = self.w.bound.get(self.s.text_of(plain)) if plain.type in self.sh.identifier else None
        if bound is not None and bound.type not in self.sh.identifier and bound.id not in self.w.url_touches:
            self.url_at(url, bound, method, evidence, auth)
        elif plain.type in self.sh.identifier:
            self.sent(self.s.text_of(plain), evidence)
        elif plain.id not in self.w.handled:
            span = text_span(self.s, plain, self.sh)
            self.w.add(urls.endpoint_touch(url, span, method, evidence, Syntax.STRING, auth=auth))
            for touch in urls.query_touches(url, span, method, evidence, Syntax.STRING, auth=auth):
                self.w.add(replace(touch, request=replace(touch.request, client="http")))
            literals.mark(self.w, plain)
            literals.mark(self.w, unwrap(node, self.sh.wrappers))
            literals.code_parts(self.w, plain)

    def _chained(self, node: Node, value: Inferred, location: str, args: list[Node]) -> bool:
        """``superagent.get(url).query({scope: "active"})``: fields added to a request."""
        request = Request(path=value.url.name, location=location, client="http")
        if args:
            self.params(args[0], value.url, value.evidence, value.method, request)
        self.w.infer.cache[node.id] = value
        return True

    def params(self, node: Node, url: urls.ApiUrl, evidence: str, method: str, request: Request,
               rename=None, origin: Origin = Origin()) -> None:
        """Each key of an object sent (query, body, form, headers) is a parameter of the request;
        ``rename`` gives the name a client sends a key as (an SDK decamelizes them): a key it
        renames is shown, never rewritten; ``origin``: an SDK's options (``Origin.sdk``)."""
        entries = [(rename(k) if rename else k, key, v) for k, key, v in self.entries(node)]
        held = tuple((k, self.w.literal(v) if v is not key else NO_VALUE) for k, key, v in entries)
        context = urls.context_of(method)
        for index, (name, key, value) in enumerate(entries):
            location, credential, syntax = request.location, None, Syntax.DICT_KEY if value is not key else Syntax.NONE
            if location == "header":
                if name.lower() in urls.PLAIN_HEADERS:
                    continue
                credential = self.w.model.credential_type(name, "headers", self.s.text_of(value) if value else "")
                syntax = Syntax.HEADER
            span = name_span(self.s, key, self.sh)
            if self.s.text[span[0]:span[1]] not in (name, self.lang.code_name(name)):
                syntax = Syntax.NONE  # written as the SDK spells it (``orderBy``)
            self.w.add(Touch("param", name, span, url.record, evidence, context, method, held[index][1], syntax,
                             request=replace(request, credential=credential), origin=origin,
                             written=Written(key_span=span, value_span=self.s.span(value) if value else None,
                                             siblings=others(held, index))))

    def _auth(self, url: urls.ApiUrl, entries: list) -> str | None:
        model = self.w.model
        for key, value in url.query:
            found = model.credential_type(key, "query", str(value))
            if found:
                return found
        for key, _, value in entries:
            if self.lang.locations.get(key) in ("header", "query") and value is not None:
                where = "headers" if self.lang.locations[key] == "header" else "query"
                for name, _, inner in self.entries(value):
                    found = model.credential_type(name, where, self.s.text_of(inner) if inner else "")
                    if found:
                        return found
        return None
