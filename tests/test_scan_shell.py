"""The shell scanner: curl, wget, glab api, httpie and jq in shell scripts → touches and findings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from migrator.pipeline import check_source
from migrator.ruletable import load_table
from migrator.scan import jq, shell
from migrator.scan.shellwords import Env, commands
from migrator.values import NO_VALUE

TABLE = load_table()

from migrator.source import LineIndex

from .positions import Located, located


def touches(code: str, role: str | None = None):
    found = shell.scan(code, TABLE.model)
    return [t for t in found if role is None or t.role == role]


def one(code: str, name: str):
    found = [t for t in shell.scan(code, TABLE.model) if t.name == name]
    assert len(found) == 1, found
    return found[0]


def findings(code: str) -> list[tuple[int, int, str]]:
    return [(f.span.start.row, f.span.start.column, f.code)
            for f in check_source(code, "shell", "script.sh", TABLE.rules, TABLE).findings]


def at(code: str, needle: str, code_: str) -> tuple[int, int, str]:
    """(row, column, rule code) of the first occurrence of needle in code."""
    before = code[: code.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1, code_


def text_at(code: str, touch) -> str:
    lines = code.splitlines()
    span = Located(touch, LineIndex(code)).span
    start, end = span.start, span.end
    assert start.row == end.row
    return lines[start.row - 1][start.column - 1:end.column - 1]


# ---------------------------------------------------------------------- words
def test_words_remove_quotes_and_expand_known_variables():
    env = Env()
    env.values["API"] = "https://gl.example.com/api/v4"
    [cmd] = commands('curl -s "$API/runners/${ID}" \'a b\' x\\ y', env)
    assert [w.value for w in cmd.words] == ["curl", "-s", "https://gl.example.com/api/v4/runners/{}", "a b", "x y"]


def test_words_mark_pipelines_and_separators():
    cmds = list(commands("a | b && c; d\ne | f", Env()))
    assert [(c.words[0].value, c.pipe_start) for c in cmds] == [
        ("a", True), ("b", False), ("c", True), ("d", True), ("e", True), ("f", False)]


def test_default_of_an_unset_variable_is_used():
    [cmd] = commands('curl "${GITLAB:-https://gitlab.com}/api/v4/user"', Env())
    assert cmd.words[1].value == "https://gitlab.com/api/v4/user"


def test_comments_and_quoted_here_documents_are_not_commands():
    code = "# curl $CI_API_V4_URL/geo_nodes\ncat <<'EOF'\ncurl $CI_API_V4_URL/geo_nodes\nEOF\n"
    assert findings(code) == []


# ---------------------------------------------------------------------- curl
def test_curl_form_field_active_false_is_a_runner_update_param():
    code = 'curl -X PUT -H "PRIVATE-TOKEN: $T" "$CI_API_V4_URL/runners/$ID" --form "active=false"\n'
    touch = one(code, "active")
    assert (touch.role, touch.record, touch.evidence, touch.context, touch.value) == (
        "param", "runner", "typed", "update", "false")
    assert touch.get("location") == "form" and touch.get("auth") == "private-token"
    assert touch.syntax == "curl-form"
    assert text_at(code, touch) == "active=false"
    assert findings(code) == [at(code, "active=", "MIG061")]


def test_curl_data_without_method_is_a_post():
    touch = one('curl -d "name=x&mirror=true" "$CI_API_V4_URL/projects"', "mirror")
    assert (touch.method, touch.context, touch.get("location"), touch.syntax) == ("POST", "create", "body", "curl-data")


def test_curl_get_flag_sends_data_in_the_query():
    code = 'curl -G "$CI_API_V4_URL/runners/all" -d status=paused'
    touch = one(code, "status")
    assert (touch.method, touch.context, touch.get("location")) == ("GET", "filter", "query")
    assert findings(code) == [at(code, "status=", "MIG066")]


def test_query_fields_of_the_url_point_at_their_own_text():
    code = 'curl -s "$CI_API_V4_URL/runners?per_page=100&scope=active"'
    touch = one(code, "scope")
    assert text_at(code, touch) == "scope=active"
    assert touch.get("location") == "query" and touch.value == "active"


def test_curl_json_body_keys_are_params_with_json_values():
    code = """curl -X PUT "$CI_API_V4_URL/runners/4" --json '{"active": false, "tag_list": ["a"]}'"""
    active, tags = one(code, "active"), one(code, "tag_list")
    assert active.value is False and active.syntax == "curl-json"
    assert tags.value is NO_VALUE
    assert text_at(code, active) == '"active": false'


def test_json_body_over_several_lines_points_at_the_key_line():
    code = (
        'curl -X POST "$CI_API_V4_URL/projects/1/approvals" \\\n'
        "  -H 'Content-Type: application/json' \\\n"
        "  --data '{\n"
        '    "approvals_before_merge": 2,\n'
        '    "require_password_to_approve": true\n'
        "  }'\n"
    )
    assert findings(code) == [at(code, '"approvals_before_merge', "MIG400"), at(code, '"require_password', "MIG090")]


def test_here_document_body_sent_with_data_at_dash():
    code = 'curl -X PUT "$CI_API_V4_URL/users/9" --data @- <<EOF\n{"private_profile": null}\nEOF\n'
    assert findings(code) == [at(code, '"private_profile', "MIG020")]


def test_header_credentials_and_their_kinds():
    code = 'TOKEN="$CI_DEPLOY_PASSWORD"\ncurl -H "PRIVATE-TOKEN: $TOKEN" "$CI_API_V4_URL/projects/1/releases"\n'
    header = one(code, "PRIVATE-TOKEN")
    assert (header.get("location"), header.get("auth")) == ("header", "deploy-token")
    assert findings(code) == [at(code, "PRIVATE-TOKEN:", "MIG301")]


def test_plain_http_headers_are_no_params():
    code = 'curl -H "Accept: application/json" -H "PRIVATE-TOKEN: $T" "$CI_API_V4_URL/user"'
    assert [t.name for t in touches(code, "param")] == ["PRIVATE-TOKEN"]


def test_sudo_header_with_the_job_token():
    code = 'curl -H "JOB-TOKEN: $CI_JOB_TOKEN" -H "Sudo: alice" "$CI_API_V4_URL/user"'
    assert findings(code) == [at(code, "Sudo", "MIG302"), at(code, "$CI_API_V4_URL/user", "MIG303")]


def test_a_url_encoded_project_path_is_one_path_segment():
    """`group%2Fapp` is the project's `:id`: its releases accept the job token."""
    assert findings('curl -H "JOB-TOKEN: $CI_JOB_TOKEN" "$CI_API_V4_URL/projects/group%2Fapp/releases"') == []
    code = 'curl -H "JOB-TOKEN: $CI_JOB_TOKEN" "$CI_API_V4_URL/projects/group%2Fapp/variables"'
    assert findings(code) == [at(code, "$CI_API_V4_URL", "MIG303")]


