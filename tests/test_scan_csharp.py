"""C#, read as the Python scanner reads Python: each shape of C# code that uses the API, and the
touches or findings it gives (migrator/scan/tree/csharp.py, methods.py, declare.py, sdk.py with
rules/model/ngitlab.yaml; kinds/csharp.py)."""

from __future__ import annotations

from click.testing import CliRunner

from migrator.cli import main
from migrator.scan.tree.csharp import scan
from migrator.values import NO_VALUE

from .fixing import fixed_twice
from .languages import Client

API = 'const string Api = "https://gitlab.example.com/api/v4";\n'
NGITLAB = "using NGitLab;\nusing NGitLab.Models;\n"

touches, codes, fixes, fix = Client(scan, "csharp", "Example.cs").helpers


# ---------------------------------------------------------------- strings
def test_plain_interpolated_verbatim_and_raw_strings_are_urls(table):
    code = API + ('var a = "https://gitlab.example.com/api/v4/geo_nodes";\n'
                  'var b = $"{Api}/geo_nodes/{id}";\n'
                  'var c = @"https://gitlab.example.com/api/v4/geo_nodes";\n'
                  'var d = """\n    https://gitlab.example.com/api/v4/geo_nodes\n    """;\n'
                  'var e = $@"{Api}/geo_nodes/{id}/status";\n')
    assert [t[1] for t in touches(code, table, "endpoint")] == [
        "/geo_nodes", "/geo_nodes/:id", "/geo_nodes", "/geo_nodes", "/geo_nodes/:id/status"]
    assert {t[3] for t in touches(code, table, "endpoint")} == {"typed"}


def test_string_format_and_concatenation_fill_their_parts(table):
    code = API + ('var a = string.Format("{0}/geo_nodes/{1}", Api, id);\n'
                  'var b = Api + "/geo_nodes/" + id + "/status";\n'
                  'var c = String.Format("{0}/runners/{1,5:D}", Api, id);\n')
    assert [t[1:4] for t in touches(code, table, "endpoint")] == [
        ("/geo_nodes/:id", "geo_node", "typed"), ("/geo_nodes/:id/status", "geo_node", "typed"),
        ("/runners/:id", "runner", "typed")]


def test_a_raw_string_url_is_reported_on_the_line_it_is_written_on(check):
    code = 'var url = """\n    https://gitlab.example.com/api/v4/runners?scope=active\n    """;\n'
    assert codes(check, code) == [("MIG062", 2)]


def test_a_wrapper_path_without_api_v4_counts_only_as_a_whole_endpoint_template(check):
    assert codes(check, 'var p = string.Format("projects/{0}/merge_requests/{1}/changes", pid, iid);\n') == [
        ("MIG030", 1)]
    assert codes(check, 'var p = $"projects/{pid}/merge_requests/{iid}/changes";\n') == [("MIG030", 1)]
    assert codes(check, 'var what = "changes";\nvar runners = "runners";\n') == []


def test_text_that_only_mentions_a_url_is_no_request(check):
    assert codes(check, 'logger.LogInformation("fetching " + url + "/api/v4/geo_nodes");\n') == []


# ---------------------------------------------------------------- requests and their methods
def test_http_client_methods_say_the_request_method(table):
    code = API + ('await http.PutAsync($"{Api}/runners/{id}", content);\n'
                  'await http.DeleteAsync(Api + "/geo_nodes/" + id);\n'
                  'await http.PostAsJsonAsync($"{Api}/runners", body);\n'
                  'var s = await http.GetStringAsync($"{Api}/runners/all");\n')
    assert [t[4:6] for t in touches(code, table, "endpoint")] == [
        ("update", "PUT"), ("delete", "DELETE"), ("create", "POST"), ("filter", "GET")]


def test_an_http_request_message_and_a_rest_request_say_their_method_in_an_argument(table):
    code = API + ('await http.SendAsync(new HttpRequestMessage(HttpMethod.Put, $"{Api}/runners/{id}"));\n'
                  'var req = new HttpRequestMessage(HttpMethod.Delete, Api + "/geo_nodes/" + id);\n'
                  'var rest = new RestRequest($"{Api}/runners/{id}", Method.Put);\n')
    assert [t[1:2] + t[4:6] for t in touches(code, table, "endpoint")] == [
        ("/runners/:id", "update", "PUT"), ("/geo_nodes/:id", "delete", "DELETE"), ("/runners/:id", "update", "PUT")]


