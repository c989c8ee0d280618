"""The recorded-JSON scanner: plain fixtures, VCR cassettes (YAML and JSON), HAR files, the
responses library's recordings and API log lines. Findings must point at the key in the file."""

from __future__ import annotations

import base64
import gzip
import json
import textwrap

import pytest

from migrator.kinds.cassette import scan_recorded
from migrator.scan import jsonpos, recorded
from migrator.values import NO_VALUE, ScanError

from migrator.source import LineIndex

from .positions import error_position, located


@pytest.fixture
def touches(table):
    def run(text: str):
        text = textwrap.dedent(text)
        return located(text, scan_recorded(text, table.model))  # YAML or JSON, as the file kinds tell

    return run


def where(touch):
    return touch.span.start.row, touch.span.start.column, touch.span.end.row, touch.span.end.column


def one(found, role, name):
    matches = [t for t in found if t.role == role and t.name == name]
    assert len(matches) == 1, matches
    return matches[0]


def codes(findings):
    return [(f.code, f.span.start.row, f.span.start.column) for f in findings]


# ---------------------------------------------------------------- the position-keeping parser


def test_parser_gives_key_and_value_offsets():
    text = '{\n  "a": [1, 2.5, true, null],\n  "b": {"c": "x\\"y"}\n}'
    root = jsonpos.parse(text)
    assert jsonpos.plain(root) == {"a": [1, 2.5, True, None], "b": {"c": 'x"y'}}
    member = root.member("b")
    assert text[member.start:member.end] == '"b"'
    position = LineIndex(text).position(member.start)
    assert (position.row, position.column) == (3, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [('{"a" 1}', "expected ':'"), ("[1,]", "expected a value"), ('{"a": 1} x', "extra data"),
     ('{"a": "\n"}', "Invalid control character")],
)
def test_parser_reports_where_the_json_is_bad(text, message):
    with pytest.raises(jsonpos.JsonError, match=message):
        jsonpos.parse(text)


def test_a_json_string_literal_maps_back_through_its_escapes():
    text = '{"body": "{\\"id\\": 1, \\"caf\\u00e9\\": 2, \\"merged_by\\": null}"}'
    body = jsonpos.parse(text).get("body")
    inner = jsonpos.parse(body.value)
    omap = jsonpos.string_map(text, body)
    key = inner.member("merged_by")
    assert text[omap(key.start):omap(key.end)] == '\\"merged_by\\"'


# ---------------------------------------------------------------- plain fixtures


def test_merge_request_fixture_keys_are_typed_fields_at_their_position(touches):
    found = touches("""\
        {
          "iid": 7, "source_branch": "fix", "target_branch": "main",
          "merged_by": {"id": 3, "username": "bob", "state": "active"},
          "merge_status": "can_be_merged"
        }
        """)
    merged_by = one(found, "field", "merged_by")
    assert (merged_by.record, merged_by.evidence, merged_by.context) == ("merge_request", "typed", "key")
    assert where(merged_by) == (3, 3, 3, 14)
    assert merged_by.value is NO_VALUE and merged_by.syntax == "json-key"
    assert one(found, "field", "merge_status").value == "can_be_merged"
    assert one(found, "field", "username").record == "user"


def test_unrecognised_objects_give_bare_fields_and_null_is_none(touches):
    field = one(touches('{"something": null}'), "field", "something")
    assert (field.record, field.evidence, field.value) == (None, "bare", None)


def test_an_object_under_a_key_that_names_a_record_is_named(touches):
    field = one(touches('{"runner": {"id": 1, "active": true}}'), "field", "active")
    assert (field.record, field.evidence, field.value) == ("runner", "named", True)


def test_everything_inside_a_webhook_payload_is_the_webhook(touches):
    found = touches("""\
        {"object_kind": "merge_request",
         "object_attributes": {"iid": 1, "source_branch": "a", "target_branch": "b",
                               "merge_status": "unchecked"}}
        """)
    status = one(found, "field", "merge_status")
    assert (status.record, status.evidence) == ("webhook", "typed")


