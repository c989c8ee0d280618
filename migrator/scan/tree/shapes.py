"""A language's node vocabulary, as data: which tree-sitter node types and fields are a call, a
member access, a string, an object literal, a comparison … The walk (walk.py) and the string
templates (strings.py) read only this, so a new C-like language is a new ``Shapes`` value."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Shapes:
    # calls: ``f(args)``; ``new F(args)``
    call: str = "call_expression"
    new: str = "new_expression"
    arguments: str = "arguments"
    # calls that carry their receiver and method name themselves (``x.m(args)`` in Java, C#,
    # Kotlin: fields ``object`` and ``name``), read by methods.py; None: calls are ``call`` only
    method_call: str | None = None
    # ``x.f`` (its name in the field ``property``) and ``x["f"]``
    member: str = "member_expression"
    member_name: str = "property"
    subscript: str = "subscript_expression"
    # strings: plain literals, template literals with substitutions, and their parts
    string: str = "string"
    template: str = "template_string"
    substitution: str = "template_substitution"
    fragment: frozenset[str] = frozenset({"string_fragment"})
    escape: str = "escape_sequence"
    # fragments of a text block whose incidental indentation and line ends are no part of a URL
    block_fragment: frozenset[str] = frozenset()
    # run-time parts a URL template writes inside a literal (``%s``, ``{0}``, ``{id}``), or None
    placeholders: str | None = None
    # calls that build a string (calls.py): a format string as first argument of a static call or
    # as receiver (``String.format(f, …)``, ``f.formatted(…)``); calls whose value is their
    # receiver's or first argument's string (``URI.create(u)``, ``b.build()``); calls that add a
    # path to their receiver's URL (``fromHttpUrl(base).path("/runners")``)
    format_methods: frozenset[str] = frozenset()
    pass_methods: frozenset[str] = frozenset()
    path_methods: frozenset[str] = frozenset()
    # ``a + b`` (concatenation), comparisons and negation
    binary: str = "binary_expression"
    concat: str = "+"
    compare: dict[str, str] = field(default_factory=lambda: {"===": "Eq", "==": "Eq", "!==": "NotEq", "!=": "NotEq"})
    unary: str = "unary_expression"
    unary_operand: str = "argument"
    negate: str = "!"
    # object literals: ``{key: value, shorthand}``
    object: str = "object"
    pair: str = "pair"
    shorthand: str = "shorthand_property_identifier"
    array: str = "array"
    # names and bindings
    identifier: frozenset[str] = frozenset({"identifier"})
    property: frozenset[str] = frozenset({"property_identifier"})
    declarator: str = "variable_declarator"
    assignment: str = "assignment_expression"
    object_pattern: str = "object_pattern"
    pattern_shorthand: str = "shorthand_property_identifier_pattern"
    pattern_pair: str = "pair_pattern"
    functions: frozenset[str] = frozenset({"function_declaration", "function_expression", "arrow_function",
                                           "method_definition", "function", "generator_function_declaration"})
    parameters: str = "parameters"
    parameter: str = "parameter"
    required_parameters: frozenset[str] = frozenset({"required_parameter", "optional_parameter"})
    parameter_name: str = "pattern"  # the field of a required parameter naming it
    for_of: str = "for_in_statement"
    for_fields: tuple[str, str] = ("left", "right")  # the name bound, the iterable
    statement: str = "expression_statement"
    this: frozenset[str] = frozenset({"this", "super"})
    # what only wraps an expression: ``(x)``, ``await x``, ``x!``, ``x as T``
    wrappers: frozenset[str] = frozenset({"parenthesized_expression", "await_expression", "non_null_expression",
                                          "as_expression", "satisfies_expression", "type_assertion"})
    # literals and their values
    literals: dict[str, object] = field(default_factory=lambda: {"true": True, "false": False, "null": None})
    number: str = "number"
    # declarations of a record's fields (display-only): interfaces, object types, class fields
    declarations: frozenset[str] = frozenset({"interface_declaration", "type_alias_declaration", "class_declaration",
                                              "abstract_class_declaration"})
    declared_field: frozenset[str] = frozenset({"property_signature", "public_field_definition"})
    declared_name: str = "name"  # the field of a declared field naming it (Java: its declarator)
    comment: str = "comment"
    annotation: str | None = None  # ``@GET("…")``, ``@JsonProperty("…")`` (Java)
    modifiers: str | None = None  # the node holding a declaration's annotations (Java)
    marker: str = "-"  # an annotation without arguments (``@GET``)
    interfaces: frozenset[str] = frozenset()  # declarations a client's routes are written in
    enum: str | None = None  # ``enum RunnerScope { ACTIVE("active"), … }`` and its members
    enum_member: str = "-"
    block_comment: str = "comment"  # a second comment node type (Java: ``/* … */``)
    type_names: frozenset[str] = frozenset({"type_identifier"})
