"""C#: the grammar (tree-sitter-c-sharp), its node vocabulary, and the HTTP clients, SDK and mock
responses of its code, as data for the generic walk (walk.py; its calls, which hold their member
access ``client.GetAsync``, are read by methods.py as Java's method calls are).

Strings: literals, interpolated ``$"{api}/runners/{id}"`` (and ``$@"…"``, raw ones), verbatim
``@"…"`` (``""`` is a quote), raw (three quotes or more), ``+``, ``string.Format("{0}/runners/{1}", …)``,
``new Uri(u)``. Requests: ``HttpClient`` (``GetAsync(url)``, ``PostAsJsonAsync(url, body)``,
``GetFromJsonAsync<T>(url)``, ``SendAsync(new HttpRequestMessage(HttpMethod.Put, url))``) and
RestSharp (``new RestRequest(url, Method.Put)``, ``client.GetAsync<T>(request)``). Records:
properties in PascalCase (``mr.MergedBy``), keys (``mr["merged_by"]``,
``JsonElement.GetProperty("merged_by")``, ``Value<string>("merged_by")``), comparisons (``==``,
``.Equals("paused")``), classes and records declaring ``[JsonPropertyName("merge_status")]`` or
``[JsonProperty("merge_status")]`` properties, NGitLab (rules/model/ngitlab.yaml). Mocks:
RichardSzalay.MockHttp's ``When(url).Respond(…)``, WireMock.Net's ``Given(…).RespondWith(…)``,
``StringContent("{…}")`` in a handler stub: recordings.
"""

from __future__ import annotations

from ...apimodel import ApiModel
from ...values import Touch
from .grammar import Dialect
from .language import Chains, Language
from .shapes import Shapes

NONE = "-"  # a node type C# does not have
# HttpClient's methods sending to their first argument, and their HTTP method
SENDS = {"GetAsync": "GET", "GetStringAsync": "GET", "GetStreamAsync": "GET", "GetByteArrayAsync": "GET",
         "GetFromJsonAsync": "GET", "PostAsync": "POST", "PostAsJsonAsync": "POST", "PutAsync": "PUT",
         "PutAsJsonAsync": "PUT", "PatchAsync": "PATCH", "PatchAsJsonAsync": "PATCH", "DeleteAsync": "DELETE",
         "DeleteFromJsonAsync": "DELETE",
         # RestSharp's RestClient, given a URL or a RestRequest
         "PostJsonAsync": "POST", "PutJsonAsync": "PUT", "Get": "GET", "Post": "POST", "Put": "PUT",
         "Patch": "PATCH", "Delete": "DELETE", "PostAsync": "POST", "PutAsync": "PUT", "DeleteAsync": "DELETE",
         "ExecuteGetAsync": "GET", "ExecutePostAsync": "POST", "ExecutePutAsync": "PUT"}
# what the code names the HTTP method with: ``HttpMethod.Put``, RestSharp's ``Method.Put`` (also
# ``Method.PUT`` in RestSharp before 107)
VERBS = {"GET": "GET", "POST": "POST", "PUT": "PUT", "PATCH": "PATCH", "DELETE": "DELETE", "HEAD": "HEAD"}