def test_sudo_with_a_personal_access_token_is_fine():
    assert findings('curl -H "PRIVATE-TOKEN: $ADMIN" -H "Sudo: alice" "$CI_API_V4_URL/user"') == []


def test_token_in_the_query_string():
    code = 'curl "$CI_API_V4_URL/projects?private_token=$TOKEN"'
    assert findings(code) == [at(code, "private_token", "MIG300")]


def test_urls_outside_the_api_are_not_requests():
    assert touches('curl -X PUT -d active=false "https://hooks.example.com/runners/1/notify"') == []


def test_url_assigned_to_a_variable_is_reported_where_it_is_written():
    code = 'GEO="$CI_API_V4_URL/geo_nodes"\ncurl -s "$GEO"\ncurl -s "$GEO/status"\n'
    assert findings(code) == [at(code, "$CI_API", "MIG001"), at(code, '$GEO/status', "MIG001")]


def test_bare_path_without_api_prefix_is_bare_evidence():
    touch = one('curl -X PUT "$GITLAB/runners/3" -d active=false', "active")
    assert (touch.record, touch.evidence) == ("runner", "bare")


# ---------------------------------------------------------------------- glab, wget, httpie
def test_glab_field_converts_null_true_and_integers():
    code = "glab api users/42 -X PUT --field private_profile=null -F admin=true -F projects_limit=5 -f note=null"
    values = {t.name: t.value for t in touches(code, "param")}
    assert values == {"private_profile": None, "admin": True, "projects_limit": 5, "note": "null"}
    assert findings(code) == [at(code, "private_profile=", "MIG020")]


