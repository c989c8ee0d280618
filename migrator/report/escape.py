"""Scanned text made safe to print on a terminal.

File names, messages (which quote field names and paths from the scanned files) and source lines
come from files migrator does not trust. Printed raw, an ESC sequence could set the terminal's
title or clear the screen, a carriage return or line feed could forge a finding, and a bidi
override could reorder what the reader sees. The text formats show such characters escaped:

- ``quote_path``: a file name as git shows it (core.quotePath off): wrapped in double quotes,
  with C escapes (``\\t``, ``\\n``, ``\\033``), only when it holds a character that needs one.
- ``escape``: a message, with the same C escapes and no quotes.
- ``shown_source``: a finding's source line as every report shows it (and fingerprints read it):
  a line longer than MAX_SHOWN_LINE is left out, so ten thousand findings on one long line do
  not make a report of ten thousand copies of it.
- ``show_line``: a source line as ruff shows it: a tab is four spaces and a control character is
  its Unicode control picture (ESC is ``␛``), so every character keeps one column and the caret
  still points at the span.

The Markdown report needs more: Markdown syntax in scanned text must show as the characters it is
(a ``<b>`` in a message is no HTML element, a ``[x](y)`` no link, a ``|`` no cell border), and how
a character is kept literal depends on where it goes (CommonMark 0.31, GFM tables):

- ``code_span``: text as a code span. Backslashes are literal there, so the only way to hold
  backticks is a fence (a backtick run) longer than any run inside, padded with a space where
  the text starts or ends with a backtick (or with a space at both ends, which CommonMark strips).
- ``prose``: text in a heading, a list item or a paragraph: the characters that start inline
  Markdown (``\\ ` * _ [ ] ~ #``) backslash-escaped, ``<`` and ``&`` as entities (no HTML
  element, no entity of the text's own), a leading block marker (``-``, ``+``, ``>``, ``1.``)
  escaped, line breaks as spaces.
- ``markdown_text``: prose in which backtick-delimited code spans (rule messages quote names so:
  `` `merged_by` is removed``) stay code spans, paired as CommonMark pairs them.
- With ``table=True``, the same text for a GFM table cell: ``|`` escaped as ``\\|`` (GFM splits
  a row at every other ``|``, inside code spans too, and drops the backslash of every ``\\|``,
  even one after another backslash), line breaks as ``<br>``, GFM's break inside a cell.
"""

from __future__ import annotations

import re
import unicodedata

# Bidirectional embeddings, overrides and isolates, and the Unicode line and paragraph separators:
# not control characters to unicodedata, but they change what a terminal shows.
INVISIBLE = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")
C_ESCAPES = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r"}
TAB = "    "
MAX_SHOWN_LINE = 1000  # characters


def shown_source(line: str) -> str:
    """A source line as reports show it: itself, or "" when longer than MAX_SHOWN_LINE."""
    return line if len(line) <= MAX_SHOWN_LINE else ""


def unsafe(char: str) -> bool:
    """Whether a character must not reach a terminal as it is: C0, DEL, C1, bidi controls, and the
    lone surrogates that stand for a file name's undecodable bytes."""
    return char in INVISIBLE or unicodedata.category(char) in ("Cc", "Cs")


def _plain(text: str) -> bool:
    """Printable ASCII only (no C0 control, no DEL): nothing in it is unsafe. One C call, where
    asking `unsafe` of each character is a Python call per character of every message."""
    return text.isascii() and text.isprintable()


def _c_escape(char: str) -> str:
    if char in C_ESCAPES:
        return C_ESCAPES[char]
    data = char.encode("utf-8", "surrogateescape" if "\udc80" <= char <= "\udcff" else "surrogatepass")
    return "".join(f"\\{byte:03o}" for byte in data)


def escape(text: str, keep: str = "") -> str:
    """``text`` with every unsafe character but those in ``keep`` as a C escape (``\\033``)."""
    if _plain(text) or not any(unsafe(c) and c not in keep for c in text):
        return text
    return "".join(_c_escape(c) if unsafe(c) and c not in keep else c for c in text)


