"""Suppressions in comments, in every file kind that has comments: ``# noqa``, ``# noqa: CODE``,
``# migrator: ignore[CODE]`` at the end of the finding's line, ``# migrator: file-ignore[CODE]``
anywhere (``//`` in .proto files); the unused-suppression rule (MIG900) and its fix; and
``migrator check --add-noqa``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from migrator import kinds
from migrator.cli import main
from migrator.app.passes import fix_text
from migrator.source import LineIndex
from migrator.source.comments import comment_starts

# One finding per snippet, on the line that holds {comment}; the comment marker of the kind.
SNIPPETS = {
    "python": ("example.py", "#", "MIG010", "mr = project.mergerequests.get(7)\nwho = mr.merged_by{comment}\n"),
    "ci": (".gitlab-ci.yml", "#", "MIG001", "geo-check:\n  script:\n    - glab api geo_nodes --paginate{comment}\n"),
    "cassette": ("cassette.yaml", "#", "MIG001",
                 "interactions:\n- request:\n    method: GET\n"
                 "    uri: https://gitlab.example.com/api/v4/geo_nodes{comment}\n"
                 "    body: null\n    headers: {{}}\n  response:\n    status: {{code: 200, message: OK}}\n"
                 "    headers: {{}}\n    body: {{string: '[]'}}\nversion: 1\n"),
    "shell": ("script.sh", "#", "MIG001", "glab api geo_nodes --paginate{comment}\n"),
    "proto": ("telemetry.proto", "//", "MIG200", 'syntax = "proto3";{comment}\npackage service.telemetry;\n'),
}
IN_LINE = ["{m} noqa", "{m} noqa: {code}", "{m} NOQA:{low}", "{m} noqa: E501, {code}", "{m} migrator: ignore[{code}]",
           "{m} migrator: ignore[E501, {low}]", "{m} explained here {m} noqa: {code}"]


def codes(check, kind: str, text: str) -> list[str]:
    return [f.code for f in check(text, kind, SNIPPETS[kind][0])]


@pytest.mark.parametrize("kind", SNIPPETS)
def test_each_snippet_has_its_finding_without_a_suppression(check, kind):
    _, _, code, text = SNIPPETS[kind]
    assert codes(check, kind, text.format(comment="")) == [code]


@pytest.mark.parametrize("form", IN_LINE)
@pytest.mark.parametrize("kind", SNIPPETS)
def test_an_in_line_suppression_silences_the_finding_on_its_line(check, kind, form):
    _, marker, code, text = SNIPPETS[kind]
    comment = "  " + form.format(m=marker, code=code, low=code.lower())
    assert codes(check, kind, text.format(comment=comment)) == []


@pytest.mark.parametrize("where", ["first", "last"])
@pytest.mark.parametrize("kind", SNIPPETS)
def test_a_file_ignore_anywhere_in_the_comments_silences_the_code_in_the_whole_file(check, kind, where):
    _, marker, code, text = SNIPPETS[kind]
    line = f"{marker} migrator: file-ignore[{code}]\n"
    body = text.format(comment="")
    assert codes(check, kind, line + body if where == "first" else body + line) == []


@pytest.mark.parametrize("kind", SNIPPETS)
def test_a_suppression_of_another_code_leaves_the_finding_and_is_reported_unused(check, kind):
    _, marker, code, text = SNIPPETS[kind]
    assert codes(check, kind, text.format(comment=f"  {marker} noqa: MIG066")) == [code, "MIG900"]


# --- only real comments count --------------------------------------------------------------------

def test_a_noqa_inside_a_python_string_on_the_finding_line_suppresses_nothing(check):
    code = 'mr = project.mergerequests.get(7)\nwho = mr.merged_by; hint = "# noqa: MIG010"\n'
    assert codes(check, "python", code) == ["MIG010"]


def test_a_file_ignore_inside_a_triple_quoted_string_suppresses_nothing(check):
    code = ('HELP = """\n# migrator: file-ignore[MIG010]\n"""\n'
            "mr = project.mergerequests.get(7)\nwho = mr.merged_by\n")
    assert codes(check, "python", code) == ["MIG010"]


def test_a_noqa_the_shell_reads_as_a_comment_in_a_ci_script_line_suppresses(check):
    """A script line is shell (migrator/regions): a comment the shell reads at its end is a
    comment, even inside a quoted YAML scalar; one inside shell quotes is not."""
    code = 'geo-check:\n  script:\n    - "glab api geo_nodes --paginate # noqa: MIG001"\n'
    assert codes(check, "ci", code) == []
    code = 'geo-check:\n  script:\n    - "glab api geo_nodes --paginate --jq \'.[] # noqa: MIG001\'"\n'
    assert codes(check, "ci", code) == ["MIG001"]


