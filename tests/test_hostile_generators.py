"""The writers of tests/hostile_inputs.py write what they claim: the right shape, nesting and size,
and (for the ordinary files beside the hostile ones) the findings the benchmark counts on."""

from __future__ import annotations

import gzip
import json
import os
import stat
import time
import zlib

import pytest

from migrator.auditlog import audit
from tests import hostile_inputs as h


def test_clean_python_has_the_one_finding_the_benchmark_counts(check):
    findings = check(h.CLEAN_PYTHON)
    assert [f.code for f in findings] == ["MIG060"]
    assert len(findings) == h.CLEAN_FINDINGS


@pytest.mark.parametrize("text, kind, filename, count", [
    (h.SHELL_SCRIPT, "shell", "lf.sh", 6),
    (h.CI_YAML, "ci", ".gitlab-ci.yml", 2),
    (h.TELEMETRY_PROTO, "proto", "lf.proto", 5),
    (h.RESPONSES_RECORDING, "cassette", "plain.yaml", 3),
])
def test_ordinary_twins_have_the_findings_their_comments_claim(check, text, kind, filename, count):
    assert len(check(text, kind, filename)) == count


def test_good_audit_log_lines_are_two_reported_requests(tmp_path, table):
    report = audit([str(h.audit_log(tmp_path))], table)
    assert (report.lines, report.malformed, report.matched) == (2, 0, 2)


def test_clean_tree_puts_each_file_in_its_own_directory_when_asked(tmp_path):
    files = h.clean_tree(tmp_path, 5, per_directory=True)
    assert len({f.parent for f in files}) == 5
    assert all(f.read_text() == h.CLEAN_PYTHON for f in files)


@pytest.mark.parametrize("writer, prefix", [
    (h.deep_yaml_ci, f"# {h.RUNNER_SCOPE_CURL}\n"),
    (h.deep_yaml_cassette, f"# {h.RUNNER_SCOPE_CURL}\ninteractions: "),
])
def test_deep_yaml_is_nested_as_deep_as_asked(tmp_path, writer, prefix):
    text = writer(tmp_path, depth=1000).read_text()
    assert text == prefix + "[" * 1000 + "]" * 1000 + "\n"


def test_symlink_loop_points_at_itself(tmp_path):
    link = h.symlink_loop(tmp_path)
    assert link.is_symlink() and os.readlink(link) == link.name
    with pytest.raises(RuntimeError, match="Symlink loop"):
        link.resolve()


@pytest.mark.parametrize("line", h.BAD_GITIGNORE_LINES)
def test_bad_gitignore_holds_the_line(tmp_path, line):
    assert h.bad_gitignore(tmp_path, line).read_text() == line + "\n"


def test_unreadable_gitignore_and_directory_have_no_permissions(tmp_path):
    gitignore, directory = h.unreadable_gitignore(tmp_path), h.unreadable_directory(tmp_path)
    assert stat.S_IMODE(gitignore.stat().st_mode) == 0 and stat.S_IMODE(directory.stat().st_mode) == 0
    directory.chmod(0o700)
    assert (directory / "clean.py").read_text() == h.CLEAN_PYTHON


@pytest.mark.parametrize("writer, unit, count", [
    (h.python_minus_chain, "-", 100_000), (h.python_not_chain, "not ", 50_000),
    (h.python_lambda_chain, "lambda: ", 5_000),
])
def test_python_chains_repeat_their_unit_before_runner_active(tmp_path, writer, unit, count):
    assert writer(tmp_path).read_text() == "X = " + unit * count + "runner.active\n"


def test_corrupt_gzip_log_has_a_good_member_then_a_bad_block(tmp_path):
    data = h.audit_log_corrupt_gzip(tmp_path).read_bytes()
    first = zlib.decompressobj(wbits=31)
    assert first.decompress(data).decode() == h.AUDIT_LINES
    with pytest.raises(zlib.error, match="invalid block type"):
        gzip.decompress(first.unused_data)


def test_deep_log_line_sits_between_good_lines(tmp_path):
    lines = h.audit_log_deep_line(tmp_path, depth=500).read_text().splitlines()
    assert len(lines) == 5 and lines[2] == "[" * 500 + "]" * 500
    assert all(json.loads(line) for line in lines[:2] + lines[3:])


def test_backtracking_gitignore_and_the_name_it_does_not_match(tmp_path):
    name = h.backtracking_gitignore(tmp_path)
    assert (tmp_path / ".gitignore").read_text() == "*a*a*a*a*a*a*c\n"
    assert name.name == "a" * 200