def quote_path(name: str) -> str:
    """A file name as git prints it: unchanged, or quoted with C escapes when it needs any."""
    if (_plain(name) and '"' not in name and "\\" not in name) or not any(unsafe(c) or c in '"\\' for c in name):
        return name
    body = "".join(_c_escape(c) if unsafe(c) else "\\" + c if c in '"\\' else c for c in name)
    return f'"{body}"'


def _picture(char: str) -> str:
    if char == "\t":
        return TAB
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"  # C1 controls and bidi controls have no picture: the replacement character


def show_line(text: str) -> str:
    """A source line for display: tabs as spaces, unsafe characters as one visible character."""
    text = text.rstrip("\r\n")
    if _plain(text) or not any(unsafe(c) for c in text):
        return text
    return "".join(_picture(c) if unsafe(c) else c for c in text)


def width(text: str) -> int:
    """Terminal columns of already shown text (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


# ---------------------------------------------------------------- Markdown
LINE_BREAKS = re.compile(r"\r\n|\r|\n")
BACKTICKS = re.compile(r"`+")
# Characters that start inline Markdown anywhere in a line. An underscore between two letters or
# digits opens and closes no emphasis (CommonMark's flanking rules), so `merge_user` stays as it is.
INLINE = re.compile(r"[\\`*\[\]~#]|(?<![^\W_])_|_(?![^\W_])")
# A list item, block quote or setext underline when the text starts a line: its marker escaped
# (an ordered list's ``1.`` as ``1\\.``).
BLOCK_START = re.compile(r"^([ \t]*)(?:([-+>=])|(\d{1,9})([.)]))")


def code_span(text: str, table: bool = False) -> str:
    """A code span that shows ``text`` exactly (line breaks, which a code span shows as spaces,
    become spaces); "" for empty text, which no code span can hold."""
    text = LINE_BREAKS.sub(" ", text)
    if not text:
        return ""
    fence = "`" * (max(map(len, BACKTICKS.findall(text)), default=0) + 1)
    # CommonMark strips one space from each end of a span that has one at both ends and is not
    # all spaces: the pad puts one back.
    spaced = text[0] == text[-1] == " " and bool(text.strip(" "))
    pad = " " if text[0] == "`" or text[-1] == "`" or spaced else ""
    return f"{fence}{pad}{_pipes(text) if table else text}{pad}{fence}"


def prose(text: str, table: bool = False) -> str:
    """``text`` as literal Markdown text: no emphasis, link, code, HTML or entity of its own."""
    text = INLINE.sub(lambda m: "\\" + m[0], text).replace("&", "&amp;").replace("<", "&lt;")
    text = BLOCK_START.sub(lambda m: m[1] + ("\\" + m[2] if m[2] else m[3] + "\\" + m[4]), text)
    if table:
        return LINE_BREAKS.sub("<br>", _pipes(text))
    return LINE_BREAKS.sub(" ", text)


def markdown_text(text: str, table: bool = False) -> str:
    """``text`` whose backtick-delimited parts are code spans, the rest literal prose."""
    return "".join(code_span(part, table) if is_code else prose(part, table)
                   for is_code, part in code_pieces(text))


def code_pieces(text: str) -> list[tuple[bool, str]]:
    """``text`` cut as CommonMark cuts it into code spans: a backtick run opens a span that the
    next run of the same length closes; a run that nothing closes is literal text. Returns
    (is_code, text) pieces whose texts, with the fences, make up ``text``."""
    runs = list(BACKTICKS.finditer(text))
    closer, later = [None] * len(runs), {}
    for index in range(len(runs) - 1, -1, -1):  # each run's next run of the same length
        length = len(runs[index][0])
        closer[index], later[length] = later.get(length), index
    pieces, done, index = [], 0, 0
    while index < len(runs):
        close = closer[index]
        if close is None:
            index += 1
            continue
        pieces += [(False, text[done:runs[index].start()]), (True, text[runs[index].end():runs[close].start()])]
        done, index = runs[close].end(), close + 1
    pieces.append((False, text[done:]))
    return [(is_code, part) for is_code, part in pieces if part or is_code]


def _pipes(text: str) -> str:
    return text.replace("|", "\\|")
