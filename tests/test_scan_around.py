"""A Python scan told where the rules' tokens stand (prefilter.spot_lines) passes over the
functions that no token depends on (scan/pyaround.py), and reports exactly what a scan of the
whole file reports."""

import ast

import pytest

from migrator import prefilter
from migrator.pipeline import check_source
from migrator.ruletable import load_table
from migrator.scan.pyaround import passed_over

TABLE = load_table()


def _passed_over(code: str) -> set[str]:
    tree = ast.parse(code)
    spots = prefilter.spot_lines(code.encode(), TABLE.rules, model=TABLE.model)
    skipped = passed_over(tree, code, spots)
    return {node.name for node in ast.walk(tree) if id(node) in skipped}


def test_a_function_that_holds_no_token_is_passed_over():
    code = "def show(mr):\n    return mr.merged_by\n\n\ndef add(a, b):\n    return a + b\n"
    assert _passed_over(code) == {"add"}


def test_a_helper_that_a_visited_function_calls_is_visited():
    code = ("def send(url, body):\n    return requests.put(url, json=body)\n\n\n"
            "def pause(runner_id):\n    return send(f'/api/v4/runners/{runner_id}', {'active': False})\n\n\n"
            "def unrelated():\n    return 1\n")
    assert _passed_over(code) == {"unrelated"}


def test_a_function_that_sends_a_url_bound_at_module_level_is_visited():
    code = "RUNNERS = '/api/v4/runners/all'\n\n\ndef fetch():\n    return requests.get(RUNNERS)\n"
    assert _passed_over(code) == set()


def test_a_method_is_a_unit_and_its_class_is_always_visited():
    code = ("class Client:\n    scope = 'all'\n\n    def runners(self):\n        return self.get('/runners')\n\n"
            "    def close(self):\n        self.session.close()\n")
    assert _passed_over(code) == {"close"}


def test_a_module_that_mocks_requests_is_visited_whole():
    code = "import responses\n\n\ndef show(mr):\n    return mr.merged_by\n\n\ndef other():\n    pass\n"
    assert _passed_over(code) == set()


EXAMPLES = [(rule, example) for rule in TABLE.rules for example in rule.examples if example.written_as == "python"]


@pytest.mark.parametrize(("rule", "example"), EXAMPLES, ids=[f"{r.code}-{e.name}" for r, e in EXAMPLES])
def test_the_findings_of_a_scan_around_the_tokens_are_those_of_the_whole_file(rule, example):
    spots = prefilter.spot_lines(example.code.encode(), TABLE.rules, model=TABLE.model)
    whole = check_source(example.code, "python", "example.py", TABLE.rules, TABLE).findings
    assert check_source(example.code, "python", "example.py", TABLE.rules, TABLE, spots=spots).findings == whole
