"""Stage: match. Touches of one file, the rule table → findings.

Rules know the API, not syntax: a clause says which touch kind, names, records, paths, contexts
and values it reports, and the lowest evidence it accepts. A clause whose check cannot be data
names a check function (migrator/checks), which gets the file's touches of that kind.

A finding carries the rule's fix intent; which fix that is for its touch is decided in a step of
its own (fix/intents.resolve), so matching knows nothing of fixers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from . import checks
from .model import EVIDENCE_ORDER, Finding, Touch, show_value
from .paths import path_matches
from .ruletable import Match, Rule, RuleTable
from .source import LineIndex


def match_file(touches: Sequence[Touch], rules: Iterable[Rule], filename: str, lines: LineIndex,
               table: RuleTable) -> list[Finding]:
    """The findings of one file; ``lines`` locates them (rows, columns and the source line);
    ``table`` is what check functions check against."""
    found: dict[tuple[str, object], Finding] = {}
    by_kind: dict[str, list[Touch]] = {}  # a clause names one touch kind: it looks at those only
    for touch in touches:
        by_kind.setdefault(touch.kind, []).append(touch)
    for rule in rules:
        for clause in rule.match:
            for touch, message in _clause_hits(clause, by_kind.get(clause.touch, []), touches, table):
                key = (rule.code, touch.range)
                if key not in found:
                    found[key] = _finding(rule, clause, touch, message, filename, lines)
    return sorted(found.values(), key=lambda f: f.sort_key)


def _clause_hits(clause: Match, of_kind: Sequence[Touch], touches: Sequence[Touch], table: RuleTable
                 ) -> Iterable[tuple[Touch, str | None]]:
    candidates = [t for t in of_kind if matches(clause, t)]
    if clause.check is None:
        return ((t, None) for t in candidates)
    return checks.run(clause.check, candidates, touches, table)


def matches(clause: Match, touch: Touch) -> bool:
    if touch.kind != clause.touch:
        return False
    if clause.names and touch.name not in clause.names:
        return False
    if clause.contexts and touch.context not in clause.contexts:
        return False
    if clause.methods and (touch.method or "").upper() not in clause.methods:
        return False
    if clause.paths and not any(path_matches(p, touch.name) for p in clause.paths):
        return False
    if clause.not_paths and any(path_matches(p, str(touch.get("path", touch.name))) for p in clause.not_paths):
        return False
    if clause.values and not (touch.has_value and _value_in(touch.value, clause.values)):
        return False
    if clause.value_pattern and not (
        touch.has_value and re.search(clause.value_pattern, str(touch.value))
    ):
        return False
    if any(str(touch.get(k)) != v for k, v in clause.detail.items()):
        return False
    if EVIDENCE_ORDER.index(touch.evidence) < EVIDENCE_ORDER.index(clause.evidence):
        return False
    if clause.records:
        if touch.record is None:
            return touch.evidence == "bare"
        return touch.record in clause.records
    return True


def _value_in(value: object, allowed: tuple) -> bool:
    """A literal, or any member of a tuple of literals (``x in ("a", "b")``), is allowed.
    True == 1 in Python; a boolean must only match a boolean."""
    candidates = value if isinstance(value, tuple) else (value,)
    return any(v == a and isinstance(v, bool) == isinstance(a, bool) for v in candidates for a in allowed)


def _finding(rule: Rule, clause: Match, touch: Touch, message: str | None, filename: str,
             lines: LineIndex) -> Finding:
    text = message or (clause.message or rule.message).format(
        name=touch.name,
        record=(touch.record or "record").replace("_", " "),
        value=show_value(touch.value),
        path=touch.get("path", touch.name),
        replacement=rule.replacement or "",
    )
    return Finding(
        code=rule.code,
        name=rule.name,
        item=rule.item,
        message=text,
        severity=rule.severity,
        evidence=touch.evidence,
        filename=filename,
        span=lines.span(*touch.range),
        url=rule.url,
        touch=touch,
        range=touch.range,
        source_line=lines.line_at(touch.range[0]),
        intent=rule.fix,
        floor=clause.evidence,
    )