def test_webhook_and_system_hook_payloads_are_not_reported(check):
    hook = '{"object_kind": "merge_request", "object_attributes": {"merge_status": "x", "merged_by": null}}'
    system = '{"event_name": "user_create", "merge_status": "x", "default_branch_protection": 2}'
    assert check(hook, "json", "hook.json") == []
    assert check(system, "json", "system_hook.json") == []


def test_runner_fixture_reports_active_ip_address_agent_fields_and_status(check):
    runner = """\
        {"id": 6, "is_shared": false, "active": true, "paused": false, "status": "paused",
         "ip_address": "10.0.0.5", "version": "17.5.0", "architecture": "amd64"}
        """
    found = codes(check(textwrap.dedent(runner), "json", "runner.json"))
    assert found == [("MIG060", 1, 31), ("MIG065", 1, 64), ("MIG070", 2, 2), ("MIG071", 2, 28), ("MIG071", 2, 49)]


def test_runner_managers_carry_ip_address_and_version_legitimately(check):
    managers = '[{"id": 1, "system_id": "s_1", "ip_address": "10.0.0.5", "version": "17.5.0", "status": "online"}]'
    assert check(managers, "json", "managers.json") == []


def test_a_bad_json_file_is_one_parse_error_at_its_position(check):
    (finding,) = check('{\n  "a": 1,\n}\n', "json", "bad.json")
    assert (finding.code, finding.span.start.row, finding.span.start.column) == ("MIG999", 3, 1)
    with pytest.raises(ScanError):
        recorded.scan("{", None)


def test_json_lines_skip_bad_lines_and_keep_rows(check):
    text = '{"merged_by": null}\n{not json\n{"iid": 1, "source_branch": "a", "target_branch": "b", "merge_status": "x"}\n'
    assert codes(check(text, "json", "mrs.jsonl")) == [("MIG010", 1, 2), ("MIG011", 3, 56)]


def test_telemetry_messages_in_a_recording(touches):
    found = touches('[{"Position": {"timestamp": 1700000000000, "latitude": 47.3976540}}]')
    latitude = one(found, "telemetry", "Position.latitude")
    assert (latitude.value, latitude.get("source"), latitude.context) == (47.397654, "47.3976540", "value")
    assert one(found, "telemetry", "Position").get("fields") == ("timestamp", "latitude")


# ---------------------------------------------------------------- VCR cassettes

CASSETTE = """\
    interactions:
    - request:
        body: '{"username": "a", "private_profile": null}'
        headers:
          Content-Type: [application/json]
          JOB-TOKEN: [FILTERED]
        method: POST
        uri: https://gitlab.example.com/api/v4/users?sudo=root
      response:
        body:
          string: |
            {"id": 5, "username": "a",
             "state": "active", "private_profile": false}
        status: {code: 201, message: Created}
    - request:
        body: active=false&description=idle
        headers: {}
        method: PUT
        uri: https://gitlab.example.com/api/v4/runners/6
      response:
        body:
          string: '{"id": 6, "is_shared": false, "paused": true,
            "ip_address": null}'
        status: {code: 200, message: OK}
    - request:
        method: GET
        uri: https://api.github.com/repos/a/b/pulls/1
      response:
        body: {string: '{"merged_by": null}'}
    version: 1
    """


def test_cassette_request_gives_endpoint_query_header_and_body_touches(touches):
    found = touches(CASSETTE)
    users = [t for t in found if t.get("path") in ("/users", "/users")]
    endpoint = one(users, "endpoint", "/users")
    assert (endpoint.context, endpoint.record, endpoint.evidence, endpoint.get("auth")) == ("create", "user", "typed", "job-token")
    assert where(endpoint) == (8, 10, 8, 59)
    sudo = one(found, "param", "sudo")
    assert (sudo.get("location"), sudo.get("auth"), sudo.value) == ("query", "job-token", "root")
    header = one(found, "param", "JOB-TOKEN")
    assert (header.get("location"), where(header)) == ("header", (6, 7, 6, 16))
    private = one(found, "param", "private_profile")
    assert (private.value, private.context, private.get("location"), private.record) == (None, "create", "body", "user")
    assert where(private) == (3, 30, 3, 47)


