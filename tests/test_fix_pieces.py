"""The Python fixer parses with libcst only the statement around each touch (or the whole file
where a fix needs more). The code it writes is the same as from the whole file: indentation of
nested blocks, `elif` tests, statements sharing a line, a block left with `pass`, CRLF files.
Shell fixes that put plain word characters for plain ones are not lexed again, and a report
that shows edits gets them from the workers, the same as computed afterwards."""

from __future__ import annotations

import pytest

from migrator.app.check import check_paths
from migrator.app.settings import Settings
from migrator.app.passes import fix_text
from migrator.fix.text.shell import plain
from migrator.ruletable import load_table

TABLE = load_table()
GL = "import gitlab\ngl = gitlab.Gitlab()\n"

CASES = {
    "a multi-line dict deep in nested blocks keeps its indentation and comments": (
        GL + "class Sync:\n    def run(self):\n        for runner in gl.runners.list():\n"
        "            if runner.active:\n                gl.users.update(\n                    1,\n"
        '                    {\n                        "name": "x",  # keep\n'
        '                        "private_profile": None,  # goes\n                    },\n                )\n',
        GL + "class Sync:\n    def run(self):\n        for runner in gl.runners.list():\n"
        "            if not runner.paused:\n                gl.users.update(\n                    1,\n"
        '                    {\n                        "name": "x",  # keep\n                    },\n'
        "                )\n",
    ),
    "the test of an elif": (
        GL + "for runner in gl.runners.list():\n    if x:\n        pass\n    elif runner.active:\n        pass\n",
        GL + "for runner in gl.runners.list():\n    if x:\n        pass\n    elif not runner.paused:\n        pass\n",
    ),
    "statements sharing a line with others": (
        GL + "runner = gl.runners.get(1)\nuser = gl.users.get(1)\na = 1; runner.active = False\n"
        "if a: user.private_profile = None\n",
        GL + "runner = gl.runners.get(1)\nuser = gl.users.get(1)\na = 1; runner.paused = True\nif a: pass\n",
    ),
    "a block's only statement becomes pass, another is removed": (
        GL + "user = gl.users.get(1)\nif user:\n    user.private_profile = None\n"
        "else:\n    user.private_profile = None\n    print(user)\n",
        GL + "user = gl.users.get(1)\nif user:\n    pass\nelse:\n    print(user)\n",
    ),
    "CRLF line breaks": (
        GL.replace("\n", "\r\n") + "for runner in gl.runners.list():\r\n    if runner.active:\r\n"
        '        x = {\r\n            "active": runner.active,\r\n        }\r\n',
        GL.replace("\n", "\r\n") + "for runner in gl.runners.list():\r\n    if not runner.paused:\r\n"
        '        x = {\r\n            "active": not runner.paused,\r\n        }\r\n',
    ),
}


@pytest.mark.parametrize("before, after", CASES.values(), ids=CASES)
def test_python_fixes_in_every_place_a_statement_can_be(before, after):
    result = fix_text(before, "python", "sync.py", TABLE.rules, TABLE, unsafe=True)
    assert result.failure is None
    assert result.text == after
    assert fix_text(after, "python", "sync.py", TABLE.rules, TABLE, unsafe=True).text == after


SCRIPT = 'curl -X PUT "$API/runners/1" --data "active=true"  # "quoted"\n'


@pytest.mark.parametrize("edit, kept", [
    ((SCRIPT.index("active"), SCRIPT.index("active") + 6, "paused"), True),
    ((SCRIPT.index("true"), SCRIPT.index("true") + 4, "false"), True),
    ((SCRIPT.index("active"), SCRIPT.index("active") + 6, 'pa"used'), False),  # a quote
    ((SCRIPT.index("active"), SCRIPT.index("active") + 12, ""), False),  # a removal
    ((SCRIPT.index("active"), SCRIPT.index("active"), "x"), False),  # an insertion
])
def test_only_edits_of_plain_word_characters_skip_lexing_the_script_again(edit, kept):
    assert plain(SCRIPT, [edit]) is kept
    assert plain("cat <<active\n" + SCRIPT + "active\n", [edit]) is False  # a here-document's end


def test_a_report_gets_the_same_edits_from_the_workers_as_in_one_process(tmp_path):
    for i in range(70):  # enough files for the process pool
        (tmp_path / f"r{i}.py").write_text(GL + f"for runner in gl.runners.list():\n    print(runner.active, {i})\n")
    in_one = check_paths([str(tmp_path)], Settings(jobs=1, cache=False), edits=True).findings
    from_workers = check_paths([str(tmp_path)], Settings(jobs=2, cache=False), edits=True).findings
    assert from_workers == in_one
    assert [f.fix.edits for f in from_workers] == [f.fix.edits for f in in_one]
    fixable = [f for f in from_workers if f.fix and f.fix.applicability != "display-only"]
    assert len(fixable) == 70 and all(f.fix.edits[0].span for f in fixable)
