"""JavaScript and TypeScript, read as the Python scanner reads Python: each shape of code that
uses the API, and the touches or findings it gives (migrator/scan/tree/, kinds/javascript.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.details import Origin
from migrator.scan.tree.javascript import scan
from migrator.values import NO_VALUE

from .languages import Client

API = 'const API = "https://gitlab.example.com/api/v4";\n'

touches, codes, fixes, fix = Client(scan, "javascript", "example.ts").helpers


# ---------------------------------------------------------------- endpoints and methods
def test_fetch_with_a_method_option_is_a_request_with_that_method(table):
    code = API + "await fetch(`${API}/runners/${id}`, { method: 'PUT', body: JSON.stringify({ paused: true }) });\n"
    assert [t[:6] for t in touches(code, table, "endpoint")] == [
        ("endpoint", "/runners/:id", "runner", "typed", "update", "PUT")]
    assert [t[:5] for t in touches(code, table, "param")] == [("param", "paused", "runner", "typed", "update")]


def test_axios_verbs_config_objects_and_instances_with_a_base_url(table):
    code = ('import axios from "axios";\n'
            'await axios.delete(`https://gl.example.com/api/v4/geo_nodes/${id}`);\n'
            'await axios({ url: "https://gl.example.com/api/v4/runners", method: "post", data: { token } });\n'
            'const api = axios.create({ baseURL: "https://gl.example.com/api/v4" });\n'
            'await api.get("/user");\n')
    found = [t[:6] for t in touches(code, table, "endpoint")]
    assert found == [("endpoint", "/geo_nodes/:id", "geo_node", "typed", "delete", "DELETE"),
                     ("endpoint", "/runners", "runner", "typed", "create", "POST"),
                     ("endpoint", "/user", "user", "typed", "filter", "GET")]


def test_got_ky_and_superagent_send_requests_too(table):
    code = ('await got.post(`${API}/projects/${id}/approvals`, { json: { approvals_before_merge: 2 } });\n'
            'await ky.get(`${API}/runners/all`, { searchParams: { scope: "online" } }).json();\n'
            'await superagent.get(`${API}/runners`).query({ scope: "active" });\n')
    params = [(t[1], t[4], t[6]) for t in touches(API + code, table, "param")]
    assert params == [("approvals_before_merge", "create", 2), ("scope", "filter", "online"), ("scope", "filter", "active")]


def test_a_wrapper_path_without_api_v4_counts_only_as_a_whole_endpoint_template(check):
    assert codes(check, 'await gitlab.get(`projects/${p}/merge_requests/${iid}/changes`);\n') == [("MIG030", 1)]
    assert codes(check, 'const what = "changes";\nawait gitlab.get(what);\n') == []


def test_code_inside_a_url_expression_is_read_too(check):
    code = ("fetch(`${API}/runners/${runner.active}`);\n"
            "const url = API + '/projects/' + mr.merged_by + '/merge_requests';\n")
    assert codes(check, code, "a.js") == [("MIG060", 1), ("MIG010", 2)]


def test_text_that_only_mentions_a_url_is_no_request(check):
    assert codes(check, 'log(`fetching ${url}/api/v4/geo_nodes`);\n') == []


# ---------------------------------------------------------------- query parameters
def test_query_parameters_in_the_url_in_params_and_in_url_search_params(table):
    code = API + ('await fetch(`${API}/runners?scope=active`);\n'
                  'await axios.get(`${API}/runners`, { params: { scope: "paused" } });\n'
                  'const query = new URLSearchParams({ scope: "online" });\n'
                  'await fetch(`${API}/runners/all?${query}`);\n')
    assert [(t[1], t[6]) for t in touches(code, table, "param")] == [
        ("scope", "active"), ("scope", "paused"), ("scope", "online")]


def test_a_url_object_its_search_params_and_its_to_string_sent_by_fetch(table, check):
    code = ("const url = new URL(`${apiUrl()}/projects/${id}/merge_requests/${iid}/changes`);\n"
            "url.searchParams.append('view', 'inline');\nawait fetch(url.toString());\n"
            "const runners = new URL('runners/all', API_BASE);\nrunners.searchParams.set('scope', 'active');\n"
            "await fetch(runners.href);\n")
    found = [(t[0], t[1], t[3], t[6]) for t in touches(code, table) if t[0] != "field"]
    assert found == [("endpoint", "/projects/:id/merge_requests/:merge_request_iid/changes", "typed", NO_VALUE),
                     ("param", "view", "named", "inline"),
                     ("endpoint", "/runners/all", "typed", NO_VALUE), ("param", "scope", "named", "active")]
    assert codes(check, code) == [("MIG030", 1), ("MIG062", 5)]


# ---------------------------------------------------------------- responses used as objects
def test_a_response_body_after_json_or_axios_data_is_typed(table):
    code = API + ('const res = await fetch(`${API}/projects/${p}/merge_requests/${iid}`);\n'
                  'const body = await res.json();\n'
                  'use(body.merged_by);\n'
                  'const { data } = await axios.get(`${API}/runners/${id}`);\n'
                  'use(data.ip_address);\n')
    fields = [t[:4] for t in touches(code, table, "field")]
    assert ("field", "merged_by", "merge_request", "typed") in fields
    assert ("field", "ip_address", "runner", "typed") in fields


def test_promise_chains_and_array_callbacks_carry_the_record(table):
    code = API + ('fetch(`${API}/runners/all`).then((r) => r.json()).then((runners) => {\n'
                  '  runners.filter((runner) => runner.active).forEach((it) => use(it.ip_address));\n'
                  '});\n')
    fields = [t[:4] for t in touches(code, table, "field")]
    assert ("field", "active", "runner", "typed") in fields and ("field", "ip_address", "runner", "typed") in fields


def test_a_variable_named_like_a_record_is_named_evidence(table):
    code = "function show(mr, mergeRequest) {\n  return [mr.merged_by, mergeRequest['merge_status']];\n}\n"
    assert [t[:4] for t in touches(code, table, "field")] == [
        ("field", "merged_by", "merge_request", "named"), ("field", "merge_status", "merge_request", "named")]


def test_a_parameter_typed_with_a_record_type_is_named_by_the_type(table):
    code = "function show(x: MergeRequest) {\n  return x.merged_by;\n}\n"
    assert [t[:4] for t in touches(code, table, "field")] == [("field", "merged_by", "merge_request", "named")]


def test_a_records_camel_case_property_is_its_field_and_a_fix_keeps_the_spelling(tmp_path, check):
    code = ("const mr = await api.MergeRequests.show(projectId, iid);\nuse(mr.mergedBy);\n"
            "const other = { mergedBy: 1 };\nuse(other.mergedBy);\n")
    assert codes(check, code) == [("MIG010", 2)]
    assert fix(tmp_path, code, "--unsafe-fixes", name="a.ts")[0] == code.replace("use(mr.mergedBy)", "use(mr.mergeUser)")


def test_comparisons_with_a_literal_give_the_value_and_the_operator(table):
    code = "if (runner.status === 'paused' || mr.merge_status != \"can_be_merged\") {}\n"
    found = [(t.name, t.context, t.value, t.expression.op) for t in scan(code, table.model) if t.role == "field"]
    assert found == [("status", "compare", "paused", "Eq"), ("merge_status", "compare", "can_be_merged", "NotEq")]


def test_a_destructured_field_of_a_record_is_read_and_never_rewritten(check):
    [finding] = check("const { merged_by } = mr;\n", "javascript", "a.js")
    assert finding.code == "MIG010" and finding.fix.applicability == "display-only"


def test_a_type_imported_from_another_package_is_that_packages(check):
    """Octokit's pull request has a ``merged_by`` too: a value of a type another package exports
    (or of an alias of one) is that package's, whatever the variable is called."""
    code = ('import { PullRequest } from "@octokit/webhooks-types";\n'
            'import type { RestEndpointMethodTypes } from "@octokit/rest";\n'
            'type Pull = RestEndpointMethodTypes["pulls"]["get"]["response"]["data"];\n'
            'export const who = (mr: PullRequest, pulls: Pull[]) => [mr.merged_by, pulls[0].merged_by];\n')
    assert codes(check, code) == []


