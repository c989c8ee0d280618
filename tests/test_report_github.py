"""``--output-format github``: GitHub Actions workflow commands, as ruff writes them, escaped so
scanned text cannot end a command early or start another."""

from __future__ import annotations

from migrator.report.github import escape_data, escape_property

from .reporting import check, repo  # noqa: F401 - the fixture


def test_one_annotation_per_finding_with_its_span(repo):
    assert check("--output-format", "github", "runners.py").output == (
        "::error title=migrator (MIG060),file=runners.py,line=2,col=4,endLine=2,endColumn=17::"
        "runners.py:2:4: MIG060 `active` on a runner is removed in API v5; use `paused` (paused is the negation "
        "of active)\n"
    )


def test_the_command_follows_the_severity(repo):
    (repo / "approvals.py").write_text(
        'import requests\nAPI = "https://gitlab.example.com/api/v4"\n'
        'requests.post(f"{API}/projects/{pid}/approvals", json={"require_password_to_approve": True})\n'
    )
    assert check("--output-format", "github", "approvals.py").output.startswith("::warning title=migrator (MIG090)")
    assert check("--output-format", "github", "runners.py").output.startswith("::error ")  # high


def test_message_escapes_percent_cr_and_lf():
    assert escape_data("100%\r\n::error::forged") == "100%25%0D%0A::error::forged"


def test_properties_also_escape_colon_and_comma():
    assert escape_property("a,b:c%\n") == "a%2Cb%3Ac%25%0A"


def test_a_hostile_file_name_stays_inside_its_property(repo):
    (repo / "a,line=1::x\n::warning file=y.py").mkdir(parents=True)
    (repo / "a,line=1::x\n::warning file=y.py" / "r.py").write_text("runner = gl.runners.get(1)\nrunner.active\n")
    (line,) = check("--output-format", "github", "a,line=1::x\n::warning file=y.py").output.splitlines()
    assert "file=a%2Cline=1%3A%3Ax%0A%3A%3Awarning file=y.py/r.py,line=2," in line
