"""PHP: the grammar (tree-sitter-php), its node vocabulary, and the HTTP clients, request options,
SDK and mock responses of PHP code, as data for the generic walk (walk.py; ``$x->m(…)`` and ``new
T(…)`` carry their receiver and method name, as Java's calls do: methods.py).

- strings: '…' and "…" with their interpolations (``"$id"``, ``"{$mr['iid']}"``, which PHP writes
  with no node around them: ``Shapes.interpolated``), heredocs and nowdocs, ``sprintf``/``vsprintf``
  formats, concatenation with ``.``;
- requests: Guzzle (``$client->get($url, ['query' => […]])``, ``$client->request('PUT', $url,
  ['json' => […]])``, ``new Client(['base_uri' => …])``, ``new Request('PUT', $url)``), Symfony's
  HttpClient (``HttpClient::create(['base_uri' => …])``, ``request('GET', $url, ['query' => …])``),
  Laravel's ``Http`` facade (``Http::withToken($t)->get($url, $query)``, ``->post($url, $body)``,
  ``withHeaders``/``withQueryParameters`` before the verb) and curl (``curl_init($url)`` with the
  ``curl_setopt``/``curl_setopt_array`` options of its handle: handles.py); a static call
  ``Foo::bar()`` is a method call of ``Foo`` and nullsafe ``?->`` a plain access (``Shapes.aliases``),
  whose value may be null; a URL grows by ``.=``;
- responses: ``json_decode($res->getBody(), true)``, ``json_decode((string) $res->getBody())``,
  ``json_decode(curl_exec($ch))``, Symfony's ``toArray()``, Laravel's ``json()``, ``collect()`` and
  ``$response['k']``; records used as arrays (``$mr['merge_status']``) and objects
  (``$mr->merged_by``), passed to ``foreach``, ``array_map``/``array_filter`` callbacks and
  ``collect($mrs)->map(…)``; a camelCase property is the program's own (``camelized`` False);
- SDK: m4tthumphrey/php-gitlab-api (``$client->mergeRequests()->changes($p, $iid)``,
  ``$client->api('mr')``), rules/model/php-gitlab-api.yaml;
- declarations: classes with (typed, or constructor-promoted) properties modelling a record,
  display-only;
- mocks: Guzzle's ``MockHandler`` and ``new Response(200, [], json_encode([…]))``, PHPUnit's
  ``willReturn``, Symfony's ``MockResponse``, Laravel's ``Http::fake(['…/changes' => …])``:
  recordings, their fixes unsafe.
"""

from __future__ import annotations

from ...apimodel import ApiModel
from ...values import Touch
from .grammar import Dialect
from .language import Chains, Client, Handle, Language
from .shapes import Shapes

VERBS = frozenset({"get", "post", "put", "patch", "delete", "head"})
ASYNC = {f"{verb}Async": verb.upper() for verb in VERBS}

SHAPES = Shapes(
    call="function_call_expression", callee="function", new="object_creation_expression", arguments="arguments",
    argument="argument", method_call="member_call_expression", method_name="name",
    member="member_access_expression", subscript="subscript_expression", receiver="object",
    subscript_receiver="object", name="name", index="index",
    string="string", other_strings=frozenset({"encapsed_string"}), template="", substitution="",
    interpolated=frozenset({"variable_name", "member_access_expression", "subscript_expression",
                            "member_call_expression", "dynamic_variable_name"}),
    fragment=frozenset({"string_content", "nowdoc_string"}), escape="escape_sequence",
    texts=frozenset({"heredoc_body", "nowdoc_body"}), heredocs=frozenset({"heredoc", "nowdoc"}),
    formatters=frozenset({"sprintf", "vsprintf", "\\sprintf"}),
    binary="binary_expression", concat=frozenset({"."}),
    compare={"==": "Eq", "===": "Eq", "!=": "NotEq", "!==": "NotEq", "<>": "NotEq"},
    unary="unary_op_expression", operand="argument", negate="!",
    object="array_creation_expression", pair="array_element_initializer", shorthand="",
    array="array_creation_expression",
    identifier=frozenset({"variable_name", "name"}), sigils="$", property=frozenset({"name"}),
    declarator="property_element", assignment="assignment_expression", object_pattern="", pattern_shorthand="",
    pattern_pair="",
    functions=frozenset({"function_definition", "method_declaration", "anonymous_function", "arrow_function",
                         "anonymous_function_creation_expression"}),
    parameters="parameters", parameter="",
    required_parameters=frozenset({"simple_parameter", "property_promotion_parameter", "variadic_parameter"}),
    parameter_name="name", statement_block="compound_statement",
    for_of="foreach_statement", for_fields=("binding", "iterable"), lists=frozenset({"pair"}), for_element=1,
    statement="expression_statement", this=frozenset(), parenthesized="parenthesized_expression",
    wrappers=frozenset({"parenthesized_expression", "argument", "cast_expression"}),
    augmented="augmented_assignment_expression",
    literals={"true": True, "false": False, "null": None}, valued=frozenset({"boolean", "null"}),
    number="integer", other_numbers=frozenset({"float"}),
    declarations=frozenset({"class_declaration"}), declared_field=frozenset({"property_declaration"}),
    declared_name="element", qualified=frozenset({"qualified_name"}),
    comment="comment", type_names=frozenset({"name"}),
    # PHP's grammar names few parts: ``'k' => v``, ``$mr['k']``, ``foreach ($rs as $k => $r)``,
    # ``new T(…)`` and a property's declaration hold theirs in order
    positional={"array_element_initializer": {"key": -2, "value": -1},
                "subscript_expression": {"object": 0, "index": 1},
                "foreach_statement": {"iterable": 0, "binding": 1},
                "object_creation_expression": {"type": 0, "arguments": 1},
                "property_declaration": {"element": -1}},
    # ``$mr?->merged_by`` is read as ``$mr->merged_by``; ``Http::get($url)`` as a method call of ``Http``
    aliases={"nullsafe_member_access_expression": "member_access_expression",
             "nullsafe_member_call_expression": "member_call_expression",
             "scoped_call_expression": "member_call_expression"},
    # a constructor's promoted parameters (``public function __construct(public string $merge_status)``)
    # are properties a class declares, named as a property's are
    promoted=frozenset({"property_promotion_parameter"}),
    renamed={"scoped_call_expression": {"object": "scope"}, "property_promotion_parameter": {"element": "name"}},
)

