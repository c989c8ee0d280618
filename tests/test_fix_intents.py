"""A rule's fix intent resolved for one touch (migrator/fix/intents/): the applicability a
finding gets from the intent's data, before any file kind's fixer is involved."""

from __future__ import annotations

from migrator.fix.intents import fix_for
from migrator.details import Request
from migrator.values import ContextApplicability, FixIntent, Span, Touch, ValueMap

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


def test_every_intent_has_a_half_for_python_and_for_text_and_no_unknown_family():
    from migrator.fix.intents import FAMILIES, registry

    for intent in registry().values():
        assert {"python", "text"} <= set(intent.halves) <= set(FAMILIES), intent.name


def test_an_intent_with_a_half_for_an_unknown_syntax_family_is_refused_by_name():
    import pytest

    from migrator.fix.intents import Intent

    with pytest.raises(ValueError, match="intent rename: no syntax family 'cobol'"):
        Intent("rename", {}, halves={"cobol": print})


def test_a_fixer_carries_out_only_the_half_of_its_own_family(table, monkeypatch):
    from dataclasses import replace

    from migrator.fix.intents import carried_out, registry
    from migrator.pipeline import check_source

    [(finding, touch)] = [(f, t) for f, t in check_source("mr = project.mergerequests.get(1)\nprint(mr.merged_by)\n",
                                                          "python", "x.py", table.rules, table).pairs if f.code == "MIG010"]
    rename = registry()["rename"]
    assert carried_out(finding, touch, "python") is rename.halves["python"]
    assert carried_out(finding, touch, "tree") is rename.halves["tree"]
    monkeypatch.delitem(rename.halves, "tree")
    assert carried_out(finding, touch, "tree") is None  # an intent without a tree-sitter half: left unfixed there
    assert carried_out(replace(finding, fix=None), touch, "python") is None
