"""A string expression → a URL template with ``{}`` (urls.MARK) for the parts known only at run
time: plain literals (Go's raw strings too), template literals (``${}``, Ruby's ``#{}`` and
heredocs), concatenation (``+``, Ruby's ``<<``), printf formats (``format("/runners/%s", id)``,
``"…%s" % [id]``, Go's ``fmt.Sprintf("/runners/%d", id)``), path joins (Go's ``path.Join(base,
"runners")``), calls that only wrap a URL (``URI(url)``), names bound to strings; where a language
writes them (Shapes), text blocks, placeholders inside a literal (``%s``, ``{0}``, ``{id}``) and
method calls that build a string (``String.format``, ``.formatted``, ``URI.create(u)``,
``fromHttpUrl(base).path("/runners")``: below). (A query builder, ``new URLSearchParams({scope:
"active"})``, is a run-time part here:
its keys are the request's parameters where it is written, requests.py.)"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from ...values import NO_VALUE
from .. import urls
from .nodes import Node, Source, argument_nodes, call_parts as parts, callee_name, field, member_name, receiver, unwrap, walk
from .shapes import Shapes

DEPTH = 24  # how deep a concatenation is followed
PLACEHOLDER = re.compile(r"%%|%(?:<\w+>|\{\w+\}|\[\d+\])?[-+ 0#]*\d*(?:\.\d+)?[sdifxXouvqcbeEgGT]|%\{\w+\}")
"""A printf placeholder (``%s``, ``%05d``, ``%<id>s``, ``%{id}``, Go's ``%v``, ``%[1]d``): a part
known at run time; ``%%`` is "%"."""
Lookup = Callable[[str], "str | None"]


def string_value(source: Source, node: Node, shapes: Shapes) -> str | None:
    """The value of a plain string literal (escapes decoded), or None (a Ruby string with
    ``#{}`` parts is no plain literal)."""
    if node.type not in shapes.strings or any(shapes.substituted(part) is not None for part in node.named_children):
        return None
    if node.type in shapes.verbatim:
        return verbatim(source.text_of(node), shapes.verbatim[node.type])
    return "".join(_piece(source, part, shapes) or "" for part in node.named_children)


def verbatim(text: str, quotes: tuple[str, str, str]) -> str | None:
    """A string written as one token, without its quotes, its written quotes as one (C#'s
    verbatim ``@"a""b"`` is ``a"b``)."""
    opening, closing, quote = quotes
    if not (text.startswith(opening) and text.endswith(closing)) or len(text) < len(opening) + len(closing):
        return None
    return text[len(opening):len(text) - len(closing)].replace(quote, closing)


def symbol_name(source: Source, node: Node | None, shapes: Shapes) -> str | None:
    """The name a symbol spells (``:scope``, ``scope:``), or None."""
    if node is None or node.type not in shapes.symbols:
        return None
    return source.text_of(node).lstrip(":").rstrip(":") or None


def name_value(source: Source, node: Node | None, shapes: Shapes) -> str | None:
    """A plain string's value or a symbol's name: ``mr["merge_status"]``, ``mr[:merge_status]``."""
    if node is None:
        return None
    return string_value(source, node, shapes) if node.type in shapes.strings else symbol_name(source, node, shapes)


def name_span(source: Source, node: Node, shapes: Shapes) -> tuple[int, int]:
    """Where a key's name is written: inside a string's quotes, after a symbol's ':'."""
    if node.type in shapes.strings:
        return source.inner(node)
    start, end = source.span(node)
    text = source.text_of(node)
    return start + (len(text) - len(text.lstrip(":"))), end - (len(text) - len(text.rstrip(":")))


def literal(source: Source, node: Node | None, shapes: Shapes,
            pointed: Callable[[Node], "Node | None"] = lambda node: None) -> object:
    """A literal's value (string, symbol, number, true, false, null), or NO_VALUE; ``pointed``
    gives the value a helper points at (the Go SDK's ``gitlab.Ptr(v)``)."""
    node = unwrap(node, shapes.wrappers)
    if node is None:
        return NO_VALUE
    if node.type in shapes.strings or node.type in shapes.symbols:
        found = name_value(source, node, shapes)
        return NO_VALUE if found is None else found
    if node.type in shapes.literals:
        return shapes.literals[node.type]
    if node.type in shapes.valued and source.text_of(node).lower() in shapes.literals:
        return shapes.literals[source.text_of(node).lower()]
    inner = pointed(node)
    if inner is not None:
        return literal(source, inner, shapes, pointed)
    listed = node.named_children if node.type in shapes.objects and shapes.composite else ()
    if len(listed) == 1 and listed[0].type != shapes.pair:  # Go's ``url.Values{"scope": {"active"}}``
        return literal(source, listed[0], shapes, pointed)
    if node.type in shapes.numbers:
        text = source.text_of(node)
        try:
            return int(text) if text.isdigit() else float(text)
        except ValueError:
            return NO_VALUE
    return NO_VALUE


def _piece(source: Source, part: Node, shapes: Shapes) -> str | None:
    text = source.text_of(part)
    if part.type in shapes.block_fragment:
        return text.strip()
    if part.type in shapes.fragment:
        return text
    if part.type == shapes.escape:
        try:
            return codecs.decode(text, "unicode_escape") if not text.startswith("\\\n") else ""
        except UnicodeDecodeError:
            return text[1:]
    return None


def template(source: Source, node: Node | None, shapes: Shapes, lookup: Lookup, depth: int = 0,
             builders: frozenset[str] = frozenset()) -> str | None:
    """The string an expression builds, with ``{}`` for run-time parts; None when it has no
    literal part at all. ``builders`` are the constructors of URL objects (``new URL(path,
    base)``), whose ``toString()`` and ``href`` are the URL."""
    node = unwrap(node, shapes.wrappers)
    if node is None or depth > DEPTH:
        return None
    if node.type in shapes.heredocs:
        node = heredoc_body(source, node, shapes)
        if node is None:
            return None
    if node.type in shapes.texts:  # a heredoc: its lines without the indentation and newlines around them
        return "".join(_template_part(source, part, shapes, lookup, depth, builders)
                       for part in node.named_children).strip()
    plain = string_value(source, node, shapes)
    if plain is not None:
        return _placeheld(plain, shapes)
    if node.type in shapes.strings | {shapes.template} or node.type in shapes.texts:
        return "".join(_template_part(source, part, shapes, lookup, depth, builders) for part in node.named_children)
    if node.type == shapes.binary and _operator(source, node) == shapes.format_operator:
        right = unwrap(field(node, "right"), shapes.wrappers)
        values = right.named_children if right is not None and right.type == shapes.array else [right]
        return formatted(template(source, field(node, "left"), shapes, lookup, depth + 1, builders),
                         [template(source, v, shapes, lookup, depth + 1, builders) for v in values])
    called = _called(source, node, shapes, lookup, depth, builders) if node.type == shapes.call else None
    if called is not None:
        return called
    if node.type == shapes.binary and _operator(source, node) in shapes.concat:
        left = template(source, field(node, "left"), shapes, lookup, depth + 1, builders)
        right = template(source, field(node, "right"), shapes, lookup, depth + 1, builders)
        if left is None and right is None:
            return None
        return (urls.MARK if left is None else left) + (urls.MARK if right is None else right)
    if node.type in shapes.identifier:
        return lookup(source.text_of(node))
    if shapes.method_call is not None and node.type in (shapes.method_call, shapes.new):
        return built(source, node, shapes, lambda inner: template(source, inner, shapes, lookup, depth + 1, builders))
    if builders:
        return _url_object(source, node, shapes, lookup, depth, builders)
    return None


def _called(source: Source, node: Node, shapes: Shapes, lookup: Lookup, depth: int,
            builders: frozenset[str]) -> str | None:
    """``URI(url)`` is its URL; ``format("/runners/%s", id)`` its format, placeholders run-time."""
    name, listed = callee_name(source, node, shapes), argument_nodes(node, shapes)
    first = listed[0] if listed else None
    if name in shapes.passthrough:
        return template(source, first, shapes, lookup, depth + 1, builders)
    if name in shapes.formatters:
        values = [template(source, v, shapes, lookup, depth + 1, builders) for v in listed[1:]]
        return formatted(template(source, first, shapes, lookup, depth + 1, builders), values)
    if name in shapes.joins:  # ``path.Join(base, "api/v4/runners")``: its parts joined with "/"
        parts = [template(source, arg, shapes, lookup, depth + 1, builders) for arg in listed]
        if all(part is None for part in parts):
            return None
        return "/".join((urls.MARK if part is None else part).strip("/") if index else
                        (urls.MARK if part is None else part).rstrip("/") for index, part in enumerate(parts))
    return None


def formatted(text: str | None, values: list[str | None], pattern: str | re.Pattern[str] = PLACEHOLDER) -> str | None:
    """A format with its placeholders (``pattern``: printf's, or a language's Shapes.placeholders)
    filled by the values' strings: in order (``%s``, ``{id}``) or by index (``%2$s``, ``{0}``, Go's
    ``%[1]d``); a named one (``%<id>s``, ``%{id}``) or one without a known value is a run-time
    part; ``%%`` is "%"."""
    if text is None:
        return None
    out, at, index = [], 0, 0
    for match in re.finditer(pattern, text):
        token = match.group()
        if token == "%%":
            out.append(text[at:match.start()] + "%")
            at = match.end()
            continue
        digits = re.search(r"\d+", token)
        explicit = digits is not None and (token.startswith(("{", "%[")) or "$" in token)
        position = int(digits.group()) - (0 if token.startswith("{") else 1) if explicit else index
        index += 1
        value = None if token.startswith(("%<", "%{")) or not 0 <= position < len(values) else values[position]
        out.append(text[at:match.start()])
        out.append(value or urls.MARK)
        at = match.end()
    return "".join(out) + text[at:]


def text_span(source: Source, node: Node, shapes: Shapes) -> tuple[int, int]:
    """Where a string expression is written; a heredoc's body or a text block's content without
    the blanks around its lines (they open at the end of the line before), so a finding sits on
    its URL's line."""
    start, end = source.span(node)
    parts = node.named_children
    if node.type in shapes.texts:
        content = [c for c in parts if c.type in shapes.fragment or shapes.substituted(c) is not None]
    elif node.type in shapes.strings and [p.type in shapes.block_fragment
                                          for p in parts if p.type not in shapes.punctuation] == [True]:
        content = [p for p in parts if p.type in shapes.block_fragment]
    else:
        return start, end
    if not content:
        return start, end
    text = source.text[source.span(content[0])[0]:source.span(content[-1])[1]]
    first = source.span(content[0])[0]
    return first + len(text) - len(text.lstrip()), first + len(text.rstrip())


def heredoc_body(source: Source, opening: Node, shapes: Shapes) -> Node | None:
    """The body of a heredoc: the one its node holds (PHP's), else the first after the ``<<~EOS``
    that opens it (Ruby's)."""
    held = next((child for child in opening.named_children if child.type in shapes.texts), None)
    if held is not None:
        return held
    for node in walk(source.root):
        if node.type in shapes.texts and node.start_byte >= opening.end_byte:
            return node
    return None


def _url_object(source: Source, node: Node, shapes: Shapes, lookup: Lookup, depth: int,
                builders: frozenset[str]) -> str | None:
    """``new URL(path, base)``, and a URL object's ``toString()`` and ``href``."""
    if node.type == shapes.new and source.text_of(field(node, "constructor") or node) in builders:
        args = [a for a in (field(node, "arguments").named_children if field(node, "arguments") else ())]
        parts = [template(source, a, shapes, lookup, depth + 1, builders) for a in args[:2]]
        if len(parts) == 2 and parts[0] is not None and not parts[0].startswith(("http:", "https:", urls.MARK)):
            return (parts[1] or urls.MARK).rstrip("/") + "/" + parts[0].lstrip("/")
        return parts[0] if parts else None
    if node.type == shapes.call and not (field(node, "arguments") and field(node, "arguments").named_children):
        node = field(node, "function")
        if node is None or node.type != shapes.member or source.text_of(member_name(node, shapes)) != "toString":
            return None
    elif node.type != shapes.member or source.text_of(member_name(node, shapes)) != "href":
        return None
    return template(source, receiver(node, shapes), shapes, lookup, depth + 1, builders)


def _placeheld(value: str | None, shapes: Shapes) -> str | None:
    """A literal's value with the language's placeholders (``%s``, ``{id}``) as run-time parts."""
    if value is None or shapes.placeholders is None:
        return value
    return re.sub(shapes.placeholders, urls.MARK, value)


def _template_part(source: Source, part: Node, shapes: Shapes, lookup: Lookup, depth: int,
                   builders: frozenset[str]) -> str:
    inner = shapes.substituted(part)
    if inner is not None:
        found = template(source, inner, shapes, lookup, depth + 1, builders)
        return urls.MARK if found is None else found
    return _piece(source, part, shapes) or ""


def object_entries(source: Source, node: Node, shapes: Shapes,
                   spell: Callable[[str], str] | None = None) -> list[tuple[str, Node, Node | None]]:
    """(key, key node, value node) of an object literal's entries with a literal key; a
    shorthand entry (``{scope}``) has its name as key node and value. ``spell`` gives the API's
    name of a key written as a name (a Go struct literal's ``Scope:`` is ``scope``)."""
    if shapes.bare_pair and any(c.type == shapes.bare_pair and not c.is_named for c in node.children):
        return _bare_entries(source, node, shapes, spell)
    out = []
    for entry in node.named_children:
        if entry.type == shapes.pair:
            key = unwrap(shapes.part(entry, "key"), shapes.wrappers)
            name = key_name(source, key, shapes)
            if name is not None and spell is not None and key.type in shapes.identifier | shapes.property:
                name = spell(name)
            if name is not None:
                out.append((name, key, unwrap(shapes.part(entry, "value"), shapes.wrappers)))
        elif entry.type == shapes.shorthand:
            out.append((source.text_of(entry), entry, entry))
        elif entry.type == shapes.listed_pair and len(entry.named_children) == 2:
            key, value = (unwrap(part, shapes.wrappers) for part in entry.named_children)
            name = key_name(source, key, shapes) if key.type in shapes.strings else None
            out.extend([(name, key, value)] if name is not None else [])
    return out


def _bare_entries(source: Source, node: Node, shapes: Shapes,
                  spell: Callable[[str], str] | None) -> list[tuple[str, Node, Node | None]]:
    """Entries an object holds with no node around them: ``key = value`` (Shapes.bare_pair), and a
    name alone standing for itself (C#'s ``new { active = false, paused }``)."""
    out, children = [], [c for c in node.children if c.is_named or c.type == shapes.bare_pair]
    for at, child in enumerate(children):
        after = children[at + 1] if at + 1 < len(children) else None
        before = children[at - 1] if at else None
        if not child.is_named or (before is not None and not before.is_named):
            continue  # the token, or a value
        name = key_name(source, child, shapes) if child.type in shapes.identifier | shapes.property else None
        if name is not None:
            spelled = spell(name) if spell is not None else name
            bare = after is None or after.is_named
            value = child if bare else children[at + 2] if at + 2 < len(children) else None
            out.append((spelled, child, unwrap(value, shapes.wrappers)))
    return out


def key_name(source: Source, key: Node | None, shapes: Shapes) -> str | None:
    if key is None:
        return None
    if key.type in shapes.property or key.type in shapes.identifier:
        return source.text_of(key)
    return name_value(source, key, shapes)


def _operator(source: Source, node: Node) -> str:
    op = field(node, "operator")
    return source.text_of(op) if op is not None else ""


# ---------------------------------------------------------------- strings built by method calls
# Calls of a language whose calls carry a receiver and a method name (Shapes.method_call: Java,
# and C# or Kotlin later; their parts: nodes.call_parts): the string a call builds
# (``String.format(f, …)``, ``"…".formatted(…)``, ``URI.create(u)``,
# ``UriComponentsBuilder.fromHttpUrl(b).path(p)``), and the expression whose literal holds a URL
# passed through such calls (where a fix edits it).
DEPTH = 24


def built(source: Source, node: Node, shapes: Shapes, inner: Callable[[Node], str | None]) -> str | None:
    """The string a call builds, with ``{}`` for run-time parts; None when it builds none that
    the language's data knows."""
    receiver, method, args = parts(source, node, shapes)
    chained = _chained(receiver, shapes)
    if method in shapes.format_methods:
        if _static(receiver, shapes) and args:
            return _formatted(source, args[0], args[1:], shapes, inner)
        return _formatted(source, receiver, args, shapes, inner) if receiver is not None else None
    if method in shapes.pass_methods:
        if chained or (receiver is not None and unwrap(receiver, shapes.wrappers).type == shapes.string):
            return inner(receiver)
        return inner(args[0]) if args else None
    if method in shapes.path_methods:
        head = inner(receiver) if chained else None
        tail = inner(args[0]) if args else None
        if head is None and tail is None:
            return None
        return (urls.MARK if head is None and chained else head or "") + (urls.MARK if tail is None else tail)
    return None


def _chained(receiver: Node | None, shapes: Shapes) -> bool:
    """Whether a method's receiver is itself a call or a construction (``b.path(…).build()``)."""
    return receiver is not None and unwrap(receiver, shapes.wrappers).type in (shapes.method_call, shapes.new)


def _static(receiver: Node | None, shapes: Shapes) -> bool:
    """Whether a method is called on nothing or on a name or type (``String.format(f, …)``), so
    its first argument is the format, not its receiver."""
    return receiver is None or unwrap(receiver, shapes.wrappers).type in shapes.identifier | shapes.type_names


def _formatted(source: Source, fmt: Node, args: list[Node], shapes: Shapes,
               inner: Callable[[Node], str | None]) -> str | None:
    """A format string with its arguments in place of its placeholders (strings.formatted)."""
    plain = unwrap(fmt, shapes.wrappers)
    if plain is None or plain.type != shapes.string or shapes.placeholders is None:
        return inner(fmt)
    return formatted(string_value(source, plain, shapes), [inner(arg) for arg in args], shapes.placeholders)


def url_node(source: Source, node: Node | None, shapes: Shapes, depth: int = 0) -> Node | None:
    """The expression holding a URL's literal text: through the calls that only wrap a URL
    (``URI(url)``: Shapes.passthrough; ``URI.create(u)``: pass_methods) to their argument, through
    formatters (``fmt.Sprintf``) and format methods (``String.format``) to their format string;
    the node itself otherwise."""
    node = unwrap(node, shapes.wrappers)
    if node is None or depth > DEPTH:
        return node
    if node.type == shapes.call and callee_name(source, node, shapes) in shapes.passthrough | shapes.formatters:
        listed = argument_nodes(node, shapes)  # ``URI(url)``; the format string of ``fmt.Sprintf("…", id)``
        return url_node(source, listed[0], shapes, depth + 1) if listed else node
    if shapes.method_call is None or node.type not in (shapes.method_call, shapes.new):
        return node
    receiver, method, args = parts(source, node, shapes)
    chained = _chained(receiver, shapes)
    if method in shapes.format_methods:
        return url_node(source, args[0] if _static(receiver, shapes) and args else receiver, shapes, depth + 1)
    if method in shapes.pass_methods:
        string = receiver is not None and unwrap(receiver, shapes.wrappers).type == shapes.string
        return url_node(source, receiver if chained or string else (args[0] if args else None), shapes, depth + 1)
    return node
