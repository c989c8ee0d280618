"""A language's node vocabulary, as data: which tree-sitter node types and fields are a call, a
member access, a string, an object literal, a comparison … The walk (walk.py) and the string
templates (strings.py) read only this, so a new C-like language is a new ``Shapes`` value.

The defaults are JavaScript's (tree-sitter-javascript and -typescript). A grammar whose fields
are named otherwise (Go's ``x.f`` is a ``selector_expression`` with ``operand`` and ``field``)
names them in ``receiver``, ``name``, ``callee``, ``operand``, ``parameter_name`` (Ruby's call layout
too: ``callee`` None), and any other part in ``roles``: the walk asks for a node's part by its
JavaScript field name (``f``), or through nodes.py's ``receiver``, ``member_name``, ``callee``."""

from __future__ import annotations

from dataclasses import dataclass, field
import builtins
from typing import Any


@dataclass(frozen=True)
class Shapes:
    """A grammar's node vocabulary, as the walk reads it."""

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
    # the field of such a call holding the member access that names its receiver and method
    # (C#'s ``client.GetAsync(url)`` is an invocation of ``client.GetAsync``); None: the call holds
    # them itself (Java); and a name given type arguments (``GetFromJsonAsync<MergeRequest>``)
    method_callee: str | None = None
    generic: str = "-"
    # ``x.f`` and ``x["f"]``: their node types, and the fields of receiver, name and index (None:
    # the index is the node's first named child after its receiver)
    member: str = "member_expression"
    # member accesses (``aliases`` of ``member``) whose receiver is a part of the node holding them
    # (C#'s ``mr?.MergedBy``: a ``member_binding_expression`` ``.MergedBy`` in a
    # ``conditional_access_expression`` whose ``condition`` is ``mr``): node type → (the holder's
    # type, its field holding the receiver); such a read may be null whatever its type (sdk.typing)
    conditional: dict[str, tuple[str, str]] = field(default_factory=dict)
    subscript: str = "subscript_expression"
    receiver: str = "object"
    subscript_receiver: str = "object"
    name: str = "property"
    index: str | None = "index"
    # a node wrapping one argument of a call (C#'s ``argument``, ``name: value`` too; PHP's
    # ``argument``): its value is its last named child
    argument: str = "-"
    # strings: plain literals, template literals with substitutions, and their parts
    string: str = "string"
    template: str = "template_string"
    substitution: str = "template_substitution"
    fragment: frozenset[str] = frozenset({"string_fragment"})
    escape: str = "escape_sequence"
    # expressions a string holds as its parts with no node around them (PHP's ``"$id"``,
    # ``"{$mr->iid}"``), read as ``substitution``s are (``substituted``)
    interpolated: frozenset[str] = frozenset()
    # named nodes of a string or a substitution that are only its punctuation, no code of it (C#'s
    # ``interpolation_brace``, ``interpolation_start``: ``$"`` … ``{`` … ``}``)
    punctuation: frozenset[str] = frozenset()
    # strings written as one token, with their opening and closing quotes and how a quote is
    # written inside (C#'s verbatim ``@"a""b"``: ``('@"', '"', '""')``)
    verbatim: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    # more nodes written as strings: heredoc bodies, and the nodes standing where the string is used
    # (``heredocs``): Ruby's opening, whose body follows the line; PHP's heredoc, holding its body
    texts: frozenset[str] = frozenset()
    heredocs: frozenset[str] = frozenset()
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
    # the same, for method calls (strings.py): a format string as first argument of a static call or
    # as receiver (``String.format(f, …)``, ``f.formatted(…)``); calls whose value is their
    # receiver's or first argument's string (``URI.create(u)``, ``b.build()``); calls that add a
    # path to their receiver's URL (``fromHttpUrl(base).path("/runners")``)
    format_methods: frozenset[str] = frozenset()
    pass_methods: frozenset[str] = frozenset()
    path_methods: frozenset[str] = frozenset()
    # ``a + b`` (concatenation), comparisons and negation
    binary: str = "binary_expression"
    # comparisons written as a match of a pattern, read as ``binary`` ones: their ``left`` and
    # ``right`` (``renamed``) and their operator, a word of ``compare`` (C#'s ``x is "paused"``)
    patterns: frozenset[str] = frozenset()
    # a switch on a value (its ``value``, ``positional`` where unnamed): its type → (the type of
    # its cases, of a case's constant patterns), each compared with the value (C#'s ``case "paused":``)
    switches: dict[str, tuple[str, str]] = field(default_factory=dict)
    concat: frozenset[str] = frozenset({"+"})
    compare: dict[str, str] = field(default_factory=lambda: {"===": "Eq", "==": "Eq", "!==": "NotEq", "!=": "NotEq"})
    unary: str = "unary_expression"
    operand: str = "argument"
    negate: str = "!"
    # object literals: ``{key: value, shorthand}``; more node types holding entries, read only where
    # a request sends them or an SDK's options are (C#'s initializer ``{ Active = false }`` beside
    # its anonymous ``new { active = false }``), and the token between a key and its value where an
    # object holds its entries with no node around them (C#'s "=")
    object: str = "object"
    other_objects: frozenset[str] = frozenset()
    bare_pair: str = ""
    pair: str = "pair"
    listed_pair: str = "-"  # an entry written as a list of its key and value (C#'s ``{ "active", false }``)
    shorthand: str = "shorthand_property_identifier"
    array: str = "array"
    # names and bindings
    identifier: frozenset[str] = frozenset({"identifier"})
    sigils: str = ""  # what a name may start with that is no part of it (Ruby's ``@mr``, ``$client``)
    property: frozenset[str] = frozenset({"property_identifier"})
    declarator: str = "variable_declarator"
    # the token after which a declarator's value is written, where no field holds it (C#'s "=")
    value_after: str | None = None
    assignment: str = "assignment_expression"
    memo_assignment: str = ""  # an assignment that binds only with ``memo_operator`` (Ruby's ``@x ||= v``)
    memo_operator: str = "||="
    augmented: str = ""  # ``x op= v``: a name bound to a URL's text grows by ``.=`` (PHP) where op concatenates
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
    # literals known by their text, not their type: their value is their text's, in any case, in
    # ``literals`` (C#'s ``boolean_literal``: true; PHP's ``boolean``: TRUE)
    valued: frozenset[str] = frozenset()
    number: str = "number"
    # declarations of a record's fields (display-only): interfaces, object types, class fields
    declarations: frozenset[str] = frozenset({"interface_declaration", "type_alias_declaration", "class_declaration",
                                              "abstract_class_declaration"})
    declared_field: frozenset[str] = frozenset({"property_signature", "public_field_definition"})
    declared_name: str = "name"  # the field of a declared field naming it (Java: its declarator)
    namespaces: frozenset[str] = frozenset()  # what a declaration may be declared in (C#'s namespaces)
    components: str = "-"  # a record's component list where no field holds it (C#'s ``record R(string A)``)
    # module paths named as one (``Net::HTTP::Put``)
    qualified: frozenset[str] = frozenset()
    comment: str = "comment"
    annotation: str | None = None  # ``@GET("…")``, ``@JsonProperty("…")`` (Java)
    modifiers: str | None = None  # the node holding a declaration's annotations (Java)
    marker: str = "-"  # an annotation without arguments (``@GET``)
    # the node holding an annotation's arguments where no field does (C#'s ``attribute_argument_list``)
    annotation_arguments: str = "-"
    interfaces: frozenset[str] = frozenset()  # declarations a client's routes are written in
    enum: str | None = None  # ``enum RunnerScope { ACTIVE("active"), … }`` and its members
    enum_member: str = "-"
    block_comment: str = "comment"  # a second comment node type (Java: ``/* … */``)
    type_names: frozenset[str] = frozenset({"type_identifier"})
    # ------------------------------------------------ what other grammars add (JavaScript: none)
    # a part's field name where the grammar does not use JavaScript's: ``{"object": "operand"}``
    roles: dict[str, str] = field(default_factory=dict)
    other_strings: frozenset[str] = frozenset()  # Go's raw (backtick) strings beside its "…" ones
    other_numbers: frozenset[str] = frozenset()  # Go's int_literal, float_literal beside "number"
    lists: frozenset[str] = frozenset()  # ``a, b := x, y``: both sides are lists
    bindings: frozenset[str] = frozenset()  # assignments that declare: Go's ``x := v``
    for_element: int = 0  # which name of a ``for`` loop's left side is the element (Go: ``_, x``)
    struct_members: frozenset[str] = frozenset()  # the list a declaration's fields are in
    composite: str = ""  # a literal of a named type: Go's ``T{…}`` (its ``type``, and ``object`` its body)
    address: str = ""  # the operator taking a value's address, which is still that value: Go's ``&``
    method_receiver: str = ""  # a method's receiver, a parameter before its name: Go's ``func (m *T) f()``
    qualified_type: str = ""  # ``gitlab.Runner``: a type named in a package
    # names an object holds, which every method and block sees: Ruby's ``@mr`` set in an RSpec
    # ``before`` block is read in its ``it`` blocks
    instance_variables: frozenset[str] = frozenset()
    conversions: frozenset[str] = frozenset()  # a value converted to a type is its ``operand``: Go's ``[]byte(s)``
    type_wrappers: frozenset[str] = frozenset()  # types around a named type: Go's ``*T``, ``[]T``, ``[2]T``
    # a module's imports, where a type imported from another package is that package's (TypeScript)
    imports: str = ""
    field_tag: str = ""  # a declared field's tag, naming its JSON key (Go: ``json:"merge_status"``)
    # calls joining their arguments into a path with "/" (``path.Join``, ``url.JoinPath``)
    joins: frozenset[str] = frozenset()
    # parts a grammar gives no field name (PHP's ``'k' => v``, ``$mr['k']``, ``new T(…)``): node
    # type → {part's field name as this Shapes names it: index among the node's named children
    # that have no field, from the end where negative}
    positional: dict[str, dict[str, int]] = field(default_factory=dict)
    # node types read as another (``kind``): PHP's nullsafe ``$mr?->merged_by`` as ``$mr->merged_by``,
    # its static call ``Http::get($url)`` as a method call whose receiver is its class, C#'s
    # ``.MergedBy`` of ``mr?.MergedBy`` as a member access (``conditional``); and the fields a node
    # names otherwise (``{"scoped_call_expression": {"object": "scope"}}``, C#'s initializer entry
    # ``Active = false``, an assignment whose key is its ``left``)
    aliases: dict[str, str] = field(default_factory=dict)
    promoted: frozenset[str] = frozenset()  # a method's parameters that declare a field of its class (PHP)
    renamed: dict[str, dict[str, str]] = field(default_factory=dict)

    def kind(self, node: Any) -> str:
        """A node's type as the walk reads it (``aliases``)."""
        return self.aliases.get(node.type, node.type)

    def part(self, node: Any, name: str | None) -> Any:
        """A node's part by its field name, or by its position where the grammar names none."""
        if node is None or name is None:
            return None
        name = self.renamed.get(node.type, {}).get(name, name)
        found = node.child_by_field_name(name)
        at = self.positional.get(node.type, {}).get(name) if found is None else None
        if at is None:
            return found
        listed = [c for i, c in enumerate(node.children)
                  if c.is_named and c.type not in (self.comment, self.block_comment) and node.field_name_for_child(i) is None]
        return listed[at] if -len(listed) <= at < len(listed) else None

    def substituted(self, part: Any) -> Any:
        """The code a string's part substitutes (``${x}``, ``#{x}``, PHP's ``$x``, C#'s ``{x}``
        without its ``punctuation``), or None where the part is text."""
        if part.type == self.substitution:
            return next((c for c in part.named_children if c.type not in self.punctuation), part)
        return part if part.type in self.interpolated else None

    def f(self, node: Any, role: str) -> Any:
        """A node's part by its JavaScript field name (``object``, ``property``, ``function``,
        ``argument``, ``pattern`` …), in this grammar's name for it: the fields this Shapes names,
        else ``roles``."""
        named = {"object": self.receiver, "property": self.name, "function": self.callee, "argument": self.operand,
                 "pattern": self.parameter_name}
        name = self.roles.get(role) or named.get(role, role)
        return self.part(node, name)

    @builtins.property
    def objects(self) -> frozenset[str]:
        return frozenset({self.object}) | self.other_objects

    @builtins.property
    def strings(self) -> frozenset[str]:
        return frozenset({self.string}) | self.other_strings

    @builtins.property
    def numbers(self) -> frozenset[str]:
        return frozenset({self.number}) | self.other_numbers
