"""Where a line's comment starts, so that a suppression is read only from a real comment and never
from a string that happens to hold ``# noqa``.

Each file kind says how it quotes strings (`FileKind.strings`):

``python``  the tokenizer's comments. Only files that hold a marker get here, and the tokenizer
            runs from the top only as far as the last row asked about, so a row inside a
            triple-quoted string is known to be no comment. (Where the tokenizer gives up, the
            line is read as in ``c``, with ``#``.)
``yaml``    ``#`` at the start of the line or after a blank, outside a quoted scalar; a quote opens
            one only where a node starts (after ``- ``, ``? ``, ``: ``, or ``[``, ``{``, ``,`` in
            flow), so ``echo don't # noqa`` is a plain scalar and a comment.
``shell``   ``#`` at the start of the line or after a blank, outside ``'…'`` and ``"…"`` and not
            escaped by a backslash.
``c``       ``//`` outside ``"…"`` and ``'…'`` strings (.proto files).
``markdown``  an HTML comment ``<!--`` that starts a line (after blanks); ``rst`` a comment
            ``..`` that does; ``http`` a ``#`` or ``//`` that does (.http request files). Inside a fenced block or a code-block a line is read by the block's
            language (migrator/regions), never as the document.
``javascript``, ``java``, ``php`` …  the comments of the tree-sitter tree (scan/tree/comments.py): a marker
            in a string, a template literal or a text block over several lines is no comment.

YAML and shell lines are judged as they stand, as far as can be told on the line: a line inside
a block scalar or a here-document is read like any other.
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Callable, Iterable

from .lines import LineIndex

BLANKS = " \t"
TREE_LANGUAGES = frozenset({"javascript", "ruby", "go", "java", "php", "csharp"})  # read with tree-sitter: scan/tree/<language>.py


def comment_starts(text: str, lines: LineIndex, strings: str, rows: Iterable[int]) -> dict[int, int]:
    """For each of ``rows`` (1-based) that holds a comment, the offset where the comment starts."""
    wanted = sorted(set(rows))
    if not wanted:
        return {}
    if strings in TREE_LANGUAGES:
        from ..scan.tree.comments import comment_starts as tree_comments

        return tree_comments(text, lines, strings, wanted)
    if strings == "python":
        found = _python(text, lines, wanted)
        if found is not None:
            return found
    scan = LINE_SCANNERS["c#" if strings == "python" else strings]
    out = {}
    for row in wanted:
        at = scan(lines.line(row))
        if at is not None:
            out[row] = lines.starts[row - 1] + at
    return out


def _python(text: str, lines: LineIndex, rows: list[int]) -> dict[int, int] | None:
    """Comments on ``rows`` as Python's tokenizer sees them; None when it cannot tokenize."""
    wanted, last, out = set(rows), rows[-1], {}
    readline = io.StringIO(text, newline=None).readline  # rows as LineIndex counts them (universal)
    try:
        for token in tokenize.generate_tokens(readline):
            row, column = token.start
            if row > last:
                break
            if token.type == tokenize.COMMENT and row in wanted:
                out[row] = lines.offset_at(row, column)
    except (tokenize.TokenError, SyntaxError):
        return None
    return out


def _c_like(marker: str) -> Callable[[str], int | None]:
    """A scanner for lines whose strings are ``"…"`` or ``'…'`` with backslash escapes."""

    def scan(line: str) -> int | None:
        i, quote = 0, ""
        while i < len(line):
            c = line[i]
            if quote:
                if c == "\\":
                    i += 1
                elif c == quote:
                    quote = ""
            elif c in "'\"":
                quote = c
            elif line.startswith(marker, i):
                return i
            i += 1
        return None

    return scan


def _shell(line: str) -> int | None:
    i, quote, word_start = 0, "", True
    while i < len(line):
        c = line[i]
        if quote == "'":
            quote = "" if c == "'" else quote
        elif c == "\\":
            i += 1
        elif quote:
            quote = "" if c == '"' else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and word_start:
            return i
        word_start = not quote and c in BLANKS
        i += 1
    return None


def _yaml(line: str) -> int | None:
    i, n, node_start, flow = 0, len(line), True, 0
    while i < n:
        c = line[i]
        if c in BLANKS:
            i += 1
            continue
        if c == "#" and (i == 0 or line[i - 1] in BLANKS):
            return i
        if node_start and c in "'\"":
            i, node_start = _closing_quote(line, i), False
            continue
        if c in "&!" and node_start:  # an anchor or a tag before a node
            while i < n and line[i] not in BLANKS:
                i += 1
            continue
        indicator = i + 1 == n or line[i + 1] in BLANKS
        if (c in "-?" and node_start and indicator) or (c == ":" and indicator):
            node_start = True
        elif c in "[{" and (node_start or flow):
            flow, node_start = flow + 1, True
        elif c in "]}" and flow:
            flow, node_start = flow - 1, False
        else:
            node_start = c == "," and flow > 0
        i += 1
    return None


def _closing_quote(line: str, i: int) -> int:
    """The offset after the quote that closes the one at ``i`` (YAML: ``''`` inside single
    quotes, ``\\`` escapes inside double quotes); the line's end when it stays open."""
    quote, i = line[i], i + 1
    while i < len(line):
        if quote == '"' and line[i] == "\\":
            i += 2
            continue
        if line[i] == quote:
            if quote == "'" and line.startswith("''", i):
                i += 2
                continue
            return i + 1
        i += 1
    return len(line)


def _starting(*markers: str) -> Callable[[str], int | None]:
    """A scanner for files whose comments start a line (after blanks) with one of ``markers``."""

    def scan(line: str) -> int | None:
        lead = len(line) - len(line.lstrip(BLANKS))
        return lead if line.startswith(markers, lead) else None

    return scan


LINE_SCANNERS: dict[str, Callable[[str], int | None]] = {
    "yaml": _yaml, "shell": _shell, "c": _c_like("//"), "c#": _c_like("#"), "markdown": _starting("<!--"),
    "rst": _starting(".."), "http": _starting("#", "//"),
}
