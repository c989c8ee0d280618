"""The rule table: every Versioning item has rules, codes are stable, typos are clear errors."""

from __future__ import annotations

import re
import shutil

import pytest

from migrator.loader import DataError
from migrator.ruletable import load_table, rules_dir

ITEMS = {
    "geo-nodes-endpoints", "merge-request-merged-by", "merge-request-merge-status", "user-private-profile-null",
    "merge-request-changes-endpoint", "managed-licenses-endpoint", "approval-configuration-approvers",
    "runner-active", "runner-status-values", "runner-ip-address", "runner-agent-fields", "default-branch-protection",
    "require-password-to-approve", "pull-mirror-configuration", "telemetry-contract",
}


def test_every_versioning_item_and_auth_rule_is_in_the_table(table):
    assert ITEMS <= set(table.items)
    assert {k for k in table.items if k.startswith("auth-")} == {
        "auth-token-in-query", "auth-deploy-token", "auth-sudo-job-token", "auth-job-token-endpoint",
        "auth-impersonation-disabled"}


def test_every_item_has_at_least_one_rule(table):
    assert {rule.item for rule in table.known} == set(table.items)  # the rules' and migrator's own codes


def test_codes_carry_the_private_prefix_and_names_are_kebab_case(table):
    for rule in table.rules:
        assert re.fullmatch(r"MIG\d{3}", rule.code)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
    assert len({r.name for r in table.rules}) == len(table.rules)


def test_rules_where_the_facts_correct_the_spec_match_both_readings(table):
    approvers = table.by_code["MIG050"].match[0]
    assert {"approver_groups", "approval_groups"} <= set(approvers.names)
    assert {"group", "application_settings", "project"} <= set(table.by_code["MIG080"].match[0].records)
    assert "approval_groups" in table.by_code["MIG050"].docs.spec_and_facts
    assert "not_connected" in table.by_code["MIG067"].match[0].values
    scope = {m.value for m in table.by_code["MIG062"].fix.values}
    assert {"active", "paused"} <= scope


@pytest.fixture
def rules_copy(tmp_path):
    target = tmp_path / "rules"
    shutil.copytree(rules_dir(), target)
    load_table.cache_clear()
    yield target
    load_table.cache_clear()


def test_a_typo_in_a_rule_key_names_the_file_and_the_key(rules_copy):
    path = rules_copy / "runner-active.yaml"
    path.write_text(path.read_text().replace("    severity: high\n", "    severty: high\n", 1))
    with pytest.raises(DataError, match=r"runner-active\.yaml: rules\[MIG060\]: unknown key 'severty'"):
        load_table(rules_copy)


def test_an_unknown_record_is_an_error(rules_copy):
    path = rules_copy / "merge-request-merged-by.yaml"
    path.write_text(path.read_text().replace("records: [merge_request]", "records: [merge_reqest]"))
    with pytest.raises(DataError, match=r"merge-request-merged-by\.yaml: rules\[MIG010\]\.match\[0\]\.records"):
        load_table(rules_copy)


def test_a_duplicate_code_is_an_error(rules_copy):
    path = rules_copy / "runner-ip-address.yaml"
    path.write_text(path.read_text().replace("code: MIG070", "code: MIG060"))
    with pytest.raises(DataError, match="MIG060 is already used"):
        load_table(rules_copy)


def test_a_missing_required_key_is_an_error(rules_copy):
    path = rules_copy / "runner-agent-fields.yaml"
    path.write_text(path.read_text().replace("    severity: medium\n", "", 1))
    with pytest.raises(DataError, match=r"missing required key 'severity'"):
        load_table(rules_copy)


def test_broken_yaml_is_an_error_naming_the_file(rules_copy):
    (rules_copy / "auth.yaml").write_text("rules: [\n")
    with pytest.raises(DataError, match=r"auth\.yaml: not valid YAML"):
        load_table(rules_copy)


def test_a_clause_not_accepting_a_credential_skips_the_endpoints_the_model_says_accept_it(table):
    job_token = table.model.credential("job-token")
    clauses = table.by_code["MIG303"].match
    assert [(c.methods, c.not_paths) for c in clauses] == [(g.methods, g.paths) for g in job_token.accepted_on]
    assert "/projects/:id/jobs/:job_id/artifacts/**" in clauses[0].not_paths  # spec: artifacts and releases
    assert "/projects/:id/releases/**" in clauses[0].not_paths


