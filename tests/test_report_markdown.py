"""``--output-format markdown``: the audit report as GitHub-flavoured Markdown, whose tables hold
whatever the scanned text contains."""

from __future__ import annotations

import re

from migrator.report.markdown import cell, code

from .reporting import check, repo  # noqa: F401 - the fixture


def cells(row: str) -> list[str]:
    """A GFM table row split as GitHub splits it: never at a backslash-escaped pipe."""
    return re.split(r"(?<!\\)\|", row.strip())[1:-1]


def test_the_report_gives_totals_and_what_fix_can_do(repo):
    out = check("--output-format", "markdown").output
    assert out.startswith("# API v5 migration audit\n")
    assert "**4 findings** in **3 files**:" in out
    assert "**2** (50%) fixed by `migrator fix`," in out
    assert "- **1 unsafe**: `migrator fix --unsafe-fixes` rewrites them; behaviour can differ, so review each." in out
    assert "| high | 4 |" in out
    assert "| Python | 3 | 1 |" in out


def test_each_item_says_what_breaks_what_to_do_and_the_releases(repo):
    out = check("--output-format", "markdown").output
    section = out[out.index("### runner active"):]
    assert section.startswith("### runner active (1 finding)\n\nReleases: deprecated 14.8 · replacement available "
                              "14.8 · removed v5\n")
    assert "Use `paused`, which has been available since 14.8" in section


def test_each_file_has_a_table_with_the_code_line(repo):
    out = check("--output-format", "markdown").output
    assert ("| 2:4 | `MIG060` | high | `active` on a runner is removed in API v5; use `paused` (paused is the "
            "negation of active) | `if runner.active:` | safe |") in out


def test_a_pipe_in_the_code_line_does_not_split_the_cell(repo):
    (repo / "mr.sh").write_text('curl -s "$CI_API_V4_URL/projects/1/merge_requests/2" | jq ".merged_by"\n')
    lines = check("--output-format", "markdown", "mr.sh").output.splitlines()
    header = lines.index("| Line | Rule | Severity | Finding | Code | Fix |")
    row = lines[header + 2]
    assert len(cells(row)) == 6
    assert '\\| jq ".merged_by"`' in row


def test_every_table_row_has_as_many_cells_as_its_header(repo):
    (repo / "mr.sh").write_text('curl -s "$CI_API_V4_URL/projects/1/merge_requests/2" | jq ".merged_by"\n')
    widths = None
    for line in check("--output-format", "markdown").output.splitlines():
        if not line.startswith("|"):
            widths = None
            continue
        widths = widths or len(cells(line))
        assert len(cells(line)) == widths, line


def test_cell_escapes_pipes_and_line_breaks_and_keeps_html_out():
    assert cell("a|b\nc <img src=x> `<T>`") == "a\\|b<br>c &lt;img src=x> `<T>`"


def test_code_uses_a_fence_longer_than_any_backticks_inside():
    assert code("x = `y`") == "`` x = `y` ``"
    assert code("a ``b`` c") == "```a ``b`` c```"
    assert code("a|b") == "`a\\|b`"
    assert code("   ") == ""
