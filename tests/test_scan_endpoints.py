"""No client file passes unread: a file no kind of its own claims (Kotlin, Go, Java, Terraform,
PowerShell …) is read for the API's endpoint URLs (scan/endpoints.py, kinds/other.py), each
language's way of writing a run-time part taken as one part of the URL."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.scan.endpoints import candidates


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def reported(*args: str) -> list[tuple[str, str, int, int]]:
    data = json.loads(run("check", "--no-cache", "--output-format", "json", *args).stdout)
    return sorted((d["filename"], d["code"], d["location"]["row"], d["location"]["column"]) for d in data)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("written, template", [
    ('"$base/api/v4/projects/$id/merge_requests/$iid/changes"', "{}/api/v4/projects/{}/merge_requests/{}/changes"),
    ('"${var.gitlab}/api/v4/geo_nodes"', "{}/api/v4/geo_nodes"),
    ('"#{base}/api/v4/runners/#{id}"', "{}/api/v4/runners/{}"),
    ('"{{ gitlab }}/api/v4/runners?scope=active"', "{}/api/v4/runners?scope=active"),
    ('fmt.Sprintf("%s/api/v4/projects/%d/merge_requests/%d/changes", b, p, i)',
     "{}/api/v4/projects/{}/merge_requests/{}/changes"),
    ('base + "/api/v4/projects/" + id + "/merge_requests/" + iid + "/changes";',
     "/api/v4/projects/{}/merge_requests/{}/changes"),
    ("$base . '/api/v4/projects/' . $id . '/runners'", "/api/v4/projects/{}/runners"),
])
def test_each_languages_run_time_parts_and_joined_literals_make_one_url(written, template):
    assert [found for *_, found in candidates(written) if "api/v4" in found] == [template]


def test_a_block_of_code_is_no_run_time_part_of_a_url():
    code = 'String url(long id) { return base + "/api/v4/projects/" + id + "/runners"; }'
    assert [found for *_, found in candidates(code) if "api" in found] == ["/api/v4/projects/{}/runners"]


def test_kotlin_go_java_and_terraform_calls_are_found_at_their_urls(repo):
    (repo / "Client.kt").write_text('fun geo(id: Int) = get("$base/api/v4/geo_nodes/$id/status")\n')
    (repo / "mr.go").write_text('package gl\n\nvar p = fmt.Sprintf("projects/%d/merge_requests/%d/changes", 1, 2)\n')
    (repo / "Api.java").write_text('class Api { String u = base + "/api/v4/runners?scope=active"; }\n')
    (repo / "main.tf").write_text('data "http" "geo" {\n  url = "${var.gitlab}/api/v4/geo_nodes"\n}\n')
    # Java and Go have kinds of their own (kinds/java.py, kinds/go.py): Java reports a URL joined
    # with + where the expression starts, Go a URL at its string's quote
    assert reported(".") == [("Api.java", "MIG062", 1, 24), ("Client.kt", "MIG001", 1, 25),
                             ("main.tf", "MIG001", 2, 10), ("mr.go", "MIG030", 3, 21)]


def test_a_path_that_is_no_whole_endpoint_template_is_not_taken_for_one(repo):
    (repo / "routes.rs").write_text('let r = "/runners"; let c = "changes/all"; let s = "/static/projects/app.js";\n')
    assert reported(".") == []


def test_documents_images_logs_and_ignore_files_are_not_read(repo):
    url = "https://gitlab.example.com/api/v4/geo_nodes\n"
    for name in ("guide.md", "notes.txt", "doc.rst", "api.log", ".gitignore", "yarn.lock"):
        (repo / name).write_text(url)
    (repo / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + url.encode())
    assert reported(".") == []


def test_a_file_it_cannot_decode_or_over_the_size_limit_is_passed_over_without_a_word(repo):
    (repo / "latin.kt").write_bytes(b'val u = "/api/v4/geo_nodes" // caf\xe9\n')
    (repo / "big.kt").write_text('val u = "/api/v4/geo_nodes"\n' + "// padding\n" * 200)
    (repo / "migrator.toml").write_text("max-file-size = 100\n")
    result = run("check", "--no-cache", "--output-format", "json", ".")
    assert json.loads(result.stdout) == [] and "error" not in result.output.lower()


def test_yaml_a_pipeline_includes_is_ci_even_when_walked_before_its_pipeline(repo):
    (repo / "a").mkdir()
    (repo / "a" / "jobs.yml").write_text("lint:\n  script:\n    - curl \"$CI_API_V4_URL/geo_nodes\"\n")
    (repo / "b").mkdir()
    (repo / "b" / ".gitlab-ci.yml").write_text("include:\n  - local: a/jobs.yml\n")
    data = json.loads(run("check", "--no-cache", "--output-format", "json", ".").stdout)
    assert [(d["filename"], d["code"]) for d in data] == [("a/jobs.yml", "MIG001")]


def test_other_yaml_holding_an_api_url_is_read_for_it(repo):
    (repo / "task.yml").write_text("- uri:\n    url: https://gitlab.example.com/api/v4/geo_nodes\n")
    assert reported(".") == [("task.yml", "MIG001", 2, 10)]


def test_a_safe_path_rewrite_is_applied_and_a_second_fix_changes_nothing(repo):
    (repo / "client.go").write_text('package gl\n\nconst geo = "/api/v4/geo_nodes?x=1"\nvar r = base + "/api/v4/runners?scope=active"\n')
    assert run("fix", "--no-cache", ".").exit_code == 1
    assert (repo / "client.go").read_text() == (
        'package gl\n\nconst geo = "/api/v4/geo_sites?x=1"\nvar r = base + "/api/v4/runners?paused=false"\n')
    assert run("fix", "--no-cache", ".").exit_code == 0