# Laravel's HTTP client: ``Http::get($url, $query)``, ``Http::withHeaders([…])->post($url, $body)``;
# the methods configuring a request before its verb, and where the ones that send something send it
LARAVEL = frozenset({"withToken", "withHeaders", "withHeader", "withBasicAuth", "withDigestAuth", "withOptions",
                     "withQueryParameters", "withUrlParameters", "withBody", "withUserAgent", "withoutVerifying",
                     "acceptJson", "asJson", "asForm", "accept", "contentType", "baseUrl", "timeout",
                     "connectTimeout", "retry", "throw", "replaceHeaders"})

LANGUAGE = Language(
    name="php",
    dialects=(Dialect("php", "tree_sitter_php", "language_php"),),
    shapes=SHAPES,
    clients=(
        # Guzzle's client (and Symfony's HttpClient, whose request() takes the same arguments)
        Client("Client", callable=False, verbs=VERBS, methods=ASYNC, factories={"new": "base_uri"},
               requests={"request": (0, 1), "requestAsync": (0, 1)}, instances=True),
        Client("Request", callable=False, verbs=frozenset(), requests={"new": (0, 1)}),  # PSR-7 request
        Client("Http", callable=False, verbs=VERBS, starters=LARAVEL,
               setters={"withHeaders": "header", "withQueryParameters": "query", "replaceHeaders": "header"},
               second={"get": "query", "head": "query", "post": "body", "put": "body", "patch": "body",
                       "delete": "body"}),
        # Symfony's HttpClient: ``HttpClient::create(['base_uri' => …])->request('GET', $url)``
        Client("HttpClient", callable=False, verbs=frozenset(), factories={"create": "base_uri"},
               requests={"request": (0, 1)}, instances=True),
        Client("curl_init", verbs=frozenset()),  # its handle's options: handles.py
        Client("file_get_contents", verbs=frozenset()),
    ),
    url_keys=frozenset({"url"}),
    method_keys=frozenset({"method"}),
    locations={"query": "query", "json": "body", "form_params": "form", "body": "body", "multipart": "form",
               "headers": "header"},
    serializers=frozenset({"json_encode"}),
    query_builders=frozenset({"http_build_query"}),
    parsers=frozenset({"json_decode", "\\json_decode"}),
    body_members=frozenset({"getBody", "getContents", "toArray", "json", "object", "body", "collect"}),
    keyed_responses=frozenset({"Http"}),  # Laravel's ``$response['merge_status']`` reads its JSON
    forwarders=frozenset({"curl_exec", "send", "sendRequest", "sendAsync", "wait", "collect", "array_merge"}),
    list_callbacks={"array_map": (0, 1), "array_filter": (1, 0), "array_walk": (1, 0), "usort": (1, 0),
                    "uasort": (1, 0), "array_find": (1, 0), "array_any": (1, 0), "array_all": (1, 0)},
    chains=Chains(),
    accessors={"get": "read", "is": "read", "set": "write"},
    key_methods=frozenset({"json"}),  # Laravel's ``$response->json('merge_status')`` reads one key of the body
    callbacks=frozenset({"map", "filter", "each", "reject", "first", "contains", "every", "sortBy", "keyBy",
                         "groupBy"}),
    # Guzzle's MockHandler and Response, PHPUnit's and Mockery's stubs, Symfony's MockResponse, Laravel's
    # Http::fake: what the API answers, recorded
    mocks=frozenset({"MockHandler", "Response", "append", "willReturn", "willReturnOnConsecutiveCalls",
                     "andReturn", "andReturnValues", "MockResponse", "JsonMockResponse", "fake", "response"}),
    not_records=frozenset({"$this", "self", "static", "parent", "$_GET", "$_POST", "$_SERVER", "$GLOBALS",
                           "$http", "$client", "$guzzle", "$ch", "$curl"}),
    handle=Handle("curl_init", setters=frozenset({"curl_setopt"}), arrays=frozenset({"curl_setopt_array"}),
                  options={"CURLOPT_URL": "url", "CURLOPT_CUSTOMREQUEST": "method", "CURLOPT_POST": "method:POST",
                           "CURLOPT_PUT": "method:PUT", "CURLOPT_POSTFIELDS": "body",
                           "CURLOPT_HTTPHEADER": "header"}),
    sdk="php-gitlab-api",
    nullable=frozenset({"nullsafe_member_access_expression"}),  # ``$runner?->active`` is null where $runner is
    camelized=False,
    unknown_clients=True,
)


def scan(text: str, model: ApiModel) -> list[Touch]:
    from .walk import scan

    return scan(text, model, LANGUAGE)
