"""Every rule speaks to every example kind: for each kind of file that rule examples are checked
as (`kinds.example_kinds()`), a rule either shows what it finds there (or rightly leaves alone)
with at least one example of that kind, or says with ``not_applicable: {kind: reason}`` why its
item cannot occur there or is not read there. A rule added without an answer for a kind, or a
kind added without an answer from every rule, is a gap this test names."""

from __future__ import annotations

from migrator import kinds
from migrator.ruletable import load_table

TABLE = load_table()


def gaps() -> list[tuple[str, str]]:
    """(rule code, example kind) for every kind a rule neither has an example of nor declares
    not applicable."""
    return [(rule.code, kind) for rule in TABLE.rules for kind in kinds.example_kinds()
            if kind not in {example.kind for example in rule.examples} and kind not in rule.not_applicable]


def test_every_rule_has_an_example_or_a_reason_for_every_example_kind():
    missing = gaps()
    assert missing == [], (
        f"{len(missing)} (rule, kind) pairs have neither an example nor a not_applicable reason:\n"
        + "\n".join(f"  {code}: {kind}" for code, kind in missing))


def test_not_applicable_kinds_are_listed_in_the_order_of_the_example_kinds():
    """A rule's not_applicable entries read in the order `kinds.example_kinds()` gives."""
    order = kinds.example_kinds()
    unordered = [rule.code for rule in TABLE.rules
                 if list(rule.not_applicable) != sorted(rule.not_applicable, key=order.index)]
    assert unordered == []
