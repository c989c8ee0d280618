"""Issue "Hostile input, third round", C: ``report --merge`` of an organisation's results reads a
finding at a time, shares the texts findings repeat, and writes the JSON formats a finding at a
time, with the very bytes the formats render (bench/merge_scale.py measures it at 200,000
findings)."""

from __future__ import annotations

import io
import json
from enum import IntEnum, StrEnum

import pytest

from migrator.report import render
from migrator.report.jsonout import as_dict
from migrator.report.merge import Items, ResultsError, load_results, read_results, write_json, write_report
from migrator.values import Edit, Fix, Reported, Span

FIX = Fix("unsafe", "Use `merge_user`", (Edit("merge_user", 0, 0, Span.of(2, 10, 2, 19)),))
FINDINGS = [
    Reported("MIG010", "merged-by", "merge-request-merged-by", "`merged_by` is removed", "medium", "typed",
            "app/mrs.py", Span.of(2, 10, 2, 19), "https://docs.example/mr", FIX, source_line="who = mr.merged_by\n",
            repository="group/app"),
    Reported("MIG060", "runner-active", "runner-active", "`active` … «ünïcode» \"quoted\" \\ \t", "high", "named",
            "ci/.gitlab-ci.yml", Span.of(3, 1, 4, 2), None, Fix("safe", "Use `paused`", ()), source_line="x",
            repository="group/ci"),
    Reported("MIG999", "parse-error", None, "cannot parse: <b>|</b>", "high", "bare", "caf\udce9.py",
            Span.of(1, 1, 1, 1), repository=None),
    Reported("MIG010", "merged-by", "merge-request-merged-by", "`merged_by` is removed", "medium", "typed",
            "app/mrs.py", Span.of(9, 1, 9, 3), "https://docs.example/mr", None, source_line="mr.merged_by",
            repository="group/app"),
]


def written(fmt: str, findings) -> str:
    stream = io.StringIO()
    write_report(fmt, findings, stream)
    return stream.getvalue()


@pytest.mark.parametrize("fmt", ["json", "json-lines", "gitlab", "sarif", "markdown", "concise"])
def test_the_merged_report_is_what_the_format_renders(fmt):
    assert written(fmt, FINDINGS) == render(fmt, FINDINGS)


@pytest.mark.parametrize("fmt", ["json", "json-lines", "gitlab", "sarif"])
def test_a_merge_of_no_findings_is_what_the_format_renders(fmt):
    assert written(fmt, []) == render(fmt, [])


class Level(IntEnum):
    HIGH = 3


class Kind(StrEnum):
    SAFE = "safe"


@pytest.mark.parametrize("document", [
    [], {}, [[]], [{}], {"a": []}, {"a": {}}, None, True, 0, -7, 1.5, float("nan"), float("-inf"), "é\u2028\"\\",
    {"nested": [1, [2, [3, {"deep": [True, False, None]}]]], "empty": [[], {}], "s": "x"},
    {"enum": Kind.SAFE, "int enum": Level.HIGH, "tuple": (1, "two"), "bool": False, "float": 1e300},
    {1: "int key", 2.5: "float key", True: "bool key", None: "null key"},
    [as_dict(f) for f in FINDINGS],
])
def test_write_json_writes_what_json_dumps_writes(document):
    stream = io.StringIO()
    write_json(document, stream)
    assert stream.getvalue() == json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def test_items_are_written_as_an_array_made_while_it_is_written():
    made = []
    stream = io.StringIO()
    write_json({"results": Items(made.append(i) or {"i": i} for i in range(3)), "after": 1}, stream)
    assert stream.getvalue() == json.dumps({"results": [{"i": 0}, {"i": 1}, {"i": 2}], "after": 1}, indent=2) + "\n"
    assert made == [0, 1, 2]


def test_texts_findings_repeat_across_results_are_held_once(tmp_path):
    for name in ("a", "b"):
        (tmp_path / f"{name}.json").write_text(json.dumps([as_dict(FINDINGS[0]), as_dict(FINDINGS[3])]))
    findings = load_results([tmp_path / "a.json", tmp_path / "b.json"])
    assert len({id(f.message) for f in findings}) == len({id(f.filename) for f in findings}) == 1
    assert len({id(f.url) for f in findings}) == len({id(f.code) for f in findings}) == 1


ONE = json.dumps(as_dict(FINDINGS[0]))


@pytest.mark.parametrize("content", [f"[{ONE},]", f"[{ONE}", f"[{ONE}] []", f"[{ONE} {ONE}]", f"\ufeff[{ONE}]", "",
                                     "[", "{", "[}"])
def test_a_file_read_a_finding_at_a_time_says_what_json_loads_says(tmp_path, content):
    (tmp_path / "bad.json").write_text(content, encoding="utf-8")
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(content)
    with pytest.raises(ResultsError) as error:
        read_results(tmp_path / "bad.json")
    assert str(error.value) == f"{tmp_path / 'bad.json'}: not JSON ({expected.value})"


def test_a_json_value_that_is_no_array_is_not_a_result(tmp_path):
    (tmp_path / "object.json").write_text('{"findings": []}')
    with pytest.raises(ResultsError, match="object.json: expected the array of `migrator check --output-format json`"):
        read_results(tmp_path / "object.json")


def test_an_empty_array_and_surrounding_blanks_are_no_findings(tmp_path):
    (tmp_path / "empty.json").write_text(" \n[ \n ] \n")
    assert read_results(tmp_path / "empty.json") == []