def test_glab_raw_field_null_is_a_string_and_fine():
    assert findings("glab api users/42 -X PUT --raw-field private_profile=null") == []


def test_glab_endpoint_is_relative_to_api_v4_and_expands_placeholders():
    code = 'glab api "projects/:id/merge_requests/$IID/changes"'
    touch = touches(code, "endpoint")[0]
    assert (touch.name, touch.evidence, touch.syntax) == (
        "/projects/:id/merge_requests/:merge_request_iid/changes", "typed", "glab-endpoint")
    assert findings(code) == [at(code, "projects", "MIG030")]


def test_glab_method_is_post_with_fields_and_fields_go_to_the_query_on_get():
    post = one("glab api projects/1/approvals -F require_password_to_approve=true", "require_password_to_approve")
    get = one("glab api runners -X GET -f scope=active", "scope")
    assert (post.method, post.get("location")) == ("POST", "body")
    assert (get.method, get.get("location")) == ("GET", "query")


def test_wget_method_body_data_and_header():
    code = ('wget -qO- --method=PUT --header="PRIVATE-TOKEN: $T" '
            '--body-data="default_branch_protection=2" "$CI_API_V4_URL/groups/5"')
    touch = one(code, "default_branch_protection")
    assert (touch.record, touch.method, touch.syntax, touch.value) == ("group", "PUT", "wget-data", "2")
    assert findings(code) == [at(code, "default_branch", "MIG080")]


def test_httpie_items_fields_json_query_and_headers():
    code = 'http PUT "$CI_API_V4_URL/runners/3" active:=false description=x PRIVATE-TOKEN:$T per_page==5'
    found = {t.name: (t.value, t.get("location"), t.syntax) for t in touches(code, "param")}
    assert found == {
        "active": (False, "body", "httpie-json"),
        "description": ("x", "body", "httpie-field"),
        "PRIVATE-TOKEN": (NO_VALUE, "header", "httpie-header"),
        "per_page": ("5", "query", "httpie-query"),
    }


# ---------------------------------------------------------------------- jq
def test_jq_fields_of_a_request_in_the_same_pipeline_are_typed():
    code = "curl -s \"$CI_API_V4_URL/runners/all\" | jq -r '.[] | select(.active) | .ip_address'\n"
    active, ip = one(code, "active"), one(code, "ip_address")
    assert (active.role, active.record, active.evidence, active.context, active.syntax) == (
        "field", "runner", "typed", "read", "jq")
    assert text_at(code, active) == ".active" and text_at(code, ip) == ".ip_address"
    assert findings(code) == [at(code, ".active", "MIG060"), at(code, ".ip_address", "MIG070")]


def test_jq_without_a_request_is_bare():
    touch = one("jq -r '.merge_status' mr.json", "merge_status")
    assert (touch.record, touch.evidence) == (None, "bare")


def test_jq_nested_field_is_not_read_on_the_record():
    code = 'glab api "projects/:id/merge_requests/1" | jq -r .merged_by.username'
    merged_by, username = one(code, "merged_by"), one(code, "username")
    assert merged_by.record == "merge_request" and username.record is None


def test_jq_comparison_with_a_literal():
    code = "curl -s \"$CI_API_V4_URL/runners\" | jq '.[] | select(.status == \"paused\")'"
    touch = one(code, "status")
    assert (touch.context, touch.value, touch.get("op")) == ("compare", "paused", "Eq")
    assert [c for _, _, c in findings(code)] == ["MIG065"]


