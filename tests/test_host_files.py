"""Hosts that are files of their own shape: a raw HTTP response kept as a fixture
(kinds/httpdump.py), … Which spans are regions, of which kind, and where they stand."""

from __future__ import annotations

from pathlib import Path

from migrator import kinds
from migrator.kinds import httpdump


def test_an_http_response_fixture_is_told_by_its_status_line(tmp_path: Path):
    dump, plain = tmp_path / "mr.json", tmp_path / "plain.json"
    dump.write_bytes(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}")
    plain.write_bytes(b'{"HTTP/1.1 200": 1}')
    assert (kinds.kind_of(dump).name, kinds.kind_of(plain).name) == ("httpdump", "json")


def test_the_body_after_the_last_header_block_is_recorded_json_at_its_real_offsets():
    text = "HTTP/1.1 301 Moved\r\nLocation: /x\r\n\r\nHTTP/2 200\r\nETag: 1\r\n\r\n{\"iid\": 7,\r\n \"state\": \"merged\"}\r\n"
    (body,) = httpdump.regions(text)
    start = text.index("{")
    assert (body.kind, body.span, body.text) == ("json", (start, len(text)), '{"iid": 7,\n "state": "merged"}\n')
    second = body.text.index('"state"')
    assert text[body.where(second):body.where(second) + 7] == '"state"'


def test_a_body_that_is_no_json_is_read_for_endpoint_urls_and_headers_alone_are_nothing():
    (body,) = httpdump.regions("HTTP/1.1 200 OK\nContent-Type: text/plain\n\nsee /api/v4/runners\n")
    assert body.kind == "other"
    assert httpdump.regions("HTTP/1.1 204 No Content\nX: y\n\n") == []