def test_a_noqa_inside_a_quoted_shell_word_suppresses_nothing(check):
    assert codes(check, "shell", 'echo "# noqa: MIG001"; glab api geo_nodes --paginate\n') == ["MIG001"]


@pytest.mark.parametrize(("strings", "line", "comment"), [
    ("python", 'x = "a # b"  # real', "# real"),
    ("python", "x = 1#tight", "#tight"),
    ("yaml", "- echo don't  # real", "# real"),
    ("yaml", "key: 'it''s # not' # real", "# real"),
    ("yaml", 'key: "a \\" # not" # real', "# real"),
    ("yaml", "url: http://host/#anchor", None),
    ("yaml", "- [a, 'b # not', c]  # real", "# real"),
    ("yaml", "- &anchor 'x # not'  # real", "# real"),
    ("shell", "echo 'a # b' \"c # d\" # real", "# real"),
    ("shell", "echo a\\ #not ${#var} # real", "# real"),
    ("shell", "echo a#b", None),
    ("c", 'option x = "a // b";  // real', "// real"),
    ("c", "string s = 'it\\'s // not';", None),
])
def test_where_a_comment_starts_on_a_line(strings, line, comment):
    lines = LineIndex(line + "\n")
    found = comment_starts(line + "\n", lines, strings, [1])
    assert (line[found[1]:] if found else None) == comment


# --- the unused-suppression rule and its fix --------------------------------------------------------

def fixed(text: str, kind: str = "python", select: tuple[str, ...] = (), table=None) -> str:
    from migrator.ruletable import load_table

    table = table or load_table()
    rules = table.select(select) if select else table.rules
    return fix_text(text, kind, kinds.by_name(kind).examples.get(kind, "example.py"), rules, table, unsafe=False).text


@pytest.mark.parametrize(("before", "after"), [
    ("x = 1  # noqa: MIG010\n", "x = 1\n"),
    ("import os  # noqa: F401, MIG010\n", "import os  # noqa: F401\n"),
    ("import os  # noqa: MIG010, F401\n", "import os  # noqa: F401\n"),
    ("import os  # noqa:MIG010 F401\n", "import os  # noqa:F401\n"),
    ("x = 1  # noqa: MIG010, MIG011\n", "x = 1\n"),
    ("x = 1  # noqa: MIG010 kept until the release\n", "x = 1\n"),
    ("x = 1  # noqa: MIG010  # type: ignore\n", "x = 1  # type: ignore\n"),
    ("x = 1  # type: ignore  # noqa: MIG010\n", "x = 1  # type: ignore\n"),
    ("x = 1  # migrator: ignore[MIG010]\n", "x = 1\n"),
    ("# migrator: file-ignore[MIG010, MIG060]\nx = 1\n", "x = 1\n"),
    ("x = 1\r\n# migrator: file-ignore[MIG010]\r\ny = 2\r\n", "x = 1\r\ny = 2\r\n"),
    ("x = 1\n# migrator: file-ignore[MIG010]", "x = 1"),
    ("mr = project.mergerequests.get(7)\nwho = mr.merged_by  # migrator: ignore[MIG011, MIG010, E501]\n",
     "mr = project.mergerequests.get(7)\nwho = mr.merged_by  # migrator: ignore[MIG010, E501]\n"),
])
def test_the_fix_removes_only_the_unused_code(before, after):
    assert fixed(before) == after


@pytest.mark.parametrize("text", [
    "x = 1  # noqa\n",
    "x = 1  # noqa: E501, F401\n",
    "x = 1  # migrator: ignore[E501]\n",
    "x = 1  # noqa: MIG010  # migrator: file-ignore[MIG900]\n",
    "x = 1  # noqa: MIG010, MIG900\n",
])
def test_bare_noqa_other_tools_codes_and_silenced_reports_are_left_alone(check, text):
    assert [f.code for f in check(text)] == []
    assert fixed(text) == text


def test_codes_of_rules_left_out_of_the_selection_are_never_reported_or_removed(table):
    text = "x = 1  # noqa: MIG060, MIG010\n"
    assert fixed(text, select=("MIG010", "MIG900"), table=table) == "x = 1  # noqa: MIG060\n"
    assert fixed(text, select=("MIG010",), table=table) == text  # MIG900 itself not selected


