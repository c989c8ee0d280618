"""Go, read as the Python scanner reads Python: each shape of Go code that uses the API, and the
touches or findings it gives (migrator/scan/tree/go.py, scan/tree/sdk.py, kinds/go.py)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.scan.tree.go import LANGUAGE, scan

from .languages import Client

HEAD = 'package main\n\nconst base = "https://gitlab.example.com"\n\n'

touches, codes, fixes, fix = Client(scan, "go", "main.go", head=HEAD).helpers


def body(statements: str) -> str:
    """Statements inside ``func f()``: one tab deep, each on its own line."""
    return "func f() {\n" + "".join(f"\t{line}\n" for line in statements.splitlines()) + "}\n"


# ---------------------------------------------------------------- strings: every way Go writes one
def test_interpreted_and_raw_string_literals_are_urls(check):
    code = body('a := "https://gl.example.com/api/v4/geo_nodes"\nb := `https://gl.example.com/api/v4/geo_nodes/status`')
    assert codes(check, code) == [("MIG001", 2), ("MIG001", 3)]


def test_sprintf_and_errorf_verbs_are_run_time_parts(table):
    code = body('u := fmt.Sprintf("%s/api/v4/projects/%d/merge_requests/%v/changes", base, p, i)\n'
                'e := fmt.Errorf("%s/api/v4/runners/%d: not found", base, id)')
    assert [t[:2] for t in touches(code, table, "endpoint")] == [
        ("endpoint", "/projects/:id/merge_requests/:merge_request_iid/changes"), ("endpoint", "/runners/:id")]


def test_concatenation_and_path_joins_build_one_url(table):
    code = body('a := base + "/api/v4/geo_nodes/" + strconv.Itoa(id)\n'
                'b := path.Join(base, "api/v4/geo_nodes", id)\n'
                'c, _ := url.JoinPath(base, "/api/v4/", "runners")')
    assert [t[1] for t in touches(code, table, "endpoint")] == ["/geo_nodes/:id", "/geo_nodes/:id", "/runners"]


def test_a_wrapper_path_without_api_v4_counts_only_as_a_whole_endpoint_template(check):
    assert codes(check, body('p := fmt.Sprintf("projects/%d/merge_requests/%d/changes", pid, iid)')) == [("MIG030", 2)]
    assert codes(check, body('p := "runners"\nq := "changes"')) == []


def test_a_relative_api_v4_path_is_the_apis(check):
    assert codes(check, body('p := fmt.Sprintf("api/v4/projects/%s/merge_requests/%d/changes", repo, n)')) == [
        ("MIG030", 2)]


# ---------------------------------------------------------------- requests and their methods
def test_net_http_calls_and_new_request_give_the_method(table):
    code = body('resp, err := http.Get(base + "/api/v4/runners")\n'
                'req, _ := http.NewRequest("PUT", base+"/api/v4/runners/"+id, body)\n'
                'req2, _ := http.NewRequestWithContext(ctx, http.MethodDelete, base+"/api/v4/geo_nodes/1", nil)\n'
                'r, _ := http.Post(base+"/api/v4/geo_nodes", "application/json", body)')
    assert [t[1:6] for t in touches(code, table, "endpoint")] == [
        ("/runners", "runner", "typed", "filter", "GET"), ("/runners/:id", "runner", "typed", "update", "PUT"),
        ("/geo_nodes/:id", "geo_node", "typed", "delete", "DELETE"), ("/geo_nodes", "geo_node", "typed", "create", "POST")]


def test_the_go_clients_own_request_builder_takes_a_path_under_the_api_even_of_one_segment(table):
    """go-gitlab's services call ``s.client.NewRequest(method, path, opt, options)`` with a path
    relative to /api/v4: a whole endpoint of the model is the API's, one segment or more, written
    there or bound to a name first, so a fix moves the whole service together."""
    code = ("func (s *GeoNodesService) List() {\n\treq, err := s.client.NewRequest(http.MethodGet, \"geo_nodes\", nil, nil)\n}\n"
            "func (s *GeoNodesService) Get(id int) {\n\tu := fmt.Sprintf(\"geo_nodes/%d\", id)\n"
            "\treq, err := s.client.NewRequest(http.MethodPut, u, opt, nil)\n}\n")
    assert [t[1:6] for t in touches(code, table, "endpoint")] == [
        ("/geo_nodes", "geo_node", "named", "filter", "GET"), ("/geo_nodes/:id", "geo_node", "named", "update", "PUT")]


def test_a_one_segment_path_given_to_another_method_is_no_endpoint(check):
    assert codes(check, body('req, err := s.client.Do(http.MethodGet, "geo_nodes", nil)\nname := "geo_nodes"')) == []


def test_resty_setters_before_the_verb_are_the_requests_parameters(table):
    code = body('resp, err := client.R().\n'
                '\tSetQueryParam("scope", "online").\n'
                '\tSetQueryParams(map[string]string{"type": "project_type"}).\n'
                '\tGet(base + "/api/v4/runners")')
    assert [(t[1], t[4], t[6]) for t in touches(code, table, "param")] == [
        ("type", "filter", "project_type"), ("scope", "filter", "online")]


def test_query_parameters_in_the_url_and_in_url_values(check):
    code = body('http.Get(base + "/api/v4/runners?scope=active")\n'
                'q := url.Values{"scope": {"active"}}\n'
                'http.Get(base + "/api/v4/runners?" + q.Encode())')
    assert codes(check, code) == [("MIG062", 2), ("MIG062", 3)]


# ---------------------------------------------------------------- responses, records and evidence
def test_a_response_decoded_into_a_map_is_typed(table):
    code = body('resp, _ := http.Get(base + "/api/v4/projects/1/merge_requests/2")\n'
                'var mr map[string]interface{}\n'
                'json.NewDecoder(resp.Body).Decode(&mr)\n'
                'who := mr["merged_by"]')
    assert ("field", "merged_by", "merge_request", "typed", "read", None, None) in [
        t[:5] + (None, None) for t in touches(code, table, "field")]


def test_a_response_read_then_unmarshalled_is_typed(table):
    code = body('req, _ := http.NewRequest("GET", base+"/api/v4/runners/7", nil)\n'
                'resp, _ := client.Do(req)\n'
                'data, _ := io.ReadAll(resp.Body)\n'
                'var runner map[string]any\n'
                'json.Unmarshal(data, &runner)\n'
                'use(runner["active"])')
    assert [t[1:4] for t in touches(code, table, "field")] == [("active", "runner", "typed")]


def test_a_struct_the_program_declares_is_named_evidence_on_its_fields(table):
    """Renaming ``mr.MergedBy`` compiles only where the struct declares ``MergeUser``: the SDK's
    structs do, the program's own may not, so a field selected on one is never fixed safely."""
    code = body('resp, _ := http.Get(base + "/api/v4/projects/1/merge_requests/2")\n'
                'var mr MergeRequest\n'
                'json.NewDecoder(resp.Body).Decode(&mr)\n'
                'use(mr.MergedBy)')
    assert [t[1:4] for t in touches(code, table, "field")] == [("merged_by", "merge_request", "named")]