def test_a_refit_interface_routes_its_requests(check):
    code = ('public interface IGitLab\n{\n'
            '    [Get("/projects/{id}/merge_requests/{iid}/changes")]\n    Task<object> Changes(long id, long iid);\n'
            '    [Delete("/geo_nodes/{id}")]\n    Task Remove(long id);\n}\n')
    assert codes(check, code) == [("MIG030", 3), ("MIG001", 5)]


def test_query_parameters_in_the_url_are_the_requests(table):
    code = API + 'var runners = await http.GetStringAsync(Api + "/runners?scope=active");\n'
    assert [(t[1], t[4], t[6]) for t in touches(code, table, "param")] == [("scope", "filter", "active")]


# ---------------------------------------------------------------- responses used as records
def test_get_from_json_async_and_deserialize_give_the_record(table):
    code = API + ('var mr = await http.GetFromJsonAsync<MergeRequest>($"{Api}/projects/{p}/merge_requests/{i}");\n'
                  'Console.WriteLine(mr.MergedBy);\n'
                  'var res = await http.GetAsync($"{Api}/runners/{id}");\n'
                  'var runner = JsonSerializer.Deserialize<Runner>(await res.Content.ReadAsStringAsync());\n'
                  'Console.WriteLine(runner.IpAddress);\n')
    assert [t[1:5] for t in touches(code, table, "field")] == [
        ("merged_by", "merge_request", "named", "read"), ("ip_address", "runner", "named", "read")]


def test_a_dictionary_a_json_node_and_a_json_element_are_read_by_key(table):
    code = API + ('var res = await http.GetAsync($"{Api}/projects/{p}/merge_requests/{i}");\n'
                  'var json = await res.Content.ReadAsStringAsync();\n'
                  'var node = JsonNode.Parse(json);\n'
                  'var who = node["merged_by"];\n'
                  'using var doc = JsonDocument.Parse(json);\n'
                  'var status = doc.RootElement.GetProperty("merge_status").GetString();\n')
    found = [t[1:5] for t in touches(code, table, "field") if t[1] in ("merged_by", "merge_status")]
    assert found == [("merged_by", "merge_request", "typed", "read"), ("merge_status", "merge_request", "typed", "read")]


def test_comparisons_with_values_by_operator_and_by_equals(table):
    code = ('bool a = mr.MergeStatus == "cannot_be_merged";\n'
            'bool b = "paused".Equals(runner.Status);\n'
            'bool c = (string)node["merge_status"] != "checking";\n')
    assert [(t[1], t[4], t[6]) for t in touches(code, table, "field")] == [
        ("merge_status", "compare", "cannot_be_merged"), ("status", "compare", "paused"),
        ("merge_status", "compare", "checking")]


def test_a_property_of_the_programs_own_class_is_named_so_its_fix_is_unsafe(check):
    code = API + ('var mr = await http.GetFromJsonAsync<MergeRequest>($"{Api}/projects/{p}/merge_requests/{i}");\n'
                  'var who = mr.MergedBy;\n')
    assert fixes(check, code) == [("MIG010", 3, "unsafe")]


# ---------------------------------------------------------------- request bodies and headers
def test_an_anonymous_object_a_dictionary_and_json_content_are_the_bodies_sent(table):
    code = API + ('await http.PutAsJsonAsync($"{Api}/runners/{id}", new { active = false, description });\n'
                  'await http.PutAsync($"{Api}/runners/{id}", JsonContent.Create(new Dictionary<string, object> '
                  '{ ["active"] = false }));\n'
                  'await http.PutAsync($"{Api}/user", new FormUrlEncodedContent(new Dictionary<string, string> '
                  '{ ["private_profile"] = null }));\n')
    assert [t[1:] for t in touches(code, table, "param")] == [
        ("active", "runner", "typed", "update", "PUT", False), ("description", "runner", "typed", "update", "PUT", NO_VALUE),
        ("active", "runner", "typed", "update", "PUT", False), ("private_profile", "user", "typed", "update", "PUT", None)]


def test_a_collection_initializers_key_and_value_pairs_are_a_body_too(tmp_path):
    code = API + ('var form = new FormUrlEncodedContent(new Dictionary<string, string> { { "active", "false" } });\n'
                  'await http.PutAsync($"{Api}/runners/{id}", form);\n')
    assert fix(tmp_path, code)[0] == code.replace('{ "active", "false" }', '{ "paused", "true" }')


