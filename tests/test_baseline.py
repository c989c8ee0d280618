"""Baselines: record today's findings, then report only new ones. A finding is recorded by a
fingerprint without line numbers, so moving code does not bring it back and fixing one finding
leaves the others matched."""

from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest

from migrator.baseline import Baseline, BaselineError, new_findings, read_baseline, write_baseline
from migrator.app.check import check_paths
from migrator.app.settings import Settings
from migrator.report.fingerprint import fingerprint, fingerprints, matched_text
from migrator.values import Reported, Span

RUNNERS = """\
import gitlab

gl = gitlab.Gitlab.from_config()


def active_runners():
    return [r.id for r in gl.runners.list() if r.active]


def pause(runner_id):
    runner = gl.runners.get(runner_id)
    runner.active = False
    runner.save()
"""

MERGE_REQUESTS = """\
def who_merged(project, iid):
    mr = project.mergerequests.get(iid)
    return mr.merged_by


def merged_by_all(project):
    return [project.mergerequests.get(i).merged_by for i in (1, 2)]
"""


def findings_in(root) -> list[Reported]:
    """`migrator check .` in root, with each finding's source line filled as the report does."""
    result = check_paths(["."], Settings())
    assert not result.errors
    lines = {}
    out = []
    for f in result.findings:
        text = lines.setdefault(f.filename, (root / f.filename).read_text().splitlines())
        out.append(dataclasses.replace(f, source_line=text[f.span.start.row - 1]))
    return out


@pytest.fixture
def repo(tmp_path, monkeypatch):
    (tmp_path / "runners.py").write_text(RUNNERS)
    (tmp_path / "mrs.py").write_text(MERGE_REQUESTS)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


# --- the scenario of the issue -----------------------------------------------------------------

def test_a_fresh_baseline_leaves_no_new_findings(repo):
    findings = findings_in(repo)
    write_baseline(repo / "migrator-baseline.json", findings)
    assert len(findings) == 4
    assert new_findings(findings_in(repo), repo / "migrator-baseline.json") == []


def test_moving_code_does_not_make_findings_new(repo):
    before = findings_in(repo)
    write_baseline(repo / "baseline.json", before)
    edit(repo / "runners.py", "import gitlab\n", "import logging\nimport os\n\nimport gitlab\n")
    first, second = MERGE_REQUESTS.split("\n\n\n")  # swap the two functions of mrs.py
    (repo / "mrs.py").write_text(f"# moved\n# here\n{second}\n\n\n{first}\n")
    moved = findings_in(repo)
    assert len(moved) == 4
    assert {(f.filename, f.span.start.row) for f in moved}.isdisjoint((f.filename, f.span.start.row) for f in before)
    assert new_findings(moved, repo / "baseline.json") == []


def test_fixing_one_finding_leaves_the_others_matched(repo):
    write_baseline(repo / "baseline.json", findings_in(repo))
    edit(repo / "mrs.py", "    return mr.merged_by", "    return mr.merge_user")
    remaining = findings_in(repo)
    assert len(remaining) == 3
    assert new_findings(remaining, repo / "baseline.json") == []


def test_adding_one_use_reports_exactly_that_one(repo):
    write_baseline(repo / "baseline.json", findings_in(repo))
    edit(repo / "runners.py", "    runner.save()\n", "    runner.save()\n    print(runner.active)\n")
    new = new_findings(findings_in(repo), repo / "baseline.json")
    assert [(f.filename, f.span.start.row, f.code) for f in new] == [("runners.py", 14, "MIG060")]


def test_a_second_identical_use_in_the_same_file_is_new_and_the_first_is_not(repo):
    write_baseline(repo / "baseline.json", findings_in(repo))
    edit(repo / "mrs.py", "    return mr.merged_by\n", "    print(mr.merged_by)\n    return mr.merged_by\n")
    assert len(new_findings(findings_in(repo), repo / "baseline.json")) == 1


def test_fixing_the_first_of_two_identical_uses_keeps_the_second_matched(repo):
    (repo / "twice.py").write_text("mr = project.mergerequests.get(1)\na = mr.merged_by\nb = mr.merged_by\n")
    write_baseline(repo / "baseline.json", findings_in(repo))
    edit(repo / "twice.py", "a = mr.merged_by", "a = mr.merge_user")
    assert new_findings(findings_in(repo), repo / "baseline.json") == []


def test_the_same_use_in_another_file_is_new(repo):
    write_baseline(repo / "baseline.json", findings_in(repo))
    (repo / "copy.py").write_text(MERGE_REQUESTS)
    assert {f.filename for f in new_findings(findings_in(repo), repo / "baseline.json")} == {"copy.py"}


# --- the file ----------------------------------------------------------------------------------

