"""Issue "Hostile input, third round", B: a results file for ``report --merge`` or a baseline for
``--baseline`` nested 100,000 levels deep is refused with one line that names the file (exit 2),
not an internal RecursionError. The bound (``MAX_DEPTH``) is migrator's own, counted before the
file is decoded, so it does not move with the interpreter's recursion limit."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.baseline import BaselineError, read_baseline
from migrator.cli import main
from migrator.report.jsonout import as_dict
from migrator.report.merge import MAX_DEPTH, ResultsError, nesting, read_results
from migrator.values import Reported, Span

DEEP = 100_000
FINDING = as_dict(Reported("MIG010", "merged-by", None, "m", "medium", "typed", "a.py", Span.of(1, 1, 1, 2)))


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("content", ["[" * DEEP + "]" * DEEP, "[" + '{"a": ' * DEEP + "1" + "}" * DEEP + "]"])
def test_report_merge_of_a_deeply_nested_result_exits_2_naming_the_file(tmp_path, content):
    (tmp_path / "deep.json").write_text(content)
    result = run("report", "--merge", str(tmp_path / "deep.json"))
    assert result.exit_code == 2
    assert result.output == (f"error: {tmp_path / 'deep.json'}: not a result of `migrator check --output-format "
                             f"results` or `json`: nested more than {MAX_DEPTH} levels deep\n")


def test_check_with_a_deeply_nested_baseline_exits_2_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "client.py").write_text("who = mr.merged_by\n")
    (tmp_path / "baseline.json").write_text('{"version": 1, "fingerprints": ' + "[" * DEEP + "]" * DEEP + "}")
    result = run("check", "--baseline", "baseline.json", "client.py")
    assert result.exit_code == 2
    assert result.output == f"error: baseline.json: not a migrator baseline: nested more than {MAX_DEPTH} levels deep\n"


def test_a_result_nested_exactly_max_depth_levels_is_read(tmp_path):
    def result_nested(levels: int) -> str:
        extra = levels - 2  # the array of findings and the finding are two levels
        return json.dumps([FINDING | {"added_later": json.loads("[" * extra + "]" * extra)}])

    (tmp_path / "r.json").write_text(result_nested(MAX_DEPTH))
    assert [f.code for f in read_results(tmp_path / "r.json")] == ["MIG010"]
    (tmp_path / "r.json").write_text(result_nested(MAX_DEPTH + 1))
    with pytest.raises(ResultsError, match=f"nested more than {MAX_DEPTH} levels deep"):
        read_results(tmp_path / "r.json")


def test_a_baseline_nested_more_than_max_depth_is_refused_before_decoding(tmp_path):
    (tmp_path / "b.json").write_text('{"version": 1, "fingerprints": {"x": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}}")
    with pytest.raises(BaselineError, match=f"b.json: not a migrator baseline: nested more than {MAX_DEPTH}"):
        read_baseline(tmp_path / "b.json")


@pytest.mark.parametrize(("text", "depth"), [
    ("[]", 1),
    ("{}", 1),
    ('[{"a": [1, {"b": null}]}]', 4),
    ('["[[[[", "}}}"]', 1),  # brackets inside strings do not count
    ('[{"a\\"[[": "\\\\"}, ["]]"]]', 2),  # nor after escaped quotes and backslashes
    ('["\\u005b", [[]]]', 3),
    ('"[[["', 0),
    ("3", 0),
    ("", 0),
])
def test_nesting_counts_the_brackets_outside_strings(text, depth):
    assert nesting(text.encode()) == depth

