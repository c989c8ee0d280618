"""Configuration as teams share it (ruff's ``extend``): a configuration file builds on another,
named by a path relative to it, followed file by file; a cycle is an error naming the files; and
``check --show-settings PATH`` shows what a file is checked with and where each value came from."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.config import ConfigError, Configs

from .test_config import RUNNER_RULES, write


@pytest.fixture
def team(tmp_path):
    """The platform team's base.toml, and a service's pyproject.toml that extends it."""
    write(tmp_path / "base.toml", """\
        select = ["MIG06"]
        ignore = ["MIG067"]
        extend-exclude = ["tools/*.py"]
        target-version = "16.11"
    """)
    write(tmp_path / "services" / "runners" / "pyproject.toml", """\
        [tool.migrator]
        extend = "../../base.toml"
        extend-select = ["MIG010"]
        target-version = "17.0"
    """)
    return tmp_path


def settings(tmp_path, path, **overrides):
    return Configs(overrides, cwd=tmp_path).settings_for(tmp_path / path)


def test_a_file_that_extends_a_base_gets_the_bases_keys_and_its_own_on_top(team):
    found = settings(team, "services/runners/app.py")
    assert found.codes == (RUNNER_RULES - {"MIG067"}) | {"MIG010", "MIG999"}  # base's select and ignore, its extend-select
    assert found.target_version == "17.0"                              # its own value wins
    assert found.source == team / "services" / "runners" / "pyproject.toml"
    assert found.extends == (team / "base.toml",)


def test_the_bases_patterns_stay_relative_to_the_base(team):
    found = settings(team, "services/runners/app.py")
    assert found.excluded(team / "tools" / "x.py")
    assert not found.excluded(team / "services" / "runners" / "tools" / "x.py")


def test_extends_are_followed_file_by_file(team):
    write(team / "org.toml", 'min-evidence = "named"\n')
    (team / "base.toml").write_text('extend = "org.toml"\n' + (team / "base.toml").read_text())
    found = settings(team, "services/runners/app.py")
    assert (found.min_evidence, found.target_version) == ("named", "17.0")
    assert found.extends == (team / "base.toml", team / "org.toml")


def test_the_command_line_overrides_every_file_of_the_chain(team):
    assert settings(team, "services/runners/app.py", target_version="16.0").target_version == "16.0"


def test_a_cycle_is_an_error_naming_the_files_in_order(team):
    (team / "base.toml").write_text('extend = "services/runners/pyproject.toml"\n')
    service = team / "services" / "runners" / "pyproject.toml"
    with pytest.raises(ConfigError) as error:
        settings(team, "services/runners/app.py")
    assert str(error.value) == f"{service}: extend: a cycle: {service} → {team / 'base.toml'} → {service}"


def test_a_file_that_extends_itself_is_a_cycle(tmp_path):
    write(tmp_path / "migrator.toml", 'extend = "./migrator.toml"\n')
    with pytest.raises(ConfigError, match="extend: a cycle: .*migrator.toml → .*migrator.toml$"):
        settings(tmp_path, "app.py")


def test_a_missing_base_is_an_error_naming_the_file_and_the_path(team):
    (team / "base.toml").write_text('extend = "org.toml"\n')
    with pytest.raises(ConfigError, match=r"base.toml: extend: 'org.toml': no such file"):
        settings(team, "services/runners/app.py")


def test_a_bad_value_in_the_base_names_the_base(team):
    (team / "base.toml").write_text('min-evidence = "strong"\n')
    with pytest.raises(ConfigError, match=r"base.toml: min-evidence: 'strong' is not one of"):
        settings(team, "services/runners/app.py")


# ---------------------------------------------------------------- --show-settings
def show(team, monkeypatch, *args):
    monkeypatch.chdir(team)
    (team / "services" / "runners" / "app.py").write_text("print(1)\n")
    return CliRunner().invoke(main, ["check", "--show-settings", *args, "services/runners/app.py"])


def test_show_settings_names_where_each_value_came_from(team, monkeypatch):
    result = show(team, monkeypatch, "--ignore", "MIG066")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == ["# Settings for services/runners/app.py",
                         "# Configuration file: services/runners/pyproject.toml", "#   extends base.toml"]
    by_key = [" ".join(line.split()) for line in lines[4:]]
    assert 'select = ["MIG06"] # base.toml' in by_key
    assert 'extend-select = ["MIG010"] # services/runners/pyproject.toml' in by_key
    assert 'ignore = ["MIG067"] # base.toml' in by_key and 'ignore = ["MIG066"] # command line' in by_key
    assert 'target-version = "17.0" # services/runners/pyproject.toml' in by_key
    assert 'min-evidence = "bare" # default' in by_key
    assert lines[-1] == "# 6 of {} codes enabled: MIG010, MIG060, MIG061, MIG062, MIG065, MIG999".format(
        len(__import__("migrator.ruletable").ruletable.load_table().known))


def test_show_settings_is_valid_toml_apart_from_its_comments(team, monkeypatch):
    import tomllib

    result = show(team, monkeypatch)
    keys = tomllib.loads("\n".join(l for l in result.output.splitlines() if not l.startswith(("ignore", "select"))))
    assert keys["target-version"] == "17.0" and keys["max-file-size"] == 10_000_000
