"""Java: the grammar, its node vocabulary, and the HTTP clients, SDK and mock responses of its
code, as data for the generic walk (walk.py; calls carrying a receiver and a method name are read
by methods.py).

Strings: literals, text blocks, ``+``, ``String.format``/``"…".formatted(…)`` (``%s``, ``%d``),
``MessageFormat.format`` (``{0}``), URI templates (``{id}``), ``URI.create(u)`` and Spring's
``UriComponentsBuilder.fromHttpUrl(base).path(p)``. Requests: ``java.net.http`` (``HttpRequest
.newBuilder(uri).PUT(…)``), OkHttp (``new Request.Builder().url(u).put(…)``), Apache HttpClient
(``new HttpPut(u)``), Spring's ``RestTemplate`` (``getForObject(url, …)``, ``exchange(url,
HttpMethod.PUT, …)``) and ``WebClient`` (``.get().uri(u)``), Retrofit's ``@GET("…")``. Records:
getters (``mr.getMergedBy()``), Jackson/Gson/org.json keys (``node.get("merged_by")``),
``.equals("paused")`` comparisons, classes declaring ``@JsonProperty("merge_status")`` or
``@SerializedName("merged_by")`` fields, and gitlab4j-api (rules/model/gitlab4j.yaml).
"""

from __future__ import annotations

from ...apimodel import ApiModel
from ...values import Touch
from .grammar import Dialect
from .language import Chains, Language
from .shapes import Shapes

NONE = "-"  # a node type Java does not have
VERBS = {"GET": "GET", "POST": "POST", "PUT": "PUT", "PATCH": "PATCH", "DELETE": "DELETE", "HEAD": "HEAD"}

SHAPES = Shapes(
    call=NONE, method_call="method_invocation", new="object_creation_expression", arguments="arguments",
    member="field_access", name="field", subscript=NONE,
    string="string_literal", template=NONE, substitution=NONE,
    fragment=frozenset({"string_fragment", "multiline_string_fragment"}),
    block_fragment=frozenset({"multiline_string_fragment"}),
    # String.format's %s %d %2$s, MessageFormat's {0}, URI templates' {id} (Spring, Retrofit)
    placeholders=r"%(?:\d+\$)?[-#+ 0,(]*\d*(?:\.\d+)?[sdxX]|\{[A-Za-z0-9_]*(?:,[^{}]*)?\}",
    format_methods=frozenset({"format", "formatted"}),
    pass_methods=frozenset({"create", "parse", "valueOf", "toString", "toUriString", "toUri", "build",
                            "buildAndExpand", "expand", "encode", "toURI", "toURL", "URI", "URL", "newBuilder", "queryParam",
                            "queryParamIfPresent", "addQueryParameter", "setQueryParameter",
                            "addEncodedQueryParameter", "scheme", "host", "port"}),
    path_methods=frozenset({"path", "fromHttpUrl", "fromUriString", "fromPath"}),
    compare={"==": "Eq", "!=": "NotEq"}, operand="operand",
    object=NONE, pair=NONE, shorthand=NONE, array="array_initializer",
    identifier=frozenset({"identifier"}), property=frozenset({"identifier"}),
    object_pattern=NONE, pattern_shorthand=NONE, pattern_pair=NONE,
    functions=frozenset({"method_declaration", "constructor_declaration", "lambda_expression"}),
    parameter=NONE, required_parameters=frozenset({"formal_parameter"}), parameter_name="name",
    for_of="enhanced_for_statement", for_fields=("name", "value"),
    wrappers=frozenset({"parenthesized_expression"}),
    literals={"true": True, "false": False, "null_literal": None}, literal_codes={"null_literal": "null"},
    number="decimal_integer_literal",
    declarations=frozenset({"class_declaration", "record_declaration"}),
    declared_field=frozenset({"field_declaration"}), declared_name="declarator",
    comment="line_comment", block_comment="block_comment", annotation="annotation", modifiers="modifiers", marker="marker_annotation",
    interfaces=frozenset({"interface_declaration"}), enum="enum_declaration", enum_member="enum_constant",
    type_names=frozenset({"type_identifier"}),
)

