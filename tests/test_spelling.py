"""Each client language spells the API's snake_case names its own way (migrator/spelling.py),
and the prefilter looks for a rule's tokens in every spelling of the file's language: a Go
file that reads ``MergedBy`` reaches its scanner, a Python file is searched as before."""

from dataclasses import replace

import pytest

from migrator import kinds, prefilter
from migrator.loader import DataError
from migrator.ruletable import _check_spellings, load_table
from migrator.spelling import PLAIN, Spelling

TABLE = load_table()
GO = Spelling.of(("snake", "pascal"), {"ip_address": ["IPAddress"]})
TYPESCRIPT = Spelling.of(("snake", "camel"))
MERGED_BY = tuple(rule for rule in TABLE.rules if "merged_by" in {t.decode() for s in rule.token_sets for t in s})


def test_a_name_is_spelled_in_each_style_of_the_language_the_apis_own_first():
    assert GO.of_token("merged_by") == ("merged_by", "MergedBy")
    assert TYPESCRIPT.of_token("merged_by") == ("merged_by", "mergedBy")
    assert Spelling.of(("snake", "camel", "pascal")).of_token("changes") == ("changes", "Changes")


def test_an_sdks_irregular_spelling_is_added_to_the_derived_ones():
    assert GO.of_token("ip_address") == ("ip_address", "IpAddress", "IPAddress")


def test_python_shell_yaml_json_and_other_text_spell_every_name_as_the_api_does():
    assert PLAIN.plain and PLAIN.of_token("merged_by") == ("merged_by",)
    for name in ("python", "ci", "cassette", "shell", "json", "json-lines", "proto", "other"):
        spelling = TABLE.spellings[name]
        assert spelling.plain and spelling.of_token("merged_by") == ("merged_by",), name


def test_in_json_a_hyphen_joins_the_words_of_a_name():
    assert {name for name, spelling in TABLE.spellings.items() if spelling.hyphenated} == {"json", "json-lines"}


def test_an_unknown_style_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown spelling style 'kebab'"):
        Spelling.of(("snake", "kebab"))


@pytest.mark.parametrize("way", ["token by token", "one pass"])
def test_a_go_field_reaches_the_scanner_only_where_the_language_spells_it_so(way, searching):
    searching(way)
    go = b"func author(mr *gitlab.MergeRequest) string { return mr.MergedBy.Username }\n"
    assert MERGED_BY
    assert prefilter.candidate(go, MERGED_BY, GO)
    assert not prefilter.candidate(go, MERGED_BY, PLAIN)
    assert not prefilter.candidate(go, MERGED_BY, TYPESCRIPT)
    assert prefilter.candidate(b"const who = mr.mergedBy?.username;\n", MERGED_BY, TYPESCRIPT)


def test_a_spelling_in_an_sdks_data_must_be_a_list_of_names(monkeypatch, tmp_path):
    go = replace(kinds.by_name("proto"), name="go", sdk="sdk-go")
    monkeypatch.setattr(kinds, "registry", lambda: (go,))
    with pytest.raises(DataError, match=r"sdk-go\.yaml: spellings\.ip_address: expected a list"):
        _check_spellings({"sdk-go": {"spellings": {"ip_address": "IPAddress"}}}, tmp_path)
    _check_spellings({"sdk-go": {"spellings": {"ip_address": ["IPAddress"]}}}, tmp_path)
