"""``per-file-ignores`` compiled once (globs.GlobTable): however many patterns a configuration
holds, a file gets exactly the codes it got pattern by pattern (every matching pattern's codes,
a negated pattern matching every file it does not name), and the settings still travel to
worker processes."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

from migrator.config import Configs, FileSettings
from migrator.configkeys import ConfigError
from migrator.globs import Glob, GlobError, GlobTable

ROOT = Path("/repo")
CODES = ("MIG010", "MIG011", "MIG060", "MIG061", "MIG062")
SHAPES = (
    "pkg{d}/mod{f}.py",          # a literal path
    "mod{f}.py",                 # a literal name, anywhere
    "pkg{d}/*",                  # everything below a directory (`*` crosses `/`)
    "pkg{d}/gen_*_{f}.py",
    "**/legacy{f}/*.py",         # zero or more directories
    "*_{f}_pb2.py",              # a name pattern
    "pkg{d}/{{a,b}}{f}.py",      # alternatives
    "pkg{d}/mod[0-{f}].py",      # a class
    "pkg{d}/mod?.py",
    "pkg{d}/sub/../mod{f}.py",   # normalised
    "/repo/pkg{d}/m*{f}.py",     # absolute
    "../other/pkg{d}/*.py",      # above the root
    "!pkg{d}/mod{f}.py",         # negated: every file but this one
    "!**/*_pb2.py",
)


def many_pairs(count: int, seed: int) -> tuple[tuple[Glob, frozenset[str]], ...]:
    rng = random.Random(seed)
    pairs = []
    for i in range(count):
        shape = SHAPES[i % len(SHAPES)] if i % 7 else rng.choice(SHAPES)
        if shape.startswith("!") and rng.random() < 0.8:
            continue  # negated patterns are few
        pattern = shape.format(d=rng.randrange(12), f=rng.randrange(10))
        codes = frozenset(rng.sample(CODES, rng.choice((1, 1, 1, 2, 3))))
        pairs.append((Glob.anchored(pattern, ROOT, negation=True), codes))
    return tuple(pairs)


def paths() -> list[str]:
    names = [f"mod{f}.py" for f in range(10)] + ["gen_x_3.py", "a4.py", "b4.py", "c_2_pb2.py", "mod.py"]
    directories = [f"/repo/pkg{d}" for d in range(12)] + ["/repo/pkg3/deep/legacy4", "/repo/legacy7",
                                                          "/repo", "/other/pkg2", "/elsewhere"]
    return [f"{directory}/{name}" for directory in directories for name in names]


def pattern_by_pattern(pairs, full: str) -> frozenset[str]:
    return frozenset().union(*(codes for glob, codes in pairs if glob.matches_absolute(full)))


@pytest.mark.parametrize("count", [1, 40, 1000])
@pytest.mark.parametrize("seed", [1, 2])
def test_many_patterns_give_the_codes_pattern_by_pattern_gives(count, seed):
    pairs = many_pairs(count, seed)
    table = GlobTable(pairs)
    for full in paths():
        assert table.codes(full) == pattern_by_pattern(pairs, full), full


def test_every_pattern_naming_its_own_mix_of_codes_still_gives_each_its_codes():
    pairs = tuple((Glob.anchored(f"pkg{i % 12}/*", ROOT), frozenset({CODES[i % 5], CODES[(i * 3 + 1) % 5]}))
                  for i in range(60))
    table = GlobTable(pairs)
    for full in paths():
        assert table.codes(full) == pattern_by_pattern(pairs, full), full


def test_a_root_holding_glob_characters_is_still_taken_literally():
    pairs = ((Glob.anchored("src/*.py", Path("/work/[tmp]")), frozenset({"MIG060"})),
             (Glob.anchored("src/a.py", Path("/work/[tmp]")), frozenset({"MIG010"})))
    table = GlobTable(pairs)
    assert table.codes("/work/[tmp]/src/a.py") == {"MIG060", "MIG010"}
    assert table.codes("/work/t/src/a.py") == frozenset()


def test_a_configuration_of_thousands_of_patterns_ignores_what_each_pattern_says(tmp_path):
    lines = ["[per-file-ignores]"]
    lines += [f'"pkg{i % 40}/mod{i}.py" = ["MIG060"]' for i in range(2000)]
    lines += [f'"**/gen{i}/*.py" = ["MIG061", "MIG062"]' for i in range(500)]
    lines += ['"!pkg1/*" = ["MIG010"]']
    (tmp_path / "migrator.toml").write_text("\n".join(lines) + "\n")
    settings = Configs(cwd=tmp_path).settings_for(tmp_path / "x.py")
    assert settings.ignored_codes(tmp_path / "pkg5" / "mod45.py") == {"MIG060", "MIG010"}
    assert settings.ignored_codes(tmp_path / "pkg1" / "deep" / "gen7" / "a.py") == {"MIG061", "MIG062"}
    assert settings.ignored_codes(tmp_path / "pkg1" / "mod1.py") == {"MIG060"}
    for path in ("pkg5/mod45.py", "pkg1/deep/gen7/a.py", "pkg1/mod1.py", "pkg2/mod1.py", "x.py"):
        full = (tmp_path / path).as_posix()
        assert settings.ignored_codes(full) == pattern_by_pattern(settings.per_file_ignores, full), path


def test_the_settings_reach_a_worker_with_the_same_answers():
    settings = FileSettings(ROOT, per_file_ignores=many_pairs(300, 3))
    copy = pickle.loads(pickle.dumps(settings))
    assert copy == settings
    for full in paths():
        assert copy.ignored_codes(full) == settings.ignored_codes(full)


def test_a_process_that_has_the_table_reuses_it_for_every_batch_of_files():
    table = GlobTable(many_pairs(300, 4))
    first, second = pickle.loads(pickle.dumps(table)), pickle.loads(pickle.dumps(table))
    assert first is second
    assert pickle.loads(pickle.dumps(FileSettings(ROOT, per_file_ignores=table))).per_file_ignores is first


def test_settings_made_with_a_tuple_of_pairs_work_as_before():
    settings = FileSettings(ROOT, per_file_ignores=((Glob.anchored("tests/*", ROOT), frozenset({"MIG060"})),))
    assert settings.ignored_codes("/repo/tests/a.py") == {"MIG060"}
    assert settings.ignored_codes("/repo/src/a.py") == frozenset()
    assert [glob.pattern for glob, _ in settings.per_file_ignores] == ["tests/*"]


def test_no_per_file_ignores_is_no_table():
    assert not FileSettings(ROOT).per_file_ignores
    assert FileSettings(ROOT).ignored_codes("/repo/a.py") == frozenset()


def test_a_reversed_range_is_a_bad_pattern_not_a_crash(tmp_path):
    with pytest.raises(GlobError, match=r"\[z-a\]"):
        Glob.anchored("[z-a].py", ROOT)
    (tmp_path / "migrator.toml").write_text('[per-file-ignores]\n"[z-a].py" = ["MIG060"]\n')
    with pytest.raises(ConfigError, match=r"per-file-ignores: '\[z-a\].py'"):
        Configs(cwd=tmp_path).settings_for(tmp_path / "a.py")
