"""Every rule speaks to every example kind: for each kind of file that rule examples are checked
as (`kinds.example_kinds()`), a rule either shows what it finds there (or rightly leaves alone)
with at least one example of that kind, or says with ``not_applicable: {kind: reason}`` why its
item cannot occur there or is not read there. A rule added without an answer for a kind, or a
kind added without an answer from every rule, is a gap this test names.

A host (a kind whose files hold regions written in other kinds: a Markdown document's fenced
blocks, migrator/regions) answers as a host instead (``FileKind.examples_per``): among all the
rules it has a flagged example, one that must not be flagged, and one a safe fix rewrites; what
its regions hold is answered for, rule by rule, by the kinds that read them."""

from __future__ import annotations

from migrator import kinds
from migrator.ruletable import load_table

TABLE = load_table()


def gaps() -> list[tuple[str, str]]:
    """(rule code, example kind) for every kind a rule neither has an example of nor declares
    not applicable."""
    return [(rule.code, kind) for rule in TABLE.rules for kind in per_rule()
            if kind not in {example.kind for example in rule.examples} and kind not in rule.not_applicable]


def per_rule() -> list[str]:
    return [name for kind in kinds.registry() if kind.examples_per == "rule" for name in kind.examples]


def host_kinds() -> list[str]:
    return [name for kind in kinds.registry() if kind.examples_per == "host" for name in kind.examples]


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


def test_every_host_has_flagged_clean_and_rewritten_examples():
    examples = [example for rule in TABLE.rules for example in rule.examples]
    for host in host_kinds():
        of_host = [e for e in examples if e.kind == host]
        assert any(e.flagged for e in of_host), f"{host}: no flagged example"
        assert any(not e.flagged for e in of_host), f"{host}: no example that must not be flagged"
        assert any(e.after is not None and e.after != e.code for e in of_host), f"{host}: no example a fix rewrites"
