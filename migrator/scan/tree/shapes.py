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
    # the field of a call holding what it calls (``f``, ``x.f``); None: a call holds its receiver
    # and method name itself (Ruby's ``x.f(a)``), and one without arguments or block is a member
    # access (``mr.merged_by``)
    callee: str | None = "function"
    block: str | None = None  # the field of a call holding a block, a callback (Ruby's ``do |mr| … end``)
    # a second call node that carries its receiver and method name (``x.m(args)`` in Java, C#,
    # Kotlin), read by methods.py, and its field naming the method; None: calls are ``call`` only
    method_call: str | None = None
    method_name: str = "name"
    # ``x.f`` and ``x["f"]``: their node types, and the fields of receiver, name and index (None:
    # the index is the node's first named child after its receiver)
    member: str = "member_expression"
    subscript: str = "subscript_expression"
    receiver: str = "object"
    subscript_receiver: str = "object"
    name: str = "property"
    index: str | None = "index"
    # strings: plain literals, template literals with substitutions, and their parts
    string: str = "string"
    template: str = "template_string"
    substitution: str = "template_substitution"
    fragment: frozenset[str] = frozenset({"string_fragment"})
    escape: str = "escape_sequence"
    # more nodes written as strings: Ruby's heredoc bodies, whose opening (``heredoc``) stands
    # where the string is used
    texts: frozenset[str] = frozenset()
    heredoc: str | None = None
    # fragments of a text block whose incidental indentation and line ends are no part of a URL
    block_fragment: frozenset[str] = frozenset()
    # symbols that spell a name (``:scope``, ``scope:`` as a hash key): their text without a ':'
    symbols: frozenset[str] = frozenset()
    # calls whose value is their first argument's string (``URI(url)``) and formatters whose first
    # argument (or left operand of ``format_operator``) is a format with printf placeholders
    passthrough: frozenset[str] = frozenset()
    formatters: frozenset[str] = frozenset()
    format_operator: str | None = None
    # run-time parts a URL template writes inside a literal (``%s``, ``{0}``, ``{id}``), or None
    placeholders: str | None = None
    # the same, for method calls (calls.py): a format string as first argument of a static call or
    # as receiver (``String.format(f, …)``, ``f.formatted(…)``); calls whose value is their
    # receiver's or first argument's string (``URI.create(u)``, ``b.build()``); calls that add a
    # path to their receiver's URL (``fromHttpUrl(base).path("/runners")``)
    format_methods: frozenset[str] = frozenset()
    pass_methods: frozenset[str] = frozenset()
    path_methods: frozenset[str] = frozenset()
    # ``a + b`` (concatenation), comparisons and negation
    binary: str = "binary_expression"
    concat: frozenset[str] = frozenset({"+"})
    compare: dict[str, str] = field(default_factory=lambda: {"===": "Eq", "==": "Eq", "!==": "NotEq", "!=": "NotEq"})
    unary: str = "unary_expression"
    operand: str = "argument"
    negate: str = "!"
    # object literals: ``{key: value, shorthand}``
    object: str = "object"
    pair: str = "pair"
    shorthand: str = "shorthand_property_identifier"
    array: str = "array"
    # names and bindings
    identifier: frozenset[str] = frozenset({"identifier"})
    sigils: str = ""  # what a name may start with that is no part of it (Ruby's ``@mr``, ``$client``)
    property: frozenset[str] = frozenset({"property_identifier"})
    declarator: str = "variable_declarator"
    assignment: str = "assignment_expression"
    memo_assignment: str = ""  # an assignment that binds only with ``memo_operator`` (Ruby's ``@x ||= v``)
    memo_operator: str = "||="
    object_pattern: str = "object_pattern"
    pattern_shorthand: str = "shorthand_property_identifier_pattern"
    pattern_pair: str = "pair_pattern"
    functions: frozenset[str] = frozenset({"function_declaration", "function_expression", "arrow_function",
                                           "method_definition", "function", "generator_function_declaration"})
    parameters: str = "parameters"
    parameter: str = "parameter"
    required_parameters: frozenset[str] = frozenset({"required_parameter", "optional_parameter"})
    parameter_name: str = "pattern"  # the field of a required parameter naming it
    # a function whose body is an expression, not a block of statements (``r => r.json()``)
    statement_block: str = "statement_block"
    for_of: str = "for_in_statement"
    for_fields: tuple[str, str] = ("left", "right")  # the name bound, the iterable
    statement: str = "expression_statement"
    statements: frozenset[str] = frozenset()  # nodes whose children are statements (Ruby's ``program``, bodies)
    this: frozenset[str] = frozenset({"this", "super"})
    parenthesized: str = "parenthesized_expression"
    # what only wraps an expression: ``(x)``, ``await x``, ``x!``, ``x as T``
    wrappers: frozenset[str] = frozenset({"parenthesized_expression", "await_expression", "non_null_expression",
                                          "as_expression", "satisfies_expression", "type_assertion"})
    # literals and their values (a literal's code is its node type: ``null``, ``nil``)
    literals: dict[str, object] = field(default_factory=lambda: {"true": True, "false": False, "null": None})
    literal_codes: dict[str, str] = field(default_factory=dict)  # a literal's code, where its node type is not it
    number: str = "number"
    # declarations of a record's fields (display-only): interfaces, object types, class fields
    declarations: frozenset[str] = frozenset({"interface_declaration", "type_alias_declaration", "class_declaration",
                                              "abstract_class_declaration"})
    declared_field: frozenset[str] = frozenset({"property_signature", "public_field_definition"})
    declared_name: str = "name"  # the field of a declared field naming it (Java: its declarator)
    # module paths named as one (``Net::HTTP::Put``)
    qualified: frozenset[str] = frozenset()
    comment: str = "comment"
    annotation: str | None = None  # ``@GET("…")``, ``@JsonProperty("…")`` (Java)
    modifiers: str | None = None  # the node holding a declaration's annotations (Java)
    marker: str = "-"  # an annotation without arguments (``@GET``)
    interfaces: frozenset[str] = frozenset()  # declarations a client's routes are written in
    enum: str | None = None  # ``enum RunnerScope { ACTIVE("active"), … }`` and its members
    enum_member: str = "-"
    block_comment: str = "comment"  # a second comment node type (Java: ``/* … */``)
    type_names: frozenset[str] = frozenset({"type_identifier"})
