"""jq filters for the text fixers.

- rename: the name in place (``.merged_by`` → ``.merge_user``, ``has("x")``, ``.["x"]``); object
  shorthand keeps its output key (``{merged_by}`` → ``{merged_by: .merge_user}``).
- negate: ``select(.active)`` → ``select(.paused | not)``, ``select(.active | not)`` →
  ``select(.paused)``, ``.active`` elsewhere → ``(.paused | not)`` (only for a field that is a
  whole path: the scanner's ``term``), ``.active == true`` → ``.paused == false``, shorthand
  ``{active}`` → ``{active: (.paused | not)}``.
- map a comparison: ``.status == "paused"`` → ``.paused == true``.

Text with blanks, pipes or parentheses is written inside the filter's shell quotes (escaped for
double quotes), or quoted where the filter has none.
"""

from __future__ import annotations

import json
import re

from collections.abc import Callable

from ..model import Touch
from .texthost import ValueEdit
from .textjson import name_range
from .textpair import BOOL_WORD, Range
from .textshell import Script, quoted, quoting

NOT = re.compile(r"\s*\|\s*not\b")
ASSIGNS = re.compile(r"\s*(?:\|=|//=|[+\-*/%]?=(?!=))")
RIGHT = re.compile(r"\s*(?:==|!=)\s*")
LEFT = re.compile(r"\s*(?:==|!=)\s*\Z")
Edits = list[ValueEdit] | None
Fits = Callable[[str], bool]


class Filter:
    """The jq filter text around a field, and its shell quoting there."""

    def __init__(self, script: Script, at: int):
        found = script.word_at(at)
        self.text, self.found = script.text, found is not None
        self.quote, self.opened, self.closed = quoting(script.text, found[1], at) if found else ("", 0, 0)

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


def rename(script: Script, touch: Touch, span: Range, new: str, fits: Fits) -> Edits:
    if touch.syntax == "jq-shorthand":
        return _after(script, span, f".{new}", fits)
    spelled = name_range(script.text, span, touch.name)
    return [(*spelled, new)] if spelled else None


def _after(script: Script, span: Range, value: str, fits: Fits) -> Edits:
    """``{name}`` → ``{name: value}`` (the output key stays); ``{name:value}`` where the text
    holding the filter cannot take ``": "`` (a plain YAML scalar)."""
    jq = Filter(script, span[0])
    for new in (f": {value}", f":{value}"):
        written = jq.write(new)
        if written is not None and fits(written):
            return [(span[1], span[1], written)]
    return None


def negate(script: Script, touch: Touch, span: Range, compare: Range | None, new: str, fits: Fits) -> Edits:
    if touch.syntax == "jq-shorthand":
        return _after(script, span, f"(.{new} | not)", fits)
    spelled = name_range(script.text, span, touch.name)
    if spelled is None:
        return None
    if touch.context == "compare":
        literal = _literal(script.text, span, compare)
        word = BOOL_WORD.search(script.text, *literal) if literal else None
        if word is None or script.text[literal[0]:literal[1]].strip('\\"') != word.group():
            return None
        return [(*spelled, new), (word.start(), word.end(), "true" if word.group().lower() == "false" else "false")]
    return _negate_read(script, span, spelled, new)


def _negate_read(script: Script, span: Range, spelled: Range, new: str) -> Edits:
    text, (start, end) = script.text, span
    if ASSIGNS.match(text, end):
        return None  # an update (`.active |= ...`) is no read
    token = text[start:spelled[0]] + new + text[spelled[1]:end]
    jq = Filter(script, start)
    if not jq.found:
        return None
    negated = NOT.match(text, end)
    if negated and jq.opens(start) and jq.closes(negated.end()):
        return [(start, negated.end(), token)]
    stage = jq.opens(start) and jq.closes(end)
    written = jq.write(f"{token} | not" if stage else f"({token} | not)")
    return [(start, end, written)] if written is not None else None


def map_compare(script: Script, touch: Touch, span: Range, compare: Range | None, name: str, value: object) -> Edits:
    spelled = name_range(script.text, span, touch.name)
    literal = _literal(script.text, span, compare)
    if spelled is None or literal is None:
        return None
    written_old = script.text[literal[0]:literal[1]].replace('\\"', '"')
    try:
        if json.loads(written_old) != touch.value:
            return None
    except ValueError:
        return None
    written = Filter(script, literal[0]).write(json.dumps(value))
    return [(*spelled, name), (*literal, written)] if written is not None else None


def _literal(text: str, span: Range, compare: Range | None) -> Range | None:
    """Where the literal a field is compared with is written (compare spans both)."""
    if compare is None:
        return None
    if compare[1] > span[1]:
        op = RIGHT.match(text, span[1], compare[1])
        return (op.end(), compare[1]) if op else None
    start = compare[0] - (text[compare[0] - 1:compare[0]] == "\\")  # the scanner points past a `\"`
    op = LEFT.search(text, start, span[0])
    return (start, op.start()) if op else None
