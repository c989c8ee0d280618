"""jq filters for the text fixers: the filter text around a field and its shell quoting there, so
that text with blanks, pipes or parentheses is written inside the filter's quotes (escaped for
double quotes), or quoted where the filter has none; object shorthand given a value; the literal
a field is compared with.
"""

from __future__ import annotations

import re

from .host import ValueEdit
from .pair import Range
from .shell import quoted, quoting

RIGHT = re.compile(r"\s*(?:==|!=)\s*")
LEFT = re.compile(r"\s*(?:==|!=)\s*\Z")


class Filter:
    """The jq filter text around a field, and its shell quoting there."""

    def __init__(self, text: str, word: Range | None, at: int):
        """The filter is the shell word text[word] (None: not known)."""
        self.text, self.found = text, word is not None
        self.quote, self.opened, self.closed = quoting(text, word, at) if word else ("", 0, 0)

    def write(self, new: str) -> str | None:
        return quoted(new, self.quote) if self.found else None

    def opens(self, start: int) -> bool:
        """What comes before start begins a pipeline stage: ``(``, ``[``, ``|`` or the filter."""
        p = start - 1
        while p > self.opened and self.text[p].isspace():
            p -= 1
        return p <= self.opened or self.text[p] in "(|["

    def closes(self, end: int) -> bool:
        """What comes after end ends a pipeline stage: ``)``, ``]``, ``|`` or the filter."""
        n = end
        while n < self.closed and self.text[n].isspace():
            n += 1
        return n >= self.closed or self.text[n] in ")]" or (self.text[n] == "|" and self.text[n + 1:n + 2] != "=")


def shorthand(text: str, word: Range | None, span: Range, value: str, fits) -> list[ValueEdit] | None:
    """``{name}`` → ``{name: value}`` (the output key stays); ``{name:value}`` where the text
    holding the filter cannot take ``": "`` (a plain YAML scalar)."""
    jq = Filter(text, word, span[0])
    for new in (f": {value}", f":{value}"):
        written = jq.write(new)
        if written is not None and fits(written):
            return [(span[1], span[1], written)]
    return None


def compared(text: str, span: Range, compare: Range | None) -> Range | None:
    """Where the literal a field is compared with is written (compare spans both)."""
    if compare is None:
        return None
    if compare[1] > span[1]:
        op = RIGHT.match(text, span[1], compare[1])
        return (op.end(), compare[1]) if op else None
    start = compare[0] - (text[compare[0] - 1:compare[0]] == "\\")  # the scanner points past a `\"`
    op = LEFT.search(text, start, span[0])
    return (start, op.start()) if op else None
