"""Shell text for the text fixers: a script lexed again (scan/shellwords.py, scan/httpclients.py)
to find the request a field belongs to and the text that removes a field: its option and argument
with the blank before them (or its whole line of a continued command), or one ``&``-joined field
inside a word. Also: the quoting at a place in a word, so
that inserted jq text is written inside the word's quotes, or quoted where the word has none.
"""

from __future__ import annotations

import re

from ...scan.httpclients import Field, Request, parse
from ...scan.shell import KEYWORDS
from ...scan.shellwords import Command, Env, Word, assignment, commands, quoted_word
from ...syntax import JSON_BODIES, Syntax
from .members import json_pair
from .pair import Pair, Range, amp_removal

OPTIONS = {
    "curl-data": ("-d", "--data", "--data-raw", "--data-binary", "--data-ascii"),
    "curl-data-urlencode": ("--data-urlencode",),
    "curl-form": ("-F", "--form", "--form-string"),
    "curl-json": ("--json",),
    "glab-field": ("-F", "--field"),
    "glab-raw-field": ("-f", "--raw-field"),
    "wget-data": ("--post-data", "--body-data"),
    "wget-json": ("--post-data", "--body-data"),
}
SAFE_UNQUOTED = re.compile(r"[\w.,:/=@%+-]*")
CONTINUED = re.compile(r"[ \t]*\\\r?\n\Z")


class Script:
    """A shell script (a file, or one YAML scalar of a CI job) lexed into commands, nested
    command substitutions included; or (``word``) one value read as a single word, as a CI
    variable's value is."""

    def __init__(self, text: str, word: bool = False):
        self.text, self.word = text, word
        self.commands = [Command([quoted_word(text, Env())])] if word else _flat(list(commands(text, Env())))

    def word_at(self, offset: int) -> tuple[Command, Word] | None:
        """The innermost word whose text holds offset."""
        found = [(w.end - w.start, c, w) for c in self.commands for w in c.all_words() if w.start <= offset < w.end]
        return min(found, key=lambda f: f[0])[1:] if found else None

    def request_at(self, key: Range) -> tuple[Command, Request, Field] | None:
        for cmd in self.commands:
            if not any(w.start <= key[0] < w.end for w in cmd.words):
                continue
            request = _request(cmd)
            for found in request.fields if request else ():
                if found.word.range(*found.key) == key:
                    return cmd, request, found
        return None


def _flat(cmds: list[Command]) -> list[Command]:
    out = []
    for cmd in cmds:
        out.append(cmd)
        for word in cmd.all_words():
            for sub in word.subs:
                out.extend(_flat(sub.commands))
    return out


def _request(cmd: Command) -> Request | None:
    words = list(cmd.words)
    while words and (words[0].value in KEYWORDS or assignment(words[0])):
        words.pop(0)
    return parse(words[0].value.rsplit("/", 1)[-1], words[1:]) if words else None


def same_shape(script: Script, new: str) -> bool:
    """An edit kept the script's quoting balanced: it lexes into as many commands as before."""
    return len(script.commands) == len(Script(new, script.word).commands)


# ---------------------------------------------------------------- fields of a request
def shell_pair(script: Script, syntax: str, name: str, key: Range, value: Range | None) -> Pair | None:
    if syntax == Syntax.URL_QUERY:
        return _query_pair(script, name, key, value)
    found = script.request_at(key)
    if found is None:
        return None
    cmd, _, field = found
    if syntax in JSON_BODIES:
        return json_pair(script.text, key, value, name)
    if script.text[key[0]:key[1]] != name:
        return None
    return Pair(key, value, _field_removal(script.text, cmd, field, syntax))


def _query_pair(script: Script, name: str, key: Range, value: Range | None) -> Pair | None:
    """A field of a URL's query, in a request or a variable."""
    found = script.word_at(key[0])
    if found is None or script.text[key[0]:key[1]] != name:
        return None
    cmd, word = found
    start = next((i for i in range(len(word.value)) if word.range(i, i + len(name)) == key), None)
    ask = word.value.rfind("?", 0, start) if start is not None else -1
    if ask == -1:
        return None
    stop = len(word.value.split("#", 1)[0])
    piece_end = word.value.find("&", start)
    piece_end = stop if piece_end == -1 or piece_end > stop else piece_end
    removal = _in_word(script.text, word, amp_removal(word.value, start, piece_end, ask, stop))
    return Pair(key, value, removal)


