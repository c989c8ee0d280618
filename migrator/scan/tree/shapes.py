"""A language's node vocabulary, as data: which tree-sitter node types and fields are a call, a
member access, a string, an object literal, a comparison … The walk (walk.py) and the string
templates (strings.py) read only this, so a new C-like language is a new ``Shapes`` value.

The defaults are JavaScript's (tree-sitter-javascript and -typescript). A grammar whose fields
are named otherwise (Go's ``x.f`` is a ``selector_expression`` with ``operand`` and ``field``)
says so in ``roles``: the walk asks for a node's part by its JavaScript field name (``f``)."""

from __future__ import annotations

from dataclasses import dataclass, field
import builtins
from typing import Any


@dataclass(frozen=True)
class Shapes:
    # calls: ``f(args)``; ``new F(args)``
    call: str = "call_expression"
    new: str = "new_expression"
    arguments: str = "arguments"
    # ``x.f`` and ``x["f"]``
    member: str = "member_expression"
    subscript: str = "subscript_expression"
    # strings: plain literals, template literals with substitutions, and their parts
    string: str = "string"
    template: str = "template_string"
    substitution: str = "template_substitution"
    fragment: frozenset[str] = frozenset({"string_fragment"})
    escape: str = "escape_sequence"
    # ``a + b`` (concatenation), comparisons and negation
    binary: str = "binary_expression"
    concat: str = "+"
    compare: dict[str, str] = field(default_factory=lambda: {"===": "Eq", "==": "Eq", "!==": "NotEq", "!=": "NotEq"})
    unary: str = "unary_expression"
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
    for_of: str = "for_in_statement"
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
    comment: str = "comment"
    type_names: frozenset[str] = frozenset({"type_identifier"})
    # ------------------------------------------------ what other grammars add (JavaScript: none)
    # a part's field name where the grammar does not use JavaScript's: ``{"object": "operand"}``
    roles: dict[str, str] = field(default_factory=dict)
    argument_list: str = "arguments"  # the node type holding a call's arguments
    other_strings: frozenset[str] = frozenset()  # Go's raw (backtick) strings beside its "…" ones
    other_numbers: frozenset[str] = frozenset()  # Go's int_literal, float_literal beside "number"
    lists: frozenset[str] = frozenset()  # ``a, b := x, y``: both sides are lists
    bindings: frozenset[str] = frozenset()  # assignments that declare: Go's ``x := v``
    for_element: int = 0  # which name of a ``for`` loop's left side is the element (Go: ``_, x``)
    struct_members: frozenset[str] = frozenset()  # the list a declaration's fields are in
    qualified_type: str = ""
    composite: str = ""  # a literal of a named type: Go's ``T{…}`` (its ``type``, and ``object`` its body)
    address: str = ""  # the operator taking a value's address, which is still that value: Go's ``&``
    receiver: str = ""  # a method's receiver, a parameter before its name: Go's ``func (m *T) f()``  # ``gitlab.Runner``: a type named in a package
    field_tag: str = ""  # a declared field's tag, naming its JSON key (Go: ``json:"merge_status"``)
    # calls whose first argument is a printf format (``fmt.Sprintf("/projects/%d", id)``), and
    # calls joining their arguments into a path with "/" (``path.Join``, ``url.JoinPath``)
    formats: frozenset[str] = frozenset()
    joins: frozenset[str] = frozenset()

    def f(self, node: Any, role: str) -> Any:
        """A node's part by its JavaScript field name (``object``, ``property``, ``argument`` …),
        in this grammar's name for it."""
        return None if node is None else node.child_by_field_name(self.roles.get(role, role))

    @builtins.property
    def strings(self) -> frozenset[str]:
        return frozenset({self.string}) | self.other_strings

    @builtins.property
    def numbers(self) -> frozenset[str]:
        return frozenset({self.number}) | self.other_numbers
