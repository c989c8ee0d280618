"""Every rule speaks to every way of writing examples: for each way rule examples may be written
(`kinds.examples_written_as()`), a rule either shows what it finds there (or rightly leaves alone)
with at least one example written so, or says with ``not_applicable: {written_as: reason}`` why its
item cannot occur there or is not read there. A rule added without an answer for a way, or a
way added without an answer from every rule, is a gap this test names.

A host (a kind whose files hold regions written in other kinds: a Markdown document's fenced
blocks, migrator/regions) answers as a host instead (``FileKind.examples_per``): among all the
rules it has a flagged example, one that must not be flagged, and one a fix rewrites; what
its regions hold is answered for, rule by rule, by the kinds that read them."""

from __future__ import annotations

from migrator import kinds
from migrator.ruletable import load_table

TABLE = load_table()


def gaps() -> list[tuple[str, str]]:
    """(rule code, written_as) for every way a rule neither has an example of nor declares
    not applicable."""
    return [(rule.code, way) for rule in TABLE.rules for way in per_rule()
            if way not in {example.written_as for example in rule.examples} and way not in rule.not_applicable]


def per_rule() -> list[str]:
    return [way for kind in kinds.registry() if kind.examples_per == "rule" for way in kind.examples]


def host_ways() -> list[str]:
    return [way for kind in kinds.registry() if kind.examples_per == "host" for way in kind.examples]


def test_every_rule_has_an_example_or_a_reason_for_every_way_examples_are_written():
    missing = gaps()
    assert missing == [], (
        f"{len(missing)} (rule, written_as) pairs have neither an example nor a not_applicable reason:\n"
        + "\n".join(f"  {code}: {kind}" for code, kind in missing))


def test_not_applicable_entries_are_listed_in_the_order_of_examples_written_as():
    """A rule's not_applicable entries read in the order `kinds.examples_written_as()` gives."""
    order = kinds.examples_written_as()
    unordered = [rule.code for rule in TABLE.rules
                 if list(rule.not_applicable) != sorted(rule.not_applicable, key=order.index)]
    assert unordered == []


def test_every_host_has_flagged_clean_and_rewritten_examples():
    examples = [example for rule in TABLE.rules for example in rule.examples]
    for host in host_ways():
        of_host = [e for e in examples if e.written_as == host]
        assert any(e.flagged for e in of_host), f"{host}: no flagged example"
        assert any(not e.flagged for e in of_host), f"{host}: no example that must not be flagged"
        rewritten = [e for e in of_host if any(after not in (None, e.code) for after in (e.after, e.after_unsafe))]
        assert rewritten, f"{host}: no example a fix rewrites"