def test_the_programs_own_types_and_generic_wrappers_still_say_nothing_against_the_api(check):
    """A relative import is the program's own type, which may model the API; a generic type
    (``AxiosResponse<…>``) may wrap the API's answer."""
    code = ('import type { AxiosResponse } from "axios";\n'
            'import type { MergeRequest } from "./types";\n'
            'export const who = (res: AxiosResponse<MergeRequest>, local: MergeRequest, mr: unknown) =>\n'
            '  [res.data.merged_by, local.merged_by, (mr as any).merged_by];\n')
    assert codes(check, code) == [("MIG010", 4), ("MIG010", 4), ("MIG010", 4)]


# ---------------------------------------------------------------- declarations, webhooks, mocks
def test_an_interface_declaring_a_records_fields_is_a_declaration_shown_not_fixed(check):
    code = "interface MergeRequest {\n  iid: number;\n  merged_by: User | null;\n}\n"
    [finding] = check(code, "javascript", "types.ts")
    assert (finding.code, finding.span.start.row, finding.fix.applicability) == ("MIG010", 3, "display-only")


def test_an_interface_of_another_system_declaring_no_field_of_the_record_is_not_one(check):
    assert codes(check, "interface Runner {\n  active: boolean;\n  name: string;\n}\n") == []


def test_a_merge_request_webhook_payload_is_not_the_rest_api(check):
    code = ('app.post("/hook", (req) => {\n  const event = req.body;\n'
            '  if (event.object_attributes.merge_status === "can_be_merged") notify();\n});\n')
    assert codes(check, code, "hook.js") == []


