"""``migrator rule``: a rule's documentation as text or JSON, from the rule table alone, with the
rule's first flagged example and its rewrite (``after``: by ``migrator fix``; ``after_unsafe``: by
``migrator fix --unsafe-fixes``)."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from typing import Protocol

from ..ruletable import Example, Item, Rule


OWN = "migrator"  # the ``source`` of the items of migrator's own rules (rules/items.yaml)


def first_flagged(rule: Rule) -> Example | None:
    return next((example for example in rule.examples if example.flagged), None)


def example_dict(rule: Rule) -> dict | None:
    example = first_flagged(rule)
    if example is None:
        return None
    # "kind": how the example is written (Example.written_as), as `migrator rule --output-format
    # json` has always named it
    return {"kind": example.written_as, "name": example.name, "filename": example.filename, "code": example.code,
            "after": example.after, "after_unsafe": example.after_unsafe}


class HasItems(Protocol):
    """The rule table, or a report's context: what a rule's documentation needs of either."""

    @property
    def items(self) -> Mapping[str, Item]: ...


def as_dict(rule: Rule, table: HasItems) -> dict:
    item = table.items[rule.item]
    return {
        "code": rule.code,
        "name": rule.name,
        "item": rule.item,
        "item_title": item.title,
        "source": item.source,
        "message": rule.message,
        "severity": rule.severity,
        "breaking": rule.breaking,
        "replacement": rule.replacement,
        "releases": {
            "deprecated_in": rule.deprecated_in,
            "changed_in": rule.changed_in,
            "replacement_since": rule.replacement_since,
            "removed_in": rule.removed_in,
        },
        "what": rule.docs.what,
        "why": rule.docs.why,
        "instead": rule.docs.instead,
        "fix": None if rule.fix is None else {
            "intent": rule.fix.intent,
            "applicability": rule.fix.applicability,
            "reason": rule.fix.reason,
            "safety": rule.docs.fix_safety,
        },
        "spec_and_facts": rule.docs.spec_and_facts or None,
        "url": rule.url,
        "example": example_dict(rule),
        "not_applicable": dict(rule.not_applicable),
    }


def render_json(rules: list[Rule], table: HasItems) -> str:
    return json.dumps([as_dict(r, table) for r in rules], indent=2, ensure_ascii=False) + "\n"


def _para(title: str, text: str | None) -> list[str]:
    if not text:
        return []
    return [f"## {title}", *textwrap.wrap(text, 96), ""]


def _item_line(rule: Rule, doc: dict) -> str:
    if doc["source"] == "service-docs":
        return f"Item: {rule.item} ({doc['item_title']}; not in the spec: from the service's own documentation)"
    return f"Versioning item: {rule.item} ({doc['item_title']}; spec section {doc['source']})"


def _code(title: str, code: str) -> list[str]:
    return [title, "", *textwrap.indent(code.rstrip("\n"), "    ").splitlines(), ""]


def _example(example: dict | None) -> list[str]:
    if example is None:
        return []
    out = [f"## Example ({example['kind']}{': ' + example['filename'] if example['filename'] else ''})", ""]
    out += _code(f"Flagged ({example['name']}):", example["code"])
    if example["after"] is not None:
        out += _code("After `migrator fix`:", example["after"])
    if example["after_unsafe"] is not None:
        out += _code("After `migrator fix --unsafe-fixes`:", example["after_unsafe"])
    if example["after"] is None and example["after_unsafe"] is None:
        out += ["`migrator fix` leaves this code as it is; the finding says what to do.", ""]
    return out


def explanation(rule: Rule, own: bool) -> list[str]:
    """A rule's what, why and instead, as ``migrator rule`` prints them (and an editor's hover
    shows them: migrator/server); ``own``: one of migrator's own rules, which concern no release."""
    return (_para("What it detects", rule.docs.what) + _para("Why it matters" if own else "Why v5 breaks it", rule.docs.why)
            + _para("What to do instead", rule.docs.instead))


def render_explanation(rule: Rule, table: HasItems) -> str:
    """`explanation` as a text of its own, under the rule's title."""
    own = table.items[rule.item].source == OWN
    return "\n".join([f"# {rule.name} ({rule.code})", "", *explanation(rule, own)]).rstrip("\n") + "\n"


def render_text(rules: list[Rule], table: HasItems) -> str:
    out: list[str] = []
    for rule in rules:
        doc = as_dict(rule, table)
        releases = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in doc["releases"].items() if v)
        own = doc["source"] == OWN  # migrator's own rules (unused suppressions) concern no release
        out += [f"# {rule.name} ({rule.code})", ""]
        out += [f"Migrator's own rule: {doc['item_title']}" if own else _item_line(rule, doc)]
        out += [f"Severity: {rule.severity}{'' if rule.breaking else ' (not a breaking change)'}"]
        if not own:  # migrator's own rules concern no release of the service
            out += [f"Releases: {releases}" if releases else "Releases: none involved"]
        out += [""]
        out += explanation(rule, own)
        if rule.fix is not None:
            out += _para(f"Fix: {rule.fix.applicability} ({rule.fix.intent})",
                         f"{rule.docs.fix_safety or rule.fix.reason} Reason: {rule.fix.reason}.")
        else:
            out += _para("Fix", "None; the finding says what to do.")
        out += _para("Spec and reality", rule.docs.spec_and_facts)
        out += _example(doc["example"])
        if rule.not_applicable:
            out += ["## Not applicable", ""]
            out += [f"- {kind}: {reason}" for kind, reason in sorted(rule.not_applicable.items())] + [""]
        if rule.url:
            out += [f"See {rule.url}", ""]
    return "\n".join(out).rstrip("\n") + "\n"