def test_a_value_of_another_sdks_type_is_not_the_apis_whatever_its_name_says(table):
    """``github.PullRequest`` has a ``MergedBy`` too: a field of a type known to be neither the
    SDK's nor named for a record is that type's own; no touch, not even a bare one."""
    code = ("func f(mr *github.PullRequest, runner *drone.Stage, prs []*github.PullRequest) {\n"
            "\tuse(mr.MergedBy, mr.MergedBy.Login, runner.Active)\n"
            "\tfor _, pr := range prs {\n\t\tuse(pr.MergedBy)\n\t}\n}\n")
    assert touches(code, table, "field") == []


def test_a_value_of_the_programs_own_type_named_for_no_record_is_not_the_apis(table):
    code = "func (pullr PullRequest) Author() string {\n\treturn pullr.MergedBy.Login\n}\n"
    assert touches(code, table, "field") == []


def test_a_type_the_file_declares_holds_the_record_its_declaration_declares_or_none(table):
    """``VersionCommandRunner`` is named like a runner but declares none of a runner's fields: a
    value of it, and what is below it, is not the API's; ``legacyMergeRequest`` embeds the SDK's
    record, so it declares one (a field read on it is named: the program's struct may lack a new
    name)."""
    code = ("type VersionCommandRunner struct {\n\tprjCmdRunner ProjectCommandRunner\n}\n\n"
            "type legacyMergeRequest struct {\n\tgitlab.MergeRequest\n\tMergeStatus string `json:\"merge_status\"`\n}\n\n"
            "func (v *VersionCommandRunner) Run(lmr legacyMergeRequest) {\n"
            "\tuse(v.prjCmdRunner.Version, lmr.MergeStatus)\n}\n")
    assert [t[1:5] for t in touches(code, table, "field")] == [
        ("merge_status", "merge_request", "typed", "declare"), ("merge_status", "merge_request", "named", "read")]


