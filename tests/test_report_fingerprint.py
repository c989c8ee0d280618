"""Fingerprints (migrator/report/fingerprint.py): code, path, the matched text and an occurrence
index, no line numbers. The Code Quality report, SARIF and the baseline use them."""

from __future__ import annotations

from dataclasses import replace

from migrator.report.fingerprint import fingerprint, fingerprints, matched_text, path_of

RUNNERS = "runner = gl.runners.get(1)\nprint(runner.active)\nprint(runner.active)\nprint(runner.ip_address)\n"


def findings(check, tmp_path, monkeypatch, code: str):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "runners.py").write_text(code)
    return check(code, filename="runners.py")


def test_the_matched_text_is_what_the_span_covers_with_whitespace_collapsed(check, tmp_path, monkeypatch):
    (found,) = findings(check, tmp_path, monkeypatch, "runner = gl.runners.get(1)\nx = runner .  active\n")
    assert matched_text(found) == "runner . active"


def test_without_a_source_line_the_message_stands_in(check):
    (finding,) = check("runner = gl.runners.get(1)\nx = runner.active\n")
    finding = replace(finding, source_line="")  # as in a merged result that did not record it
    assert matched_text(finding) == finding.message


def test_equal_findings_in_one_file_differ_by_their_occurrence_index(check, tmp_path, monkeypatch):
    first, second, _ = fingerprints(findings(check, tmp_path, monkeypatch, RUNNERS))
    assert first != second


def test_lines_added_above_change_no_fingerprint(check, tmp_path, monkeypatch):
    before = fingerprints(findings(check, tmp_path, monkeypatch, RUNNERS))
    after = fingerprints(findings(check, tmp_path, monkeypatch, "import os\n\n" + RUNNERS))
    assert after == before


def test_fixing_one_finding_leaves_the_others_alone(check, tmp_path, monkeypatch):
    before = fingerprints(findings(check, tmp_path, monkeypatch, RUNNERS))
    fixed = RUNNERS.replace("print(runner.ip_address)\n", "")
    assert fingerprints(findings(check, tmp_path, monkeypatch, fixed)) == before[:2]


def test_the_path_is_the_one_a_ci_system_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert path_of("./src/../src/a.py") == "src/a.py"
    assert path_of(str(tmp_path / "src" / "a.py")) == "src/a.py"
    assert path_of("/elsewhere/a.py") == "/elsewhere/a.py"


def test_the_fingerprint_is_a_sha256_of_its_four_parts(check, tmp_path, monkeypatch):
    (finding,) = findings(check, tmp_path, monkeypatch, "runner = gl.runners.get(1)\nx = runner.active\n")
    import hashlib

    assert fingerprint(finding, 0) == hashlib.sha256(b"MIG060\0runners.py\0runner.active\x000").hexdigest()
