"""Issue "Hostile input, third round", A: whatever a scanned string or a merged result holds, the
Markdown report shows it as the characters it is. The report is rendered by a real CommonMark +
GFM-tables renderer (markdown-it-py) and the assertions are on the HTML a reader's browser gets:
no element from scanned text, code spans and table cells holding the exact text, a heading naming
the exact file."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from migrator.cli import main
from migrator.report.context import ReportContext
from migrator.report.escape import code_span, markdown_text, prose
from migrator.report.jsonout import as_dict
from migrator.report.markdown import render
from migrator.ruletable import load_table
from migrator.values import Reported, Span

from .reporting import check, repo  # noqa: F401 - the fixture

HOSTILE = (
    "a\\`<b>bold</b>",  # a backslash before a backtick, then HTML
    "x ``y`` `z` ```",  # backtick runs of every length
    "<b>bold</b>",
    "<script>alert(1)</script>",
    "pi|pe",
    "a\\|b",  # a backslash before a pipe
    "*star* **strong**",
    "_under_ __dunder__ snake_case",
    "[x](y) ![i](j) <http://e.example>",
    "&amp; &lt;b&gt; &#60;",
    "# leading hash",
    "- dash 1. one > quote ~~strike~~",
    "trailing backslash\\",
)
# The elements the report's own Markdown makes; anything else came from scanned text.
TEMPLATE_ELEMENTS = {"h1", "h2", "h3", "p", "strong", "code", "ul", "li", "table", "thead", "tbody", "tr",
                     "th", "td", "br", "sub"}


class Page(HTMLParser):
    """The rendered report: every element's name, each heading's, cell's and code span's text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[str] = []
        self.open: dict[str, list[str]] = {}
        self.texts: dict[str, list[str]] = {"h3": [], "td": [], "code": []}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append(tag)
        if tag in self.texts:
            self.open[tag] = []

    def handle_endtag(self, tag):
        if tag in self.texts and tag in self.open:
            self.texts[tag].append("".join(self.open.pop(tag)))

    def handle_data(self, data):
        for parts in self.open.values():
            parts.append(data)


def to_html(markdown: str) -> Page:
    return Page(MarkdownIt("commonmark").enable("table").render(markdown))


def hostile_finding(text: str, line: int) -> Reported:
    """A finding whose every free-text field holds ``text``, as a merged result may."""
    return Reported("MIG010", "merged-by", "merge-request-merged-by", text, "medium", "typed", f"dir/{text}.py",
                   Span.of(line, 1, line, 2), source_line=text, repository=f"group/{text}")


@pytest.fixture(scope="module")
def page() -> Page:
    findings = [hostile_finding(text, line) for line, text in enumerate(HOSTILE, start=1)]
    return to_html(render(ReportContext.of(findings, load_table())))


def test_no_element_comes_from_scanned_text(page):
    assert set(page.elements) <= TEMPLATE_ELEMENTS
    assert "b" not in page.elements and "script" not in page.elements and "a" not in page.elements


@pytest.mark.parametrize("text", HOSTILE)
def test_a_heading_names_the_exact_file_and_repository(page, text):
    assert f"group/{text}: dir/{text}.py (Python, 1)" in page.texts["h3"]


@pytest.mark.parametrize("text", HOSTILE)
def test_the_code_cell_holds_the_exact_source_line(page, text):
    assert text.strip() in page.texts["code"]


@pytest.mark.parametrize("text", [t for t in HOSTILE if "`" not in t])
def test_the_message_cell_holds_the_exact_message(page, text):
    assert text.strip() in page.texts["td"]


@pytest.mark.parametrize("text", HOSTILE)
def test_the_repository_cell_holds_the_exact_name(page, text):
    assert f"group/{text}".strip() in page.texts["td"]


def test_a_file_named_with_a_pipe_is_named_as_it_is_in_its_heading(repo):
    (repo / "pi|pe.py").write_text("mr = project.mergerequests.get(1)\nwho = mr.merged_by\n")
    page = to_html(check("--output-format", "markdown", "pi|pe.py").output)
    assert "pi|pe.py (Python, 1)" in page.texts["h3"]
    assert "pi|pe.py" in page.texts["code"]


def test_a_message_quoting_names_in_backticks_shows_them_as_code():
    page = to_html("| m |\n|---|\n| " + markdown_text("`merged_by` is removed; use `merge_user`", table=True) + " |\n")
    assert page.texts["td"] == ["merged_by is removed; use merge_user"]
    assert page.texts["code"] == ["merged_by", "merge_user"]


def test_a_backslash_before_a_backtick_does_not_break_out_of_a_quoted_name():
    """CommonMark pairs the runs: `a\\` is code, and what follows is literal text, not HTML."""
    page = to_html("| m |\n|---|\n| " + markdown_text("`a\\`<b>x</b>` is removed", table=True) + " |\n")
    assert "b" not in page.elements
    assert page.texts["code"] == ["a\\"]
    assert page.texts["td"] == ["a\\<b>x</b>` is removed"]


@pytest.mark.parametrize("text", ["`", "``", "x`", "`x", " `x` ", " a ", "a\\", "\\`", "a | b"])
def test_a_code_span_holds_its_text_exactly_in_a_heading_and_in_a_table(text):
    heading = to_html(f"### {code_span(text)}\n")
    table = to_html(f"| c |\n|---|\n| {code_span(text, table=True)} |\n")
    assert heading.texts["code"] == table.texts["code"] == [text]


@pytest.mark.parametrize("text", HOSTILE)
def test_prose_is_shown_as_its_characters_in_a_heading_and_in_a_table(text):
    heading = to_html(f"### {prose(text)}\n")
    table = to_html(f"| c |\n|---|\n| {prose(text, table=True)} |\n")
    assert heading.texts["h3"] == table.texts["td"] == [text.strip()]
    assert heading.elements == ["h3"] and table.elements == ["table", "thead", "tr", "th", "tbody", "tr", "td"]


def test_line_breaks_never_end_a_heading_or_a_table_row():
    assert prose("one\n# two") == "one \\# two"
    assert prose("one\n| two", table=True) == "one<br>\\| two"
    assert code_span("one\ntwo") == "`one two`"


def test_report_merge_of_hostile_results_renders_safe_markdown(tmp_path):
    (tmp_path / "hostile.json").write_text(json.dumps([
        as_dict(Reported("MIG<b>1</b>", "n", "<script>x</script>", "m |` <b>", "high", "typed", "a|`b`.py",
                        Span.of(1, 1, 1, 2))) | {"repository": "r|<b>", "source_line": "x = '|`<b>'"}]))
    result = CliRunner().invoke(main, ["report", "--merge", str(tmp_path / "hostile.json"), "--output-format",
                                       "markdown"])
    assert result.exit_code == 0, result.output
    page = to_html(result.stdout)
    assert set(page.elements) <= TEMPLATE_ELEMENTS
    assert "r|<b>: a|`b`.py (Python, 1)" in page.texts["h3"]
    assert {"MIG<b>1</b>", "x = '|`<b>'", "a|`b`.py"} <= set(page.texts["code"])
    assert {"r|<b>", "<script>x</script>"} <= set(page.texts["td"])
