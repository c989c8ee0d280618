"""`migrator rule CODE` shows the rule's first flagged example and what `migrator fix` makes of it."""

from __future__ import annotations

import json

from click.testing import CliRunner

from migrator.cli import main


def rule(*args: str):
    result = CliRunner().invoke(main, ["rule", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_rule_shows_the_first_flagged_example_and_its_safe_rewrite():
    text = rule("MIG060")
    assert (
        "## Example (python)\n\n"
        "Flagged (reading active on runners from the manager):\n\n"
        "    for runner in gl.runners.list():\n"
        "        if runner.active:\n"
        "            print(runner.id)\n\n"
        "After `migrator fix`:\n\n"
        "    for runner in gl.runners.list():\n"
        "        if not runner.paused:\n"
        "            print(runner.id)\n"
    ) in text


def test_rule_shows_an_unsafe_rewrite_as_such():
    text = rule("merged-by")
    assert "After `migrator fix --unsafe-fixes`:\n\n    mr = project.mergerequests.get(7)\n" \
           '    print(mr.merge_user["username"])\n' in text
    assert "After `migrator fix`:" not in text


def test_rule_without_a_rewrite_says_fix_leaves_the_code():
    text = rule("MIG040")
    assert "/managed_licenses" in text.split("## Example (python)")[1]
    assert "`migrator fix` leaves this code as it is; the finding says what to do." in text


def test_rule_skips_examples_that_must_not_be_flagged(table):
    known = {r.code: r for r in table.known}
    for doc in json.loads(rule("--all", "--output-format", "json")):
        first = next(e for e in known[doc["code"]].examples if e.flagged)
        assert doc["example"]["code"] == first.code


def test_rule_json_carries_the_example():
    (doc,) = json.loads(rule("MIG010", "--output-format", "json"))
    assert doc["example"] == {
        "kind": "python",
        "name": "attribute of a merge request from the manager",
        "filename": None,
        "code": 'mr = project.mergerequests.get(7)\nprint(mr.merged_by["username"])\n',
        "after": None,
        "after_unsafe": 'mr = project.mergerequests.get(7)\nprint(mr.merge_user["username"])\n',
    }
