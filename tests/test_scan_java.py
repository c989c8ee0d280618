"""Java, read as the Python scanner reads Python: each shape of Java code that uses the API, and
the touches or findings it gives (migrator/scan/tree/java.py, methods.py, calls.py,
declare.py; kinds/java.py)."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from migrator.cli import main
from migrator.scan.tree.java import scan
from migrator.values import NO_VALUE

from .languages import Client

API = 'static final String API = "https://gitlab.example.com/api/v4";\n'

touches, codes, fixes, fix = Client(scan, "java", "Example.java").helpers


# ---------------------------------------------------------------- strings
def test_a_concatenation_a_text_block_and_string_format_are_urls(table):
    code = API + ('String a = API + "/geo_nodes/" + id;\n'
                  'String b = """\n    https://gitlab.example.com/api/v4/geo_nodes\n    """;\n'
                  'String c = String.format("%s/geo_nodes/%d/status", API, id);\n'
                  'String d = "%s/geo_nodes".formatted(API);\n'
                  'String e = MessageFormat.format("{0}/geo_nodes/{1}", API, id);\n')
    assert [t[:4] for t in touches(code, table, "endpoint")] == [("endpoint", "/geo_nodes/:id", "geo_node", "typed")] + [
        ("endpoint", "/geo_nodes", "geo_node", "typed"), ("endpoint", "/geo_nodes/:id/status", "geo_node", "typed"),
        ("endpoint", "/geo_nodes", "geo_node", "typed"), ("endpoint", "/geo_nodes/:id", "geo_node", "typed")]


def test_a_url_in_a_text_block_is_reported_on_the_line_it_is_written_on(check):
    code = 'String url = """\n    https://gitlab.example.com/api/v4/runners?scope=active\n    """;\n'
    assert codes(check, code) == [("MIG062", 2)]


def test_a_wrapper_path_without_api_v4_counts_only_as_a_whole_endpoint_template(check):
    assert codes(check, 'String p = String.format("projects/%d/merge_requests/%d/changes", pid, iid);\n') == [
        ("MIG030", 1)]
    assert codes(check, 'String what = "changes";\n') == []


def test_text_that_only_mentions_a_url_is_no_request(check):
    assert codes(check, 'log.info("fetching " + url + "/api/v4/geo_nodes");\n') == []


# ---------------------------------------------------------------- requests and their methods
def test_java_net_http_okhttp_and_apache_requests_have_their_methods(table):
    code = API + ('client.send(HttpRequest.newBuilder(URI.create(API + "/runners/" + id)).PUT(body).build(), h);\n'
                  'new Request.Builder().url(API + "/geo_nodes/" + id).delete().build();\n'
                  'http.execute(new HttpPost(API + "/runners"));\n')
    assert [t[:6] for t in touches(code, table, "endpoint")] == [
        ("endpoint", "/runners/:id", "runner", "typed", "update", "PUT"),
        ("endpoint", "/geo_nodes/:id", "geo_node", "typed", "delete", "DELETE"),
        ("endpoint", "/runners", "runner", "typed", "create", "POST")]


def test_spring_rest_template_and_web_client_requests_have_their_methods(table):
    code = API + ('restTemplate.exchange(API + "/runners/" + id, HttpMethod.PUT, entity, String.class);\n'
                  'restTemplate.getForObject(API + "/runners/all", Runner[].class);\n'
                  'webClient.method(HttpMethod.DELETE).uri(API + "/geo_nodes/" + id).retrieve();\n')
    assert [t[4:6] for t in touches(code, table, "endpoint")] == [("update", "PUT"), ("filter", "GET"),
                                                                    ("delete", "DELETE")]


def test_retrofit_and_jax_rs_client_interfaces_route_requests(check):
    code = ('interface GitLab {\n'
            '    @GET("projects/{id}/merge_requests/{iid}/changes")\n'
            '    Call<Object> changes(@Path("id") long id, @Path("iid") long iid);\n'
            '    @GET\n'
            '    @Path("/runners/all")\n'
            '    List<Runner> runners(@QueryParam("scope") String scope);\n'
            '}\n')
    assert codes(check, code) == [("MIG030", 2)]


