"""Where a touch is in a parsed tree, for the tree halves of the fix intents: its nodes, the
literal text of a string expression with each character's offset in the file, and the edits
that rename an access or a key, or drop an object's entry."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ...spelling import respell
from ...scan.tree.language import Language
from ...scan.tree.nodes import (Node, Source, argument_nodes, callee, callee_name, index, is_member, is_type,
                                member_name, method_name, operand, operator, receiver, unwrap, walk)
from ...scan.tree.strings import _piece, name_span
from ...values import Touch

Edits = list[tuple[int, int, str]] | None


@dataclass(frozen=True)
class Literal:
    """A string expression's text as the program builds it: ``text`` with ``\\0`` for run-time
    parts, and the file offset of each character written plainly in a literal (-1 otherwise)."""

    text: str
    offsets: tuple[int, ...]

    def replaced(self, pattern: re.Pattern[str], new: str, stop: int | None = None) -> Edits:
        """Edits replacing each match (before ``stop``) where it is written plainly, in one piece."""
        out = []
        for match in pattern.finditer(self.text, 0, len(self.text) if stop is None else stop):
            where = self.offsets[match.start():match.end()]
            if not where or -1 in where or where[-1] - where[0] != len(where) - 1:
                return None
            out.append((where[0], where[-1] + 1, new))
        return out


class Spot:
    def __init__(self, source: Source, language: Language, touch: Touch):
        self.s, self.lang, self.sh, self.touch = source, language, language.shapes, touch

    def node(self, types: set[str] | frozenset[str]) -> Node | None:
        return self.s.at(self.touch.range, frozenset(types))

    def literal(self) -> Literal | None:
        """The touch's string expression (a URL) as a Literal."""
        node = self.node({*self.sh.strings, self.sh.template, self.sh.binary, self.sh.call, *self.sh.texts})
        # a heredoc or a text block, reported without the blanks around its lines
        node = node or self.s.around(self.touch.range, frozenset(self.sh.texts) | (
            frozenset({self.sh.string}) if self.sh.block_fragment else frozenset()))
        if node is None:
            return None
        if node.type == self.sh.call and callee_name(self.s, node, self.sh) in self.sh.joins:
            return self._joined(node)
        return self._pieces(node)

    def _joined(self, call: Node) -> Literal | None:
        """``path.Join(base, "api/v4/geo_nodes", id)``: its arguments' literals, "/" between."""
        text, offsets = [], []
        for position, arg in enumerate(argument_nodes(call, self.sh)):
            piece = self._pieces(arg) if arg.type in self.sh.strings | {self.sh.binary} else None
            part = [("/", -1)] if position else []
            part += list(zip(piece.text, piece.offsets)) if piece else [("\0", -1)]
            text.extend(c for c, _ in part)
            offsets.extend(o for _, o in part)
        return Literal("".join(text), tuple(offsets))

    def _pieces(self, node: Node) -> Literal | None:
        text, offsets, stack = [], [], [node]
        while stack:  # the parts in order, none inside a substitution (its code is run-time: "\0")
            part = stack.pop()
            if part.type in self.sh.verbatim:  # C#'s ``@"…"``: one token, a written quote ``""`` is no plain text
                self._verbatim(part, text, offsets)
            elif part.type not in self.sh.fragment and part.type != self.sh.escape \
                    and self.sh.substituted(part) is None:
                stack.extend(reversed(part.named_children))
            elif part.type in self.sh.fragment:
                start, _ = self.s.span(part)
                value = self.s.text_of(part)
                if part.type in self.sh.block_fragment:  # a text block's content, without its margins
                    start, value = start + len(value) - len(value.lstrip()), value.strip()
                text.append(value)
                offsets.extend(range(start, start + len(value)))
            elif part.type == self.sh.escape or self.sh.substituted(part) is not None:
                value = _piece(self.s, part, self.sh) if part.type == self.sh.escape else "\0"
                text.append(value or "\0")
                offsets.extend([-1] * len(value or "\0"))
        return Literal("".join(text), tuple(offsets)) if text else None

    def _verbatim(self, part: Node, text: list[str], offsets: list[int]) -> None:
        """A string written as one token (``Shapes.verbatim``): its pieces between written quotes,
        each written quote one quote with no offset of its own."""
        opening, closing, quote = self.sh.verbatim[part.type]
        start, end = self.s.span(part)
        start += len(opening)
        for piece in re.split(f"({re.escape(quote)})", self.s.text[start:end - len(closing)]):
            plain = piece != quote
            text.append(piece if plain else closing)
            offsets.extend(range(start, start + len(piece)) if plain else [-1] * len(closing))
            start += len(piece)

    def name_node(self) -> Node | None:
        """The node spelling the field's name: ``x.f``'s f, ``x["f"]``'s string, an object's key."""
        written = self.touch.written
        if written is not None and written.key_span is not None:
            return None
        access = self.access()
        if access is None:
            return None
        if self.sh.kind(access) == self.sh.method_call:  # ``x.getF()``, ``x.get("f")``
            listed = argument_nodes(access, self.sh)
            keyed = listed[0] if listed and listed[0].type in self.sh.strings else None
            name = method_name(access, self.sh)
            return keyed if keyed is not None and self.s.text_of(name) in self.lang.key_methods else name
        return member_name(access, self.sh) if self.sh.kind(access) == self.sh.member else unwrap(
            index(access, self.sh), self.sh.wrappers)

    def rename(self, new: str) -> Edits:
        written = self.touch.written
        if written is not None and written.key_span is not None:
            start, end = written.key_span
            quoted = self.s.text[start - 1:start] in ("\"", "'", "`")
            old = self.s.text[start:end]  # a name as the language spells it (Go's ``Scope:``), else as written
            coded = old == self.lang.code_name(self.touch.name) and old != self.touch.name
            spelled = self.lang.code_name(new) if coded else respell(old, self.touch.name, new) or new
            return [(start, end, new if quoted else spelled)]
        name = self.name_node()
        if name is None:
            return None
        spelled = self.spelled(name, new)
        return None if spelled is None else [(*name_span(self.s, name, self.sh), spelled)]

    def spelled(self, name: Node, new: str) -> str | None:
        """The new name as the code spells the old one (``mergedBy`` → ``mergeUser``,
        ``getMergedBy`` → ``getMergeUser``, ``IPAddress`` → ``IPAddresses``; a key, a string's or a
        symbol's, as it is written, else as the API writes it), where it is a name the language can
        write."""
        start, end = name_span(self.s, name, self.sh)
        written = self.s.text[start:end]
        if name.type in self.sh.strings or name.type in self.sh.symbols:
            return respell(written, self.touch.name, new) or new
        if name.type not in self.sh.property or not re.fullmatch(r"[A-Za-z_$][\w$]*", new):
            return None
        if written == self.lang.code_name(self.touch.name):  # Go's ``IPAddress``: the language's case
            return self.lang.code_name(new)
        return respell(written, self.touch.name, new)

    def without_entry(self) -> Edits:
        """The removal of the object entry whose key the touch is, with one comma (with the
        blanks around it, where it is the object's only entry)."""
        written = self.touch.written
        if written is None or written.key_span is None:
            return None
        span = self._entry_span(written)
        if span is None:
            return None
        start, end = span
        text = self.s.text
        after = re.compile(r"\s*,[ \t]*").match(text, end)
        line = text.rfind("\n", 0, start) + 1
        if after and not text[line:start].strip() and text[after.end():after.end() + 1] in ("\n", ""):
            return [(line, after.end() + 1, "")]  # the entry's own line, with its line break
        if after:
            return [(start, after.end(), "")]
        before = text.rfind(",", 0, start)
        if before != -1 and not text[before + 1:start].strip():
            return [(before, end, "")]
        lone = re.compile(r"\s*").match(text, end).end()  # the only entry: ``{ k: null }`` → ``{}``
        return [(len(text[:start].rstrip()), lone, "")]

    def _entry_span(self, written) -> tuple[int, int] | None:
        """Where the entry whose key is written at ``written.key_span`` is: its pair, or a bare
        ``key = value`` (Shapes.bare_pair: C#'s anonymous object) from its key to its value."""
        keys = ((n, unwrap(self.sh.part(n, "key"), self.sh.wrappers)) for n in walk(self.s.root) if n.type == self.sh.pair)
        entry = next((n for n, key in keys if key is not None  # Go's key is a ``literal_element``
                      and name_span(self.s, key, self.sh) == written.key_span), None)
        if entry is not None:
            return self.s.span(entry)
        key = self.s.at(written.key_span, self.sh.identifier | self.sh.property) if self.sh.bare_pair else None
        bare = key is not None and key.parent is not None and key.parent.type in self.sh.objects
        return (written.key_span[0], written.value_span[1]) if bare and written.value_span else None

    # ---------------------------------------------------------------- expressions
    def access(self) -> Node | None:
        """The touch's ``x.f`` or ``x["f"]`` (Ruby: a call without arguments, or ``x[:f]``; Java:
        ``x.getF()`` or ``x.get("f")``)."""
        types = {self.sh.member, self.sh.subscript, self.sh.method_call or self.sh.member}
        found = self.node(types | {alias for alias, kind in self.sh.aliases.items() if kind in types})
        if found is None:
            return None
        return found if self.sh.kind(found) in (self.sh.subscript, self.sh.method_call) or is_member(found, self.sh) else None

    def renamed(self, access: Node, new: str) -> str | None:
        """The access's code with the field's new name: ``runner.paused``, ``mr["merge_user"]``."""
        name = self.name_node()
        if name is None:
            return None
        start, end = self.s.span(access)
        cut = name_span(self.s, name, self.sh)
        spelled = self.spelled(name, new)
        return None if spelled is None else self.s.text[start:cut[0]] + spelled + self.s.text[cut[1]:end]

    def compared(self) -> tuple[Node, Node, str] | None:
        """(comparison, the literal operand, operator) around the touch."""
        compare = self.touch.expression.compare if self.touch.expression else None
        kinds = frozenset({self.sh.binary, *self.sh.patterns, self.sh.method_call or self.sh.binary})
        node = self.s.at(compare, kinds) if compare else None
        if node is None:
            return None
        access = self.access()
        if node.type == self.sh.method_call:  # ``x.equals("v")``, ``"v".Equals(x)``, ``string.Equals(x, "v")``
            args = argument_nodes(node, self.sh)
            owner = receiver(node, self.sh)
            operands = args[:2] if len(args) >= 2 and is_type(self.s, owner, self.sh, self.lang.capitalised_types) \
                else [owner, *args[:1]]
            other = next((o for o in operands if access is None or self.s.span(o) != self.s.span(access)), None)
            return (node, other, "." + self.s.text_of(method_name(node, self.sh))) if other is not None else None
        left, right = self.sh.f(node, "left"), self.sh.f(node, "right")
        other = right if access is not None and self.s.span(left) == self.s.span(access) else left
        return node, other, operator(self.s, node)

    def negated_parent(self, access: Node) -> Node | None:
        """The ``!x`` the access is the operand of."""
        parent = access.parent
        while parent is not None and parent.type == self.sh.parenthesized:
            parent = parent.parent
        if parent is not None and parent.type == self.sh.unary and operator(self.s, parent) == self.sh.negate:
            return parent
        return None

    def negation_operand(self, node: Node) -> Node | None:
        """The ``x`` of a value written ``!x``, else None."""
        if node.type == self.sh.unary and operator(self.s, node) == self.sh.negate:
            return operand(node, self.sh)
        return None

    def operand(self, access: Node) -> bool:
        """The access is the object of a member access or a call: a negation there needs parentheses."""
        parent = access.parent
        if parent is None or self.sh.kind(parent) not in (self.sh.member, self.sh.subscript, self.sh.call, self.sh.method_call):
            return False
        return receiver(parent, self.sh) == access or (parent.type == self.sh.call and callee(parent, self.sh) == access)

    def value_node(self) -> Node | None:
        written = self.touch.written
        span = written.value_span if written else None
        return next((n for n in walk(self.s.root) if self.s.span(n) == span and n.is_named), None) if span else None

    def literal_code(self, value: object, like: Node | None = None) -> str:
        """A literal in the language (``null``, ``nil``), a string in the quotes of the one it replaces."""
        if value is None or isinstance(value, bool):
            code = next(code for code, held in self.sh.literals.items() if held is value)
            return self.sh.literal_codes.get(code, code)
        if isinstance(value, (int, float)):
            return repr(value)
        if like is not None and like.type in self.sh.symbols and value not in ("true", "false") \
                and re.fullmatch(r"[A-Za-z_]\w*", str(value)):
            return f":{value}"  # a Ruby symbol stays one (``:online``); true and false are written as text
        quote = self.s.text_of(like)[0] if like is not None and like.type in self.sh.strings else '"'
        body = json.dumps(str(value), ensure_ascii=False)[1:-1]
        return quote + (body.replace('\\"', '"').replace("'", "\\'") if quote == "'" else body) + quote