def test_an_unknown_credential_type_is_an_error(rules_copy):
    path = rules_copy / "auth.yaml"
    path.write_text(path.read_text().replace("not_accepting: job-token", "not_accepting: job-tokn"))
    with pytest.raises(DataError, match=r"auth\.yaml: rules\[MIG303\]\.match\[0\]\.not_accepting: 'job-tokn'"):
        load_table(rules_copy)


def test_the_service_docs_rules_are_the_mig4_range_so_a_prefix_selects_them(table):
    service_docs = {k for k, item in table.items.items() if item.source == "service-docs"}
    assert service_docs == {"approvals-before-merge", "restrict-user-defined-variables", "project-import-namespace",
                            "runner-scope-deprecated"}
    assert {r.item for r in table.select(("MIG4",))} == service_docs
    assert not {r.item for r in table.select(ignore=("MIG4",))} & service_docs


def test_items_come_from_the_spec_or_the_services_documentation(table):
    """And migrator's own: unused suppressions and files that could not be checked, which concern no
    release of the service."""
    assert {item.source for item in table.items.values()} == {"Versioning", "Authentication", "service-docs", "migrator"}
    assert [key for key, item in table.items.items() if item.source == "migrator"] == ["unused-suppression",
                                                                                      "parse-error"]


def test_every_service_docs_rule_cites_the_page_and_the_gitlab_version_read(table):
    for rule in table.rules:
        if table.items[rule.item].source == "service-docs":
            facts = rule.docs.spec_and_facts
            assert "source: service-docs" in facts or "Source: the service's documentation" in facts, rule.code
            assert re.search(r"doc/api/\w+\.md|docs\.gitlab\.com/api/", facts), rule.code
            assert re.search(r"GitLab 1\d\.\d+", facts), rule.code


def test_a_fix_intent_must_be_a_registered_one(rules_copy):
    """The intents a rule may name are those migrator/fix/intents registers, and `none`."""
    path = rules_copy / "merge-request-merged-by.yaml"
    path.write_text(path.read_text().replace("intent: rename", "intent: renmae"))
    with pytest.raises(DataError, match=r"rules\[MIG010\]\.fix\.intent: .*'renmae'.*rename.*drop-null"):
        load_table(rules_copy)


def test_a_key_given_twice_in_a_rule_file_is_an_error_naming_the_file_and_line(tmp_path):
    """YAML keeps the last of two equal keys; the loader refuses, so no example or clause is lost."""
    from migrator.loader import DataError, read_yaml

    path = tmp_path / "rule.yaml"
    path.write_text("rules:\n  - code: MIG999\n    name: a\n    name: b\n")
    with pytest.raises(DataError, match=r"rule\.yaml: not valid YAML: .*'name' given twice \(first on line 3\)"):
        read_yaml(path)


def _not_applicable(path, entry: str) -> None:
    """The first rule of the file says ``not_applicable:`` exactly ``entry`` (in place of its own)."""
    text = re.sub(r"    not_applicable:\n(?:      .*\n)*", "", path.read_text(), count=1)
    path.write_text(text.replace("    severity: high\n", f"    severity: high\n    not_applicable:\n{entry}", 1))


def test_a_rule_says_in_which_kinds_its_item_cannot_occur_and_why(rules_copy):
    _not_applicable(rules_copy / "runner-active.yaml",
                    "      proto: a .proto file defines telemetry messages, never a runner\n")
    rule = load_table(rules_copy).by_code["MIG060"]
    assert rule.not_applicable == {"proto": "a .proto file defines telemetry messages, never a runner"}


def test_not_applicable_names_a_way_of_writing_examples_that_exists(rules_copy):
    _not_applicable(rules_copy / "runner-active.yaml", "      protobuf: no runners there\n")
    with pytest.raises(DataError, match=r"runner-active\.yaml: rules\[MIG060\]\.not_applicable: 'protobuf'"):
        load_table(rules_copy)


def test_not_applicable_without_a_reason_is_an_error(rules_copy):
    _not_applicable(rules_copy / "runner-active.yaml", "      proto: ' '\n")
    with pytest.raises(DataError, match=r"not_applicable\.proto: say why the item cannot occur there"):
        load_table(rules_copy)


def test_a_way_the_rule_has_examples_written_cannot_be_not_applicable(rules_copy):
    _not_applicable(rules_copy / "runner-active.yaml", "      python: no runners in Python\n")
    with pytest.raises(DataError, match=r"not_applicable\.python: the rule has examples written so"):
        load_table(rules_copy)
