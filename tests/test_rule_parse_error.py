"""MIG999, the code every output format uses for a file migrator could not read, decode or parse.
No touch makes it (the pipeline reports it), yet it is a code like the rules' own: `migrator rule
MIG999` explains it, and `--select`, `--extend-select`, `--ignore` and `per-file-ignores` name it
by code, prefix, name or item (rules/own/parse-error.yaml, the table's `own` codes)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.pipeline import PARSE_ERROR, check_source

BROKEN = "def f(mr:\n    return mr.merged_by, runner.active\n"  # a syntax error in a file the rules read
GOOD = "print(mr.merged_by)\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """broken.py (MIG999), legacy/old.py (MIG999) and good.py (MIG010), checked from their root."""
    (tmp_path / "legacy").mkdir()
    for name, text in (("broken.py", BROKEN), ("legacy/old.py", BROKEN), ("good.py", GOOD)):
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def reported(*args: str) -> list[tuple[str, str]]:
    result = run("check", "--no-cache", "--output-format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    return sorted((d["filename"], d["code"]) for d in json.loads(result.stdout))


# ---------------------------------------------------------------- migrator rule

def test_rule_mig999_explains_a_file_that_could_not_be_checked():
    result = run("rule", "MIG999")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# parse-error (MIG999)\n")
    assert "could not read, decode or parse" in result.output
    assert "max-file-size" in result.output and "exclude" in result.output


def test_rule_parse_error_by_name_as_json():
    result = run("rule", "parse-error", "--output-format", "json")
    assert result.exit_code == 0, result.output
    (doc,) = json.loads(result.output)
    assert (doc["code"], doc["name"], doc["source"], doc["fix"]) == ("MIG999", "parse-error", "migrator", None)


def test_rule_all_lists_migrators_own_codes_after_the_rules(table):
    listed = [d["code"] for d in json.loads(run("rule", "--all", "--output-format", "json").stdout)]
    assert listed == [r.code for r in table.rules] + ["MIG999"]


def test_the_tables_own_code_is_the_one_the_pipeline_reports(table):
    (rule,) = table.own
    assert (rule.code, rule.name) == PARSE_ERROR
    assert table.items[rule.item].source == "migrator"
    assert rule not in table.rules  # no touch makes it: it is never matched


def test_the_explained_example_is_reported_as_mig999(table):
    (rule,) = table.own
    (example,) = rule.examples
    (finding,) = check_source(example.code, example.written_as, "broken.py", table.rules, table).findings
    assert (finding.code, finding.name) == PARSE_ERROR
    assert finding.message.startswith(rule.message.split("{")[0])


# ---------------------------------------------------------------- the selection

def test_a_parse_error_is_reported_by_default(tree):
    assert reported() == [("broken.py", "MIG999"), ("good.py", "MIG010"), ("legacy/old.py", "MIG999")]


@pytest.mark.parametrize("selector", ["MIG999", "mig999", "MIG9", "parse-error"])
def test_ignore_mig999_by_code_prefix_or_name_leaves_the_files_that_could_not_be_checked_out(tree, selector):
    assert reported("--ignore", selector) == [("good.py", "MIG010")]


def test_per_file_ignores_leaves_out_the_parse_errors_of_the_files_it_matches(tree):
    (tree / "migrator.toml").write_text('[per-file-ignores]\n"legacy/*" = ["MIG999"]\n')
    assert reported() == [("broken.py", "MIG999"), ("good.py", "MIG010")]


def test_select_mig999_alone_reports_the_files_that_could_not_be_read(tree):
    # no rule is selected, so no file is parsed (a file is parsed only where a selected rule could
    # match it: the prefilter); a file over max-file-size is never read, whatever the selection
    (tree / "migrator.toml").write_text("max-file-size = 55\n")
    (tree / "big.py").write_text(GOOD * 3)
    assert reported("--select", "MIG999") == [("big.py", "MIG999")]


def test_a_select_that_does_not_name_it_keeps_it_so_an_unchecked_file_is_never_clean(tree):
    assert reported("--select", "MIG06") == [("broken.py", "MIG999"), ("legacy/old.py", "MIG999")]
    (tree / "migrator.toml").write_text('select = ["MIG010"]\nignore = ["MIG999"]\n')
    assert reported() == [("good.py", "MIG010")]
    assert reported("--select", "MIG06") == []  # the file's ignore holds under the command line's select
    assert reported("--extend-select", "MIG999") == [("broken.py", "MIG999"), ("good.py", "MIG010"),
                                                      ("legacy/old.py", "MIG999")]


def test_a_noqa_comment_does_not_hide_a_file_whose_comments_could_not_be_read(tree):
    (tree / "broken.py").write_text("def changes(mr:  # noqa: MIG999\n    return mr.merged_by\n")
    (tree / "good.py").write_text("print(mr.merged_by)  # noqa: MIG010, MIG999\n")
    assert reported("--extend-select", "MIG900") == [("broken.py", "MIG999"), ("legacy/old.py", "MIG999")]
