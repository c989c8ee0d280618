"""Issue 9, "what scanned text can do to the reader": terminal escapes in scanned strings and file
names, a newline in a file name and a file name that is not UTF-8, through every output format.
No format lets a raw ESC through or lets a file name start a forged finding line; the JSON
formats stay valid UTF-8 JSON, with an undecodable byte written as the escape ``\\udcXX`` (SARIF's
URIs percent-encode the byte)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from migrator.report import FORMATS
from tests import hostile_inputs as h
from tests.hostile_run import migrator

JSON_FORMATS = {"json", "gitlab", "sarif"}


@pytest.fixture(scope="module")
def hostile_tree(tmp_path_factory):
    directory = tmp_path_factory.mktemp("hostile-names")
    for writer in (h.escape_in_values, h.escape_in_file_name, h.newline_in_file_name, h.non_utf8_file_name):
        writer(directory)
    return directory


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_no_format_lets_a_raw_escape_or_a_forged_line_through(hostile_tree, fmt):
    outcome = migrator("check", "--output-format", fmt, ".", cwd=hostile_tree)
    assert outcome.status == 1
    assert "\x1b" not in outcome.stdout and "\x07" not in outcome.stdout
    assert not any(line.lstrip(" <>|`#").startswith("forged.py") for line in outcome.stdout.splitlines())
    outcome.stdout.encode("utf-8")  # no lone surrogate: the bytes written are UTF-8


@pytest.mark.parametrize("fmt", sorted(JSON_FORMATS | {"json-lines"}))
def test_json_formats_stay_valid_with_a_file_name_that_is_not_utf8(hostile_tree, fmt):
    outcome = migrator("check", "--output-format", fmt, ".", cwd=hostile_tree)
    text = outcome.stdout
    documents = [json.loads(line) for line in text.splitlines()] if fmt == "json-lines" else [json.loads(text)]
    # the byte 0xE9 as the escape of U+DCE9 (Python's surrogateescape); in SARIF's URIs, %E9
    assert documents and ("caf%E9.sh" if fmt == "sarif" else "caf\\udce9.sh") in text


def test_json_names_an_undecodable_byte_so_that_python_gets_the_bytes_back(hostile_tree):
    import os

    names = {f["filename"] for f in json.loads(migrator("check", "--output-format", "json", ".", cwd=hostile_tree).stdout)}
    assert b"caf\xe9.sh" in {os.fsencode(name) for name in names}


def test_junit_parses_and_its_failure_text_shows_names_escaped(hostile_tree):
    outcome = migrator("check", "--output-format", "junit", ".", cwd=hostile_tree)
    texts = [failure.text for failure in ET.fromstring(outcome.stdout).iter("failure")]
    assert any(text.startswith('"x\\nforged.py') for text in texts)
    assert all("\n" not in text for text in texts)


def test_text_output_shows_escapes_as_c_escapes(hostile_tree):
    outcome = migrator("check", ".", cwd=hostile_tree)
    assert "`/geo_nodes/\\033]0;owned\\a\\033[2J`" in outcome.stdout
    assert '"x\\nforged.py:1:1: MIG001 a finding that does not exist\\n.py":4:11:' in outcome.stdout


def test_audit_log_text_shows_user_names_and_agents_escaped(tmp_path):
    h.audit_log_escapes(tmp_path)
    outcome = migrator("audit-log", "escapes.log", cwd=tmp_path)
    assert "\x1b" not in outcome.stdout
    assert "mallory\\033]0;owned\\a\\033[2J" in outcome.stdout
