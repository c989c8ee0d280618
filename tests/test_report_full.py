"""``--output-format full``: ruff's full layout: each finding, the source line with a caret under
its span, and the fix's message as help."""

from __future__ import annotations

from dataclasses import replace

from migrator.report import render
from migrator.report.context import ReportContext

from .reporting import check, repo  # noqa: F401 - the fixture


def test_full_shows_the_source_line_a_caret_under_the_span_and_the_help(repo):
    out = check("--output-format", "full", "runners.py").output
    assert out == (
        "runners.py:2:4: MIG060 [*] `active` on a runner is removed in API v5; use `paused` (paused is the "
        "negation of active)\n"
        "  |\n"
        "2 | if runner.active:\n"
        "  |    ^^^^^^^^^^^^^ MIG060\n"
        "  |\n"
        "  = help: Use `paused` negated in place of `active`\n"
        "\n"
        "Found 1 finding (1 file checked).\n"
        "[*] 1 fixable with the `migrator fix` command.\n"
    )


def test_the_caret_follows_the_span_inside_a_ci_script(repo):
    lines = check("--output-format", "full", ".gitlab-ci.yml").output.splitlines()
    assert lines[2:4] == [
        '3 |     - curl -sS "$CI_API_V4_URL/geo_nodes/status"',
        "  |                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ MIG001",
    ]


def test_a_finding_without_a_source_line_shows_no_snippet(check, table):
    (finding,) = check("runner = gl.runners.get(1)\nprint(runner.active)\n")
    finding = replace(finding, source_line="")  # as in a merged result that did not record it
    out = render("full", ReportContext.of([finding], table))
    assert out.splitlines()[:2] == [
        "example.py:2:7: MIG060 [*] `active` on a runner is removed in API v5; use `paused` (paused is the "
        "negation of active)",
        "  = help: Use `paused` negated in place of `active`",
    ]


def test_tabs_and_control_characters_keep_the_caret_under_the_span(check, table):
    code = "runner = gl.runners.get(1)\nx = ['\x1b[2J',\trunner.active]\n"
    (finding,) = check(code)
    finding = replace(finding, source_line=code.splitlines()[1])
    lines = render("full", ReportContext.of([finding], table)).splitlines()
    assert lines[2:4] == [
        "2 | x = ['␛[2J',    runner.active]",
        "  |                 ^^^^^^^^^^^^^ MIG060",
    ]


def test_statistics_replace_the_findings(repo):
    out = check("--output-format", "full", "--statistics").output
    assert "  |" not in out
    assert out.splitlines()[-2] == "Found 4 findings (3 files checked: 2 python, 1 ci)."
