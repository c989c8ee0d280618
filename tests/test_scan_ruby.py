"""Ruby, read as the Python scanner reads Python: each shape of code that uses the API, and the
touches or findings it gives (migrator/scan/tree/ruby.py, kinds/ruby.py, the gitlab gem's data in
rules/model/gitlab_gem.yaml)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.details import Origin
from migrator.scan.tree.ruby import scan

from .languages import Client

API = 'API = "https://gitlab.example.com/api/v4"\n'

touches, codes, fixes, fix = Client(scan, "ruby", "example.rb").helpers


def endpoints(code: str, table) -> list[tuple]:
    """(endpoint template, method, evidence) of each endpoint touch."""
    return [(t[1], t[5], t[3]) for t in touches(code, table, "endpoint")]


CHANGES = "/projects/:id/merge_requests/:merge_request_iid/changes"

# ---------------------------------------------------------------- how a URL is written
@pytest.mark.parametrize("written", [
    '"#{API}/projects/#{pid}/merge_requests/#{iid}/changes"',
    "'https://gitlab.example.com/api/v4/projects/' + pid.to_s + '/merge_requests/' + iid.to_s + '/changes'",
    "API + '/projects/' << pid.to_s << '/merge_requests/' << iid.to_s << '/changes'",
    '%Q(#{API}/projects/#{pid}/merge_requests/#{iid}/changes)',
    '%(#{API}/projects/#{pid}/merge_requests/#{iid}/changes)',
    'format("%s/projects/%d/merge_requests/%d/changes", API, pid, iid)',
    'sprintf("#{API}/projects/%<pid>s/merge_requests/%<iid>s/changes", pid: pid, iid: iid)',
    '"#{API}/projects/%s/merge_requests/%s/changes" % [pid, iid]',
], ids=["interpolation", "plus", "shovel", "percent-Q", "percent", "format", "sprintf-named", "percent-operator"])
def test_every_way_ruby_writes_a_string_gives_the_same_endpoint(table, written):
    assert endpoints(API + f"url = {written}\n", table) == [(CHANGES, "GET", "typed")]


def test_a_heredoc_is_read_at_its_body_and_reported_on_the_url_line(check):
    code = API + "url = <<~URL.strip\n  #{API}/geo_nodes\nURL\n"
    assert codes(check, code) == [("MIG001", 3)]


def test_a_wrapper_path_without_api_v4_counts_only_as_a_whole_endpoint_template(check):
    assert codes(check, 'get("projects/#{pid}/merge_requests/#{iid}/changes")\n') == [("MIG030", 1)]
    assert codes(check, 'what = "changes"\nget(what)\n') == []


def test_text_that_only_mentions_a_url_is_no_request(check):
    assert codes(check, 'logger.info("fetching #{url}/api/v4/geo_nodes")\n') == []


# ---------------------------------------------------------------- the HTTP clients and their methods
def test_net_http_get_of_a_uri_and_a_request_object_with_its_method(table):
    code = API + ('url = "#{API}/geo_nodes"\nbody = Net::HTTP.get(URI(url))\n'
                  'req = Net::HTTP::Put.new(URI("#{API}/runners/#{id}"))\n'
                  'res = Net::HTTP.get_response(URI.parse("#{API}/runners/all"))\n')
    assert endpoints(code, table) == [("/geo_nodes", "GET", "typed"), ("/runners/:id", "PUT", "typed"),
                                      ("/runners/all", "GET", "typed")]


def test_faraday_connection_with_a_base_url_sends_its_second_argument_as_the_query(table):
    code = ('conn = Faraday.new(url: "https://gitlab.example.com/api/v4")\n'
            'conn.get("runners", { scope: "active" })\n'
            'conn.put("runners/#{id}", { active: false })\n')
    assert [(t[1], t[4], t[6]) for t in touches(code, table, "param")] == [
        ("scope", "filter", "active"), ("active", "update", False)]


def test_httparty_and_rest_client_with_their_options_and_payloads(table):
    code = API + ('HTTParty.get("#{API}/runners", query: { scope: "online" }, headers: { "PRIVATE-TOKEN" => t })\n'
                  'RestClient.put("#{API}/runners/#{id}", { active: true })\n'
                  'RestClient.get("#{API}/runners/all", params: { "scope" => "paused" })\n')
    assert endpoints(code, table) == [("/runners", "GET", "typed"), ("/runners/:id", "PUT", "typed"),
                                      ("/runners/all", "GET", "typed")]
    assert [(t[1], t[5], t[6]) for t in touches(code, table, "param") if t[1] != "PRIVATE-TOKEN"] == [
        ("scope", "GET", "online"), ("active", "PUT", True), ("scope", "GET", "paused")]


# ---------------------------------------------------------------- query parameters
def test_query_parameters_in_the_url_and_in_options_with_symbol_and_string_keys(table):
    code = API + ('HTTParty.get("#{API}/runners?scope=active")\n'
                  'HTTParty.get("#{API}/runners", query: { :scope => "paused" })\n'
                  'HTTParty.get("#{API}/runners", query: { "scope" => :online })\n')
    assert [(t[1], t[6]) for t in touches(code, table, "param")] == [
        ("scope", "active"), ("scope", "paused"), ("scope", "online")]


# ---------------------------------------------------------------- responses used as hashes and objects
def test_json_parse_of_a_known_response_is_typed(table):
    code = API + ('res = Net::HTTP.get_response(URI("#{API}/projects/#{p}/merge_requests/#{iid}"))\n'
                  'mr = JSON.parse(res.body)\nputs mr["merged_by"]\n'
                  'runners = JSON.parse(RestClient.get("#{API}/runners/all").body)\n'
                  'runners.each do |r|\n  puts r.fetch("active")\nend\n')
    fields = [(t[1], t[2], t[3]) for t in touches(code, table, "field")]
    assert fields == [("merged_by", "merge_request", "typed"), ("active", "runner", "typed")]


def test_an_httparty_response_answers_a_key_from_its_body_and_a_rest_client_response_does_not(table):
    code = API + ('response = HTTParty.get("#{API}/projects/1/merge_requests/2")\nputs response["merge_status"]\n'
                  'res = RestClient.get("#{API}/projects/1/merge_requests/2")\nputs res["merge_status"]\n')
    assert [(t[1], t[2], t[3]) for t in touches(code, table, "field")] == [("merge_status", "merge_request", "typed")]


def test_a_faraday_connection_made_with_its_url_first(table):
    code = 'conn = Faraday.new("https://gitlab.example.com/api/v4")\nconn.get("geo_nodes")\n'
    assert endpoints(code, table) == [("/geo_nodes", "GET", "typed")]


def test_a_variable_named_like_a_record_is_named_evidence(table):
    code = "def show(mr, runner)\n  puts mr.merged_by, runner[:active]\nend\n"
    assert [(t[1], t[2], t[3]) for t in touches(code, table, "field")] == [
        ("merged_by", "merge_request", "named"), ("active", "runner", "named")]


def test_an_instance_variable_holds_in_every_method_what_one_assigned_it(table):
    """``@mr`` is the object's, not a method's: ``show`` reads what ``load`` assigned."""
    code = ("def load\n  @mr = Gitlab.merge_request(project, iid)\n  puts @mr.merged_by\nend\n"
            "def show\n  puts @mr.merge_status\nend\n")
    assert [(t[1], t[3]) for t in touches(code, table, "field")] == [("merged_by", "typed"), ("merge_status", "typed")]


def test_an_rspec_before_block_assigns_what_its_it_blocks_read(table):
    code = ("describe '.edit_project_merge_request_approvals' do\n"
            "  before do\n    @approvals = Gitlab.edit_project_merge_request_approvals(1, reset_approvals_on_push: false)\n  end\n"
            "  it 'returns the configuration' do\n    expect(@approvals.approvals_before_merge).to eq 3\n  end\nend\n")
    assert [t[1:4] for t in touches(code, table, "field")] == [
        ("approvals_before_merge", "approval_configuration", "typed")]


def test_a_memoised_assignment_binds_as_an_assignment_does(table):
    code = "def mr\n  @mr ||= Gitlab.merge_request(project, iid)\n  @mr.merged_by\nend\n"
    assert [(t[1], t[3]) for t in touches(code, table, "field")] == [("merged_by", "typed")]


def test_comparisons_with_a_literal_give_the_value_and_the_operator(table):
    code = "puts 1 if runner['status'] == 'paused'\nputs 2 if mr.merge_status != :can_be_merged\n"
    compared = [t for t in scan(code, table.model) if t.context == "compare"]
    assert [(t.name, t.value, t.expression.op) for t in compared] == [
        ("status", "paused", "Eq"), ("merge_status", "can_be_merged", "NotEq")]


def test_a_float_is_a_number_as_an_integer_is(table):
    code = "puts 1 if runner[:maximum_timeout] == 1.5\nGitlab.update_runner(id, maximum_timeout: 2.0e3)\n"
    assert [t.value for t in scan(code, table.model) if t.name == "maximum_timeout"] == [1.5, 2000.0]


# ---------------------------------------------------------------- declarations
def test_a_struct_or_a_class_declaring_a_records_fields_is_a_declaration_shown_not_fixed(check):
    code = ("MergeRequest = Struct.new(:iid, :merged_by, keyword_init: true)\n"
            "class Runner\n  attr_accessor :id, :active, :runner_type\nend\n")
    found = check(code, "ruby", "models.rb")
    assert [(f.code, f.span.start.row) for f in found] == [("MIG010", 1), ("MIG060", 3)]
    assert {f.fix.applicability for f in found} == {"display-only"}


def test_a_class_of_another_system_declaring_no_field_of_the_record_is_not_one(check):
    assert codes(check, "class Runner\n  attr_reader :active, :name\nend\n") == []


# ---------------------------------------------------------------- the gitlab gem
def test_the_gitlab_gems_methods_are_requests_and_return_records(table):
    code = ("changes = Gitlab.merge_request_changes(project, iid)\n"
            "client = Gitlab.client(endpoint: url, private_token: token)\n"
            "mr = client.merge_request(project, iid)\nputs mr.merged_by\n"
            "Gitlab.runners(scope: :active)\n")
    assert endpoints(code, table) == [(CHANGES, "GET", "typed"),
                                      ("/projects/:id/merge_requests/:merge_request_iid", "GET", "typed"),
                                      ("/runners", "GET", "typed")]
    assert [(t[0], t[1], t[2], t[3]) for t in touches(code, table) if t[0] in ("field", "param")] == [
        ("field", "merged_by", "merge_request", "typed"), ("param", "scope", "runner", "typed")]


def test_the_gems_option_hashes_are_the_bodies_of_its_updates(check):
    code = ("Gitlab.edit_user(5, private_profile: nil)\n"
            "Gitlab.edit_project_merge_request_approvals(1, approvals_before_merge: 3)\n"
            "Gitlab.edit_project(1, { approvals_before_merge: 2 })\n")
    assert codes(check, code) == [("MIG020", 1), ("MIG400", 2), ("MIG400", 3)]


def test_a_client_the_scanner_only_knows_by_its_name_is_named(table):
    code = "diff = gitlab.api.merge_request_changes(project, iid)\nrunners = @client.all_runners(scope: 'online')\n"
    assert endpoints(code, table) == [(CHANGES, "GET", "named"), ("/runners/all", "GET", "named")]


# ---------------------------------------------------------------- mocks and webhooks
def test_a_webmock_stub_is_a_recording_whose_fixes_are_unsafe(table, check):
    code = ('stub_request(:get, "https://gitlab.example.com/api/v4/runners?scope=active")\n'
            '  .to_return(body: \'[{"id": 1, "is_shared": false, "active": true}]\')\n'
            'stub_request(:get, "https://gitlab.example.com/api/v4/projects/1/merge_requests/2")\n'
            '  .to_return(body: { iid: 2, source_branch: "a", target_branch: "b", merged_by: nil }.to_json)\n')
    recorded = [t for t in scan(code, table.model) if t.name in ("scope", "active", "merged_by")]
    assert [t.name for t in recorded] == ["scope", "active", "merged_by"]
    assert all(t.origin.recorded for t in recorded)
    assert {f.fix.applicability for f in check(code, "ruby", "spec/client_spec.rb")
            if f.code in ("MIG010", "MIG060", "MIG062")} == {"unsafe"}


def test_a_merge_request_webhook_payload_is_not_the_rest_api(check):
    code = ('post "/hook" do\n  event = JSON.parse(request.body.read)\n'
            '  notify if event["object_attributes"]["merge_status"] == "can_be_merged"\n'
            '  attrs = event["object_attributes"]\n  puts attrs["merged_by"]\nend\n')
    assert codes(check, code, "hook.rb") == []


# ---------------------------------------------------------------- where findings sit
def test_a_finding_sits_on_its_tokens_line_inside_multiline_calls(check):
    code = API + 'HTTParty.get(\n  "#{API}/runners",\n  query: {\n    scope: "active",\n  },\n)\n'
    assert codes(check, code) == [("MIG062", 5)]


def test_columns_count_characters_not_utf8_bytes(check):
    code = 'ünïcödé = "→→→"; puts mr.merged_by\n'
    [finding] = check(code, "ruby", "a.rb")
    assert finding.span.start.column == code.index("mr.merged_by") + 1


# ---------------------------------------------------------------- suppressions
def test_noqa_and_migrator_ignore_in_comments_suppress(check):
    code = "puts mr.merged_by # noqa: MIG010\nputs mr.merged_by # migrator: ignore[MIG010]\nputs mr.merged_by\n"
    assert codes(check, code) == [("MIG010", 3)]


def test_a_marker_inside_a_string_or_a_heredoc_is_no_comment(check):
    code = 'puts mr.merged_by, "# noqa: MIG010"\nputs <<~TEXT\n  #{mr.merged_by} # noqa: MIG010\nTEXT\n'
    assert codes(check, code) == [("MIG010", 1), ("MIG010", 3)]


def test_add_noqa_writes_comments_and_none_inside_a_heredoc(tmp_path):
    path = tmp_path / "a.rb"
    path.write_text("puts mr.merged_by\ns = <<~TEXT\n  #{mr.merged_by}\nTEXT\n")
    result = CliRunner().invoke(main, ["check", "--add-noqa", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text() == "puts mr.merged_by  # noqa: MIG010\ns = <<~TEXT\n  #{mr.merged_by}\nTEXT\n"
    assert "left unsuppressed" in result.output


# ---------------------------------------------------------------- fixes
def test_rewrite_path_edits_the_literal_text_of_interpolations_concatenations_and_formats(tmp_path):
    code = API + ('a = HTTParty.get("#{API}/geo_nodes/#{id}")\nb = HTTParty.get(API + "/geo_nodes" + "/status")\n'
                  'c = HTTParty.get(format("%s/geo_nodes/%d/status", API, id))\n')
    first, second = fix(tmp_path, code)
    assert first == code.replace("geo_nodes", "geo_sites")
    assert second == first


def test_a_symbol_key_a_method_and_a_string_key_are_renamed(tmp_path):
    code = ("mr = Gitlab.merge_request(p, iid)\nputs mr.merged_by\nputs mr[:merged_by]\n"
            "puts mr['merged_by']\nputs mr.dig(:merged_by, :username)\n")
    first, second = fix(tmp_path, code, "--unsafe-fixes", name="a.rb")
    assert first == code.replace("merged_by", "merge_user")
    assert second == first


def test_runner_active_becomes_not_paused_on_typed_evidence_only(tmp_path):
    code = "Gitlab.all_runners.each do |runner|\n  puts runner.id if runner.active\nend\n"
    assert fix(tmp_path, code)[0] == code.replace("runner.active", "!runner.paused")
    named = "def live?(runner)\n  runner.active\nend\n"
    assert fix(tmp_path, named)[0] == named
    assert fix(tmp_path, named, "--unsafe-fixes", name="a.rb")[0] == named.replace("runner.active", "!runner.paused")


def test_a_symbol_value_stays_a_symbol_and_true_false_are_written_as_ruby_literals(tmp_path):
    code = "Gitlab.runners(scope: :online)\nGitlab.runners(scope: :active)\n"
    assert fix(tmp_path, code)[0] == "Gitlab.runners(status: :online)\nGitlab.runners(paused: false)\n"


def test_a_file_the_parser_reads_with_errors_is_not_fixed(tmp_path):
    code = API + 'HTTParty.get("#{API}/geo_nodes")\ndef broken(\n'
    assert fix(tmp_path, code)[0] == code


# ---------------------------------------------------------------- files and imports
def test_rb_files_rakefiles_and_dangerfiles_are_ruby(tmp_path):
    for name in ("a.rb", "Rakefile", "Dangerfile", "lib/tasks/b.rb", "c.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("puts mr.merged_by\n")
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", str(tmp_path)])
    reported = sorted(line.split(":")[0].rsplit("/", 1)[-1] for line in result.output.splitlines() if "MIG010" in line)
    assert reported == ["Dangerfile", "Rakefile", "a.rb", "b.rb"]


@pytest.mark.parametrize("args", [["--version"], ["check", "{py}"]], ids=["version", "python-files"])
def test_the_ruby_grammar_is_imported_only_for_ruby_files(tmp_path, args):
    path = tmp_path / "a.py"
    path.write_text("mr = project.mergerequests.get(1)\nprint(mr.merged_by)\n")
    argv = [a.replace("{py}", str(path)) for a in args]
    probe = ("import sys; from click.testing import CliRunner; from migrator.cli import main; "
             f"CliRunner().invoke(main, {argv!r}); print('tree_sitter' in sys.modules, 'tree_sitter_ruby' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False False"


def test_ruby_spells_a_name_as_the_api_does(table):
    assert table.spellings["ruby"].of_token("merged_by") == ("merged_by",)


def test_a_recorded_touch_says_so(table):
    code = 'stub_request(:get, "https://gitlab.example.com/api/v4/geo_nodes").to_return(body: "[]")\n'
    assert [t.origin for t in scan(code, table.model)] == [Origin(recorded=True)]