SHAPES = Shapes(
    call=NONE, method_call="invocation_expression", method_callee="function", generic="generic_name",
    new="object_creation_expression", arguments="argument_list", argument="argument",
    member="member_access_expression", receiver="expression", name="name",
    aliases={"member_binding_expression": "member_access_expression"},
    conditional={"member_binding_expression": ("conditional_access_expression", "condition")},
    subscript="element_access_expression", subscript_receiver="expression", index="subscript",
    string="string_literal", other_strings=frozenset({"verbatim_string_literal", "raw_string_literal"}),
    verbatim={"verbatim_string_literal": ('@"', '"', '""')},
    template="interpolated_string_expression", substitution="interpolation",
    punctuation=frozenset({"interpolation_brace", "interpolation_start", "interpolation_quote",
                           "raw_string_start", "raw_string_end", "interpolation_format_clause",
                           "interpolation_alignment_clause"}),
    fragment=frozenset({"string_literal_content", "string_content", "raw_string_content"}),
    block_fragment=frozenset({"raw_string_content"}),
    escape="escape_sequence",
    # string.Format's {0} and {1,8:D}, Refit's route parameters {id}
    placeholders=r"\{\w+(?:,-?\d+)?(?::[^{}]*)?\}",
    format_methods=frozenset({"Format"}),
    pass_methods=frozenset({"Uri", "ToString", "AbsoluteUri", "Parse"}),
    compare={"==": "Eq", "!=": "NotEq", "is": "Eq"}, patterns=frozenset({"is_pattern_expression"}),
    switches={"switch_statement": ("switch_section", "constant_pattern"),
              "switch_expression": ("switch_expression_arm", "constant_pattern")},
    unary="prefix_unary_expression", operand="operand",
    # ``new { active = false }`` and initializers: ``new RunnerUpdate { Active = false }``, a dictionary's
    # ``{ ["active"] = false }``; their entries are assignments
    object="anonymous_object_creation_expression", other_objects=frozenset({"initializer_expression"}),
    bare_pair="=", pair="assignment_expression", listed_pair="initializer_expression", shorthand=NONE, array="array_creation_expression",
    renamed={"assignment_expression": {"key": "left", "value": "right"},
             "is_pattern_expression": {"left": "expression", "right": "pattern"}},
    positional={"switch_expression": {"value": 0}},
    identifier=frozenset({"identifier", "implicit_parameter"}), property=frozenset({"identifier"}),
    declarator="variable_declarator", value_after="=", assignment="assignment_expression",
    object_pattern=NONE, pattern_shorthand=NONE, pattern_pair=NONE,
    functions=frozenset({"method_declaration", "constructor_declaration", "lambda_expression",
                         "local_function_statement", "anonymous_method_expression"}),
    parameters="parameters", parameter="parameter", required_parameters=frozenset({"parameter"}),
    parameter_name="name", statement_block="block",
    for_of="foreach_statement", for_fields=("left", "right"), statement="expression_statement",
    this=frozenset({"this_expression", "base_expression", "this", "base"}),
    wrappers=frozenset({"parenthesized_expression", "await_expression", "cast_expression", "argument",
                        "attribute_argument",
                        "bracketed_argument_list", "element_binding_expression", "constant_pattern", "postfix_unary_expression",
                        "checked_expression"}),
    literals={"true": True, "false": False, "null_literal": None}, literal_codes={"null_literal": "null"},
    valued=frozenset({"boolean_literal"}),
    number="integer_literal", other_numbers=frozenset({"real_literal"}),
    declarations=frozenset({"class_declaration", "record_declaration", "struct_declaration"}),
    namespaces=frozenset({"namespace_declaration", "file_scoped_namespace_declaration"}),
    declared_field=frozenset({"property_declaration", "field_declaration"}), components="parameter_list",
    comment="comment", block_comment="comment",
    annotation="attribute", modifiers="attribute_list", marker=NONE, annotation_arguments="attribute_argument_list",
    interfaces=frozenset({"interface_declaration"}), enum="enum_declaration", enum_member="enum_member_declaration",
    type_names=frozenset({"identifier", "predefined_type"}),  # ``string.Format``: a static call
    roles={"value": "value"},
)

