"""Issue 9, "a file makes the run hang": each input must let the run end (the subprocess's outer
timeout turns a hang into a failure; nothing here measures time). What is not a regular file is
skipped with a warning; a file over the size limit is a parse-error finding; scanning is linear,
so long lines under the limit are checked in full."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from migrator.app.fix import Roots
from migrator.ignores import Ignores
from migrator.kinds.ci import wildcard
from tests import hostile_inputs as h
from tests.hostile_run import check_json, migrator

CLEAN = {"clean.py": ["MIG060"]}
LIMIT = 100_000  # bytes: the size limit the size cases configure, so their inputs stay small


def git_init(directory) -> None:
    subprocess.run(["git", "init", "-q", str(directory)], check=True)


@pytest.mark.parametrize("git", [False, True], ids=["no-git", "in-git"])
def test_a_gitignore_pattern_that_backtracks_is_matched_in_linear_time(tmp_path, git):
    if git:
        git_init(tmp_path)
    h.backtracking_gitignore(tmp_path, stars=12, length=250)
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path)
    assert (outcome.status, outcome.codes_by_file()) == (1, CLEAN)


def test_the_fallback_matcher_keeps_gitignore_semantics(tmp_path):
    (tmp_path / ".gitignore").write_text("*.log\n!keep.log\nbuild/\n[z-a]\n")
    ignores = Ignores()
    assert ignores.ignored(tmp_path / "x.log", is_dir=False)
    assert not ignores.ignored(tmp_path / "keep.log", is_dir=False)
    assert ignores.ignored(tmp_path / "build", is_dir=True)
    assert not ignores.ignored(tmp_path / "x.py", is_dir=False)


def test_in_a_work_tree_git_decides_with_info_exclude_and_nested_gitignores(tmp_path):
    git_init(tmp_path)
    (tmp_path / ".git" / "info" / "exclude").write_text("secret.py\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / ".gitignore").write_text("gen_*.py\n")
    for name in ("secret.py", "sub/gen_a.py", "sub/kept.py"):
        h.clean_python(tmp_path, name)
    outcome = check_json(tmp_path)
    assert outcome.codes_by_file() == {"sub/kept.py": ["MIG060"]}


def test_a_ci_include_glob_of_many_double_stars_is_expanded_by_one_walk(tmp_path):
    h.ci_include_glob(tmp_path, stars=12, depth=40)
    outcome = check_json(tmp_path)
    [(name, codes)] = outcome.codes_by_file().items()
    assert name == "d/" * 40 + "job.yml" and sorted(codes) == ["MIG001", "MIG062"]


@pytest.mark.parametrize("pattern, matched", [
    ("**/*.yml", ["a.yml", "d/b.yml", "d/e/c.yml"]),
    ("d/*.yml", ["d/b.yml"]),
    ("**/**/**/**/c.yml", ["d/e/c.yml"]),
    ("{a,d/b}.yml", ["a.yml", "d/b.yml"]),
    ("?.yml", ["a.yml"]),
])
def test_include_wildcards_match_as_gitlab_matches_them(pattern, matched):
    names = ["a.yml", "d/b.yml", "d/e/c.yml", "x.yaml"]
    assert [n for n in names if wildcard(pattern).fullmatch(n)] == matched


@pytest.mark.parametrize("writer", [h.fifo, h.zero_device], ids=["fifo", "device"])
def test_what_is_not_a_regular_file_is_skipped_with_a_warning(tmp_path, writer):
    if writer is h.zero_device and not h.ROOT_IGNORES_MODES:
        pytest.skip("mknod needs root")
    name = writer(tmp_path).name
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path)
    assert (outcome.status, outcome.codes_by_file()) == (1, CLEAN)
    assert f"warning: {name}: skipped: a " in outcome.stderr and "not a regular file" in outcome.stderr


def test_check_dev_zero_says_it_skipped_it(tmp_path):
    outcome = migrator("check", "/dev/zero", cwd=tmp_path)
    assert outcome.status == 0
    assert "warning: /dev/zero: skipped: a character device, not a regular file" in outcome.stderr


@pytest.mark.parametrize("writer", [h.long_shell_line, h.long_ci_line, h.long_jq_pipeline, h.large_json,
                                    h.large_jsonl, h.large_proto])
def test_a_file_over_the_size_limit_is_a_parse_error_that_says_so(tmp_path, writer):
    (tmp_path / "migrator.toml").write_text(f"max-file-size = {LIMIT}\n")
    name = writer(tmp_path, LIMIT + 1).name
    h.clean_python(tmp_path)
    outcome = check_json(tmp_path)
    assert (outcome.status, outcome.codes_by_file()) == (1, {name: ["MIG999"], **CLEAN})
    assert "larger than the size limit" in next(f for f in outcome.findings if f["code"] == "MIG999")["message"]


@pytest.mark.parametrize("writer", [h.long_shell_line, h.long_ci_line, h.long_jq_pipeline])
def test_a_long_line_under_the_limit_is_scanned_in_full(tmp_path, writer):
    text = writer(tmp_path, 200_000).read_text()
    outcome = migrator("check", "--statistics", ".", cwd=tmp_path)
    assert outcome.status == 1
    found = int(re.search(r"Found (\d+) findings", outcome.stdout).group(1))
    assert found >= text.count("runners?scope=active") + text.count(".active ==") > 1000


def test_fix_rewrites_every_finding_of_a_long_shell_line_and_a_second_fix_changes_nothing(tmp_path):
    script = h.long_shell_line(tmp_path, 200_000)
    count = script.read_text().count("runners?scope=active")
    first = migrator("fix", "--no-cache", ".", cwd=tmp_path)
    assert f"({count} fixed, 0 remaining)" in first.stdout
    fixed = script.read_text()
    assert "scope=active" not in fixed and fixed.count("runners?paused=false") == count
    second = migrator("fix", "--no-cache", ".", cwd=tmp_path)
    assert (second.status, script.read_text()) == (0, fixed)


def test_a_long_ci_script_line_with_thousands_of_findings_is_reported_not_rewritten(tmp_path):
    """Each fix inside a YAML string is checked by decoding the whole string: past a budget of
    string decoded per string, its findings are reported without edits, never after an hour."""
    ci = h.long_ci_line(tmp_path, 200_000)
    before = ci.read_text()
    count = before.count("runners?scope=active")
    fixed = migrator("fix", "--no-cache", ".", cwd=tmp_path)
    assert f"(0 fixed, {count} remaining)" in fixed.stdout
    assert ci.read_text() == before
    shown = check_json(tmp_path)
    assert len(shown.findings) == count and all(f["fix"]["edits"] == [] for f in shown.findings)


def test_a_ci_script_line_with_a_few_findings_is_still_rewritten(tmp_path):
    ci = h.long_ci_line(tmp_path, 2_000)
    count = ci.read_text().count("runners?scope=active")
    fixed = migrator("fix", "--no-cache", ".", cwd=tmp_path)
    assert f"({count} fixed, 0 remaining)" in fixed.stdout
    assert ci.read_text().count("runners?paused=false") == count


def test_reports_leave_out_a_source_line_too_long_to_repeat_per_finding(check):
    from migrator.report.jsonout import as_dict

    long = "echo " + "x" * 2000 + '; curl -s "$CI_API_V4_URL/geo_nodes"\n'
    short = 'curl -s "$CI_API_V4_URL/geo_nodes"\n'
    assert [as_dict(f)["source_line"] for f in check(long, "shell", "a.sh")] == [""]
    assert [as_dict(f)["source_line"] for f in check(short, "shell", "a.sh")] == [short.rstrip()]


def test_audit_log_has_no_size_limit(tmp_path):
    (tmp_path / "migrator.toml").write_text("max-file-size = 100\n")
    log = h.audit_log(tmp_path)
    outcome = migrator("audit-log", log.name, cwd=tmp_path)
    assert outcome.status == 1 and "2 requests in 2 lines" in outcome.stdout


def test_roots_find_each_of_many_named_files_by_its_own_directory(tmp_path):
    files = h.clean_tree(tmp_path, 300, per_directory=True)
    roots = Roots([str(f) for f in files])
    assert all(roots.target(f) == f.resolve() for f in files)
    outside = tmp_path / "elsewhere.py"
    outside.write_text("x = 1\n")
    assert roots.target(outside) is None


def test_jobs_are_capped_at_the_files_and_the_processors():
    from migrator.app.runner import workers

    assert workers(2000, 100) == min(100, os.cpu_count() or 1)
    assert workers(2000, 1) == 1
    assert workers(0, 10_000) == (os.cpu_count() or 1)


def test_a_dict_of_60000_keys_is_checked_in_memory_that_grows_with_it_not_its_square(tmp_path):
    """Each key's touch knows its siblings; were they copied per key (details.others), 60,000 keys
    would take 60,000² references (29 GB; 30,000 took 7 GB and 30 s): the run could not end."""
    body = "".join(f'    "key{i}": {i},\n' for i in range(60_000))
    (tmp_path / "table.py").write_text("print(runner.active)\nTABLE = {\n" + body + "}\n")
    outcome = migrator("check", "--no-cache", "--output-format", "json", ".", cwd=tmp_path)
    assert outcome.status == 1 and outcome.stderr == ""
    assert {f["code"] for f in json.loads(outcome.stdout)} == {"MIG060"}