def _in_word(text: str, word: Word, value_range: Range) -> Range | None:
    """The script range of some characters of a word's value, when they are written there as
    they are (no quotes, escapes or variables among them)."""
    i, j = value_range
    a, b = word.range(i, j)
    return (a, b) if text[a:b] == word.value[i:j] and all(word.literal[i:j]) else None


def _field_removal(text: str, cmd: Command, field: Field, syntax: str) -> Range | None:
    """The range removing a field: the whole option (``-F k=v``, ``--field=k=v``, an httpie
    item) with its blank, or ``k=v`` and one ``&`` inside a word that holds several."""
    word = field.word
    if field.span != (0, len(word.value)):
        return _in_word(text, word, amp_removal(word.value, *field.span, 0, len(word.value)))
    index = next((k for k, w in enumerate(cmd.words) if w is word), None)
    options = OPTIONS.get(syntax, ())
    if index is None:
        outer = next((w for w in cmd.words if w.start == word.start), None)
        attached = outer is not None and any(
            outer.value == o + ("=" if o.startswith("--") else "") + word.value for o in options)
        return blank_around(text, outer.start, outer.end) if attached else None
    if syntax.startswith("httpie"):
        return blank_around(text, word.start, word.end)
    if index == 0 or cmd.words[index - 1].value not in options:
        return None
    return blank_around(text, cmd.words[index - 1].start, word.end)


def blank_around(text: str, start: int, end: int) -> Range | None:
    """Words text[start:end] with the blank that goes with them: the blank before them; or, when
    they start a line, the whole line of a continued command (``\\`` at its end), the ``\\`` line
    break before the last line of one, or the blank after them."""
    line_start = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
    before = text[line_start:start]
    if before.strip(" \t"):
        return start - (len(before) - len(before.rstrip(" \t"))), end
    after = end + len(text[end:]) - len(text[end:].lstrip(" \t"))
    rest = text[after:after + 3]
    if rest.startswith(("\\\n", "\\\r\n")):
        return line_start, after + (2 if rest.startswith("\\\n") else 3)
    if after == len(text) or rest[:1] in "\r\n":
        joined = CONTINUED.search(text, 0, line_start)
        return (joined.start(), end) if joined else None
    return start, after


# ---------------------------------------------------------------- quoting of inserted text
def quoting(text: str, word: Word, offset: int) -> tuple[str, int, int]:
    """(quote, opening, closing) at offset of a word: the quote it lies in (``'``, ``"``, ``$'``
    or ``""`` for none), the offset just before the quoted (or unquoted) part it lies in begins,
    and the offset where that part ends."""
    state, opened, i = "", word.start - 1, word.start
    while i < offset:
        c = text[i]
        if c == "\\" and state != "'":
            i += 2
            continue
        if not state and _quote_starts(text, i):
            state = "$'" if c == "$" else c
            opened = i + (1 if c == "$" else 0)
            i = opened + 1
            continue
        if state and c == state[-1]:
            state, opened = "", i
        i += 1
    close = i
    while close < word.end and not (text[close] == state[-1] if state else _quote_starts(text, close)):
        close += 2 if text[close] == "\\" and state != "'" else 1
    return state, opened, min(close, word.end)


def _quote_starts(text: str, i: int) -> bool:
    return text[i] in "'\"" or text.startswith("$'", i)


def quoted(new: str, quote: str) -> str | None:
    """new written inside the given quoting (quoted itself where the word has none)."""
    if quote == "'":
        return None if "'" in new else new
    if quote == '"':
        return re.sub(r'([\\"$`])', r"\\\1", new)
    if quote == "$'":
        return new.replace("\\", "\\\\").replace("'", "\\'")
    if SAFE_UNQUOTED.fullmatch(new):
        return new
    return None if "'" in new else f"'{new}'"
