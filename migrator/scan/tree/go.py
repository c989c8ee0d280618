"""Go: the grammar (tree-sitter-go), its node vocabulary where it differs from JavaScript's, and
the HTTP clients, request options and mock responses of Go code, as data for the generic walk.

- strings: interpreted ("…") and raw (`…`) literals; ``fmt.Sprintf``/``fmt.Errorf`` formats
  (``%s``, ``%d``, ``%v`` are run-time parts); ``+``; ``path.Join`` and ``url.JoinPath``;
- requests: ``net/http`` (``http.Get(url)``, ``http.NewRequest("PUT", url, body)`` then
  ``client.Do(req)``), resty (``client.R().SetQueryParam("scope", "active").Get(url)``);
- responses: ``resp.Body`` is the record, followed through ``io.ReadAll`` into
  ``json.Unmarshal(body, &mr)`` and through ``json.NewDecoder(resp.Body).Decode(&mr)``;
- fields: ``mr.MergedBy`` is the API's ``merged_by`` (``Language.case``); the SDK
  (gitlab.com/gitlab-org/api/client-go) types its calls, records and options from
  rules/model/go-gitlab.yaml (sdk.py);
- declarations: ``type MergeRequest struct { MergeStatus string `json:"merge_status"` }``;
- mocks: ``fmt.Fprint(w, `{…}`)`` in an ``httptest`` handler, ``httpmock.NewStringResponder``.
"""

from __future__ import annotations

from ...apimodel import ApiModel
from ...values import Touch
from .grammar import Dialect
from .language import Client, Language
from .shapes import Shapes

VERBS = frozenset({"Get", "Post", "Put", "Patch", "Delete", "Head", "PostForm"})

SHAPES = Shapes(
    call="call_expression", new="", arguments="argument_list", callee="function",
    member="selector_expression", subscript="index_expression", receiver="operand", subscript_receiver="operand",
    name="field", index="index",
    string="interpreted_string_literal", other_strings=frozenset({"raw_string_literal"}), template="",
    substitution="", fragment=frozenset({"interpreted_string_literal_content", "raw_string_literal_content"}),
    escape="escape_sequence", binary="binary_expression", concat=frozenset({"+"}),
    compare={"==": "Eq", "!=": "NotEq"}, unary="unary_expression", operand="operand", negate="!",
    object="literal_value", pair="keyed_element", shorthand="", array="",
    identifier=frozenset({"identifier"}), property=frozenset({"field_identifier"}),
    declarator="var_spec", assignment="assignment_statement", bindings=frozenset({"short_var_declaration"}),
    lists=frozenset({"expression_list"}), object_pattern="", pattern_shorthand="", pattern_pair="",
    functions=frozenset({"function_declaration", "method_declaration", "func_literal"}),
    parameters="parameters", parameter="", required_parameters=frozenset({"parameter_declaration"}),
    parameter_name="name", statement_block="block",
    for_of="range_clause", for_element=1, statement="expression_statement", this=frozenset(),
    wrappers=frozenset({"parenthesized_expression", "literal_element"}),
    literals={"true": True, "false": False, "nil": None}, number="int_literal",
    other_numbers=frozenset({"float_literal"}),
    declarations=frozenset({"type_spec"}), declared_field=frozenset({"field_declaration"}),
    struct_members=frozenset({"field_declaration_list"}), field_tag="tag", qualified_type="qualified_type",
    type_wrappers=frozenset({"pointer_type", "slice_type", "array_type"}),
    conversions=frozenset({"type_conversion_expression"}),
    method_receiver="receiver", composite="composite_literal", address="&",
    comment="comment", type_names=frozenset({"type_identifier"}),
    roles={"constructor": "type"},
    formatters=frozenset({"fmt.Sprintf", "fmt.Errorf"}),
    joins=frozenset({"path.Join", "url.JoinPath", "filepath.Join"}),
)

LANGUAGE = Language(
    name="go",
    dialects=(Dialect("go", "tree_sitter_go"),),
    shapes=SHAPES,
    clients=(
        Client("http", callable=False, verbs=VERBS, requests={"NewRequest": (0, 1), "NewRequestWithContext": (1, 2)}),
        Client("resty", callable=False, verbs=VERBS, starters=frozenset({"R"}),
               setters={"SetQueryParam": "query:pair", "SetQueryParams": "query", "SetQueryParamsFromValues": "query",
                        "SetBody": "body", "SetFormData": "form", "SetHeader": "header:pair",
                        "SetHeaders": "header"}),
        # the Go client's own request builder (its services' ``s.client.NewRequest(http.MethodGet,
        # "geo_nodes", opt, options)``; exported, so programs call it too): a path under /api/v4
        Client("gitlab", callable=False, verbs=frozenset(), requests={"NewRequest": (0, 1)}, instances=True,
               rooted=True),
    ),
    locations={},
    method_names={f"http.Method{verb.title()}": verb for verb in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")},
    query_builders=frozenset({"url.Values"}),
    body_members=frozenset({"Body"}),
    callbacks=frozenset(),
    # an httptest handler's ``fmt.Fprint(w, `{…}`)``, ``w.Write([]byte(`{…}`))`` and httpmock's
    # responders write what the API would answer: recordings, their fixes unsafe
    mocks=frozenset({"fmt.Fprint", "fmt.Fprintf", "fmt.Fprintln", "io.WriteString", "w.Write",
                     "httpmock.NewStringResponder", "httpmock.NewBytesResponder", "httpmock.NewJsonResponderOrPanic",
                     "httpmock.NewStringResponse", "NewStringResponder",
                     # a test server's routes and httpmock's registrations: the URL a mock serves
                     "HandleFunc", "Handle", "httpmock.RegisterResponder", "RegisterResponder"}),
    not_records=frozenset({"fmt", "http", "json", "os", "io", "ioutil", "strings", "strconv", "time", "url", "path",
                           "filepath", "log", "errors", "context", "bytes", "sync", "sort", "gitlab", "resty",
                           "httptest", "httpmock", "t", "testing", "flag", "bufio", "regexp", "math"}),
    case="pascal",
    struct_fields=True,
    static=True,
    untyped=frozenset({"any"}),
    # Go's common initialisms (golint's list, the ones API names use): ``WebURL``, ``IPAddress``
    initialisms=frozenset({"ID", "IDS", "URL", "URLS", "IP", "API", "HTTP", "HTTPS", "JSON", "SHA", "SSH", "SSL",
                           "TLS", "UI", "UID", "UUID", "URI", "CPU", "DNS", "HTML", "TTL", "LDAP", "SAML", "SMS"}),
    forwarders=frozenset({"Do", "io.ReadAll", "ioutil.ReadAll", "json.NewDecoder", "bufio.NewReader"}),
    decoders={"json.Unmarshal": 1, "Decode": 0, "SetResult": 0},
    unknown_clients=True,
    sdk="go-gitlab",
)


def scan(text: str, model: ApiModel) -> list[Touch]:
    from .walk import scan

    return scan(text, model, LANGUAGE)
