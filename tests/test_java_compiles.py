"""Every fixed Java rule example that is written as a whole class using the JDK alone compiles
with ``javac``, before and after its fix: a rewrite keeps a Java program a Java program, not
only a tree without ERROR nodes. Skipped where no ``javac`` is installed (Debian:
``default-jdk-headless``)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from migrator.ruletable import load_table

JAVAC = shutil.which("javac")
TABLE = load_table()
IMPORT = re.compile(r"^import\s+(?:static\s+)?([\w.]+)", re.MULTILINE)


def whole_jdk_class(code: str) -> bool:
    """A top-level class whose imports are all the JDK's (``java.``, ``javax.``)."""
    return bool(re.search(r"^(?:public\s+|final\s+|abstract\s+)*class\s+\w+", code, re.MULTILINE)) and all(
        name.startswith(("java.", "javax.")) for name in IMPORT.findall(code))


CASES = [(rule.code, example.name, text) for rule in TABLE.rules for example in rule.examples
         if example.written_as == "java" and (example.after or example.after_unsafe) and whole_jdk_class(example.code)
         for text in dict.fromkeys(t for t in (example.code, example.after, example.after_unsafe) if t)]


def test_there_are_fixed_java_examples_to_compile():
    assert len({(code, name) for code, name, _ in CASES}) >= 5


@pytest.mark.skipif(JAVAC is None, reason="javac is not installed (Debian: default-jdk-headless)")
@pytest.mark.parametrize(("code", "name", "text"), CASES, ids=[f"{c}-{n}-{i}" for i, (c, n, _) in enumerate(CASES)])
def test_a_fixed_java_example_compiles_before_and_after(tmp_path, code, name, text):
    source = tmp_path / "Example.java"
    source.write_text(text)
    result = subprocess.run([JAVAC, "-d", str(tmp_path / "out"), str(source)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
