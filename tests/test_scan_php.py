"""PHP, read as the Python scanner reads Python: each shape of PHP code that uses the API, and the
touches or findings it gives (migrator/scan/tree/php.py, handles.py, requests.py, sdk.py;
kinds/php.py)."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from migrator.cli import main
from migrator.values import NO_VALUE
from migrator.scan.tree.php import scan

from .languages import Client

TAG = "<?php\n"
API = "$api = 'https://gitlab.example.com/api/v4';\n"

touches, codes, fixes, fix = Client(scan, "php", "example.php", head=TAG, head_rows=True).helpers


# ---------------------------------------------------------------- strings
def test_interpolation_sprintf_concatenation_and_heredocs_are_urls(table):
    code = API + ('$a = "$api/geo_nodes/$id";\n'
                  '$b = "{$api}/geo_nodes/{$node[\'id\']}/status";\n'
                  "$c = sprintf('%s/geo_nodes/%d', $api, $id);\n"
                  "$d = $api . '/geo_nodes/' . $id;\n"
                  '$e = <<<URL\n{$api}/geo_nodes\nURL;\n')
    assert [t[1] for t in touches(code, table, "endpoint")] == [
        "/geo_nodes/:id", "/geo_nodes/:id/status", "/geo_nodes/:id", "/geo_nodes/:id", "/geo_nodes"]


def test_a_wrapper_path_without_api_v4_counts_only_as_a_whole_endpoint_template(check):
    assert codes(check, "$p = sprintf('projects/%d/merge_requests/%d/changes', $pid, $iid);\n") == [("MIG030", 2)]
    assert codes(check, "$what = 'changes';\n$path = 'merge_requests/' . $iid . '/changes';\n") == []


def test_text_that_only_mentions_a_url_is_no_request(check):
    assert codes(check, "error_log('fetching ' . $url . '/api/v4/geo_nodes');\n") == []


# ---------------------------------------------------------------- requests and their methods
def test_guzzle_verbs_request_and_psr7_requests_have_their_methods(table):
    code = API + ("$client->put(\"$api/runners/$id\", ['json' => ['active' => false]]);\n"
                  "$client->request('DELETE', \"$api/geo_nodes/$id\");\n"
                  "$client->send(new Request('POST', \"$api/geo_nodes\"));\n"
                  "$client->getAsync(\"$api/geo_nodes\");\n")
    assert [t[4:6] for t in touches(code, table, "endpoint")] == [
        ("update", "PUT"), ("delete", "DELETE"), ("create", "POST"), ("filter", "GET")]


def test_a_guzzle_client_made_with_a_base_uri_sends_relative_paths_to_the_api(table):
    code = ("$http = new Client(['base_uri' => 'https://gitlab.example.com/api/v4/']);\n"
            "$http->get('runners/all', ['query' => ['scope' => 'active']]);\n")
    assert touches(code, table, "param") == [("param", "scope", "runner", "typed", "filter", "GET", "active")]


def test_curl_takes_its_method_and_body_from_the_options_set_on_its_handle(table):
    code = API + ("function pause($id) {\n"
                  "    $ch = curl_init();\n"
                  "    curl_setopt_array($ch, [CURLOPT_URL => \"$api/runners/$id\", CURLOPT_CUSTOMREQUEST => 'PUT']);\n"
                  "    curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode(['active' => false]));\n"
                  "    return json_decode(curl_exec($ch), true);\n"
                  "}\n"
                  "$ch = curl_init(\"$api/users\");\n"
                  "curl_setopt($ch, CURLOPT_POST, true);\n")
    assert [t[1:6] for t in touches(code, table) if t[0] in ("endpoint", "param")] == [
        ("/runners/:id", "runner", "typed", "update", "PUT"), ("active", "runner", "typed", "update", "PUT"),
        ("/users", "user", "typed", "create", "POST")]


def test_query_parameters_in_the_url_in_guzzles_query_option_and_in_http_build_query(table):
    code = API + ("$client->get(\"$api/runners?scope=active\");\n"
                  "$client->get(\"$api/runners\", ['query' => ['scope' => 'paused']]);\n"
                  "$ch = curl_init(\"$api/runners?\" . http_build_query(['scope' => 'online']));\n")
    assert [(t[1], t[6]) for t in touches(code, table, "param")] == [
        ("scope", "active"), ("scope", "paused"), ("scope", "online")]


# ---------------------------------------------------------------- responses used as records
def test_a_decoded_response_is_the_record_as_an_array_and_as_an_object(table):
    code = API + ("$mr = json_decode($client->get(\"$api/projects/$p/merge_requests/$iid\")->getBody(), true);\n"
                  "echo $mr['merged_by']['username'];\n"
                  "$ch = curl_init(\"$api/runners/$id\");\n"
                  "$runner = json_decode(curl_exec($ch));\n"
                  "echo $runner->ip_address;\n")
    fields = [t[1:4] for t in touches(code, table, "field")]
    assert ("merged_by", "merge_request", "typed") in fields and ("ip_address", "runner", "typed") in fields


def test_comparisons_with_a_value_and_negations_are_read(table):
    code = ("if ($mr['merge_status'] === 'can_be_merged' && $runner->status != 'paused') {}\n"
            "if (!$runner['active']) {}\n")
    found = [(t.name, t.context, t.value, t.expression.op if t.expression else None,
              t.expression.negated if t.expression else None) for t in scan(TAG + code, table.model)
             if t.role == "field"]
    assert found == [("merge_status", "compare", "can_be_merged", "Eq", False),
                     ("status", "compare", "paused", "NotEq", False), ("active", "read", NO_VALUE, None, True)]


def test_a_variable_or_a_parameter_named_like_a_record_is_named_evidence(table):
    code = ("function show(array $mr, Runner $x) {\n    return [$mr['merged_by'], $x->ip_address];\n}\n"
            "foreach ($runners as $id => $each) { echo $each['active']; }\n"
            "$pick = fn($mr) => $mr['merge_status'];\n")
    assert [t[1:4] for t in touches(code, table, "field")] == [
        ("merged_by", "merge_request", "named"), ("ip_address", "runner", "named"), ("active", "runner", "named"),
        ("merge_status", "merge_request", "named")]


# ---------------------------------------------------------------- declarations, webhooks, mocks
def test_a_class_with_typed_properties_modelling_a_record_is_shown_not_fixed(check):
    code = ("class MergeRequest\n{\n    public int $iid;\n    public string $source_branch;\n"
            "    public ?array $merged_by = null;\n    private string $merge_status;\n}\n")
    found = [(f.code, f.span.start.row, f.fix.applicability) for f in check(TAG + code, "php", "example.php")]
    assert found == [("MIG010", 6, "display-only"), ("MIG011", 7, "display-only")]


def test_a_class_of_another_system_declaring_no_field_of_the_record_is_not_one(check):
    assert codes(check, "class Runner\n{\n    public bool $active;\n    public string $name;\n}\n") == []


def test_a_merge_request_webhook_payload_is_not_the_rest_api(check):
    code = ("$event = json_decode(file_get_contents('php://input'), true);\n"
            "if ($event['object_kind'] === 'merge_request') {\n"
            "    echo $event['object_attributes']['merge_status'];\n}\n"
            "class MergeRequestObjectAttributes\n{\n    public int $iid;\n    public string $merge_status;\n}\n")
    assert codes(check, code) == []


def test_guzzle_mock_responses_are_recordings_whose_fixes_are_unsafe(table, check):
    code = ("$mock = new MockHandler([\n"
            "    new Response(200, [], json_encode(['iid' => 1, 'source_branch' => 'a', 'target_branch' => 'b',"
            " 'merged_by' => null])),\n"
            "    new Response(200, [], '{\"iid\": 2, \"source_branch\": \"a\", \"target_branch\": \"b\","
            " \"merged_by\": null}'),\n]);\n")
    recorded = [t for t in scan(TAG + code, table.model) if t.name == "merged_by"]
    assert len(recorded) == 2 and all(t.origin.recorded for t in recorded)
    assert [(f.code, f.fix.applicability) for f in check(TAG + code, "php", "ExampleTest.php")] == [
        ("MIG010", "unsafe"), ("MIG010", "unsafe")]


# ---------------------------------------------------------------- php-gitlab-api
def test_php_gitlab_api_calls_are_the_sdks_typed_records_and_endpoints(check):
    code = ("$mr = $client->mergeRequests()->show($project, $iid);\n"
            "echo $mr['merged_by']['username'];\n"
            "$changes = $client->mergeRequests()->changes($project, $iid);\n"
            "$old = $client->api('mr')->changes($project, $iid);\n"
            "$client->users()->update($id, ['private_profile' => null]);\n")
    found = [(f.code, f.span.start.row, f.fix.applicability) for f in check(TAG + code, "php", "example.php")]
    assert found == [("MIG010", 3, "unsafe"), ("MIG030", 4, "display-only"), ("MIG030", 5, "display-only"),
                     ("MIG020", 6, "unsafe")]


# ---------------------------------------------------------------- suppressions
def test_noqa_after_slashes_or_a_hash_suppresses_and_a_marker_in_a_string_does_not(check):
    code = ("$mr = $client->mergeRequests()->show($p, $iid);\n"
            "echo $mr['merged_by']; // noqa: MIG010\n"
            "echo $mr['merged_by']; # noqa\n"
            "echo $mr['merged_by']; /* a block comment */\n"
            "echo $mr['merged_by'], '// noqa: MIG010';\n")
    assert codes(check, code) == [("MIG010", 5), ("MIG010", 6)]


def test_add_noqa_writes_line_comments(tmp_path):
    path = tmp_path / "a.php"
    path.write_text(TAG + "$mr = $client->mergeRequests()->show($p, $iid);\necho $mr['merged_by'];\n")
    result = CliRunner().invoke(main, ["check", "--add-noqa", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text().splitlines()[2] == "echo $mr['merged_by'];  // noqa: MIG010"


def test_a_finding_sits_on_its_tokens_line(check):
    code = ("$client->get(\n    \"https://gitlab.example.com/api/v4/geo_nodes\",\n"
            "    ['query' => [\n        'per_page' => 100,\n    ]]\n);\n")
    assert codes(check, code) == [("MIG001", 3)]


# ---------------------------------------------------------------- fixes
def test_rewrite_path_edits_the_literal_text_of_interpolations_and_concatenations(tmp_path):
    code = API + "$a = \"{$api}/geo_nodes/{$id}\";\n$b = $api . '/geo_nodes/' . $id;\n"
    first, second = fix(tmp_path, code)
    assert first == TAG + API + "$a = \"{$api}/geo_sites/{$id}\";\n$b = $api . '/geo_sites/' . $id;\n"
    assert second == first


def test_an_option_key_and_its_value_are_mapped_and_a_null_is_dropped(tmp_path):
    code = API + ("$client->get(\"$api/runners\", ['query' => ['scope' => 'active']]);\n"
                  "$client->put(\"$api/users/$id\", ['json' => ['name' => 'a', 'private_profile' => null]]);\n")
    first, second = fix(tmp_path, code, "--unsafe-fixes")
    assert "['query' => ['paused' => 'false']]" in first and "['json' => ['name' => 'a']]" in first
    assert second == first


def test_negate_boolean_rewrites_a_typed_runners_active(tmp_path):
    code = API + ("$runner = json_decode($client->get(\"$api/runners/$id\")->getBody(), true);\n"
                  "if ($runner['active']) {}\nif (!$runner['active']) {}\n")
    first, _ = fix(tmp_path, code)
    assert "if (!$runner['paused']) {}\nif ($runner['paused']) {}\n" in first


def test_a_file_the_parser_reads_with_errors_is_not_fixed(tmp_path):
    code = API + "$a = \"$api/geo_nodes\";\n$x = (;\n"
    assert fix(tmp_path, code)[0] == TAG + code


# ---------------------------------------------------------------- files and imports
def test_tree_sitter_php_is_imported_only_for_php_files(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("mr = project.mergerequests.get(1)\nprint(mr.merged_by)\n")
    probe = ("import sys; from click.testing import CliRunner; from migrator.cli import main; "
             f"CliRunner().invoke(main, ['check', {str(path)!r}]); CliRunner().invoke(main, ['--version']); "
             "print('tree_sitter_php' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_php_spells_a_name_as_the_api_does_and_in_a_models_accessors(table):
    assert table.spellings["php"].of_token("merged_by") == ("merged_by", "mergedBy", "MergedBy")