LANGUAGE = Language(
    name="csharp",
    dialects=(Dialect("csharp", "tree_sitter_c_sharp"),),
    shapes=SHAPES,
    clients=(),
    unknown_clients=False,
    chains=Chains(
        url=frozenset({*SENDS, "HttpRequestMessage", "RestRequest", "Uri"}),
        url_at={"HttpRequestMessage": 1},
        verbs={**SENDS, "HttpRequestMessage": "GET", "RestRequest": "GET"},
        method=frozenset({"HttpRequestMessage", "RestRequest", "Method", "HttpMethod"}),
        query=frozenset({"AddQueryParameter", "AddParameter"}),
        decoders=frozenset({"Deserialize", "DeserializeObject", "DeserializeAsync", "Parse", "ParseAsync",
                            "FromObject", "ToObject"}),
        typed=frozenset({"GetFromJsonAsync", "GetAsync", "PostAsync", "PutAsync", "PatchAsync", "DeleteAsync",
                         "GetJsonAsync", "PostJsonAsync", "PutJsonAsync", "Get", "Post", "Put", "Delete"}),
        # HttpClient's content after the URL; RestSharp's body added to a request
        bodies={**{m: 1 for m in ("PostAsync", "PutAsync", "PatchAsync", "PostAsJsonAsync", "PutAsJsonAsync",
                                   "PatchAsJsonAsync", "PostJsonAsync", "PutJsonAsync")},
                "AddJsonBody": 0, "AddBody": 0, "AddObject": 0, "AddStringBody": 0},
        headers=frozenset({"AddHeader", "AddOrUpdateHeader", "AddDefaultHeader", "TryAddWithoutValidation"}),
        header_members=frozenset({"DefaultRequestHeaders", "Headers"}), header_properties=frozenset({"Authorization"}),
    ),
    # what a body is built with: ``JsonContent.Create(body)``, ``new StringContent(json, …)``,
    # ``new FormUrlEncodedContent(pairs)``, ``JsonSerializer.Serialize(body)``, Json.NET's
    # ``SerializeObject``; a new request's initializer sending its ``Content``
    serializers=frozenset({"Create", "StringContent", "FormUrlEncodedContent", "Serialize", "SerializeObject",
                           "SerializeAsync"}),
    locations={"content": "body"},
    body_members=frozenset({"Content", "Data", "GetFromJsonAsync", "ReadFromJsonAsync", "ReadAsStringAsync",
                            "ReadAsStreamAsync", "RootElement"}),
    forwarders=frozenset({"SendAsync", "Send", "ExecuteAsync", "Execute", "GetAsync", "PostAsync", "PutAsync",
                          "DeleteAsync", "ConfigureAwait", "EnsureSuccessStatusCode"}),
    case="pascal",
    initialisms=frozenset(),
    capitalised_types=True,
    # a property's value may be null (``bool?``) unless NGitLab's data says ``bool``; and a
    # property of a class the program declares is named, not typed: renaming it compiles only
    # where the class declares the new one (NGitLab's records are typed)
    nullable=frozenset({"member_access_expression"}),
    boolean="bool",
    struct_fields=True,
    key_methods=frozenset({"GetProperty", "TryGetProperty", "Value", "GetValue", "TryGetValue", "ContainsKey",
                           "SelectToken", "Property"}),
    equality_methods=frozenset({"Equals"}),
    element_methods=frozenset({"First", "FirstOrDefault", "Single", "SingleOrDefault", "Last", "LastOrDefault",
                               "ElementAt", "Where", "OrderBy", "OrderByDescending", "ToList", "ToArray", "Take",
                               "Skip", "Distinct", "AsEnumerable", "EnumerateArray", "Result", "GetAwaiter",
                               "GetResult", "ReadFromJsonAsync", "ReadAsStringAsync", "ReadAsStreamAsync",
                               "RootElement", "Value"}),
    callbacks=frozenset({"Where", "Select", "Any", "All", "First", "FirstOrDefault", "Single", "SingleOrDefault",
                         "Count", "OrderBy", "OrderByDescending", "ForEach", "ContinueWith", "SelectMany",
                         "Last", "LastOrDefault", "TakeWhile", "SkipWhile", "GroupBy", "ToDictionary", "Sum"}),
    key_annotations=frozenset({"JsonPropertyName", "JsonProperty", "DataMember"}),
    # Refit's client interfaces: ``[Get("/projects/{id}/merge_requests/{iid}/changes")]``
    route_annotations={"Get": "GET", "Post": "POST", "Put": "PUT", "Patch": "PATCH", "Delete": "DELETE",
                       "Head": "HEAD"},
    # RichardSzalay.MockHttp's ``mock.When(url).Respond("application/json", "{…}")`` and ``Expect``,
    # WireMock.Net's ``server.Given(Request.Create().WithPath(p)).RespondWith(Response.Create()
    # .WithBody("{…}"))``, Moq's ``ReturnsAsync(new HttpResponseMessage { Content = new
    # StringContent("{…}") })`` and a stub handler's ``new HttpResponseMessage {…}``: recordings of what
    # the API answers, and the URL a mock serves
    mocks=frozenset({"When", "Expect", "Respond", "RespondWith", "WithBody", "WithBodyAsJson", "WithPath",
                     "Given", "ReturnsAsync", "Returns", "SetupRequest", "HttpResponseMessage"}),
    not_records=frozenset({"Console", "Math", "String", "string", "Convert", "JsonSerializer", "JsonConvert",
                           "Uri", "HttpMethod", "Method", "Task", "Environment", "Path", "File", "Directory",
                           "Assert", "Debug", "Trace", "log", "logger", "_logger", "Logger", "Log", "Encoding",
                           "StringComparison", "TimeSpan", "DateTime", "Guid", "Enumerable", "HttpClient",
                           "JObject", "JArray", "JToken", "JsonDocument", "JsonNode", "Regex", "Utils"}),
    sdk="ngitlab",
)


def scan(text: str, model: ApiModel) -> list[Touch]:
    from .walk import scan

    return scan(text, model, LANGUAGE)