def test_a_code_covered_both_in_line_and_file_wide_counts_as_used_by_both(check):
    code = "# migrator: file-ignore[MIG010]\nmr = project.mergerequests.get(7)\nwho = mr.merged_by  # noqa: MIG010\n"
    assert [f.code for f in check(code)] == []


@pytest.mark.parametrize(("kind", "before", "after"), [
    ("ci", "job:\n  script:\n    - echo done  # noqa: MIG001, SC2086\n", "job:\n  script:\n    - echo done  # noqa: SC2086\n"),
    ("cassette", "# migrator: file-ignore[MIG060]\n" + SNIPPETS["cassette"][3].format(comment="  # noqa: MIG001"),
     SNIPPETS["cassette"][3].format(comment="  # noqa: MIG001")),
    ("shell", "echo done  # migrator: ignore[MIG001]\n", "echo done\n"),
    ("proto", "syntax = \"proto2\";  // noqa: MIG200 legacy\npackage x;\n", "syntax = \"proto2\";\npackage x;\n"),
])
def test_the_fix_in_other_kinds(kind, before, after):
    assert fixed(before, kind) == after


def test_the_unused_suppression_finding_points_at_the_code_and_says_where(check):
    (finding,) = check("x = 1  # noqa: E501, MIG010\n")
    assert (finding.code, finding.span.start.column, finding.span.end.column) == ("MIG900", 22, 28)
    assert finding.message == "`MIG010` suppresses no finding on this line: remove it"
    assert finding.fix.applicability == "safe"


def test_check_reports_and_fix_removes_an_unused_suppression(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("x = 1  # noqa: E501, MIG010\n")
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", str(path)])
    assert result.exit_code == 1
    assert "a.py:1:22: MIG900 [*] `MIG010` suppresses no finding on this line: remove it" in result.output
    assert CliRunner().invoke(main, ["fix", str(path)]).exit_code == 1
    assert path.read_text() == "x = 1  # noqa: E501\n"


def test_per_file_ignores_leave_a_codes_suppression_alone(tmp_path, monkeypatch):
    (tmp_path / "migrator.toml").write_text('[per-file-ignores]\n"legacy/*" = ["MIG010"]\n')
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "a.py").write_text("x = 1  # noqa: MIG010\n")
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["check", "."]).exit_code == 0


def test_migrator_rule_explains_the_unused_suppression_rule():
    result = CliRunner().invoke(main, ["rule", "MIG900"])
    assert result.exit_code == 0
    assert "Migrator's own rule: suppressions that suppress nothing" in result.output
    assert "Why it matters" in result.output and "Releases" not in result.output


# --- check --add-noqa ------------------------------------------------------------------------------

def add_noqa(*args: str):
    return CliRunner().invoke(main, ["check", "--add-noqa", *args])


