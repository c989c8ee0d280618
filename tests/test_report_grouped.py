"""``--output-format grouped``: ruff's grouped layout, each file's findings under its name, rows
and columns aligned."""

from __future__ import annotations

from .reporting import check, repo  # noqa: F401 - the fixture


def test_grouped_lists_findings_under_their_file(repo):
    assert check("--output-format", "grouped").output.splitlines() == [
        ".gitlab-ci.yml:",
        "  3:17 MIG001 [*] `/geo_nodes/status` calls the geo_nodes API, which API v5 removes; use the geo_sites "
        "endpoint",
        "",
        "mrs.py:",
        "  2:7 MIG010 `merged_by` on a merge request is removed in API v5; use `merge_user`",
        "  3:4 MIG011 `merge_status` on a merge request is removed in API v5; use `detailed_merge_status`",
        "",
        "runners.py:",
        "  2:4 MIG060 [*] `active` on a runner is removed in API v5; use `paused` (paused is the negation of active)",
        "",
        "Found 4 findings (3 files checked).",
        "[*] 2 fixable with the `migrator fix` command (1 hidden fix can be enabled with the `--unsafe-fixes` option).",
    ]


def test_rows_and_columns_are_aligned_within_a_file(repo):
    (repo / "many.py").write_text("runner = gl.runners.get(1)\n" + "\n" * 7 + "a = runner.active\n"
                                  "abcdefghi = runner.active\n")
    lines = check("--output-format", "grouped", "many.py").output.splitlines()
    assert [line[:14] for line in lines[1:3]] == ["   9:5  MIG060", "  10:13 MIG060"]


def test_no_findings_prints_only_the_summary(repo):
    (repo / "ok.py").write_text("print('v5 ready')\n")
    assert check("--output-format", "grouped", "ok.py").output == "All checks passed! (1 file checked)\n"