def test_a_mock_response_is_a_recording_whose_fixes_are_unsafe(table, check):
    code = ('nock(API).get("/projects/1/merge_requests/2")\n'
            '  .reply(200, { iid: 2, source_branch: "a", target_branch: "b", merged_by: null });\n'
            'server.use(http.get("*", () => HttpResponse.json({ iid: 2, source_branch: "a", target_branch: "b",'
            ' merged_by: null })));\n')
    keys = [t for t in scan(code, table.model) if t.name == "merged_by"]
    assert len(keys) == 2 and all(t.origin == Origin(recorded=True) for t in keys)
    assert [f.fix.applicability for f in check(code, "javascript", "a.test.js") if f.code == "MIG010"] == [
        "unsafe", "unsafe"]


def test_an_object_type_given_to_a_call_of_an_endpoint_declares_that_records_fields(table):
    code = ("const { body } = await http.getJson<{ merge_status?: string; iid: number }>(\n"
            "  `projects/${repo}/merge_requests/${iid}`,\n);\n")
    found = [(t.name, t.record, t.evidence, t.context) for t in scan(code, table.model) if t.role == "field"]
    assert found == [("merge_status", "merge_request", "named", "declare"), ("iid", "merge_request", "named", "declare")]


def test_a_zod_schema_of_a_record_declares_its_fields_shown_not_fixed(check):
    code = ('export const MergeRequestSchema = z.object({\n  iid: z.number(),\n  merged_by: UserSchema.nullable(),\n'
            '  runner: z.object({ id: z.number(), active: z.boolean(), is_shared: z.boolean() }),\n});\n')
    found = [(f.code, f.span.start.row, f.fix.applicability) for f in check(code, "javascript", "schemas.ts")]
    assert found == [("MIG010", 3, "display-only"), ("MIG060", 4, "display-only")]


# ---------------------------------------------------------------- @gitbeaker/rest
def test_gitbeaker_resource_methods_are_requests_to_their_endpoints(table):
    code = ("const changes = await api.MergeRequests.showChanges(projectId, iid);\n"
            "const runners = await api.Runners.all({ scope: 'active', perPage: 20 });\n"
            "const mr = await api.MergeRequests.show(projectId, iid);\nuse(mr.merge_status);\n")
    found = [t[:4] for t in touches(code, table) if t[0] != "param" or t[1] == "scope"]
    assert found == [("endpoint", "/projects/:id/merge_requests/:merge_request_iid/changes", "merge_request", "typed"),
                     ("endpoint", "/runners/all", "runner", "typed"), ("param", "scope", "runner", "typed"),
                     ("endpoint", "/projects/:id/merge_requests/:merge_request_iid", "merge_request", "typed"),
                     ("field", "merge_status", "merge_request", "typed")]


def test_a_gitbeaker_option_is_sent_decamelized_and_never_rewritten_where_spelled_in_camel_case(table):
    [param] = [t for t in scan("await api.Runners.all({ tagList: ['a'] });\n", table.model) if t.role == "param"]
    assert (param.name, param.syntax) == ("tag_list", "")


# ---------------------------------------------------------------- where findings sit
def test_a_finding_sits_on_its_tokens_line_inside_nested_calls_and_multiline_arguments(check):
    code = API + ("await Promise.all([\n  axios.get(\n    `${API}/runners`,\n"
                  "    {\n      params: {\n        scope: 'active',\n      },\n    },\n  ),\n]);\n")
    assert codes(check, code) == [("MIG062", 7)]


def test_columns_count_characters_not_utf8_bytes(check):
    code = 'const ünïcödé = "→→→"; use(mr.merged_by);\n'
    [finding] = check(code, "javascript", "a.js")
    assert finding.span.start.column == code.index("mr.merged_by") + 1


# ---------------------------------------------------------------- suppressions
def test_noqa_and_migrator_ignore_in_line_comments_suppress(check):
    code = ("use(mr.merged_by); // noqa: MIG010\n"
            "use(mr.merged_by); // migrator: ignore[MIG010]\n"
            "use(mr.merged_by);\n")
    assert codes(check, code, "a.js") == [("MIG010", 3)]