def test_the_name_says_what_a_value_of_the_files_own_type_holds_where_the_type_has_one_of_its_fields(table):
    code = ("type Status struct {\n\tActive bool\n\tPaused bool\n}\n\n"
            "func idle(runner Status) bool {\n\treturn !runner.Active\n}\n")
    assert [t[1:5] for t in touches(code, table, "field")] == [("active", "runner", "named", "read")]


def test_a_map_or_an_interface_says_nothing_so_the_name_still_does(table):
    code = "func f(mr map[string]any, runner interface{}) {\n\tuse(mr[\"merged_by\"])\n}\n"
    assert [t[1:4] for t in touches(code, table, "field")] == [("merged_by", "merge_request", "named")]


def test_a_struct_literal_of_the_sdks_record_is_typed_and_of_another_type_gives_nothing(table):
    code = body("want := &gitlab.MergeRequest{MergedBy: u}\nother := clients.PullRequest{MergedBy: u}\n"
                "mine := legacyMergeRequest{MergeStatus: s}")
    found = [(t.name, t.record, t.evidence, t.origin.sdk) for t in scan(HEAD + code, table.model) if t.role == "field"]
    assert found == [("merged_by", "merge_request", "typed", "go-gitlab"),
                     ("merge_status", "merge_request", "named", None)]


def test_a_variable_named_like_a_record_is_named_evidence(table):
    code = body("use(mr.MergedBy, runner.IPAddress)")
    assert [t[1:4] for t in touches(code, table, "field")] == [
        ("merged_by", "merge_request", "named"), ("ip_address", "runner", "named")]


def test_comparisons_with_a_literal_give_the_value_and_the_operator(table):
    code = body('if runner.Status == "paused" || mr.MergeStatus != "can_be_merged" {\n}')
    found = [(t.name, t.context, t.value, t.expression.op) for t in scan(HEAD + code, table.model) if t.role == "field"]
    assert found == [("status", "compare", "paused", "Eq"), ("merge_status", "compare", "can_be_merged", "NotEq")]


def test_a_negated_read_is_marked_negated(table):
    [touch] = [t for t in scan(HEAD + body("if !runner.Active {\n}"), table.model) if t.role == "field"]
    assert (touch.name, touch.context, touch.expression.negated) == ("active", "read", True)


# ---------------------------------------------------------------- declarations
def test_a_struct_with_json_tags_declares_a_records_fields_shown_not_fixed(check):
    code = ('type MergeRequest struct {\n\tIID int `json:"iid"`\n'
            '\tMergedBy *User `json:"merged_by,omitempty"`\n\tStatus string `json:"merge_status"`\n}\n')
    found = check(HEAD + code, "go", "main.go")
    assert [(f.code, f.span.start.row - 4, f.fix.applicability) for f in found] == [
        ("MIG010", 3, "display-only"), ("MIG011", 4, "display-only")]


def test_a_struct_named_for_a_record_declares_untagged_fields_by_their_go_names(check):
    code = "type Runner struct {\n\tID int\n\tIsShared bool\n\tActive bool\n\tIPAddress string\n}\n"
    assert codes(check, code) == [("MIG060", 4), ("MIG070", 5)]


def test_a_struct_embedding_the_sdks_record_declares_it(check):
    code = 'type legacy struct {\n\tgitlab.MergeRequest\n\tMergeStatus string `json:"merge_status"`\n}\n'
    assert codes(check, code) == [("MIG011", 3)]


# ---------------------------------------------------------------- the SDK (client-go, go-gitlab)
def test_sdk_service_methods_are_requests_to_their_endpoints(check):
    code = body("changes, _, err := git.MergeRequests.GetMergeRequestChanges(pid, iid, nil)\n"
                "nodes, _, err := git.GeoNodes.ListGeoNodes(nil)\n"
                "status, _, err := git.GeoNodes.RetrieveStatusOfGeoNode(1)")
    assert codes(check, code) == [("MIG030", 2), ("MIG001", 3), ("MIG001", 4)]


