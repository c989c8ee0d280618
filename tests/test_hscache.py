"""The prefilter's Hyperscan databases are kept between runs in the user's cache directory
(migrator/hscache.py): a later run loads the copy instead of compiling, a copy that cannot be
loaded is compiled again, each set of expressions (and each Hyperscan version and machine) has a
copy of its own, and a run finds the same whether it searched with a kept copy or token by token."""

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from migrator import hscache, prefilter, userdir
from migrator.cli import main
from migrator.ruletable import load_table

hyperscan = pytest.importorskip("hyperscan")

TABLE = load_table()
EXPRESSIONS = prefilter.searched_for(TABLE.rules, TABLE.spellings["python"], TABLE.model).expressions
RUNNER = b"runner = gl.runners.get(1)\nprint(runner.active)\n"
SAMPLES = Path(__file__).resolve().parent.parent / "sample_repos"


@pytest.fixture
def compiled(tmp_path, monkeypatch):
    """A fresh user cache directory, and the expression lists compiled in it, one per compile."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    made = []
    compile_ = hscache._compile

    def counted(module, expressions, single):
        made.append(tuple(expressions))
        return compile_(module, expressions, single)

    monkeypatch.setattr(hscache, "_compile", counted)
    return made


def _kept(tmp_path):
    return sorted((tmp_path / "migrator").glob("hyperscan-*.db"))


def _matches(database, data=RUNNER):
    found = []
    database.scan(data, match_event_handler=lambda i, *_: found.append(i), scratch=hyperscan.Scratch(database))
    return sorted(found)


def test_a_second_run_loads_the_kept_database_instead_of_compiling(compiled, tmp_path):
    first = hscache.database(EXPRESSIONS, single=True)
    second = hscache.database(EXPRESSIONS, single=True)
    assert compiled == [EXPRESSIONS]
    assert len(_kept(tmp_path)) == 1
    assert _matches(second) == _matches(first) != []


def test_a_corrupt_or_truncated_copy_is_compiled_again_and_written_over(compiled, tmp_path):
    hscache.database(EXPRESSIONS, single=True)
    (copy,) = _kept(tmp_path)
    whole, key = copy.read_bytes(), userdir.secret()
    sealed_but_not_a_database = userdir.seal(b"\0" * 1000, key)  # Hyperscan itself refuses it
    broken = (b"", b"not a database", whole[: len(whole) // 2], whole[:-1] + bytes([whole[-1] ^ 1]),
              sealed_but_not_a_database)
    for data in broken:
        copy.write_bytes(data)
        assert _matches(hscache.database(EXPRESSIONS, single=True)) != []
        assert copy.read_bytes() != data
    assert len(compiled) == 1 + len(broken)
    hscache.database(EXPRESSIONS, single=True)
    assert len(compiled) == 1 + len(broken)  # the last copy written is whole again


def test_a_copy_not_sealed_with_the_users_key_is_never_loaded(compiled, tmp_path):
    hscache.database(EXPRESSIONS, single=True)
    (copy,) = _kept(tmp_path)
    made_elsewhere = hyperscan.Database()
    made_elsewhere.compile(expressions=[b"anything"], ids=[0], elements=1)
    copy.write_bytes(b"\0" * 32 + hyperscan.dumpb(made_elsewhere))
    assert _matches(hscache.database(EXPRESSIONS, single=True)) != []
    assert len(compiled) == 2


def test_other_expressions_another_way_of_reporting_them_get_copies_of_their_own(compiled, tmp_path):
    hscache.database(EXPRESSIONS, single=True)
    hscache.database(EXPRESSIONS, single=False)
    hscache.database(EXPRESSIONS[:5], single=True)
    assert len(_kept(tmp_path)) == 3
    hscache.database(EXPRESSIONS[:5], single=True)
    assert len(compiled) == 3


def test_another_hyperscan_version_or_machine_never_meets_an_old_copy(compiled, tmp_path, monkeypatch):
    hscache.database(EXPRESSIONS, single=True)
    monkeypatch.setattr(hyperscan, "__version__", "0.0.1")
    hscache.database(EXPRESSIONS, single=True)
    machine = os.uname()
    monkeypatch.setattr(os, "uname", lambda: os.uname_result((*machine[:4], "elsewhere")))
    hscache.database(EXPRESSIONS, single=True)
    assert len(compiled) == 3 and len(_kept(tmp_path)) == 3


def test_an_unwritable_cache_directory_still_gives_a_database_and_keeps_none(compiled, tmp_path, monkeypatch):
    import tempfile

    hscache.database(EXPRESSIONS[:1], single=True)  # the key and one copy are written

    def refused(*args, dir=None, **kwargs):
        raise PermissionError(13, "Permission denied", dir)

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # a read-only directory, even for root
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert _matches(hscache.database(EXPRESSIONS, single=True)) != []
    assert hscache.database(EXPRESSIONS, single=True, compile=False) is None  # the prefilter goes token by token
    assert hscache.database(EXPRESSIONS[:1], single=True, compile=False) is not None  # a kept copy is still read
    assert len(_kept(tmp_path)) == 1


def test_without_a_cache_directory_nothing_is_kept_and_the_prefilter_goes_token_by_token(compiled, monkeypatch):
    monkeypatch.setattr(hscache, "secret", lambda: None)  # no home: userdir.secret says so once
    assert hscache.database(EXPRESSIONS, single=True, compile=False) is None
    assert _matches(hscache.database(EXPRESSIONS, single=True)) != []
    assert compiled == [EXPRESSIONS]


def test_a_run_finds_the_same_with_a_kept_database_and_token_by_token(compiled, searching, monkeypatch):
    def findings():
        result = CliRunner().invoke(main, ["check", "--no-cache", "--exit-zero", "--output-format", "json",
                                           str(SAMPLES / "python-gitlab-admin"), str(SAMPLES / "client-languages")])
        assert result.exit_code == 0, result.output
        return result.output

    searching("one pass")
    monkeypatch.setattr(prefilter, "SWITCH_BYTES", 10**12)  # one pass only because its database can be kept
    compiling = findings()
    assert compiled  # the first run compiled the databases and kept them
    kept = len(compiled)
    searching("one pass")
    monkeypatch.setattr(prefilter, "SWITCH_BYTES", 10**12)
    assert findings() == compiling
    assert len(compiled) == kept  # the second loaded every one
    searching("token by token")
    assert findings() == compiling


def _modules_after_check(tmp_path, *paths):
    """The modules a ``check`` of ``paths`` imported, run in a fresh process with its user cache
    directory in tmp_path."""
    import subprocess
    import sys

    probe = ("import sys\nfrom migrator.cli import main\n"
             f"try:\n    main(['check', '--no-cache', '--jobs', '1', *{list(paths)!r}], standalone_mode=False)\n"
             "except SystemExit:\n    pass\nprint(' '.join(sorted(sys.modules)))\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=env)
    return set(done.stdout.split())


def test_a_hooks_few_files_are_tested_token_by_token_without_loading_hyperscan(tmp_path):
    """Hyperscan's library adds about 3 MB to a process: a run of a few files does not load it,
    even where its databases are kept; a run that tests more than KEPT_BYTES does, and keeps them."""
    (tmp_path / "runner.py").write_bytes(RUNNER)
    (tmp_path / "large").mkdir()
    line = b"total = sum(range(10))  # nothing any rule looks for\n"
    (tmp_path / "large" / "clean.py").write_bytes(line * (prefilter.KEPT_BYTES // len(line) + 1))
    assert "hyperscan" in _modules_after_check(tmp_path, "large", "runner.py")
    assert _kept(tmp_path / "cache")
    assert "hyperscan" not in _modules_after_check(tmp_path, "runner.py")
