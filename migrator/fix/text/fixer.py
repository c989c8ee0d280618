"""The text fixer: each finding's fix intent carried out as exact edits of the file's text, so
comments, quoting and layout stay as they are (never ``yaml.dump`` or ``json.dump`` a user's file).

A touch is located in its host (host.py: the file, or the YAML or JSON string the scanner read it
from) as a `Spot`, and the intent's text half (fix/intents/) computes its edits on the host's
text, with the shared helpers: a ``name=value`` sent or held (pair.py, shell.py, members.py), a
jq filter (jq.py). The edits are then mapped back into the file and written the way the host
writes text; a host that would not read back exactly as intended, or a script whose quoting
would change, gets no edit.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ...regions.move import ranges_of
from ...syntax import JSON_BODIES, PAIRS, URL_TEXTS, SHELL, Syntax
from ...values import Edit, Finding, Touch
from ..apply import apply
from ..intents import carried_out
from .host import Host, Hosts, StringHost, ValueEdit
from .members import json_pair
from .pieces import PieceHosts
from .pair import BOOL_WORD, Pair, Range, form_pair, query_pair
from .shell import same_shape, shell_pair

Edits = list[ValueEdit] | None
SPOT = {"range": "span", "key_span": "key", "value_span": "value", "compare": "compare", "word": "word",
        "words": "words", "piece": "piece"}  # a touch's range (regions/move.RANGES) → the Spot's field
CHECK_BUDGET = 20_000_000  # characters of string decoded to check the fixes in one string


@dataclass
class Spot:
    """A touch's ranges in its host's text: its own, and those its details give (details.py):
    the name and value of a ``name=value``, a comparison, the shell word holding it and what
    removes it. ``shell``: the host is a shell script (``variable``: a CI variable's value, one
    word)."""

    host: Host
    span: Range
    key: Range | None = None
    value: Range | None = None
    compare: Range | None = None
    word: Range | None = None
    words: Range | None = None
    piece: Range | None = None
    shell: bool = False
    variable: bool = False

    @property
    def text(self) -> str:
        return self.host.value

    def fits(self, new: str) -> bool:
        return self.host.encode(new) is not None

    def pair(self, touch: Touch) -> Pair | None:
        """The ``name=value`` the touch is the name of: a field a shell command sends, a JSON
        member, a field of a recorded URL's query or form body."""
        syntax = touch.syntax
        if syntax in PAIRS:
            return shell_pair(self.text, touch.name, self.key, self.value, self.words, self.piece)
        if syntax in JSON_BODIES:
            return json_pair(self.text, self.key, self.value, touch.name) if self.key else None
        if syntax == Syntax.JSON_KEY:
            return json_pair(self.text, self.span, self.value, touch.name)
        if syntax in URL_TEXTS:
            return query_pair(self.text, self.span, touch.name, touch.value)
        if syntax == Syntax.FORM_FIELD:
            return form_pair(self.text, self.span, touch.name)
        return None

    def bool_word(self, value: Range) -> re.Match[str] | None:
        """true/false written as the value (bare, or as a JSON string)."""
        word = BOOL_WORD.search(self.text, *value)
        return word if word and self.text[value[0]:value[1]].strip('\\"') == word.group() else None


class Fixer:
    """The text fixes of one file."""

    def __init__(self, text: str, syntax: str, hosts: Hosts | PieceHosts | None = None):
        self.text = text
        self.hosts = hosts or Hosts(text, syntax)
        self.too_costly: set[int] = set()

    def edits(self, touches: Mapping[Finding, Touch]) -> dict[Finding, tuple[Edit, ...]]:
        out = {}
        fixed = [(f, t, half) for f, t in touches.items() if (half := carried_out(f, t, "text"))]
        self.too_costly = self.over_budget([t for _, t, _ in fixed])
        for finding, touch, half in fixed:
            spot = self.locate(touch)
            made = self.finish(spot, touch, half(spot, touch, finding.fix.intent)) if spot else None
            if made:
                out[finding] = made
        return out

    def over_budget(self, touches: list[Touch]) -> set[int]:
        """The string hosts (by id) whose fixes would cost more than CHECK_BUDGET to check: each
        fix in a string is checked by decoding the whole string, so a 1 MB script line with
        20,000 findings would take hours. None of their findings gets an edit (all or none, so
        that a second fix changes nothing); the findings are still reported."""
        counts: dict[int, list] = {}
        for touch in touches:
            host = self.hosts.at(touch.range[0])
            if isinstance(host, StringHost):
                counts.setdefault(id(host), [host, 0])[1] += 1
        return {key for key, (host, count) in counts.items() if count * (host.end - host.start) > CHECK_BUDGET}

    def locate(self, touch: Touch) -> Spot | None:
        """The touch's ranges, mapped from the file into the text of the host it lies in."""
        ranges = {SPOT[name]: r for name, r in ranges_of(touch) if r}
        offsets = [offset for r in ranges.values() for offset in r]
        host = self.hosts.at(offsets[0])
        if host is not None and id(host) in self.too_costly:
            return None
        inside = host.to_value(offsets) if host is not None else None
        if inside is None:
            return None
        found = dict(zip(ranges, zip(inside[::2], inside[1::2])))
        shell = touch.syntax in SHELL
        return Spot(host, **found, shell=shell, variable=shell and self.hosts.is_variable(host))

    def finish(self, spot: Spot, touch: Touch, value_edits: Edits) -> tuple[Edit, ...] | None:
        """The value edits as file edits, when the host reads back exactly as intended."""
        if not value_edits:
            return None
        if spot.shell and not same_shape(spot.text, value_edits, spot.variable):
            return None
        string = isinstance(spot.host, StringHost)  # the file itself is never copied whole per finding
        new_value = apply(spot.text, value_edits) if string else None
        if string and touch.syntax == Syntax.JSON_KEY and not _parses(new_value):
            return None
        host = spot.host
        file_edits = host.written(value_edits)
        if file_edits is None:
            return None
        if isinstance(host, StringHost):
            file_edits += self.lengths(host, spot.text, new_value)
        return tuple(Edit(new, a, b) for a, b, new in sorted(file_edits))

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


def text_edits(syntax: str, text: str, touches: Mapping[Finding, Touch]) -> dict[Finding, tuple[Edit, ...]]:
    """The edits of each finding of one file (with the touch it was made from) whose touches live
    in its text (``syntax`` file: the whole file, as a shell script), in its YAML scalars
    (``yaml``) or in its JSON strings (``json``)."""
    return Fixer(text, syntax).edits(touches)


def region_edits(text: str, touches: Mapping[Finding, Touch], regions: list) -> dict[Finding, tuple[Edit, ...]]:
    """The edits of each finding that lies in a piece of one of the regions (migrator/regions),
    made where it lies in the host: each piece is a host, written in its own form."""
    return Fixer(text, "file", hosts=PieceHosts(text, regions)).edits(touches)