def test_cassette_form_body_and_response_fields_point_into_the_strings(touches):
    found = touches(CASSETTE)
    active = one(found, "param", "active")
    assert (active.value, active.get("location"), active.context, where(active)) == ("false", "form", "update", (16, 11, 16, 17))
    profile = one(found, "field", "private_profile")
    assert (profile.record, profile.evidence, profile.value, where(profile)) == ("user", "typed", False, (13, 29, 13, 46))
    ip_address = one(found, "field", "ip_address")
    assert (ip_address.record, where(ip_address)) == ("runner", (23, 9, 23, 21))


def test_requests_to_other_services_are_ignored(touches):
    assert not [t for t in touches(CASSETTE) if t.name == "merged_by"]


def test_cassette_end_to_end(check):
    found = codes(check(textwrap.dedent(CASSETTE), "cassette", "cassette.yaml"))
    assert found == [("MIG020", 3, 30), ("MIG302", 8, 10), ("MIG303", 8, 10), ("MIG061", 16, 11), ("MIG070", 23, 9)]


def test_json_cassette_keys_point_through_escapes(touches):
    cassette = {"interactions": [{
        "request": {"method": "GET", "uri": "https://gl.example.com/api/v4/projects/1/merge_requests/2",
                    "body": None, "headers": {}},
        "response": {"status": {"code": 200}, "body": {"string": json.dumps({"iid": 2, "merged_by": None})}},
    }]}
    text = json.dumps(cassette, indent=1)
    merged_by = one(touches(text), "field", "merged_by")
    row, column, _, end = where(merged_by)
    assert text.splitlines()[row - 1][column - 1:end - 1] == '\\"merged_by\\"'
    assert (merged_by.record, merged_by.get("embedded")) == ("merge_request", "json-string")


def test_binary_gzip_body_is_decoded_and_points_at_the_string(touches):
    data = base64.b64encode(gzip.compress(b'{"iid": 2, "merge_status": "x"}')).decode()
    found = touches(f"""\
        interactions:
        - request:
            method: GET
            uri: https://gl.example.com/api/v4/projects/1/merge_requests/2
          response:
            body:
              string: !!binary |
                {data}
        """)
    status = one(found, "field", "merge_status")
    assert (status.record, status.span.start.row, status.get("approximate")) == ("merge_request", 7, True)


def test_ruby_vcr_http_interactions(touches):
    found = touches("""\
        ---
        http_interactions:
        - request:
            method: get
            uri: https://gl.example.com/api/v4/geo_nodes
            body: {encoding: US-ASCII, string: ''}
            headers:
              Private-Token: [FILTERED]
          response:
            status: {code: 200, message: OK}
            body: {encoding: UTF-8, string: '[{"id": 1, "clone_protocol": "http"}]'}
        """)
    assert one(found, "endpoint", "/geo_nodes").get("auth") == "private-token"
    assert one(found, "field", "clone_protocol").record == "geo_node"


def test_unknown_yaml_tags_are_harmless_and_bad_yaml_is_a_scan_error(touches):
    found = touches("""\
        interactions:
        - request: !!python/object/apply:os.system ["echo hi"]
        - request: {method: GET, uri: 'https://gl.example.com/api/v4/runners?scope=active'}
        """)
    assert one(found, "param", "scope").value == "active"
    with pytest.raises(ScanError) as error:
        touches("interactions:\n  - a: [1,\n")
    assert error_position("interactions:\n  - a: [1,\n", error.value)[0] >= 2


# ---------------------------------------------------------------- HAR, responses, API logs


