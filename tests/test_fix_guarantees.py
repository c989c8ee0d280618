"""What `migrator fix` guarantees whatever the rule: a fixed file still parses (else it is left
untouched and the failure reported), a second run changes nothing, writes are atomic and keep
mode, BOM and line endings, overlapping edits never corrupt a file, only files under the given
paths are written, symlinks never lead out of the tree, --diff writes nothing, exit codes."""

from __future__ import annotations

import json
import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import migrator.fix.python
from migrator.fix.apply import apply_edits, choose, parse_problem
from migrator.values import Edit, Finding, Span

from .test_cli import MERGED_BY, RUNNER_ACTIVE, repo, run  # noqa: F401 - repo is a fixture

RUNNER_FIXED = RUNNER_ACTIVE.replace("if runner.active:", "if not runner.paused:")


def snapshot(root) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------- output and exit codes
def test_fix_rewrites_reports_and_exits_1(repo):
    result = run("fix", ".")
    assert result.exit_code == 1
    assert (repo / "runners.py").read_text() == RUNNER_FIXED
    assert (repo / "mrs.py").read_text() == MERGED_BY  # unsafe: needs --unsafe-fixes
    assert "mrs.py:2:7: MIG010 " in result.output
    assert "1 fixed, 1 remaining" in result.output
    assert "1 hidden fix can be enabled with the `--unsafe-fixes` option." in result.output


def test_unsafe_fixes_apply_unsafe_ones_too(repo):
    result = run("fix", "--unsafe-fixes", ".")
    assert result.exit_code == 1  # files changed
    assert "who = mr.merge_user" in (repo / "mrs.py").read_text()
    assert "2 fixed, 0 remaining" in result.output


def test_nothing_to_do_exits_0(repo):
    run("fix", "--unsafe-fixes", ".")
    before = snapshot(repo)
    result = run("fix", "--unsafe-fixes", ".")
    assert result.exit_code == 0, "a second run must change nothing"
    assert snapshot(repo) == before
    assert "All checks passed!" in result.output


def test_remaining_display_only_findings_exit_1_unless_exit_zero(tmp_path):
    (tmp_path / "geo.py").write_text("for node in gl.geonodes.list():\n    print(node.url)\n")
    assert run("fix", str(tmp_path)).exit_code == 1
    assert run("fix", "--exit-zero", str(tmp_path)).exit_code == 0


def test_exit_zero_after_changing_files(repo):
    assert run("fix", "--exit-zero", ".").exit_code == 0
    assert (repo / "runners.py").read_text() == RUNNER_FIXED


def test_check_fix_is_fix(repo):
    result = run("check", "--fix", ".")
    assert result.exit_code == 1
    assert (repo / "runners.py").read_text() == RUNNER_FIXED
    assert "1 fixed, 1 remaining" in result.output


def test_json_output_of_remaining_findings(repo):
    result = run("fix", "--output-format", "json", ".")
    assert [f["code"] for f in json.loads(result.stdout)] == ["MIG010"]
    assert "1 fixed, 1 remaining" in result.stderr


def test_check_json_output_carries_the_edits(repo):
    data = json.loads(run("check", "--output-format", "json", ".").stdout)
    runner = next(f for f in data if f["code"] == "MIG060")
    assert runner["fix"]["edits"] == [
        {"content": "not runner.paused", "location": {"row": 2, "column": 4}, "end_location": {"row": 2, "column": 17}}
    ]
    merged = next(f for f in data if f["code"] == "MIG010")
    assert merged["fix"]["edits"][0]["content"] == "merge_user"


# ---------------------------------------------------------------- --diff
def test_diff_prints_writes_nothing_and_exits_1(repo):
    before = snapshot(repo)
    result = run("fix", "--diff", ".")
    assert result.exit_code == 1
    assert snapshot(repo) == before
    assert "--- a/runners.py\n+++ b/runners.py\n" in result.stdout
    assert "-if runner.active:\n+if not runner.paused:\n" in result.stdout
    assert "Would fix 1 finding." in result.stderr


