"""The README's table of JSON output fields lists each field once, in the order the output gives
them, and every field the output gives."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from migrator.cli import main

from .conftest import ROOT


def readme_fields() -> list[str]:
    section = (ROOT / "README.md").read_text().split("### JSON output", 1)[1].split("\n### ", 1)[0]
    rows = re.findall(r"^\| `([^`|]+)`(?:, `([^`|]+)`)? \|", section, re.M)
    return [name for row in rows for name in row if name]


def test_each_json_field_is_listed_once():
    fields = readme_fields()
    assert [f for f in fields if fields.count(f) > 1] == []


def test_the_table_lists_the_fields_the_output_gives_in_their_order(tmp_path, monkeypatch):
    (tmp_path / "mrs.py").write_text("mr = project.mergerequests.get(1)\nwho = mr.merged_by\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", "mrs.py"])
    (finding,) = json.loads(result.output)
    assert readme_fields() == list(finding)
