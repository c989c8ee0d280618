"""Stage: match. Touches of one file, the rule table → findings.

Rules know the API, not syntax: a clause says which touch role, names, records, paths, contexts
and values it reports, and the lowest evidence it accepts. A clause whose check cannot be data
names a check function (migrator/checks), which gets the file's touches of that role.

A finding carries the rule's fix intent; which fix that is for its touch is decided in a step of
its own (fix/intents.resolve), so matching knows nothing of fixers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from . import checks
from .english import with_article
from .paths import any_path_matches
from .ruletable import Match, Rule, RuleTable
from .source import LineIndex
from .values import EVIDENCE_ORDER, Finding, Hit, Touch, show_value


def match_file(touches: Sequence[Touch], rules: Iterable[Rule], filename: str, lines: LineIndex,
               table: RuleTable) -> list[Hit]:
    """The hits of one file, each the finding it becomes; ``lines`` locates them (rows, columns
    and the source line); ``table`` is what check functions check against."""
    found: dict[tuple[str, object], Hit] = {}
    rules = rules if isinstance(rules, tuple) else tuple(rules)
    index = _Index(touches, _asked(rules))
    for rule in rules:
        for clause in rule.match:
            for touch, message in _clause_hits(clause, index.named(clause), touches, table):
                key = (rule.code, touch.range)
                if key not in found:
                    found[key] = _hit(rule, clause, touch, message, filename, lines)
    return sorted(found.values(), key=lambda hit: hit.finding.sort_key)


_last_asked: list = [None, frozenset()]  # the rules _asked last ran on, and its answer


def _asked(rules: tuple[Rule, ...]) -> frozenset[tuple[str, str]]:
    """The (role, name) pairs the rules' clauses name (the same rules for file after file)."""
    if rules is not _last_asked[0]:
        _last_asked[:] = [rules, frozenset((c.touch, n) for rule in rules for c in rule.match for n in c.names)]
    return _last_asked[1]


class _Index:
    """One file's touches by role and by (role, name): a clause names one role and mostly a
    few names, so it looks at those touches only, in the order the scanner gave them. Only the
    names some clause asks for are indexed (a large .proto has a name per field)."""

    def __init__(self, touches: Sequence[Touch], asked: frozenset[tuple[str, str]]):
        self.by_role: dict[str, list[int]] = {}
        self.by_name: dict[tuple[str, str], list[int]] = {}
        self.touches = touches
        for position, touch in enumerate(touches):
            self.by_role.setdefault(touch.role, []).append(position)
            if (key := (touch.role, touch.name)) in asked:
                self.by_name.setdefault(key, []).append(position)

    def named(self, clause: Match) -> list[Touch]:
        """The touches of the clause's role, and of one of its names when it names any."""
        if not clause.names:
            positions = self.by_role.get(clause.touch, [])
        else:
            lists = [self.by_name[key] for key in ((clause.touch, n) for n in set(clause.names)) if key in self.by_name]
            positions = lists[0] if len(lists) == 1 else sorted(p for found in lists for p in found)
        return [self.touches[p] for p in positions]


def _clause_hits(clause: Match, of_role: Sequence[Touch], touches: Sequence[Touch], table: RuleTable
                 ) -> Iterable[tuple[Touch, str | None]]:
    if _by_context_only(clause):  # a check's clause over a large file: no call per touch
        candidates = [t for t in of_role if t.context in clause.contexts] if clause.contexts else list(of_role)
    else:
        candidates = [t for t in of_role if matches(clause, t)]
    if clause.check is None:
        return ((t, None) for t in candidates)
    return checks.run(clause.check, candidates, touches, table)


def _by_context_only(clause: Match) -> bool:
    """Whether a clause asks of the touches of its role and names no more than their context."""
    return not (clause.methods or clause.paths or clause.not_paths or clause.values or clause.value_pattern
                or clause.detail or clause.records) and clause.evidence == EVIDENCE_ORDER[0]


def matches(clause: Match, touch: Touch) -> bool:
    if touch.role != clause.touch:
        return False
    if clause.names and touch.name not in clause.names:
        return False
    if clause.contexts and touch.context not in clause.contexts:
        return False
    if clause.methods and (touch.method or "").upper() not in clause.methods:
        return False
    if clause.paths and not any_path_matches(clause.paths, touch.name):
        return False
    if clause.not_paths and any_path_matches(clause.not_paths, str(touch.get("path", touch.name))):
        return False
    if clause.values and not (touch.has_value and _value_in(touch.value, clause.values)):
        return False
    if clause.value_pattern and not (
        touch.has_value and re.search(clause.value_pattern, str(touch.value))
    ):
        return False
    for key, wanted in clause.detail.items():
        if str(touch.get(key)) != wanted:
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


def _hit(rule: Rule, clause: Match, touch: Touch, message: str | None, filename: str, lines: LineIndex) -> Hit:
    record = (touch.record or "record").replace("_", " ")
    text = message or (clause.message or rule.message).format(
        name=touch.name,
        record=record,
        a_record=with_article(record),
        value=show_value(touch.value),
        path=touch.get("path", touch.name),
        replacement=rule.replacement or "",
    )
    return Hit(Finding(
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
    ), rule.fix, clause.evidence, clause.records)

