"""The one text and position layer (migrator/source): how bytes become text and back, what a line
is for each file kind, and where the characters of a string's value stand in the file. Then the
bugs that came from having several of each, through the command line."""

from __future__ import annotations

import ast
import json

import pytest
from click.testing import CliRunner

from migrator.cli import main
from migrator.source import DecodeError, Encoding, LineIndex, decode, is_binary
from migrator.source.maps import json_string, python_literal, yaml_scalar
from migrator.values import Position

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# ---------------------------------------------------------------- decoding
@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_a_byte_order_mark_decides_the_encoding_and_is_kept_for_writing_back(codec):
    data = "é = 1\n".encode(codec)
    if codec == "utf-16-be":
        data = b"\xfe\xff" + data
    if codec == "utf-32-be":
        data = b"\x00\x00\xfe\xff" + data
    text, encoding = decode(data)
    assert text == "é = 1\n"
    assert encoding.encode(text) == data


def test_a_python_coding_line_is_honoured_and_kept():
    data = "# -*- coding: latin-1 -*-\nname = 'é'\n".encode("latin-1")
    text, encoding = decode(data, cookie=True)
    assert "'é'" in text
    assert encoding == Encoding("iso-8859-1") and encoding.encode(text) == data


def test_a_coding_line_means_nothing_outside_python():
    with pytest.raises(DecodeError, match="not UTF-8"):
        decode("# coding: latin-1\nx: 'é'\n".encode("latin-1"))


def test_utf16_without_a_byte_order_mark_is_not_decodable_and_says_why():
    with pytest.raises(DecodeError, match="NUL"):
        decode("runner.active\n".encode("utf-16-le"))


def test_binary_is_invalid_and_holds_nul_bytes():
    assert is_binary(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe\xfd")
    assert not is_binary("text".encode("utf-16-le"))  # valid UTF-8 with NULs: text, reported
    assert not is_binary("é".encode("latin-1"))  # no NUL: text in the wrong encoding, reported


# ---------------------------------------------------------------- lines
def test_python_lines_end_at_cr_lf_or_crlf_and_never_at_a_form_feed():
    text = "a = 1\rb = 2\n\x0cc = 3\r\nd = 4"
    lines = LineIndex(text, "universal")
    rows = {n.id: n.lineno for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Name)}
    assert rows == {"a": 1, "b": 2, "c": 3, "d": 4}
    assert [lines.row(text.index(name)) for name in "abcd"] == [1, 2, 3, 4]
    assert lines.line(3) == "\x0cc = 3"


def test_shell_lines_end_only_at_lf():
    lines = LineIndex("echo a\recho b\n", "lf")
    assert lines.rows == 2 and lines.line(1) == "echo a\recho b"


def test_columns_count_characters_and_ast_byte_columns_convert():
    text = "x = 'é'; runner.active\n"
    lines = LineIndex(text)
    node = ast.parse(text).body[1].value  # runner.active
    offset = lines.offset_at_byte(node.lineno, node.col_offset)
    assert text[offset:].startswith("runner.active")
    assert lines.position(offset) == Position(1, 10)


# ---------------------------------------------------------------- string values in the file
def test_a_json_string_maps_its_value_through_escapes():
    text = '{"k": "a\\"b\\u00e9c"}'
    start = text.index('"a')
    value = json.loads(text)["k"]
    omap = json_string(text, start, len(text) - 1, value)
    assert [text[omap(i)] for i in range(len(value))] == ["a", "\\", "b", "\\", "c"]


def test_a_python_literal_maps_escapes_raw_strings_and_implicit_concatenation():
    text = 'url = "/api\\n" r"/v4\\x"'
    value = ast.parse(text).body[0].value.value
    omap = python_literal(text, [(6, 14), (15, 23)], value)
    assert value == "/api\n/v4\\x"
    assert [text[omap(i)] for i in range(len(value))] == ["/", "a", "p", "i", "\\", "/", "v", "4", "\\", "x"]


def test_a_yaml_literal_block_maps_exactly():
    text = "script: |\n  curl a\n  curl b\n"
    omap, exact = yaml_scalar(text, text.index("|"), len(text), "curl a\ncurl b\n", "|")
    assert exact and text[omap(7):omap(13)] == "curl b"


