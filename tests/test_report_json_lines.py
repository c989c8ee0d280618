"""``--output-format json-lines``: the objects of ``json``, one compact object per line."""

from __future__ import annotations

import json

from .reporting import check, repo  # noqa: F401 - the fixture


def test_each_line_is_one_finding_as_the_json_format_gives_it(repo):
    lines = check("--output-format", "json-lines").output.splitlines()
    assert [json.loads(line) for line in lines] == json.loads(check("--output-format", "json").output)
    assert len(lines) == 4


def test_statistics_are_one_rule_per_line(repo):
    lines = check("--output-format", "json-lines", "--statistics").output.splitlines()
    assert [json.loads(line)["code"] for line in lines] == ["MIG001", "MIG010", "MIG011", "MIG060"]
