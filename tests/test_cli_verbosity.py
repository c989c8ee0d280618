"""ruff's -q/--quiet and -v/--verbose: quiet prints the findings and errors, nothing else; verbose
adds `debug:` lines on stderr saying which configuration was used, how many files were checked
and how long it took."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from migrator.cli import main

MERGED_BY = "mr = project.mergerequests.get(1)\nwho = mr.merged_by\n"
FINDING = "mrs.py:2:7: MIG010"


@pytest.fixture
def repo(tmp_path, monkeypatch):
    (tmp_path / "mrs.py").write_text(MERGED_BY)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("flag", ["-q", "--quiet"])
def test_quiet_check_prints_the_findings_and_no_summary(repo, flag):
    result = run("check", "--no-cache", flag)
    assert result.exit_code == 1
    assert result.stdout.startswith(FINDING) and result.stdout.count("\n") == 1
    assert "Found" not in result.stdout and result.stderr == ""


def test_quiet_check_with_nothing_found_prints_nothing(repo):
    (repo / "mrs.py").write_text("print(1)\n")
    result = run("check", "--no-cache", "-q")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")


def test_quiet_leaves_warnings_out_but_keeps_errors(repo):
    (repo / "broken.py").symlink_to(repo / "nowhere.py")  # a broken link: a warning
    (repo / "bad.py").write_text("def broken(:\n    mr.merged_by\n")  # a parse error: a finding
    loud, quiet = run("check", "--no-cache"), run("check", "--no-cache", "-q")
    assert "warning:" in loud.stderr and "warning:" not in quiet.stderr
    assert "bad.py:1:" in quiet.stdout and "MIG999" in quiet.stdout


def test_quiet_fix_prints_what_remains_and_no_summary(repo):
    (repo / "runners.py").write_text("runner = gl.runners.get(1)\nprint(runner.active)\n")
    result = run("fix", "--no-cache", "-q")
    assert result.exit_code == 1
    assert [line.split(" ")[:2] for line in result.stdout.splitlines()] == [["mrs.py:2:7:", "MIG010"]]
    assert "Found" not in result.stdout and "fixed" not in result.stderr
    assert "paused" in (repo / "runners.py").read_text()


@pytest.mark.parametrize("flag", ["-v", "--verbose"])
def test_verbose_says_which_configuration_and_how_many_files(repo, flag):
    (repo / "migrator.toml").write_text('ignore = ["MIG067"]\n')
    result = run("check", "--no-cache", flag)
    assert result.exit_code == 1 and "Found 1 finding." in result.stdout
    assert f"debug: configuration: {repo / 'migrator.toml'}" in result.stderr
    assert "debug: checked 2 files in " in result.stderr  # mrs.py and migrator.toml


def test_verbose_without_a_configuration_says_the_defaults_are_used(repo):
    assert "debug: configuration: none found, the defaults" in run("check", "--no-cache", "-v").stderr


def test_quiet_and_verbose_together_are_a_usage_error(repo):
    result = run("check", "-q", "-v")
    assert result.exit_code == 2 and "cannot be combined" in result.stderr
