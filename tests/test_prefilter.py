"""The prefilter answers the same whichever way it searches: token by token (a pre-commit run's
first files, or a machine without Hyperscan) or in one Hyperscan pass (large runs)."""

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
}


def _token_by_token(data: bytes, rules) -> bool:
    return prefilter._candidate_by_token(data, [tokens for rule in rules for tokens in rule.token_sets])


@pytest.mark.parametrize("name", FILES)
def test_the_one_pass_search_and_the_token_by_token_test_agree(name, monkeypatch):
    pytest.importorskip("hyperscan")
    monkeypatch.setattr(prefilter, "SWITCH_BYTES", 0)
    monkeypatch.setattr(prefilter, "_finders", {})
    data = FILES[name]
    for rules in (TABLE.rules, TABLE.rules[:5], tuple(r for r in TABLE.rules if r.code == "MIG100")):
        assert prefilter.candidate(data, rules) == _token_by_token(data, rules)


def test_which_files_pass():
    passed = {name for name, data in FILES.items() if prefilter.candidate(data, TABLE.rules)}
    assert passed == {"a runner read", "a pull mirror set on a project", "an unused suppression"}


def test_no_rules_pass_no_file():
    assert prefilter.candidate(b"runner.active", ()) is False