def test_ci_include_glob_has_its_stars_and_a_deep_tree(tmp_path):
    ci = h.ci_include_glob(tmp_path)
    assert "'**/**/**/**/**/**/*.yml'" in ci.read_text()
    assert (tmp_path.joinpath(*["d"] * 30) / "job.yml").is_file()


def test_fifo_is_a_fifo_named_like_python(tmp_path):
    assert stat.S_ISFIFO(os.lstat(h.fifo(tmp_path)).st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")
def test_zero_device_is_dev_zero_named_like_json(tmp_path):
    info = os.lstat(h.zero_device(tmp_path))
    assert stat.S_ISCHR(info.st_mode) and (os.major(info.st_rdev), os.minor(info.st_rdev)) == (1, 5)


@pytest.mark.parametrize("writer", [h.long_shell_line, h.long_ci_line, h.long_jq_pipeline])
def test_long_lines_are_over_the_size_and_hold_api_tokens(tmp_path, writer):
    text = writer(tmp_path, 20_000).read_text()
    longest = max(text.splitlines(), key=len)
    assert len(longest) >= 20_000 and "$CI_API_V4_URL/runners" in text


def test_large_json_is_one_valid_array_of_active_runners(tmp_path):
    path = h.large_json(tmp_path, 20_000)
    records = json.loads(path.read_text())
    assert path.stat().st_size >= 20_000 and all(r["active"] is True for r in records)


def test_large_jsonl_is_one_runner_per_line(tmp_path):
    path = h.large_jsonl(tmp_path, 20_000)
    assert path.stat().st_size >= 20_000
    assert all(json.loads(line)["active"] for line in path.read_text().splitlines())


def test_large_proto_is_the_contract_package_grown_to_size(tmp_path):
    path = h.large_proto(tmp_path, 20_000)
    assert path.stat().st_size >= 20_000 and path.read_text().startswith(h.TELEMETRY_PROTO)


@pytest.mark.parametrize("bom, encoding", [(True, "utf-16"), (False, "utf-16-le")])
def test_utf16_files_hold_the_ordinary_texts(tmp_path, bom, encoding):
    for path in h.utf16_files(tmp_path, bom):
        data = path.read_bytes()
        assert data.startswith(b"\xff\xfe") == bom
        assert data.decode(encoding) == h.UTF16_FILES[path.name]


@pytest.mark.parametrize("writer, text", [
    (h.cr_only_shell, h.SHELL_SCRIPT), (h.cr_only_proto, h.TELEMETRY_PROTO), (h.cr_only_ci, h.CI_YAML),
])
def test_cr_only_files_end_lines_with_cr_alone(tmp_path, writer, text):
    data = writer(tmp_path).read_bytes()
    assert b"\n" not in data and data == text.replace("\n", "\r").encode()


def test_bom_responses_starts_with_a_bom_and_its_twin_does_not(tmp_path):
    assert h.bom_responses(tmp_path).read_bytes().startswith(b"\xef\xbb\xbfresponses:")
    assert h.bom_responses(tmp_path, False, "plain.yaml").read_text() == h.RESPONSES_RECORDING


def test_terminal_escapes_are_in_values_and_names(tmp_path):
    assert h.ESCAPE in h.escape_in_values(tmp_path).read_text()
    assert h.ESCAPE in h.escape_in_file_name(tmp_path).name
    entry = json.loads(h.audit_log_escapes(tmp_path).read_text())
    assert h.ESCAPE in entry["username"] and h.ESCAPE in entry["ua"]


def test_newline_in_file_name_forges_a_finding_line(tmp_path):
    assert f"\n{h.FORGED}\n" in h.newline_in_file_name(tmp_path).name


def test_non_utf8_file_name_is_raw_bytes(tmp_path):
    path = h.non_utf8_file_name(tmp_path)
    assert os.fsencode(path.name) == b"caf\xe9.sh" and path.read_text() == h.RUNNER_SCOPE_CURL + "\n"


def test_stale_temp_file_is_named_as_fix_names_them_and_aged(tmp_path):
    target = h.clean_python(tmp_path)
    temp = h.stale_temp_file(tmp_path, target, age=3600)
    assert temp.name.startswith(".clean.py.") and temp.name.endswith(".migrator")
    assert time.time() - temp.stat().st_mtime >= 3600


def test_unwritable_tree_is_read_only(tmp_path):
    files = h.unwritable_tree(tmp_path / "locked", count=3)
    assert len(files) == 3 and stat.S_IMODE((tmp_path / "locked").stat().st_mode) == 0o555
