"""A rule's fix intent resolved for one touch (migrator/fix/intents/): the applicability a
finding gets from the intent's data, before any file kind's fixer is involved."""

from __future__ import annotations

from migrator.fix.intents import fix_for
from migrator.details import Request
from migrator.model import ContextApplicability, FixIntent, Span, Touch, ValueMap

SCOPE_TO_PAUSED = FixIntent(
    "map-values", "safe", "the filters select the same runners", "Filter with `{to}={to_value}`",
    values=(ValueMap("active", "paused", False, "safe"),),
    contexts=(ContextApplicability("filter", "display-only", "the service ignores scope there",
                                   paths=("/groups/:id/runners",)),),
)


def scope_filter(path: str) -> Touch:
    return Touch("param", "scope", Span.of(1, 1, 1, 6), "runner", "typed", "filter", "GET", "active",
                 "kwarg", request=Request(path=path, location="query"))


def test_a_context_applicability_limited_to_paths_applies_on_those_paths_only():
    assert fix_for(SCOPE_TO_PAUSED, scope_filter("/runners")).applicability == "safe"
    on_group = fix_for(SCOPE_TO_PAUSED, scope_filter("/groups/:id/runners"))
    assert on_group.applicability == "display-only"
    assert on_group.message == "Filter with `paused=false` (the service ignores scope there)"
