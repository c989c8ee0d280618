"""``check --stdin-filename`` and ``fix --stdin-filename``, as editors and tools call them: the text
comes from standard input, the path gives its kind and its settings, nothing of the file is read
from disk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from migrator import kinds
from migrator.cli import main
from migrator.discover import buffer_kind

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"
FIXED = "runner = gl.runners.get(1)\nif not runner.paused:\n    print(runner.id)\n"
PIPELINE = "stages: [test]\nlint:\n  script:\n    - curl \"$CI_API_V4_URL/runners/1\" | jq '.active'\n"


def run(stdin: str | bytes, *args: str):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_check_reads_standard_input_as_the_named_file(here):
    result = run(RUNNER_ACTIVE, "check", "--stdin-filename", "src/runners.py")
    assert result.exit_code == 1
    assert "src/runners.py:2:4: MIG060 [*] " in result.stdout


def test_check_of_standard_input_in_json_has_the_fix_edits(here):
    result = run(RUNNER_ACTIVE, "check", "--stdin-filename", "runners.py", "--output-format", "json")
    [finding] = json.loads(result.stdout)
    assert finding["filename"] == "runners.py"
    assert finding["fix"]["edits"][0]["content"] == "not runner.paused"


def test_check_never_reads_the_file_on_disk(here):
    (here / "runners.py").write_text("print('nothing here')\n")
    assert "MIG060" in run(RUNNER_ACTIVE, "check", "--stdin-filename", "runners.py").stdout
    (here / "clean.py").write_text(RUNNER_ACTIVE)
    result = run("print('nothing here')\n", "check", "--stdin-filename", "clean.py")
    assert result.exit_code == 0, result.output


def test_fix_prints_the_fixed_text_on_stdout_and_the_findings_on_stderr(here):
    result = run(RUNNER_ACTIVE + "who = project.mergerequests.get(1).merged_by\n", "fix", "--stdin-filename", "x.py")
    assert result.stdout.startswith(FIXED)
    assert "MIG010" in result.stderr and "MIG010" not in result.stdout
    assert "1 fixed, 1 remaining" in result.stderr
    assert result.exit_code == 1


def test_fix_of_standard_input_honours_exit_zero(here):
    result = run(RUNNER_ACTIVE, "fix", "--stdin-filename", "x.py", "--exit-zero")
    assert (result.exit_code, result.stdout) == (0, FIXED)


def test_fix_passes_a_force_excluded_file_through_unchanged(here):
    (here / "migrator.toml").write_text('extend-exclude = ["generated"]\n')
    result = run(RUNNER_ACTIVE, "fix", "--stdin-filename", "generated/x.py", "--force-exclude")
    assert (result.exit_code, result.stdout) == (0, RUNNER_ACTIVE)
    checked = run(RUNNER_ACTIVE, "check", "--stdin-filename", "generated/x.py", "--force-exclude")
    assert checked.exit_code == 0 and "MIG060" not in checked.output


def test_without_force_exclude_an_excluded_name_is_still_fixed_as_ruff_does(here):
    (here / "migrator.toml").write_text('extend-exclude = ["generated"]\n')
    result = run(RUNNER_ACTIVE, "fix", "--stdin-filename", "generated/x.py")
    assert result.stdout == FIXED


def test_the_closest_configuration_of_the_path_applies(here):
    (here / "quiet").mkdir()
    (here / "quiet" / "migrator.toml").write_text('ignore = ["MIG060"]\n')
    assert run(RUNNER_ACTIVE, "check", "--stdin-filename", "quiet/x.py").exit_code == 0
    assert run(RUNNER_ACTIVE, "check", "--stdin-filename", "loud/x.py").exit_code == 1


def test_fix_keeps_the_encoding_it_was_given(here):
    text = "# -*- coding: latin-1 -*-\n# café\n" + RUNNER_ACTIVE
    result = CliRunner().invoke(main, ["fix", "--stdin-filename", "x.py"], input=text.encode("latin-1"))
    assert result.stdout_bytes.decode("latin-1").endswith(FIXED)
    assert "café".encode("latin-1") in result.stdout_bytes


def test_fix_diff_of_standard_input_prints_the_diff(here):
    result = run(RUNNER_ACTIVE, "fix", "--stdin-filename", "x.py", "--diff")
    assert "+if not runner.paused:" in result.stdout and result.exit_code == 1


def test_paths_beside_stdin_filename_are_ignored_with_a_warning(here):
    (here / "other.py").write_text("who = project.mergerequests.get(1).merged_by\n")
    result = run(RUNNER_ACTIVE, "check", "other.py", "--stdin-filename", "x.py")
    assert "warning: ignoring other.py in favour of standard input" in result.stderr
    assert "MIG010" not in result.stdout and "MIG060" in result.stdout


def test_a_yaml_buffer_shaped_like_a_pipeline_is_ci_yaml(here):
    result = run(PIPELINE, "check", "--stdin-filename", "jobs/lint.yml", "--output-format", "json")
    assert {f["code"] for f in json.loads(result.stdout)} == {"MIG060"}
    assert buffer_kind(Path("jobs/lint.yml"), PIPELINE.encode()) == "ci"


def test_the_kind_comes_from_the_text_not_the_disk(here):
    (here / "lint.yml").write_text(PIPELINE)
    assert kinds.kind_of(Path("lint.yml")).name == "ci"
    assert buffer_kind(Path("lint.yml"), b"name: not a pipeline\n") != "ci"
    (here / "tool").write_text("#!/bin/sh\necho\n")
    assert buffer_kind(Path("tool"), b"#!/usr/bin/env python3\nprint(1)\n") == "python"


def test_an_included_file_is_ci_yaml_and_a_new_one_need_not_exist(here):
    (here / ".git").mkdir()
    (here / ".gitlab-ci.yml").write_text("include:\n  - local: ci/*.yml\n")
    assert buffer_kind(Path("ci/new.yml"), b"build:\n  image: alpine\n") == "ci"
    assert buffer_kind(Path("other/new.yml"), b"build:\n  image: alpine\n") != "ci"