def test_the_baseline_file_is_versioned_json_with_an_entry_per_fingerprint(repo):
    findings = findings_in(repo)
    write_baseline(repo / "baseline.json", findings)
    data = json.loads((repo / "baseline.json").read_text())
    assert data["version"] == 2
    assert sorted(e["fingerprint"] for e in data["findings"]) == sorted(fingerprints(findings))
    assert all("count" not in e for e in data["findings"])  # one finding each
    keys = [(e["path"], e["code"], e["text"]) for e in data["findings"]]
    assert keys == sorted(keys)  # stable diffs


def test_identical_findings_are_baselined_one_by_one(tmp_path):
    same = finding("a.py", row=1)
    write_baseline(tmp_path / "baseline.json", [same, same])
    assert read_baseline(tmp_path / "baseline.json").new([same, same, same]) == [same]


def test_baseline_round_trips(tmp_path):
    findings = [finding("a.py", row=1), finding("b.py", row=2, code="MIG061")]
    written = write_baseline(tmp_path / "b.json", findings)
    assert read_baseline(tmp_path / "b.json") == written == Baseline.of(findings)


@pytest.mark.parametrize(("content", "says"), [
    (None, "cannot read the baseline: No such file or directory"),
    ("{not json", "not a migrator baseline: invalid JSON"),
    ("[]", 'expected {"version": 2, "findings": [...]}'),
    ('{"version": 3, "findings": []}', "baseline version 3 is not supported"),
    ('{"version": 2, "findings": {}}', "findings: expected an array"),
    ('{"version": 2, "findings": [{"code": "MIG060"}]}', 'findings[0]: expected an object with a "fingerprint"'),
    ('{"version": 2, "findings": [{"fingerprint": "a", "path": 7}]}', "findings[0].path: expected a string"),
    ('{"version": 2, "findings": [{"fingerprint": "a", "count": 0}]}', "findings[0].count: expected a positive"),
    ('{"version": 1, "fingerprints": []}', "fingerprints: expected an object"),
    ('{"version": 1, "fingerprints": {"abc": 0}}', "fingerprints.abc: expected a positive count"),
])
def test_a_bad_baseline_file_is_an_error_naming_it(tmp_path, content, says):
    path = tmp_path / "baseline.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(BaselineError) as error:
        read_baseline(path)
    assert str(error.value).startswith(f"{path}: ")
    assert says in str(error.value)


# --- the fingerprint ---------------------------------------------------------------------------

def finding(filename: str, row: int = 3, code: str = "MIG010", line: str = "    who = mr.merged_by",
            columns: tuple[int, int] = (14, 23), message: str = "merged_by is removed") -> Reported:
    return Reported(code, "merged-by", "merge-request-merged-by", message, "medium", "typed", filename,
                   Span.of(row, columns[0], row, columns[1]), source_line=line)


def test_fingerprint_is_sha256_of_code_path_matched_text_and_occurrence():
    expected = hashlib.sha256("MIG010\0pkg/mrs.py\0merged_by\0" "0".encode()).hexdigest()
    assert fingerprint(finding("pkg/mrs.py")) == expected
    assert fingerprint(finding("./pkg/mrs.py")) == expected  # the path is normalised


def test_fingerprint_ignores_the_line_number_and_indentation():
    assert fingerprint(finding("a.py", row=3)) == fingerprint(
        finding("a.py", row=90, line="        who  = mr.merged_by", columns=(19, 28)))


def test_fingerprint_differs_by_code_path_and_text():
    base = fingerprint(finding("a.py"))
    assert base != fingerprint(finding("a.py", code="MIG011"))
    assert base != fingerprint(finding("b.py"))
    assert base != fingerprint(finding("a.py", line="    who = mr.merge_status", columns=(14, 26)))


@pytest.mark.parametrize(("line", "span", "message", "text"), [
    ("    who = mr.merged_by", (3, 14, 3, 23), "m", "merged_by"),
    ("  x = f(a,\t  b)", (3, 7, 3, 16), "m", "f(a, b)"),            # whitespace runs collapse
    ("    data = {", (3, 12, 5, 2), "m", "data = {"),               # a span over several lines: the line
    ("    key: value  ", (3, 5, 3, 5), "m", "key: value"),          # an empty span: the stripped line
    ("", (1, 1, 1, 1), "could not  parse", "could not parse"),      # no line: the message
])
def test_matched_text(line, span, message, text):
    f = dataclasses.replace(finding("a.py", line=line, message=message), span=Span.of(*span))
    assert matched_text(f) == text


def test_occurrence_indexes_follow_file_order_whatever_the_input_order():
    first, second = finding("a.py", row=3), finding("a.py", row=7)
    assert fingerprints([second, first]) == [fingerprint(second, 1), fingerprint(first, 0)]
    assert fingerprints([first, finding("b.py", row=1)])[1] == fingerprint(finding("b.py"), 0)
