"""The prefilter passes a file only when a rule's tokens stand in it in shapes a scanner can
report (migrator/tokenshapes.py), and answers the same whichever way it searches: token by token
(a pre-commit run's first files, or a machine without Hyperscan) or in one Hyperscan pass (large
runs)."""

import pytest

from migrator import prefilter
from migrator.ruletable import load_table

TABLE = load_table()

FILES = {
    "a runner read": b"runner = gl.runners.get(1)\nprint(runner.active)\n",
    "a pull mirror set on a project": b"project.mirror = True\nproject.save()\n",
    "mirror without a project": b"def mirror(image):\n    return image[::-1]\n",
    "an unused suppression": b"x = 1  # noqa: MIG010\n",
    "a word that says migrate, and noqa": b"# migrate the data  # noqa: E501\n",
    "nothing at all": b"print('hello')\n",
    "empty": b"",
    "a test runner, and a version as a variable": b"from unittest import runner\nprint(version)\n",
    "a class's __mro__ and its changes": b"for base in cls.__mro__:\n    base.changes(x)\n",
    "a merge request's changes": b"latest_mr = project.mergerequests.get(1)\nlatest_mr.changes()\n",
    "merged_by in prose": b"# the branch was merged_by hand\n",
    "a runner's version in a dict": b'def show(runner_info):\n    return runner_info["version"]\n',
    "the runner's status, at the file's start": b"runner.status\n",
}


def _rules(*codes):
    return tuple(r for r in TABLE.rules if r.code in codes) if codes else TABLE.rules


def _passes(name, *codes):
    return prefilter.candidate(FILES[name], _rules(*codes), model=TABLE.model)


def test_which_files_pass():
    passed = {name for name in FILES if _passes(name)}
    assert passed == {"a runner read", "a pull mirror set on a project", "an unused suppression",
                      "a merge request's changes", "a runner's version in a dict",
                      "the runner's status, at the file's start"}


def test_a_field_passes_where_code_reads_or_writes_it_not_in_prose():
    assert prefilter.candidate(b"print(mr.merged_by)", _rules("MIG010"), model=TABLE.model)
    assert prefilter.candidate(b'mr["merged_by"]', _rules("MIG010"), model=TABLE.model)
    assert prefilter.candidate(b"Update(merged_by = 3)", _rules("MIG010"), model=TABLE.model)
    assert not _passes("merged_by in prose", "MIG010")


def test_a_records_name_passes_as_a_word_of_a_name_not_inside_another_word():
    assert _passes("a merge request's changes", "MIG030")
    assert not _passes("a class's __mro__ and its changes", "MIG030")
    assert prefilter.candidate(b"get_project_mirror(p).mirror = 1", _rules("MIG100"), model=TABLE.model)


def test_in_json_a_hyphen_joins_a_name_where_in_code_it_is_an_operator():
    data = b'{"name": "pip/__pip-runner__.py", "version": "26.0"}'
    json_spelling = TABLE.spellings["json"]
    assert not prefilter.candidate(data, _rules("MIG071"), json_spelling, TABLE.model)
    assert prefilter.candidate(b"x = -runner.version", _rules("MIG071"), TABLE.spellings["python"], TABLE.model)


@pytest.mark.parametrize("kind, code", [
    ("go", b"fmt.Println(mr.MergedBy)"),
    ("javascript", b"console.log(mr.mergedBy)"),
    ("java", b"System.out.println(mr.getMergedBy());"),
    ("php", b"echo $mr->merged_by;"),
    ("csharp", b"Console.WriteLine(mr.MergedBy);"),
])
def test_client_languages_that_respell_names_match_a_field_as_any_text(kind, code):
    spelling = TABLE.spellings[kind]
    assert not spelling.plain
    assert prefilter.candidate(code, _rules("MIG010"), spelling, TABLE.model)


@pytest.mark.parametrize("way", ["token by token", "one pass"])
def test_after_an_escaped_line_break_a_records_name_starts_a_word(way, searching):
    data = b'{"cells": [{"source": "import gitlab\\nrunner.active = False\\n"}]}'
    searching(way)
    assert prefilter.candidate(data, _rules("MIG060"), TABLE.spellings["json"], TABLE.model)
    assert not prefilter.candidate(data.replace(b"\\n", b"n"), _rules("MIG060"), TABLE.spellings["json"], TABLE.model)


def test_without_the_model_a_records_name_is_any_text():
    assert prefilter.candidate(FILES["a class's __mro__ and its changes"], _rules("MIG030"))


@pytest.mark.parametrize("name", FILES)
def test_the_one_pass_search_and_the_token_by_token_test_agree(name, searching):
    data = FILES[name]
    for rules in (TABLE.rules, TABLE.rules[:5], _rules("MIG100"), _rules("MIG030", "MIG071")):
        searching("token by token")
        by_token = prefilter.candidate(data, rules, model=TABLE.model)
        spots_by_token = prefilter.spot_lines(data, rules, model=TABLE.model)
        searching("one pass")
        assert prefilter.candidate(data, rules, model=TABLE.model) == by_token
        assert prefilter.spot_lines(data, rules, model=TABLE.model) == spots_by_token


def test_no_rules_pass_no_file():
    assert prefilter.candidate(b"runner.active", ()) is False
