"""``--output-format junit``: JUnit XML with one test case per file and a failure per finding,
always well-formed, whatever the scanned text holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from migrator.report.junit import xml_text

from .reporting import check, repo  # noqa: F401 - the fixture


def junit(*args: str) -> ET.Element:
    return ET.fromstring(check("--output-format", "junit", *args).output.encode())


def test_one_testcase_per_file_and_one_failure_per_finding(repo):
    root = junit()
    (suite,) = root
    assert (root.tag, suite.tag, suite.get("tests"), suite.get("failures")) == ("testsuites", "testsuite", "3", "3")
    cases = {case.get("name"): [f.get("type") for f in case] for case in suite.iter("testcase")}
    assert cases == {".gitlab-ci.yml": ["MIG001"], "mrs.py": ["MIG010", "MIG011"], "runners.py": ["MIG060"]}


def test_a_failure_says_where_and_what(repo):
    failure = junit("runners.py").find("testsuite/testcase/failure")
    assert failure.get("message") == ("2:4: MIG060 `active` on a runner is removed in API v5; use `paused` (paused "
                                      "is the negation of active)")
    assert failure.text.startswith("runners.py:2:4: MIG060 ")


def test_no_findings_is_an_empty_passing_suite(repo):
    (repo / "ok.py").write_text("print('ok')\n")
    assert junit("ok.py").find("testsuite").get("tests") == "0"


def test_characters_xml_cannot_hold_are_written_as_escapes():
    assert xml_text("a\x1bb\x00c\ud800d\ufffe\ttab") == "a\\x1bb\\x00c\\ud800d\\ufffe\ttab"


def test_a_file_name_with_control_characters_still_gives_well_formed_xml(repo):
    (repo / "t\x1b[31m\x07.py").write_text("runner = gl.runners.get(1)\nrunner.active\n")
    case = junit("--select", "MIG060").find("testsuite/testcase[@name='t\\x1b[31m\\x07.py']")
    assert case is not None