def test_add_noqa_suppresses_every_current_finding_and_a_second_run_adds_nothing(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("mr = project.mergerequests.get(7)\nwho = mr.merged_by\nst = mr.merge_status  # noqa: E501\n"
                    "both = (mr.merged_by, mr.merge_status)  # why\n")
    first = add_noqa(str(path))
    assert first.exit_code == 0
    assert "Added 3 noqa directives in 1 file." in first.output
    assert path.read_text() == ("mr = project.mergerequests.get(7)\nwho = mr.merged_by  # noqa: MIG010\n"
                                "st = mr.merge_status  # noqa: E501, MIG011\n"
                                "both = (mr.merged_by, mr.merge_status)  # why  # noqa: MIG010, MIG011\n")
    written = path.read_bytes()
    second = add_noqa(str(path))
    assert "Added 0 noqa directives." in second.output
    assert path.read_bytes() == written
    assert CliRunner().invoke(main, ["check", str(path)]).exit_code == 0


@pytest.mark.parametrize("kind", SNIPPETS)
def test_add_noqa_in_every_kind_with_comments(tmp_path, kind):
    name, marker, code, text = SNIPPETS[kind]
    path = tmp_path / name
    path.write_text(text.format(comment=""))
    assert add_noqa(str(path)).exit_code == 0
    assert path.read_text() == text.format(comment=f"  {marker} noqa: {code}")


def test_add_noqa_keeps_line_breaks_and_encoding(tmp_path):
    path = tmp_path / "a.py"
    text = "mr = project.mergerequests.get(7)\r\nwho = mr.merged_by\r\n"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    add_noqa(str(path))
    expected = "mr = project.mergerequests.get(7)\r\nwho = mr.merged_by  # noqa: MIG010\r\n"
    assert path.read_bytes() == b"\xff\xfe" + expected.encode("utf-16-le")


def test_add_noqa_leaves_json_and_says_per_file_ignores_is_the_way(tmp_path):
    path = tmp_path / "runners.json"
    path.write_text('[{"id": 6, "active": true, "paused": false, "is_shared": false, "runner_type": "project_type"}]\n')
    before = path.read_bytes()
    result = add_noqa(str(path))
    assert result.exit_code == 0
    assert "runners.json: JSON has no comments: suppress MIG060 there with per-file-ignores" in result.output
    assert path.read_bytes() == before


@pytest.mark.parametrize(("name", "text", "reason"), [
    ("a.py", 'import requests\nr = requests.get("""https://gitlab.example.com/api/v4/geo_nodes/%s\n""" % 1)\n',
     "inside a string"),
    ("a.py", 'import requests\nr = requests.get("https://gitlab.example.com/api/v4/geo_nodes?page=\\\n1")\n',
     "inside a string"),
    ("a.py", "mr = project.mergerequests.get(7)\nx = mr.merged_by + \\\n    1\n", "continues on the next one"),
    (".gitlab-ci.yml", "geo-check:\n  script:\n    - |\n      glab api geo_nodes \\\n        --paginate\n",
     "inside a YAML scalar"),
    (".gitlab-ci.yml", "geo-check:\n  script:\n    - >\n      glab api geo_nodes\n      --paginate\n",
     "inside a YAML scalar"),
    ("a.sh", "cat <<EOF\n$(glab api geo_nodes)\nEOF\n", "here-document"),
    ("a.sh", "jq '.[]\n' <(glab api geo_nodes --paginate\n)\n", "quoted word"),
])
def test_add_noqa_never_puts_a_comment_where_it_would_change_a_value(tmp_path, name, text, reason):
    path = tmp_path / name
    path.write_text(text)
    result = add_noqa(str(path))
    assert result.exit_code == 0
    assert path.read_text() == text
    assert reason in result.output and "left unsuppressed" in result.output


def test_add_noqa_writes_a_shell_comment_at_the_end_of_a_ci_script_line_in_a_block(tmp_path):
    """A CI script line is shell (migrator/regions): the comment goes at its end, inside the
    literal block scalar, where the shell reads it as a comment; a second run adds nothing."""
    path = tmp_path / ".gitlab-ci.yml"
    path.write_text("geo-check:\n  script:\n    - |\n      glab api geo_nodes\n      echo done\n")
    assert add_noqa(str(path)).exit_code == 0
    assert path.read_text() == "geo-check:\n  script:\n    - |\n      glab api geo_nodes  # noqa: MIG001\n      echo done\n"
    assert "Added 0 noqa directives." in add_noqa(str(path)).output


def test_add_noqa_cannot_be_combined_with_fix(tmp_path):
    result = add_noqa("--fix", str(tmp_path))
    assert result.exit_code == 2
    assert "--add-noqa cannot be combined with --fix" in result.output


def test_add_noqa_adds_nothing_for_unused_suppressions(tmp_path):
    path = tmp_path / "a.py"
    path.write_text("x = 1  # noqa: MIG010\n")
    add_noqa(str(path))
    assert path.read_text() == "x = 1  # noqa: MIG010\n"
    data = json.loads(CliRunner().invoke(main, ["check", "--output-format", "json", str(path)]).stdout)
    assert [d["code"] for d in data] == ["MIG900"]


@pytest.mark.parametrize(("strings", "old", "new", "same"), [
    ("python", "x = 1\n", "x = 1  # noqa: MIG010\n", True),
    ("python", 'x = """a\nb"""\n', 'x = """a  # noqa: MIG010\nb"""\n', False),
    ("python", "return 1\n", "return 1  # noqa: MIG010\n", True),  # parses, does not compile
    ("yaml", "a: b\n", "a: b  # noqa: MIG010\n", True),
    ("yaml", "a: |\n  b\n", "a: |\n  b  # noqa: MIG010\n", False),
    ("shell", "echo a\n", "echo a  # noqa: MIG010\n", True),
    ("shell", "echo 'a\nb'\n", "echo 'a  # noqa: MIG010\nb'\n", False),
])
def test_added_comments_are_checked_to_change_nothing_else(strings, old, new, same):
    from migrator.app.noqa import same_meaning

    assert same_meaning(old, new, strings) is same
