"""Every Ruby rule example, as `migrator fix` leaves it (safe and unsafe fixes), is still Ruby that
Ruby itself accepts: ``ruby -c`` (Debian's ``ruby``; .ci/run installs it). The tree-sitter check
after each fix (fix/tree.check_parses) is the grammar's word; this is the interpreter's."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from migrator.ruletable import load_table

from .test_fix_examples import fix

RUBY = shutil.which("ruby")
CASES = [(rule, example) for rule in load_table().rules for example in rule.examples if example.written_as == "ruby"]
IDS = [f"{rule.code}-{example.name}" for rule, example in CASES]


def ruby_accepts(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([RUBY, "-c"], input=code.encode(), capture_output=True, check=False)


@pytest.mark.skipif(RUBY is None, reason="`ruby` is not installed (Debian: apt-get install ruby), so `ruby -c` cannot run")
@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_a_fixed_ruby_example_is_still_ruby(tmp_path, rule, example):
    for flags in ((), ("--unsafe-fixes",)):
        fixed, _ = fix(tmp_path, example.code, example.filename or "example.rb", *flags)
        checked = ruby_accepts(fixed.decode())
        assert checked.returncode == 0, checked.stderr.decode()


def test_the_ruby_examples_rewrite_something():
    """The parse check has fixed code to read: some Ruby examples are rewritten."""
    assert any(example.after or example.after_unsafe for _, example in CASES)
