"""Shell text for the text fixers: the ``name=value`` a command sends (where the scanner found it:
details.Shell says which words or characters remove it, taken here with the blank that goes with
them: the blank before them, or the whole line of a continued command), the quoting at a place
in a word (so that inserted jq text is written inside the word's quotes, or quoted where the
word has none), and the check that an edit kept every command's quoting.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...scan.shellwords import Env, commands
from ..apply import apply
from .pair import Pair, Range

SAFE_UNQUOTED = re.compile(r"[\w.,:/=@%+-]*")
CONTINUED = re.compile(r"[ \t]*\\\r?\n\Z")
BLANKS = re.compile(r"[ \t]*")


@lru_cache(maxsize=64)
def command_count(text: str, word: bool = False) -> int:
    """How many commands a script lexes into (nested command substitutions included); a CI
    variable's value (``word``) is read as one word."""
    return 1 if word else _count(list(commands(text, Env())))


def _count(cmds: list) -> int:
    return len(cmds) + sum(_count(sub.commands) for cmd in cmds for w in cmd.all_words() for sub in w.subs)


def same_shape(old: str, edits: list[tuple[int, int, str]], word: bool = False) -> bool:
    """The edits keep the script's quoting balanced: it lexes into as many commands as before.
    Edits that only put plain word characters for plain word characters cannot change that, so
    the script is neither copied nor lexed again for each of them."""
    if plain(old, edits):
        return True
    return command_count(old, word) == command_count(apply(old, edits), word)


def plain(old: str, edits: list[tuple[int, int, str]]) -> bool:
    """Each edit puts plain word characters for plain word characters (at least one each: so no
    token starts or ends anew, and a ``#`` stays where it was), in a script with no here-document
    (whose end a word names)."""
    return not _has_heredoc(old) and all(
        new and end > start and SAFE_UNQUOTED.fullmatch(new) and SAFE_UNQUOTED.fullmatch(old, start, end)
        for start, end, new in edits)


@lru_cache(maxsize=64)
def _has_heredoc(text: str) -> bool:
    return "<<" in text


def shell_pair(text: str, name: str, key: Range | None, value: Range | None, words: Range | None,
               piece: Range | None) -> Pair | None:
    """A field a command sends, with what removes it: its piece of a word, or its option and
    argument words with the blank around them."""
    if key is None or text[key[0]:key[1]] != name:
        return None
    return Pair(key, value, piece or (blank_around(text, *words) if words else None))


def blank_around(text: str, start: int, end: int) -> Range | None:
    """Words text[start:end] with the blank that goes with them: the blank before them; or, when
    they start a line, the whole line of a continued command (``\\`` at its end), the ``\\`` line
    break before the last line of one, or the blank after them."""
    line_start = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
    before = text[line_start:start]
    if before.strip(" \t"):
        return start - (len(before) - len(before.rstrip(" \t"))), end
    after = BLANKS.match(text, end).end()
    rest = text[after:after + 3]
    if rest.startswith(("\\\n", "\\\r\n")):
        return line_start, after + (2 if rest.startswith("\\\n") else 3)
    if after == len(text) or rest[:1] in "\r\n":
        joined = CONTINUED.search(text, 0, line_start)
        return (joined.start(), end) if joined else None
    return start, after


# ---------------------------------------------------------------- quoting of inserted text
def quoting(text: str, word: Range, offset: int) -> tuple[str, int, int]:
    """(quote, opening, closing) at offset of the word text[word]: the quote it lies in (``'``,
    ``"``, ``$'`` or ``""`` for none), the offset just before the quoted (or unquoted) part it
    lies in begins, and the offset where that part ends."""
    start, end = word
    state, opened, i = "", start - 1, start
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
    while close < end and not (text[close] == state[-1] if state else _quote_starts(text, close)):
        close += 2 if text[close] == "\\" and state != "'" else 1
    return state, opened, min(close, end)


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