def test_json_written_in_a_string_content_is_the_body_its_keys_shown(check):
    code = API + ('await http.PutAsync($"{Api}/runners/{id}", new StringContent("{\\"active\\": false}", Encoding.UTF8));\n'
                  'await http.PutAsync($"{Api}/users/{id}", new StringContent(@"{""private_profile"": null}"));\n')
    assert fixes(check, code) == [("MIG061", 2, "display-only"), ("MIG020", 3, "display-only")]


def test_a_body_bound_to_a_name_is_the_one_its_name_sends(table):
    code = API + ('var body = new { impersonation_enabled = false };\n'
                  'await http.PutAsJsonAsync($"{Api}/application/settings", body);\n')
    assert [t[1:3] + t[4:] for t in touches(code, table, "param")] == [
        ("impersonation_enabled", "application_settings", "update", "PUT", False)]


def test_a_request_messages_content_and_a_rest_requests_json_body_are_sent(table):
    code = API + ('var put = new HttpRequestMessage(HttpMethod.Put, $"{Api}/runners/{id}")\n'
                  '    { Content = JsonContent.Create(new { active = true }) };\n'
                  'var rest = new RestRequest($"{Api}/projects/{id}", Method.Put);\n'
                  'rest.AddJsonBody(new { mirror = true });\n')
    assert [t[1] + " " + t[5] for t in touches(code, table, "param")] == ["active PUT", "mirror PUT"]


def test_an_ngitlab_option_class_initialized_sends_its_properties(check):
    code = NGITLAB + 'client.Runners.Update(id, new RunnerUpdate { Active = false, Description = "ci" });\n'
    assert fixes(check, code) == [("MIG061", 3, "display-only")]


def test_an_anonymous_objects_key_is_renamed_as_written_and_its_value_negated(tmp_path):
    code = API + 'await http.PutAsJsonAsync($"{Api}/runners/{id}", new { active = false });\n'
    first, second = fix(tmp_path, code)
    assert first == code.replace("active = false", "paused = true") and second == first


def test_a_null_dropped_from_an_anonymous_object_takes_its_comma(tmp_path):
    code = API + 'await http.PutAsJsonAsync($"{Api}/user", new { private_profile = (bool?)null, name = "Jane" });\n'
    assert fix(tmp_path, code, "--unsafe-fixes")[0] == code.replace('private_profile = (bool?)null, ', "")


def test_a_header_set_on_a_client_gives_its_requests_their_credential(check):
    code = API + ('http.DefaultRequestHeaders.Add("JOB-TOKEN", Environment.GetEnvironmentVariable("CI_JOB_TOKEN"));\n'
                  'http.DefaultRequestHeaders.Add("Sudo", "alice");\n'
                  'await http.PostAsync($"{Api}/projects/{p}/merge_requests/{i}/notes", content);\n')
    assert codes(check, code) == [("MIG302", 3), ("MIG303", 4)]


def test_a_deploy_token_in_a_header_of_a_request_or_its_authorization_is_reported(check):
    code = API + ('var release = new RestRequest($"{Api}/projects/{p}/releases");\n'
                  'release.AddHeader("PRIVATE-TOKEN", Environment.GetEnvironmentVariable("CI_DEPLOY_PASSWORD"));\n'
                  'request.Headers.Add("Authorization", $"Bearer {Environment.GetEnvironmentVariable("CI_DEPLOY_PASSWORD")}");\n'
                  'http.DefaultRequestHeaders.Add("PRIVATE-TOKEN", Environment.GetEnvironmentVariable("GITLAB_TOKEN"));\n')
    assert codes(check, code) == [("MIG301", 3), ("MIG301", 4)]


def test_an_is_pattern_and_a_static_string_equals_compare_as_an_operator_does(table):
    code = ('bool a = runner.Status is "paused";\n'
            'bool b = string.Equals(runner.Status, "paused");\n'
            'bool c = String.Equals("paused", runner.Status);\n')
    assert [(t[1], t[4], t[6]) for t in touches(code, table, "field")] == [("status", "compare", "paused")] * 3


def test_a_compared_status_is_rewritten_in_each_form(tmp_path):
    code = API + ('var runner = await http.GetFromJsonAsync<Runner>($"{Api}/runners/7");\n'
                  'if (runner.Status is "paused") { }\nif (string.Equals(runner.Status, "paused")) { }\n')
    first, second = fix(tmp_path, code, "--unsafe-fixes")
    assert first == code.replace('runner.Status is "paused"', "runner.Paused").replace(
        'string.Equals(runner.Status, "paused")', "runner.Paused") and second == first


