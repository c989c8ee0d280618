"""Protocol buffer definitions (.proto, proto2 and proto3) → telemetry touches.

A small tokenizer and recursive-descent parser: comments (``//``, ``/* */``), ``syntax`` or
``edition``, ``package``, ``import``, ``option``, ``message`` blocks (nested ones too), fields
``[label] type name = number [options];`` (``map<K, V>`` and proto2 ``group`` fields included),
``enum``, ``oneof``, ``reserved``, ``extensions``, ``extend`` and ``service``. Every touch has
kind ``telemetry`` and context ``define``:

    syntax    name "syntax", value the string (detail keyword "edition" for an edition file)
    package   name "package", value the package name
    message   name "Message" (nested: "Outer.Inner"), detail part "header" at the name,
              and a second touch with part "end" at the closing brace
    field     name "Message.field", detail message, field, number, type, label (absent when
              the field has none), oneof; span from the label to the semicolon

Each touch carries detail ``package`` when the file declares one. A file that does not parse
raises ScanError with the row and column of the offending token.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import replace
from typing import Any, NamedTuple

from ..apimodel import ApiModel
from ..details import Telemetry
from ..syntax import Syntax
from ..values import NO_VALUE, ScanError, Touch

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>//[^\r\n]*|/\*.*?\*/)
  | (?P<unterminated>/\*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<number>0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)
  | (?P<ident>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)
  | (?P<symbol>[{}\[\]()<>;=,.:+\-/])
""", re.VERBOSE | re.DOTALL)
_IDENT = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*"
# The two shapes most of a large file is made of, read in one step; anything else (a comment
# between the words, options, a map, a group) goes token by token and means the same.
_FIELD = re.compile(rf"""\s*(?:(required|optional|repeated)\s+)?(\.?{_IDENT})\s+([A-Za-z_]\w*)\s*=\s*
                         (0[xX][0-9a-fA-F]+|\d+)\s*;""", re.VERBOSE)
_MESSAGE = re.compile(rf"\s*message\s+({_IDENT})(?=\s*{{)")
_PLAIN_FIELD = rf"\s*(?:(?:required|optional|repeated)\s+)?\.?{_IDENT}\s+[A-Za-z_]\w*\s*=\s*(?:0[xX][0-9a-fA-F]+|\d+)\s*;"
# A whole message of plain fields (possessive: a message that is not one fails at once)
_PLAIN_MESSAGE = re.compile(rf"\s*message\s+({_IDENT})\s*{{((?:{_PLAIN_FIELD})*+)\s*(}})")
LABELS = ("required", "optional", "repeated")
SKIPPED = ("option", "reserved", "extensions")


class Token(NamedTuple):
    kind: str
    text: str
    start: int
    end: int


def scan(text: str, model: ApiModel) -> list[Touch]:
    parser = _Parser(text)
    parser.file()
    return parser.touches()


class _Lexer:
    """The tokens of a text from ``pos`` on, one at a time (the parser looks two ahead, so a
    large file never holds all its tokens at once). ``pos`` may be moved past text the parser
    has read itself."""

    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def next(self) -> Token | None:
        text, pos, end = self.text, self.pos, len(self.text)
        while pos < end:
            match = _TOKEN.match(text, pos)
            if match is None or match.lastgroup == "unterminated":
                what = f"unexpected character {text[pos]!r}" if match is None else "a '/*' comment is not closed"
                raise ScanError.at(f"proto: {what}", pos)
            kind, start, pos = match.lastgroup, pos, match.end()
            if kind not in ("space", "comment"):
                self.pos = pos
                return Token(kind, match.group(), start, pos)
        self.pos = pos
        return None


