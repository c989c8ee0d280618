"""One parse of a Python text serves everyone who asks for it in turn: fix checks that a file's
new text parses, then scans it, and the fixer's statement pieces read the text the scan read."""

import ast

import pytest

from migrator.scan import pysource
from migrator.scan.pysource import parse


def test_the_same_text_is_parsed_once():
    text = "import gitlab\ngl = gitlab.Gitlab()\n"
    assert parse(text) is parse("".join(["import gitlab\n", "gl = gitlab.Gitlab()\n"]))


def test_a_changed_text_gets_its_own_tree():
    before, after = parse("x = runner.active\n"), parse("x = not runner.paused\n")
    assert before is not after
    assert ast.dump(after) == ast.dump(ast.parse("x = not runner.paused\n"))


def test_a_text_that_does_not_parse_raises_every_time():
    for _ in range(2):
        with pytest.raises(SyntaxError):
            parse("def broken(:\n")


def test_a_huge_text_is_not_kept(monkeypatch):
    monkeypatch.setattr(pysource, "KEPT_BELOW", 10)
    text = "value = 1234567890\n"
    assert parse(text) is not parse(text)