def test_a_switch_compares_its_value_with_each_constant_case_shown_not_rewritten(check):
    code = API + ('var runner = await http.GetFromJsonAsync<Runner>($"{Api}/runners/7");\n'
                  'switch (runner.Status) { case "online": break; case "paused": Stop(); break; }\n'
                  'var label = runner.Status switch { "paused" => "stopped", _ => "up" };\n')
    assert fixes(check, code) == [("MIG065", 3, "display-only"), ("MIG065", 4, "display-only")]


def test_an_authorization_set_on_a_clients_headers_is_its_credential(check):
    code = API + ('http.DefaultRequestHeaders.Authorization =\n'
                  '    new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable("CI_DEPLOY_PASSWORD"));\n'
                  'var releases = await http.GetStringAsync($"{Api}/projects/{p}/releases");\n')
    assert codes(check, code) == [("MIG301", 2)]
    assert codes(check, code.replace("CI_DEPLOY_PASSWORD", "GITLAB_TOKEN")) == []


# ---------------------------------------------------------------- null-conditional access
def test_a_null_conditional_access_is_a_read_and_its_fix_keeps_the_question_mark(tmp_path, check):
    code = API + ('var mr = await http.GetFromJsonAsync<JsonObject>($"{Api}/projects/{p}/merge_requests/{i}");\n'
                  'var who = mr?.MergedBy?.Username;\n')
    assert codes(check, code) == [("MIG010", 3)]
    assert fix(tmp_path, code, "--unsafe-fixes")[0] == code.replace("mr?.MergedBy", "mr?.MergeUser")


def test_a_null_conditional_boolean_may_be_null_so_it_is_not_negated(check):
    code = NGITLAB + 'bool? Up(Runner runner) => runner?.Active;\n'
    assert fixes(check, code) == [("MIG060", 3, "display-only")]


# ---------------------------------------------------------------- declarations
def test_json_property_names_declare_a_records_fields_display_only(check):
    code = ('public class MergeRequest\n{\n'
            '    [JsonPropertyName("iid")] public long Iid { get; set; }\n'
            '    [JsonPropertyName("merge_status")]\n    public string Status { get; set; }\n'
            '    [JsonProperty("merged_by")] public User Merger;\n}\n')
    assert fixes(check, code) == [("MIG011", 4, "display-only"), ("MIG010", 6, "display-only")]


def test_a_records_properties_in_pascal_case_declare_its_fields(check):
    code = 'public record Runner(long Id, bool Active, bool IsShared, string IpAddress);\n'
    assert codes(check, code) == [("MIG060", 1), ("MIG070", 1)]


def test_a_webhook_payload_is_not_the_rest_api(check):
    code = ('public class MergeRequestObjectAttributes\n{\n'
            '    [JsonPropertyName("iid")] public long Iid { get; set; }\n'
            '    [JsonPropertyName("merge_status")] public string MergeStatus { get; set; }\n}\n'
            'void Hook(JsonElement payload)\n{\n'
            '    if (payload.GetProperty("object_kind").GetString() == "merge_request")\n'
            '        Use(payload.GetProperty("object_attributes").GetProperty("merged_by"));\n}\n')
    assert codes(check, code) == []


def test_a_class_named_for_a_webhooks_attributes_is_its_payload(check):
    code = ('public class MergeRequestAttributes\n{\n'
            '    [JsonPropertyName("iid")] public long Iid { get; set; }\n'
            '    [JsonPropertyName("merge_status")] public string MergeStatus { get; set; }\n}\n')
    assert codes(check, code) == []


def test_a_class_in_a_webhooks_namespace_or_holding_object_kind_is_a_payload(check):
    scoped = ('namespace Deploy.Webhooks;\n\npublic class MergeRequest\n{\n'
              '    public long Iid { get; set; }\n    public string MergeStatus { get; set; }\n}\n')
    kind = ('public class MergeRequest\n{\n    public string ObjectKind { get; set; }\n'
            '    public long Iid { get; set; }\n    public string MergeStatus { get; set; }\n}\n')
    rest = 'namespace Deploy.Api\n{\n' + kind.replace("    public string ObjectKind { get; set; }\n", "") + '}\n'
    assert (codes(check, scoped), codes(check, kind), codes(check, rest)) == ([], [], [("MIG011", 6)])


def test_a_python_gitlab_objects_attributes_are_still_its_record(check):
    code = 'import gitlab\nmr = gitlab.Gitlab().projects.get(1).mergerequests.get(2)\nprint(mr.attributes["merged_by"])\n'
    assert [f.code for f in check(code, "python", "example.py")] == ["MIG010"]