def test_jq_online_status_and_detailed_merge_status_are_fine():
    code = (
        "curl -s \"$CI_API_V4_URL/runners\" | jq '.[] | select(.status == \"online\")'\n"
        "curl -s \"$CI_API_V4_URL/projects/1/merge_requests/2\" | jq -r .detailed_merge_status\n"
    )
    assert findings(code) == []


def test_pipeline_schedule_active_is_not_a_runner_field():
    code = "curl -s \"$CI_API_V4_URL/projects/1/pipeline_schedules\" | jq '.[] | select(.active)'"
    assert one(code, "active").record == "pipeline_schedule"
    assert findings(code) == []


def test_jq_reads_a_response_kept_in_a_variable():
    code = ('MR=$(curl -s "$CI_API_V4_URL/projects/1/merge_requests/$IID")\n'
            'echo "$MR" | jq -r \'.merged_by.username\'\n'
            "STATUS=$(jq -r .merge_status <<< \"$MR\")\n")
    assert findings(code) == [at(code, ".merged_by", "MIG010"), at(code, ".merge_status", "MIG011")]


def test_jq_reads_a_response_saved_to_a_file():
    code = ('curl -s -o runners.json "$CI_API_V4_URL/runners"\n'
            "jq -r '.[] | .version' runners.json\n")
    assert one(code, "version").record == "runner"
    assert findings(code) == [at(code, ".version", "MIG071")]


def test_jq_inside_a_command_substitution_in_double_quotes():
    code = 'if [ "$(curl -s "$CI_API_V4_URL/projects/1/merge_requests/2" | jq -r .merge_status)" = x ]; then :; fi'
    assert [c for _, _, c in findings(code)] == ["MIG011"]


@pytest.mark.parametrize(("filt", "expected"), [
    (".merge_status", [("merge_status", True, "read")]),
    (".[] | .merged_by | .username", [("merged_by", True, "read"), ("username", False, "read")]),
    ('.[] | "\\(.iid) \\(.merge_status)"', [("iid", True, "read"), ("merge_status", True, "read")]),
    ("{merge_status, id: .iid}", [("merge_status", True, "read"), ("iid", True, "read")]),
    ('has("merged_by")', [("merged_by", True, "read")]),
    ('.["merged_by"]', [("merged_by", True, "read")]),
    ('map(select("paused" != .status))', [("status", True, "compare")]),
    ("$mr.merged_by", [("merged_by", False, "read")]),
])
def test_jq_filter_fields(filt, expected):
    assert [(f.name, f.root, f.context) for f in jq.fields(filt)] == expected


# ---------------------------------------------------------------------- layout
def test_line_continuations_keep_real_positions():
    code = 'curl -X PUT \\\n  "$CI_API_V4_URL/runners/1" \\\n  -F active=false\n'
    assert findings(code) == [at(code, "active=", "MIG061")]


def test_crlf_script():
    code = 'curl -s "$CI_API_V4_URL/geo_nodes"\r\ncurl -s "$CI_API_V4_URL/geo_sites"\r\n'
    assert findings(code) == [at(code, "$CI_API", "MIG001")]


# ---------------------------------------------------------------------- robustness
SHELL_BITS = st.sampled_from([
    "curl ", "glab api ", "wget ", "http ", "jq ", "-X PUT ", "-d ", "-F ", "-H ", "--json ", "'", '"', "\\", "\n",
    "$(", ")", "`", "${", "}", "$CI_API_V4_URL", "/runners/", "?scope=active", "&", "|", ";", "<<EOF\n", "EOF\n",
    "<<<", ">", "(", "{", "[", "]", ".active", " == ", "\"paused\"", "active=false", "#", "=", ":", " ", "\r\n",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(SHELL_BITS, max_size=40).map("".join))
def test_any_text_scans_without_error(code):
    for touch in located(code, shell.scan(code, TABLE.model)):
        assert touch.span.start <= touch.span.end


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_jq_filter_scans_without_error(filt):
    jq.fields(filt)