def test_feign_and_spring_http_interfaces_route_requests(check):
    code = ('@FeignClient(name = "gitlab", url = "${gitlab.url}/api/v4")\ninterface GitLab {\n'
            '    @GetMapping(value = "/projects/{id}/merge_requests/{iid}/changes")\n    Object changes(long id, long iid);\n'
            '    @RequestLine("DELETE /geo_nodes/{id}")\n    void delete(@Param("id") long id);\n'
            '    @GetExchange("/runners/all")\n    List<Object> runners(@RequestParam("scope") String scope);\n}\n')
    assert codes(check, code) == [("MIG030", 3), ("MIG001", 5)]


def test_a_controller_class_route_is_a_server_route_not_a_request(check):
    code = ('@Path("/projects")\nclass Resource {\n    @GET\n    @Path("/{id}/merge_requests/{iid}/changes")\n'
            '    Object changes() { return null; }\n}\n'
            '@RestController\nclass Fake {\n    @GetMapping("/projects/{id}/merge_requests/{iid}/changes")\n'
            '    Object changes() { return null; }\n}\n')
    assert codes(check, code) == []


# ---------------------------------------------------------------- query parameters
def test_query_parameters_in_the_url_in_spring_and_okhttp_builders_and_in_annotations(table):
    code = API + ('URI a = URI.create(API + "/runners?scope=active");\n'
                  'URI b = UriComponentsBuilder.fromHttpUrl(API).path("/runners").queryParam("scope", "paused").build().toUri();\n'
                  'HttpUrl c = HttpUrl.parse(API + "/runners").newBuilder().addQueryParameter("scope", "online").build();\n'
                  'interface Runners {\n    @GET("runners/all")\n    Call<Object> all(@Query("scope") String scope);\n}\n')
    assert [(t[1], t[4], t[6]) for t in touches(code, table, "param")] == [
        ("scope", "filter", "active"), ("scope", "filter", "paused"), ("scope", "filter", "online"),
        ("scope", "filter", NO_VALUE)]


# ---------------------------------------------------------------- responses used as records
def test_a_body_decoded_from_a_known_response_is_typed(table):
    code = API + ('var res = client.send(HttpRequest.newBuilder(URI.create(API + "/projects/1/merge_requests/2")).build(), h);\n'
                  'MergeRequest it = mapper.readValue(res.body(), MergeRequest.class);\n'
                  'use(it.getMergedBy());\n'
                  'Runner r = restTemplate.getForObject(API + "/runners/" + id, Runner.class);\n'
                  'use(r.getIpAddress());\n')
    fields = [t[:4] for t in touches(code, table, "field")]
    assert ("field", "merged_by", "merge_request", "typed") in fields
    assert ("field", "ip_address", "runner", "typed") in fields


def test_a_value_of_another_sdks_class_is_not_the_apis_whatever_its_name_says(table):
    """GitHub's ``GHPullRequest`` has a ``getMergedBy()`` too: an accessor of a class known to be
    neither the SDK's nor named for a record is that class's own; a key read (a JSON node's, a
    map's) is the data's, so the name still says what it holds."""
    code = ("void show(GHPullRequest mergeRequest, JsonNode mr, Object runner) {\n"
            "    use(mergeRequest.getMergedBy(), mr.get(\"merged_by\"), runner.getActive());\n"
            "}\n")
    assert [t[1:4] for t in touches(code, table, "field")] == [
        ("merged_by", "merge_request", "named"), ("active", "runner", "named")]


def test_a_variable_named_or_typed_like_a_record_is_named_evidence(table):
    code = ("void show(MergeRequest x, Object mr) {\n"
            "    use(x.getMergedBy(), mr.get(\"merge_status\"));\n"
            "    for (Runner each : list) { use(each.getActive()); }\n"
            "}\n")
    assert [t[:4] for t in touches(code, table, "field")] == [
        ("field", "merged_by", "merge_request", "named"), ("field", "merge_status", "merge_request", "named"),
        ("field", "active", "runner", "named")]


def test_equals_comparisons_with_a_literal_give_the_value(table):
    code = 'if (runner.getStatus().equals("paused") || "can_be_merged".equals(mr.getMergeStatus())) {}\n'
    found = [(t.name, t.context, t.value, t.expression.op) for t in scan(code, table.model) if t.role == "field"]
    assert found == [("status", "compare", "paused", "Eq"), ("merge_status", "compare", "can_be_merged", "Eq")]


