"""What a language module gives the walk, as data: its grammars, node vocabulary, HTTP clients,
request option names, mock-response builders and the names that never hold a record."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...spelling import snake_of
from .grammar import Dialect
from .shapes import Shapes


@dataclass(frozen=True)
class Client:
    """An HTTP client as code calls it.

    name       what the code calls (``fetch``, ``axios``) or calls methods of (``axios.get``)
    callable   called itself: ``fetch(url, options)``, ``axios(url | config)``
    verbs      methods named for HTTP methods: ``axios.get(url)``
    body_arg   a verb with a body takes it before the options: ``axios.post(url, data, config)``
    factories  methods making an instance, with the option holding its base URL (a class's
               constructor is its ``new``: PHP's ``new Client(['base_uri' => …])``)
    chain      methods of a request being built, with where they send: ``.query({…})``
    requests   functions making a request (to send later), with the index of their method and URL
               arguments: Go's ``http.NewRequest("PUT", url, body)`` is ``{"NewRequest": (0, 1)}``;
               a class's constructor is its ``new`` (PHP's ``new Request('PUT', $url)``)
    starters   methods starting a request built by the methods before its verb: resty's ``R()``
    setters    those methods, with where they send (``"query"``: an object of parameters;
               ``"query:pair"``: one name and its value, ``.SetQueryParam("scope", "active")``)
    methods    more methods sending a request, with its HTTP method: ``get_response``, ``new``
    second     where a verb's second argument goes, when it is no options object: Faraday's
               ``conn.get(path, params)`` (query), ``conn.post(path, body)`` (body)
    instances  its instances are passed around where the walk cannot see them made (Guzzle's
               ``$this->http``): a client it cannot know may call its ``requests`` methods too
    rooted     its ``requests`` take a path under the API's root, as an SDK's own request builder
               does (the Go client's ``c.NewRequest(http.MethodGet, "geo_nodes", …)``): a whole
               endpoint of the model even with one literal segment
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
    instances: bool = False
    rooted: bool = False


@dataclass(frozen=True)
class Handle:
    """A request made with a handle whose options later calls set, read where the handle is made
    (handles.py): curl's ``$ch = curl_init($url)`` with ``curl_setopt($ch, CURLOPT_CUSTOMREQUEST,
    'PUT')`` and ``curl_setopt_array($ch, [CURLOPT_POSTFIELDS => …])``.

    maker    the call making the handle (a Client of the language: its first argument the URL)
    setters  calls setting one option, ``(handle, option, value)``
    arrays   calls setting several, ``(handle, [option => value, …])``
    options  option → what it sets: "url", "method", "method:POST" (a flag), or where it sends
             ("body", "header")
    """

    maker: str
    setters: frozenset[str] = frozenset()
    arrays: frozenset[str] = frozenset()
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Chains:
    """Requests built by a chain of method calls (``HttpRequest.newBuilder(uri).PUT(body)``,
    ``new Request.Builder().url(u).put(body)``, ``webClient.get().uri(u)``, Spring's
    ``restTemplate.exchange(url, HttpMethod.PUT, …)``), read by methods.py.

    url       methods whose first argument is the request's URL (``url_at``: another argument,
              C#'s ``new HttpRequestMessage(HttpMethod.Put, url)``)
    verbs     methods that say the HTTP method (``PUT``, ``put``, ``getForObject`` …), by name
    method    methods whose first HTTP-method-like argument says it (``exchange``, ``method``)
    query     methods adding a query parameter (``queryParam("scope", "active")``)
    decoders  methods whose value is the record decoded from their first argument
              (``mapper.readValue(json, MergeRequest.class)``, ``gson.fromJson(…)``,
              ``JsonSerializer.Deserialize<MergeRequest>(json)``)
    typed     methods sending a request whose type argument is the record its response is
              decoded into (``GetFromJsonAsync<MergeRequest>(url)``, RestSharp's ``GetAsync<T>(request)``)
    bodies    methods whose argument at an index is the request's body (``PutAsJsonAsync(url, body)``: 1,
              RestSharp's ``AddJsonBody(body)``: 0), read by sends.py
    headers   methods setting one header, its name and value, on what they are called on
              (``AddHeader("PRIVATE-TOKEN", t)``); ``header_members``: the members whose ``Add``
              does (``client.DefaultRequestHeaders.Add(…)``, ``request.Headers.Add(…)``); and
              ``header_properties``: the headers set as their property (``….Authorization = …``)
    """

    url: frozenset[str] = frozenset()
    url_at: dict[str, int] = field(default_factory=dict)
    verbs: dict[str, str] = field(default_factory=dict)
    method: frozenset[str] = frozenset()
    query: frozenset[str] = frozenset()
    decoders: frozenset[str] = frozenset()
    typed: frozenset[str] = frozenset()
    bodies: dict[str, int] = field(default_factory=dict)
    headers: frozenset[str] = frozenset()
    header_members: frozenset[str] = frozenset()
    header_properties: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Language:
    """A client language: its grammar, shapes, HTTP clients and SDK."""

    name: str
    dialects: tuple[Dialect, ...]
    shapes: Shapes
    clients: tuple[Client, ...]
    # request options: the key holding the URL, the method, and where each other key sends
    url_keys: frozenset[str] = frozenset({"url"})
    method_keys: frozenset[str] = frozenset({"method"})
    method_names: dict[str, str] = field(default_factory=dict)  # Go's ``http.MethodGet``: "GET"
    locations: dict[str, str] = field(default_factory=dict)
    serializers: frozenset[str] = frozenset()  # ``JSON.stringify(body)`` sends ``body``
    query_builders: frozenset[str] = frozenset()  # ``new URLSearchParams({…})``
    url_builders: frozenset[str] = frozenset()  # ``new URL(path, base)``; its ``searchParams.append(k, v)``
    json_methods: frozenset[str] = frozenset()  # ``response.json()`` is the record
    parsers: frozenset[str] = frozenset()  # ``JSON.parse(response.body)`` is the record
    body_members: frozenset[str] = frozenset()  # ``response.data``, Java's ``response.body()``: the record
    keyed_responses: frozenset[str] = frozenset()  # clients whose response answers ``response["f"]`` from its body
    callbacks: frozenset[str] = frozenset()  # ``.then(r => …)``, ``.map(mr => …)``: the callback's argument
    # functions given a callback and a list (``array_map(fn ($mr) => …, $mrs)``): their indexes
    list_callbacks: dict[str, tuple[int, int]] = field(default_factory=dict)
    mocks: frozenset[str] = frozenset()  # calls whose arguments are a mock response (``.reply``)
    not_records: frozenset[str] = frozenset()  # globals and modules that never hold a record
    # schema builders whose object literal declares a record's fields (``z.object({…})``): the
    # methods, and the roots whose ``.object`` is one (any receiver's ``.extend({…})`` is)
    schema_methods: frozenset[str] = frozenset()
    schema_roots: frozenset[str] = frozenset()
    # a record's key read by a method: ``mr.fetch("merged_by")`` (reads.py), ``node.get("merged_by")``
    # (methods.py)
    key_methods: frozenset[str] = frozenset()
    # Ruby: calls in a class body whose symbols declare its fields (``attr_accessor :merged_by``),
    # and calls building a record class from symbols (``Struct.new(:merge_status)``)
    field_declarers: frozenset[str] = frozenset()
    record_builders: frozenset[str] = frozenset()
    # the SDK whose calls are requests and whose types hold records, as data in rules/model/<sdk>.yaml
    # read by sdk.py: a client's methods (the gitlab gem), a resource's (gitbeaker's
    # ``api.MergeRequests.showChanges``, the Go client's), its types and options (Go), or service
    # calls with their records and field types (gitlab4j's ``getMergeRequestApi()
    # .getMergeRequestChanges``, read by methods.py)
    sdk: str | None = None
    handle: Handle | None = None  # curl's handle and its options (handles.py)
    unknown_clients: bool = True  # ``this.http.get(url)`` counts when the URL is the API's
    # how the code spells a field the API names ``merged_by``: as the API does (""), in "camel" case
    # (Java: ``mergedBy``), or in "pascal" case with the language's initialisms in capitals (Go:
    # ``MergedBy``, ``IPAddress``)
    case: str = ""
    # a record's field may be read in camelCase, as a client camelizing its responses gives it (gitbeaker:
    # ``mr.mergedBy``); False where decoded JSON keeps the API's names and a camelCase property is the
    # program's own (PHP: ``$MR->mergeStatus``)
    camelized: bool = True
    initialisms: frozenset[str] = frozenset()
    # a typed record's fields are fields of a struct the program declares (Go): renaming ``mr.MergedBy``
    # compiles only where the struct declares the new field, so a field read on one is named
    struct_fields: bool = False
    # a variable keeps the type it is declared with (Go, Java): a plain reassignment (``mr =
    # mrs[0]`` after ``var mr *gitlab.MergeRequest``) does not change what it holds
    static: bool = False
    untyped: frozenset[str] = frozenset()  # declared types that say nothing of a value: Java's ``var``, Go's ``any``
    # calls whose value is their first argument's (Go's ``client.Do(req)``, ``io.ReadAll(body)``;
    # where a call holds its receiver, the response it is given or called on: Java's
    # ``client.send(request, …)``, OkHttp's ``call.execute()``), and calls decoding a response
    # into the argument at an index (``json.Unmarshal(b, &mr)``)
    forwarders: frozenset[str] = frozenset()
    decoders: dict[str, int] = field(default_factory=dict)
    # -- languages whose calls carry a receiver and a method name (Shapes.method_call): methods.py
    chains: Chains = Chains()
    # accessors read and write a field by a camelCase name after a prefix (``getMergedBy()``,
    # ``isShared()``, ``setActive(x)``): the prefix and the context it gives
    accessors: dict[str, str] = field(default_factory=dict)
    capitalised_types: bool = False  # ``HttpMethod.PUT``, ``Runner.RunnerStatus``: a capitalised name is a type
    equality_methods: frozenset[str] = frozenset()  # ``x.equals("paused")`` compares
    element_methods: frozenset[str] = frozenset()  # ``mrs.stream()``, ``.get(0)``: still the records
    # annotations naming a request's method and path on an interface's method (Retrofit's
    # ``@GET("projects/{id}")``), and a declared field's API name (``@JsonProperty("merge_status")``)
    route_annotations: dict[str, str] = field(default_factory=dict)
    path_annotations: frozenset[str] = frozenset()  # JAX-RS's ``@Path("…")`` beside ``@GET``
    line_annotations: frozenset[str] = frozenset()  # Feign's ``@RequestLine("GET /projects/{id}")``
    param_annotations: dict[str, str] = field(default_factory=dict)  # ``@QueryParam("scope")`` → query
    key_annotations: frozenset[str] = frozenset()
    # reads whose value may be null, by node type (Java's accessor calls ``getActive()``, C#'s
    # properties ``runner.Active``), unless the SDK's data (``fields:``) gives the field the
    # language's plain boolean type (``boolean``, ``bool``): negating null throws or does not compile
    nullable: frozenset[str] = frozenset()
    boolean: str = "boolean"

    def client(self, name: str) -> Client | None:
        return next((c for c in self.clients if c.name == name), None)

    def rooted(self, method: str) -> bool:
        """A rooted builder's method: its path says it is the API's, whatever its receiver's type."""
        return any(c.rooted and method in c.requests for c in self.clients)

    def api_name(self, written: str) -> str:
        """The API's name of a field as the code writes it: ``mergedBy`` → ``merged_by`` (camel),
        ``MergedBy`` → ``merged_by``, ``IPAddress`` → ``ip_address``, ``ProjectID`` → ``project_id``
        (pascal)."""
        if self.case == "camel" and "_" not in written:
            return snake_of(written)
        if self.case != "pascal" or not written[:1].isupper():
            return written
        return "_".join(word.lower() for word in _words(written, self.initialisms))

    def code_name(self, name: str) -> str:
        """The code's spelling of an API name: ``merge_user`` → ``mergeUser`` (camel),
        ``MergeUser``, ``ip_address`` → ``IPAddress`` (pascal): the inverse of api_name."""
        if self.case == "camel":
            head, *rest = name.split("_")
            return head + "".join(part.capitalize() for part in rest)
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
