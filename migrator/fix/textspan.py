"""Text-span fixes for shell scripts, CI YAML and recorded JSON (fixtures, cassettes, HAR files):
each finding's fix intent carried out as exact edits of the file's text, so comments, quoting and
layout stay as they are (never ``yaml.dump`` or ``json.dump`` a user's file).

A touch is located in its host (texthost.py: the file, or the YAML or JSON string the scanner
read it from) and the intent is carried out on the host's text, per form of touch:

- a ``name=value`` sent or held (form, data and query fields of curl, wget, glab and httpie; a
  recorded URL's query or form body; a JSON member): textpair.py, textshell.py, textjson.py;
- a jq field: textjq.py;
- an endpoint's URL: the path segment itself.

The edits are then mapped back into the file and written the way the host writes text; a host
that would not read back exactly as intended, or a script whose quoting would change, gets no
edit. Forms and values that cannot be rewritten exactly are display-only (fix/textforms.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..model import Edit, Finding, FixIntent, Touch, show_value
from .intents import mapping
from . import textjq
from .textforms import JSON_BODIES, PAIRS, RECORDED_URLS
from .texthost import Host, Hosts, StringHost, ValueEdit, apply
from .textjson import json_pair
from .textpair import BOOL_WORD, Pair, Range, form_pair, query_pair
from .textshell import Script, same_shape, shell_pair

JQ = ("jq", "jq-shorthand", "jq-has", "jq-index")
SHELL = PAIRS + JSON_BODIES + JQ + ("url", "glab-endpoint")
Edits = list[ValueEdit] | None


@dataclass
class Spot:
    """A touch's ranges in its host's text (``script``: the host lexed, for shell forms)."""

    host: Host
    span: Range
    key: Range | None
    value: Range | None
    compare: Range | None
    script: Script | None

    @property
    def text(self) -> str:
        return self.host.value

    def fits(self, new: str) -> bool:
        return self.host.encode(new) is not None


class Fixer:
    """The text fixes of one file."""

    def __init__(self, text: str, syntax: str, variables: bool = False):
        self.text = text
        self.hosts = Hosts(text, syntax, variables)
        self.scripts: dict[int, Script] = {}

    def edits(self, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
        out = {}
        for finding in findings:
            intent = finding.fix.intent if finding.fix else None
            handler = HANDLERS.get(intent.intent) if intent else None
            touch = finding.touch
            if handler is None or touch is None or touch.get("approximate"):
                continue
            spot = self.locate(touch)
            made = self.finish(spot, touch, handler(spot, touch, intent)) if spot else None
            if made:
                out[finding] = made
        return out

    def locate(self, touch: Touch) -> Spot | None:
        offsets = list(touch.range)
        for name in ("key_span", "value_span", "compare"):
            found = touch.get(name)
            offsets += list(found) if found else []
        host = self.hosts.at(offsets[0])
        inside = host.to_value(offsets) if host is not None else None
        if inside is None:
            return None
        ranges = iter(zip(inside[::2], inside[1::2]))
        span = next(ranges)
        found = {name: next(ranges) if touch.get(name) else None for name in ("key_span", "value_span", "compare")}
        script = None
        if touch.syntax in SHELL:
            script = self.scripts.get(id(host)) or self.scripts.setdefault(
                id(host), Script(host.value, word=self.hosts.is_variable(host)))
        return Spot(host, span, found["key_span"], found["value_span"], found["compare"], script)

    def finish(self, spot: Spot, touch: Touch, value_edits: Edits) -> tuple[Edit, ...] | None:
        """The value edits as file edits, when the host reads back exactly as intended."""
        if not value_edits:
            return None
        new_value = apply(spot.text, value_edits)
        if spot.script is not None and not same_shape(spot.script, new_value):
            return None
        if isinstance(spot.host, StringHost) and touch.syntax == "json-key" and not _parses(new_value):
            return None
        host, file_edits, written = spot.host, [], []
        for start, end, new in value_edits:
            written.append(host.encode(new))
            if written[-1] is None:
                return None
            file_edits.append((host.to_file(start), host.to_file(end), written[-1]))
        if isinstance(host, StringHost):
            tidy = [self.whole_line(a, b) if not new else (a, b, new) for a, b, new in file_edits]
            found = next((e for e in (tidy, file_edits) if host.check(e, value_edits)), None)
            if found is None:  # the map may be off at a folded line break or an escape: place exactly
                placed = [(host.placed(a), host.placed(b), new) for (a, b, _), new in zip(value_edits, written)]
                if all(a is not None and b is not None for a, b, _ in placed):
                    tidy = [self.whole_line(a, b) if not new else (a, b, new) for a, b, new in placed]
                    found = next((e for e in (tidy, placed) if host.check(e, value_edits)), None)
            if found is None:
                return None
            file_edits = found
            file_edits += self.lengths(host, spot.text, new_value)
        return tuple(Edit(new, a, b) for a, b, new in sorted(file_edits))

    def whole_line(self, start: int, end: int) -> ValueEdit:
        """A removal that leaves its line blank (a folded line of a YAML string) takes the line
        break before it too."""
        text = self.text
        line = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
        if line == 0 or text[line:start].strip(" \t") or text[end:end + 1] not in ("", "\n", "\r"):
            return start, end, ""
        return line - (2 if text[line - 2:line] == "\r\n" else 1), end, ""

    def lengths(self, host: Host, old: str, new: str) -> list[ValueEdit]:
        """The recorded lengths of a body that an edit makes longer or shorter, made to match."""
        before, after = len(old.encode()), len(new.encode())
        if before == after:
            return []
        out = []
        for node in self.hosts.lengths(host):
            digits = list(re.finditer(r"\d+", self.text[node.start:node.end]))
            if len(digits) == 1 and int(digits[0].group()) == before:
                out.append((node.start + digits[0].start(), node.start + digits[0].end(), str(after)))
        return out


def _parses(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------- name=value
def pair_for(spot: Spot, touch: Touch) -> Pair | None:
    syntax = touch.syntax
    if syntax in PAIRS + JSON_BODIES:
        return shell_pair(spot.script, syntax, touch.name, spot.key, spot.value) if spot.key else None
    if syntax == "json-key":
        return json_pair(spot.text, spot.span, spot.value, touch.name)
    if syntax in RECORDED_URLS:
        return query_pair(spot.text, spot.span, touch.name, touch.value)
    if syntax == "form-field":
        return form_pair(spot.text, spot.span, touch.name)
    return None


def _bool_word(text: str, value: Range) -> re.Match[str] | None:
    """true/false written as the value (bare, or as a JSON string)."""
    word = BOOL_WORD.search(text, *value)
    return word if word and text[value[0]:value[1]].strip('\\"') == word.group() else None


def rename(spot: Spot, touch: Touch, intent: FixIntent) -> Edits:
    new = intent.to or ""
    if touch.syntax in JQ:
        return textjq.rename(spot.script, touch, spot.span, new, spot.fits)
    pair = pair_for(spot, touch)
    if pair is None:
        return None
    if new in pair.others:  # the new key wins over the old one: drop the old
        return [(*pair.removal, "")] if pair.removal else None
    return [(*pair.key, new)]


def negate(spot: Spot, touch: Touch, intent: FixIntent) -> Edits:
    new = intent.to or ""
    if touch.syntax in JQ:
        return textjq.negate(spot.script, touch, spot.span, spot.compare, new, spot.fits)
    pair = pair_for(spot, touch)
    word = _bool_word(spot.text, pair.value) if pair and pair.value else None
    if word is None:
        return None
    true = word.group().lower() == "true"
    if new in pair.others:
        # A recorded response holds both; a request sending both is answered with 400 by v4.
        agrees = touch.context == "key" and pair.others[new] is (not true)
        return [(*pair.removal, "")] if agrees and pair.removal else None
    return [(*pair.key, new), (word.start(), word.end(), _flip(word.group()))]


def _flip(word: str) -> str:
    flipped = "false" if word.lower() == "true" else "true"
    return flipped.upper() if word.isupper() else flipped.capitalize() if word[:1].isupper() else flipped


def map_values(spot: Spot, touch: Touch, intent: FixIntent) -> Edits:
    target = mapping(intent, touch.value)
    if target is None:
        return None
    if touch.syntax in JQ:
        return textjq.map_compare(spot.script, touch, spot.span, spot.compare, target.to_name, target.to_value)
    pair = pair_for(spot, touch)
    if pair is None or pair.value is None or spot.text[pair.value[0]:pair.value[1]] != show_value(touch.value):
        return None
    if target.to_name != touch.name and target.to_name in pair.others:
        return None
    return [(*pair.key, target.to_name), (*pair.value, show_value(target.to_value))]


def drop_null(spot: Spot, touch: Touch, intent: FixIntent) -> Edits:
    pair = pair_for(spot, touch)
    if pair is None or pair.value is None or pair.removal is None:
        return None
    return [(*pair.removal, "")] if spot.text[pair.value[0]:pair.value[1]] == "null" else None


# ---------------------------------------------------------------- paths
def rewrite_path(spot: Spot, touch: Touch, intent: FixIntent) -> Edits:
    """The path segment inside the URL as written; as many as the path has, or none."""
    segment = intent.segment or ""
    start, end = spot.span
    url = spot.text[start:end]
    stop = url.find("?")
    pattern = re.compile(rf"(?:^|(?<=/)){re.escape(segment)}(?=[/?#\"'\\]|$)")
    found = list(pattern.finditer(url, 0, len(url) if stop == -1 else stop))
    wanted = (touch.get("path") or touch.name).split("/").count(segment)
    if not found or len(found) != wanted:
        return None
    return [(start + m.start(), start + m.end(), intent.to or "") for m in found]


HANDLERS: dict[str, Callable[[Spot, Touch, FixIntent], Edits]] = {
    "rename": rename,
    "negate-boolean": negate,
    "map-values": map_values,
    "rewrite-path": rewrite_path,
    "drop-null": drop_null,
}


def text_edits(syntax: str, text: str, findings: list[Finding], variables: bool = False
               ) -> dict[Finding, tuple[Edit, ...]]:
    """The edits of each finding of one file whose touches live in its text (``syntax`` file:
    the whole file, as a shell script), in its YAML scalars (``yaml``; ``variables``: a CI file,
    whose variables are one word each) or in its JSON strings (``json``)."""
    return Fixer(text, syntax, variables).edits(findings)
