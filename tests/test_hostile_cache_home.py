"""Hostile input, third round: a run with no home directory, and a cache-dir that is no usable path.

- With ``HOME`` unset and a user id that has no passwd entry (``docker --user 1234``, ``env -i``),
  migrator runs without the user's key: no result cache, no rule-table copy, one warning line on
  stderr, every file reported with the status its findings give, nothing written anywhere.
- A ``cache-dir`` no system call could take (a NUL character, a ``~user`` that does not exist) is a
  configuration error like any other: exit 2, one line naming the configuration file and the key.
"""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

from migrator import tablecache, userdir
from migrator.app.cache import ResultCache
from migrator.config import ConfigError, Configs
from migrator.ruletable import load_table
from tests import hostile_inputs as h
from tests.conftest import ROOT
from tests.hostile_run import TIMEOUT, Outcome, migrator

NO_HOME = "no home directory: "
OFF = "; running without the result cache and the rule-table cache"
MIGRATOR = "import sys\nfrom migrator.__main__ import run\nrun()\n"
NO_PASSWD_ENTRY = "import pwd\ndef getpwuid(uid): raise KeyError(uid)\npwd.getpwuid = getpwuid\n"


def project(directory: Path, count: int = 2) -> dict[str, list[str]]:
    """``count`` files of one finding each, dated an hour back; the report a run should give."""
    names = [f"file{i:03d}.py" for i in range(count)]
    for name in names:
        path = directory / name
        path.write_text(h.CLEAN_PYTHON)
        when = path.stat().st_mtime_ns - 3600 * 10**9
        os.utime(path, ns=(when, when))
    return {name: ["MIG060"] for name in names}


def homeless(directory: Path, *args: str, code: str = MIGRATOR, preexec=None) -> Outcome:
    """``migrator ARGS`` in a subprocess whose environment has neither HOME nor XDG_CACHE_HOME."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=directory, env=env, capture_output=True,
                          timeout=TIMEOUT, preexec_fn=preexec, check=False)
    return Outcome(done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace"))


def uid_without_passwd_entry() -> int:
    for uid in range(1234, 60000):
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid
    pytest.skip("every user id has a passwd entry")


def assert_ran_without_the_users_key(outcome: Outcome, expected: dict[str, list[str]], directory: Path) -> None:
    assert outcome.status == 1
    assert outcome.codes_by_file() == expected
    (line,) = outcome.stderr.splitlines()
    assert line.startswith(f"warning: {NO_HOME}") and line.endswith(OFF)
    assert sorted(p.name for p in directory.iterdir()) == sorted(expected)  # no .migrator_cache, no .cache


# --- 3. no home directory ----------------------------------------------------------------------------

@pytest.mark.parametrize("files", [2, 80], ids=["one process", "process pool"])
def test_a_run_with_no_home_and_no_passwd_entry_reports_every_file_and_says_so_once(tmp_path, files):
    expected = project(tmp_path, files)
    outcome = homeless(tmp_path, "check", "--output-format", "json", ".", code=NO_PASSWD_ENTRY + MIGRATOR)
    assert_ran_without_the_users_key(outcome, expected, tmp_path)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can take on a user id without a passwd entry")
def test_a_run_as_a_user_id_without_passwd_entry_reports_every_file(tmp_path):
    """The real user id (the one Python looks the home up by) has no passwd entry; the effective
    one stays root, so that an interpreter installed under /root can still run. click checks
    the path named with the real user id, so it may read the tree."""
    expected = project(tmp_path)
    tmp_path.chmod(0o755)
    uid = uid_without_passwd_entry()
    outcome = homeless(tmp_path, "check", "--output-format", "json", ".", preexec=lambda: os.setresuid(uid, 0, 0))
    assert_ran_without_the_users_key(outcome, expected, tmp_path)
    assert f"user id {uid} has no home" in outcome.stderr


def test_fix_with_no_home_still_fixes(tmp_path):
    project(tmp_path, 1)
    outcome = homeless(tmp_path, "fix", ".", code=NO_PASSWD_ENTRY + MIGRATOR)
    assert (outcome.status, outcome.stdout) == (1, "Found 1 finding (1 fixed, 0 remaining) in 1 file checked.\n")  # 1: a file changed
    assert "runner.paused" in (tmp_path / "file000.py").read_text()
    assert outcome.stderr.count(NO_HOME) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file000.py"]


@pytest.fixture
def no_home(monkeypatch, tmp_path):
    """This process without HOME, XDG_CACHE_HOME or a passwd entry, as the working directory's
    only user, and with no warning given yet."""
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: (_ for _ in ()).throw(KeyError(uid)))
    monkeypatch.setattr(userdir, "_TOLD", set())
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_with_no_home_there_is_no_key_and_one_warning(no_home, capsys):
    assert userdir.secret() is None
    assert userdir.secret() is None
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"warning: {NO_HOME}$HOME is not set and user id {os.getuid()} has no home")


def test_a_home_that_is_not_an_absolute_path_is_no_home(no_home, monkeypatch, capsys):
    monkeypatch.setenv("HOME", "relative/home")
    assert userdir.secret() is None
    assert "$HOME ('relative/home') is not an absolute path" in capsys.readouterr().err
    assert list(no_home.iterdir()) == []


def test_with_no_home_the_rule_table_and_the_result_cache_are_kept_nowhere(no_home, capsys):
    assert tablecache.cached("digest", lambda: "built") == "built"
    assert tablecache.cached("digest", lambda: "built again") == "built again"
    settings = Configs(cwd=no_home, table=load_table()).default
    assert ResultCache.open(settings, load_table()).key is None
    assert capsys.readouterr().err.count(NO_HOME) == 1
    assert list(no_home.iterdir()) == []


# --- 4. a cache-dir that is no usable path -------------------------------------------------------------

@pytest.mark.parametrize("value, says", [
    ('"a\\u0000b"', "'a\\x00b' is not a usable path: it holds a NUL character"),
    ('"~migrator-no-such-user/cache"', "is not a usable path: ~migrator-no-such-user has no home directory"),
], ids=["NUL", "no such user"])
@pytest.mark.parametrize("file, key", [("migrator.toml", "cache-dir"), ("pyproject.toml", "tool.migrator.cache-dir")])
def test_an_impossible_cache_dir_is_a_configuration_error_naming_the_file_and_the_key(tmp_path, file, key, value,
                                                                                       says):
    expected = project(tmp_path)
    table = "[tool.migrator]\n" if file == "pyproject.toml" else ""
    (tmp_path / file).write_text(f"{table}cache-dir = {value}\n")
    outcome = migrator("check", ".", cwd=tmp_path)
    assert (outcome.status, outcome.stdout) == (2, "")
    (line,) = outcome.stderr.splitlines()
    assert line.startswith(f"error: {tmp_path / file}: {key}: ") and line.endswith(says)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*expected, file])  # no cache dir made


def test_a_cache_dir_under_a_home_there_is_not_is_a_configuration_error(no_home):
    (no_home / "migrator.toml").write_text('cache-dir = "~/cache"\n')
    with pytest.raises(ConfigError, match=r"migrator\.toml: cache-dir: '~/cache' is not a usable path: ~ has no home"):
        Configs(cwd=no_home, table=load_table()).default