def test_diff_with_nothing_to_fix_exits_0(tmp_path):
    (tmp_path / "ok.py").write_text(RUNNER_FIXED)
    result = run("fix", "--diff", str(tmp_path))
    assert result.exit_code == 0
    assert result.stdout == ""


# ---------------------------------------------------------------- what a written file keeps
def test_crlf_bom_and_mode_are_kept(tmp_path):
    path = tmp_path / "runners.py"
    path.write_bytes(b"\xef\xbb\xbf" + RUNNER_ACTIVE.replace("\n", "\r\n").encode())
    path.chmod(0o754)
    run("fix", str(path))
    assert path.read_bytes() == b"\xef\xbb\xbf" + RUNNER_FIXED.replace("\n", "\r\n").encode()
    assert stat.S_IMODE(path.stat().st_mode) == 0o754


def test_write_is_atomic(repo, monkeypatch):
    def fail(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    result = run("fix", ".")
    assert result.exit_code == 2
    assert "runners.py: cannot write: No space left on device" in result.stderr
    assert (repo / "runners.py").read_text() == RUNNER_ACTIVE
    assert sorted(p.name for p in repo.iterdir()) == ["clean.py", "mrs.py", "runners.py"]  # no temp file left


def test_result_that_does_not_parse_leaves_the_file_untouched(repo, monkeypatch):
    def broken(text, findings):
        return {f: (Edit("runner.(", *f.range),) for f in findings}

    monkeypatch.setattr(migrator.fix.python, "edits", broken)
    result = run("fix", ".")
    assert result.exit_code == 2
    assert (repo / "runners.py").read_text() == RUNNER_ACTIVE
    assert "runners.py: not fixed, file left unchanged: the fixes (MIG060) left code that does not parse" in result.stderr
    assert "runners.py:2:4: MIG060 [*]" in result.output  # still reported


@pytest.mark.parametrize(("kind", "good", "bad"), [
    ("python", "x = {'a': 1}\n", "x = {'a': 1,,}\n"),
    ("ci", "job:\n  script: [a, b]\n", "job:\n  script: [a, b\n"),
    ("cassette", "interactions: []\n", "interactions: [\n"),
    ("json", '{"a": [1, 2]}', '{"a": [1, 2}'),
    ("json", '{"a": 1}\n{"b": 2}\n', '{"a": 1}\n{"b": 2\n'),
])
def test_every_kind_is_checked_to_parse_after_its_edits(kind, good, bad):
    assert parse_problem(kind, good) is None
    assert parse_problem(kind, bad)


# ---------------------------------------------------------------- overlapping edits
def finding(row: int, col: int) -> Finding:
    return Finding("MIG000", "test", None, "m", "low", "bare", "x.py", Span.of(row, col, row, col + 1),
                   range=(col - 1, col))


def test_overlapping_edits_first_wins_the_other_waits():
    text = "abcdef\n"
    first, second, third = finding(1, 1), finding(1, 3), finding(1, 5)
    proposals = {
        second: (Edit("X", 2, 4),),
        first: (Edit("Y", 0, 3),),  # overlaps second
        third: (Edit("Z", 4, 5), Edit("W", 5, 6)),  # touches, does not overlap
    }
    chosen = choose(proposals, text)
    assert [f for f, _ in chosen] == [first, third]
    assert apply_edits(text, [e for _, edits in chosen for e in edits]) == "YdZW\n"


def test_a_finding_whose_own_edits_overlap_is_skipped():
    lone = finding(1, 1)
    assert choose({lone: (Edit("a", 0, 2), Edit("b", 1, 3))}, "abcd") == []


def chosen_pairwise(proposals: dict[Finding, tuple[Edit, ...]]) -> list[Finding]:
    """The rule `choose` keeps, written the plain way: in file order, a finding goes in when none
    of its edits clashes (overlaps, or starts where another starts) with its own or those taken."""
    def clash(a, b):
        return a[0] == b[0] or (a[0] < b[1] and b[0] < a[1])

    taken, out = [], []
    for f in sorted(proposals, key=lambda f: f.sort_key):
        ranges = [(e.start, e.end) for e in proposals[f]]
        pairs = [(a, b) for i, a in enumerate(ranges) for b in ranges[i + 1:] + taken]
        if not any(clash(a, b) for a, b in pairs):
            taken += ranges
            out.append(f)
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 4)), min_size=1, max_size=3), max_size=25))
def test_choose_keeps_what_the_pairwise_rule_keeps(edit_lists):
    proposals = {finding(1, column + 1): tuple(Edit("x", start, start + width) for start, width in edits)
                 for column, edits in enumerate(edit_lists)}
    assert [f for f, _ in choose(proposals, "." * 40)] == chosen_pairwise(proposals)


