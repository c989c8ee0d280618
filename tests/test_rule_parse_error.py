"""`migrator rule MIG999` explains the code every output format uses for a file migrator could
not read, decode or parse (it is no rule of the table: the pipeline reports it), and its example is
what the pipeline reports as MIG999."""

from __future__ import annotations

import json

from click.testing import CliRunner

from migrator.cli import main
from migrator.pipeline import PARSE_ERROR, check_source
from migrator.report.ruledoc import parse_error
from migrator.ruletable import load_table


def run(*args: str):
    return CliRunner().invoke(main, list(args))


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


def test_the_explanation_names_the_code_and_name_the_pipeline_reports():
    rule, item = parse_error()
    assert (rule.code, rule.name) == PARSE_ERROR
    assert item.source == "migrator"


def test_the_explained_example_is_reported_as_mig999():
    rule, _ = parse_error()
    (example,) = rule.examples
    table = load_table()
    (finding,) = check_source(example.code, example.written_as, "broken.py", table.rules, table)
    assert (finding.code, finding.name) == PARSE_ERROR
    assert finding.message.startswith(rule.message.split("{")[0])
