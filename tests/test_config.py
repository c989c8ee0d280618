"""Configuration files as ruff reads its own: where they are found, which one a file uses, what
each key means, and errors that name the file and the key."""

from __future__ import annotations

import textwrap

import pytest

from migrator import config
from migrator.config import ConfigError, Configs
from migrator.values import Finding, Span

RUNNER_RULES = {"MIG060", "MIG061", "MIG062", "MIG065", "MIG066", "MIG067"}
PARSE_ERROR = {"MIG999"}  # on under any select that does not name it: an unchecked file is never clean


def write(path, text: str = ""):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


@pytest.fixture
def configs(tmp_path, table):
    """Settings for a tree under tmp_path, run from tmp_path, with optional command-line values."""

    def make(overrides=None, config_path=None):
        return Configs(overrides, config_path, cwd=tmp_path, table=table)

    return make


def finding(filename: str, code: str = "MIG060", evidence: str = "typed") -> Finding:
    return Finding(code, "rule", None, "message", "high", evidence, filename, Span.of(1, 1, 1, 2))


# --- where configuration comes from -------------------------------------------------------------

def test_tool_migrator_in_pyproject_is_read(tmp_path, configs):
    write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n\n[tool.migrator]\nselect = ["MIG06"]\n')
    settings = configs().settings_for(tmp_path / "app.py")
    assert settings.source == tmp_path / "pyproject.toml"
    assert settings.codes == RUNNER_RULES | PARSE_ERROR


def test_migrator_toml_holds_the_keys_at_top_level(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'select = ["MIG010"]\n')
    assert configs().settings_for(tmp_path / "app.py").codes == {"MIG010"} | PARSE_ERROR


def test_dot_migrator_toml_wins_over_migrator_toml_and_pyproject(tmp_path, configs):
    write(tmp_path / ".migrator.toml", 'select = ["MIG010"]\n')
    write(tmp_path / "migrator.toml", 'select = ["MIG011"]\n')
    write(tmp_path / "pyproject.toml", '[tool.migrator]\nselect = ["MIG020"]\n')
    assert configs().settings_for(tmp_path / "app.py").codes == {"MIG010"} | PARSE_ERROR


def test_migrator_toml_wins_over_pyproject(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'select = ["MIG011"]\n')
    write(tmp_path / "pyproject.toml", '[tool.migrator]\nselect = ["MIG020"]\n')
    assert configs().settings_for(tmp_path / "app.py").codes == {"MIG011"} | PARSE_ERROR