def test_a_negated_accessor_is_a_negated_read(table):
    [touch] = [t for t in scan("boolean idle = !runner.getActive();\n", table.model) if t.role == "field"]
    assert (touch.name, touch.expression.negated, touch.expression.nullable) == ("active", True, True)


def test_lambdas_over_a_list_of_records_get_the_record(table):
    code = "List<Runner> runners = api.list();\nrunners.stream().filter(x -> x.getActive()).forEach(y -> use(y.getIpAddress()));\n"
    fields = [t[:4] for t in touches(code, table, "field")]
    assert ("field", "active", "runner", "named") in fields and ("field", "ip_address", "runner", "named") in fields


def test_a_name_bound_to_a_field_of_an_object_is_read_like_any_value(table):
    code = API + 'String base = config.url;\nString url = base + "/geo_nodes";\nObject who = this.mr.mergedBy;\n'
    assert [t[:2] for t in touches(code, table, "endpoint")] == [("endpoint", "/geo_nodes")]


def test_a_type_or_a_constant_is_no_record(table):
    assert touches("use(HttpMethod.PUT, Runner.RunnerStatus.ACTIVE, HttpResponse.BodyHandlers.ofString());\n",
                   table, "field") == []


# ---------------------------------------------------------------- declarations, enums, webhooks, mocks
def test_a_jackson_or_gson_model_declares_fields_shown_not_fixed(check):
    code = ('class MergeRequest {\n    @JsonProperty("iid") long iid;\n'
            '    @SerializedName("merged_by") User mergedBy;\n    private String mergeStatus;\n}\n')
    found = [(f.code, f.span.start.row, f.fix.applicability) for f in check(code, "java", "Example.java")]
    assert found == [("MIG010", 3, "display-only"), ("MIG011", 4, "display-only")]


def test_a_class_of_another_system_declaring_no_field_of_the_record_is_not_one(check):
    assert codes(check, "class Runner {\n    boolean active;\n    String name;\n}\n") == []


def test_an_enum_listing_scope_values_declares_them(check):
    code = 'class GitlabRunner {\n    enum RunnerScope { SPECIFIC("specific"), ACTIVE("active"), PAUSED("paused") }\n}\n'
    assert codes(check, code) == [("MIG062", 2), ("MIG062", 2)]


def test_a_merge_request_webhook_payload_is_not_the_rest_api(check):
    code = ("void on(MergeRequestEvent event) {\n    use(event.getObjectAttributes().getMergeStatus());\n}\n"
            "class MergeRequestObjectAttributes {\n    long iid; String sourceBranch; String targetBranch;\n"
            "    String mergeStatus;\n}\n")
    assert codes(check, code) == []


def test_mock_responses_are_recordings_whose_fixes_are_unsafe(table, check):
    code = ('stubFor(get(urlEqualTo("/api/v4/geo_nodes")).willReturn(okJson("[]")));\n'
            'server.enqueue(new MockResponse().setBody("{\\"iid\\": 1, \\"source_branch\\": \\"a\\", '
            '\\"target_branch\\": \\"b\\", \\"merged_by\\": null}"));\n')
    recorded = [t for t in scan(code, table.model) if t.name in ("/geo_nodes", "merged_by")]
    assert len(recorded) == 2 and all(t.origin.recorded for t in recorded)
    assert [(f.code, f.fix.applicability) for f in check(code, "java", "ExampleTest.java")] == [
        ("MIG001", "unsafe"), ("MIG010", "display-only")]


# ---------------------------------------------------------------- gitlab4j-api
def test_gitlab4j_calls_are_the_sdks_typed_records_and_endpoints(check):
    code = ("MergeRequest mr = gitLabApi.getMergeRequestApi().getMergeRequestChanges(pid, iid);\n"
            "use(mr.getMergedBy());\n"
            "List<Runner> runners = gitLabApi.getRunnersApi().getRunners(null, Runner.RunnerStatus.ACTIVE);\n")
    found = [(f.code, f.span.start.row, f.fix.applicability) for f in check(code, "java", "Example.java")]
    assert found == [("MIG030", 1, "display-only"), ("MIG010", 2, "unsafe"), ("MIG066", 3, "display-only")]