class _Parser:
    def __init__(self, text: str) -> None:
        self.lexer = _Lexer(text)
        self.ahead: deque[Token] = deque()
        self.end = Token("eof", "end of file", len(text), len(text))
        self.package: str | None = None
        self.found: list[Touch] = []

    # ------------------------------------------------------------------ tokens

    def peek(self, ahead: int = 0) -> Token:
        if ahead < len(self.ahead):
            return self.ahead[ahead]
        while len(self.ahead) <= ahead:
            token = self.lexer.next() or self.end
            self.ahead.append(token)
            if token is self.end:
                break
        return self.ahead[ahead] if ahead < len(self.ahead) else self.end

    def next(self) -> Token:
        token = self.peek()
        if token is self.end:
            raise self.error("unexpected end of file")
        self.ahead.popleft()
        return token

    def error(self, message: str, token: Token | None = None) -> ScanError:
        token = token or self.peek()
        return ScanError.at(f"proto: {message}", token.start)

    def expect(self, text: str) -> Token:
        token = self.peek()
        if token.text != text:
            raise self.error(f"expected {text!r}, found {token.text!r}")
        return self.next()

    def expect_kind(self, kind: str, what: str) -> Token:
        token = self.peek()
        if token.kind != kind:
            raise self.error(f"expected {what}, found {token.text!r}")
        return self.next()

    def at(self, *words: str) -> bool:
        token = self.peek()
        return token.kind == "ident" and token.text in words

    def opens_block(self, keyword: str) -> bool:
        """``keyword Name {``: a nested definition, not a field whose type is called keyword."""
        return self.at(keyword) and self.peek(1).kind == "ident" and self.peek(2).text == "{"

    def looking_at(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        """``pattern`` matched where the next token starts; ``skip`` consumes it."""
        return pattern.match(self.lexer.text, self.ahead[0].start if self.ahead else self.lexer.pos)

    def skip(self, match: re.Match[str]) -> None:
        self.ahead.clear()
        self.lexer.pos = match.end()

    def add(self, name: str, start: int, end: int, value: Any = NO_VALUE, **detail: Any) -> None:
        self.found.append(Touch("telemetry", name, (start, end), None, "typed", "define", value=value,
                                syntax=Syntax.PROTO, telemetry=Telemetry(package=self.package, **detail)))

    def add_field(self, message: str, name: str, start: int, end: int, number: int | None, kind: str,
                  label: str | None, oneof: str | None = None) -> None:
        """A field's touch (what `add` makes, without its detail keywords: a large file has
        hundreds of thousands)."""
        self.found.append(Touch("telemetry", f"{message}.{name}", (start, end), None, "typed", "define",
                                syntax=Syntax.PROTO,
                                telemetry=Telemetry(message=message, field=name, number=number, type=kind,
                                                    label=label, oneof=oneof, package=self.package)))

    def touches(self) -> list[Touch]:
        """Every touch carries the file's package, also those made before its statement."""
        late = [i for i, t in enumerate(self.found) if t.telemetry.package != self.package]
        for i in late:
            touch = self.found[i]
            self.found[i] = replace(touch, telemetry=replace(touch.telemetry, package=self.package))
        return self.found

    # ------------------------------------------------------------------ statements
    def file(self) -> None:
        while self.peek() is not self.end:
            token = self.peek()
            if self.simple_message(""):
                continue
            if token.text == ";":
                self.next()
            elif self.at("syntax", "edition") and self.peek(1).text == "=":
                self.syntax()
            elif self.at("package"):
                self.package_statement()
            elif self.at("import", "option"):
                self.skip_statement()
            elif self.opens_block("message"):
                self.message("")
            elif self.at("enum", "service", "extend"):
                self.next()
                self.type_name()
                self.block(self.enum_body if token.text == "enum" else self.skip_block)
            else:
                raise self.error(f"unexpected {token.text!r} at the top level")

    def syntax(self) -> None:
        keyword = self.next()
        self.expect("=")
        value = self.expect_kind("string", "a quoted string")
        end = self.expect(";")
        extra = {"keyword": "edition"} if keyword.text == "edition" else {}
        self.add("syntax", keyword.start, end.end, value.text[1:-1], **extra)

    def package_statement(self) -> None:
        keyword = self.next()
        name = self.expect_kind("ident", "a package name")
        end = self.expect(";")
        self.package = name.text
        self.add("package", keyword.start, end.end, name.text)

    def skip_statement(self) -> Token:
        """Skip to the statement's ``;``, across ``{ }`` (aggregate option values)."""
        depth = 0
        while True:
            token = self.next()
            if token.kind != "symbol":
                continue
            if token.text == "{":
                depth += 1
            elif token.text == "}":
                depth -= 1
            elif token.text == ";" and depth <= 0:
                return token

    def block(self, body: Any) -> Token:
        """``{ body }``: the body parser runs until the closing brace, which is returned."""
        self.expect("{")
        while self.peek().text != "}":
            if self.peek() is self.end:
                raise self.error("missing '}' before the end of the file")
            if self.peek().text == ";":
                self.next()
            else:
                body()
        return self.next()

    def skip_block(self) -> None:
        if self.peek().text == "{":
            self.block(self.skip_block)
        else:
            self.next()

    def enum_body(self) -> None:
        if self.at(*SKIPPED):
            self.skip_statement()
            return
        self.expect_kind("ident", "an enum value name")
        self.expect("=")
        if self.peek().text == "-":
            self.next()
        self.expect_kind("number", "an enum value number")
        self.options()
        self.expect(";")

    # ------------------------------------------------------------------ messages and fields
    def message(self, outer: str) -> None:
        self.expect("message")
        name = self.expect_kind("ident", "a message name")
        self.message_block(outer, name)

    def message_block(self, outer: str, name: Token) -> Token:
        full = f"{outer}.{name.text}" if outer else name.text
        self.add(full, name.start, name.end, message=full, part="header")
        close = self.block(lambda: self.member(full))
        self.add(full, close.start, close.end, message=full, part="end")
        return close

    def member(self, message: str) -> None:
        if self.simple_field(message) or self.simple_message(message):
            return
        if self.opens_block("message"):
            self.message(message)
        elif self.opens_block("enum"):
            self.next()
            self.next()
            self.block(self.enum_body)
        elif self.opens_block("oneof"):
            self.next()
            oneof = self.next().text
            self.block(lambda: self.skip_statement() if self.at("option") else self.field(message, oneof))
        elif self.opens_block("extend"):
            self.next()
            self.type_name()
            self.block(self.skip_block)
        elif self.at(*SKIPPED):
            self.skip_statement()
        else:
            self.field(message)

    def simple_message(self, outer: str) -> bool:
        """A message of plain fields in one step, else ``message Name {`` in one step."""
        if self.plain_message(outer):
            return True
        match = self.looking_at(_MESSAGE)
        if match is not None:
            self.skip(match)
            self.message_block(outer, Token("ident", match[1], match.start(1), match.end(1)))
        return match is not None

    def plain_message(self, outer: str) -> bool:
        match = self.looking_at(_PLAIN_MESSAGE)
        if match is None:
            return False
        full = f"{outer}.{match[1]}" if outer else match[1]
        fields, pos = [], match.start(2)
        while pos < match.end(2):
            found = _FIELD.match(self.lexer.text, pos)
            if found is None or (field := _plain(found)) is None:
                return False
            fields.append(field)
            pos = found.end()
        self.skip(match)
        self.add(full, match.start(1), match.end(1), message=full, part="header")
        for start, end, label, kind, name, number in fields:
            self.add_field(full, name, start, end, number, kind, label)
        self.add(full, match.start(3), match.end(3), message=full, part="end")
        return True

    def simple_field(self, message: str) -> bool:
        """``[label] type name = number;`` in one step, where it means what the token-by-token
        reading means; False (nothing consumed) otherwise."""
        match = self.looking_at(_FIELD)
        field = _plain(match) if match is not None else None
        if field is None:
            return False
        self.skip(match)
        start, end, label, kind, name, number = field
        self.add_field(message, name, start, end, number, kind, label)
        return True

    def field(self, message: str, oneof: str | None = None) -> None:
        first = self.peek()
        label = self.next().text if self.at(*LABELS) else None
        kind = self.map_type() if self.at("map") and self.peek(1).text == "<" else self.type_name()
        name = self.expect_kind("ident", "a field name")
        if "." in name.text:
            raise self.error(f"a field name cannot contain '.': {name.text!r}", name)
        self.expect("=")
        number = self.field_number()
        self.options()
        if kind == "group":
            end = self.message_block(message, Token("ident", name.text, name.start, name.end))
        else:
            end = self.expect(";")
        self.add_field(message, name.text, first.start, end.end, number, kind, label, oneof)

    def type_name(self) -> str:
        lead = self.next().text if self.peek().text == "." else ""
        return lead + self.expect_kind("ident", "a type name").text

    def map_type(self) -> str:
        self.next()
        self.expect("<")
        key = self.type_name()
        self.expect(",")
        value = self.type_name()
        self.expect(">")
        return f"map<{key}, {value}>"

    def field_number(self) -> int:
        token = self.expect_kind("number", "a field number")
        number = _number(token.text)
        if number is None:
            raise self.error(f"not a field number: {token.text!r}", token)
        return number

    def options(self) -> None:
        """``[default = 1, (custom).x = { ... }]`` after a field or enum value: skipped."""
        if self.peek().text != "[":
            return
        depth = 0
        while True:
            token = self.next()
            if token.kind == "symbol" and token.text in "[{":
                depth += 1
            elif token.kind == "symbol" and token.text in "]}":
                depth -= 1
                if depth == 0:
                    return


def _number(text: str) -> int | None:
    """A field number as protoc reads it (hexadecimal, octal after a leading 0), or None."""
    try:
        if text.lower().startswith("0x"):
            return int(text, 16)
        return int(text, 8) if len(text) > 1 and text.startswith("0") else int(text)
    except ValueError:
        return None


def _plain(match: re.Match[str]) -> tuple | None:
    """(start, end, label, type, name, number) of a field ``_FIELD`` matched, where it means what
    the token-by-token reading means (a keyword is not a type, a number is a number); else None."""
    label, kind, name, number = match.groups()
    if kind in SKIPPED or kind == "group" or (label is None and kind in LABELS):
        return None
    value = _number(number)
    if value is None:
        return None
    return match.start(1) if label else match.start(2), match.end(), label, kind, name, value