def test_pyproject_without_tool_migrator_is_not_a_configuration_file(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'select = ["MIG010"]\n')
    write(tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "pkg"\n\n[tool.ruff]\nline-length = 99\n')
    settings = configs().settings_for(tmp_path / "pkg" / "mod.py")
    assert settings.source == tmp_path / "migrator.toml"


def test_each_file_uses_the_closest_configuration_above_it(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'select = ["MIG01"]\nignore = ["MIG011"]\n')
    write(tmp_path / "services" / "runners" / "migrator.toml", 'select = ["MIG06"]\n')
    found = configs()
    deep = found.settings_for(tmp_path / "services" / "runners" / "jobs" / "sync" / "job.py")
    sibling = found.settings_for(tmp_path / "services" / "users" / "profile.py")
    top = found.settings_for(tmp_path / "main.py")
    assert deep.codes == RUNNER_RULES | PARSE_ERROR  # configurations are not merged: the top file's ignore is not inherited
    assert sibling.codes == top.codes == {"MIG010"} | PARSE_ERROR
    assert deep.root == tmp_path / "services" / "runners"


def test_a_directory_uses_its_own_configuration(tmp_path, configs):
    write(tmp_path / "sub" / "migrator.toml", 'select = ["MIG010"]\n')
    found = configs()
    assert found.settings_for(tmp_path / "sub", is_dir=True).codes == {"MIG010"} | PARSE_ERROR
    assert found.settings_for(tmp_path / "sub").source is None


def test_without_any_configuration_every_rule_is_on_with_the_defaults(tmp_path, configs, table):
    settings = configs().settings_for(tmp_path / "app.py")
    assert settings.source is None
    assert settings.codes == {r.code for r in table.known}  # the rules and migrator's own codes
    assert settings.root == tmp_path
    assert (settings.respect_gitignore, settings.force_exclude, settings.output_format) == (True, False, "text")
    assert (settings.target_version, settings.min_evidence) == (None, "bare")
    assert settings.max_file_size == 10_000_000
    assert settings.cache_dir == tmp_path / ".migrator_cache"


def test_a_file_outside_every_configuration_uses_the_working_directory_settings(tmp_path, table):
    project = tmp_path / "project"
    write(project / "migrator.toml", 'select = ["MIG010"]\n')
    outside = write(tmp_path / "elsewhere" / "script.py")
    found = Configs(cwd=project / "src", table=table)
    assert found.settings_for(outside).source == project / "migrator.toml"
    assert found.default.source == project / "migrator.toml"


def test_config_path_serves_every_file(tmp_path, configs):
    chosen = write(tmp_path / "ci" / "strict.toml", 'select = ["MIG010"]\n')
    write(tmp_path / "sub" / "migrator.toml", 'select = ["MIG06"]\n')
    found = configs(config_path=chosen)
    assert found.settings_for(tmp_path / "sub" / "a.py").codes == {"MIG010"} | PARSE_ERROR
    assert found.default.source == chosen


def test_config_path_may_be_a_pyproject(tmp_path, configs):
    chosen = write(tmp_path / "pyproject.toml", '[tool.migrator]\nselect = ["MIG010"]\n')
    assert configs(config_path=chosen).settings_for(tmp_path / "a.py").codes == {"MIG010"} | PARSE_ERROR


def test_each_directory_is_looked_at_once_however_many_files_it_holds(tmp_path, configs, monkeypatch):
    write(tmp_path / "migrator.toml", 'select = ["MIG010"]\n')
    looked_at = []
    real = config.find_config
    monkeypatch.setattr(config, "find_config", lambda directory: looked_at.append(directory) or real(directory))
    found = configs()
    for package in range(10):
        for module in range(100):
            assert found.settings_for(tmp_path / f"pkg{package}" / "deep" / f"m{module}.py").codes == {"MIG010"} | PARSE_ERROR
    assert len(looked_at) == len(set(looked_at)) == 10 * 2 + 1


# --- select, extend-select, ignore ---------------------------------------------------------------

@pytest.mark.parametrize(("keys", "expected"), [
    ('select = ["MIG06"]\nignore = ["MIG065", "MIG066", "MIG067"]', {"MIG060", "MIG061", "MIG062"}),
    ('select = ["MIG060"]\nextend-select = ["MIG010"]', {"MIG060", "MIG010"}),
    ('select = ["runner-active"]', {"MIG060", "MIG061", "MIG062"}),           # an item key
    ('select = ["runner-active-field", "merged-by"]', {"MIG060", "MIG010"}),  # rule names
    ('select = ["mig06"]\nignore = ["mig065,mig066,mig067"]', {"MIG060", "MIG061", "MIG062"}),
    ('select = ["MIG060"]\nignore = ["MIG06"]', {"MIG060"}),                  # the more specific wins
    ('select = ["MIG06"]\nignore = ["MIG0"]', RUNNER_RULES),
    ('select = ["MIG010"]\nignore = ["MIG010"]', set()),                      # a tie goes to ignore
], ids=["ignore", "extend-select", "item", "names", "case-and-commas", "specific-select", "specific-prefix", "tie"])
def test_select_extend_select_and_ignore(tmp_path, configs, keys, expected):
    write(tmp_path / "migrator.toml", keys + "\n")
    assert configs().settings_for(tmp_path / "a.py").codes == expected | PARSE_ERROR


def test_extend_select_alone_keeps_every_rule(tmp_path, configs, table):
    write(tmp_path / "migrator.toml", 'ignore = ["MIG2"]\nextend-select = ["MIG200"]\n')
    codes = configs().settings_for(tmp_path / "a.py").codes
    assert "MIG200" in codes and "MIG201" not in codes and "MIG010" in codes


def test_select_all(tmp_path, configs, table):
    write(tmp_path / "migrator.toml", 'select = ["ALL"]\nignore = ["MIG3"]\n')
    everything = {r.code for r in table.known}
    assert configs().settings_for(tmp_path / "a.py").codes == everything - {"MIG300", "MIG301", "MIG302", "MIG303", "MIG304"}


def test_command_line_select_replaces_the_file_selection(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'select = ["MIG06"]\nignore = ["MIG060"]\n')
    assert configs({"select": ["MIG060"]}).settings_for(tmp_path / "a.py").codes == {"MIG060"} | PARSE_ERROR


def test_command_line_ignore_and_extend_select_apply_on_top_of_the_file(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'select = ["MIG06"]\n')
    found = configs({"extend_select": ["MIG010"], "ignore": ("MIG065,MIG066,MIG067",), "target_version": None})
    assert found.settings_for(tmp_path / "a.py").codes == {"MIG060", "MIG061", "MIG062", "MIG010"} | PARSE_ERROR


@pytest.mark.parametrize(("selector", "code"), [
    ("MIG900", "MIG900"), ("unused-suppression", "MIG900"), ("MIG999", "MIG999"), ("parse-error", "MIG999"),
])
def test_migrators_own_codes_are_selectors_as_the_rules_are(tmp_path, configs, selector, code):
    write(tmp_path / "migrator.toml", f'ignore = ["{selector}"]\n[per-file-ignores]\n"gen/*" = ["{selector}"]\n')
    settings = configs().settings_for(tmp_path / "a.py")
    assert code not in settings.codes
    assert settings.ignored_codes(tmp_path / "gen" / "a.py") == {code}
    assert code in configs({"extend_select": [selector]}).settings_for(tmp_path / "a.py").codes


def test_rules_are_the_enabled_ones_in_table_order(tmp_path, configs, table):
    write(tmp_path / "migrator.toml", 'select = ["MIG062", "MIG010"]\n')
    assert [r.code for r in configs().settings_for(tmp_path / "a.py").rules(table)] == ["MIG010", "MIG062"]


# --- per-file-ignores ----------------------------------------------------------------------------

PER_FILE_IGNORES = """\
[per-file-ignores]
"tests/*" = ["MIG060"]
"__init__.py" = ["MIG010"]
"**/fixtures/*.json" = ["runner-active"]
"!src/*" = ["MIG090"]
"""


@pytest.mark.parametrize(("path", "ignored"), [
    ("tests/test_runners.py", {"MIG060", "MIG090"}),
    ("tests/unit/deep/test_x.py", {"MIG060", "MIG090"}),  # `*` crosses directories, as in ruff
    ("other/tests/test_x.py", {"MIG090"}),                # patterns are anchored at the config's directory
    ("src/app/__init__.py", {"MIG010"}),                  # a pattern without `/` matches the name anywhere
    ("fixtures/runners.json", {"MIG060", "MIG061", "MIG062", "MIG090"}),  # `**/` is zero or more directories
    ("data/v4/fixtures/runners.json", {"MIG060", "MIG061", "MIG062", "MIG090"}),
    ("src/app/main.py", set()),                           # `!` inverts: every file outside src/
], ids=lambda v: v if isinstance(v, str) else None)
def test_per_file_ignores_globs_relative_to_the_configuration(tmp_path, configs, path, ignored):
    project = tmp_path / "project"
    write(project / "migrator.toml", PER_FILE_IGNORES)
    settings = configs().settings_for(project / path)
    assert settings.ignored_codes(project / path) == ignored


def test_reports_drops_per_file_ignored_findings_by_their_filename(tmp_path, configs, monkeypatch):
    write(tmp_path / "migrator.toml", '[per-file-ignores]\n"recordings/*.har" = ["MIG060"]\n')
    monkeypatch.chdir(tmp_path)
    settings = configs().settings_for("recordings/session.har")
    assert not settings.reports(finding("recordings/session.har", "MIG060"))
    assert settings.reports(finding("recordings/session.har", "MIG061"))
    assert settings.reports(finding("client.py", "MIG060"))


def test_command_line_per_file_ignores_are_relative_to_the_working_directory(tmp_path, configs):
    write(tmp_path / "svc" / "migrator.toml", '[per-file-ignores]\n"legacy/*" = ["MIG010"]\n')
    settings = configs({"per-file-ignores": {"svc/gen/*": ["MIG060"]}}).settings_for(tmp_path / "svc" / "gen" / "a.py")
    assert settings.ignored_codes(tmp_path / "svc" / "gen" / "a.py") == {"MIG060"}
    assert settings.ignored_codes(tmp_path / "svc" / "legacy" / "a.py") == set()  # the flag replaces the file's


# --- exclude, extend-exclude, force-exclude, respect-gitignore -----------------------------------

def test_default_excludes_skip_virtualenvs_anywhere(tmp_path, configs):
    settings = configs().settings_for(tmp_path / "a.py")
    assert settings.excluded(tmp_path / "pkg" / ".venv" / "lib" / "x.py")
    assert not settings.excluded(tmp_path / "pkg" / "venv_tools.py")


def test_exclude_replaces_the_defaults_and_extend_exclude_adds_to_them(tmp_path, configs):
    write(tmp_path / "a" / "migrator.toml", 'exclude = ["build"]\n')
    write(tmp_path / "b" / "migrator.toml", 'extend-exclude = ["generated/*.py", "*_pb2.py"]\n')
    found = configs()
    replaced = found.settings_for(tmp_path / "a" / "x.py")
    extended = found.settings_for(tmp_path / "b" / "x.py")
    assert replaced.excluded(tmp_path / "a" / "build" / "lib" / "x.py")
    assert not replaced.excluded(tmp_path / "a" / ".venv" / "x.py")
    assert extended.excluded(tmp_path / "b" / ".venv" / "x.py")
    assert extended.excluded(tmp_path / "b" / "generated" / "client.py")
    assert not extended.excluded(tmp_path / "b" / "src" / "generated" / "client.py")
    assert extended.excluded(tmp_path / "b" / "src" / "telemetry_pb2.py")


def test_an_empty_exclude_turns_the_defaults_off(tmp_path, configs):
    write(tmp_path / "migrator.toml", "exclude = []\n")
    assert not configs().settings_for(tmp_path / "a.py").excluded(tmp_path / ".venv" / "x.py")


def test_excluded_looks_at_parent_directories_unless_asked_not_to(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'extend-exclude = ["vendor"]\n')
    settings = configs().settings_for(tmp_path / "vendor" / "lib" / "client.py")
    assert settings.excluded(tmp_path / "vendor" / "lib" / "client.py")
    assert not settings.excluded(tmp_path / "vendor" / "lib" / "client.py", parents=False)
    assert settings.excluded(tmp_path / "vendor", parents=False)


def test_command_line_extend_exclude_adds_to_the_file(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'extend-exclude = ["vendor"]\n')
    settings = configs({"extend-exclude": ["scratch"]}).settings_for(tmp_path / "a.py")
    assert settings.excluded(tmp_path / "vendor" / "a.py") and settings.excluded(tmp_path / "scratch" / "a.py")


def test_force_exclude_and_respect_gitignore(tmp_path, configs):
    write(tmp_path / "migrator.toml", "force-exclude = true\nrespect-gitignore = false\n")
    settings = configs().settings_for(tmp_path / "a.py")
    assert (settings.force_exclude, settings.respect_gitignore) == (True, False)
    assert configs({"respect-gitignore": True}).settings_for(tmp_path / "a.py").respect_gitignore


# --- output-format, target-version, min-evidence, cache-dir, max-file-size -----------------------

def test_output_format_and_the_command_line_override(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'output-format = "json"\n')
    assert configs().default.output_format == "json"
    assert configs({"output-format": "concise"}).default.output_format == "concise"


def test_target_version_shows_fixes_that_need_a_later_release_without_applying_them(tmp_path, configs, table):
    write(tmp_path / "migrator.toml", 'target-version = "16.11"\nselect = ["MIG090", "MIG060"]\n')
    settings = configs().settings_for(tmp_path / "a.py")
    fixes = {r.code: r.fix for r in settings.rules(table)}
    assert settings.target_version == "16.11"
    assert fixes["MIG090"].applicability == "display-only"  # require_reauthentication_to_approve needs 17.1
    assert "needs GitLab 17.1" in fixes["MIG090"].message
    assert fixes["MIG060"].applicability == "safe"          # paused exists since 14.8
    later = configs({"target-version": "17.1"}).settings_for(tmp_path / "a.py")
    assert {r.code: r.fix for r in later.rules(table)}["MIG090"].applicability == "safe"


def test_min_evidence_drops_weaker_findings(tmp_path, configs):
    write(tmp_path / "migrator.toml", 'min-evidence = "named"\n')
    settings = configs().settings_for(tmp_path / "a.py")
    assert [settings.reports(finding("a.py", evidence=e)) for e in ("bare", "named", "typed")] == [False, True, True]


def test_cache_dir_is_relative_to_the_configuration(tmp_path, configs):
    write(tmp_path / "proj" / "migrator.toml", 'cache-dir = "build/migrator-cache"\n')
    settings = configs().settings_for(tmp_path / "proj" / "a.py")
    assert settings.cache_dir == tmp_path / "proj" / "build" / "migrator-cache"


@pytest.mark.parametrize(("value", "size"), [
    ("5000", 5000), ('"512KB"', 512_000), ('"10MB"', 10_000_000), ('"2 mb"', 2_000_000), ('"100B"', 100),
])
def test_max_file_size_in_bytes_or_with_a_unit(tmp_path, configs, value, size):
    write(tmp_path / "migrator.toml", f"max-file-size = {value}\n")
    assert configs().settings_for(tmp_path / "a.py").max_file_size == size


# --- errors name the file and the key ------------------------------------------------------------

@pytest.mark.parametrize(("line", "key", "says"), [
    ('selct = ["MIG010"]', "selct", "unknown key"),
    ('select = ["MIG998"]', "select", "'MIG998' matches no rule code, name or item"),
    ('select = "MIG010"', "select", "expected a list of strings"),
    ('extend-select = ["no-such-rule"]', "extend-select", "'no-such-rule' matches no rule"),
    ('ignore = [1]', "ignore", "expected a list of strings"),
    ('per-file-ignores = ["tests/*"]', "per-file-ignores", "expected a table"),
    ('per-file-ignores = {"tests/*" = ["MIG8"]}', "per-file-ignores", "'tests/*': 'MIG8' matches no rule"),
    ('per-file-ignores = {"tests/[a" = ["MIG010"]}', "per-file-ignores", "unclosed ["),
    ('exclude = "build"', "exclude", "expected a list of strings"),
    ('extend-exclude = ["{a,b"]', "extend-exclude", "unclosed {"),
    ('force-exclude = "yes"', "force-exclude", "expected true or false"),
    ('respect-gitignore = 1', "respect-gitignore", "expected true or false"),
    ('output-format = "xml"', "output-format", "'xml' is not one of"),
    ('target-version = "seventeen"', "target-version", "is not a release like"),
    ('target-version = 17.1', "target-version", 'write the release as a string, like "17.1"'),
    ('min-evidence = "strong"', "min-evidence", "'strong' is not one of bare, named, typed"),
    ('cache-dir = 3', "cache-dir", "expected a directory path"),
    ('max-file-size = "ten megabytes"', "max-file-size", "is not a size"),
    ('max-file-size = 0', "max-file-size", "must be positive"),
], ids=lambda v: v if isinstance(v, str) and "=" in v else None)
def test_a_bad_key_or_value_is_an_error_naming_the_file_and_the_key(tmp_path, configs, line, key, says):
    path = write(tmp_path / "migrator.toml", line + "\n")
    with pytest.raises(ConfigError) as error:
        configs().settings_for(tmp_path / "a.py")
    assert str(error.value).startswith(f"{path}: {key}: ")
    assert says in str(error.value)


def test_errors_in_pyproject_name_the_tool_migrator_key(tmp_path, configs):
    path = write(tmp_path / "pyproject.toml", '[tool.migrator]\nmin-evidence = "strong"\n')
    with pytest.raises(ConfigError, match=r"pyproject\.toml: tool\.migrator\.min-evidence: 'strong'") as error:
        configs().settings_for(tmp_path / "a.py")
    assert str(path) in str(error.value)


def test_invalid_toml_names_the_file(tmp_path, configs):
    path = write(tmp_path / ".migrator.toml", "select = [\n")
    with pytest.raises(ConfigError, match="not valid TOML") as error:
        configs().settings_for(tmp_path / "a.py")
    assert str(error.value).startswith(str(path))


def test_bad_command_line_values_name_the_flag(configs):
    with pytest.raises(ConfigError, match=r"^command line: --select: 'MIG998' matches no rule"):
        configs({"select": ["MIG998"]})
    with pytest.raises(ConfigError, match=r"^command line: --target-version: '17\.x' is not a release"):
        configs({"target_version": "17.x"})


def test_a_missing_config_path_is_an_error(tmp_path, configs):
    with pytest.raises(ConfigError, match=r"nope\.toml: --config: no such file"):
        configs(config_path=tmp_path / "nope.toml")


def test_config_error_is_a_value_error():
    assert issubclass(ConfigError, ValueError)


def test_the_readme_example_is_a_valid_configuration(tmp_path, configs):
    from .conftest import ROOT

    readme = (ROOT / "README.md").read_text()
    example = readme.split("### Configuration", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    write(tmp_path / "pyproject.toml", example)
    settings = configs().settings_for(tmp_path / "src" / "app.py")
    assert settings.source == tmp_path / "pyproject.toml"
    assert (settings.target_version, settings.min_evidence, settings.max_file_size) == ("16.11", "named", 10_000_000)
    assert settings.ignored_codes(tmp_path / "tests" / "fixtures" / "runners.json") == {"MIG060", "MIG090"}


def test_settings_travel_to_worker_processes(tmp_path, configs):
    import pickle

    write(tmp_path / "migrator.toml", 'select = ["MIG06"]\nextend-exclude = ["vendor"]\n')
    settings = configs().settings_for(tmp_path / "a.py")
    settings.excluded(tmp_path / "a.py")  # builds the cached glob set, which travels too
    copy = pickle.loads(pickle.dumps(settings))
    assert copy == settings and copy.excluded(tmp_path / "vendor" / "x.py")
