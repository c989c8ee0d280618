"""`migrator report --merge`: the JSON results of one `migrator check` per repository, read back
into findings that keep their repository, and rendered as one report."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.report.jsonout import as_dict
from migrator.report.merge import ResultsError, load_results
from migrator.values import Edit, Fix, Reported, Span

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"
MERGED_BY = "mr = project.mergerequests.get(1)\nwho = mr.merged_by\n"


def check_json(directory, monkeypatch) -> list[dict]:
    monkeypatch.chdir(directory)
    result = CliRunner().invoke(main, ["check", "--output-format", "json", "."])
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)


@pytest.fixture
def results(tmp_path, monkeypatch):
    """The JSON results of two repositories, as two CI jobs would save them."""
    for name, source in (("runners-repo", RUNNER_ACTIVE), ("mrs-repo", MERGED_BY)):
        repo = tmp_path / name
        repo.mkdir()
        (repo / "client.py").write_text(source)
        (tmp_path / f"{name}.json").write_text(json.dumps(check_json(repo, monkeypatch)))
    monkeypatch.chdir(tmp_path)
    return [tmp_path / "runners-repo.json", tmp_path / "mrs-repo.json"]


def test_merged_findings_keep_their_repository_file_by_file(results):
    findings = load_results(results)
    assert [(f.repository, f.filename, f.code) for f in findings] == [
        ("runners-repo", "client.py", "MIG060"), ("mrs-repo", "client.py", "MIG010")]


def test_a_finding_read_back_equals_the_one_written(tmp_path):
    fix = Fix("unsafe", "Use `merge_user`", (Edit("merge_user", 0, 0, Span.of(2, 10, 2, 19)),))
    written = Reported("MIG010", "merged-by", "merge-request-merged-by", "`merged_by` is removed", "medium",
                      "typed", "app/mrs.py", Span.of(2, 10, 2, 19), "https://docs.example/mr", fix)
    data = as_dict(written) | {"repository": "group/app", "source_line": "who = mr.merged_by",
                               "applicability": "unsafe", "a_field_added_later": 1}
    (tmp_path / "results.json").write_text(json.dumps([data]))
    (read,) = load_results([tmp_path / "results.json"])
    assert read == written
    assert (read.repository, read.source_line) == ("group/app", "who = mr.merged_by")


def test_the_repository_field_wins_over_the_file_name(tmp_path):
    finding = as_dict(Reported("MIG010", "merged-by", None, "m", "medium", "typed", "a.py", Span.of(1, 1, 1, 2)))
    (tmp_path / "job-17.json").write_text(json.dumps([finding | {"repository": "group/app"}, finding]))
    assert [f.repository for f in load_results([tmp_path / "job-17.json"])] == ["group/app", "job-17"]


@pytest.mark.parametrize(("content", "says"), [
    ("{not json", "not JSON"),
    ('{"findings": []}', "expected the array of `migrator check --output-format json`"),
    ("[3]", "[0]: expected an object, got 3"),
    ('[{"code": "MIG010"}]', "[0].name: expected a string, got None"),
])
def test_a_bad_results_file_is_an_error_naming_it(tmp_path, content, says):
    (tmp_path / "bad.json").write_text(content)
    with pytest.raises(ResultsError) as error:
        load_results([tmp_path / "bad.json"])
    assert str(error.value).startswith(f"{tmp_path / 'bad.json'}: ")
    assert says in str(error.value)


@pytest.mark.parametrize(("field", "value", "says"), [
    ("severity", "urgent", "[0].severity: 'urgent' is not one of"),
    ("evidence", "guessed", "[0].evidence: 'guessed' is not one of bare, named, typed"),
    ("location", {"row": 0, "column": 1}, "[0].location: expected"),
    ("end_location", None, "[0].end_location: expected"),
    ("fix", {"applicability": "maybe", "message": "m", "edits": []}, "[0].fix.applicability: 'maybe'"),
    ("fix", {"applicability": "safe", "message": "m", "edits": [{"content": "x"}]},
     "[0].fix.edits[0].location: expected"),
])
def test_a_malformed_field_names_the_finding_and_the_field(tmp_path, results, field, value, says):
    data = json.loads(results[0].read_text())
    data[0][field] = value
    results[0].write_text(json.dumps(data))
    with pytest.raises(ResultsError, match="runners-repo.json: ") as error:
        load_results(results)
    assert says in str(error.value)


def test_report_merge_prints_one_json_report(results):
    result = CliRunner().invoke(main, ["report", "--merge", *map(str, results), "--output-format", "json"])
    assert result.exit_code == 0, result.output
    assert [(d["code"], d["location"]["row"]) for d in json.loads(result.stdout)] == [("MIG060", 2), ("MIG010", 2)]


def test_report_merge_of_a_bad_file_exits_2_naming_it(results, tmp_path):
    (tmp_path / "broken.json").write_text("[{}]")
    result = CliRunner().invoke(main, ["report", "--merge", str(results[0]), str(tmp_path / "broken.json")])
    assert result.exit_code == 2
    assert f"error: {tmp_path / 'broken.json'}: [0].code: expected a string" in result.output


def test_report_merges_its_results_without_the_merge_flag(results):
    """`migrator report results/*.json` is what `report --merge` does; `--merge` stays for scripts."""
    plain = CliRunner().invoke(main, ["report", *map(str, results)])
    merged = CliRunner().invoke(main, ["report", "--merge", *map(str, results)])
    assert plain.exit_code == merged.exit_code == 0
    assert plain.stdout == merged.stdout and json.loads(plain.stdout)
