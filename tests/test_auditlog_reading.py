"""How `migrator audit-log` reads a log's bytes (migrator/logread.py): in blocks split into lines
at ``\\n`` wherever the blocks end, each line decoded by msgspec when it cannot read the line
differently from orjson and json, and the exact way otherwise; the report is the same either way."""

from __future__ import annotations

import gzip
import io
import json

from migrator import logread
from migrator.auditlog import audit
from migrator.report.auditlog import render_json
from tests.test_auditlog import line, log_file  # noqa: F401  (log_file: the generated log, a fixture)

GEO = "/api/:version/geo_nodes"


def report_of(table, path) -> str:
    return render_json(audit([str(path)], table)).replace(str(path), "api_json.log")


def test_a_line_split_across_two_reads_is_joined(monkeypatch):
    monkeypatch.setattr(logread, "BLOCK", 7)
    stream = io.BytesIO(b'{"a": 1}\n{"b": 22}\n\nlast line')
    lines = [line for block, _ in logread.line_blocks(stream) for line in block]
    assert lines == [b'{"a": 1}', b'{"b": 22}', b"", b"last line"]


def test_the_report_does_not_depend_on_where_blocks_end(log_file, table, monkeypatch):
    whole = report_of(table, log_file)
    monkeypatch.setattr(logread, "BLOCK", 13)
    assert report_of(table, log_file) == whole


def test_crlf_line_ends_give_the_same_report(log_file, tmp_path, table):
    crlf = tmp_path / "crlf" / "api_json.log"
    crlf.parent.mkdir()
    crlf.write_bytes(log_file.read_bytes().replace(b"\n", b"\r\n"))
    assert report_of(table, crlf) == report_of(table, log_file)


def test_a_last_line_without_newline_is_counted(tmp_path, table):
    path = tmp_path / "api_json.log"
    path.write_text(line("GET", GEO) + "\n" + line("GET", GEO))
    report = audit([str(path)], table)
    assert (report.lines, report.requests, report.rules["MIG001"].tally.count) == (2, 2, 2)


def test_a_gzip_log_read_in_small_blocks_gives_the_same_report(log_file, tmp_path, table, monkeypatch):
    packed = tmp_path / "packed" / "api_json.log"
    packed.parent.mkdir()
    packed.write_bytes(gzip.compress(log_file.read_bytes()))
    monkeypatch.setattr(logread, "BLOCK", 100)
    assert report_of(table, packed) == report_of(table, log_file)


def test_lines_msgspec_could_read_differently_are_counted_as_orjson_and_json_count_them(tmp_path, table):
    geo = f'"method": "GET", "route": "{GEO}"'
    lines = [
        line("GET", GEO, user="zoë").encode(),  # not ASCII: read the exact way, a request
        f'{{{geo}, "x": "'.encode() + b'\xff"}',  # invalid UTF-8 in a key no one reads: malformed
        f'{{{geo}, "x": {"9" * 5000}}}'.encode(),  # an integer longer than json takes: malformed
        f'{{{geo}, "username": null, "user_id": 18446744073709551616}}'.encode(),  # orjson: a float
        f'{{"method": 1, {geo}, "username": "last-wins"}}'.encode(),  # a key twice: the last counts
        f'{{{geo}, "duration_s": NaN, "username": "nan"}}'.encode(),  # only json takes NaN: a request
        f'{{{geo}, "username": "\\ud800"}}'.encode(),  # a lone surrogate, only json takes it
    ]
    path = tmp_path / "api_json.log"
    path.write_bytes(b"\n".join(lines) + b"\n")
    report = audit([str(path)], table)
    assert (report.lines, report.malformed, report.requests, report.matched) == (7, 2, 5, 5)
    users = {name for name, _ in report.rules["MIG001"].tally.top_users.top(10)}
    assert users == {"zoë", "1.8446744073709552e+19", "last-wins", "nan", "\ud800"}


def test_a_request_read_fast_and_the_same_request_read_exactly_count_alike(tmp_path, table):
    fast = line("PUT", "/api/:version/runners/:id", [("active", "false")], user="dave")
    exact = line("PUT", "/api/:version/runners/:id", [("active", "false")], user="dávid")
    path = tmp_path / "api_json.log"
    path.write_text(f"{fast}\n{exact}\n")
    report = json.loads(render_json(audit([str(path)], table)))
    (rule,) = report["rules"]
    assert (rule["code"], rule["count"], rule["subjects"][0]["subject"]) == ("MIG061", 2, "PUT /runners/:id active")


def test_parameters_that_are_not_a_list_are_no_parameters_not_a_crash(tmp_path, table):
    path = tmp_path / "api_json.log"
    odd = [json.dumps({"method": "GET", "route": "/api/:version/runners", "params": given})
           for given in (5, "scope=active", {"key": "scope"}, None, True)]
    path.write_text("\n".join(odd + [line("GET", GEO)]) + "\n")
    report = audit([str(path)], table)
    assert (report.lines, report.requests, report.malformed) == (6, 6, 0)
    assert list(report.rules) == ["MIG001"]
