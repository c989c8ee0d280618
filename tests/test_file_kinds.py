"""File kinds (migrator/kinds): one object each, in one registry, and one test for what is CI YAML,
whether a file is named on the command line (as pre-commit names every YAML file) or found by
walking a directory."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator import kinds
from migrator.cli import main

CI_JOB = "job:\n  script:\n    - curl \"$CI_API_V4_URL/runners?scope=active\"\n"
JOBS_ONLY = "lint:\n  script:\n    - curl \"$CI_API_V4_URL/runners?scope=active\"\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def files_reported(*args: str) -> list[str]:
    return sorted({d["filename"] for d in json.loads(run("check", "--output-format", "json", *args).stdout)})


@pytest.fixture
def repo(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    (tmp_path / "ci").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_kind_is_one_object_with_its_scanner_lines_comments_and_examples():
    names = [kind.name for kind in kinds.registry()]
    assert names == ["python", "markdown", "rst", "workflow", "cisystems", "makefile", "justfile", "taskfile",
                     "dockerfile", "notebook", "jenkinsfile", "http", "collection", "ci", "cassette", "ansible",
                     "shell", "httpdump", "json", "json-lines", "proto", "javascript", "ruby", "go", "java", "php",
                     "csharp", "other"]
    assert kinds.by_name("shell").newlines == "lf" and kinds.by_name("ci").newlines == "yaml"
    assert kinds.by_name("proto").comment == "//" and kinds.by_name("json").comment is None
    assert kinds.for_example("telemetry") == (kinds.by_name("json"), "recording.json")


VALID = {"python": "x = 1\n", "ci": "job:\n  script: [true]\n", "cassette": "interactions: []\n",
         "json": "{}", "json-lines": "{}\n", "shell": "true\n", "proto": "syntax = \"proto3\";\n",
         "javascript": "const x = 1;\n", "ruby": "x = 1\n", "go": "package main\n", "java": "class A {}\n",
         "php": "<?php\n$x = 1;\n", "csharp": "class A {}\n",
         "other": "val x = 1\n", "markdown": "# Title\n\n```sh\ntrue\n```\n",
         "rst": "Title\n=====\n\n.. code-block:: sh\n\n   true\n",
         "workflow": "on: push\njobs:\n  a:\n    steps:\n      - run: true\n", "cisystems": "steps:\n  - script: true\n",
         "httpdump": "HTTP/1.1 200 OK\n\n{}\n", "makefile": "a:\n\ttrue\n", "justfile": "a:\n    true\n",
         "taskfile": "tasks:\n  a:\n    cmds: [true]\n", "dockerfile": "FROM a\nRUN true\n",
         "notebook": "{\"cells\": [{\"cell_type\": \"code\", \"source\": [\"x = 1\"]}]}",
         "jenkinsfile": "node { sh 'true' }\n", "http": "GET https://example.com/\n",
         "ansible": "- hosts: all\n  tasks:\n    - shell: true\n",
         "collection": "{\"info\": {\"schema\": \"https://schema.getpostman.com/json/collection/v2.1.0/\"}}"}


@pytest.mark.parametrize("kind", kinds.registry(), ids=lambda kind: kind.name)
def test_every_kinds_scanner_fixer_and_parse_check_are_reachable_functions(kind, table):
    """A kind names its stages as functions that import them on first call: a broken route
    fails here, not at a user's first file of that kind."""
    assert isinstance(kind.scan(VALID[kind.name], table.model), list)
    assert kind.edits(VALID[kind.name], {}) == {}
    assert kind.parse_problem(VALID[kind.name]) is None
    for stage in (kind.scanner, kind.fixer, kind.validator):
        assert stage is None or callable(stage)


def test_a_locally_included_file_is_ci_whether_named_or_walked(repo):
    (repo / ".gitlab-ci.yml").write_text("include:\n  - local: ci/jobs.yml\n")
    (repo / "ci" / "jobs.yml").write_text(JOBS_ONLY.replace("lint:", "other:\n  stage: test\nlint:"))
    assert files_reported(".") == ["ci/jobs.yml"]
    assert files_reported("ci/jobs.yml") == ["ci/jobs.yml"]


def test_a_child_pipeline_of_a_trigger_is_ci_whether_named_or_walked(repo):
    (repo / ".gitlab-ci.yml").write_text("deploy:\n  trigger:\n    include: ci/child.yml\n")
    (repo / "ci" / "child.yml").write_text("child-job:\n  image: alpine\n  variables:\n"
                                           "    URL: $CI_API_V4_URL/geo_nodes\n")
    assert files_reported(".") == ["ci/child.yml"]
    assert files_reported("ci/child.yml") == ["ci/child.yml"]


def test_yaml_shaped_like_a_pipeline_is_ci_under_any_name(repo):
    (repo / "ci" / "lint.yml").write_text(JOBS_ONLY)
    assert files_reported(".") == files_reported("ci/lint.yml") == ["ci/lint.yml"]


def test_other_yaml_is_not_ci_even_when_named_as_pre_commit_names_it(repo):
    """Not CI: its keys are no job's (``active: true`` is no runner field), only the endpoint URLs
    it holds are read, by the fallback reader of any other text."""
    (repo / "values.yml").write_text("config:\n  url: https://gl.example.com/api/v4/geo_nodes\n  active: true\n")
    (repo / "k8s.yaml").write_text("spec:\n  containers:\n    - args: [\"curl\", \"/api/v4/runners?scope=active\"]\n")
    expected = [("k8s.yaml", "MIG062", 3), ("values.yml", "MIG001", 2)]
    for named in ((".",), ("values.yml", "k8s.yaml")):
        data = json.loads(run("check", "--output-format", "json", *named).stdout)
        assert sorted((d["filename"], d["code"], d["location"]["row"]) for d in data) == expected


def test_json_lines_are_their_own_kind_read_line_by_line(repo):
    line = {"method": "PUT", "path": "/api/v4/runners/6", "params": [{"key": "active", "value": "false"}]}
    (repo / "calls.jsonl").write_text(json.dumps(line) + "\n" + json.dumps(line) + "\n")
    data = json.loads(run("check", "--output-format", "json", ".").stdout)
    assert [(d["filename"], d["code"], d["location"]["row"]) for d in data] == [
        ("calls.jsonl", "MIG061", 1), ("calls.jsonl", "MIG061", 2)]


def test_a_bad_json_line_is_a_parse_error_at_that_line(repo):
    (repo / "calls.jsonl").write_text('{"path": "/api/v4/runners"}\n{"active": \n')
    data = json.loads(run("check", "--output-format", "json", ".").stdout)
    assert [(d["code"], d["location"]["row"]) for d in data] == [("MIG999", 2)]


def test_named_hosts_are_told_before_the_gitlab_ci_shape_test(repo):
    """An Azure pipeline has a top-level ``stages:``, which is the shape of a GitLab pipeline: its
    name tells it first. A workflow is known by its path; a .gitlab-ci.yml stays CI."""
    shaped = "stages:\n  - build\njobs:\n  - job: a\n    steps:\n      - script: make\n"
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / "azure-pipelines.yml").write_text(shaped)
    (repo / ".github" / "workflows" / "ci.yml").write_text("on: push\nstages: [x]\n")
    (repo / ".gitlab-ci.yml").write_text(shaped)
    assert [kinds.kind_of(repo / name).name for name in ("azure-pipelines.yml", ".github/workflows/ci.yml",
                                                           ".gitlab-ci.yml")] == ["cisystems", "workflow", "ci"]
