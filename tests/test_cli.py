"""The command line contract: ruff's layout and flags, exit codes, JSON shape, errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from migrator.cli import main

RUNNER_ACTIVE = 'runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n'
MERGED_BY = 'mr = project.mergerequests.get(1)\nwho = mr.merged_by\n'


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def repo(tmp_path, monkeypatch):
    (tmp_path / "runners.py").write_text(RUNNER_ACTIVE)
    (tmp_path / "mrs.py").write_text(MERGED_BY)
    (tmp_path / "clean.py").write_text("import sys\nprint(sys.version)\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_no_findings_exits_0_and_says_so(tmp_path, monkeypatch):
    (tmp_path / "ok.py").write_text("runner = gl.runners.get(1)\nprint(runner.paused)\n")
    monkeypatch.chdir(tmp_path)
    result = run("check")
    assert result.exit_code == 0
    assert "All checks passed!" in result.output


def test_findings_print_in_ruff_layout_and_exit_1(repo):
    result = run("check", ".")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert "mrs.py:2:7: MIG010 `merged_by` on a merge request is removed in API v5; use `merge_user`" in lines
    assert re.search(r"^runners\.py:2:4: MIG060 \[\*\] ", result.output, re.M)
    assert "Found 2 findings (3 files checked)." in lines


def test_exit_zero_keeps_the_report(repo):
    result = run("check", "--exit-zero")
    assert result.exit_code == 0
    assert "Found 2 findings (3 files checked)." in result.output


def test_json_output_contract(repo):
    result = run("check", "--output-format", "json", ".")
    data = json.loads(result.stdout)
    assert [(d["filename"], d["location"]["row"]) for d in data] == [("mrs.py", 2), ("runners.py", 2)]
    first = data[0]
    assert set(first) >= {"code", "name", "item", "message", "severity", "evidence", "filename", "location",
                          "end_location", "url", "fix"}
    assert first["location"] == {"row": 2, "column": 7}
    assert first["end_location"] == {"row": 2, "column": 19}
    assert first["item"] == "merge-request-merged-by"
    assert first["evidence"] == "typed"
    assert first["fix"]["applicability"] == "unsafe"
    assert data[1]["fix"]["applicability"] == "safe"


def test_filenames_are_reported_as_the_user_passed_them(repo):
    result = run("check", "--output-format", "json", "runners.py", str(repo / "mrs.py"))
    names = {d["filename"] for d in json.loads(result.stdout)}
    assert names == {"runners.py", str(repo / "mrs.py")}


def test_select_and_ignore_take_codes_and_prefixes(repo):
    assert "MIG010" not in run("check", "--select", "MIG06").output
    assert "MIG060" in run("check", "--select", "MIG06").output
    assert "MIG060" not in run("check", "--ignore", "MIG060,MIG061").output
    assert "MIG010" in run("check", "--ignore", "MIG060,MIG061").output


def test_unknown_rule_code_is_a_usage_error(repo):
    result = run("check", "--select", "XYZ123")
    assert result.exit_code == 2
    assert "XYZ123" in result.output


def test_missing_path_is_a_usage_error(repo):
    assert run("check", "does-not-exist").exit_code == 2


def test_statistics_count_per_rule(repo):
    result = run("check", "--statistics")
    assert re.search(r"^1\tMIG010\t\[ \] merged-by$", result.output, re.M)
    assert re.search(r"^1\tMIG060\t\[\*\] runner-active-field$", result.output, re.M)


def test_a_file_that_does_not_parse_is_one_finding_and_the_run_goes_on(repo):
    (repo / "broken.py").write_text("def f(:\n    mr.merged_by\n")
    result = run("check", "--output-format", "json")
    data = json.loads(result.stdout)
    broken = [d for d in data if d["filename"] == "broken.py"]
    assert [d["code"] for d in broken] == ["MIG999"]
    assert "SyntaxError" in broken[0]["message"]
    assert {d["filename"] for d in data} == {"broken.py", "mrs.py", "runners.py"}


def test_a_file_that_is_not_utf8_is_one_finding(repo):
    (repo / "latin.py").write_bytes(b"name = '\xe9'\nmr.merged_by\n")
    data = json.loads(run("check", "--output-format", "json").stdout)
    assert [d["code"] for d in data if d["filename"] == "latin.py"] == ["MIG999"]


def test_a_scanner_crash_on_one_file_is_reported_and_the_rest_is_checked(repo, monkeypatch):
    from migrator.kinds import FileKind

    real = FileKind.scan

    def flaky(kind, text, model, spots=None):
        if "merged_by" in text:
            raise RuntimeError("boom")
        return real(kind, text, model, spots)

    monkeypatch.setattr(FileKind, "scan", flaky)
    result = run("check", ".")
    assert result.exit_code == 2
    assert "mrs.py: internal error while scanning: RuntimeError: boom" in result.output
    assert "runners.py:2:4: MIG060" in result.output


def test_noqa_suppresses_a_finding(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text(
        "mr = project.mergerequests.get(1)\nwho = mr.merged_by  # noqa: MIG010\nst = mr.merge_status  # noqa\n"
        "x = mr.merged_by  # noqa: MIG011\n"
    )
    monkeypatch.chdir(tmp_path)
    data = json.loads(run("check", "--output-format", "json").stdout)
    # MIG011 on line 4 suppresses nothing: the unused-suppression rule says so
    assert [(d["code"], d["location"]["row"]) for d in data] == [("MIG010", 4), ("MIG900", 4)]


def test_python_dash_m_behaves_as_the_command(repo):
    result = subprocess.run([sys.executable, "-m", "migrator", "check", "runners.py"], capture_output=True, text=True)
    assert result.returncode == 1
    assert "runners.py:2:4: MIG060" in result.stdout


def test_rule_explains_one_rule():
    result = run("rule", "MIG060")
    assert result.exit_code == 0
    for heading in ("What it detects", "Why v5 breaks it", "What to do instead", "Fix: safe", "Versioning item: runner-active",
                    "Releases: deprecated in 14.8"):
        assert heading in result.output


def test_rule_all_lists_every_rule_as_json(table):
    data = json.loads(run("rule", "--all", "--output-format", "json").stdout)
    assert [d["code"] for d in data] == [r.code for r in table.known]
    assert all(d["what"] and d["why"] and d["instead"] for d in data)


def test_rule_unknown_code_is_a_usage_error():
    assert run("rule", "MIG000").exit_code == 2


def test_target_version_shows_fixes_whose_replacement_came_later(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text('requests.post(f"{API}/api/v4/projects/{pid}/approvals", '
                                   'json={"require_password_to_approve": True})\n')
    monkeypatch.chdir(tmp_path)
    assert "MIG090 [*]" in run("check").output
    gated = run("check", "--target-version", "16.11", "--output-format", "json")
    (finding,) = json.loads(gated.stdout)
    assert finding["fix"]["applicability"] == "display-only"
    assert "needs GitLab 17.1" in finding["fix"]["message"]
    assert "MIG090 [*]" in run("check", "--target-version", "17.1").output
    assert run("check", "--target-version", "latest").exit_code == 2


def test_code_nested_too_deeply_is_a_parse_error_and_the_run_goes_on(tmp_path, monkeypatch):
    (tmp_path / "deep.py").write_text("x = " + " + ".join(["1"] * 3000) + "\nprint(runner.active)\n")
    (tmp_path / "deep_and.py").write_text("y = " + " and ".join(["a"] * 3000) + "\n")
    (tmp_path / "ok.py").write_text(MERGED_BY)
    monkeypatch.chdir(tmp_path)
    data = json.loads(run("check", "--output-format", "json").stdout)
    assert [(d["filename"], d["code"]) for d in data] == [("deep.py", "MIG999"), ("ok.py", "MIG010")]
    assert "nested too deeply" in data[0]["message"] or "SyntaxError" in data[0]["message"]


def test_an_internal_error_never_ends_with_all_checks_passed(repo, monkeypatch):
    from migrator.kinds import FileKind

    monkeypatch.setattr(FileKind, "scan", lambda kind, text, model, spots=None: (_ for _ in ()).throw(RuntimeError("boom")))
    result = run("check", ".")
    assert result.exit_code == 2
    assert "All checks passed!" not in result.output
    assert "could not be checked" in result.output


def test_a_python_file_in_the_encoding_its_coding_cookie_declares_is_checked(tmp_path, monkeypatch):
    (tmp_path / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\nname = '\xe9'; mr = project.mergerequests.get(1)\n"
                                        b"who = mr.merged_by\n")
    monkeypatch.chdir(tmp_path)
    data = json.loads(run("check", "--output-format", "json").stdout)
    assert [(d["code"], d["location"]["row"]) for d in data] == [("MIG010", 3)]


def test_check_never_imports_libcst(repo):
    """Start-up stays small: libcst is loaded only when a fix is computed."""
    probe = ("import sys\nfrom migrator.cli import main\n"
             "try:\n    main(['check', '.'], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
             "print('LIBCST' if 'libcst' in sys.modules else 'NO-LIBCST')\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=repo).stdout
    assert out.strip().endswith("NO-LIBCST")


@pytest.mark.parametrize("cache", [[], ["--no-cache"]])
def test_a_check_of_python_files_imports_no_other_file_kind_no_baseline_and_no_sdk_pins(repo, cache):
    """A pre-commit run on a few Python files pays for what it meets: the Python kind (and the CI
    and recording kinds discovery reads itself), no host's or client language's kind, no baseline,
    no manifest reader."""
    probe = ("import sys\nfrom migrator.cli import main\n"
             f"try:\n    main(['check', *{cache!r}, '.'], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
             "print(' '.join(sorted(m for m in sys.modules if m.startswith('migrator.'))))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=repo).stdout
    imported = set(out.split())
    from migrator import kinds

    assert {m for m in imported if m.removeprefix("migrator.kinds.") in kinds.MODULES} == {
        "migrator.kinds.python", "migrator.kinds.ci", "migrator.kinds.cassette"}
    assert not {m for m in imported if m.startswith(("migrator.baseline", "migrator.pins"))}


def test_rule_from_the_services_documentation_says_it_is_not_in_the_spec():
    result = run("rule", "MIG430")
    assert "Item: runner-scope-deprecated" in result.output
    assert "not in the spec: from the service's own documentation" in result.output
    assert "Releases: none involved" in result.output