LANGUAGE = Language(
    name="java",
    dialects=(Dialect("java", "tree_sitter_java"),),
    shapes=SHAPES,
    clients=(),
    unknown_clients=False,
    chains=Chains(
        url=frozenset({"uri", "url", "newBuilder", "getForObject", "getForEntity", "postForObject", "postForEntity",
                       "postForLocation", "patchForObject", "put", "delete", "exchange", "HttpGet", "HttpPost",
                       "HttpPut", "HttpPatch", "HttpDelete", "HttpHead"}),
        verbs={**VERBS, **{verb.lower(): method for verb, method in VERBS.items()},
               "getForObject": "GET", "getForEntity": "GET", "postForObject": "POST", "postForEntity": "POST",
               "postForLocation": "POST", "patchForObject": "PATCH", "HttpGet": "GET", "HttpPost": "POST",
               "HttpPut": "PUT", "HttpPatch": "PATCH", "HttpDelete": "DELETE", "HttpHead": "HEAD"},
        method=frozenset({"exchange", "method", "execute"}),
        query=frozenset({"queryParam", "addQueryParameter", "setQueryParameter", "addEncodedQueryParameter",
                         "addParameter", "setParameter"}),
        decoders=frozenset({"readValue", "fromJson", "readTree", "convertValue", "treeToValue", "parseString",
                            "JSONObject", "JSONArray"}),
    ),
    body_members=frozenset({"body", "getBody", "string", "bodyToMono", "bodyToFlux", "block", "readEntity",
                            "getForObject", "postForObject", "patchForObject", "getEntity"}),
    forwarders=frozenset({"send", "sendAsync", "execute", "newCall", "retrieve", "join"}),
    accessors={"get": "read", "is": "read", "set": "write"},
    case="camel",
    capitalised_types=True,
    static=True,
    untyped=frozenset({"var", "Object"}),
    nullable=frozenset({"method_invocation"}),  # ``Boolean getActive()``, unless gitlab4j's data says ``boolean``
    key_methods=frozenset({"get", "path", "has", "getString", "getInt", "getLong", "getBoolean", "optString",
                           "optBoolean", "optInt", "getJSONObject", "optJSONObject", "getJSONArray",
                           "getAsJsonObject", "containsKey", "hasNonNull"}),
    equality_methods=frozenset({"equals", "equalsIgnoreCase", "contentEquals"}),
    element_methods=frozenset({"stream", "get", "getFirst", "findFirst", "findAny", "orElse", "orElseThrow",
                               "filter", "sorted", "toList", "collect", "iterator", "next", "subList", "limit",
                               "skip", "distinct", "peek", "all", "first", "current"}),
    callbacks=frozenset({"forEach", "filter", "map", "anyMatch", "allMatch", "noneMatch", "ifPresent",
                         "removeIf", "peek", "flatMap", "thenApply", "thenAccept", "subscribe", "doOnNext",
                         "sorted", "mapToInt", "mapToLong", "takeWhile", "dropWhile"}),
    # on a client interface's method only (a class's are a server's routes): Retrofit's @GET("…"),
    # JAX-RS's @GET with @Path("…"), Spring's @GetMapping (Feign) and @GetExchange, Feign's @RequestLine
    route_annotations={**VERBS, **{f"{verb.capitalize()}{kind}": method for verb, method in VERBS.items()
                                   for kind in ("Mapping", "Exchange")}},
    path_annotations=frozenset({"Path"}),
    line_annotations=frozenset({"RequestLine"}),
    param_annotations={"QueryParam": "query", "Query": "query", "RequestParam": "query", "FormParam": "form",
                       "Field": "form", "HeaderParam": "header", "Header": "header", "RequestHeader": "header"},
    key_annotations=frozenset({"JsonProperty", "SerializedName", "Json", "JsonAlias"}),
    # WireMock's stubFor(…willReturn(aResponse().withBody("{…}"))) and okJson("…"), OkHttp's
    # MockWebServer enqueue(new MockResponse().setBody("{…}")), MockServer's respond(…),
    # Mockito's when(…).thenReturn(…): recordings of what the API answers
    mocks=frozenset({"stubFor", "givenThat", "willReturn", "aResponse", "okJson", "withBody", "enqueue",
                     "setBody", "MockResponse", "respond", "thenReturn", "andRespond", "withSuccess",
                     "expect"}),
    not_records=frozenset({"System", "String", "Math", "Objects", "Arrays", "Collections", "List", "Map", "Set",
                           "Optional", "URI", "URL", "HttpRequest", "HttpClient", "log", "LOG", "logger", "LOGGER",
                           "Integer", "Long", "Boolean", "Stream", "Collectors", "MessageFormat", "assertThat",
                           "Assertions", "Assert"}),
    sdk="gitlab4j",
)


def scan(text: str, model: ApiModel) -> list[Touch]:
    from .walk import scan

    return scan(text, model, LANGUAGE)
