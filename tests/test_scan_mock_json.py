"""Mock responses written as JSON inside Python and shell strings: read like recorded JSON
fixtures when the JSON carries a record's signature, each key reported at its exact place, and
their fixes never safe (a mock must change together with the code it stands in for)."""

from __future__ import annotations

from migrator.app.passes import fix_text
from migrator.scan import python as pyscan


def codes(findings):
    return [(f.code, f.span.start.row, f.span.start.column) for f in findings]


def test_a_runner_record_split_over_adjacent_literals_is_read_key_by_key(check):
    code = ("def resp_get_runner(url, request):\n"
            "    content = (\n"
            "        '{\"active\": true, \"description\": \"ci\", \"id\": 1,'\n"
            "        '\"is_shared\": false, \"ip_address\": \"127.0.0.1\"}'\n"
            "    )\n"
            "    return response(200, content, {}, None, 5, request)\n")
    assert codes(check(code)) == [("MIG060", 3, 11), ("MIG070", 4, 30)]


def test_keys_point_at_their_place_across_escapes(table):
    code = 'body = "{\\"id\\": 1, \\"is_shared\\": false, \\u0022active\\u0022: true}"\n'
    [active] = [t for t in pyscan.scan(code, table.model) if t.name == "active"]
    assert code[active.range[0]:active.range[1]] == "\\u0022active\\u0022"
    assert (active.record, active.evidence, active.origin.recorded) == ("runner", "typed", True)


def test_a_bytes_body_of_the_responses_library_is_read_too(check):
    code = ('responses.add(responses.GET, "http://localhost/api/v4/runners/1",\n'
            "              body=b'{\"id\": 1, \"is_shared\": false, \"active\": true}')\n")
    assert codes(check(code)) == [("MIG060", 2, 52)]


def test_a_mock_response_gets_no_safe_fix(check_found):
    [(finding, touch)] = check_found("body = '{\"id\": 1, \"is_shared\": false, \"active\": true}'\n").pairs
    assert finding.fix.applicability != "safe"
    assert touch.origin.recorded


def test_a_string_bound_to_a_name_that_names_a_record_is_that_record(check):
    assert codes(check("mr = '{\"title\": \"x\", \"merge_status\": \"can_be_merged\"}'\n")) == [("MIG011", 1, 22)]


def test_json_in_a_string_without_a_record_signature_is_left_alone(check):
    code = ("config = '{\"active\": true, \"theme\": \"dark\"}'\n"
            "patch = '[{\"op\": \"replace\", \"path\": \"/merge_status\", \"value\": 1}]'\n"
            "text = 'not json {\"active\": true, \"is_shared\": false}'\n")
    assert check(code) == []


def test_a_test_double_echoing_a_merge_request_in_shell_is_read(check):
    script = ("gitlab_merge_request() {\n"
              "    echo '{\"iid\": 11, \"title\": \"'\"$TITLE\"'\", \"source_branch\": \"f\",\n"
              "          \"target_branch\": \"main\", \"merge_status\": \"can_be_merged\"}'\n"
              "}\n")
    assert codes(check(script, "shell", "mock.bash")) == [("MIG011", 3, 36)]


def test_a_here_document_holding_a_runner_is_read_and_fixed_only_with_unsafe_fixes(check, table):
    script = ("cat <<EOF\n"
              '{"id": 3, "active": true, "is_shared": false}\n'
              "EOF\n")
    assert codes(check(script, "shell", "mock.sh")) == [("MIG060", 2, 11)]
    assert fix_text(script, "shell", "mock.sh", table.rules, table, False).text == script
    fixed = fix_text(script, "shell", "mock.sh", table.rules, table, True).text
    assert fixed == script.replace('"active": true', '"paused": false')


def test_shell_json_with_escaped_quotes_is_reported_but_never_edited(check_found):
    [(finding, touch)] = check_found('echo "{\\"id\\": 4, \\"active\\": true, \\"is_shared\\": false}"\n', "shell",
                                     "mock.sh").pairs
    assert (finding.code, touch.origin.approximate) == ("MIG060", True)
    assert finding.fix.applicability == "display-only"


def test_a_request_body_in_shell_stays_a_request_body(check_found):
    script = 'curl -X PUT "$CI_API_V4_URL/runners/1" --json \'{"active": false, "is_shared": false}\'\n'
    [(finding, touch)] = check_found(script, "shell", "pause.sh").pairs
    assert (finding.code, touch.role) == ("MIG061", "param")


def test_json_in_a_shell_string_without_a_record_signature_is_left_alone(check):
    script = ("kubectl patch deploy web -p '{\"spec\": {\"active\": true}}'\n"
              "settings='{\"active\": true, \"merge_status\": 1}'\n")
    assert check(script, "shell", "deploy.sh") == []
