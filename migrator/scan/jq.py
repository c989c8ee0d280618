"""jq filters → the fields they read, with offsets in the filter text.

``.[] | select(.active) | .merged_by.username`` reads ``active`` and ``merged_by`` on the input
(the records the API returned: ``root``) and ``username`` on a nested object. A field compared with
a literal (``.status == "paused"``) is a comparison. Object shorthand (``{merge_status}``) and
``has("x")`` read fields too. This is a tokenizer plus a little bookkeeping of which value a
path starts from, not a jq parser.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..syntax import Syntax
from ..values import NO_VALUE

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
TOKEN = re.compile(
    rf"""(?P<space>\s+|\#[^\n]*)
    |(?P<field>\.(?:{IDENT}|"(?:[^"\\]|\\.)*"))
    |(?P<num>[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)
    |(?P<var>\${IDENT})
    |(?P<ident>{IDENT}(?:::{IDENT})*)
    |(?P<fmt>@{IDENT})
    |(?P<op>\.\.|\?//|==|!=|<=|>=|//=?|[|+\-*/%]=|\.|[|,;:()\[\]{{}}?+\-*/%<>=])""",
    re.VERBOSE,
)
LITERAL_WORDS = {"true": True, "false": False, "null": None}
COMPARE = {"==": "Eq", "!=": "NotEq"}
STARTS_OPERAND = {"(", "[", "|", ",", ";", "and", "or", "if", "then", "else", "elif"}
ASSIGNS = {"=", "|=", "+=", "-=", "*=", "/=", "%=", "//="}
ENDS_OPERAND = {")", "]", "}", "|", ",", ";", "//", "and", "or", "then", "else", "elif", "end", "as"}


@dataclass
class Tok:
    """A token of a jq filter."""

    kind: str
    text: str
    start: int
    end: int
    value: Any = NO_VALUE


@dataclass
class JqField:
    """A field a jq filter reads."""

    name: str
    start: int
    end: int
    root: bool
    syntax: Syntax = Syntax.JQ
    context: str = "read"
    value: Any = NO_VALUE
    op: str | None = None
    compare: tuple[int, int] | None = None
    first: bool = False
    last: bool = True

    @property
    def term(self) -> bool:
        """The field is a whole path by itself (``.active``; not ``.x.active`` or ``.active.x``)."""
        return self.syntax == Syntax.JQ and self.first and self.last

    def compared(self, value: Any, op: str, other_end: int) -> None:
        """The field is compared with a literal that starts or ends at ``other_end``."""
        self.context, self.value, self.op = "compare", value, op
        self.compare = (min(self.start, other_end), max(self.end, other_end))


def tokens(text: str, start: int = 0, end: int | None = None) -> list[Tok]:
    """Tokens of a filter; the code inside string interpolation ``\\(...)`` comes out between
    a ``(`` and a ``)`` token, after the string token."""
    out: list[Tok] = []
    i, end = start, len(text) if end is None else end
    while i < end:
        if text[i] == '"':
            i = _string(text, i, end, out)
            continue
        m = TOKEN.match(text, i, end)
        if m is None:
            i += 1
            continue
        kind = m.lastgroup or "op"
        if kind != "space":
            tok = Tok(kind, m.group(), m.start(), m.end())
            if kind == "field":
                tok.value = _decode(m.group()[1:]) if m.group()[1] == '"' else m.group()[1:]
            elif kind == "num":
                tok.value = float(m.group()) if any(c in m.group() for c in ".eE") else int(m.group())
            elif kind == "ident" and m.group() in LITERAL_WORDS:
                tok.kind, tok.value = "literal", LITERAL_WORDS[m.group()]
            out.append(tok)
        i = m.end()
    return out


def _decode(literal: str) -> Any:
    """A jq string literal's value (jq strings are JSON strings), or NO_VALUE."""
    try:
        return json.loads(literal)
    except ValueError:
        return NO_VALUE


def _string(text: str, i: int, end: int, out: list[Tok]) -> int:
    k, inner, plain = i + 1, [], True
    while k < end and text[k] != '"':
        if text.startswith("\\(", k):
            depth, j = 0, k + 2
            while j < end and not (text[j] == ")" and depth == 0):
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                j += 1
            inner.append((k + 2, j))
            plain, k = False, j + 1
        else:
            k += 2 if text[k] == "\\" else 1
    k = min(k + 1, end)
    tok = Tok("str", text[i:k], i, k, _decode(text[i:k]) if plain else NO_VALUE)
    out.append(tok)
    for a, b in inner:
        out.append(Tok("op", "(", a - 1, a))
        out.extend(tokens(text, a, b))
        out.append(Tok("op", ")", b, b + 1))
    return k


@dataclass
class Level:
    """A nesting level of the jq filter being read."""

    kind: str
    cur: bool
    simple: bool = True
    expect_key: bool = False
    saved: tuple[bool | None, int | None] = (None, None)
    first: int = 0


@dataclass
class _Walk:
    """The walk over a jq filter's tokens."""

    toks: list[Tok]
    out: list[JqField] = field(default_factory=list)
    levels: list[Level] = field(default_factory=lambda: [Level("top", True)])
    path: bool | None = None
    path_start: int = -1
    last: int | None = None
    pending: tuple[Any, str, int, int] | None = None
    skip: int = 0

    def run(self) -> list[JqField]:
        for k, tok in enumerate(self.toks):
            if self.skip:
                self.skip -= 1
            elif not self.key(k, tok):
                self.step(k, tok)
        self.end_path(len(self.toks))
        return self.out

    def at(self, k: int) -> Tok | None:
        return self.toks[k] if 0 <= k < len(self.toks) else None

    def add(self, tok: Tok, root: bool, syntax: Syntax = Syntax.JQ, first: bool = False) -> None:
        if not isinstance(tok.value, str):
            self.last = None
            return
        self.out.append(JqField(tok.value, tok.start, tok.end, root, syntax, first=first))
        self.last = len(self.out) - 1

    def continued(self) -> None:
        """The path goes on after its last field (``.a.b``, ``.a[0]``, ``.a?``)."""
        if self.path is not None and self.last is not None:
            self.out[self.last].last = False

    def begin(self, k: int, root: bool) -> None:
        self.end_path(k)
        self.path, self.path_start = root, k

    def key(self, k: int, tok: Tok) -> bool:
        """Object construction: ``{key: ...}`` is no read, ``{key}`` reads ``.key``."""
        level = self.levels[-1]
        if level.kind != "object" or not level.expect_key:
            return False
        level.expect_key = False
        following = self.toks[k + 1].text if k + 1 < len(self.toks) else ""
        if tok.kind in ("ident", "literal", "var", "str", "fmt", "num") and following == ":":
            self.skip, level.simple = 1, True
            return True
        if following in (",", "}") and (tok.kind == "ident" or (tok.kind == "str" and isinstance(tok.value, str))):
            tok.value = tok.text if tok.kind == "ident" else tok.value
            self.add(tok, level.cur, Syntax.JQ_SHORTHAND)
            return True
        return False

    def step(self, k: int, tok: Tok) -> None:
        op = tok.text if tok.kind == "op" else None
        if tok.kind == "field":
            first = self.path is None
            if first:
                self.begin(k, self.levels[-1].cur)
            self.continued()
            self.add(tok, bool(self.path), first=first)
            self.path = False
        elif tok.kind == "var" or op in (".", ".."):
            self.begin(k, self.levels[-1].cur if op == "." else False)
        elif op == "?":
            self.continued()
        elif op in ("(", "[", "{"):
            self.open(k, op)
        elif op in (")", "]", "}"):
            self.close(k)
        elif op in COMPARE:
            self.compare(k, op)
        else:
            self.other(k, tok)

    def open(self, k: int, op: str) -> None:
        level = self.levels[-1]
        if op == "[" and self.path is not None:
            self.continued()
            self.levels.append(Level("index", level.cur, saved=(self.path, self.last), first=k + 1))
            self.path, self.last = None, None
            return
        self.end_path(k)
        level.simple = False
        prev = self.at(k - 1)
        if op == "(" and prev is not None and prev.text == "has" and self._has(k):
            return
        self.levels.append(Level({"(": "paren", "[": "array", "{": "object"}[op], level.cur, expect_key=op == "{"))

    def _has(self, k: int) -> bool:
        arg, close = self.at(k + 1), self.at(k + 2)
        if arg is None or close is None or arg.kind != "str" or not isinstance(arg.value, str) or close.text != ")":
            return False
        self.add(arg, self.levels[-1].cur, Syntax.JQ_HAS)
        self.last, self.skip = None, 2
        return True

    def close(self, k: int) -> None:
        if len(self.levels) == 1:
            return
        level = self.levels.pop()
        if level.kind != "index":
            self.end_path(k)
            self.path, self.path_start = False, k
            return
        inner = self.toks[level.first:k]
        self.path, self.last = level.saved
        if len(inner) == 1 and inner[0].kind == "str" and isinstance(inner[0].value, str):
            self.add(inner[0], bool(self.path), Syntax.JQ_INDEX)
            self.path = False

    def compare(self, k: int, op: str) -> None:
        right, after, left = self.at(k + 1), self.at(k + 2), self.at(k - 1)
        if self.path is not None and self.last is not None and _literal(right) and _ends(after):
            self.out[self.last].compared(right.value, COMPARE[op], right.end)
        self.end_path(k)
        before = self.at(k - 2)
        if _literal(left) and (before is None or before.text in STARTS_OPERAND):
            self.pending = (left.value, COMPARE[op], left.start, k + 1)
        self.levels[-1].simple = False

    def other(self, k: int, tok: Tok) -> None:
        level = self.levels[-1]
        if tok.text in ASSIGNS:
            self.continued()  # an updated path (`.a |= f`) is no term read on its own
        self.end_path(k)
        if tok.text == "|" and tok.kind == "op":
            level.simple = True
            return
        level.simple = False
        if tok.text in (",", ";") and level.kind == "object":
            level.expect_key, level.simple = True, True

    def end_path(self, k: int) -> None:
        """A path ends at token k; a pipe after a plain path narrows what the next stage reads."""
        if self.pending is not None and k > self.pending[3]:
            value, op, start, first = self.pending
            if self.last is not None and self.path_start == first and _ends(self.at(k)):
                self.out[self.last].compared(value, op, start)
            self.pending = None
        tok, level = self.at(k), self.levels[-1]
        if tok is not None and tok.text == "|" and level.simple and self.path is not None:
            level.cur = self.path
        self.path, self.last = None, None


def _literal(tok: Tok | None) -> bool:
    return tok is not None and tok.kind in ("str", "num", "literal") and tok.value is not NO_VALUE


def _ends(tok: Tok | None) -> bool:
    return tok is None or tok.text in ENDS_OPERAND


def fields(text: str) -> list[JqField]:
    """Every field a jq filter reads, in order of appearance."""
    return _Walk(tokens(text)).run()
