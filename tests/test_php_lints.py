"""Every PHP rule example, as written and as `migrator fix` leaves it (safe and unsafe fixes), is
still PHP that PHP itself accepts: ``php -l`` (Debian's ``php-cli``; .ci/run installs it). The
tree-sitter check after each fix (fix/tree.check_parses) is the grammar's word; this is the
interpreter's."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from migrator.ruletable import load_table

from .test_fix_examples import fix

PHP = shutil.which("php")
CASES = [(rule, example) for rule in load_table().rules for example in rule.examples if example.written_as == "php"]
IDS = [f"{rule.code}-{example.name}" for rule, example in CASES]


def php_accepts(path) -> subprocess.CompletedProcess:
    return subprocess.run([PHP, "-l", str(path)], capture_output=True, text=True, check=False)


@pytest.mark.skipif(PHP is None, reason="`php` is not installed (Debian: apt-get install php-cli), so `php -l` cannot run")
@pytest.mark.parametrize(("rule", "example"), CASES, ids=IDS)
def test_a_php_example_lints_as_written_and_as_fixed(tmp_path, rule, example):
    for flags in ((), ("--unsafe-fixes",)):
        fix(tmp_path, example.code, example.filename or "example.php", *flags)
        checked = php_accepts(tmp_path / (example.filename or "example.php"))
        assert checked.returncode == 0, checked.stdout + checked.stderr
    source = tmp_path / "as_written.php"
    source.write_text(example.code)
    assert php_accepts(source).returncode == 0


def test_the_php_examples_rewrite_something():
    """The lint has fixed code to read: some PHP examples are rewritten."""
    assert any(example.after or example.after_unsafe for _, example in CASES)
