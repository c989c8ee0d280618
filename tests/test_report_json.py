"""``--output-format json``: today's fields in today's order, then the fields the audit reports
and ``report --merge`` need; with ``--statistics``, the counts as JSON."""

from __future__ import annotations

import json

from .reporting import check, repo  # noqa: F401 - the fixture

FIELDS = ["code", "name", "item", "message", "severity", "evidence", "filename", "location", "end_location", "url",
          "fix", "repository", "source_line", "applicability"]


def test_every_object_keeps_the_old_fields_in_order_and_adds_three_at_the_end(repo):
    data = json.loads(check("--output-format", "json").output)
    assert [list(d) for d in data] == [FIELDS] * 4


def test_a_finding_carries_its_source_line_and_its_fix_applicability(repo):
    (runner,) = json.loads(check("--output-format", "json", "runners.py").output)
    assert runner["source_line"] == "if runner.active:"
    assert runner["applicability"] == runner["fix"]["applicability"] == "safe"
    assert runner["repository"] is None
    assert runner["fix"]["edits"], "the edits of a safe fix are listed"


def test_applicability_is_null_without_a_fix_and_says_display_only_when_fix_cannot(repo):
    by_code = {d["code"]: d for d in json.loads(check("--output-format", "json", "mrs.py").output)}
    assert by_code["MIG010"]["applicability"] == "unsafe"
    assert by_code["MIG011"]["applicability"] == "display-only"


def test_statistics_with_json_prints_the_counts_as_json(repo):
    stats = json.loads(check("--output-format", "json", "--statistics").output)
    assert stats == [
        {"code": "MIG001", "name": "geo-nodes-endpoint", "count": 1, "fixable": True, "fixable_count": 1},
        {"code": "MIG010", "name": "merged-by", "count": 1, "fixable": False, "fixable_count": 0},
        {"code": "MIG011", "name": "merge-status", "count": 1, "fixable": False, "fixable_count": 0},
        {"code": "MIG060", "name": "runner-active-field", "count": 1, "fixable": True, "fixable_count": 1},
    ]


def test_unsafe_fixes_count_as_fixable_in_statistics_when_asked(repo):
    stats = json.loads(check("--output-format", "json", "--statistics", "--unsafe-fixes", "mrs.py").output)
    assert {s["code"]: s["fixable_count"] for s in stats} == {"MIG010": 1, "MIG011": 0}


def test_no_findings_is_an_empty_array(repo):
    (repo / "ok.py").write_text("print('ok')\n")
    assert json.loads(check("--output-format", "json", "ok.py").output) == []
