"""File patterns in ruff's (globset's) syntax, anchored at a configuration file's directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrator.globs import Glob, GlobError

ROOT = Path("/repo")


@pytest.mark.parametrize(("pattern", "path", "matches"), [
    ("*.har", "/repo/recordings/2024/session.har", True),  # `*` crosses `/`
    ("docs/*.md", "/repo/docs/guide/intro.md", True),
    ("docs/*.md", "/repo/src/docs/intro.md", False),        # anchored at the root
    ("client.py", "/repo/src/client.py", True),              # no `/`: the name anywhere
    ("src/client.py", "/repo/lib/src/client.py", False),
    ("./src/client.py", "/repo/src/client.py", True),
    ("**/fixtures/*.json", "/repo/fixtures/a.json", True),   # `**/`: zero directories too
    ("a/**/b.py", "/repo/a/b.py", True),
    ("a/**/b.py", "/repo/a/x/y/b.py", True),
    ("vendor/**", "/repo/vendor/lib/x.py", True),
    ("vendor/**", "/repo/vendor", False),
    ("test_?.py", "/repo/test_a.py", True),
    ("test_?.py", "/repo/test_ab.py", False),
    ("v[0-9].json", "/repo/v4.json", True),
    ("v[!4].json", "/repo/v4.json", False),
    ("v[!4].json", "/repo/v5.json", True),
    ("*.{yml,yaml}", "/repo/ci/.gitlab-ci.yaml", True),
    ("*.{yml,yaml}", "/repo/ci/a.json", False),
    (r"weird\*.py", "/repo/weird*.py", True),
    (r"weird\*.py", "/repo/weirdo.py", False),
    ("/abs/*.py", "/abs/x.py", True),
])
def test_glob_matching(pattern, path, matches):
    assert Glob.anchored(pattern, ROOT).matches(path) is matches


def test_root_with_glob_characters_is_taken_literally():
    glob = Glob.anchored("src/*.py", Path("/work/[tmp]"))
    assert glob.matches("/work/[tmp]/src/a.py")
    assert not glob.matches("/work/t/src/a.py")


def test_negation_only_where_asked():
    assert Glob.anchored("!src/*", ROOT, negation=True).matches("/repo/tests/a.py")
    assert not Glob.anchored("!src/*", ROOT, negation=True).matches("/repo/src/a.py")
    assert not Glob.anchored("!src/*", ROOT).matches("/repo/tests/a.py")


@pytest.mark.parametrize(("pattern", "says"), [("[abc", "unclosed ["), ("{a,b", "unclosed {"),
                                               ("{a,{b}}", "nested"), ("", "empty")])
def test_unreadable_patterns_are_errors(pattern, says):
    with pytest.raises(GlobError, match=says.replace("[", r"\[").replace("{", r"\{")):
        Glob.anchored(pattern, ROOT)
