"""The CI YAML scanner: job scripts and variables of .gitlab-ci.yml files → touches and findings
at the real row and column of the YAML file."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from migrator.pipeline import check_source
from migrator.ruletable import load_table
from migrator.scan import ci
from migrator.values import ScanError

TABLE = load_table()

from .positions import error_position, located


def findings(code: str) -> list[tuple[int, int, str]]:
    return [(f.span.start.row, f.span.start.column, f.code)
            for f in check_source(code, "ci", ".gitlab-ci.yml", TABLE.rules, TABLE).findings]


def at(code: str, needle: str, rule: str, nth: int = 1) -> tuple[int, int, str]:
    """(row, column, rule) of the nth occurrence of needle in code."""
    index = -1
    for _ in range(nth):
        index = code.index(needle, index + 1)
    before = code[:index]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1, rule


def test_plain_script_line():
    code = 'job:\n  script:\n    - curl -s "$CI_API_V4_URL/geo_nodes"\n'
    assert findings(code) == [at(code, "$CI_API", "MIG001")]


def test_single_quoted_line_with_doubled_quote():
    code = "job:\n  script:\n    - 'curl -X PUT -d ''active=false'' \"$CI_API_V4_URL/runners/3\"'\n"
    assert findings(code) == [at(code, "active=", "MIG061")]


def test_double_quoted_line_with_escapes():
    code = 'job:\n  script:\n    - "curl -X PUT -F \\"active=false\\" $CI_API_V4_URL/runners/3"\n'
    assert findings(code) == [at(code, "active=", "MIG061")]


def test_literal_block_lines_keep_their_rows():
    code = (
        "job:\n"
        "  script:\n"
        "    - |\n"
        '      echo "pausing"\n'
        '      curl -X PUT "$CI_API_V4_URL/runners/$RUNNER_ID" \\\n'
        "        --form active=false\n"
    )
    assert findings(code) == [at(code, "active=", "MIG061")]


def test_folded_block_is_one_command_with_positions_from_the_original_lines():
    code = (
        "job:\n"
        "  script:\n"
        "    - >\n"
        "      curl -s \"$CI_API_V4_URL/runners\"\n"
        "      | jq '.[] | .ip_address'\n"
    )
    assert findings(code) == [at(code, ".ip_address", "MIG070")]


def test_plain_scalar_over_two_lines():
    code = 'job:\n  script:\n    - curl -s\n      "$CI_API_V4_URL/geo_nodes"\n'
    assert findings(code) == [at(code, "$CI_API", "MIG001")]


def test_json_in_a_yaml_string_points_at_the_key_line():
    code = (
        "job:\n"
        "  script:\n"
        "    - |\n"
        '      curl -X PUT "$CI_API_V4_URL/runners/4" -H "Content-Type: application/json" --data \'{\n'
        '        "description": "ci",\n'
        '        "active": false\n'
        "      }'\n"
    )
    assert findings(code) == [at(code, '"active"', "MIG061")]


def test_variables_feed_the_scripts_and_their_urls_are_checked():
    code = (
        "variables:\n"
        '  API: "${CI_API_V4_URL}"\n'
        "  RUNNERS: $CI_API_V4_URL/runners?scope=active\n"
        "job:\n"
        "  variables:\n"
        "    MR_URL: $API/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID\n"
        "  script:\n"
        '    - curl -s "$MR_URL" | jq -r .merge_status\n'
        '    - curl -s "$RUNNERS"\n'
    )
    assert findings(code) == [at(code, "scope=", "MIG062"), at(code, ".merge_status", "MIG011")]


def test_anchors_and_merge_keys_are_followed():
    code = (
        ".auth: &auth\n"
        "  before_script:\n"
        "    - 'export TOKEN_HEADER=\"JOB-TOKEN: $CI_JOB_TOKEN\"'\n"
        "job:\n"
        "  <<: *auth\n"
        "  script:\n"
        """    - 'curl -H "$TOKEN_HEADER" -H "Sudo: alice" "$CI_API_V4_URL/user"'\n"""
    )
    assert findings(code) == [at(code, "Sudo: alice", "MIG302"), at(code, "$CI_API_V4_URL/user", "MIG303")]


def test_extends_and_default_before_script_are_followed():
    code = (
        "default:\n"
        "  before_script:\n"
        '    - export BASE="$CI_API_V4_URL/projects/$CI_PROJECT_ID"\n'
        ".mr:\n"
        "  variables:\n"
        "    IID: '7'\n"
        "job:\n"
        "  extends: .mr\n"
        "  script:\n"
        '    - curl -s "$BASE/merge_requests/$IID/changes"\n'
    )
    assert findings(code) == [at(code, "$BASE/merge", "MIG030")]


def test_reference_tag_is_resolved_and_never_crashes():
    code = (
        ".setup:\n"
        "  script:\n"
        '    - curl -s "$CI_API_V4_URL/geo_nodes"\n'
        "job:\n"
        "  script:\n"
        "    - !reference [.setup, script]\n"
        "    - !reference [.missing, script]\n"
        "    - !reference []\n"
        "  variables: !reference [.setup, nothing]\n"
        "other:\n"
        "  script: !unknown_tag {a: 1}\n"
        "  image: !!python/object:os.system echo\n"
    )
    assert findings(code) == [at(code, "$CI_API", "MIG001")]


def test_alias_bomb_finishes_quickly():
    lines = ['a: &a ["curl $CI_API_V4_URL/geo_nodes", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    previous = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
        previous = name
    lines += [".m1: &m1 {script: *i}", ".m2: &m2 {<<: [*m1, *m1, *m1], variables: {A: x}}"]
    lines += [f"job{n}:\n  <<: [*m2, *m2, *m2]\n  script: *i\n  variables: *i" for n in range(50)]
    started = time.monotonic()
    found = findings("\n".join(lines) + "\n")
    assert time.monotonic() - started < 5
    assert found == [(1, 14, "MIG001")]


def test_unparsable_yaml_gives_one_parse_error_at_its_position():
    code = "job:\n  script:\n    - curl $CI_API_V4_URL/geo_nodes\n  bad: [\n"
    found = findings(code)
    assert [(row, code_) for row, _, code_ in found] == [(5, "MIG999")]


def test_crlf_file():
    code = "job:\r\n  script:\r\n    - |\r\n      echo hi\r\n      curl \"$CI_API_V4_URL/geo_nodes\"\r\n"
    assert findings(code) == [(5, 13, "MIG001")]


def test_after_script_runs_in_its_own_shell():
    code = (
        "job:\n"
        "  script:\n"
        '    - export U="$CI_API_V4_URL/geo_nodes"\n'
        "  after_script:\n"
        '    - curl "$U"\n'
        '    - curl "$CI_API_V4_URL/projects/1/managed_licenses"\n'
    )
    assert findings(code) == [at(code, "$CI_API_V4_URL/geo", "MIG001"), at(code, "$CI_API_V4_URL/projects", "MIG040")]


def test_several_documents_in_one_file():
    code = "spec:\n  inputs:\n    stage: {}\n---\njob:\n  script: curl \"$CI_API_V4_URL/geo_nodes\"\n"
    assert findings(code) == [at(code, "$CI_API", "MIG001")]


def test_look_alikes_in_ci_are_fine():
    code = (
        "job:\n"
        "  script:\n"
        '    - curl -X PUT "$CI_API_V4_URL/runners/1" --form paused=true\n'
        '    - curl -s "$CI_API_V4_URL/geo_sites"\n'
        "    - curl -s \"$CI_API_V4_URL/projects/1/merge_requests/2/diffs\" | jq '.[].new_path'\n"
        "    - curl -s \"$CI_API_V4_URL/projects/1/pipeline_schedules\" | jq '.[] | select(.active)'\n"
    )
    assert findings(code) == []


def test_local_includes():
    code = (
        "include:\n"
        "  - local: /ci/build.gitlab-ci.yml\n"
        "  - ci/deploy.yml\n"
        "  - remote: https://example.com/x.yml\n"
        "  - https://example.com/y.yml\n"
        "  - project: group/templates\n"
        "    file: /t.yml\n"
        "  - local: 'ci/*.yml'\n"
    )
    assert ci.local_includes(code) == ["ci/build.gitlab-ci.yml", "ci/deploy.yml", "ci/*.yml"]
    assert ci.local_includes("include: ci/one.yml\n") == ["ci/one.yml"]
    assert ci.local_includes("include: {local: ci/two.yml}\n") == ["ci/two.yml"]
    assert ci.local_includes("include: [\n") == []


YAML_BITS = st.sampled_from([
    "job:\n", "  script:\n", "    - ", "|\n", ">\n", "      ", "curl \"$CI_API_V4_URL/runners\" -F active=false",
    "&a ", "*a", "<<: *a\n", "!reference [job, script]", "!x ", "'", '"', "\\", "\n", ": ", "- ", "[", "]", "{", "}",
    "variables:\n", "  A: $CI_API_V4_URL/geo_nodes\n", "extends: job\n", "#", "\r\n", "\t",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(YAML_BITS, max_size=30).map("".join))
def test_any_yaml_scans_or_gives_a_parse_error(code):
    try:
        found = ci.scan(code, TABLE.model)
    except ScanError as exc:
        row, column = error_position(code, exc)
        assert row >= 1 and column >= 1
    else:
        assert all(t.span.start <= t.span.end for t in located(code, found))
