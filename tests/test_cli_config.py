"""Configuration files and the baseline, through the command line as a user meets them: settings
from the closest configuration file, flags overriding them, errors that name the file and key."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"
MERGED_BY = "mr = project.mergerequests.get(1)\nwho = mr.merged_by\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def codes(*args: str) -> list[tuple[str, str]]:
    result = run("check", "--output-format", "json", *args)
    return [(d["filename"], d["code"]) for d in json.loads(result.stdout)]


@pytest.fixture
def repo(tmp_path, monkeypatch):
    (tmp_path / "runners.py").write_text(RUNNER_ACTIVE)
    (tmp_path / "mrs.py").write_text(MERGED_BY)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_select_in_pyproject_is_read(repo):
    (repo / "pyproject.toml").write_text('[tool.migrator]\nselect = ["MIG06"]\n')
    assert codes() == [("runners.py", "MIG060")]


def test_a_flag_overrides_the_file(repo):
    (repo / "migrator.toml").write_text('select = ["MIG06"]\n')
    assert codes("--select", "MIG01") == [("mrs.py", "MIG010")]


def test_each_file_uses_the_closest_configuration_above_it(repo):
    (repo / "migrator.toml").write_text('select = ["MIG06"]\n')
    (repo / "legacy").mkdir()
    (repo / "legacy" / "mrs.py").write_text(MERGED_BY)
    (repo / "legacy" / ".migrator.toml").write_text('select = ["MIG01"]\n')
    assert codes() == [("legacy/mrs.py", "MIG010"), ("runners.py", "MIG060")]


def test_config_names_one_file_for_everything(repo):
    (repo / "ci.toml").write_text('ignore = ["MIG060"]\n')
    assert codes("--config", "ci.toml") == [("mrs.py", "MIG010")]


def test_per_file_ignores_and_extend_exclude(repo):
    (repo / "vendor").mkdir()
    (repo / "vendor" / "old.py").write_text(RUNNER_ACTIVE)
    (repo / "migrator.toml").write_text('extend-exclude = ["vendor"]\n[per-file-ignores]\n"mrs.py" = ["MIG010"]\n')
    assert codes() == [("runners.py", "MIG060")]


def test_extend_exclude_on_the_command_line_takes_comma_separated_globs_as_ruff_does(repo):
    (repo / "tests").mkdir()
    (repo / "tests" / "fake.py").write_text(RUNNER_ACTIVE)
    (repo / "a.yml").write_text("x: 1\n")
    assert codes("--extend-exclude", "tests/**,mrs.py") == [("runners.py", "MIG060")]
    assert codes("--extend-exclude", "tests/**", "--extend-exclude", "mrs.py") == [("runners.py", "MIG060")]
    assert codes("--extend-exclude", "*.{py,yml}") == []  # a comma inside braces is the glob's


def test_force_exclude_applies_to_files_named_on_the_command_line(repo):
    (repo / "migrator.toml").write_text('extend-exclude = ["mrs.py"]\n')
    assert codes("mrs.py") == [("mrs.py", "MIG010")]
    assert codes("--force-exclude", "mrs.py") == []


def test_an_unknown_key_is_an_error_naming_the_file_and_the_key(repo):
    (repo / "migrator.toml").write_text('selct = ["MIG06"]\n')
    result = run("check")
    assert result.exit_code == 2
    assert "migrator.toml" in result.output and "selct" in result.output


def test_the_size_limit_turns_a_large_file_into_one_finding_naming_it(repo):
    (repo / "migrator.toml").write_text("max-file-size = 10\n")
    found = json.loads(run("check", "--output-format", "json").stdout)
    assert {(d["filename"], d["code"]) for d in found} == {("runners.py", "MIG999"), ("mrs.py", "MIG999")}
    assert "larger than the size limit" in found[0]["message"]


def test_a_baseline_reports_only_new_findings(repo):
    assert run("check", "--write-baseline", "baseline.json").exit_code == 0
    (repo / "runners.py").write_text("# a comment moves the code down\n\n" + RUNNER_ACTIVE)
    assert run("check", "--baseline", "baseline.json").exit_code == 0
    (repo / "more.py").write_text(RUNNER_ACTIVE)
    result = run("check", "--baseline", "baseline.json")
    assert result.exit_code == 1
    assert "more.py:2:4: MIG060" in result.output and "runners.py" not in result.output