# ---------------------------------------------------------------- NGitLab
def test_ngitlab_calls_are_requests_and_their_values_records(table):
    code = NGITLAB + ('var changes = client.GetMergeRequest(pid).Changes(iid).MergeRequestChange;\n'
                      'foreach (var r in client.Runners.GetAllRunnersWithScope(RunnerScope.Active)) { Use(r.Active); }\n'
                      'var one = client.Runners[3];\nUse(one.IpAddress);\n')
    assert [t[:4] for t in touches(code, table) if t[0] != "field" or t[1] in ("active", "ip_address")] == [
        ("endpoint", "/projects/:id/merge_requests/:merge_request_iid/changes", "merge_request", "typed"),
        ("endpoint", "/runners/all", "runner", "typed"), ("param", "scope", "runner", "typed"),
        ("field", "active", "runner", "typed"), ("field", "ip_address", "runner", "typed")]


def test_ngitlab_runner_active_is_a_plain_bool_so_its_negation_is_safe(check):
    code = NGITLAB + 'bool Idle(Runner runner) => !runner.Active;\nbool Up(Runner runner) => runner.Active;\n'
    assert fixes(check, code) == [("MIG060", 3, "safe"), ("MIG060", 4, "safe")]


def test_a_nullable_online_or_an_active_of_the_programs_own_class_is_not_negated(check):
    code = 'class Runner { public bool? Active { get; set; } }\nbool Up(Runner runner) => runner.Active == true;\n'
    assert [f.fix.applicability for f in check(code, "csharp", "Example.cs") if f.code == "MIG060"] == ["display-only"]


def test_ngitlab_merge_request_declares_no_merge_user_so_merged_by_is_shown(check):
    code = NGITLAB + 'string Who(MergeRequest mr) => mr.MergedBy.Username;\n'
    [finding] = check(code, "csharp", "Example.cs")
    assert (finding.code, finding.fix.applicability) == ("MIG010", "display-only")


# ---------------------------------------------------------------- mocks
def test_a_mock_http_stub_and_its_json_body_are_recordings(check):
    code = ('mockHttp.When("https://gitlab.example.com/api/v4/geo_nodes")\n'
            '    .Respond("application/json", "[{\\"id\\": 1, \\"active\\": true, \\"paused\\": false, \\"is_shared\\": true}]");\n')
    assert fixes(check, code) == [("MIG001", 1, "unsafe"), ("MIG060", 2, "display-only")]


def test_wire_mock_and_a_stub_handlers_response_are_recordings(check, check_found):
    code = ('server.Given(Request.Create().WithPath("/api/v4/runners").UsingGet())\n'
            '      .RespondWith(Response.Create().WithBody(@"[{""id"": 1, ""active"": true, ""is_shared"": true}]"));\n'
            'return new HttpResponseMessage { Content = new StringContent("{\\"id\\": 1, \\"active\\": true, '
            '\\"is_shared\\": true}") };\n')
    assert codes(check, code) == [("MIG060", 2), ("MIG060", 3)]
    assert all(t.origin.recorded for t in check_found(code, "csharp", "Example.cs").touches)


# ---------------------------------------------------------------- fixes, suppressions
def test_a_fix_rewrites_in_place_parses_and_a_second_fix_changes_nothing(tmp_path):
    code = NGITLAB + ('class Ops\n{\n'
                      '    const string Api = "https://gitlab.example.com/api/v4";\n'
                      '    bool Idle(Runner runner) => !runner.Active;\n'
                      '    string Nodes() => @"https://gitlab.example.com/api/v4/geo_nodes";\n'
                      '    string Scope() => $"{Api}/runners?scope=active";\n}\n')
    first, second = fixed_twice(tmp_path / "Ops.cs", code)
    assert first == code.replace("!runner.Active", "runner.Paused").replace("geo_nodes", "geo_sites").replace(
        "scope=active", "paused=false")
    assert second == first


def test_a_noqa_comment_suppresses_and_add_noqa_writes_one(tmp_path, check):
    assert codes(check, 'var who = mr.MergedBy; // noqa: MIG010\n') == []
    assert codes(check, 'var s = "// noqa: MIG010"; var who = mr.MergedBy;\n') == [("MIG010", 1)]
    path = tmp_path / "Example.cs"
    path.write_text('var who = mr.MergedBy;\n')
    CliRunner().invoke(main, ["check", "--add-noqa", str(path)])
    assert path.read_text() == 'var who = mr.MergedBy;  // noqa: MIG010\n'
