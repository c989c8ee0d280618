"""Ruby: the grammar, its node vocabulary, and the HTTP clients, request options and mock
responses of its code, as data for the generic walk (walk.py).

Ruby writes ``x.f(a)`` as one call node (receiver, method, arguments) and ``mr.merged_by`` as a
call without arguments, which the walk reads as a member access (``Shapes.callee`` None);
keyword arguments (``get(url, query: {…})``) are one options hash; symbols (``:scope``,
``scope:``) spell names; strings have ``#{}`` parts, heredocs, printf formats (``format``, ``%``)
and ``URI(url)`` wraps a URL.
"""

from __future__ import annotations

from ...apimodel import ApiModel
from ...values import Touch
from .grammar import Dialect
from .language import Client, Language
from .shapes import Shapes

VERBS = frozenset({"get", "post", "put", "patch", "delete", "head"})
NET_HTTP = tuple(Client(f"Net::HTTP::{verb.capitalize()}", callable=False, verbs=frozenset(),
                        methods={"new": verb.upper()}) for verb in VERBS)
SENDS = {"get": "query", "delete": "query", "head": "query", "post": "body", "put": "body", "patch": "body"}

SHAPES = Shapes(
    call="call", new="", arguments="argument_list", callee=None, block="block",
    member="call", subscript="element_reference", receiver="receiver", subscript_receiver="object",
    name="method", index=None,
    string="string", template="", substitution="interpolation",
    fragment=frozenset({"string_content", "heredoc_content"}), escape="escape_sequence",
    texts=frozenset({"heredoc_body"}), heredocs=frozenset({"heredoc_beginning"}),
    symbols=frozenset({"simple_symbol", "hash_key_symbol"}),
    passthrough=frozenset({"URI", "URI.parse", "Kernel.URI"}),
    formatters=frozenset({"format", "sprintf", "Kernel.format", "Kernel.sprintf"}), format_operator="%",
    binary="binary", concat=frozenset({"+", "<<"}), compare={"==": "Eq", "!=": "NotEq"},
    unary="unary", operand="operand", negate="!",
    object="hash", pair="pair", shorthand="", array="array",
    identifier=frozenset({"identifier", "constant", "instance_variable", "class_variable", "global_variable"}),
    sigils="@$", property=frozenset({"identifier", "constant"}),
    instance_variables=frozenset({"instance_variable", "class_variable", "global_variable"}),
    declarator="", assignment="assignment", memo_assignment="operator_assignment", object_pattern="", pattern_shorthand="", pattern_pair="",
    functions=frozenset({"method", "singleton_method", "block", "do_block", "lambda"}),
    parameters="parameters", parameter="", required_parameters=frozenset({"optional_parameter", "keyword_parameter"}),
    parameter_name="name", statement_block="", for_of="", statement="",
    statements=frozenset({"program", "body_statement", "then", "else", "do", "block_body", "begin", "ensure"}),
    this=frozenset({"self"}), parenthesized="parenthesized_statements",
    wrappers=frozenset({"parenthesized_statements"}),
    literals={"true": True, "false": False, "nil": None}, number="integer", other_numbers=frozenset({"float"}),
    declarations=frozenset({"class"}), declared_field=frozenset(), qualified=frozenset({"scope_resolution"}),
    comment="comment", type_names=frozenset({"constant"}),
)

LANGUAGE = Language(
    name="ruby",
    dialects=(Dialect("ruby", "tree_sitter_ruby"),),
    shapes=SHAPES,
    clients=(
        Client("Net::HTTP", callable=False, verbs=frozenset({"get"}),
               methods={"get_response": "GET", "post_form": "POST", "get_print": "GET"}),
        *NET_HTTP,
        Client("HTTParty", callable=False),
        Client("RestClient", callable=False, body_arg=True),
        Client("Faraday", callable=False, factories={"new": "url"}, second=SENDS),
        Client("Excon", callable=False, factories={"new": "url"}),
        Client("HTTP", callable=False),
    ),
    url_keys=frozenset({"url", "path"}),
    method_keys=frozenset({"method"}),
    locations={"query": "query", "params": "query", "body": "body", "payload": "body", "json": "body",
               "form": "form", "headers": "header"},
    serializers=frozenset({"JSON.generate", "JSON.dump"}),
    parsers=frozenset({"JSON.parse", "JSON.load", "Oj.load", "MultiJson.load"}),
    body_members=frozenset({"body", "parsed_response"}),
    keyed_responses=frozenset({"HTTParty"}),
    callbacks=frozenset({"each", "map", "select", "filter", "find", "detect", "reject", "any?", "all?", "none?",
                         "flat_map", "each_with_index", "sort_by", "group_by", "find_all", "count", "sum",
                         "partition", "min_by", "max_by", "filter_map", "each_with_object", "tap", "then"}),
    # WebMock's ``stub_request(…).to_return(body: …)``: what the API answers, recorded
    mocks=frozenset({"to_return", "and_return", "stub_request"}),  # WebMock: the body and the URL stubbed
    not_records=frozenset({"JSON", "Net::HTTP", "HTTParty", "Faraday", "RestClient", "URI", "Kernel", "Rails",
                           "ENV", "File", "Dir", "Time", "Date", "Struct", "Hash", "Array", "String", "Integer",
                           "puts", "p", "pp", "print", "raise", "require", "logger", "Logger", "self", "Gitlab"}),
    key_methods=frozenset({"fetch", "dig", "key?", "has_key?", "include?"}),
    field_declarers=frozenset({"attr_accessor", "attr_reader", "attr_writer"}),
    record_builders=frozenset({"Struct.new", "Data.define"}),
    sdk="gitlab_gem",
    unknown_clients=True,
)


def scan(text: str, model: ApiModel) -> list[Touch]:
    from .walk import scan

    return scan(text, model, LANGUAGE)
