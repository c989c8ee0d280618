"""The rule table kept between runs in the user's cache directory: the same table as loaded from
YAML, never a stale one, and a broken copy is ignored."""

from migrator import tablecache
from migrator.ruletable import _load, load_table, rules_dir


def test_a_kept_table_is_the_table_loaded_from_yaml(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    loaded = load_table.__wrapped__()  # from YAML, then kept
    kept = load_table.__wrapped__()  # from the kept copy
    assert kept == loaded and kept is not loaded
    assert [r.code for r in kept.rules] == [r.code for r in load_table().rules]
    assert len(list((tmp_path / "migrator").glob("ruletable-*.pickle"))) == 1


def test_changed_rule_files_get_a_table_of_their_own(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert tablecache.cached("digest-a", lambda: "first") == "first"
    assert tablecache.cached("digest-b", lambda: "second") == "second"
    assert tablecache.cached("digest-a", lambda: "not used") == "first"


def test_a_broken_copy_is_ignored_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    tablecache.cached("digest-a", lambda: "table")
    (copy,) = (tmp_path / "migrator").glob("ruletable-*.pickle")
    copy.write_bytes(b"not a pickle")
    assert tablecache.cached("digest-a", lambda: "rebuilt") == "rebuilt"
    assert tablecache.cached("digest-a", lambda: "not used") == "rebuilt"


def test_an_unwritable_cache_directory_still_gives_the_table(tmp_path, monkeypatch):
    (tmp_path / "migrator").write_text("a file where the directory should be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    table = tablecache.cached("digest-a", lambda: _load(rules_dir(), [], "d"))
    assert table.digest == "d"


def test_a_copy_not_sealed_with_the_users_key_is_never_unpickled(tmp_path, monkeypatch):
    import pickle

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    tablecache.cached("digest-a", lambda: "table")
    (copy,) = (tmp_path / "migrator").glob("ruletable-*.pickle")
    copy.write_bytes(b"\0" * 32 + pickle.dumps("a table someone else wrote"))
    assert tablecache.cached("digest-a", lambda: "rebuilt") == "rebuilt"


def test_a_kept_table_reads_its_rules_examples_only_when_first_asked(tmp_path, monkeypatch):
    """A rule's examples and not_applicable (tablecache.LORE) are only its docs' and its tests':
    a table read from its copy reads them from a copy of their own when first asked (one that
    cannot be read then: from YAML), the same as loaded from YAML."""
    from migrator import ruletable

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    loaded = load_table.__wrapped__()
    kept = load_table.__wrapped__()
    (lore,) = (tmp_path / "migrator").glob("ruletable-*.lore")
    lore.write_bytes(b"not a pickle")  # after the table was read, before its examples are
    built = []
    monkeypatch.setattr(ruletable, "_load", lambda *args, load=ruletable._load: built.append(args) or load(*args))
    runner, original = (next(rule for rule in table.rules if rule.code == "MIG060") for table in (kept, loaded))
    assert list(runner.examples) == list(original.examples) != []
    assert dict(runner.not_applicable) == dict(original.not_applicable) != {}
    assert len(built) == 1  # the examples were read only when asked for, and once


def test_the_examples_of_a_kept_table_are_read_from_their_copy_once(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    loaded = load_table.__wrapped__()
    kept = load_table.__wrapped__()
    assert [tuple(r.examples) for r in kept.rules] == [r.examples for r in loaded.rules]
    assert [dict(r.not_applicable) for r in kept.rules] == [r.not_applicable for r in loaded.rules]
    import pickle

    assert pickle.loads(pickle.dumps(kept.rules[0])) == loaded.rules[0]  # a plain tuple and dict once pickled