def test_a_marker_inside_a_string_or_a_template_literal_is_no_comment(check):
    code = ('use(mr.merged_by, "// noqa: MIG010");\n'
            "use(`\n  ${mr.merged_by} // noqa: MIG010\n`);\n")
    assert codes(check, code, "a.js") == [("MIG010", 1), ("MIG010", 3)]


def test_add_noqa_writes_line_comments_and_none_inside_a_template_literal(tmp_path):
    path = tmp_path / "a.js"
    path.write_text("use(mr.merged_by);\nconst s = `${mr.merged_by}\n`;\n")
    result = CliRunner().invoke(main, ["check", "--add-noqa", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text() == "use(mr.merged_by);  // noqa: MIG010\nconst s = `${mr.merged_by}\n`;\n"
    assert "left unsuppressed" in result.output


# ---------------------------------------------------------------- fixes
def test_rewrite_path_edits_the_literal_text_of_a_template_and_a_concatenation(tmp_path):
    code = API + 'await fetch(`${API}/geo_nodes/${id}`);\nawait axios.get(API + "/geo_nodes" + "/status");\n'
    first, second = fix(tmp_path, code)
    assert first == API + 'await fetch(`${API}/geo_sites/${id}`);\nawait axios.get(API + "/geo_sites" + "/status");\n'
    assert second == first


def test_rename_of_a_typed_property_and_an_objects_key(tmp_path):
    code = (API + 'const { data: mr } = await axios.get(`${API}/projects/1/merge_requests/2`);\nuse(mr.merged_by);\n'
            'await axios.put(`${API}/projects/1/approvals`, { require_password_to_approve: true });\n')
    first, second = fix(tmp_path, code, "--unsafe-fixes", name="a.ts")
    assert "use(mr.merge_user);" in first and "{ require_reauthentication_to_approve: true }" in first
    assert second == first


def test_an_entry_whose_new_name_is_already_there_is_dropped_with_its_line(tmp_path):
    code = (API + "await axios.put(`${API}/projects/1/approvals`, {\n"
            "  require_reauthentication_to_approve: true,\n  require_password_to_approve: true,\n});\n")
    assert fix(tmp_path, code)[0] == (API + "await axios.put(`${API}/projects/1/approvals`, {\n"
                                       "  require_reauthentication_to_approve: true,\n});\n")


def test_a_named_receiver_is_never_fixed_safely(tmp_path):
    code = "function f(runner) {\n  return runner.active;\n}\n"
    assert fix(tmp_path, code, name="a.js")[0] == code
    assert fix(tmp_path, code, "--unsafe-fixes", name="a.js")[0] == "function f(runner) {\n  return !runner.paused;\n}\n"


def test_a_file_the_parser_reads_with_errors_is_not_fixed(tmp_path):
    code = API + "await fetch(`${API}/geo_nodes`);\nconst x = (;\n"
    assert fix(tmp_path, code, name="a.js")[0] == code


# ---------------------------------------------------------------- files and imports
def test_every_suffix_is_javascript_and_node_modules_vendor_and_minified_files_are_not_walked(tmp_path):
    for name in ("a.js", "b.mjs", "c.cjs", "d.jsx", "e.ts", "f.tsx", "g.mts", "h.cts", "node_modules/x/i.js",
                 "vendor/j.js", "k.min.js"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("use(mr.merged_by);\n")
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", str(tmp_path)])
    reported = sorted(line.split(":")[0].rsplit("/", 1)[-1] for line in result.output.splitlines() if "MIG010" in line)
    assert reported == ["a.js", "b.mjs", "c.cjs", "d.jsx", "e.ts", "f.tsx", "g.mts", "h.cts"]


def test_tsx_and_typescript_casts_both_parse(check):
    assert codes(check, "const el = <Item mr={mr}>{mr.merged_by}</Item>;\n", "a.tsx") == [("MIG010", 1)]
    assert codes(check, "const m = <MergeRequest>data;\nuse(mr.merged_by);\n", "a.ts") == [("MIG010", 2)]


@pytest.mark.parametrize("args", [["--version"], ["check", "{py}"]], ids=["version", "python-files"])
def test_tree_sitter_is_imported_only_for_files_of_its_languages(tmp_path, args):
    path = tmp_path / "a.py"
    path.write_text("mr = project.mergerequests.get(1)\nprint(mr.merged_by)\n")
    argv = [a.replace("{py}", str(path)) for a in args]
    probe = ("import sys; from click.testing import CliRunner; from migrator.cli import main; "
             f"CliRunner().invoke(main, {argv!r}); print('tree_sitter' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_javascript_spells_a_name_as_the_api_does_and_in_camel_case(table):
    assert table.spellings["javascript"].of_token("merged_by") == ("merged_by", "mergedBy")