def test_a_variable_keeps_the_record_it_was_declared_with_through_a_plain_reassignment(table):
    code = ("MergeRequest mr = gitLabApi.getMergeRequestApi().getMergeRequest(pid, iid);\n"
            "if (mr == null) { mr = cache.lookup(key); }\n"
            "use(mr.getMergedBy());\n")
    assert [t[:4] for t in touches(code, table, "field") if t[1] == "merged_by"] == [
        ("field", "merged_by", "merge_request", "typed")]


def test_gitlab4j_get_active_is_a_boolean_that_may_be_null_and_is_not_negated(check):
    code = "for (Runner runner : gitLabApi.getRunnersApi().getAllRunners()) {\n    if (runner.getActive()) {}\n}\n"
    [finding] = check(code, "java", "Example.java")
    assert (finding.code, finding.fix.applicability) == ("MIG060", "display-only")
    assert "may be null" in finding.fix.message


# ---------------------------------------------------------------- suppressions
def test_noqa_and_migrator_ignore_in_line_comments_suppress(check):
    code = ("use(mr.getMergedBy()); // noqa: MIG010\n"
            "use(mr.getMergedBy()); // migrator: ignore[MIG010]\n"
            "use(mr.getMergedBy()); /* a block comment */\n")
    assert codes(check, code) == [("MIG010", 3)]


def test_a_marker_inside_a_string_or_a_text_block_is_no_comment(check):
    code = ('use(mr.getMergedBy(), "// noqa: MIG010");\n'
            'use(mr.getMergedBy(), """\n    // noqa: MIG010\n    """);\n')
    assert codes(check, code) == [("MIG010", 1), ("MIG010", 2)]


def test_add_noqa_writes_line_comments_and_none_inside_a_text_block(tmp_path):
    path = tmp_path / "A.java"
    path.write_text('use(mr.getMergedBy());\nString s = """\n  %s""".formatted(mr.getMergedBy());\n')
    result = CliRunner().invoke(main, ["check", "--add-noqa", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text().splitlines()[0] == "use(mr.getMergedBy());  // noqa: MIG010"


# ---------------------------------------------------------------- fixes
def test_rewrite_path_edits_the_literal_text_of_a_concatenation_and_a_format_string(tmp_path):
    code = API + 'String a = API + "/geo_nodes/" + id;\nString b = String.format("%s/geo_nodes", API);\n'
    first, second = fix(tmp_path, code)
    assert first == API + 'String a = API + "/geo_sites/" + id;\nString b = String.format("%s/geo_sites", API);\n'
    assert second == first


def test_rename_keeps_the_codes_spelling_of_a_getter_and_a_key(tmp_path):
    code = ("MergeRequest mr = gitLabApi.getMergeRequestApi().getMergeRequest(pid, iid);\n"
            'use(mr.getMergedBy(), json.get("merged_by"));\n')
    first, second = fix(tmp_path, code.replace("json", "mr"), "--unsafe-fixes")
    assert 'use(mr.getMergeUser(), mr.get("merge_user"));' in first and second == first


def test_a_query_param_call_gets_the_mapped_name_and_value(tmp_path):
    code = 'URI u = UriComponentsBuilder.fromHttpUrl(base).path("/api/v4/runners").queryParam("scope", "active").build().toUri();\n'
    assert fix(tmp_path, code)[0] == code.replace('queryParam("scope", "active")', 'queryParam("paused", "false")')


def test_a_file_the_parser_reads_with_errors_is_not_fixed(tmp_path):
    code = API + 'String a = API + "/geo_nodes";\nint x = (;\n'
    assert fix(tmp_path, code)[0] == code


# ---------------------------------------------------------------- files and imports
def test_tree_sitter_java_is_imported_only_for_java_files(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("mr = project.mergerequests.get(1)\nprint(mr.merged_by)\n")
    probe = ("import sys; from click.testing import CliRunner; from migrator.cli import main; "
             f"CliRunner().invoke(main, ['check', {str(path)!r}]); CliRunner().invoke(main, ['--version']); "
             "print('tree_sitter_java' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_java_spells_a_name_as_the_api_does_in_camel_and_in_pascal_case(table):
    assert table.spellings["java"].of_token("merged_by") == ("merged_by", "mergedBy", "MergedBy")