def test_maps_compose_for_a_text_inside_a_string_inside_the_file():
    inner = json_string('"x\\"y"', 0, 6, 'x"y')  # the value's offsets in the string's text
    outer = inner.then(lambda offset: offset + 100)  # that text starts at 100 in the file
    assert [outer(i) for i in range(3)] == [101, 102, 104]


# ---------------------------------------------------------------- the bugs of five position maps
def test_a_form_feed_on_an_earlier_line_does_not_break_noqa(tmp_path, monkeypatch):
    code = "\x0c\nrunner = gl.runners.get(1)\nif runner.active:  # noqa: MIG060\n    pass\n"
    (tmp_path / "r.py").write_text(code)
    monkeypatch.chdir(tmp_path)
    result = run("check", ".")
    assert result.exit_code == 0, result.output


def test_a_latin1_python_file_is_fixed_and_written_back_in_latin1(tmp_path, monkeypatch):
    code = "# -*- coding: latin-1 -*-\n# café\n" + RUNNER_ACTIVE
    (tmp_path / "r.py").write_bytes(code.encode("latin-1"))
    monkeypatch.chdir(tmp_path)
    result = run("fix", ".")
    assert "1 fixed, 0 remaining" in result.output
    assert (tmp_path / "r.py").read_bytes() == code.replace("if runner.active", "if not runner.paused").encode("latin-1")


def test_a_utf16_file_with_a_bom_is_checked_and_fixed_in_utf16(tmp_path, monkeypatch):
    (tmp_path / "r.py").write_bytes(RUNNER_ACTIVE.encode("utf-16"))
    monkeypatch.chdir(tmp_path)
    assert "r.py:2:4: MIG060 [*]" in run("check", ".").output
    run("fix", ".")
    assert (tmp_path / "r.py").read_bytes().decode("utf-16") == RUNNER_ACTIVE.replace(
        "if runner.active", "if not runner.paused")


def test_a_utf16_file_without_a_bom_is_a_parse_error_naming_the_reason(tmp_path, monkeypatch):
    (tmp_path / "r.py").write_bytes(RUNNER_ACTIVE.encode("utf-16-le"))
    monkeypatch.chdir(tmp_path)
    result = run("check", ".")
    assert result.exit_code == 1
    assert "r.py:1:1: MIG999 could not parse this file, so it was not checked: holds NUL characters" in result.output


def test_cr_only_ci_yaml_is_reported_on_its_own_rows_and_fixed(tmp_path, monkeypatch):
    code = "job:\r  script:\r    - glab api runners/1 -X PUT -F active=false\r"
    (tmp_path / ".gitlab-ci.yml").write_bytes(code.encode())
    monkeypatch.chdir(tmp_path)
    assert ".gitlab-ci.yml:3:36: MIG061 [*]" in run("check", ".").output
    run("fix", ".")
    assert (tmp_path / ".gitlab-ci.yml").read_bytes() == code.replace("active=false", "paused=true").encode()


def test_cr_only_proto_is_read_line_by_line(tmp_path, monkeypatch):
    proto = ('syntax = "proto3";\rpackage service.telemetry;\r// a comment\rmessage Position {\r'
             "  double latitude = 1;\r}\r")
    (tmp_path / "t.proto").write_bytes(proto.encode())
    (tmp_path / "u.proto").write_bytes(proto.replace("\r", "\n").encode())
    monkeypatch.chdir(tmp_path)
    data = json.loads(run("check", "--output-format", "json", ".").stdout)
    by_file = {name: [(d["code"], d["location"]["row"]) for d in data if d["filename"] == name]
               for name in ("t.proto", "u.proto")}
    assert by_file["t.proto"] == by_file["u.proto"] and by_file["t.proto"]


def test_a_cr_only_shell_script_is_a_parse_error_naming_the_reason(tmp_path, monkeypatch):
    (tmp_path / "s.sh").write_bytes(b"curl \"$CI_API_V4_URL/runners?scope=active\"\rjq .active\r")
    monkeypatch.chdir(tmp_path)
    result = run("check", ".")
    assert "s.sh:1:1: MIG999 could not parse this file, so it was not checked: CR-only line endings" in result.output
