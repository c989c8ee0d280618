"""The syntactic forms a touch is written in, for the fixers: one name per form, and the groups
of forms the fix intents name (migrator/fix/intents).

A member equals its name as written (``Syntax.DICT_KEY == "dict-key"``), so rule data, tests and
reports that compare with strings keep working.
"""

from __future__ import annotations

from enum import StrEnum


class Syntax(StrEnum):
    NONE = ""
    COMMENT = "comment"  # a suppression in a comment (filters.py)
    # Python (scan/python.py, scan/pycalls.py)
    ATTRIBUTE = "attribute"  # x.f
    SUBSCRIPT = "subscript"  # x["f"]
    GET = "get"  # x.get("f"), x.pop("f"), x.setdefault("f")
    GETATTR = "getattr"  # getattr(x, "f"), hasattr(x, "f")
    NAMED_EXPR = "named-expr"  # (s := x.f) == "v"
    MATCH = "match"  # match x.f: case "v":
    DICT_KEY = "dict-key"  # {"f": v}
    KWARG = "kwarg"  # call(f=v)
    HEADER = "header"  # headers={"Name": v}
    STRING = "string"  # an expression building a URL
    METHOD = "method"  # record.method()
    MANAGER = "manager"  # gl.manager
    PYTHON = "python"  # a telemetry message built in Python
    PYTHON_JSON_KEY = "python-json-key"  # a key of JSON held in a Python string: '{"f": 1}' (a mock response)
    STRING_JSON_KEY = "string-json-key"  # a key of JSON held in a string of a tree-sitter language (a mock response)
    KEY_NAME = "key-name"  # a key's name listed as a string ({k: v for k, v in locals().items() if k in ("f",)})
    DECLARATION = "declaration"  # a model class's field, or a value its Enum, Literal or validator lists
    ATTRIBUTE_LIST = "attribute-list"  # a name in a python-gitlab manager's _create_attrs, _update_attrs, _list_filters
    # shell (scan/shell.py, scan/httpclients.py, scan/jq.py)
    URL = "url"
    GLAB_ENDPOINT = "glab-endpoint"
    URL_QUERY = "url-query"
    CURL_DATA = "curl-data"
    CURL_DATA_URLENCODE = "curl-data-urlencode"
    CURL_DATA_JSON = "curl-data-json"  # a JSON body read by --data-urlencode @- (url-encoded: no JSON)
    CURL_FORM = "curl-form"
    CURL_JSON = "curl-json"
    CURL_HEADER = "curl-header"
    GLAB_FIELD = "glab-field"
    GLAB_RAW_FIELD = "glab-raw-field"
    GLAB_HEADER = "glab-header"
    WGET_DATA = "wget-data"
    WGET_JSON = "wget-json"
    WGET_HEADER = "wget-header"
    HTTPIE_FIELD = "httpie-field"
    HTTPIE_JSON = "httpie-json"
    HTTPIE_QUERY = "httpie-query"
    HTTPIE_HEADER = "httpie-header"
    JQ = "jq"  # .f
    JQ_SHORTHAND = "jq-shorthand"  # {f}
    JQ_HAS = "jq-has"  # has("f")
    JQ_INDEX = "jq-index"  # .["f"]
    # recorded JSON and YAML (scan/recorded.py, scan/recreq.py), API logs, .proto files
    JSON_KEY = "json-key"
    YAML_KEY = "yaml-key"
    JSON_STRING = "json-string"  # a recorded URL held in a JSON string
    YAML_SCALAR = "yaml-scalar"  # a recorded URL held in a YAML scalar
    FORM_FIELD = "form-field"  # a field of a recorded form body
    LOG = "log"  # a parameter of an API log line (migrator audit-log)
    PROTO = "proto"
    # any other text (scan/endpoints.py)
    TEXT_URL = "text-url"  # an endpoint URL written in a file no other kind reads


S = Syntax
ACCESS = frozenset({S.ATTRIBUTE, S.SUBSCRIPT, S.GET, S.GETATTR})
ENTRY = frozenset({S.DICT_KEY, S.KWARG})
PAIRS = frozenset({S.CURL_DATA, S.CURL_DATA_URLENCODE, S.CURL_FORM, S.GLAB_FIELD, S.GLAB_RAW_FIELD, S.WGET_DATA,
                   S.HTTPIE_FIELD, S.HTTPIE_JSON, S.HTTPIE_QUERY, S.URL_QUERY})
"""``name=value`` sent by a shell command: a form, data or query field, or one of a URL's query."""
JSON_BODIES = frozenset({S.CURL_JSON, S.WGET_JSON})
"""A member of a JSON body written in a shell command."""
SHELL_FIELDS = PAIRS | JSON_BODIES
# A URL written as text in its host, its query fields edited in place: a recorded URL in a JSON
# or YAML string, an endpoint URL in any other text.
URL_TEXTS = frozenset({S.YAML_SCALAR, S.JSON_STRING, S.TEXT_URL})
"""A recorded request's URL (its query fields are params of this syntax too)."""
JQ_FORMS = frozenset({S.JQ, S.JQ_SHORTHAND, S.JQ_HAS, S.JQ_INDEX})
DECLARED = frozenset({S.DECLARATION, S.ATTRIBUTE_LIST})
"""What a library declares (scan/pydecl.py): its public interface, which no fix intent rewrites."""
SHELL = SHELL_FIELDS | JQ_FORMS | {S.URL, S.GLAB_ENDPOINT}
"""Forms whose host is a shell script (a file, or a CI job's YAML scalar)."""
