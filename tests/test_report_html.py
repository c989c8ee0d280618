"""``--output-format html``: the audit report, one self-contained page, autoescaped; rendered in
headless Chromium, whose DOM must show the same totals as the JSON output."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from migrator.values import SEVERITIES

from .conftest import ROOT
from .reporting import check, repo, samples  # noqa: F401 - the fixtures

ARTIFACTS = ROOT / "test-artifacts"


class Totals(HTMLParser):
    """The text of each element that has an id, by id."""

    def __init__(self):
        super().__init__()
        self.by_id: dict[str, str] = {}
        self.open: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        self.open.append(dict(attrs).get("id"))

    def handle_endtag(self, tag):
        if self.open:
            self.open.pop()

    def handle_data(self, data):
        for key in filter(None, self.open):
            self.by_id[key] = self.by_id.get(key, "") + data


def totals(html: str) -> dict[str, str]:
    parser = Totals()
    parser.feed(html)
    return parser.by_id


def test_the_report_is_one_file_that_fetches_nothing(repo):
    html = check("--output-format", "html").output
    assert html.startswith("<!DOCTYPE html>")
    for reference in ("<script", "<link", "<img", " src=", " href=", "url(", "@import"):
        assert reference not in html


def test_totals_and_what_fix_can_do(repo):
    found = totals(check("--output-format", "html").output)
    assert [found[i] for i in ("total-findings", "total-files", "total-safe", "total-unsafe", "total-manual")] == [
        "4", "3", "2", "1", "1"]


def test_scanned_text_is_escaped(repo):
    (repo / "<img src=x onerror=alert(1)>.py").write_text("runner = gl.runners.get(1)\nrunner.active  # <b>\n")
    html = check("--output-format", "html", "--select", "MIG060").output
    assert "<img" not in html and "<b>" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;.py" in html


def test_each_item_says_what_breaks_what_to_do_and_the_releases(repo):
    html = check("--output-format", "html").output
    item = html[html.index('id="item-runner-active"'):]
    item = item[:item.index("</section>")]
    assert '<span class="chip">deprecated 14.8</span>' in item
    assert "<dt>What breaks</dt>" in item and "<dt>Instead</dt>" in item
    assert "Use <code>paused</code>, which has been available since 14.8" in item


def test_the_chart_has_one_bar_per_item_split_by_fix(repo):
    html = check("--output-format", "html").output
    chart = html[html.index('id="chart-by-item"'):html.index('class="grid3"')]
    assert len(re.findall(r'class="bar"', chart)) == 4
    assert 'class="safe-bg" style="width: 100.0%" title="1 safe"' in chart


def chromium() -> str | None:
    return next((path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None)


def headless(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess:
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}"]
    return subprocess.run([browser, *flags, *args], capture_output=True, text=True, timeout=180, check=True)


def test_chromium_renders_the_sample_audit_with_the_same_totals_as_json(tmp_path, samples):
    browser = chromium()
    if browser is None:
        pytest.skip("chromium not found: install Debian's `chromium` package (apt-get install chromium); "
                    ".ci/run installs it when it is missing")
    findings = json.loads(check("--output-format", "json", "sample_repos").output)
    ARTIFACTS.mkdir(exist_ok=True)
    page = ARTIFACTS / "audit-report.html"
    assert check("--output-format", "html", "--output-file", str(page), "sample_repos").output == ""

    dom = totals(headless(browser, tmp_path / "profile", "--dump-dom", page.as_uri()).stdout)
    shown = {key: int(dom[f"total-{key}"]) for key in ("findings", "files", "safe", "unsafe", "manual")}
    applicability = Counter(f["applicability"] for f in findings)
    assert shown == {
        "findings": len(findings),
        "files": len({f["filename"] for f in findings}),
        "safe": applicability["safe"],
        "unsafe": applicability["unsafe"],
        "manual": applicability["display-only"] + applicability[None],
    }
    severities = Counter(f["severity"] for f in findings)
    assert {s: int(dom[f"severity-{s}"]) for s in SEVERITIES} == {s: severities[s] for s in SEVERITIES}

    screenshot = ARTIFACTS / "audit-report.png"
    headless(browser, tmp_path / "profile", "--hide-scrollbars", "--window-size=1280,2400",
             f"--screenshot={screenshot}", page.as_uri())
    assert screenshot.stat().st_size > 10_000
    print(f"screenshot of the audit report: {screenshot}")


def test_findings_from_several_repositories_are_totalled_per_repository(check, table):
    from dataclasses import replace

    from migrator.report import render
    from migrator.report.context import ReportContext

    (finding,) = check("runner = gl.runners.get(1)\nprint(runner.active)\n")
    merged = [replace(finding, repository="group/api-tools"), replace(finding, repository="group/ops")]
    html = render("html", ReportContext.of(merged, table))
    assert "across 2 repositories" in html
    assert "files checked" not in html  # merged results do not record how many files were checked
    assert "<tr><td>group/api-tools</td><td class=\"num\">1</td>" in html
    assert "<code>group/ops: example.py</code>" in html