def test_an_sdk_call_types_its_result_and_a_parameter_of_an_sdk_type_is_typed(table):
    code = ("func f(git *gitlab.Client, r *gitlab.Runner) {\n"
            "\tmr, _, _ := git.MergeRequests.GetMergeRequest(1, 2, nil)\n"
            "\tuse(mr.MergedBy, r.Active)\n}\n")
    assert [t[1:4] for t in touches(code, table, "field")] == [
        ("merged_by", "merge_request", "typed"), ("active", "runner", "typed")]


def test_a_variable_keeps_its_declared_sdk_type_through_a_plain_reassignment(table):
    """Go is statically typed: ``mr = mrs[0]`` cannot change what ``var mr *gitlab.MergeRequest``
    holds, so a field read on it is still the SDK's (its fix held back where the pinned release
    lacks the new name)."""
    code = ("func f(mrs []*Any) {\n\tvar mr *gitlab.MergeRequest\n\tif len(mrs) > 0 {\n\t\tmr = mrs[0]\n\t}\n"
            "\tuse(mr.MergedBy)\n}\n")
    [touch] = [t for t in scan(HEAD + code, table.model) if t.role == "field"]
    assert (touch.name, touch.record, touch.evidence, touch.origin.sdk) == (
        "merged_by", "merge_request", "typed", "go-gitlab")


def test_an_sdk_option_struct_sends_its_fields_as_the_requests_parameters(table):
    code = body('opts := &gitlab.ListRunnersOptions{Scope: gitlab.Ptr("online"), Type: gitlab.String("project_type")}')
    assert [t[1:7] for t in touches(code, table, "param")] == [
        ("scope", "runner", "typed", "filter", "GET", "online"),
        ("type", "runner", "typed", "filter", "GET", "project_type")]


def test_go_spells_a_name_in_pascal_case_with_its_initialisms(table):
    assert table.spellings["go"].of_token("merged_by") == ("merged_by", "MergedBy")
    assert "IPAddress" in table.spellings["go"].of_token("ip_address")
    assert [LANGUAGE.api_name(n) for n in ("MergedBy", "IPAddress", "WebURL", "ProjectID")] == [
        "merged_by", "ip_address", "web_url", "project_id"]
    assert [LANGUAGE.code_name(n) for n in ("merge_user", "ip_address", "paused")] == ["MergeUser", "IPAddress", "Paused"]


# ---------------------------------------------------------------- mocks and webhooks
def test_mock_responses_in_tests_are_recordings_whose_fixes_are_unsafe(table):
    code = ('func handler(w http.ResponseWriter, r *http.Request) {\n'
            '\tfmt.Fprint(w, `{"iid": 2, "source_branch": "a", "target_branch": "b", "merged_by": null}`)\n}\n'
            'var responder = httpmock.NewStringResponder(200, "{\\"iid\\": 2, \\"source_branch\\": \\"a\\", '
            '\\"target_branch\\": \\"b\\", \\"merge_status\\": \\"x\\"}")\n')
    keys = [t for t in scan(HEAD + code, table.model) if t.name in ("merged_by", "merge_status")]
    assert [t.name for t in keys] == ["merged_by", "merge_status"]
    assert all(t.origin.recorded for t in keys)


def test_json_in_a_test_decoded_into_a_record_is_that_records_recorded(table):
    """``json.Unmarshal([]byte("{…}"), &mr)``: the keys of the JSON a test decodes into a merge
    request are a merge request's, though they carry no signature; recorded, so never fixed safely."""
    code = ("func TestLegacy(t *testing.T) {\n\tvar mr legacyMergeRequest\n"
            "\tjson.Unmarshal([]byte(\"{\\\"merge_status\\\":\\\"can_be_merged\\\",\\\"approvals_before_merge\\\":2}\"), &mr)\n}\n")
    found = [(t.name, t.record, t.origin.recorded) for t in scan(HEAD + code, table.model) if t.role == "field"]
    assert found == [("merge_status", "merge_request", True), ("approvals_before_merge", "merge_request", True)]


def test_a_webhook_payload_is_not_the_rest_api(check):
    code = ('func hook(event *gitlab.MergeEvent) {\n'
            '\tif event.ObjectAttributes.MergeStatus == "can_be_merged" {\n\t}\n}\n'
            'type payload struct {\n\tObjectKind string `json:"object_kind"`\n'
            '\tObjectAttributes struct {\n\t\tMergeStatus string `json:"merge_status"`\n'
            '\t} `json:"object_attributes"`\n}\n')
    assert codes(check, code, "hook.go") == []


