"""``--output-format concise`` (and ``text``, the name it had): ruff's one line per finding;
colour only where asked for; scanned text never reaches the terminal raw."""

from __future__ import annotations

import io

from migrator.report.output import use_color

from .reporting import RUNNERS, check, repo  # noqa: F401 - the fixture

CONCISE = [
    ".gitlab-ci.yml:3:17: MIG001 [*] `/geo_nodes/status` calls the geo_nodes API, which API v5 removes; "
    "use the geo_sites endpoint",
    "mrs.py:2:7: MIG010 `merged_by` on a merge request is removed in API v5; use `merge_user`",
    "mrs.py:3:4: MIG011 `merge_status` on a merge request is removed in API v5; use `detailed_merge_status`",
    "runners.py:2:4: MIG060 [*] `active` on a runner is removed in API v5; use `paused` (paused is the negation "
    "of active)",
    "Found 4 findings (3 files checked).",
    "[*] 2 fixable with the `migrator fix` command (1 hidden fix can be enabled with the `--unsafe-fixes` option).",
]


def test_concise_prints_one_line_per_finding_then_the_summary(repo):
    assert check("--output-format", "concise").output.splitlines() == CONCISE


def test_text_is_the_old_name_of_concise_and_the_default(repo):
    assert check("--output-format", "text").output == check("--output-format", "concise").output == check().output


def test_colour_is_off_when_the_output_is_not_a_terminal(repo):
    assert "\x1b[" not in check().output


def test_color_always_styles_path_code_and_fix_marker(repo):
    out = check("--color", "always").output
    assert "\x1b[1mrunners.py\x1b[0m" in out
    assert "\x1b[31m\x1b[1mMIG060\x1b[0m \x1b[36m[*]\x1b[0m" in out


def test_color_never_and_no_color_turn_it_off():
    terminal = io.StringIO()
    terminal.isatty = lambda: True
    assert use_color("auto", terminal)
    assert not use_color("never", terminal)
    assert use_color("always", io.StringIO())


def test_no_color_is_honoured_on_a_terminal_unless_color_always(monkeypatch):
    terminal = io.StringIO()
    terminal.isatty = lambda: True
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color("auto", terminal)
    assert use_color("always", terminal)
    monkeypatch.setenv("NO_COLOR", "")  # no-color.org: only a non-empty value counts
    assert use_color("auto", terminal)


def test_a_hostile_file_name_cannot_set_the_title_or_forge_a_line(repo):
    (repo / "t\x1b]0;owned\x07\nx.py:1:1: MIG000 forged.py").write_text(RUNNERS)
    out = check("--select", "MIG060").output
    assert "\x1b" not in out and "\x07" not in out
    assert '"t\\033]0;owned\\a\\nx.py:1:1: MIG000 forged.py":2:4: MIG060 [*]' in out
    assert not any(line.startswith("x.py") for line in out.splitlines())


def test_control_characters_in_a_message_are_escaped(repo):
    (repo / "geo.sh").write_text('curl "$CI_API_V4_URL/geo_nodes/\x1b[2J\x1b]0;t\x07"\n')
    out = check("geo.sh").output
    assert "\x1b" not in out
    assert "/geo_nodes/\\033[2J\\033]0;t\\a" in out


def test_statistics_count_findings_per_rule(repo):
    assert check("--statistics").output.splitlines()[:4] == [
        "1\tMIG001\t[*] geo-nodes-endpoint",
        "1\tMIG010\t[ ] merged-by",
        "1\tMIG011\t[ ] merge-status",
        "1\tMIG060\t[*] runner-active-field",
    ]
