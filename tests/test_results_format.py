"""Issue 19, item 3: audit results that say what was audited. ``--output-format results`` is one
object: the tool and its version, the repository, the settings' digest, the files checked by kind,
what the baseline hid, and the findings (the ``json`` format's objects). A clean repository's
result is no longer ``[]``, which a run over an empty folder writes too. The ``json`` array stays
as it is (a published contract), and ``report`` reads both."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator import __version__
from migrator.cli import main
from migrator.report.merge import ResultsError, load_merged

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"
CLEAN = "runner = gl.runners.get(1)\nif not runner.paused:\n    print(runner.id)\n"


def check(directory, monkeypatch, *args: str) -> str:
    monkeypatch.chdir(directory)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--exit-zero", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def repos(tmp_path):
    """A repository with a finding, a clean one, and an empty folder."""
    for name, text in (("with-findings", RUNNER_ACTIVE), ("clean", CLEAN)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "client.py").write_text(text)
    (tmp_path / "empty").mkdir()
    return tmp_path


def test_a_result_says_which_tool_repository_settings_and_files_it_covers(repos, monkeypatch):
    result = json.loads(check(repos / "with-findings", monkeypatch, "--output-format", "results",
                              "--repository", "platform/api-client"))
    assert list(result) == ["tool", "version", "repository", "settings", "files_checked", "hidden_by_baseline",
                            "findings", "repositories"]
    assert (result["tool"], result["version"], result["repository"]) == ("migrator", __version__, "platform/api-client")
    assert len(result["settings"]) == 64
    assert result["files_checked"] == {"total": 1, "by_kind": {"python": 1}}
    assert result["hidden_by_baseline"] is None  # no baseline
    assert result["repositories"] == [{"repository": "platform/api-client", "files_checked": result["files_checked"]}]
    (finding,) = result["findings"]
    assert finding == json.loads(check(repos / "with-findings", monkeypatch, "--output-format", "json",
                                       "--repository", "platform/api-client"))[0]


def test_a_clean_repository_and_an_empty_folder_give_the_same_array_but_different_results(repos, monkeypatch):
    assert json.loads(check(repos / "clean", monkeypatch, "--output-format", "json")) == []
    assert json.loads(check(repos / "empty", monkeypatch, "--output-format", "json")) == []
    clean = json.loads(check(repos / "clean", monkeypatch, "--output-format", "results"))
    empty = json.loads(check(repos / "empty", monkeypatch, "--output-format", "results"))
    assert clean["findings"] == empty["findings"] == []
    assert clean["files_checked"]["total"] == 1 and empty["files_checked"]["total"] == 0


def test_the_settings_digest_changes_with_the_rules_and_not_with_the_checkout(repos, monkeypatch):
    def digest(directory, *args):
        return json.loads(check(directory, monkeypatch, "--output-format", "results", *args))["settings"]

    assert digest(repos / "clean") == digest(repos / "with-findings")  # same settings, another directory
    assert digest(repos / "clean") != digest(repos / "clean", "--ignore", "MIG4")
    assert digest(repos / "clean") != digest(repos / "clean", "--target-version", "16.11")


def test_report_reads_results_and_the_json_arrays_of_before(repos, monkeypatch):
    (repos / "a.json").write_text(check(repos / "with-findings", monkeypatch, "--output-format", "results",
                                        "--repository", "group/a"))
    (repos / "b.json").write_text(check(repos / "with-findings", monkeypatch, "--output-format", "json",
                                        "--repository", "group/b"))
    merged = load_merged([repos / "a.json", repos / "b.json"])
    assert [f.repository for f in merged.findings] == ["group/a", "group/b"]
    assert [(r.repository, r.checked and r.checked.total) for r in merged.results] == [("group/a", 1), ("group/b", None)]


def test_a_results_object_names_its_findings_repository_wherever_its_fields_are(tmp_path):
    finding = json.loads(json.dumps({"code": "MIG060", "name": "n", "item": None, "message": "m", "severity": "high",
                                     "evidence": "typed", "filename": "a.py", "location": {"row": 1, "column": 1},
                                     "end_location": {"row": 1, "column": 2}, "url": None, "fix": None}))
    (tmp_path / "r.json").write_text(json.dumps({"tool": "migrator", "findings": [finding], "repository": "g/p"}))
    merged = load_merged([tmp_path / "r.json"])
    assert [f.repository for f in merged.findings] == ["g/p"] and merged.results[0].checked is None


@pytest.mark.parametrize(("content", "says"), [
    ('{"findings": []}', "expected the array of `migrator check --output-format json` or the object of "
                         "`--output-format results`"),
    ('{"tool": "migrator", "findings": {}}', "expected the array"),
    ('{"tool": "migrator", "findings": [], "files_checked": {"by_kind": {"go": -1}}}', "files_checked: expected"),
    ('{"tool": "migrator", "findings": [], "repository": 7}', "repository: expected a string or null"),
    ('{"tool": "migrator", "findings": [{"code": "MIG060"}]}', "findings[0].name: expected a string"),
    ('{"tool": "migrator", "findings": [],}', "not JSON (Expecting property name enclosed in double quotes"),
])
def test_a_bad_result_object_is_an_error_naming_the_file(tmp_path, content, says):
    (tmp_path / "bad.json").write_text(content)
    with pytest.raises(ResultsError) as error:
        load_merged([tmp_path / "bad.json"])
    assert str(error.value).startswith(f"{tmp_path / 'bad.json'}: ") and says in str(error.value)