# ---------------------------------------------------------------- where findings sit
def test_a_finding_sits_on_its_tokens_line_in_a_multiline_call(check):
    code = body('resp, err := http.Get(\n\tfmt.Sprintf(\n\t\t"%s/api/v4/geo_nodes/%d",\n\t\tbase, id,\n\t),\n)')
    assert codes(check, code) == [("MIG001", 4)]


# ---------------------------------------------------------------- suppressions
def test_noqa_and_migrator_ignore_in_line_comments_suppress(check):
    code = body("use(mr.MergedBy) // noqa: MIG010\nuse(mr.MergedBy) // migrator: ignore[MIG010]\nuse(mr.MergedBy)")
    assert codes(check, code) == [("MIG010", 4)]


def test_a_marker_inside_a_string_is_no_comment(check):
    code = body('use(mr.MergedBy, "// noqa: MIG010")\nuse(mr.MergedBy, `\n// noqa: MIG010\n`)')
    assert codes(check, code) == [("MIG010", 2), ("MIG010", 3)]


def test_add_noqa_writes_line_comments_and_none_inside_a_raw_string(tmp_path):
    path = tmp_path / "a.go"
    path.write_text(HEAD + body("use(mr.MergedBy)\nuse(mr.MergedBy, `\n`)"))
    result = CliRunner().invoke(main, ["check", "--add-noqa", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text() == HEAD + body("use(mr.MergedBy)  // noqa: MIG010\nuse(mr.MergedBy, `\n`)")


# ---------------------------------------------------------------- fixes
def test_rewrite_path_edits_a_format_string_a_raw_string_and_a_concatenation(tmp_path):
    code = body('a, _ := http.Get(fmt.Sprintf("%s/api/v4/geo_nodes/%d", base, id))\n'
                'b, _ := http.Get(base + `/api/v4/geo_nodes` + "/status")')
    first, second = fix(tmp_path, code)
    assert first == code.replace("geo_nodes", "geo_sites")
    assert second == first


def test_a_service_of_the_go_client_moves_whole_one_segment_paths_and_formats_alike(tmp_path):
    code = ("func (s *GeoNodesService) List() {\n\treq, err := s.client.NewRequest(http.MethodPost, \"geo_nodes\", o, nil)\n}\n"
            "func (s *GeoNodesService) Get(id int) {\n\tu := fmt.Sprintf(\"geo_nodes/%d\", id)\n"
            "\treq, err := s.client.NewRequest(http.MethodGet, u, nil, nil)\n}\n"
            "func (s *GeoNodesService) Repair(id int) {\n\tu := fmt.Sprintf(\"geo_nodes/%d/repair\", id)\n"
            "\treq, err := s.client.NewRequest(http.MethodPost, u, nil, nil)\n}\n")
    first, second = fix(tmp_path, code, "--unsafe-fixes")
    assert first == code.replace("geo_nodes", "geo_sites")
    assert second == first


def test_runner_active_of_the_sdk_becomes_not_paused_a_plain_bool(tmp_path):
    code = ("func f(runners []*gitlab.Runner) {\n\tfor _, runner := range runners {\n"
            "\t\tif !runner.Active {\n\t\t}\n\t\tidle := runner.Active\n\t\tuse(idle)\n\t}\n}\n")
    first, second = fix(tmp_path, code)
    assert first == code.replace("!runner.Active", "runner.Paused").replace(":= runner.Active", ":= !runner.Paused")
    assert second == first


def test_a_named_receiver_is_never_fixed_safely(tmp_path):
    code = "func f(runner Runner) bool {\n\treturn runner.Active\n}\n"
    assert fix(tmp_path, code)[0] == code
    assert fix(tmp_path, code, "--unsafe-fixes")[0] == code.replace("runner.Active", "!runner.Paused")


def test_a_file_the_parser_reads_with_errors_is_not_fixed(tmp_path):
    code = body('http.Get(base + "/api/v4/geo_nodes")') + "func (\n"
    assert fix(tmp_path, code)[0] == code


@pytest.mark.parametrize("name", ["a.go", "cmd/b.go"])
def test_every_go_file_is_read_by_the_go_kind(tmp_path, name):
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_text(HEAD + body("use(mr.MergedBy)"))
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", str(tmp_path)])
    assert "MIG010" in result.output