def test_har_entries_give_requests_and_response_fields(touches):
    har = {"log": {"version": "1.2", "entries": [
        {"request": {"method": "PUT", "url": "https://gl.example.com/api/v4/projects/10",
                     "headers": [{"name": "PRIVATE-TOKEN", "value": "x"}, {"name": "Accept", "value": "*/*"}],
                     "queryString": [],
                     "postData": {"mimeType": "application/json", "text": '{"mirror": true}'}},
         "response": {"status": 200, "content": {"mimeType": "application/json",
                                                 "text": '{"id": 10, "path_with_namespace": "g/p", "mirror": true}'}}},
        {"request": {"method": "POST", "url": "https://gl.example.com/api/v4/groups", "headers": [],
                     "postData": {"mimeType": "application/x-www-form-urlencoded",
                                  "params": [{"name": "default_branch_protection", "value": "2"}]}},
         "response": {"status": 201, "content": {"encoding": "base64",
                                                 "text": base64.b64encode(b'{"full_path": "g", "visibility": "private"}').decode()}}},
    ]}}
    found = touches(json.dumps(har, indent=2))
    assert [t.name for t in found if t.role == "param"] == ["PRIVATE-TOKEN", "mirror", "default_branch_protection"]
    mirror = one(found, "param", "mirror")
    assert (mirror.record, mirror.context, mirror.value, mirror.get("auth")) == ("project", "update", True, "private-token")
    assert one(found, "param", "default_branch_protection").get("location") == "form"
    assert one(found, "field", "mirror").record == "project"
    assert one(found, "field", "visibility").record == "group"


def test_responses_library_recording(check):
    text = textwrap.dedent("""\
        responses:
        - response:
            auto_calculate_content_length: false
            body: '{"approvers": [], "approver_groups": [], "reset_approvals_on_push": true}'
            content_type: text/plain
            headers: {}
            method: GET
            status: 200
            url: https://gl.example.com/api/v4/projects/3/approvals
        """)
    assert codes(check(text, "cassette", "responses.yaml")) == [("MIG050", 4, 13), ("MIG050", 4, 30)]


def test_api_log_lines_in_a_repository_are_requests(touches):
    line = {"time": "2024-01-01T00:00:00.000Z", "method": "PUT", "path": "/api/v4/runners/6",
            "params": [{"key": "active", "value": "false"}, {"key": "private_token", "value": "[FILTERED]"}]}
    found = touches(json.dumps(line) + "\n" + json.dumps(line) + "\n")
    active = [t for t in found if t.name == "active"]
    assert [t.span.start.row for t in active] == [1, 2]
    assert (active[0].context, active[0].record, active[0].get("location")) == ("update", "runner", "body")
    assert one(found[: len(found) // 2], "param", "private_token").get("location") == "query"


def test_a_yaml_file_that_only_mentions_interactions_is_no_fixture(touches):
    assert touches("settings:\n  interactions: 3\n  merge_status: x\n") == []


def test_an_object_with_method_and_path_outside_the_api_is_a_plain_object(touches):
    field = one(touches('{"method": "GET", "path": "src/app.py", "merged_by": null}'), "field", "merged_by")
    assert (field.record, field.evidence) == (None, "bare")


def test_yaml_alias_bombs_and_cycles_stay_small(touches):
    bomb = "interactions:\n- request: &a {method: GET, uri: 'https://g.example.com/api/v4/geo_nodes'}\n"
    bomb += "  response: {body: &b [*a, *a, *a, *a]}\n"
    bomb += "".join(f"- {{request: *a, response: {{body: &b{i} [*b, *b, *b, *b]}}}}\n" for i in range(30))
    found = touches(bomb)
    # each of the 31 interactions' requests, and the one request object its bodies alias, read
    # once as a link the response holds (recreq.link_touches): no touch per alias
    assert len([t for t in found if t.role == "endpoint"]) == 31 + 1
    assert touches("interactions: &loop\n- request: {uri: *loop}\n") == []


def test_a_logged_parameter_is_shown_and_never_offered_a_fix_the_fixer_cannot_make(check):
    """An API log line writes a parameter as a {key, value} pair, no member to rename or drop:
    its finding says what to do, and neither `check` nor `fix` claims a rewrite."""
    line = '{"method": "PUT", "path": "/api/v4/users/5", "params": [{"key": "private_profile", "value": null}]}\n'
    [finding] = check(line, "json-lines", "api.jsonl")
    assert (finding.code, finding.fix.applicability) == ("MIG020", "display-only")