def test_twenty_thousand_edits_on_one_line_are_chosen_and_applied_in_one_go():
    text = "scope=active; " * 20_000
    proposals = {finding(1, 14 * i + 7): (Edit("paused=false", 14 * i, 14 * i + 12),) for i in range(20_000)}
    chosen = choose(proposals, text)
    assert len(chosen) == 20_000
    assert apply_edits(text, [e for _, edits in chosen for e in edits]) == "paused=false; " * 20_000


def test_overlapping_fixes_converge_over_passes(tmp_path):
    path = tmp_path / "inventory.py"
    path.write_text('runner = gl.runners.get(1)\nrunner_data = {"active": runner.active, "id": 1}\n')
    # The key's fix rests on the dict's name alone, so it is unsafe; both apply with --unsafe-fixes.
    result = run("fix", "--unsafe-fixes", str(path))
    assert path.read_text() == 'runner = gl.runners.get(1)\nrunner_data = {"paused": runner.paused, "id": 1}\n'
    assert "2 fixed, 0 remaining" in result.output


# ---------------------------------------------------------------- which files are written
def test_only_files_under_the_given_paths_are_written(repo):
    run("fix", "--unsafe-fixes", "runners.py")
    assert (repo / "runners.py").read_text() == RUNNER_FIXED
    assert (repo / "mrs.py").read_text() == MERGED_BY


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlinks_never_lead_a_write_out_of_the_tree(tmp_path):
    outside, tree = tmp_path / "outside", tmp_path / "tree"
    outside.mkdir()
    tree.mkdir()
    (outside / "target.py").write_text(RUNNER_ACTIVE)
    (tree / "link.py").symlink_to(outside / "target.py")
    (tree / "linkdir").symlink_to(outside, target_is_directory=True)
    run("fix", str(tree))
    run("fix", str(tree / "link.py"))
    assert (outside / "target.py").read_text() == RUNNER_ACTIVE
    assert (tree / "link.py").is_symlink()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_symlink_inside_the_tree_is_written_through(tmp_path):
    (tmp_path / "real.py").write_text(RUNNER_ACTIVE)
    (tmp_path / "alias.py").symlink_to(tmp_path / "real.py")
    run("fix", str(tmp_path))
    assert (tmp_path / "alias.py").is_symlink()
    assert (tmp_path / "real.py").read_text() == RUNNER_FIXED


def test_a_runner_only_by_its_name_is_not_rewritten_by_a_safe_fix(tmp_path):
    """An application's own TaskRunner is a runner only by its name: `fix` reports it but
    rewrites it only with --unsafe-fixes."""
    path = tmp_path / "tasks.py"
    before = (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass TaskRunner:\n    active: bool = False\n\n\n"
        "def start(task_runner: TaskRunner) -> None:\n    task_runner.active = True\n"
    )
    path.write_text(before)
    result = run("fix", str(path))
    assert path.read_text() == before
    assert "0 fixed, 1 remaining" in result.output
    assert "only the name says this is a runner" in run("check", "--output-format", "json", str(path)).output
