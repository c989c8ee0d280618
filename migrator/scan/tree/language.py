"""What a language module gives the walk, as data: its grammars, node vocabulary, HTTP clients,
request option names, mock-response builders and the names that never hold a record."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .grammar import Dialect
from .shapes import Shapes


@dataclass(frozen=True)
class Client:
    """An HTTP client as code calls it.

    name       what the code calls (``fetch``, ``axios``) or calls methods of (``axios.get``)
    callable   called itself: ``fetch(url, options)``, ``axios(url | config)``
    verbs      methods named for HTTP methods: ``axios.get(url)``
    body_arg   a verb with a body takes it before the options: ``axios.post(url, data, config)``
    factories  methods making an instance, with the option holding its base URL
    chain      methods of a request being built, with where they send: ``.query({…})``
    requests   functions making a request to send later, with the index of their method and URL
               arguments: Go's ``http.NewRequest("PUT", url, body)`` is ``{"NewRequest": (0, 1)}``
    starters   methods starting a request built by the methods before its verb: resty's ``R()``
    setters    those methods, with where they send (``"query"``: an object of parameters;
               ``"query:pair"``: one name and its value, ``.SetQueryParam("scope", "active")``)
    methods    more methods sending a request, with its HTTP method: ``get_response``, ``new``
    second     where a verb's second argument goes, when it is no options object: Faraday's
               ``conn.get(path, params)`` (query), ``conn.post(path, body)`` (body)
    """

    name: str
    callable: bool = True
    verbs: frozenset[str] = frozenset({"get", "post", "put", "patch", "delete", "head"})
    body_arg: bool = False
    factories: dict[str, str] = field(default_factory=dict)
    chain: dict[str, str] = field(default_factory=dict)
    requests: dict[str, tuple[int, int]] = field(default_factory=dict)
    starters: frozenset[str] = frozenset()
    setters: dict[str, str] = field(default_factory=dict)
    methods: dict[str, str] = field(default_factory=dict)
    second: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Language:
    name: str
    dialects: tuple[Dialect, ...]
    shapes: Shapes
    clients: tuple[Client, ...]
    # request options: the key holding the URL, the method, and where each other key sends
    url_keys: frozenset[str] = frozenset({"url"})
    method_keys: frozenset[str] = frozenset({"method"})
    locations: dict[str, str] = field(default_factory=dict)
    serializers: frozenset[str] = frozenset()  # ``JSON.stringify(body)`` sends ``body``
    query_builders: frozenset[str] = frozenset()  # ``new URLSearchParams({…})``
    url_builders: frozenset[str] = frozenset()  # ``new URL(path, base)``; its ``searchParams.append(k, v)``
    json_methods: frozenset[str] = frozenset()  # ``response.json()`` is the record
    parsers: frozenset[str] = frozenset()  # ``JSON.parse(response.body)`` is the record
    body_members: frozenset[str] = frozenset()  # ``response.data`` is the record
    keyed_responses: frozenset[str] = frozenset()  # clients whose response answers ``response["f"]`` from its body
    callbacks: frozenset[str] = frozenset()  # ``.then(r => …)``, ``.map(mr => …)``: the callback's argument
    mocks: frozenset[str] = frozenset()  # calls whose arguments are a mock response (``.reply``)
    not_records: frozenset[str] = frozenset()  # globals and modules that never hold a record
    # schema builders whose object literal declares a record's fields (``z.object({…})``): the
    # methods, and the roots whose ``.object`` is one (any receiver's ``.extend({…})`` is)
    schema_methods: frozenset[str] = frozenset()
    schema_roots: frozenset[str] = frozenset()
    key_methods: frozenset[str] = frozenset()  # ``mr.fetch("merged_by")``: a record's key read by a method
    # Ruby: calls in a class body whose symbols declare its fields (``attr_accessor :merged_by``),
    # and calls building a record class from symbols (``Struct.new(:merge_status)``)
    field_declarers: frozenset[str] = frozenset()
    record_builders: frozenset[str] = frozenset()
    sdk: str | None = None  # the SDK whose calls, methods, types and options are data: rules/model/<sdk>.yaml, sdk.py
    unknown_clients: bool = True  # ``this.http.get(url)`` counts when the URL is the API's
    # how the code spells a field the API names ``merged_by``: as the API does (""), or in
    # "pascal" case with the language's initialisms in capitals (Go: ``MergedBy``, ``IPAddress``)
    case: str = ""
    initialisms: frozenset[str] = frozenset()
    # calls whose value is their first argument's (Go's ``client.Do(req)``, ``io.ReadAll(body)``),
    # and calls decoding a response into the argument at an index (``json.Unmarshal(b, &mr)``)
    forwarders: frozenset[str] = frozenset()
    decoders: dict[str, int] = field(default_factory=dict)

    def client(self, name: str) -> Client | None:
        return next((c for c in self.clients if c.name == name), None)

    def api_name(self, written: str) -> str:
        """The API's name of a field as the code writes it: ``MergedBy`` → ``merged_by``,
        ``IPAddress`` → ``ip_address``, ``ProjectID`` → ``project_id``."""
        if self.case != "pascal" or not written[:1].isupper():
            return written
        return "_".join(word.lower() for word in _words(written, self.initialisms))

    def code_name(self, name: str) -> str:
        """The code's spelling of an API name: ``merge_user`` → ``MergeUser``, ``ip_address`` →
        ``IPAddress`` (the inverse of api_name)."""
        if self.case != "pascal":
            return name
        return "".join(part.upper() if part.upper() in self.initialisms else part.capitalize()
                       for part in name.split("_"))


WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z][a-z0-9]*|[a-z0-9]+")


def _words(name: str, initialisms: frozenset[str]) -> list[str]:
    """``IPAddress`` → IP, Address; ``WebURL`` → Web, URL: a run of capitals is an initialism
    where the language lists it, else the run's last capital starts the next word."""
    out = []
    for word in WORD.findall(name):
        if len(word) > 1 and word.isupper() and word not in initialisms:
            head = next((i for i in initialisms if word.startswith(i)), None)
            out.extend([head, word[len(head):]] if head and word != head else [word])
        else:
            out.append(word)
    return out
