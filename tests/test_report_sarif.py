"""``--output-format sarif``: a SARIF 2.1.0 log that validates against the OASIS schema, with the
rules that fired (their documentation as help, item and fix safety), results, and fixes for the
findings ``migrator fix`` would fix."""

from __future__ import annotations

from functools import partial

from .reporting import SAMPLE_FINDINGS, check_json, repo, samples, validate  # noqa: F401 - the fixtures


sarif = partial(check_json, "sarif")


def test_the_log_validates_against_the_sarif_2_1_0_schema(repo):
    validate(sarif(), "sarif-schema-2.1.0.json")


def test_the_sample_repositories_validate_too(samples):
    log = sarif("sample_repos")
    validate(log, "sarif-schema-2.1.0.json")
    assert len(log["runs"][0]["results"]) == SAMPLE_FINDINGS


def test_each_rule_that_fired_is_described_once_with_its_help(repo):
    rules = sarif()["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["MIG001", "MIG010", "MIG011", "MIG060"]
    runner = rules[3]
    assert runner["name"] == "runner-active-field"
    assert runner["help"]["text"].startswith("# runner-active-field (MIG060)")
    assert "## What to do instead" in runner["help"]["markdown"]
    assert runner["properties"]["item"] == "runner-active"
    assert runner["properties"]["fix"]["applicability"] == "safe"
    assert runner["properties"]["releases"]["removed_in"] == "v5"
    assert runner["defaultConfiguration"]["level"] == "error"


def test_a_result_points_at_the_span_with_the_source_line_as_context(repo):
    (result,) = sarif("runners.py")["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]
    assert result["ruleId"] == "MIG060" and result["ruleIndex"] == 0
    assert location["artifactLocation"] == {"uri": "runners.py", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 2, "startColumn": 4, "endLine": 2, "endColumn": 17,
                                  "snippet": {"text": "runner.active"}}
    assert location["contextRegion"]["snippet"]["text"] == "if runner.active:"
    assert len(result["partialFingerprints"]["migrator/v1"]) == 64


def test_a_safe_fix_comes_with_its_edits(repo):
    (result,) = sarif("runners.py")["runs"][0]["results"]
    (fix,) = result["fixes"]
    (change,) = fix["artifactChanges"]
    assert change["artifactLocation"]["uri"] == "runners.py"
    assert [r["insertedContent"]["text"] for r in change["replacements"]] == ["not runner.paused"]
    assert change["replacements"][0]["deletedRegion"] == {"startLine": 2, "startColumn": 4, "endLine": 2,
                                                          "endColumn": 17}


def test_unsafe_and_display_only_fixes_are_not_offered_unless_unsafe_fixes_is_given(repo):
    results = {r["ruleId"]: r for r in sarif("mrs.py")["runs"][0]["results"]}
    assert "fixes" not in results["MIG010"] and "fixes" not in results["MIG011"]
    assert results["MIG010"]["properties"]["applicability"] == "unsafe"
    unsafe = {r["ruleId"]: r for r in sarif("--unsafe-fixes", "mrs.py")["runs"][0]["results"]}
    assert "fixes" in unsafe["MIG010"] and "fixes" not in unsafe["MIG011"]


def test_a_file_that_cannot_be_parsed_is_a_result_with_a_rule_of_its_own(repo):
    (repo / "broken.py").write_text("runner = gl.runners.get(1\nrunner.active\n")
    log = sarif("broken.py")
    validate(log, "sarif-schema-2.1.0.json")
    assert [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]] == ["MIG999"]


def test_a_path_with_spaces_is_a_uri_reference(repo):
    (repo / "my runners.py").write_text("runner = gl.runners.get(1)\nprint(runner.active)\n")
    (result,) = sarif("my runners.py")["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "my%20runners.py"
